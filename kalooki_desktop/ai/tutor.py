"""The guided first hand's opponents (:mod:`..play.guide`): on that hand's fixed deal they play
a short script, so that each moment the guide teaches comes up (a discard the player can call,
a call the player allows or refuses), and otherwise the plainest moves.

A tutor sees only its seat's view, as every bot does. It is not offered as a level: the guided
hand alone seats it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine.actions import Action, Allow, Call, Discard, Pass, PluckStock
from ..engine.cards import JOKER, Card
from ..engine.turn import Phase
from ..engine.view import View


class TutorBot:
    """Discards ``discards`` first, each as soon as it holds it; calls a discard of ``calls``
    while it has made no call; otherwise plucks from the stock, allows every call, never lays and
    sheds its highest-scoring card. Its choices follow from the view alone (no memory), so a
    decision asked twice is answered the same."""

    name = "tutor"

    def __init__(self, discards: Sequence[Card] = (), calls: Sequence[Card] = ()) -> None:
        self.discards = tuple(discards)
        self.calls = frozenset(calls)

    def choose(self, view: View, rng: random.Random) -> Action:
        """The seat's decision."""
        if not view.my_turn:
            top = view.discard_top
            called = view.calls_used[view.seat] > 0
            return Call() if view.may_call and top in self.calls and not called else Pass()
        if view.phase == Phase.ALLOW:
            return Allow()
        if view.phase == Phase.PLUCK:
            return PluckStock()
        hand = view.my_hand
        scripted = next((card for card in self.discards if card in hand), None)
        if scripted is not None:
            return Discard(scripted)
        return Discard(max((c for c in hand if c != JOKER), key=lambda c: (view.card_points(c), c)))
