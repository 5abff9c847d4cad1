"""What one seat may know of a game, in every rule system: its own cards and everything public,
nothing more. The engine builds views (:meth:`.game.Game.view`); bots decide from a view alone,
the table draws the player's.

A view cannot be changed (its answers are properties without setters, its slots private), and
everything it gives is a tuple or a copy: no answer leads to the
game's state, another seat's cards or the stock. It reads the deal when asked, so that making
one per decision costs nothing (a copy of a deal costs more than an action); a bot that thinks
on another thread while the game goes on gets a view of a copy
(``game.clone().view(seat)``). Each rule system extends it with its own facts
(:class:`.view.View`: the contract and calls; :class:`.british.view.BritishView`: the buy-ins
and the joker a retrieval freed).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any

from .actions import Action
from .cards import Card
from .deal import Deal
from .melds import Meld
from .refusal import Refusal
from .turn import DecisionKind, Phase


class SeatView(ABC):
    """Seat ``seat``'s view of a deal (the one in play, or the one that just ended)."""

    __slots__ = ("_hand", "_seat")

    _hand: Deal
    _seat: int

    def __init__(self, hand: Deal, seat: int) -> None:
        self._hand = hand
        self._seat = seat

    @property
    def seat(self) -> int:
        """The seat whose view this is."""
        return self._seat

    # --- the game ---------------------------------------------------------------------

    @property
    @abstractmethod
    def rules(self) -> Any:
        """The rules in force (:class:`.game.Rules`)."""

    @property
    def system(self) -> str:
        """The rule system's key (``jamaican``, ``british``)."""
        return str(self.rules.system)

    @property
    @abstractmethod
    def hand_number(self) -> int:
        """The deal shown, counted from 1 (the hand of the schedule in the Jamaican game)."""

    @property
    @abstractmethod
    def totals(self) -> tuple[int, ...]:
        """Every seat's running total."""

    @property
    def active(self) -> tuple[bool, ...]:
        """Who is still in the game (a British player over the limit is out, B-11)."""
        return (True,) * self._hand.players

    @property
    def asked(self) -> DecisionKind | None:
        """What this seat is asked now, or None when the game waits for another seat."""
        pending = self._pending()
        return pending[1] if pending is not None and pending[0] == self._seat else None

    @abstractmethod
    def _pending(self) -> tuple[int, DecisionKind] | None: ...

    @abstractmethod
    def check(self, action: Action) -> Refusal | None:
        """Whether this seat may take ``action`` now (the engine's refusal, or None)."""

    def legal_actions(self) -> list[Action]:
        """This seat's legal actions now except new melds (see :meth:`check`)."""
        return self._hand.legal_actions(self._seat)  # type: ignore[attr-defined, no-any-return]

    # --- the deal ---------------------------------------------------------------------

    @property
    def players(self) -> int:
        """Number of seats."""
        return self._hand.players

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._hand.dealer

    @property
    def turn(self) -> int:
        """The seat whose turn it is."""
        return self._hand.turn

    @property
    def phase(self) -> Phase:
        """Where the turn stands."""
        return self._hand.phase

    @property
    def my_hand(self) -> tuple[Card, ...]:
        """This seat's cards."""
        return tuple(self._hand.hands[self._seat])

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards every seat holds."""
        return tuple(len(h) for h in self._hand.hands)

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
    def rebuilds(self) -> int:
        """How often the stock was rebuilt from the pile this deal (J-7.1, B-9)."""
        return self._hand.rebuilds

    @property
    @abstractmethod
    def laid(self) -> tuple[bool, ...]:
        """Who has melds on the table: laid the contract (J-8), came out (B-4)."""

    @property
    def open_hands(self) -> tuple[tuple[Card, ...], ...] | None:
        """Every seat's cards when everybody may see them, else None."""
        return None

    @property
    def log(self) -> tuple[tuple[int, str], ...]:
        """The public record of the deal: (seat, action text)."""
        return tuple(self._hand.log)

    # --- what the rule systems add, with the values of a system that lacks them ---------

    @property
    def calls_used(self) -> tuple[int, ...]:
        """Allowed calls per seat this deal (J-5.6)."""
        return (0,) * self._hand.players

    @property
    def caller(self) -> int | None:
        """The seat whose call waits to be allowed or refused (J-5.3)."""
        return None

    @property
    def must_open(self) -> bool:
        """The seat took the discard before coming out and must open this turn (B-5)."""
        return False

    @property
    def free_jokers(self) -> int:
        """Jokers the seat took from the table this turn and must still lay (B-7)."""
        return 0

    @property
    def contract(self) -> tuple[int, ...]:
        """The kinds of the melds the deal's contract asks for, in order (J-3.2: a three or a
        four each); () where a deal has no contract (B-4: an opening of points)."""
        return ()

    @property
    def kitty(self) -> int:
        """The chips in the kitty (B-12), 0 where the game is not played for chips."""
        return 0

    # --- what the scores and the game's progress show ------------------------------------

    @abstractmethod
    def card_points(self, card: Card) -> int:
        """What ``card`` costs when it is left in a hand at the end of a deal (J-1.3, B-10)."""

    @property
    def contract_text(self) -> str:
        """The contract of the deal shown ("3 3 4", J-3.1), or "" in a game without contracts."""
        return ""

    @property
    def schedule_length(self) -> int:
        """How many hands the game's schedule has (J-3.1), or 0 in a game dealt until it has its
        winner (B-11)."""
        return 0

    @property
    def elimination(self) -> Elimination | None:
        """The limit above which a player is out of the game, the buy-ins back in (B-11) and the
        chips (B-12), or None in a game without a limit."""
        return None


@dataclass(frozen=True, slots=True)
class Elimination:
    """A game's limit and buy-ins as every seat may know them (B-11), and its stakes (B-12).

    ``most`` is how many times a player may buy back in; ``buy_ins`` how often each seat has;
    ``score`` the total a player over the limit buys back in at now (None when nobody is left
    at or under the limit); ``bought`` every buy-in so far as (scored deals before it, seat, the
    total bought back in at); ``chips`` each seat's gain when the game is played for chips, else
    None, and ``kitty`` what the kitty holds.
    """

    limit: int
    most: int
    buy_ins: tuple[int, ...]
    score: int | None
    bought: tuple[tuple[int, int, int], ...]
    chips: tuple[int, ...] | None
    kitty: int
