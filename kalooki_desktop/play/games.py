"""What the app needs of each rule system beyond the engine's (:mod:`.engine.systems`): its
computer players, the copy of the game a computer player thinks about on its thread, the hint,
and whether a discard could help the player (the Call prompt).

A :class:`Session` asks its game for these; everything else (the turn API, the actions,
refusals, views, results) is the engine's one protocol, so the table, saves and statistics read
either game without asking which it is.
"""

from __future__ import annotations

import random
import threading
from typing import cast

from ..ai.advice import Advice, advise, could_help
from ..ai.base import Bot, make_bot
from ..ai.british import british_advice
from ..engine import systems
from ..engine.british.match import BritishMatch
from ..engine.british.rules import BritishRules
from ..engine.british.view import BritishView
from ..engine.cards import Card
from ..engine.game import Game
from ..engine.match import Match
from ..engine.rules import RuleSet
from ..engine.seatview import SeatView
from ..engine.systems import Seats, system_of
from ..engine.view import View

__all__ = ["BRITISH", "JAMAICAN", "AnyMatch", "AnyRules", "British", "Jamaican", "Seats", "game_of"]

#: A game in progress of either system, for the callers that still read a system's own fields.
AnyMatch = Match | BritishMatch
AnyRules = RuleSet | BritishRules


class Jamaican(systems.Jamaican):
    """The nine-hand contract game (part J), with its opponents and hint."""

    def make_bot(self, level: str) -> Bot:
        return make_bot(level, self.key)

    def thinking_view(self, match: Game, seat: int) -> SeatView:
        """A view of a copy of the hand in play (the match's history is not needed to decide)."""
        assert isinstance(match, Match)
        return View(match.hand.clone(), seat, list(match.totals))

    def advise(self, match: Game, seat: int, rng: random.Random) -> Advice:
        return advise(cast(View, match.view(seat)), rng)  # (each system's game gives its own views)

    def advise_view(self, view: SeatView, rng: random.Random,
                    cancel: threading.Event | None = None) -> Advice:
        """The hint from ``view`` (a :meth:`thinking_view`: a copy, for another thread)."""
        return advise(cast(View, view), rng, cancel=cancel)

    def could_help(self, match: Game, seat: int, card: Card) -> bool:
        return could_help(cast(View, match.view(seat)), card)


class British(systems.British):
    """Kalooki 40 and Kalooki 51 (part B), with its opponents and hint."""

    def make_bot(self, level: str) -> Bot:
        return make_bot(level, self.key)

    def thinking_view(self, match: Game, seat: int) -> SeatView:
        return match.clone().view(seat)

    def advise(self, match: Game, seat: int, rng: random.Random) -> Advice:
        return british_advice(cast(systems.british.BritishView, match.view(seat)), rng)

    def advise_view(self, view: SeatView, rng: random.Random,
                    cancel: threading.Event | None = None) -> Advice:
        """The hint from ``view`` (a :meth:`thinking_view`: a copy, for another thread)."""
        return british_advice(cast(BritishView, view), rng)

    def could_help(self, match: Game, seat: int, card: Card) -> bool:
        return False  # nobody calls a discard in this game


JAMAICAN = Jamaican()
BRITISH = British()


def game_of(preset: str) -> Jamaican | British:
    """The game a rules preset belongs to."""
    return BRITISH if system_of(preset).key == BRITISH.key else JAMAICAN
