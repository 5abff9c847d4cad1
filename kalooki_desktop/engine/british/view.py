"""What one seat may see of a British game (:class:`.seatview.SeatView` with who is still in,
the buy-ins and the turn's duties): its own hand, the table, the discard pile, how many cards
each player holds, who has come out, the scores, who is still in, and the public log. Bots
decide from a view alone, so a bot can never use a card it could not see.
"""

from __future__ import annotations

from typing import Protocol

from ..actions import Action
from ..cards import Card
from ..refusal import Refusal
from ..seatview import Elimination, SeatView
from ..turn import Decision, Phase
from .hand import BritishHand
from .rules import BritishRules
from .scoring import hand_value


class Game(Protocol):
    """What a view reads of a game (:class:`.match.BritishMatch`)."""

    rules: BritishRules
    players: int
    totals: list[int]
    active: list[bool]
    buy_ins: list[int]
    kitty: int

    @property
    def hand(self) -> BritishHand: ...

    @property
    def hand_number(self) -> int: ...

    def pending(self) -> Decision | None: ...

    def check(self, seat: int, action: Action) -> Refusal | None: ...

    def legal_actions(self, seat: int) -> list[Action]: ...

    chips: list[int]
    bought: list[tuple[int, int, int]]

    def buy_in_score(self) -> int | None: ...


class BritishView(SeatView):
    """Seat ``seat``'s view of ``match`` as it stands (it reads the match; it changes nothing).
    ``hand`` is the deal it shows, the one in play unless given (the deal that just ended)."""

    __slots__ = ("_ended", "_match")

    _hand: BritishHand
    _match: Game
    _ended: bool

    def __init__(self, match: Game, seat: int, hand: BritishHand | None = None) -> None:
        super().__init__(hand if hand is not None else match.hand, seat)
        object.__setattr__(self, "_match", match)
        object.__setattr__(self, "_ended", hand is not None)

    @property
    def rules(self) -> BritishRules:
        return self._match.rules

    @property
    def hand_number(self) -> int:
        """The deal shown, counted from 1 (void deals dealt again counted)."""
        return self._match.hand_number - (1 if self._ended else 0)

    @property
    def laid(self) -> tuple[bool, ...]:
        """Who has come out (B-4)."""
        return tuple(self._hand.opened)

    @property
    def open_hands(self) -> tuple[tuple[Card, ...], ...] | None:
        """Every seat's cards once the deal is over (they are counted face up, B-10), else None."""
        if self._hand.phase != Phase.OVER:
            return None
        return tuple(tuple(h) for h in self._hand.hands)

    @property
    def must_open(self) -> bool:
        """The seat took the discard before coming out: it must open this turn (B-5)."""
        return self._hand.must_open and self._hand.turn == self._seat

    @property
    def free_jokers(self) -> int:
        """Jokers the seat took from the table this turn and must still lay (B-7)."""
        return self._hand.free_jokers if self._hand.turn == self._seat else 0

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(self._match.totals)

    @property
    def active(self) -> tuple[bool, ...]:
        return tuple(self._match.active)

    @property
    def buy_ins(self) -> tuple[int, ...]:
        """How often each seat has bought back in (B-11)."""
        return tuple(self._match.buy_ins)

    def _pending(self) -> Decision | None:
        return self._match.pending()

    def legal_actions(self) -> list[Action]:
        """The seat's legal actions now, except new melds (its own cards and the public table
        decide them): a joker retrieval, a buy-in or staying out included."""
        return self._match.legal_actions(self._seat)

    def check(self, action: Action) -> Refusal | None:
        """Would ``action`` be accepted from the seat now?"""
        return self._match.check(self._seat, action)

    @property
    def kitty(self) -> int:
        """The chips in the kitty (B-12), 0 when the game is not played for chips."""
        return self._match.kitty

    def card_points(self, card: Card) -> int:
        """A card's value left in hand (B-10)."""
        return hand_value(card, self._match.rules)

    @property
    def elimination(self) -> Elimination:
        """The limit and the buy-ins (B-11), the chips and the kitty (B-12)."""
        m, rules = self._match, self._match.rules
        return Elimination(rules.limit, rules.buy_ins, tuple(m.buy_ins), m.buy_in_score(), tuple(m.bought),
                           tuple(m.chips) if rules.kitty else None, m.kitty)
