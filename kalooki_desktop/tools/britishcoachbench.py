"""``python -m kalooki_desktop.tools.britishcoachbench [--deals N] [--seed S] [--jobs J]
[--preset british40|kalooki51]``: is the British coach honest?

The same measure as :mod:`.coachbench` on British Kalooki: a British Normal player sits in seat 0
of the first deal of a game against three British Normals (``--deals`` games, seeds ``--seed``
on). At each of its decisions the coach gives its note from that seat's view
(:func:`.ai.britishcoach.british_coach`, its full :data:`~.ai.coach.WORLDS` worlds); where the
choice differs from the advice, the cost is measured again from the true position, every card
known (:func:`.ai.britishcoach.british_cost_after`, 8 playouts). Printed as one JSON object:
decisions, how many differ from the advice and how many are flagged, and for flagged and
unflagged decisions the mean cost the coach claimed and the mean measured afterwards, with 95%
intervals. The coach is honest when the flagged decisions cost on average at least half what it
claimed and the unflagged ones less than its threshold.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from functools import partial

from ..ai.british import NormalBritish
from ..ai.britishcoach import british_coach, british_cost_after
from ..ai.coach import THRESHOLD, WORLDS, summary
from ..engine.systems import british

PLAYERS = 4
#: Playouts of the measure from the true position, for each decision that differs.
ROLLOUTS = 8

Row = tuple[bool, float, float]  # flagged, claimed cost, measured cost


def one_deal(seed: int, preset: str = "british40") -> tuple[int, list[Row]]:
    """The first deal of game ``seed``: how many decisions seat 0 made, and those that differ
    from the advice as (flagged, claimed cost, measured cost)."""
    m = british.BritishMatch(british.make_british_rules(preset), PLAYERS, seed)
    bots = [NormalBritish() for _ in range(PLAYERS)]
    play = random.Random(seed * 31 + 7)
    rows: list[Row] = []
    decisions = 0
    while not m.results and (pending := m.pending()) is not None:
        seat = pending[0]
        view = m.view(seat)
        action = bots[seat].choose(view, play)
        if seat == 0:
            decisions += 1
            note = british_coach(view, action, random.Random(seed * 1009 + len(m.actions)))
            if note.estimate.worlds:
                after = british_cost_after(m, 0, action, note.advice.action, rollouts=ROLLOUTS)
                rows.append((note.flagged, note.estimate.mean, after.mean))
        m.apply(seat, action)
    return decisions, rows


def _mean_ci(values: Sequence[float]) -> dict[str, object]:
    e = summary(values)
    if not e.worlds:
        return {"n": 0, "mean": None, "ci95": None}
    low, high = e.interval
    ci = [round(low, 2), round(high, 2)] if e.worlds > 1 else None
    return {"n": e.worlds, "mean": round(e.mean, 2), "ci95": ci}


def bench(deals: int, seed: int, jobs: int = 2, preset: str = "british40") -> dict[str, object]:
    """The figures over ``deals`` deals from ``seed`` on."""
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        parts = list(pool.map(partial(one_deal, preset=preset), range(seed, seed + deals)))
    rows = [row for _, part in parts for row in part]
    decisions = sum(n for n, _ in parts)
    flagged = [r for r in rows if r[0]]
    quiet = [r for r in rows if not r[0]]
    claimed, measured = summary([r[1] for r in flagged]), summary([r[2] for r in flagged])
    honest_flags = bool(flagged) and measured.mean >= 0.5 * claimed.mean
    honest_quiet = bool(quiet) and summary([r[2] for r in quiet]).mean < THRESHOLD
    return {
        "preset": preset,
        "deals": deals,
        "seed": seed,
        "threshold": THRESHOLD,
        "worlds": WORLDS,
        "decisions": decisions,
        "differing_decisions": len(rows),
        "flagged": len(flagged),
        "flag_rate": round(len(flagged) / decisions, 4) if decisions else None,
        "flagged_claimed": _mean_ci([r[1] for r in flagged]),
        "flagged_measured": _mean_ci([r[2] for r in flagged]),
        "unflagged_claimed": _mean_ci([r[1] for r in quiet]),
        "unflagged_measured": _mean_ci([r[2] for r in quiet]),
        "honest": honest_flags and honest_quiet,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kalooki_desktop.tools.britishcoachbench",
                                     description="Is the British coach honest? (see the module docstring)")
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--preset", choices=("british40", "kalooki51"), default="british40")
    args = parser.parse_args(argv)
    print(json.dumps(bench(args.deals, args.seed, args.jobs, args.preset)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
