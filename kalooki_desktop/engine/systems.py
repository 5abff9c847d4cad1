"""The rule systems the engine plays, by key: the one door through which everything outside the
engine reaches a system (its rules, seats, new games, exact deals) without importing it.

>>> system_of("kalooki51").key, system_of("baby").key
('british', 'jamaican')
>>> system_of("british40").seats("british40", ["B-V2"]).opponents
range(1, 6)

To add a rule system: a package beside ``british/`` with its rules (:class:`.game.Rules`), its
deal (:class:`.deal.Deal`), its game (:class:`.game.Game`) and its view
(:class:`.seatview.SeatView`); then a :class:`System` for it in :data:`SYSTEMS`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from . import british
from .british.hand import BritishHand
from .british.match import BritishMatch
from .british.rules import BRITISH_PRESETS, BritishRules, make_british_rules
from .cards import MAX_PLAYERS, MIN_PLAYERS, Card
from .game import Game
from .match import Match
from .rules import PRESETS, RuleSet, make_rules

__all__ = ["SYSTEMS", "Seats", "System", "british", "system_of"]


@dataclass(frozen=True, slots=True)
class Seats:
    """How many players a game is for, the player included, and the rule that says so."""

    fewest: int
    most: int
    rule: str  # the rule id: J-1.1, B-1, B-V2

    @property
    def opponents(self) -> range:
        """The numbers of computer players the game allows."""
        return range(self.fewest - 1, self.most)

    def refusal(self, players: int) -> str | None:
        """Why ``players`` at the table make no game of these rules, or None when they make one."""
        if self.fewest <= players <= self.most:
            return None
        return f"a table of {players}: this game is for {self.fewest} to {self.most} players ({self.rule})"


class System:
    """One rule system: its presets, and how to make its rules, seats and games."""

    key: str
    presets: tuple[str, ...]

    def seats(self, preset: str, variants: Sequence[str]) -> Seats:
        raise NotImplementedError

    def rules(self, preset: str, variants: Sequence[str], schedule: list[str] | None = None) -> Any:
        """The rules of ``preset`` with ``variants`` (ValueError when they make none)."""
        raise NotImplementedError

    def new_game(self, rules: Any, players: int, seed: int, first_dealer: int | None = None) -> Game:
        raise NotImplementedError

    def from_position(self, rules: Any, seed: int, number: int, dealer: int, hands: list[list[Card]],
                      discard: list[Card], stock: list[Card]) -> Game:
        """A game whose deal in play is the exact deal given (``number``: the hand of the
        schedule where the system has one), later deals drawn from ``seed``."""
        raise NotImplementedError


class Jamaican(System):
    """The nine-hand contract game (part J)."""

    key = "jamaican"
    presets = PRESETS

    def seats(self, preset: str, variants: Sequence[str]) -> Seats:
        """3 to 8 players whatever the preset and switches (J-1.1)."""
        return Seats(MIN_PLAYERS, MAX_PLAYERS, "J-1.1")

    def rules(self, preset: str, variants: Sequence[str], schedule: list[str] | None = None) -> RuleSet:
        return make_rules(preset, variants, schedule)

    def new_game(self, rules: Any, players: int, seed: int, first_dealer: int | None = None) -> Match:
        return Match(rules, players, seed, first_dealer)

    def from_position(self, rules: Any, seed: int, number: int, dealer: int, hands: list[list[Card]],
                      discard: list[Card], stock: list[Card]) -> Match:
        return Match.from_position(rules, seed, number, dealer, hands, discard, stock)


class British(System):
    """Kalooki 40 and Kalooki 51 (part B)."""

    key = "british"
    presets = BRITISH_PRESETS

    def seats(self, preset: str, variants: Sequence[str]) -> Seats:
        """2 to 5 players (B-1); the North American switch seats 6 (B-V2). Raises ValueError on
        an unknown preset or switch."""
        rules = make_british_rules(preset, variants)
        return Seats(2, rules.max_players, "B-V2" if rules.north_american else "B-1")

    def rules(self, preset: str, variants: Sequence[str], schedule: list[str] | None = None) -> BritishRules:
        if schedule is not None:
            raise ValueError("British Kalooki has no schedule of contracts")
        return make_british_rules(preset, variants)

    def new_game(self, rules: Any, players: int, seed: int, first_dealer: int | None = None) -> BritishMatch:
        return BritishMatch(rules, players, seed, first_dealer)

    def from_position(self, rules: Any, seed: int, number: int, dealer: int, hands: list[list[Card]],
                      discard: list[Card], stock: list[Card]) -> BritishMatch:
        """``number`` is not used: a British game has no schedule."""
        match = BritishMatch(rules, len(hands), seed, first_dealer=dealer)
        match.hand = BritishHand.from_position(rules, dealer, hands, discard, stock, random.Random(seed))
        return match


JAMAICAN = Jamaican()
BRITISH = British()
#: Every rule system, by key.
SYSTEMS: dict[str, System] = {s.key: s for s in (JAMAICAN, BRITISH)}


def system_of(preset: str) -> System:
    """The rule system a preset belongs to (the Jamaican game for an unknown one, whose rules
    then refuse it by name)."""
    return next((s for s in SYSTEMS.values() if preset in s.presets), JAMAICAN)
