"""Lay the contract now, or hold it to go down and out? A rollout search of that one decision
(diagnostic, like ``rollout_oracle.py``).

    .venv/bin/python scripts/hold_search.py true --seed 80000 --games 1000 --games-out F
    .venv/bin/python scripts/hold_search.py log --seed 85000 --games 180 --log F

plays matches of a Hard against three Normals as ``python -m kalooki_desktop.sim --rotate``
does (``--first`` and ``--games`` pick the games, so that a run can be split across cores; the
``--games-out`` rows are the simulator's, for ``sim --compare`` against the default Hard's games).
Hard's own search of that decision (``kalooki_desktop/ai/hold.py``: at its turn, when it could
lay while nobody has laid and the stock holds at least ``--rounds`` rounds, and the lay would
leave two or more cards after every tack, it compares laying now with holding by
``--rollouts`` playouts from the same worlds, every other seat played by Normal, and holds when
holding scores better by more than ``--margin`` points; with ``--objective match`` a playout
scores the chance to win the match after the hand, :func:`win_chance`), run here without a time
limit and from the variant's worlds.

The worlds the playouts start from are the variant:

- ``true``: the others' true hands, the stock reshuffled (reads the hidden state: an oracle);
- ``uniform``: the hidden cards dealt at random around the others' known pick-ups (fair);
- ``belief``: worlds from the hand's past (:func:`.ai.history.belief_worlds`) (fair);
- ``log``: decides as ``true`` and writes, for every decision, the three estimates (mean of
  hold minus lay over the rollouts: negative favours holding) and the decision's public facts
  to ``--log``, one JSON line each, so that a fair rule can be judged against the oracle's
  estimate on the same decisions.

`docs/ai-journal.md` (eighth session) has the figures.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import IO

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rollout_oracle import deal_world

from kalooki_desktop.ai import base
from kalooki_desktop.ai.hard import HardBot, sample_world
from kalooki_desktop.ai.history import belief_worlds
from kalooki_desktop.ai.hold import cards_left, hold_gain, holding_throw
from kalooki_desktop.ai.normal import known_holdings
from kalooki_desktop.engine.actions import Action
from kalooki_desktop.engine.hand import HandState, Phase
from kalooki_desktop.engine.rules import make_rules
from kalooki_desktop.engine.view import View
from kalooki_desktop.sim import play_match, seating

VARIANTS = ("true", "uniform", "belief", "log")
#: Spread of one player's score in one hand (measured over 1,440 seat-hands of four Normals:
#: mean 62, standard deviation 78).
HAND_SD = 78.0
_GRID = [-4.0 + 8.0 * (i + 0.5) / 48 for i in range(48)]
_WEIGHTS = [math.exp(-z * z / 2) for z in _GRID]


def win_chance(totals: Sequence[float], me: int, hands_left: int) -> float:
    """The chance that ``me`` ends the match with the lowest total (shared wins split), each
    player's remaining hands scoring independently about :data:`HAND_SD` each (a normal model)."""
    if hands_left <= 0:
        low = min(totals)
        return 1.0 / sum(t == low for t in totals) if totals[me] == low else 0.0
    sd = HAND_SD * math.sqrt(hands_left)
    p = 0.0
    for z, w in zip(_GRID, _WEIGHTS, strict=True):
        mine = totals[me] + sd * z  # my final total; each other's must end above it
        q = w
        for j, t in enumerate(totals):
            if j != me:
                q *= 0.5 * math.erfc((mine - t) / (sd * math.sqrt(2.0)))
        p += q
    return p / sum(_WEIGHTS)


def match_chance(view: View, world: HandState) -> float:
    """The seat's chance to win the match after the playout's hand (:func:`win_chance`)."""
    totals = list(view.totals)
    if world.phase == Phase.OVER and world.scores is not None and not world.void:
        totals = [a + b for a, b in zip(totals, world.scores, strict=True)]
    return win_chance(totals, view.seat, len(view.rules.schedule) - view.spec.number)


class HoldSearcher(HardBot):
    """Hard with its hold search (:mod:`kalooki_desktop.ai.hold`) run from the variant's
    worlds, without a time limit."""

    def __init__(self, variant: str, rollouts: int = 32, margin: float = 0.0,
                 rounds: float = 2.0, iters: int = 150, log: IO[str] | None = None,
                 objective: str = "hand") -> None:
        super().__init__(think_ms=1e9, hold_rollouts=rollouts, hold_margin=margin,
                         hold_rounds=rounds)
        self.objective = objective  # "hand": hand score against the others' mean; "match": win chance
        self.variant, self.rounds, self.iters, self.log = variant, rounds, iters, log
        self.fallbacks = 0

    def worlds(self, view: View, rng: random.Random, variant: str) -> list[HandState]:
        if variant == "true":
            hidden = view._hand  # an oracle reads the hidden state: a diagnostic, never a player
            fixed = {s: list(hidden.hands[s]) for s in range(view.players) if s != view.seat}
            return [deal_world(view, rng, fixed) for _ in range(self.hold_rollouts)]
        if variant == "belief":
            worlds = belief_worlds(view, rng, self.hold_rollouts, self.iters)
            if worlds is not None:
                return worlds
            self.fallbacks += 1  # the stock was rebuilt: the past cannot be laid out
        known = known_holdings(view)
        return [sample_world(view, rng, known) for _ in range(self.hold_rollouts)]

    def estimate(self, view: View, lay: Action, hold: Action, worlds: Sequence[HandState]) -> float:
        """Holding's gain over laying (positive: hold), by the objective."""
        if self.objective == "match":
            def score(world: HandState, me: int) -> float:
                return -100.0 * match_chance(view, world)
            return hold_gain(view, lay, hold, worlds, rounds=self.rounds, score=score)[0]
        return hold_gain(view, lay, hold, worlds, rounds=self.rounds)[0]

    def hold_better(self, view: View, rng: random.Random, lay: Action, hold: Action) -> bool:
        if self.variant != "log":
            gain = self.estimate(view, lay, hold, self.worlds(view, rng, self.variant))
        else:
            est = {v: -self.estimate(view, lay, hold, self.worlds(view, rng, v))
                   for v in ("true", "uniform", "belief")}  # hold minus lay: negative holds
            gain = -est["true"]
            me = view.seat
            hand = list(view.my_hand)
            throw = holding_throw(view, hand)
            others = [(me + d) % view.players for d in range(1, view.players)]
            if self.log is not None:
                self.log.write(json.dumps({
                    **est, "left": cards_left(view, hand),
                    "left_after_throw": throw[0] if throw else None, "hand": view.spec.number,
                    "stock": view.stock_count, "sizes": [view.hand_sizes[s] for s in others],
                    "calls": [view.calls_used[s] for s in others], "totals": list(view.totals),
                    "seat": me, "log_index": len(view.log)}) + "\n")
                self.log.flush()
        return gain > self.hold_margin


def run(variant: str, seed: int, first: int, games: int, rollouts: int, margin: float,
        rounds: float, iters: int, games_out: IO[str] | None, log: IO[str] | None,
        objective: str = "hand") -> dict[str, object]:
    """Play the matches; the searcher's counts and the matches' wins for it."""
    base.BOTS["hold-search"] = lambda: HoldSearcher(variant, rollouts, margin, rounds, iters, log,
                                                    objective)
    bots = ["hold-search", "normal", "normal", "normal"]
    rules = make_rules("jamaican")
    wins = 0.0
    searched = held = fallbacks = 0
    for g in range(first, first + games):
        seated, seat_of_entry, deal = seating(bots, g, seed, True)
        match, _ = play_match(rules, seated, deal)
        me = seat_of_entry[0]
        bot = seated[me]
        assert isinstance(bot, HoldSearcher)
        searched += bot.hold_searches
        held += bot.holds
        fallbacks += bot.fallbacks
        wins += me in match.winners
        if games_out is not None:
            games_out.write(json.dumps({
                "game": g, "deal": deal, "bots": bots,
                "totals": [match.totals[seat_of_entry[e]] for e in range(len(bots))],
                "winners": [e for e in range(len(bots)) if seat_of_entry[e] in match.winners],
            }) + "\n")
            games_out.flush()
    return {"games": games, "wins": wins, "searched": searched, "held": held,
            "fallbacks": fallbacks}


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("variant", choices=VARIANTS)
    p.add_argument("--seed", type=int, default=80000)
    p.add_argument("--first", type=int, default=0, help="the first game (as the simulator counts)")
    p.add_argument("--games", type=int, default=4)
    p.add_argument("--rollouts", type=int, default=32)
    p.add_argument("--margin", type=float, default=0.0,
                   help="hold only when it scores better by more than this many points")
    p.add_argument("--rounds", type=float, default=2.0,
                   help="search only while the stock holds this many rounds")
    p.add_argument("--iters", type=int, default=150, help="belief: proposals a seat and world")
    p.add_argument("--objective", choices=("hand", "match"), default="hand",
                   help="score playouts by the hand's score against the others' mean, or by the "
                        "chance to win the match after it (--margin then in hundredths)")
    p.add_argument("--games-out", default=None, metavar="FILE")
    p.add_argument("--log", default=None, metavar="FILE", help="log: the estimates, a line each")
    args = p.parse_args(argv)
    with contextlib.ExitStack() as files:
        games_out = log = None
        if args.games_out:
            games_out = files.enter_context(open(args.games_out, "w", encoding="utf-8"))
        if args.log:
            log = files.enter_context(open(args.log, "a", encoding="utf-8"))
        report = run(args.variant, args.seed, args.first, args.games, args.rollouts, args.margin,
                     args.rounds, args.iters, games_out, log, args.objective)
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
