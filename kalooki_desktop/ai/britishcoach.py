"""The coach for British Kalooki: what one of the player's decisions (take the discard or draw,
come out or hold, lay off or keep, retrieve a joker, the discard) is estimated to cost against
the British hint, and whether that is clearly too much. The same coach as the Jamaican one
(:mod:`.coach`: its :class:`~.coach.Note`, :class:`~.coach.Estimate`, :func:`~.coach.summary`,
:data:`~.coach.THRESHOLD` and its rule of a screen and a claim), on the British game.

The advice is the hint's (:func:`.british.british_advice`: the Hard player's choice from the
player's own view). The cost is measured in the player's own points for the deal (B-10: the hand
values the deal adds to their total, a Kalooki's too, B-V5; 0 for the player who goes out and
for a void deal, B-9), lower being better: determinized Monte Carlo from the player's view (the
cards it cannot see dealt at random around the ones it knows another seat holds, the discards a
seat took and has not laid or thrown since; :meth:`.BritishView.world`), the same world and the
same random numbers for both choices, every seat, the player's own included, played on by
British Normal to the end of the deal. A playout longer than :data:`MAX_ACTIONS` actions is
abandoned and scores 0. The budget is a number of worlds, never a time: a note depends only on
the view, the choice and the random numbers given, on any machine.

Not weighed (a note of no cost, never flagged): buying back in or staying out (the deal's points
do not measure them, B-11) and taking back a turn's plays.

After the deal, :func:`british_cost_after` measures the same difference from the true position
(every card known): the playouts then differ only by the random numbers.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine.actions import (
    Action,
    Discard,
    Lay,
    MoveJoker,
    PluckDiscard,
    PluckStock,
    Retrieve,
    Tack,
    parse_action,
)
from ..engine.cards import Card, count_cards
from ..engine.systems import british
from .british import NormalBritish, british_advice
from .coach import SAME, WORLDS, Estimate, Note, flagged, summary
from .hard import deal_hidden
from .normal import taken_cards

#: A playout of the rest of a deal longer than this many actions is abandoned (scored 0).
MAX_ACTIONS = 1_500
#: The decisions of a deal the coach weighs: the pluck and every play of the turn.
WEIGHED = (PluckStock, PluckDiscard, Lay, Tack, Retrieve, MoveJoker, Discard)


def british_coach(view: british.BritishView, chosen: Action, rng: random.Random,
                  worlds: int = WORLDS) -> Note:
    """The coach's note on ``chosen``, the seat's decision in ``view`` (before it is applied):
    ``worlds`` worlds, half of them the screen that decides the flag, half the claim."""
    advice = british_advice(view, random.Random(rng.random()))
    kind, top = view.asked, view.discard_top
    if same_choice(advice.action, chosen) or not isinstance(chosen, WEIGHED):
        return Note(chosen, advice, SAME, flagged=False, kind=kind, top=top, system="british")
    diffs = british_differences(view, chosen, advice.action, rng, worlds)
    screen, claim = summary(diffs[0::2]), summary(diffs[1::2])
    return Note(chosen, advice, claim, flagged(screen, claim), screen, kind, top, "british")


def same_choice(a: Action, b: Action) -> bool:
    """True when ``a`` and ``b`` are the same decision: equal, or the same melds laid in another
    order."""
    if isinstance(a, Lay) and isinstance(b, Lay):
        return sorted(a.melds) == sorted(b.melds)
    return a == b


def british_differences(view: british.BritishView, chosen: Action, advised: Action, rng: random.Random,
                        worlds: int = WORLDS) -> list[float]:
    """Cost of ``chosen`` against ``advised`` from the seat's view, world by world: worlds dealt
    around what it knows, the same world for both."""
    known = british_holdings(view)
    starts = [british_world(view, rng, known) for _ in range(worlds)]
    return compare(starts, view.seat, chosen, advised, taken_this_turn(view))


def british_cost_after(game: british.BritishGame, seat: int, chosen: Action, advised: Action,
                       rollouts: int = WORLDS) -> Estimate:
    """The same difference measured from the true position ``game`` (every card known; it is
    not changed), over ``rollouts`` playouts that differ in their random numbers."""
    taken = taken_this_turn(british.BritishView(game, seat))
    return summary(compare([game] * rollouts, seat, chosen, advised, taken))


def compare(starts: Sequence[british.BritishGame], seat: int, chosen: Action, advised: Action,
            taken: Card | None = None) -> list[float]:
    """The seat's points for the deal with ``chosen`` minus with ``advised``, in each of
    ``starts``, playout ``r`` using the random numbers ``r`` for both. ``taken``: the discard
    the seat took this turn (its Normal does not throw it back)."""
    return [_points(start, seat, chosen, r, taken) - _points(start, seat, advised, r, taken)
            for r, start in enumerate(starts)]


def _points(start: british.BritishGame, seat: int, action: Action, r: int, taken: Card | None) -> float:
    """The seat's points for the deal when it plays ``action`` in ``start`` and everybody plays
    on as British Normal (0 for a void deal, or a playout abandoned)."""
    world = start.clone()
    h = world.hand
    h.rng = random.Random(r)
    top = h.discard_top
    h.apply(seat, action)
    bots = [NormalBritish() for _ in range(h.players)]
    bots[seat].taken = top if isinstance(action, PluckDiscard) else taken
    rng = random.Random(r)
    for _ in range(MAX_ACTIONS):
        if h.over:
            return 0.0 if h.void or h.scores is None else float(h.scores[seat])
        s = h.turn
        h.apply(s, bots[s].choose(british.BritishView(world, s), rng))
    return 0.0


def british_world(view: british.BritishView, rng: random.Random,
                  known: Sequence[Sequence[Card]]) -> british.BritishGame:
    """One game consistent with the view: the hidden cards dealt at random around the known
    ones."""
    others, rest = deal_hidden(view, view.unseen(), rng, known)
    return view.world(others, rest, random.Random(rng.random()))


def british_holdings(view: british.BritishView) -> list[list[Card]]:
    """Cards each seat is known to hold: the discards it took this deal (read as
    :func:`.normal.known_holdings` reads them) less the cards it has laid, laid off, given for a
    joker or thrown since."""
    held = [count_cards(t) for t in taken_cards(view.log, view.players)]
    for seat, text in view.log:
        for c in _shown(parse_action(text)):
            if held[seat][c] > 0:
                held[seat][c] -= 1
    return [[c for c in range(len(h)) for _ in range(h[c])] for h in held]


def _shown(action: Action) -> tuple[Card, ...]:
    """The cards ``action`` moves from the player's hand to the table or the pile."""
    if isinstance(action, Discard | Tack | MoveJoker):
        return (action.card,)
    if isinstance(action, Retrieve):
        return action.cards
    if isinstance(action, Lay):
        return tuple(c for _, cards in action.melds for c in cards)
    return ()


def taken_this_turn(view: british.BritishView) -> Card | None:
    """The discard the seat took at the pluck of the turn in play, when it is the seat's turn,
    it took the discard and the log shows which card that was (the one thrown just before)."""
    log = view.log
    i = len(log)
    while i > 0 and log[i - 1][0] == view.seat:
        i -= 1
    if view.turn != view.seat or i >= len(log) or log[i][1] != str(PluckDiscard()) or i == 0:
        return None
    before = parse_action(log[i - 1][1])
    return before.card if isinstance(before, Discard) else None
