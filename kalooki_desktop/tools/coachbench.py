"""``python -m kalooki_desktop.tools.coachbench [--hands N] [--seed S] [--jobs J]``: is the coach honest?

A Normal player sits in the player's seat of single hands against three Normals, every hand of
the schedule in turn. At each of its decisions the coach gives its note from that seat's view
(:func:`.ai.coach.coach`, its full :data:`~.ai.coach.WORLDS` worlds, no time limit); where the
choice differs from the advice, the cost is measured again from the true position, every card
known (:func:`.ai.coach.cost_after`). Printed as one JSON object: decisions, how many differ from
the advice and how many are flagged, and for flagged and unflagged decisions the mean cost the
coach claimed and the mean measured afterwards, with 95% intervals. The coach is honest when the
flagged decisions cost at least half what it claimed and the unflagged ones less than its
threshold.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from ..ai.coach import THRESHOLD, WORLDS, coach, cost_after
from ..ai.normal import NormalBot
from ..engine.hand import HandState
from ..engine.rules import make_rules
from ..engine.view import View

PLAYERS = 4


def one_hand(seed: int) -> tuple[int, list[tuple[bool, float, float]]]:
    """Hand ``seed``: how many decisions seat 0 made, and those that differ from the advice as
    (flagged, claimed cost, measured cost)."""
    rules = make_rules("jamaican")
    spec = rules.schedule[seed % len(rules.schedule)]
    rng = random.Random(seed)
    state = HandState.deal(rules, spec, PLAYERS, seed % PLAYERS, rng)
    bots = [NormalBot() for _ in range(PLAYERS)]
    play = random.Random(seed * 31 + 7)
    out: list[tuple[bool, float, float]] = []
    decisions = 0
    totals = [0] * PLAYERS
    while (pending := state.pending()) is not None:
        seat = pending[0]
        view = View(state, seat, totals)
        action = bots[seat].choose(view, play)
        if seat == 0:
            decisions += 1
            rng_note = random.Random(seed * 1009 + len(state.log))
            note = coach(view, action, rng_note, WORLDS)
            if note.estimate.worlds:
                after = cost_after(state, 0, action, note.advice.action, totals, rollouts=8)
                out.append((note.flagged, note.estimate.mean, after.mean))
        state.apply(seat, action)
    return decisions, out


def _mean_ci(values: Sequence[float]) -> dict[str, object]:
    n = len(values)
    if n == 0:
        return {"n": 0, "mean": None, "ci95": None}
    mean = sum(values) / n
    if n < 2:
        return {"n": n, "mean": round(mean, 2), "ci95": None}
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = 1.96 * sd / math.sqrt(n)
    return {"n": n, "mean": round(mean, 2), "ci95": [round(mean - half, 2), round(mean + half, 2)]}


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def bench(hands: int, seed: int, jobs: int = 2) -> dict[str, object]:
    """The figures over ``hands`` hands from ``seed`` on."""
    seeds = range(seed, seed + hands)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        parts = list(pool.map(one_hand, seeds, chunksize=4))
    rows = [row for _, part in parts for row in part]
    decisions = sum(n for n, _ in parts)
    flagged = [r for r in rows if r[0]]
    quiet = [r for r in rows if not r[0]]
    claimed, measured = _mean_ci([r[1] for r in flagged]), _mean_ci([r[2] for r in flagged])
    quiet_measured = _mean_ci([r[2] for r in quiet])
    honest_flags = bool(flagged) and _mean([r[2] for r in flagged]) >= 0.5 * _mean([r[1] for r in flagged])
    honest_quiet = bool(quiet) and _mean([r[2] for r in quiet]) < THRESHOLD
    return {
        "hands": hands,
        "seed": seed,
        "threshold": THRESHOLD,
        "worlds": WORLDS,
        "decisions": decisions,
        "differing_decisions": len(rows),
        "flag_rate": round(sum(1 for r in rows if r[0]) / decisions, 4) if decisions else None,
        "flagged": len(flagged),
        "flag_rate_of_differing": round(len(flagged) / len(rows), 4) if rows else None,
        "flagged_claimed": claimed,
        "flagged_measured": measured,
        "unflagged_claimed": _mean_ci([r[1] for r in quiet]),
        "unflagged_measured": quiet_measured,
        "honest": honest_flags and honest_quiet,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kalooki_desktop.tools.coachbench",
                                     description="Is the coach honest? (see the module docstring)")
    parser.add_argument("--hands", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    print(json.dumps(bench(args.hands, args.seed, args.jobs)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
