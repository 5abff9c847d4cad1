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
from ..ai.britishcoach import british_coach, british_cost_after
from ..ai.coach import WORLDS, Estimate, Note, coach, cost_after
from ..engine import systems
from ..engine.actions import Action
from ..engine.cards import Card
from ..engine.game import Game
from ..engine.hand import HandState
from ..engine.seatview import SeatView
from ..engine.systems import Seats, british, system_of
from ..engine.view import View

__all__ = ["BRITISH", "JAMAICAN", "British", "Jamaican", "Seats", "game_of"]



class _AtTable:
    """What both games do alike at the table."""

    key: str

    def make_bot(self, level: str) -> Bot:
        return make_bot(level, self.key)

    def thinking_view(self, match: Game, seat: int) -> SeatView:
        """A view of a copy of the game (the copy the game's moves cannot change: a computer
        player, the hint or the coach thinks about it on another thread)."""
        return match.clone().view(seat)


class Jamaican(_AtTable, systems.Jamaican):
    """The nine-hand contract game (part J), with its opponents, hint and coach."""

    def advise(self, match: Game, seat: int, rng: random.Random) -> Advice:
        return advise(cast(View, match.view(seat)), rng)  # (each system's game gives its own views)

    def advise_view(self, view: SeatView, rng: random.Random,
                    cancel: threading.Event | None = None) -> Advice:
        """The hint from ``view`` (a :meth:`thinking_view`: a copy, for another thread)."""
        return advise(cast(View, view), rng, cancel=cancel)

    def weigh(self, view: SeatView, action: Action, rng: random.Random, worlds: int = WORLDS) -> Note | None:
        """The coach's note on the player's ``action`` from ``view`` (before it is applied)."""
        return coach(cast(View, view), action, rng, worlds)

    def cost_after(self, position: Game, seat: int, chosen: Action, advised: Action, *,
                   rollouts: int) -> Estimate:
        """What ``chosen`` cost against ``advised`` from ``position`` with every card known."""
        return cost_after(cast(HandState, position.hand), seat, chosen, advised, position.totals, rollouts)

    def could_help(self, match: Game, seat: int, card: Card) -> bool:
        return could_help(cast(View, match.view(seat)), card)


class British(_AtTable, systems.British):
    """Kalooki 40 and Kalooki 51 (part B), with its opponents, hint and coach."""

    def advise(self, match: Game, seat: int, rng: random.Random) -> Advice:
        return british_advice(cast(british.BritishView, match.view(seat)), rng)

    def advise_view(self, view: SeatView, rng: random.Random,
                    cancel: threading.Event | None = None) -> Advice:
        """The hint from ``view`` (a :meth:`thinking_view`: a copy, for another thread)."""
        return british_advice(cast(british.BritishView, view), rng)

    def weigh(self, view: SeatView, action: Action, rng: random.Random, worlds: int = WORLDS) -> Note | None:
        """The coach's note on the player's ``action`` from ``view`` (before it is applied)."""
        return british_coach(cast(british.BritishView, view), action, rng, worlds)

    def cost_after(self, position: Game, seat: int, chosen: Action, advised: Action, *,
                   rollouts: int) -> Estimate:
        """What ``chosen`` cost against ``advised`` from ``position`` with every card known."""
        return british_cost_after(cast(british.BritishMatch, position), seat, chosen, advised, rollouts)

    def could_help(self, match: Game, seat: int, card: Card) -> bool:
        return False  # nobody calls a discard in this game


JAMAICAN = Jamaican()
BRITISH = British()


def game_of(preset: str) -> Jamaican | British:
    """The game a rules preset belongs to."""
    return BRITISH if system_of(preset).key == BRITISH.key else JAMAICAN
