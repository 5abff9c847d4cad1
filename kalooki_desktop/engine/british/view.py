"""What one seat may see of a British game: its own hand, the table, the discard pile, how many
cards each player holds, who has come out, the scores, who is still in, and the public log.
Bots decide from a view alone, so a bot can never use a card it could not see.
"""

from __future__ import annotations

from ..actions import Action
from ..cards import Card
from ..melds import Meld
from ..refusal import Refusal
from ..turn import DecisionKind, Phase
from .match import BritishMatch
from .rules import BritishRules


class BritishView:
    """Seat ``seat``'s view of ``match`` as it stands (it reads the match; it changes nothing)."""

    def __init__(self, match: BritishMatch, seat: int) -> None:
        self._match = match
        self.seat = seat

    @property
    def rules(self) -> BritishRules:
        return self._match.rules

    @property
    def players(self) -> int:
        return self._match.players

    @property
    def my_hand(self) -> tuple[Card, ...]:
        """The seat's own cards."""
        return tuple(self._match.hand.hands[self.seat])

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(len(h) for h in self._match.hand.hands)

    @property
    def table(self) -> tuple[Meld, ...]:
        return tuple(self._match.hand.table)

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        return tuple(self._match.hand.discard)

    @property
    def discard_top(self) -> Card | None:
        return self._match.hand.discard_top

    @property
    def stock_count(self) -> int:
        return len(self._match.hand.stock)

    @property
    def opened(self) -> tuple[bool, ...]:
        return tuple(self._match.hand.opened)

    @property
    def must_open(self) -> bool:
        """The seat took the discard before coming out: it must open this turn (B-5)."""
        return self._match.hand.must_open and self._match.hand.turn == self.seat

    @property
    def free_jokers(self) -> int:
        """Jokers the seat took from the table this turn and must still lay (B-7)."""
        return self._match.hand.free_jokers if self._match.hand.turn == self.seat else 0

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
        return self._match.hand.phase

    @property
    def decision(self) -> DecisionKind | None:
        """What the seat is asked now, or None when it is not its decision."""
        pending = self._match.pending()
        return pending[1] if pending is not None and pending[0] == self.seat else None

    @property
    def log(self) -> tuple[tuple[int, str], ...]:
        return tuple(self._match.hand.log)

    def legal_actions(self) -> list[Action]:
        """The seat's legal actions now, except new melds (its own cards and the public table
        decide them)."""
        return self._match.hand.legal_actions(self.seat)

    def check(self, action: Action) -> Refusal | None:
        """Would ``action`` be accepted from the seat now?"""
        return self._match.check(self.seat, action)
