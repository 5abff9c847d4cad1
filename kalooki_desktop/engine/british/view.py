"""What one seat may see of a British game: its own hand, the table, the discard pile, how many
cards each player holds, who has come out, the scores, who is still in, and the public log.
Bots decide from a view alone, so a bot can never use a card it could not see.
"""

from __future__ import annotations

from typing import Protocol

from ..actions import Action
from ..cards import Card
from ..melds import Meld
from ..refusal import Refusal
from ..turn import Decision, DecisionKind, Phase
from .hand import BritishHand
from .rules import BritishRules


class Game(Protocol):
    """What a view reads of a game (:class:`.match.BritishMatch`)."""

    rules: BritishRules
    players: int
    totals: list[int]
    active: list[bool]
    buy_ins: list[int]

    @property
    def hand(self) -> BritishHand: ...

    def pending(self) -> Decision | None: ...

    def check(self, seat: int, action: Action) -> Refusal | None: ...


class BritishView:
    """Seat ``seat``'s view of ``match`` as it stands (it reads the match; it changes nothing).
    ``hand`` is the deal it shows, the one in play unless given (the deal that just ended)."""

    def __init__(self, match: Game, seat: int, hand: BritishHand | None = None) -> None:
        self._match = match
        self._hand = hand
        self.seat = seat

    @property
    def deal(self) -> BritishHand:
        """The deal the view shows."""
        return self._hand if self._hand is not None else self._match.hand

    @property
    def rules(self) -> BritishRules:
        return self._match.rules

    @property
    def players(self) -> int:
        return self._match.players

    @property
    def my_hand(self) -> tuple[Card, ...]:
        """The seat's own cards."""
        return tuple(self.deal.hands[self.seat])

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(len(h) for h in self.deal.hands)

    @property
    def table(self) -> tuple[Meld, ...]:
        return tuple(self.deal.table)

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        return tuple(self.deal.discard)

    @property
    def discard_top(self) -> Card | None:
        return self.deal.discard_top

    @property
    def stock_count(self) -> int:
        return len(self.deal.stock)

    @property
    def opened(self) -> tuple[bool, ...]:
        """Who has come out (B-4)."""
        return tuple(self.deal.opened)

    @property
    def laid(self) -> tuple[bool, ...]:
        """Who has melds on the table: in this game, who has come out."""
        return self.opened

    @property
    def dealer(self) -> int:
        return self.deal.dealer

    @property
    def turn(self) -> int:
        return self.deal.turn

    @property
    def open_hands(self) -> tuple[tuple[Card, ...], ...] | None:
        """Every seat's cards once the deal is over (they are counted face up, B-10), else None."""
        if self.deal.phase != Phase.OVER:
            return None
        return tuple(tuple(h) for h in self.deal.hands)

    @property
    def must_open(self) -> bool:
        """The seat took the discard before coming out: it must open this turn (B-5)."""
        return self.deal.must_open and self.deal.turn == self.seat

    @property
    def free_jokers(self) -> int:
        """Jokers the seat took from the table this turn and must still lay (B-7)."""
        return self.deal.free_jokers if self.deal.turn == self.seat else 0

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(self._match.totals)

    @property
    def active(self) -> tuple[bool, ...]:
        return tuple(self._match.active)

    @property
    def buy_ins(self) -> tuple[int, ...]:
        return tuple(self._match.buy_ins)

    @property
    def phase(self) -> Phase:
        return self.deal.phase

    @property
    def decision(self) -> DecisionKind | None:
        """What the seat is asked now, or None when it is not its decision."""
        pending = self._match.pending()
        return pending[1] if pending is not None and pending[0] == self.seat else None

    @property
    def log(self) -> tuple[tuple[int, str], ...]:
        return tuple(self.deal.log)

    def legal_actions(self) -> list[Action]:
        """The seat's legal actions now, except new melds (its own cards and the public table
        decide them)."""
        return self.deal.legal_actions(self.seat)

    def check(self, action: Action) -> Refusal | None:
        """Would ``action`` be accepted from the seat now?"""
        return self._match.check(self.seat, action)
