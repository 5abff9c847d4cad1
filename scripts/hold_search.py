"""Lay the contract now, or hold it to go down and out? A rollout search of that one decision
(diagnostic, like ``rollout_oracle.py``).

    .venv/bin/python scripts/hold_search.py true --seed 80000 --games 1000 --games-out F
    .venv/bin/python scripts/hold_search.py log --seed 85000 --games 180 --log F

plays matches of a Hard against three Normals as ``python -m kalooki_desktop.sim --rotate``
does (``--first`` and ``--games`` pick the games, so that a run can be split across cores; the
``--games-out`` rows are the simulator's, for ``sim --compare`` against the default Hard's games).
This Hard differs from the default in one decision: at its turn, when it could lay its contract
while nobody has laid and the stock holds at least ``--rounds`` rounds (so a bend, J-8.2, is
still possible), and laying would leave two or more cards in hand after every tack, it compares
laying now with *holding*: throwing the card that leaves the fewest after a later lay, then
holding on (:class:`Holder`: no calls, plucking or refusing only the card with which the lay
goes out, laying as soon as the lay goes out or another player has laid). Each by
``--rollouts`` playouts of the rest of the hand, the same worlds for both, every other seat
played by Normal; it holds when holding scores better by more than ``--margin`` points of hand
score (its own score minus the others' mean; with ``--objective match`` by the chance to win
the match after the hand instead, :func:`win_chance`). While it holds it decides again every
turn.

The worlds the playouts start from are the variant:

- ``true``: the others' true hands, the stock reshuffled (reads the hidden state: an oracle);
- ``uniform``: the hidden cards dealt at random around the others' known pick-ups (fair);
- ``belief``: worlds from the hand's past (:func:`.ai.history.belief_worlds`) (fair);
- ``log``: decides as ``true`` and writes, for every decision, the three estimates (mean of
  hold minus lay over the rollouts: negative favours holding) and the decision's public facts
  to ``--log``, one JSON line each, so that a fair rule can be judged against the oracle's
  estimate on the same decisions.

The README's AI section (eighth session) has the figures.
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

from kalooki_desktop import probe
from kalooki_desktop.ai import base
from kalooki_desktop.ai.hard import HardBot, sample_world
from kalooki_desktop.ai.history import belief_worlds
from kalooki_desktop.ai.normal import NormalBot, Style, known_holdings, lay_for_out
from kalooki_desktop.engine.actions import (
    Action,
    Discard,
    Lay,
    PluckDiscard,
    Refuse,
)
from kalooki_desktop.engine.cards import JOKER, Card, penalty
from kalooki_desktop.engine.hand import HandState, Phase
from kalooki_desktop.engine.rules import make_rules
from kalooki_desktop.engine.view import View
from kalooki_desktop.sim import play_match, seating

VARIANTS = ("true", "uniform", "belief", "log")
#: No lay at all: more cards left than any hand holds.
NO_LAY = 99
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


def cards_left(view: View, hand: list[Card]) -> int:
    """How many cards the best lay for going out leaves in hand after its tacks (before the
    discard); :data:`NO_LAY` when the contract is not there."""
    keep = 0 if view.rules.out_without_discard else 1
    lay, left = lay_for_out(view, hand, keep, Style().lay_limit)  # as many lays as Normal compares
    return NO_LAY if lay is None else len(left)


def may_bend(view: View, rounds: float) -> bool:
    """Nobody has laid and the stock holds at least ``rounds`` rounds."""
    return not any(view.laid) and view.stock_count >= view.players * rounds


def holding_throw(view: View, hand: list[Card]) -> tuple[int, Card] | None:
    """The throw after which a later lay leaves the fewest cards (the costliest of equals),
    with that count."""
    jp = view.rules.joker_points
    best: tuple[tuple[int, int], Card] | None = None
    for c in sorted(set(hand)):
        if c == JOKER:
            continue
        rest = list(hand)
        rest.remove(c)
        key = (cards_left(view, rest), -penalty(c, jp))
        if best is None or key < best[0]:
            best = (key, c)
    return None if best is None else (best[0][0], best[1])


def goes_out_with(view: View, hand: list[Card]) -> Action | None:
    """While holding: pluck (or refuse the call for) the discard when the lay then goes out."""
    top = view.discard_top
    if top is None or (view.phase == Phase.PLUCK and view.stock_only):
        return None
    if cards_left(view, hand) == NO_LAY or cards_left(view, [*hand, top]) > 1:
        return None
    return PluckDiscard() if view.phase == Phase.PLUCK else Refuse()


class Holder(NormalBot):
    """The holding seat in the playouts: Normal (lay for out), but while a bend is possible and
    its contract is ready it holds on until the lay goes out."""

    def __init__(self, rounds: float = 2.0) -> None:
        super().__init__(Style(lay_for_out=True))
        self.rounds = rounds

    def choose(self, view: View, rng: random.Random) -> Action | None:
        if not (view.my_turn and may_bend(view, self.rounds) and not view.laid[view.seat]):
            return super().choose(view, rng)
        hand = list(view.my_hand)
        if view.phase in (Phase.PLUCK, Phase.ALLOW):
            take = goes_out_with(view, hand)
            if take is not None:
                return take
            return super().choose(view, rng)
        answer = super().choose(view, rng)
        if isinstance(answer, Lay) and cards_left(view, hand) > 1:
            throw = holding_throw(view, hand)
            if throw is not None:
                return Discard(throw[1])
        return answer


class HoldSearcher(HardBot):
    """The default Hard, but its first lay of the hand searched against holding (see above)."""

    def __init__(self, variant: str, rollouts: int = 32, margin: float = 0.0,
                 rounds: float = 2.0, iters: int = 150, log: IO[str] | None = None,
                 objective: str = "hand") -> None:
        super().__init__(think_ms=0)
        self.objective = objective  # "hand": hand score against the others' mean; "match": win chance
        self.variant, self.rollouts, self.margin = variant, rollouts, margin
        self.rounds, self.iters, self.log = rounds, iters, log
        self.pick = random.Random(4242)
        self.searched = self.held = self.fallbacks = 0

    def worlds(self, view: View, rng: random.Random, variant: str) -> list[HandState]:
        if variant == "true":
            hidden = view._hand  # an oracle reads the hidden state: a diagnostic, never a player
            fixed = {s: list(hidden.hands[s]) for s in range(view.players) if s != view.seat}
            return [deal_world(view, rng, fixed) for _ in range(self.rollouts)]
        if variant == "belief":
            worlds = belief_worlds(view, rng, self.rollouts, self.iters)
            if worlds is not None:
                return worlds
            self.fallbacks += 1  # the stock was rebuilt: the past cannot be laid out
        known = known_holdings(view)
        return [sample_world(view, rng, known) for _ in range(self.rollouts)]

    def hold_minus_lay(self, view: View, lay: Action, hold: Action,
                       worlds: Sequence[HandState]) -> float:
        """Mean over the worlds of holding's outcome minus laying's (negative: hold)."""
        me = view.seat
        total = 0.0
        for r, start in enumerate(worlds):
            for sign, action in ((-1.0, lay), (1.0, hold)):
                bots: list[NormalBot] = [NormalBot() for _ in range(view.players)]
                bots[me] = Holder(self.rounds) if sign > 0 else NormalBot(Style(lay_for_out=True))
                world = start.clone()
                world.apply(me, action)
                probe.play_out(world, bots, random.Random(r), view.totals)
                if self.objective == "match":
                    total -= sign * 100.0 * match_chance(view, world)
                else:
                    total += sign * probe.outcome(world, me)
        return total / max(1, len(worlds))

    def choose(self, view: View, rng: random.Random) -> Action | None:
        bend = view.my_turn and not view.laid[view.seat] and may_bend(view, self.rounds)
        if bend and view.phase in (Phase.PLUCK, Phase.ALLOW):
            take = goes_out_with(view, list(view.my_hand))
            if take is not None:
                return take
        answer = super().choose(view, rng)
        if not (bend and isinstance(answer, Lay)):
            return answer
        hand = list(view.my_hand)
        left = cards_left(view, hand)
        throw = holding_throw(view, hand)
        if left <= 1 or throw is None:
            return answer  # the lay goes out now (a bend), or nothing to throw
        hold = Discard(throw[1])
        world_rng = random.Random(self.pick.randrange(1 << 30))
        self.searched += 1
        if self.variant != "log":
            gain = self.hold_minus_lay(view, answer, hold, self.worlds(view, world_rng, self.variant))
        else:
            est = {v: self.hold_minus_lay(view, answer, hold, self.worlds(view, world_rng, v))
                   for v in ("true", "uniform", "belief")}
            gain = est["true"]
            me = view.seat
            others = [(me + d) % view.players for d in range(1, view.players)]
            if self.log is not None:
                self.log.write(json.dumps({
                    **est, "left": left, "left_after_throw": throw[0], "hand": view.spec.number,
                    "stock": view.stock_count, "sizes": [view.hand_sizes[s] for s in others],
                    "calls": [view.calls_used[s] for s in others], "totals": list(view.totals),
                    "seat": me, "log_index": len(view.log)}) + "\n")
                self.log.flush()
        if gain < -self.margin:
            self.held += 1
            return hold
        return answer


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
        searched += bot.searched
        held += bot.held
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
