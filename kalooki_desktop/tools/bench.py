"""Every performance figure in one JSON object (never timed unit tests):
``python -m kalooki_desktop.bench`` (``make bench``; ``--quick`` for CI).

- ``engine_random_4p``: actions per second of whole games between four ``random`` bots (the
  figure to compare with OpenSpiel's gin rummy random self-play), best of several runs;
- ``finder_*``: the contract finder on the largest hands (16 dealt + 6 called cards);
- ``playouts_4_normals``: whole hands played out from the deal by four Normals, per hand number:
  what Hard's hold search (``ai/hold.py``) spends its budget on, two playouts a world;
- ``decisions_hand9``: each level's decision milliseconds on the largest hands (hand 9's
  contract, four fours, every hand of the match);
- ``frames``: the table's frame milliseconds at 1920x1080 while a card is dragged in hand 9
  with a full table, and while Hard thinks on the worker thread, and where the hint searches,
  without it and with it asked every second (:mod:`.framebench`);
- ``pace_7_normals``: game seconds between two of the player's turns with seven Normal
  opponents at the normal pace, the Call prompt for every card or only a helpful one, waited out
  or answered at once (:mod:`.pacebench`);
- ``startup_ms``: from starting ``python -m kalooki_desktop`` to its first frame;
- ``yardstick``: this engine against OpenSpiel's gin rummy, run alternately in this run, and the
  ratio (:mod:`.yardstick`; left out with a note where ``open_spiel`` is not installed);
- ``peak_rss_mb``: the benchmark process's peak memory.
``--profile`` adds the top functions of a cProfile run.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence

from ..ai.base import make_bot, next_decision, play_out
from ..ai.normal import NormalBot
from ..engine.cards import new_deck, rank_of
from ..engine.contract import find_lay
from ..engine.hand import HandState
from ..engine.match import Match
from ..engine.rules import make_rules
from .framebench import frame_figures
from .pacebench import pace_figures
from .yardstick import yardstick


def engine_actions(seconds: float, seed: int, players: int = 4) -> tuple[int, float]:
    """Play random-bot games for about ``seconds``; returns (actions, elapsed)."""
    rules = make_rules()
    bots = [make_bot("random", "jamaican") for _ in range(players)]
    rng = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    game = 0
    while time.perf_counter() - start < seconds:
        match = Match(rules, players, seed + game)
        game += 1
        budget = 20_000  # bounded chunks so the clock is read often enough
        while not match.over and budget:
            seat, action = next_decision(match, bots, rng)
            match.apply(seat, action)
            actions += 1
            budget -= 1
    return actions, time.perf_counter() - start


def finder_timings(samples: int, seed: int, index: int = 8, *, rich: bool = False) -> dict[str, float]:
    """Milliseconds per ``find_lay`` call on 22-card hands for schedule entry ``index``.

    ``rich`` hands come from ranks 3-10 and every joker, so that many lays exist (a hard case);
    the others are drawn from the whole deck.
    """
    rules = make_rules()
    spec = rules.schedule[index]
    rng = random.Random(seed)
    deck = new_deck(4)
    if rich:
        deck = [c for c in deck if c == 0 or 3 <= rank_of(c) <= 10]
    times = []
    found = 0
    for _ in range(samples):
        hand = rng.sample(deck, 22)
        t0 = time.perf_counter()
        found += find_lay(hand, spec) is not None
        times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    return {
        "calls": samples,
        "found_share": round(found / samples, 3),
        "ms_p50": round(times[len(times) // 2], 4),
        "ms_p99": round(times[int(len(times) * 0.99)], 4),
        "ms_max": round(times[-1], 4),
    }


def playout_timings(hands_each: int, seed: int) -> dict[str, float]:
    """Milliseconds per whole-hand playout by four Normals from a fresh deal, per hand number
    of the Jamaican schedule (mean over ``hands_each`` deals; void hands count too)."""
    rules = make_rules()
    out: dict[str, float] = {}
    for spec in rules.schedule:
        total = 0.0
        for i in range(hands_each):
            rng = random.Random(seed * 1000 + spec.number * 100 + i)
            state = HandState.deal(rules, spec, 4, i % 4, rng)
            bots = [NormalBot() for _ in range(4)]
            t0 = time.perf_counter()
            play_out(state, bots, random.Random(i), [0, 0, 0, 0])
            total += time.perf_counter() - t0
        out[f"hand{spec.number}_ms"] = round(1000 * total / hands_each, 2)
    return out


def decision_timings(games: int, seed: int) -> dict[str, dict[str, float]]:
    """Each level's decision milliseconds (p50, p99, longest) on the largest hands: matches of
    hand 9's contract only, each level against Normals."""
    from .sim import simulate

    rules = make_rules("custom", (), ["4 4 4 4"] * 3)
    out: dict[str, dict[str, float]] = {}
    for level in ("easy", "normal", "hard"):
        report = simulate(games, [level, "normal", "normal", "normal"], rules, seed)
        seat = report["seats"][0]  # type: ignore[index]
        out[level] = {k: seat[f"decision_ms_{k}"] for k in ("p50", "p99", "max")}
    return out


def time_to_first_frame(cmd: Sequence[str], env: dict[str, str]) -> float:
    """Seconds from starting ``cmd`` (the game with ``--first-frame``) until it reports its
    first frame drawn and flipped."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(list(cmd), env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.strip() == "first-frame":
            elapsed = time.perf_counter() - t0
            break
    else:
        raise RuntimeError(f"{cmd[0]} exited without drawing a frame (status {proc.wait()})")
    proc.wait(timeout=30)
    return elapsed


def startup_timings(runs: int) -> dict[str, float]:
    """Milliseconds from ``python -m kalooki_desktop`` to its first frame (dummy drivers), over
    ``runs`` runs after one warm-up."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    cmd = [sys.executable, "-m", "kalooki_desktop", "--first-frame", "--data-dir", tempfile.mkdtemp()]
    time_to_first_frame(cmd, env)
    times = sorted(time_to_first_frame(cmd, env) * 1000 for _ in range(runs))
    return {"runs": runs, "ms_median": round(times[len(times) // 2], 1), "ms_min": round(times[0], 1)}


def peak_rss_mb() -> float | None:
    """This process's peak resident memory in MB (None where the system does not say)."""
    try:
        import resource
    except ImportError:  # Windows
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return round(peak / (1024 * 1024 if sys.platform == "darwin" else 1024), 1)


def main(argv: Sequence[str] | None = None) -> int:
    """Print the figures as one JSON object."""
    p = argparse.ArgumentParser(prog="python -m kalooki_desktop.bench", description=__doc__)
    p.add_argument("--seconds", type=float, default=5.0, help="length of one engine run")
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--playouts", type=int, default=40, help="hands played out per hand number")
    p.add_argument("--profile", action="store_true")
    p.add_argument("--quick", action="store_true", help="short runs of everything (CI)")
    args = p.parse_args(argv)
    if args.quick:
        args.seconds, args.runs, args.playouts = 0.5, 1, 3
    runs = [engine_actions(args.seconds, args.seed + 100 * i) for i in range(args.runs)]
    rates = sorted(a / t for a, t in runs)
    report: dict[str, object] = {
        "engine_random_4p": {
            "runs": args.runs,
            "seconds_each": args.seconds,
            "actions_per_s_best": round(rates[-1]),
            "actions_per_s_median": round(rates[len(rates) // 2]),
        },
        "finder_hand9_22cards": finder_timings(2000, args.seed),
        "finder_hand9_22cards_rich": finder_timings(500, args.seed, 8, rich=True),
        "finder_hand7_22cards_rich": finder_timings(500, args.seed, 6, rich=True),
        "playouts_4_normals": playout_timings(args.playouts, args.seed),
        "decisions_hand9": decision_timings(1 if args.quick else 6, args.seed),
        "frames": frame_figures(
            frames=60 if args.quick else 600, seed=args.seed, thinking=2 if args.quick else 40,
            coaching=2 if args.quick else 30, hint_every=1.0,
        ),
        "pace_7_normals": pace_figures(3 if args.quick else 40, args.seed),
        "startup_ms": startup_timings(1 if args.quick else 5),
        "yardstick": yardstick(args.seconds, args.runs, args.seed, engine_actions),
        "python": sys.version.split()[0],
    }
    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        engine_actions(min(args.seconds, 3.0), args.seed)
        prof.disable()
        out = io.StringIO()
        pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(12)
        report["profile_top"] = [
            line.strip() for line in out.getvalue().splitlines() if line.strip()[:1].isdigit()
        ][:12]
    report["peak_rss_mb"] = peak_rss_mb()
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
