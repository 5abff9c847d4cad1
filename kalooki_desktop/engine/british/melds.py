"""Sets and runs of British Kalooki (B-2 and its clarifications) and the points of an opening
(B-4, B-V1). A meld is the engine's :class:`~kalooki_desktop.engine.melds.Meld`: a set is kind :data:`SET`,
a run kind :data:`RUN` (the same numbers as part J's three and four, which the judge's queries
and the saved actions' words share), its cards in table order, a run's ``base`` the rank (1..14)
its first card stands for.

>>> from kalooki_desktop.engine.cards import parse_cards
>>> from .rules import make_british_rules
>>> forty = make_british_rules("british40")
>>> opening_points([make_b_meld(THREE, 0, parse_cards("QS QH QD"), forty),
...                 make_b_meld(FOUR, 0, parse_cards("6C 7C 8C"), forty)])
51
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..cards import ACE, HIGH_ACE, JOKER, Card, rank_of, suit_of
from ..melds import Meld
from ..refusal import Refusal, refuse
from ..rules import FOUR, THREE
from .rules import BritishRules

#: A set's and a run's kind (B-2).
SET: Final = THREE
RUN: Final = FOUR
#: The most cards a set holds (B-2, B-6) and a run holds (thirteen ranks).
MAX_SET = 4
MAX_RUN = 13


def check_set(cards: Sequence[Card]) -> Refusal | None:
    """None if ``cards`` are a set (B-2): 3 or 4 cards of one rank, the naturals of different
    suits, at least one natural (a joker stands for a missing suit).

    >>> from kalooki_desktop.engine.cards import parse_cards
    >>> check_set(parse_cards("7S 7H JK")) is None, check_set(parse_cards("7S 7S 7H")).rule
    (True, 'B-2')
    """
    if not 3 <= len(cards) <= MAX_SET:
        return refuse("B-2", "set.size")
    naturals = [c for c in cards if c != JOKER]
    if not naturals:
        return refuse("B-2", "meld.natural")
    if len({rank_of(c) for c in naturals}) > 1:
        return refuse("B-2", "set.rank")
    if len({suit_of(c) for c in naturals}) < len(naturals):
        return refuse("B-2", "set.suits")
    return None


def run_base(cards: Sequence[Card], rules: BritishRules) -> int | Refusal:
    """The rank (1..14) the first card of run ``cards`` stands for (B-2), or the refusal: 3 or
    more cards of one suit in sequence, at least one natural; the ace high only (Q-K-A, never
    A-2-3, a joker never a low ace) or, with :attr:`BritishRules.ace_low`, high or low but
    never both (B-V1). Jokers may stand side by side.

    >>> from kalooki_desktop.engine.cards import parse_cards
    >>> from .rules import make_british_rules
    >>> forty, k51 = make_british_rules("british40"), make_british_rules("kalooki51")
    >>> run_base(parse_cards("QS KS AS"), forty), run_base(parse_cards("5S JK JK 8S"), forty)
    (12, 5)
    >>> run_base(parse_cards("AS 2S 3S"), forty).rule, run_base(parse_cards("AS 2S 3S"), k51)
    ('B-2', 1)
    >>> run_base(parse_cards("KS AS 2S"), k51).rule
    'B-V1'
    """
    n = len(cards)
    if n < 3:
        return refuse("B-2", "run.short")
    if n > MAX_RUN:
        return refuse("B-2", "run.long")
    naturals = [(i, c) for i, c in enumerate(cards) if c != JOKER]
    if not naturals:
        return refuse("B-2", "meld.natural")
    if len({suit_of(c) for _, c in naturals}) > 1:
        return refuse("B-2", "run.suit")
    i0, c0 = naturals[0]
    bases = [rank_of(c0) - i0]
    if rank_of(c0) == ACE:
        bases.append(HIGH_ACE - i0)
    lowest = 1 if rules.ace_low else 2
    for base in bases:
        if base < lowest or base + n - 1 > HIGH_ACE:
            continue
        if all(_is(c, base + i) for i, c in naturals):
            return base
    wraps = all((rank_of(c0) - i0 + i - 1) % 13 + 1 == rank_of(c) for i, c in naturals)
    if wraps or any(rank_of(c) == ACE for _, c in naturals) or rank_of(c0) - i0 < lowest:
        return refuse("B-V1", "run.ace") if rules.ace_low else refuse("B-2", "run.ace_high")
    return refuse("B-2", "run.sequence")


def _is(card: Card, rank: int) -> bool:
    r = rank_of(card)
    return r == rank or (r == ACE and rank == HIGH_ACE)


def declared_order(kind: int, cards: Sequence[Card], rules: BritishRules) -> list[Card]:
    """A run of one natural card and two jokers in table order (B-2 clarification): upward
    from the natural where it can (7S JK JK is 7-8-9), else downward (JK JK KS in Kalooki 40).
    Any other meld keeps its order.

    >>> from kalooki_desktop.engine.cards import cards_text, parse_cards
    >>> from .rules import make_british_rules
    >>> forty = make_british_rules("british40")
    >>> cards_text(declared_order(RUN, parse_cards("JK KS JK"), forty))
    ['JK', 'JK', 'KS']
    """
    naturals = [c for c in cards if c != JOKER]
    if kind != RUN or len(cards) != 3 or len(naturals) != 1:
        return list(cards)
    up = [naturals[0], JOKER, JOKER]
    return up if not isinstance(run_base(up, rules), Refusal) else [JOKER, JOKER, naturals[0]]


def make_b_meld(kind: int, owner: int, cards: Sequence[Card], rules: BritishRules) -> Meld | Refusal:
    """A meld of part B from ``cards`` declared a set (``SET``) or a run (``RUN``), or the
    refusal naming the rule."""
    if kind == SET:
        bad = check_set(cards)
        if bad is not None:
            return bad
        return Meld(SET, owner, list(cards), next(rank_of(c) for c in cards if c != JOKER))
    if kind == RUN:
        ordered = declared_order(kind, cards, rules)
        base = run_base(ordered, rules)
        return base if isinstance(base, Refusal) else Meld(RUN, owner, ordered, base)
    return refuse("B-2", "kind.unknown")


def card_points(rank: int) -> int:
    """What a card of ``rank`` (1..14) counts towards an opening (B-4): a high ace 11, a low
    ace 1 (B-V1), K Q J 10 ten, the others their face value."""
    if rank == HIGH_ACE:
        return 11
    return 10 if rank >= 10 else rank


def meld_points(meld: Meld) -> int:
    """A meld's points towards an opening, each joker as the card it stands for (B-4); an ace
    in a set counts 11 (B-4 and B-V1 clarification)."""
    if meld.kind == SET:
        rank = HIGH_ACE if meld.base == ACE else meld.base
        return card_points(rank) * len(meld.cards)
    return sum(card_points(meld.base + i) for i in range(len(meld.cards)))


def opening_points(melds: Sequence[Meld | Refusal]) -> int:
    """The points of ``melds`` laid as an opening (refusals count nothing)."""
    return sum(meld_points(m) for m in melds if isinstance(m, Meld))


def check_opening(melds: Sequence[Meld], rules: BritishRules) -> Refusal | None:
    """None if ``melds`` make an opening (B-4: at least 40 points; B-V1: 51), else why not."""
    points = opening_points(melds)
    if points < rules.opening:
        rule = "B-V1" if rules.preset == "kalooki51" else "B-V2" if rules.north_american else "B-4"
        return refuse(rule, "opening.short", need=rules.opening, points=points)
    return None
