"""Performance figures (never timed unit tests): ``python -m kalooki_desktop.bench``.

- ``engine``: actions per second of whole games between four ``random`` bots (the figure to
  compare with OpenSpiel's gin rummy random self-play), best of several runs;
- ``finder``: the contract finder on the largest hands (16 dealt + 6 called cards);
- ``playouts``: whole hands played out from the deal by four Normals, per hand number: what
  Hard's hold search (``ai/hold.py``) spends its budget on, two playouts a world.
``--profile`` adds the top functions of a cProfile run.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import random
import sys
import time
from collections.abc import Sequence

from .ai.base import make_bot, next_decision, play_out
from .ai.normal import NormalBot
from .engine.cards import new_deck
from .engine.contract import find_lay
from .engine.hand import HandState
from .engine.match import Match
from .engine.rules import make_rules


def engine_actions(seconds: float, seed: int, players: int = 4) -> tuple[int, float]:
    """Play random-bot games for about ``seconds``; returns (actions, elapsed)."""
    rules = make_rules()
    bots = [make_bot("random") for _ in range(players)]
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


def finder_timings(samples: int, seed: int, index: int = 8, rich: bool = False) -> dict[str, float]:
    """Milliseconds per ``find_lay`` call on 22-card hands for schedule entry ``index``.

    ``rich`` hands come from ranks 3-10 and every joker, so that many lays exist (a hard case);
    the others are drawn from the whole deck.
    """
    rules = make_rules()
    spec = rules.schedule[index]
    rng = random.Random(seed)
    deck = new_deck(4)
    if rich:
        deck = [c for c in deck if c == 0 or 3 <= (c >> 2) <= 10]
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


def main(argv: Sequence[str] | None = None) -> int:
    """Print the figures as one JSON object."""
    p = argparse.ArgumentParser(prog="python -m kalooki_desktop.bench", description=__doc__)
    p.add_argument("--seconds", type=float, default=5.0, help="length of one engine run")
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--playouts", type=int, default=40, help="hands played out per hand number")
    p.add_argument("--profile", action="store_true")
    args = p.parse_args(argv)
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
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
