"""Actions: small frozen values with a text form that round-trips (``discard 7S``, ``call``,
``pass`` ...). Every action prints as the expression that makes it again.

>>> a = parse_action("lay three 7S 7H 7D | four 2C 3C 4C 5C")
>>> str(a)
'lay three 7S 7H 7D | four 2C 3C 4C 5C'
>>> Tack.from_text("tack 9S on 2 high")
Tack.from_text('tack 9S on 2 high')
>>> Tack.from_text("discard 9S")
Traceback (most recent call last):
...
kalooki_desktop.engine.actions.BadActionText: 'discard 9S' is not a tack
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, TypeVar

from .cards import CARD_CODES, JOKER, Card, card_text, parse_card
from .melds import KIND_NAMES, End, parse_kind

_A = TypeVar("_A", bound="BaseAction")


class BadActionText(ValueError):
    """Text that is not an action (or not the kind of action asked for)."""


class BaseAction:
    """What every action shares: its text form (``str``), a ``repr`` that makes it again, and
    :meth:`from_text`."""

    __slots__ = ()
    noun: ClassVar[str] = "action"

    def __repr__(self) -> str:
        return f"{type(self).__name__}.from_text({str(self)!r})"

    @classmethod
    def from_text(cls: type[_A], text: str) -> _A:
        """The action of this kind that ``text`` writes; :class:`BadActionText` otherwise."""
        action = parse_action(text)
        if not isinstance(action, cls):
            raise BadActionText(f"{text!r} is not {cls.noun}")
        return action


class _Word(BaseAction):
    """An action that is one fixed phrase."""

    __slots__ = ()
    text: ClassVar[str] = ""

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True, repr=False)
class PluckStock(_Word):
    """Take the top card of the stock (J-4.1)."""

    text: ClassVar[str] = "pluck stock"
    noun: ClassVar[str] = "a pluck from the stock"


@dataclass(frozen=True, slots=True, repr=False)
class PluckDiscard(_Word):
    """Take the top card of the discard pile (J-4.1, J-4.2)."""

    text: ClassVar[str] = "pluck discard"
    noun: ClassVar[str] = "a pluck from the discard pile"


@dataclass(frozen=True, slots=True, repr=False)
class Call(_Word):
    """Call the fresh discard out of turn (J-5)."""

    text: ClassVar[str] = "call"
    noun: ClassVar[str] = "a call"


@dataclass(frozen=True, slots=True, repr=False)
class Pass(_Word):
    """Let the fresh discard go instead of calling it (J-5.2: the next caller in order decides)."""

    text: ClassVar[str] = "pass"
    noun: ClassVar[str] = "a pass"


@dataclass(frozen=True, slots=True, repr=False)
class Allow(_Word):
    """Let the caller take the discard and a penalty card (J-5.3)."""

    text: ClassVar[str] = "allow"
    noun: ClassVar[str] = "an allow"


@dataclass(frozen=True, slots=True, repr=False)
class Refuse(_Word):
    """Take the called discard as your own pluck instead (J-5.3)."""

    text: ClassVar[str] = "refuse"
    noun: ClassVar[str] = "a refusal"


@dataclass(frozen=True, slots=True, repr=False)
class BuyIn(_Word):
    """Stay in the game after going over the limit, at the highest score still in (B-11)."""

    text: ClassVar[str] = "buy in"
    noun: ClassVar[str] = "a buy-in"


@dataclass(frozen=True, slots=True, repr=False)
class StayOut(_Word):
    """Leave the game after going over the limit (B-11)."""

    text: ClassVar[str] = "stay out"
    noun: ClassVar[str] = "leaving the game"


@dataclass(frozen=True, slots=True, repr=False)
class EndTurn(_Word):
    """End the turn without a discard when only jokers are held (J-4.5)."""

    text: ClassVar[str] = "end"
    noun: ClassVar[str] = "an end of turn"


@dataclass(frozen=True, slots=True, repr=False)
class TakeBack(_Word):
    """Take back this turn's plays since the pluck (lays, tacks, joker moves, lay-offs, joker
    retrievals): the deal returns to where it stood right after the pluck. The pluck stands (its
    card has been seen) and the discard ends the turn for good. A player's choice at the table,
    never a computer player's: it is not among the legal actions a bot chooses from."""

    text: ClassVar[str] = "take back"
    noun: ClassVar[str] = "a take back"


@dataclass(frozen=True, slots=True, repr=False)
class Lay(BaseAction):
    """Lay the whole contract at once (J-4.3): melds as (kind, cards in table order)."""

    noun: ClassVar[str] = "a lay"
    melds: tuple[tuple[int, tuple[Card, ...]], ...]

    @staticmethod
    def of(melds: Sequence[tuple[int, Sequence[Card]]]) -> Lay:
        """Build from any sequences."""
        return Lay(tuple((k, tuple(c)) for k, c in melds))

    def __str__(self) -> str:
        parts = [KIND_NAMES[k] + " " + " ".join(card_text(c) for c in cards) for k, cards in self.melds]
        return "lay " + " | ".join(parts)


@dataclass(frozen=True, slots=True, repr=False)
class Tack(BaseAction):
    """Tack a card from hand on table meld number ``meld`` (from 1), at ``end`` of a four (J-6)."""

    noun: ClassVar[str] = "a tack"
    card: Card
    meld: int
    end: End | None = None

    def __str__(self) -> str:
        tail = f" {self.end}" if self.end else ""
        return f"tack {card_text(self.card)} on {self.meld}{tail}"


@dataclass(frozen=True, slots=True, repr=False)
class MoveJoker(BaseAction):
    """Put ``card`` in place of the joker standing for it in four ``meld`` (J-6.5)."""

    noun: ClassVar[str] = "a joker move"
    card: Card
    meld: int
    end: End | None = None

    def __str__(self) -> str:
        tail = f" {self.end}" if self.end else ""
        return f"move {card_text(self.card)} on {self.meld}{tail}"


@dataclass(frozen=True, slots=True, repr=False)
class Retrieve(BaseAction):
    """Free a joker from table meld ``meld`` with the natural ``cards`` (British Kalooki, B-7):
    the one card it stands for in a run, the missing suits' cards in a set."""

    noun: ClassVar[str] = "a joker retrieval"
    cards: tuple[Card, ...]
    meld: int

    def __str__(self) -> str:
        return f"retrieve {' '.join(card_text(c) for c in self.cards)} on {self.meld}"


@dataclass(frozen=True, slots=True, repr=False)
class Discard(BaseAction):
    """End the turn by discarding ``card`` (J-4.5)."""

    noun: ClassVar[str] = "a discard"
    card: Card

    def __str__(self) -> str:
        return _DISCARD_TEXTS.get(self.card) or f"discard {card_text(self.card)}"


#: Each card's discard written out (a turn's record writes one for most turns).
_DISCARD_TEXTS: dict[Card, str] = {
    c: f"discard {card_text(c)}" for c in range(CARD_CODES) if c == JOKER or c >= 4
}

#: Every card code's discard, one shared value each (an action cannot change), so that listing a
#: turn's legal discards makes no new objects.
DISCARDS: tuple[Discard, ...] = tuple(Discard(c) for c in range(CARD_CODES))


def discard_of(card: Card) -> Discard:
    """The discard of ``card`` (the shared value of :data:`DISCARDS` for a card code)."""
    return DISCARDS[card] if 0 <= card < CARD_CODES else Discard(card)


Action = (
    PluckStock | PluckDiscard | Call | Pass | Allow | Refuse | EndTurn | Lay | Tack | MoveJoker | Retrieve
    | Discard | BuyIn | StayOut | TakeBack
)

_SIMPLE: dict[str, Action] = {
    "pluck stock": PluckStock(),
    "pluck discard": PluckDiscard(),
    "call": Call(),
    "pass": Pass(),
    "allow": Allow(),
    "refuse": Refuse(),
    "end": EndTurn(),
    "buy in": BuyIn(),
    "stay out": StayOut(),
    "take back": TakeBack(),
}

#: The plays of a turn that a take back returns.
_PLAYS = (Lay, Tack, MoveJoker, Retrieve)


def taken_back(actions: Sequence[tuple[int, BaseAction]]) -> frozenset[int]:
    """The indices in a game's action list of the actions that do not stand: each take back and
    the plays it returned (those of the same turn since its pluck). What a record of the
    player's decisions leaves out (the coach, progress, the review).

    >>> taken_back([(0, PluckStock()), (0, Lay.of([])), (0, TakeBack()), (0, Discard(9))])
    frozenset({1, 2})
    """
    out: set[int] = set()
    for i, (seat, action) in enumerate(actions):
        if not isinstance(action, TakeBack):
            continue
        out.add(i)
        j = i - 1
        while j >= 0 and actions[j][0] == seat and isinstance(actions[j][1], (*_PLAYS, TakeBack)):
            out.add(j)
            j -= 1
    return frozenset(out)


def _parse_end(words: list[str]) -> End | None:
    if not words:
        return None
    if len(words) == 1 and words[0] in ("low", "high"):
        return "low" if words[0] == "low" else "high"
    raise BadActionText(f"expected 'low' or 'high' at the end, not {' '.join(words)!r}")


def parse_action(text: str) -> Action:
    """Read an action from its text form; :class:`BadActionText` (a ValueError) with a clear
    message if malformed."""
    try:
        return _parse(" ".join(text.strip().lower().split()), text)
    except BadActionText:
        raise
    except ValueError as exc:  # a card or a meld kind that does not exist
        raise BadActionText(str(exc)) from None


def _parse(t: str, text: str) -> Action:
    if t in _SIMPLE:
        return _SIMPLE[t]
    words = t.split(" ")
    verb = words[0]
    if verb == "discard" and len(words) == 2:
        return Discard(parse_card(words[1]))
    if verb in ("tack", "move") and len(words) >= 4 and words[2] == "on":
        card = parse_card(words[1])
        try:
            meld = int(words[3])
        except ValueError:
            raise BadActionText(f"a meld number, not {words[3]!r}") from None
        end = _parse_end(words[4:])
        return Tack(card, meld, end) if verb == "tack" else MoveJoker(card, meld, end)
    if verb == "retrieve" and "on" in words[2:] and len(words) >= 4:
        at = words.index("on", 2)
        if at + 2 != len(words) or not words[at + 1].isdigit():
            raise BadActionText(f"expected 'retrieve CARDS on N', not {text!r}")
        return Retrieve(tuple(parse_card(w) for w in words[1:at]), int(words[at + 1]))
    if verb == "lay" and len(words) > 1:
        melds = []
        for part in t[4:].split("|"):
            bits = part.split()
            if len(bits) < 2:
                raise BadActionText(f"a meld is 'three CARDS' or 'four CARDS', not {part.strip()!r}")
            melds.append((parse_kind(bits[0]), tuple(parse_card(b) for b in bits[1:])))
        return Lay(tuple(melds))
    raise BadActionText(
        f"not an action: {text!r} (examples: 'pluck stock', 'discard 7S', 'tack 9S on 2 high')"
    )
