"""Finding melds in a British Kalooki hand: every set and run the cards can make (jokers in the
gaps), and an opening of at least the rules' points (B-4, B-V1) from them. The turn uses it to
know that a player who takes the discard before coming out can come out with it (B-5); the
bots use it to choose what to lay.

>>> from kalooki_desktop.engine.cards import cards_text, parse_cards
>>> from .rules import make_british_rules
>>> forty = make_british_rules("british40")
>>> opening = find_opening(parse_cards("QS QH QD 6C 7C 8C 2D 5H"), forty)
>>> [cards_text(m.cards) for m in opening]
[['QS', 'QH', 'QD'], ['6C', '7C', '8C']]
>>> find_opening(parse_cards("QS QH QD 2C 7C 8C 2D 5H"), forty) is None
True
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

from ..cards import ACE, CARD_CODES, HIGH_ACE, JOKER, Card, count_cards, make_card
from ..melds import Meld
from ..rules import FOUR, THREE
from .melds import MAX_RUN, make_b_meld, meld_points
from .rules import BritishRules

#: The most melds an opening search weighs before it settles for the best found so far.
SEARCH_LIMIT = 20_000


def candidate_melds(hand: Sequence[Card], rules: BritishRules, owner: int = 0) -> list[Meld]:
    """Every set and run ``hand`` can make, each at most once, jokers filling gaps, each as the
    engine reads it when laid (a run of one natural and two jokers in its declared order): the
    biggest in points first."""
    cnt = count_cards(hand)
    jokers = cnt[JOKER]
    out: dict[tuple[int, tuple[Card, ...]], Meld] = {}
    for m in (*_sets(cnt, jokers, owner), *_runs(cnt, jokers, rules, owner)):
        made = make_b_meld(m.kind, owner, m.cards, rules)  # as the engine will see it when laid
        if isinstance(made, Meld):
            out.setdefault((made.kind, tuple(made.cards)), made)
    return sorted(out.values(), key=lambda m: (-meld_points(m), -len(m.cards)))


def _sets(cnt: list[int], jokers: int, owner: int) -> Iterator[Meld]:
    for rank in range(1, 14):
        suits = [s for s in range(4) if cnt[make_card(rank, s)]]
        for k in range(len(suits), 0, -1):
            for chosen in itertools.combinations(suits, k):
                for j in range(0, min(jokers, 4 - k) + 1):
                    if 3 <= k + j <= 4:
                        cards = [make_card(rank, s) for s in chosen] + [JOKER] * j
                        yield Meld(THREE, owner, cards, rank)


def _runs(cnt: list[int], jokers: int, rules: BritishRules, owner: int) -> Iterator[Meld]:
    lowest = 1 if rules.ace_low else 2
    for suit in range(4):
        for base in range(lowest, HIGH_ACE - 1):
            for high in range(base + 2, min(HIGH_ACE, base + MAX_RUN - 1) + 1):
                ranks = range(base, high + 1)
                held = [r for r in ranks if cnt[make_card(r, suit)]]
                gaps = len(ranks) - len(held)
                if held and gaps <= jokers and not (base == ACE and high == HIGH_ACE):
                    cards = [make_card(r, suit) if r in held else JOKER for r in ranks]
                    yield Meld(FOUR, owner, cards, base)


def find_opening(hand: Sequence[Card], rules: BritishRules, owner: int = 0,
                 need: int | None = None) -> list[Meld] | None:
    """Melds from ``hand`` (no card used twice) worth at least ``need`` points (the opening by
    default), or None when the search finds none. The biggest melds are tried first, so the
    answer is an opening of few, large melds."""
    goal = rules.opening if need is None else need
    melds = candidate_melds(hand, rules, owner)
    cnt = count_cards(hand)
    tried = [0]

    def search(start: int, total: int, chosen: list[Meld]) -> list[Meld] | None:
        if total >= goal:
            return list(chosen)
        for i in range(start, len(melds)):
            tried[0] += 1
            if tried[0] > SEARCH_LIMIT:
                return None
            m = melds[i]
            if not _take(cnt, m.cards):
                continue
            chosen.append(m)
            found = search(i + 1, total + meld_points(m), chosen)
            chosen.pop()
            _give(cnt, m.cards)
            if found is not None:
                return found
        return None

    return search(0, 0, [])


def _take(cnt: list[int], cards: Sequence[Card]) -> bool:
    need = [0] * CARD_CODES
    for c in cards:
        need[c] += 1
    if any(need[c] > cnt[c] for c in set(cards)):
        return False
    for c in cards:
        cnt[c] -= 1
    return True


def _give(cnt: list[int], cards: Sequence[Card]) -> None:
    for c in cards:
        cnt[c] += 1
