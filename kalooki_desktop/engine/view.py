"""What one seat may know: its own cards and everything public, nothing more.

Computer players receive only a :class:`View`. It reads the live state on demand (cheap to
make on every decision); take ``HandState.clone()`` first for a snapshot that another thread
may read while the game goes on.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .actions import Action
from .cards import Card, count_cards, new_deck
from .hand import HandState
from .melds import Meld
from .refusal import Refusal
from .rules import HandSpec, RuleSet
from .turn import DecisionKind, Phase


class View:
    """The information of ``seat`` in a hand (and the match totals, if given)."""

    __slots__ = ("_hand", "seat", "totals")

    def __init__(self, hand: HandState, seat: int, totals: Sequence[int] | None = None) -> None:
        self._hand = hand
        self.seat = seat
        self.totals: tuple[int, ...] = tuple(totals) if totals is not None else (0,) * hand.players

    @property
    def rules(self) -> RuleSet:
        """The rules in force."""
        return self._hand.rules

    @property
    def spec(self) -> HandSpec:
        """Hand number, cards dealt and contract."""
        return self._hand.spec

    @property
    def players(self) -> int:
        """Number of seats."""
        return self._hand.players

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._hand.dealer

    @property
    def phase(self) -> Phase:
        """Where the turn stands."""
        return self._hand.phase

    @property
    def turn(self) -> int:
        """The seat whose turn it is."""
        return self._hand.turn

    @property
    def my_hand(self) -> tuple[Card, ...]:
        """This seat's cards."""
        return tuple(self._hand.hands[self.seat])

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards every seat holds."""
        return tuple(len(h) for h in self._hand.hands)

    @property
    def open_hands(self) -> tuple[tuple[Card, ...], ...] | None:
        """Every seat's cards when hands are played face up (J-V9), else None."""
        if not self._hand.rules.open_hands:
            return None
        return tuple(tuple(h) for h in self._hand.hands)

    @property
    def table(self) -> tuple[Meld, ...]:
        """Copies of the melds on the table, numbered from 1 in this order."""
        return tuple(m.copy() for m in self._hand.table)

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        """The discard pile, top card last (every card in it was seen face up)."""
        return tuple(self._hand.discard)

    @property
    def discard_top(self) -> Card | None:
        """The top of the discard pile."""
        return self._hand.discard_top

    @property
    def stock_count(self) -> int:
        """Cards left in the stock."""
        return len(self._hand.stock)

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
    def rebuilds(self) -> int:
        """How often the stock was rebuilt this hand (J-7.1)."""
        return self._hand.rebuilds

    @property
    def log(self) -> tuple[tuple[int, str], ...]:
        """The public record of the hand: (seat, action text)."""
        return tuple(self._hand.log)

    @property
    def may_call(self) -> bool:
        """True if the game waits for this seat to call the fresh discard or pass."""
        return self._hand.pending() == (self.seat, DecisionKind.CALL)

    @property
    def asked(self) -> DecisionKind | None:
        """What this seat is asked now (call, pluck, allow, play), or None when the game waits for
        another seat."""
        pending = self._hand.pending()
        return pending[1] if pending is not None and pending[0] == self.seat else None

    @property
    def my_turn(self) -> bool:
        """True if the game waits for this seat's turn decision."""
        return self._hand.to_act == self.seat

    def legal_actions(self) -> list[Action]:
        """This seat's legal actions except lays."""
        return self._hand.legal_actions(self.seat)

    def check(self, action: Action) -> Refusal | None:
        """Whether this seat may take ``action`` now (depends on public facts and own cards)."""
        return self._hand.check(self.seat, action)

    def unseen(self) -> list[Card]:
        """Every card this seat cannot see: the other hands and the stock, as one multiset."""
        h = self._hand
        seen = list(h.hands[self.seat]) + list(h.discard)
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
        w.hands = [list(self._hand.hands[s]) if s == self.seat else list(others[s])
                   for s in range(h.players)]
        w.stock = list(stock)
        w.rng = rng
        return w
