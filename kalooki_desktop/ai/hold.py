"""Hard's search: lay the contract now, or hold it to go down and out (J-8.2)?

A bend (the first player to lay goes out in the same turn) doubles every other player's score
for the hand. When Hard could lay while nobody has laid and the stock still holds
:data:`ROUNDS` rounds, and the lay would leave two or more cards in hand after its tacks (so it
would not go out now), :func:`hold_gain` compares laying now with *holding*: throwing the card
after which a later lay leaves the fewest (:func:`holding_throw`), then playing on as
:class:`Holder` (no calls; plucking or refusing only a card that fits the lay,
:func:`holding_take`; laying as soon as the lay goes out or another player has laid).
Determinized Monte Carlo: the others' hidden cards and the stock are dealt at random around what
the seat knows (:func:`.hard.sample_world`), the same worlds serve both choices, and every other
seat is played out by Normal. Hard holds when holding scores better by more than :data:`MARGIN`
points (its hand score against the others' mean); while it holds it decides again every turn.
What the search is worth, measured: ``docs/ai.md``.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Sequence

from ..engine.actions import Action, Discard, Lay, PluckDiscard, Refuse
from ..engine.cards import JOKER, Card, penalty
from ..engine.hand import HandState
from ..engine.turn import Phase
from ..engine.view import View
from .base import outcome, past_safety, play_out
from .normal import NormalBot, Style, lay_for_out

#: No lay at all: more cards left than any hand holds.
NO_LAY = 99
#: Search only while the stock holds this many rounds (a bend must still be possible).
ROUNDS = 2.0
#: Hold only when the playouts say holding is this many points better: random deals overrate
#: holding, so a margin is needed (its choice, measured: ``docs/ai.md``).
MARGIN = 30.0
#: Worlds a search plays out (each world twice: laying and holding): Hard's budget
#: (``HardConfig.worlds``), the hint's and the coach's: as many as fit in the time that 32 took
#: before the playouts got faster (``docs/performance.md``).
ROLLOUTS = 36
#: Fewer finished worlds than this (a search cancelled, or stopped for safety): no hold.
MIN_ROLLOUTS = 8


def cards_left(view: View, hand: list[Card]) -> int:
    """How many cards the best lay for going out leaves in hand after its tacks (before the
    discard); :data:`NO_LAY` when the contract is not there."""
    keep = 0 if view.rules.out_without_discard else 1
    # As many lays as Normal compares.
    lay, left = lay_for_out(view, hand, keep, Style().lay_limit)
    return NO_LAY if lay is None else len(left)


def may_bend(view: View, rounds: float = ROUNDS) -> bool:
    """Nobody has laid and the stock holds at least ``rounds`` rounds."""
    return not any(view.laid) and view.stock_count >= view.players * rounds


def holding_throw(view: View, hand: list[Card], left: int | None = None) -> tuple[int, Card] | None:
    """The throw after which a later lay leaves the fewest cards (the costliest of equals),
    with that count.

    No throw can bring the count below one less than the whole hand's (a lay without the card
    is a lay of the hand too; only the first lays the finder gives are compared, so this holds
    nearly always: the same answers as trying every throw on 730 positions of Normal games), so
    the throws are tried costliest first and the first that reaches that bound is the answer
    (a spare card, nearly always: the lays are only counted for the throws tried).

    ``left``: the whole hand's count, when the caller has it. None when there is no throw."""
    jp = view.rules.joker_points
    bound = (cards_left(view, hand) if left is None else left) - 1
    best: tuple[tuple[int, int], Card] | None = None
    for c in sorted(set(hand) - {JOKER}, key=lambda c: (-penalty(c, jp), c)):
        rest = list(hand)
        rest.remove(c)
        key = (cards_left(view, rest), -penalty(c, jp))
        if best is None or key < best[0]:
            best = (key, c)
            if key[0] <= bound:
                break
    return None if best is None else (best[0][0], best[1])


def holding_take(view: View, hand: list[Card]) -> Action | None:
    """While holding (and, for Hard, whenever its contract is ready): pluck (or refuse the call
    for) the discard when it fits the lay, that is when the lay with it leaves no more cards
    than without (so it goes out now, or the next lay is a card closer to going out; a stock
    card that does not fit only takes its own throw).
    None: take the stock, or allow the call."""
    top = view.discard_top
    if top is None or (view.phase == Phase.PLUCK and view.stock_only):
        return None
    now = cards_left(view, hand)
    if now == NO_LAY:
        return None
    with_top = cards_left(view, [*hand, top])
    if with_top > 1 and with_top > now:
        return None
    return PluckDiscard() if view.phase == Phase.PLUCK else Refuse()


def holding(view: View, rounds: float = ROUNDS) -> bool:
    """The seat is at its turn, has not laid, and a bend is still possible."""
    return view.my_turn and not view.laid[view.seat] and may_bend(view, rounds)


class Holder(NormalBot):
    """The holding seat in the playouts: Normal (lay for out), but while a bend is possible and
    its contract is ready it holds on until the lay goes out."""

    def __init__(self, rounds: float = ROUNDS) -> None:
        super().__init__(Style(lay_for_out=True))
        self.rounds = rounds

    def choose(self, view: View, rng: random.Random) -> Action:
        if not holding(view, self.rounds):
            return super().choose(view, rng)
        hand = list(view.my_hand)
        if view.phase in (Phase.PLUCK, Phase.ALLOW):
            take = holding_take(view, hand)
            if take is not None:
                return take
            return super().choose(view, rng)
        answer = super().choose(view, rng)
        if isinstance(answer, Lay):
            left = self.lay_left  # what cards_left(view, hand) would say: the same lay search
            throw = holding_throw(view, hand, left) if left > 1 else None
            if throw is not None:
                return Discard(throw[1])
        return answer


def hold_gain(view: View, lay: Action, hold: Action, worlds: Sequence[HandState],
              cancel: threading.Event | None = None, rounds: float = ROUNDS,
              score: Callable[[HandState, int], float] = outcome) -> tuple[float, int]:
    """Mean over the worlds of laying's score minus holding's (positive: hold; by default a
    playout's score is the seat's hand score minus the others' mean, lower is better), and how
    many worlds were played: every one of them, unless ``cancel`` is set (then it starts no
    more) or the search runs past its safety stop (:data:`.base.SAFETY_S`)."""
    total = 0.0
    done = 0
    began = time.perf_counter()
    for r, start in enumerate(worlds):
        if (cancel and cancel.is_set()) or past_safety(began):
            break
        total += _play_world(view, start, r, lay, hold, rounds, score)
        done += 1
    return (total / done if done else 0.0), done


def _play_world(view: View, start: HandState, r: int, lay: Action, hold: Action, rounds: float,
                score: Callable[[HandState, int], float]) -> float:
    """Laying's score minus holding's in one world (the same playout random numbers for both)."""
    me = view.seat
    diff = 0.0
    for sign, action in ((1.0, lay), (-1.0, hold)):
        bots: list[NormalBot] = [NormalBot() for _ in range(view.players)]
        bots[me] = Holder(rounds) if sign < 0 else NormalBot(Style(lay_for_out=True))
        world = start.clone()
        world.apply(me, action)
        play_out(world, bots, random.Random(r), view.totals)
        diff += sign * score(world, me)
    return diff
