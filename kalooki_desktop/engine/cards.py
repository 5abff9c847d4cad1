"""Cards, their text notation (``7S``, ``10H``, ``JK``), decks (J-1.2) and penalty values (J-1.3).

A card is a small int so that hands, counts and the contract finder stay fast:
``rank * 4 + suit`` for a natural card (rank 1 = ace .. 13 = king; suit 0..3 = S H D C)
and ``0`` for a joker. Physically identical cards of different packs are the same int;
no rule depends on which pack a card came from.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

Card = int

JOKER: Final = 0
SUITS: Final = "SHDC"
SUIT_SYMBOLS: Final = "♠♥♦♣"
RANK_NAMES: Final = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
ACE: Final = 1
KING: Final = 13
HIGH_ACE: Final = 14
#: Size of a per-card count array (codes 0..55).
CARD_CODES: Final = 56

_RANK_BY_NAME: Final = {name: i for i, name in enumerate(RANK_NAMES[:14]) if name}


def make_card(rank: int, suit: int) -> Card:
    """The card of ``rank`` (1..13, or 14 for a high ace) and ``suit`` (0..3).

    >>> card_text(make_card(10, 1))
    '10H'
    """
    if rank == HIGH_ACE:
        rank = ACE
    return rank * 4 + suit


def rank_of(card: Card) -> int:
    """Rank 1..13 of a natural card (0 for a joker).

    >>> rank_of(parse_card("QD")), suit_of(parse_card("QD")), SUITS[suit_of(parse_card("QD"))]
    (12, 2, 'D')
    """
    return card >> 2


def suit_of(card: Card) -> int:
    """Suit index 0..3 of a natural card (meaningless for a joker)."""
    return card & 3


def parse_card(text: str) -> Card:
    """Read one card in the rule book's notation.

    >>> parse_card("10H") == make_card(10, 1), parse_card("jk") == JOKER
    (True, True)
    """
    known = _CARD_BY_TEXT.get(text)
    if known is not None:
        return known
    t = text.strip().upper()
    if t == "JK":
        return JOKER
    if len(t) < 2 or t[-1] not in SUITS or t[:-1] not in _RANK_BY_NAME:
        raise ValueError(f"not a card: {text!r} (examples: 7S, 10H, QD, AS, JK)")
    return make_card(_RANK_BY_NAME[t[:-1]], SUITS.index(t[-1]))


#: The cards by their exact notation (``7S``, ``10H``, ``JK``): the bots read the hand's log, a
#: card at a time, many times a decision.
_CARD_BY_TEXT: Final[dict[str, Card]] = {
    **{f"{RANK_NAMES[r]}{SUITS[s]}": r * 4 + s for r in range(1, 14) for s in range(4)},
    "JK": JOKER,
}


def parse_cards(texts: Iterable[str] | str) -> list[Card]:
    """Read several cards, from a list of texts or one space-separated string."""
    if isinstance(texts, str):
        texts = texts.split()
    return [parse_card(t) for t in texts]


def card_text(card: Card) -> str:
    """The notation of one card: ``AS``, ``10H``, ``JK``."""
    if card == JOKER:
        return "JK"
    return RANK_NAMES[card >> 2] + SUITS[card & 3]


def cards_text(cards: Iterable[Card]) -> list[str]:
    """The notation of several cards, in order."""
    return [card_text(c) for c in cards]


def card_label(card: Card) -> str:
    """A human label with the suit symbol: ``7♠``, ``10♥``, ``Joker``."""
    if card == JOKER:
        return "Joker"
    return RANK_NAMES[card >> 2] + SUIT_SYMBOLS[card & 3]


def penalty(card: Card, joker_points: int = 50) -> int:
    """Penalty value of a card left in hand (J-1.3).

    >>> [penalty(parse_card(t)) for t in ("JK", "AS", "AC", "AH", "KD", "10S", "7C")]
    [50, 15, 15, 1, 10, 10, 7]
    """
    if card == JOKER:
        return joker_points
    rank = card >> 2
    if rank == ACE:
        return 15 if (card & 3) in (0, 3) else 1
    return 10 if rank >= 10 else rank


def penalty_total(cards: Iterable[Card], joker_points: int = 50) -> int:
    """Sum of the penalty values of ``cards`` (J-1.3)."""
    return sum(penalty(c, joker_points) for c in cards)


#: The fewest and the most players of the Jamaican game (J-1.1).
MIN_PLAYERS, MAX_PLAYERS = 3, 8


def deck_size(players: int, extra_jokers: int = 0) -> tuple[int, int]:
    """(packs, jokers) for a table of ``players`` (J-1.2).

    ``extra_jokers`` is variant J-V10's addition for 3-4 players (1 or 2).
    """
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Kalooki is played by 3 to 8 players, not {players} (J-1.1)")
    if players <= 4:
        return 2, 4 + extra_jokers
    if players <= 6:
        return 3, 8
    return 4, 10


def new_deck(players: int, extra_jokers: int = 0) -> list[Card]:
    """Every card of the packs for ``players``, unshuffled (J-1.2)."""
    packs, jokers = deck_size(players, extra_jokers)
    naturals = [make_card(r, s) for r in range(1, 14) for s in range(4)]
    return naturals * packs + [JOKER] * jokers


def count_cards(cards: Iterable[Card]) -> list[int]:
    """A count array indexed by card code."""
    counts = [0] * CARD_CODES
    for c in cards:
        counts[c] += 1
    return counts


def sort_key_suit(card: Card) -> tuple[int, int]:
    """Sort by suit then rank, jokers last (the hand's "sort by suit" button).

    >>> cards_text(sorted(parse_cards("JK 3H 10S 2H"), key=sort_key_suit))
    ['10S', '2H', '3H', 'JK']
    """
    if card == JOKER:
        return (9, 0)
    return (card & 3, card >> 2)


def sort_key_rank(card: Card) -> tuple[int, int]:
    """Sort by rank then suit, jokers last (the hand's "sort by rank" button).

    >>> cards_text(sorted(parse_cards("JK 3H 10S 3S"), key=sort_key_rank))
    ['3S', '3H', '10S', 'JK']
    """
    if card == JOKER:
        return (99, 0)
    return (card >> 2, card & 3)

