"""Threes and fours (J-2), tacking onto them (J-6.2, J-6.3) and the joker move (J-6.5).

A four's cards are kept in table order from its low end; a joker stands for the card of its
position. Ranks inside a four run 1..14 so that a high ace is rank 14 (J-2.4).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from .cards import HIGH_ACE, JOKER, RANK_NAMES, Card, card_text, make_card, rank_of, suit_of
from .refusal import Refusal, refuse
from .rules import FOUR, THREE, RuleSet

End = Literal["low", "high"]
ENDS: Final[tuple[End, End]] = ("low", "high")
KIND_NAMES: Final = {THREE: "three", FOUR: "four"}
KIND_BY_NAME: Final = {"three": THREE, "four": FOUR, "set": THREE, "run": FOUR}
MAX_FOUR: Final = 13


@dataclass(slots=True)
class Meld:
    """A meld on the table (J-2.6): its kind, owner, cards in table order and its base rank.

    ``base`` is the rank of a three, or the rank (1..14) that a four's first card stands for.
    """

    kind: int
    owner: int
    cards: list[Card]
    base: int

    @property
    def suit(self) -> int:
        """The suit of a four (taken from any natural card in it)."""
        for c in self.cards:
            if c != JOKER:
                return suit_of(c)
        return 0

    @property
    def high(self) -> int:
        """The rank (1..14) the last card of a four stands for."""
        return self.base + len(self.cards) - 1

    def stands_for(self, index: int) -> Card:
        """The natural card that position ``index`` is or stands for (a joker's meaning)."""
        if self.kind == THREE:
            c = self.cards[index]
            return c if c != JOKER else make_card(self.base, 0)
        return make_card(self.base + index, self.suit)

    def copy(self) -> Meld:
        """An independent copy."""
        return Meld(self.kind, self.owner, list(self.cards), self.base)

    def describe(self) -> str:
        """E.g. ``four 5S 6S JK(7S) 8S``."""
        parts = []
        for i, c in enumerate(self.cards):
            if c == JOKER and self.kind == FOUR:
                parts.append(f"JK({card_text(self.stands_for(i))})")
            else:
                parts.append(card_text(c))
        return f"{KIND_NAMES[self.kind]} " + " ".join(parts)


def _matches(card: Card, rank: int) -> bool:
    r = rank_of(card)
    return r == rank or (r == 1 and rank == HIGH_ACE)


def check_three(cards: Sequence[Card]) -> Refusal | None:
    """None if ``cards`` form a three (J-2.1, J-2.2), else the refusal.

    >>> from .cards import parse_cards
    >>> check_three(parse_cards("7S 7H JK JK")) is None
    True
    >>> check_three(parse_cards("9S JK JK")).rule
    'J-2.2'
    """
    if len(cards) < 3:
        return refuse("J-2.1", "three.short")
    ranks = {rank_of(c) for c in cards if c != JOKER}
    if len(ranks) > 1:
        return refuse("J-2.1", "three.rank")
    jokers = sum(1 for c in cards if c == JOKER)
    naturals = len(cards) - jokers
    if naturals < 2:
        return refuse("J-2.2", "three.naturals")
    if jokers > naturals:
        return refuse("J-2.2", "three.jokers")
    return None


def four_base(cards: Sequence[Card]) -> int | Refusal:
    """The rank (1..14) that the first card of a four stands for, or the refusal (J-2.3..J-2.5).

    >>> from .cards import parse_cards
    >>> four_base(parse_cards("JH QH KH AH")), four_base(parse_cards("AH 2H 3H 4H"))
    (11, 1)
    >>> four_base(parse_cards("QH KH AH 2H")).rule
    'J-2.4'
    """
    n = len(cards)
    if n < 4:
        return refuse("J-2.3", "four.short")
    for i in range(n - 1):
        if cards[i] == JOKER and cards[i + 1] == JOKER:
            return refuse("J-2.5", "four.jokers_adjacent")
    if n > MAX_FOUR:
        return refuse("J-2.4", "four.long")
    naturals = [(i, c) for i, c in enumerate(cards) if c != JOKER]
    if len({suit_of(c) for _, c in naturals}) > 1:
        return refuse("J-2.3", "four.suit")
    i0, c0 = naturals[0]
    r0 = rank_of(c0)
    candidates = [r0 - i0]
    if r0 == 1:
        candidates.append(HIGH_ACE - i0)
    for base in candidates:
        if base < 1 or base + n - 1 > HIGH_ACE:
            continue
        if all(_matches(c, base + i) for i, c in naturals):
            return base
    # A run that only works by going round the ace (Q-K-A-2), or past it, breaks J-2.4.
    base = r0 - i0
    if all((base + i - 1) % 13 + 1 == rank_of(c) for i, c in naturals):
        return refuse("J-2.4", "four.ace")
    return refuse("J-2.3", "four.sequence")


def check_meld(kind: int, cards: Sequence[Card]) -> Refusal | None:
    """None if ``cards`` (in table order) form a meld of ``kind``, else the refusal."""
    if kind == THREE:
        return check_three(cards)
    if kind == FOUR:
        base = four_base(cards)
        return base if isinstance(base, Refusal) else None
    return refuse("J-2.1", "kind.unknown")


def could_become(kind: int, cards: Sequence[Card]) -> bool:
    """True if more cards could make ``cards`` (in any order) a meld of ``kind``: the naturals
    of a three share a rank (J-2.1); the naturals of a four share a suit, differ in rank, and
    there are at most 13 cards (J-2.3, J-2.4). Jokers never rule a partial meld out:
    more naturals can always be added beside them.

    >>> from .cards import parse_cards
    >>> could_become(THREE, parse_cards("7S JK")), could_become(THREE, parse_cards("7S 8S"))
    (True, False)
    >>> could_become(FOUR, parse_cards("2D 3D 5D")), could_become(FOUR, parse_cards("2D 2D"))
    (True, False)
    >>> could_become(FOUR, parse_cards("KD AD")), could_become(FOUR, parse_cards("5D 6H"))
    (True, False)
    """
    naturals = [c for c in cards if c != JOKER]
    if kind == THREE:
        return len({rank_of(c) for c in naturals}) <= 1
    if kind != FOUR or len(cards) > MAX_FOUR or len({suit_of(c) for c in naturals}) > 1:
        return False
    ranks = [rank_of(c) for c in naturals]
    return len(set(ranks)) == len(ranks)  # distinct ranks always fit ace-low (A..K)


def make_meld(kind: int, owner: int, cards: Sequence[Card]) -> Meld | Refusal:
    """A table meld from checked cards, or the refusal."""
    if kind == THREE:
        bad = check_three(cards)
        if bad:
            return bad
        rank = next(rank_of(c) for c in cards if c != JOKER)
        return Meld(THREE, owner, list(cards), rank)
    if kind == FOUR:
        base = four_base(cards)
        if isinstance(base, Refusal):
            return base
        return Meld(FOUR, owner, list(cards), base)
    return refuse("J-2.1", "kind.unknown")


def _four_end_card(meld: Meld, end: End) -> Card | None:
    """The natural card that would extend a four at ``end``, None if that end is closed."""
    if len(meld.cards) >= MAX_FOUR:
        return None
    rank = meld.base - 1 if end == "low" else meld.high + 1
    if rank < 1 or rank > HIGH_ACE:
        return None
    return make_card(rank, meld.suit)


def tack_fit(meld: Meld, card: Card, *, own: bool) -> Meld | None:
    """:func:`tack_result` without an end, when the card fits; None when it does not (no
    refusal is built: the bots' tack searches try every card on every meld)."""
    result = _tack(meld, card, own=own, end=None, explain=False)
    return result if isinstance(result, Meld) else None


def tack_result(meld: Meld, card: Card, *, own: bool, end: End | None = None) -> Meld | Refusal:
    """The meld after tacking ``card`` on it (J-6.2, J-6.3), or the refusal. ``meld`` is unchanged.

    For a four, ``end`` chooses the end; without it the card goes where it fits (the high end
    when both fit).
    """
    result = _tack(meld, card, own=own, end=end, explain=True)
    assert result is not None
    return result


def _tack(meld: Meld, card: Card, *, own: bool, end: End | None,
          explain: bool) -> Meld | Refusal | None:
    """The tack rules, once: the grown meld, or when the card does not fit the refusal
    (``explain``) or None (no message is built)."""
    if card == JOKER and not own:
        return refuse("J-6.3", "tack.joker_not_own") if explain else None
    if meld.kind == THREE:
        return _tack_three(meld, card, explain=explain)
    return _tack_four(meld, card, end=end, explain=explain)


def _tack_three(meld: Meld, card: Card, *, explain: bool) -> Meld | Refusal | None:
    cards = meld.cards
    if card == JOKER:
        jokers = cards.count(JOKER)
        if jokers + 1 > len(cards) - jokers:
            return refuse("J-2.2", "three.jokers") if explain else None
    elif rank_of(card) != meld.base:
        return refuse("J-6.2", "tack.three_rank", rank=RANK_NAMES[meld.base]) if explain else None
    return Meld(THREE, meld.owner, [*cards, card], meld.base)


def _tack_four(meld: Meld, card: Card, *, end: End | None, explain: bool) -> Meld | Refusal | None:
    cards = meld.cards
    if len(cards) >= MAX_FOUR:
        return refuse("J-6.2", "tack.four_full") if explain else None
    ends: tuple[End, ...] = (end,) if end else ("high", "low")
    first: Refusal | None = None
    for e in ends:
        fits = _four_end_card(meld, e)
        if fits is not None and card == JOKER:
            if (cards[0] if e == "low" else cards[-1]) != JOKER:
                return _extend(meld, card, e)
        elif card == fits:
            return _extend(meld, card, e)
        if not explain or first is not None:
            continue
        if fits is None:
            first = refuse("J-2.4", "tack.four_end", end=e)
        elif card == JOKER:
            first = refuse("J-2.5", "four.jokers_adjacent")
        else:
            wanted = [card_text(c) for c in (_four_end_card(meld, x) for x in ENDS) if c is not None]
            first = refuse("J-6.2", "tack.four_card", cards=" or ".join(wanted) or "nothing")
    return first


def _extend(meld: Meld, card: Card, end: End) -> Meld:
    if end == "low":
        return Meld(FOUR, meld.owner, [card, *meld.cards], meld.base - 1)
    return Meld(FOUR, meld.owner, [*meld.cards, card], meld.base)


def tack_targets(meld: Meld, *, own: bool) -> list[tuple[Card, End | None]]:
    """Every (card, end) that may be tacked on ``meld``; ``end`` is None for a three."""
    out: list[tuple[Card, End | None]] = []
    if meld.kind == THREE:
        out.extend((make_card(meld.base, s), None) for s in range(4))
        if own:
            jokers = meld.cards.count(JOKER)
            if jokers + 1 <= len(meld.cards) - jokers:
                out.append((JOKER, None))
        return out
    for e in ENDS:
        fits = _four_end_card(meld, e)
        if fits is None:
            continue
        out.append((fits, e))
        edge = meld.cards[0] if e == "low" else meld.cards[-1]
        if own and edge != JOKER:
            out.append((JOKER, e))
    return out


def move_joker_result(
    meld: Meld, card: Card, mover: int, rules: RuleSet, end: End | None = None
) -> Meld | Refusal:
    """The four after ``mover`` puts ``card`` in place of the joker that stands for it (J-6.5).

    By default the joker moves to the high end; with J-V2 only the owner may move it, to either
    end (the high end when ``end`` is not given and it fits).
    """
    if meld.kind == THREE:
        return refuse("J-6.4", "move.three")
    index = _joker_for(meld, card)
    if index < 0:
        return refuse("J-6.5", "move.no_joker", card=card_text(card))
    if rules.owner_moves_joker:
        if mover != meld.owner:
            return refuse("J-V2", "move.not_owner")
        ends: tuple[End, ...] = (end,) if end else ("high", "low")
    else:
        if end == "low":
            return refuse("J-6.5", "move.ace_or_full")
        ends = ("high",)
    replaced = list(meld.cards)
    replaced[index] = card
    first: Refusal | None = None
    for e in ends:
        if len(replaced) >= MAX_FOUR or (e == "high" and meld.high >= HIGH_ACE) or (
            e == "low" and meld.base <= 1
        ):
            bad = refuse("J-6.5", "move.ace_or_full")
        elif (replaced[-1] if e == "high" else replaced[0]) == JOKER:
            bad = refuse("J-6.5", "move.adjacent")
        elif e == "high":
            return Meld(FOUR, meld.owner, [*replaced, JOKER], meld.base)
        else:
            return Meld(FOUR, meld.owner, [JOKER, *replaced], meld.base - 1)
        first = first or bad
    assert first is not None
    return first


def _joker_for(meld: Meld, card: Card) -> int:
    """The place of the joker in four ``meld`` that stands for the natural ``card``, or -1."""
    if card != JOKER:
        for i, c in enumerate(meld.cards):
            if c == JOKER and meld.stands_for(i) == card:
                return i
    return -1


def parse_kind(name: str) -> int:
    """``'three'`` (or ``'set'``) -> 3, ``'four'`` (or ``'run'``) -> 4."""
    try:
        return KIND_BY_NAME[name.strip().lower()]
    except KeyError:
        raise ValueError(f"a meld kind is 'three' (a set) or 'four' (a run), not {name!r}") from None

