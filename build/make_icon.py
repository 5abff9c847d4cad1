"""Draw the application icon from the game's own card art and write it in the formats each
platform needs: PNGs (Linux, the window icon), ``.ico`` (Windows) and ``.icns`` (macOS).

Run ``python build/make_icon.py``; the result is deterministic. ICO and ICNS files hold PNG
images, written here by hand (no image library needed).
"""

from __future__ import annotations

import io
import math
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from kalooki_desktop.engine.cards import JOKER, parse_cards  # noqa: E402
from kalooki_desktop.ui import cards as art  # noqa: E402
from kalooki_desktop.ui import palette  # noqa: E402

SIZES = (16, 24, 32, 48, 64, 128, 256, 512, 1024)


def master(size: int = 1024) -> pygame.Surface:
    """The icon at ``size``: a green felt tile with a gold rim and a fan of three cards."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    rim = round(size * 0.035)
    radius = round(size * 0.2)
    pygame.draw.rect(surf, (*palette.GOLD, 255), surf.get_rect(), border_radius=radius)
    pygame.draw.rect(
        surf, (*palette.FELT, 255), surf.get_rect().inflate(-2 * rim, -2 * rim), border_radius=radius - rim
    )
    ch = round(size * 0.62)
    cards = [*parse_cards("AS 7H"), JOKER]
    cx, cy = size / 2, size * 0.56
    for i, card in enumerate(cards):
        angle = (i - 1) * 16
        img = pygame.transform.rotozoom(art.face(card, ch), -angle, 1)
        rad = math.radians(angle)
        pos = (cx + math.sin(rad) * ch * 0.55, cy - math.cos(rad) * ch * 0.55 + ch * 0.5)
        shadow = pygame.transform.rotozoom(art.shadow(ch, max(4, size // 80)), -angle, 1)
        surf.blit(shadow, shadow.get_rect(center=(pos[0] + size * 0.01, pos[1] + size * 0.015)))
        surf.blit(img, img.get_rect(center=pos))
    return surf


def png_bytes(surface: pygame.Surface) -> bytes:
    buf = io.BytesIO()
    pygame.image.save(surface, buf, "png")
    return buf.getvalue()


def write_ico(path: Path, images: dict[int, bytes]) -> None:
    """An ICO file holding PNG images (Windows Vista and later read these)."""
    sizes = [s for s in (16, 24, 32, 48, 64, 128, 256) if s in images]
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    entries, blobs = b"", b""
    for s in sizes:
        data = images[s]
        entries += struct.pack("<BBBBHHII", s % 256, s % 256, 0, 0, 1, 32, len(data), offset + len(blobs))
        blobs += data
    path.write_bytes(header + entries + blobs)


def write_icns(path: Path, images: dict[int, bytes]) -> None:
    """An ICNS file holding PNG images (macOS 10.7 and later)."""
    types = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09", 1024: b"ic10"}
    body = b"".join(
        t + struct.pack(">I", len(images[s]) + 8) + images[s] for s, t in types.items() if s in images
    )
    path.write_bytes(b"icns" + struct.pack(">I", len(body) + 8) + body)


def main() -> None:
    pygame.init()
    pygame.display.set_mode((1, 1))
    big = master()
    images = {s: png_bytes(pygame.transform.smoothscale(big, (s, s)) if s != 1024 else big) for s in SIZES}
    (ROOT / "assets" / "icon").mkdir(parents=True, exist_ok=True)
    (ROOT / "assets" / "icon" / "kalooki-256.png").write_bytes(images[256])
    icons = ROOT / "build" / "icons"
    icons.mkdir(parents=True, exist_ok=True)
    (icons / "kalooki-512.png").write_bytes(images[512])
    write_ico(icons / "kalooki.ico", images)
    write_icns(icons / "kalooki.icns", images)
    print("icons written:", ", ".join(str(p.relative_to(ROOT)) for p in sorted(icons.iterdir())))


if __name__ == "__main__":
    main()
