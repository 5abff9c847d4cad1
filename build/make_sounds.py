"""Synthesise the game's sound effects into assets/sounds/ (original work, CC0).

Short and soft (LOOK.md): card place, deal, shuffle, call, lay, hand won, refused move.
Run ``python build/make_sounds.py``; the output is deterministic.
"""

from __future__ import annotations

import math
import random
import struct
import wave
from pathlib import Path

RATE = 44100
OUT = Path(__file__).resolve().parents[1] / "assets" / "sounds"


def write(name: str, samples: list[float], gain: float = 0.6) -> None:
    peak = max(1e-9, max(abs(s) for s in samples))
    frames = b"".join(struct.pack("<h", round(max(-1.0, min(1.0, s / peak * gain)) * 32767)) for s in samples)
    with wave.open(str(OUT / f"{name}.wav"), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)


def noise_burst(
    rng: random.Random, ms: float, decay: float, tone: float = 0.0, lowpass: float = 0.35
) -> list[float]:
    """A papery flick: filtered noise with a fast decay, optionally with a faint body tone."""
    n = int(RATE * ms / 1000)
    out, last = [], 0.0
    for i in range(n):
        t = i / RATE
        last += lowpass * (rng.uniform(-1, 1) - last)
        env = math.exp(-t * decay) * min(1.0, i / 60)
        body = math.sin(2 * math.pi * tone * t) * 0.5 if tone else 0.0
        out.append((last + body) * env)
    return out


def chime(freqs: list[float], step_ms: float, ring_ms: float) -> list[float]:
    """Soft bell-like notes (a sine and a quiet octave), one after another."""
    n = int(RATE * (step_ms * (len(freqs) - 1) + ring_ms) / 1000)
    out = [0.0] * n
    for k, f in enumerate(freqs):
        start = int(RATE * step_ms * k / 1000)
        for i in range(int(RATE * ring_ms / 1000)):
            if start + i >= n:
                break
            t = i / RATE
            env = math.exp(-t * 6.0) * min(1.0, i / 200)
            out[start + i] += env * (math.sin(2 * math.pi * f * t) + 0.25 * math.sin(4 * math.pi * f * t))
    return out


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    rng = random.Random(2026)
    write("card", noise_burst(rng, 90, 55, tone=180), 0.55)
    write("deal", noise_burst(rng, 55, 80, lowpass=0.5), 0.4)
    shuffle: list[float] = []
    for _ in range(14):
        shuffle += noise_burst(rng, 38, 70, lowpass=0.45) + [0.0] * int(RATE * 0.006)
    write("shuffle", shuffle, 0.45)
    write("call", chime([660.0, 880.0], 110, 320), 0.45)
    write("lay", chime([523.3, 659.3, 784.0], 90, 420), 0.45)
    write("win", chime([523.3, 659.3, 784.0, 1046.5], 130, 700), 0.5)
    write("refused", noise_burst(rng, 140, 30, tone=110, lowpass=0.08), 0.5)


if __name__ == "__main__":
    main()
