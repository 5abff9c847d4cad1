"""What one seat may know of a Jamaican hand (:class:`.seatview.SeatView` with the contract,
the calls and the hidden cards' guesses a bot's search needs): its own cards and everything
public, nothing more. It reads the hand on demand (cheap to make on every decision); a bot
thinking on another thread gets a view of a copy (``HandState.clone()``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .actions import Action
from .cards import Card, count_cards, new_deck, penalty
from .hand import HandState
from .refusal import Refusal
from .rules import HandSpec, RuleSet
from .seatview import SeatView
from .turn import DecisionKind


class View(SeatView):
    """The information of ``seat`` in a hand (and the match totals, if given)."""

    __slots__ = ("_totals",)

    _hand: HandState
    _totals: tuple[int, ...]

    def __init__(self, hand: HandState, seat: int, totals: Sequence[int] | None = None) -> None:
        self._hand = hand  # SeatView's slots, set here: a view is made for every decision
        self._seat = seat
        self._totals = tuple(totals) if totals is not None else (0,) * hand.players

    @property
    def totals(self) -> tuple[int, ...]:
        """Every seat's total of the hands before this one."""
        return self._totals

    @property
    def rules(self) -> RuleSet:
        """The rules in force."""
        return self._hand.rules

    @property
    def spec(self) -> HandSpec:
        """Hand number, cards dealt and contract."""
        return self._hand.spec

    @property
    def hand_number(self) -> int:
        """The hand of the schedule (1-based)."""
        return self._hand.spec.number

    def _pending(self) -> tuple[int, DecisionKind] | None:
        return self._hand.pending()

    @property
    def open_hands(self) -> tuple[tuple[Card, ...], ...] | None:
        """Every seat's cards when hands are played face up (J-V9), else None."""
        if not self._hand.rules.open_hands:
            return None
        return tuple(tuple(h) for h in self._hand.hands)

    @property
    def laid(self) -> tuple[bool, ...]:
        """Who has laid their contract."""
        return tuple(self._hand.laid)

    @property
    def calls_used(self) -> tuple[int, ...]:
        """Allowed calls per seat this hand."""
        return tuple(self._hand.calls_used)

    @property
    def caller(self) -> int | None:
        """The seat whose call waits for allow or refuse."""
        return self._hand.caller

    @property
    def stock_only(self) -> bool:
        """True when the next pluck must come from the stock (after an allowed call)."""
        return self._hand.stock_only

    @property
    def may_call(self) -> bool:
        """True if the game waits for this seat to call the fresh discard or pass."""
        return self._hand.pending() == (self._seat, DecisionKind.CALL)

    @property
    def my_turn(self) -> bool:
        """True if the game waits for this seat's turn decision."""
        return self._hand.to_act == self._seat

    def check(self, action: Action) -> Refusal | None:
        """Whether this seat may take ``action`` now (depends on public facts and own cards)."""
        return self._hand.check(self._seat, action)

    def unseen(self) -> list[Card]:
        """Every card this seat cannot see: the other hands and the stock, as one multiset."""
        h = self._hand
        seen = list(h.hands[self._seat]) + list(h.discard)
        for m in h.table:
            seen.extend(m.cards)
        left = count_cards(new_deck(h.players, h.rules.extra_jokers))
        for c in seen:
            left[c] -= 1
        return [c for c in range(len(left)) for _ in range(max(0, left[c]))]

    def world(self, others: Sequence[Sequence[Card]], stock: Sequence[Card],
              rng: random.Random) -> HandState:
        """A full state that this seat cannot tell from the real one.

        ``others`` gives a hand for every seat (this seat's entry is ignored) and ``stock`` the
        stock, top card last; both are the caller's guesses of the hidden cards. Everything
        public is copied; nothing hidden is read.
        """
        h = self._hand
        w = h.clone()
        w.hands = [list(self._hand.hands[s]) if s == self._seat else list(others[s])
                   for s in range(h.players)]
        w.stock = list(stock)
        w.rng = rng
        return w

    @property
    def contract(self) -> tuple[int, ...]:
        """The kinds of the melds of the hand's contract, in order (J-3.2)."""
        return tuple(self._hand.spec.contract)

    def card_points(self, card: Card) -> int:
        """A card's penalty left in hand (J-1.3; a joker's by J-V5)."""
        return penalty(card, self._hand.rules.joker_points)

    @property
    def contract_text(self) -> str:
        """The contract of the hand shown ("3 3 4", J-3.1)."""
        return self._hand.spec.contract_text

    @property
    def schedule_length(self) -> int:
        """How many hands the schedule has (J-3.1; a sudden-death hand of J-V6 is beyond it)."""
        return len(self._hand.rules.schedule)
