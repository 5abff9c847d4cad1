"""What one deal is in every rule system of the game: the seats' hands, the stock and the
discard pile, the melds on the table, whose turn it is and where the turn stands, the public
log, the stock rebuilt once from the pile and a deal made void. Checking and applying an action
go through the rule system's handlers (:meth:`Deal._handle`): the Jamaican hand
(:class:`.hand.HandState`) and the British one (:class:`.british.hand.BritishHand`) each
bring their own.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import random
from collections.abc import Sequence
from typing import Any, TypeVar

from .actions import Action, BaseAction
from .cards import Card, card_text, count_cards
from .digest import sha256_hex
from .melds import Meld
from .refusal import IllegalAction, Refusal, refuse
from .turn import Phase

D = TypeVar("D", bound="Deal")
T = TypeVar("T")


def check_position(
    deck: Sequence[Card], hands: Sequence[Sequence[Card]], discard: Sequence[Card], stock: Sequence[Card],
    dealer: int, rule: str,
) -> None:
    """ValueError if a card of an exact deal appears more often than ``deck`` holds (naming
    ``rule``), or the dealer is not at the table."""
    allowed = count_cards(deck)
    seen = count_cards([c for h in hands for c in h] + list(discard) + list(stock))
    for code, n in enumerate(seen):
        if n > allowed[code]:
            raise ValueError(
                f"{card_text(code)} appears {n} times; the packs for {len(hands)} players "
                f"hold {allowed[code]} ({rule})"
            )
    if not 0 <= dealer < len(hands):
        raise ValueError(f"dealer seat {dealer} is not at a table of {len(hands)}")


class Deal:
    """The state every deal has (see the module docstring)."""

    def __init__(
        self, dealer: int, hands: list[list[Card]], discard: list[Card], stock: list[Card], rng: random.Random
    ) -> None:
        self.players = len(hands)
        self.dealer = dealer
        self.hands = hands
        self.discard = discard  # top card last
        self.stock = stock  # top card last
        self.rng = rng
        self.table: list[Meld] = []
        self.turn = (dealer + 1) % self.players
        self.phase = Phase.PLUCK
        self.rebuilds = 0
        self.turn_no = 0
        self.out: int | None = None
        self.void = False
        self.scores: list[int] | None = None
        self.log: list[tuple[int, str]] = []  # public record: (seat, action text)
        # The turn as it stood right after its pluck, kept at its first play (a take back
        # returns to it); None before a play and between turns.
        self.undo: dict[str, Any] | None = None

    def clone(self: D) -> D:
        """An independent copy: every attribute :func:`detached` (its rng too), so that a new
        field is copied without being named anywhere."""
        return detached_copy(self)

    # --- questions ----------------------------------------------------------------------

    @property
    def over(self) -> bool:
        """True once somebody went out or the deal is void."""
        return self.phase == Phase.OVER

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is (None when the deal is over)."""
        return None if self.phase == Phase.OVER else self.turn

    @property
    def discard_top(self) -> Card | None:
        """The top of the discard pile, if any."""
        return self.discard[-1] if self.discard else None

    def check(self, seat: int, action: Action) -> Refusal | None:
        """The refusal ``apply(seat, action)`` would raise, or None if it is legal."""
        return self._handle(seat, action, do=False)

    def apply(self, seat: int, action: Action) -> None:
        """Apply ``action`` for ``seat``; raises :class:`IllegalAction` naming the rule if illegal."""
        bad = self._handle(seat, action, do=True)
        if bad is not None:
            raise IllegalAction(bad)

    def _handle(self, seat: int, action: Action, *, do: bool) -> Refusal | None:
        """The rule system's check of ``action`` (and, when ``do``, its change of the deal)."""
        raise NotImplementedError

    # --- taking back a turn's plays --------------------------------------------------------

    def _turn_fields(self) -> dict[str, Any]:
        """The rule system's own fields that a turn's plays change (copies): what a take back
        restores besides the player's hand, the table and the log."""
        raise NotImplementedError

    def _keep_turn(self) -> None:
        """Keep the turn as it stands before its first play changes it (the plays after it change
        the deal, the pluck is behind it): what :meth:`_take_back` returns to."""
        if self.undo is None:
            self.undo = {"hand": list(self.hands[self.turn]), "table": [m.copy() for m in self.table],
                         "log": len(self.log), **self._turn_fields()}

    def _take_back(self, rule: str, *, do: bool) -> Refusal | None:
        """Return the turn to where it stood right after its pluck (:class:`.actions.TakeBack`),
        or why not: before the pluck, or with nothing played since. ``rule`` is the rule
        system's turn rule (J-4, B-3). The kept turn is copied back, so that copies of this deal
        that share it stay independent."""
        if self.phase != Phase.PLAY:
            return refuse(rule, "turn.take_back_pluck")
        kept = self.undo
        if kept is None:
            return refuse(rule, "turn.take_back_nothing")
        if do:
            for name, value in kept.items():
                if name == "hand":
                    self.hands[self.turn] = list(value)
                elif name == "table":
                    self.table = [m.copy() for m in value]
                elif name == "log":
                    del self.log[value:]
                else:
                    setattr(self, name, type(value)(value) if isinstance(value, list | dict) else value)
            self.undo = None
        return None

    # --- the stock ------------------------------------------------------------------------

    def _take_from_stock(self) -> Card | None:
        """The top stock card; an empty stock is rebuilt once from the pile under its top card
        (J-7.1, B-9); None when it is empty again, and the deal is void (J-7.2, B-9)."""
        if not self.stock:
            if self.rebuilds >= 1 or len(self.discard) <= 1:
                self._void()
                return None
            top = self.discard.pop()
            self.stock = self.discard
            self.rng.shuffle(self.stock)
            self.discard = [top]
            self.rebuilds += 1
        return self.stock.pop()

    def _void(self) -> None:
        """Nobody scores; the same dealer deals again (J-7.2, B-9)."""
        self.phase = Phase.OVER
        self.void = True
        self.scores = [0] * self.players

    def all_cards(self) -> list[Card]:
        """Every card of the deal wherever it is: hands, stock, discard pile, table."""
        cards = [c for h in self.hands for c in h] + self.stock + self.discard
        for m in self.table:
            cards.extend(m.cards)
        return cards


#: A deal's attributes that follow from the rest of its state: the turn kept for a take back is
#: the deal as it stood before the plays its log records since the pluck. Left out of the
#: fingerprint, so that games saved before the field existed load as the same games.
_DERIVED = frozenset({"undo"})


def detached(value: Any) -> Any:
    """A copy of a piece of game state that shares nothing mutable with ``value``: lists, dicts
    and sets copied all the way down, melds and deals copied, a random generator at the same
    state; numbers, strings, enums, tuples of them and frozen values (actions, results, rules)
    are shared, being immutable."""
    if isinstance(value, list):
        if value and isinstance(value[0], int | str | tuple):
            return list(value)  # plain values (cards, log lines, totals)
        return [detached(v) for v in value]
    if isinstance(value, dict):
        return {k: detached(v) for k, v in value.items()}
    if isinstance(value, set):
        return set(value)
    if isinstance(value, Meld):
        return value.copy()
    if isinstance(value, Deal):
        return value.clone()
    if isinstance(value, random.Random):
        rng = random.Random()
        rng.setstate(value.getstate())
        return rng
    return value


def detached_copy(obj: T) -> T:
    """A new object of ``obj``'s type with each of its attributes :func:`detached`."""
    other = object.__new__(type(obj))
    other.__dict__.update({name: detached(value) for name, value in vars(obj).items()})
    return other


def state_digest(match: object, hand: Deal) -> str:
    """A fingerprint of a whole game's state, built from every attribute of the match and of its
    deal in play (a new field is covered without being named anywhere; :data:`_DERIVED` alone
    is left out): two games with the same digest are the same game at the same moment. Saves
    keep it to tell a game replayed right."""
    own = {k: v for k, v in vars(hand).items() if k not in _DERIVED}
    doc = {"match": _plain(vars(match)), "hand": _plain(own)}
    return sha256_hex(json.dumps(doc, sort_keys=True).encode())


def _plain(value: Any) -> Any:
    """``value`` as plain JSON data, whatever state object it is; TypeError for a kind of value
    it does not know, so that a new kind of field cannot slip out of :func:`state_digest`."""
    if isinstance(value, Deal):
        return "hand"  # the match's deal is digested on its own
    if isinstance(value, enum.Enum):
        return _plain(value.value)
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, set | frozenset):
        return sorted(_plain(v) for v in value)
    if isinstance(value, random.Random):
        return _plain(value.getstate())
    if isinstance(value, BaseAction):
        return str(value)
    if hasattr(value, "digest_form"):
        return _plain(value.digest_form())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [type(value).__name__, *(_plain(getattr(value, f.name)) for f in dataclasses.fields(value))]
    raise TypeError(f"state_digest does not know how to read {type(value).__name__}")
