"""The two games the app plays, and what differs between them where a game is set up and run:
the Jamaican contract game (part J of the rule book) and British Kalooki 40 / 51 (part B).

A :class:`Session` asks its game for the rules of a preset, a new match or one from an exact
deal, a computer player of a level, the copy of the game a computer player thinks about on its
thread, and the hint (at once, or from such a copy on a thread of its own). Everything else
(the turn API, the actions, refusals, views) the two games share, so the table, saves and
statistics read either without asking which it is.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Sequence
from dataclasses import dataclass

from ..ai.advice import Advice, advise, could_help
from ..ai.base import Bot, make_bot
from ..ai.british import british_advice, make_british_bot
from ..engine.british.hand import BritishHand
from ..engine.british.match import BritishMatch
from ..engine.british.rules import BRITISH_PRESETS, BritishRules, make_british_rules
from ..engine.british.view import BritishView
from ..engine.cards import MAX_PLAYERS, MIN_PLAYERS, Card
from ..engine.match import Match
from ..engine.rules import RuleSet, make_rules
from ..engine.view import View

#: A game in progress, of either kind.
AnyMatch = Match | BritishMatch
AnyRules = RuleSet | BritishRules


@dataclass(frozen=True, slots=True)
class Seats:
    """How many players a game is for, the player included, and the rule that says so.

    >>> BRITISH.seats("british40", ["B-V2"]).opponents
    range(1, 6)
    """

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


class Jamaican:
    """The nine-hand contract game (part J)."""

    key = "jamaican"

    def seats(self, preset: str, variants: Sequence[str]) -> Seats:
        """3 to 8 players whatever the preset and switches (J-1.1)."""
        return Seats(MIN_PLAYERS, MAX_PLAYERS, "J-1.1")

    def rules(self, preset: str, variants: Sequence[str], schedule: list[str] | None) -> RuleSet:
        return make_rules(preset, variants, schedule)

    def new_match(self, rules: AnyRules, players: int, seed: int) -> Match:
        assert isinstance(rules, RuleSet)
        return Match(rules, players, seed)

    def from_position(
        self, rules: AnyRules, seed: int, number: int, dealer: int, hands: list[list[Card]],
        discard: list[Card], stock: list[Card],
    ) -> Match:
        assert isinstance(rules, RuleSet)
        return Match.from_position(rules, seed, number, dealer, hands, discard, stock)

    def make_bot(self, level: str) -> Bot:
        return make_bot(level)

    def thinking_view(self, match: AnyMatch, seat: int) -> View:
        assert isinstance(match, Match)
        return View(match.hand.clone(), seat, list(match.totals))

    def advise(self, match: AnyMatch, seat: int, rng: random.Random) -> Advice:
        assert isinstance(match, Match)
        return advise(match.view(seat), rng)

    def advise_view(self, view: object, rng: random.Random, cancel: threading.Event | None = None) -> Advice:
        """The hint from ``view`` (a :meth:`thinking_view`: a copy, for another thread)."""
        assert isinstance(view, View)
        return advise(view, rng, cancel=cancel)

    def could_help(self, match: AnyMatch, seat: int, card: Card) -> bool:
        assert isinstance(match, Match)
        return could_help(match.view(seat), card)


class British:
    """Kalooki 40 and Kalooki 51 (part B)."""

    key = "british"

    def seats(self, preset: str, variants: Sequence[str]) -> Seats:
        """2 to 5 players (B-1); the North American switch seats 6 (B-V2). Raises ValueError on
        an unknown preset or switch."""
        rules = make_british_rules(preset, variants)
        return Seats(2, rules.max_players, "B-V2" if rules.north_american else "B-1")

    def rules(self, preset: str, variants: Sequence[str], schedule: list[str] | None) -> BritishRules:
        if schedule is not None:
            raise ValueError("British Kalooki has no schedule of contracts")
        return make_british_rules(preset, variants)

    def new_match(self, rules: AnyRules, players: int, seed: int) -> BritishMatch:
        assert isinstance(rules, BritishRules)
        return BritishMatch(rules, players, seed)

    def from_position(
        self, rules: AnyRules, seed: int, number: int, dealer: int, hands: list[list[Card]],
        discard: list[Card], stock: list[Card],
    ) -> BritishMatch:
        """A game whose first deal is the exact deal given (``number`` is not used: a British
        game has no schedule)."""
        assert isinstance(rules, BritishRules)
        match = BritishMatch(rules, len(hands), seed, first_dealer=dealer)
        match.hand = BritishHand.from_position(rules, dealer, hands, discard, stock, random.Random(seed))
        return match

    def make_bot(self, level: str) -> Bot:
        return make_british_bot(level)  # type: ignore[return-value]  # chooses from a BritishView

    def thinking_view(self, match: AnyMatch, seat: int) -> object:
        assert isinstance(match, BritishMatch)
        return match.snapshot().view(seat)

    def advise(self, match: AnyMatch, seat: int, rng: random.Random) -> Advice:
        assert isinstance(match, BritishMatch)
        return british_advice(match.view(seat), rng)

    def advise_view(self, view: object, rng: random.Random, cancel: threading.Event | None = None) -> Advice:
        """The hint from ``view`` (a :meth:`thinking_view`: a copy, for another thread)."""
        assert isinstance(view, BritishView)
        return british_advice(view, rng)

    def could_help(self, match: AnyMatch, seat: int, card: Card) -> bool:
        return False  # nobody calls a discard in this game


JAMAICAN = Jamaican()
BRITISH = British()


def game_of(preset: str) -> Jamaican | British:
    """The game a rules preset belongs to."""
    return BRITISH if preset in BRITISH_PRESETS else JAMAICAN
