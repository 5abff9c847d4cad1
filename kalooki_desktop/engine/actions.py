"""Actions: small frozen values with a text form that round-trips (``discard 7S``, ``call`` ...).

>>> a = parse_action("lay three 7S 7H 7D | four 2C 3C 4C 5C")
>>> str(a)
'lay three 7S 7H 7D | four 2C 3C 4C 5C'
>>> parse_action(str(Tack(parse_card("9S"), 2, "high"))) == Tack(parse_card("9S"), 2, "high")
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from .cards import Card, card_text, parse_card
from .melds import KIND_NAMES, End, parse_kind


@dataclass(frozen=True, slots=True)
class PluckStock:
    """Take the top card of the stock (J-4.1)."""

    text: ClassVar[str] = "pluck stock"

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class PluckDiscard:
    """Take the top card of the discard pile (J-4.1, J-4.2)."""

    text: ClassVar[str] = "pluck discard"

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Call:
    """Call the fresh discard out of turn (J-5)."""

    text: ClassVar[str] = "call"

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Allow:
    """Let the caller take the discard and a penalty card (J-5.3)."""

    text: ClassVar[str] = "allow"

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Refuse:
    """Take the called discard as your own pluck instead (J-5.3)."""

    text: ClassVar[str] = "refuse"

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class EndTurn:
    """End the turn without a discard when only jokers are held (J-4.5)."""

    text: ClassVar[str] = "end"

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Lay:
    """Lay the whole contract at once (J-4.3): melds as (kind, cards in table order)."""

    melds: tuple[tuple[int, tuple[Card, ...]], ...]

    @staticmethod
    def of(melds: Sequence[tuple[int, Sequence[Card]]]) -> Lay:
        """Build from any sequences."""
        return Lay(tuple((k, tuple(c)) for k, c in melds))

    def __str__(self) -> str:
        parts = [KIND_NAMES[k] + " " + " ".join(card_text(c) for c in cards) for k, cards in self.melds]
        return "lay " + " | ".join(parts)


@dataclass(frozen=True, slots=True)
class Tack:
    """Tack a card from hand on table meld number ``meld`` (from 1), at ``end`` of a four (J-6)."""

    card: Card
    meld: int
    end: End | None = None

    def __str__(self) -> str:
        tail = f" {self.end}" if self.end else ""
        return f"tack {card_text(self.card)} on {self.meld}{tail}"


@dataclass(frozen=True, slots=True)
class MoveJoker:
    """Put ``card`` in place of the joker standing for it in four ``meld`` (J-6.5)."""

    card: Card
    meld: int
    end: End | None = None

    def __str__(self) -> str:
        tail = f" {self.end}" if self.end else ""
        return f"move {card_text(self.card)} on {self.meld}{tail}"


@dataclass(frozen=True, slots=True)
class Discard:
    """End the turn by discarding ``card`` (J-4.5)."""

    card: Card

    def __str__(self) -> str:
        return f"discard {card_text(self.card)}"


Action = PluckStock | PluckDiscard | Call | Allow | Refuse | EndTurn | Lay | Tack | MoveJoker | Discard

_SIMPLE: dict[str, Action] = {
    "pluck stock": PluckStock(),
    "pluck discard": PluckDiscard(),
    "call": Call(),
    "allow": Allow(),
    "refuse": Refuse(),
    "end": EndTurn(),
}


def _parse_end(words: list[str]) -> End | None:
    if not words:
        return None
    if len(words) == 1 and words[0] in ("low", "high"):
        return "low" if words[0] == "low" else "high"
    raise ValueError(f"expected 'low' or 'high' at the end, not {' '.join(words)!r}")


def parse_action(text: str) -> Action:
    """Read an action from its text form; ValueError with a clear message if malformed."""
    t = " ".join(text.strip().lower().split())
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
            raise ValueError(f"a meld number, not {words[3]!r}") from None
        end = _parse_end(words[4:])
        return Tack(card, meld, end) if verb == "tack" else MoveJoker(card, meld, end)
    if verb == "lay" and len(words) > 1:
        melds = []
        for part in t[4:].split("|"):
            bits = part.split()
            if len(bits) < 2:
                raise ValueError(f"a meld is 'three CARDS' or 'four CARDS', not {part.strip()!r}")
            melds.append((parse_kind(bits[0]), tuple(parse_card(b) for b in bits[1:])))
        return Lay(tuple(melds))
    raise ValueError(
        f"not an action: {text!r} (examples: 'pluck stock', 'discard 7S', 'tack 9S on 2 high')"
    )
