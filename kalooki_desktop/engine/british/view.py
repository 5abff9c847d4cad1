"""What one seat may see of a British game (:class:`.seatview.SeatView` with who is still in,
the buy-ins and the turn's duties): its own hand, the table, the discard pile, how many cards
each player holds, who has come out, the scores, who is still in, and the public log. Bots
decide from a view alone, so a bot can never use a card it could not see.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from ..actions import Action
from ..cards import Card, count_cards
from ..game import Applied, DealResult
from ..refusal import Refusal
from ..seatview import Elimination, SeatView
from ..turn import Decision, Phase
from .hand import BritishHand, british_deck
from .rules import BritishRules
from .scoring import hand_value


class Game(Protocol):
    """What a view reads of a game (:class:`.match.BritishMatch`), and what a search does with
    the copy :meth:`BritishView.world` deals it: apply actions, read the results."""

    rules: BritishRules
    players: int
    totals: list[int]
    active: list[bool]
    buy_ins: list[int]
    kitty: int
    rng: random.Random
    ended: BritishHand | None
    results: list[DealResult]
    actions: list[tuple[int, Action]]

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
    def apply(self, seat: int, action: Action) -> Applied: ...

    def clone(self) -> Game: ...

    def digest(self) -> str: ...


class BritishView(SeatView):
    """Seat ``seat``'s view of ``match`` as it stands (it reads the match; it changes nothing).
    ``hand`` is the deal it shows, the one in play unless given (the deal that just ended)."""

    __slots__ = ("_ended", "_match")

    _hand: BritishHand
    _match: Game
    _ended: bool

    def __init__(self, match: Game, seat: int, hand: BritishHand | None = None) -> None:
        super().__init__(hand if hand is not None else match.hand, seat)
        self._match = match
        self._ended = hand is not None

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
    # --- the hidden cards, for a search that deals them --------------------------------------

    def unseen(self) -> list[Card]:
        """Every card this seat cannot see (the other hands and the stock), as one multiset:
        the packs less its own hand, the discard pile and the table."""
        return _left(self.rules, self._hand.hands[self._seat], self._hand)

    def world(self, others: Sequence[Sequence[Card]], stock: Sequence[Card], rng: random.Random) -> Game:
        """An independent copy of the game, as it stands, that this seat cannot tell from the real
        one: ``others`` gives a hand for every seat (this seat's entry is ignored) and ``stock``
        the stock, top card last, both the caller's guesses of the hidden cards; the random
        numbers of the deal (the stock's rebuild, B-9) come from ``rng`` and the next deals' from
        a generator seeded by it. Everything public is copied; every hidden part of the copy is
        replaced: the other hands, the stock, both generators, the turn kept for another seat's
        take back, and the order of the stock left when the last deal ended (its cards are known,
        B-10's open hands). ValueError for a view of a deal that has ended."""
        if self._ended:
            raise ValueError("a world is dealt around the deal in play")
        game = self._match.clone()
        h = game.hand
        h.hands = [list(h.hands[s]) if s == self._seat else list(others[s]) for s in range(h.players)]
        h.stock = list(stock)
        h.rng = rng
        if h.turn != self._seat:
            h.undo = None
        game.rng = random.Random(rng.random())
        if game.ended is not None:  # its hands are open (B-10): the cards of its stock are known
            game.ended.stock = _left(self.rules, [*(c for hand in game.ended.hands for c in hand)],
                                     game.ended)
            game.ended.rng = random.Random(0)
            game.ended.undo = None
        return game


def _left(rules: BritishRules, held: Sequence[Card], deal: BritishHand) -> list[Card]:
    """The cards of the packs that are neither in ``held`` nor in ``deal``'s discard pile and
    table, sorted."""
    left = count_cards(british_deck(rules))
    for c in (*held, *deal.discard, *(c for m in deal.table for c in m.cards)):
        left[c] -= 1
    return [c for c in range(len(left)) for _ in range(max(0, left[c]))]
