"""The opening finder of British Kalooki (B-4, B-5, B-V1) against an exhaustive search written
apart from it: every way to split a hand into melds, each meld in every listing of its cards.
Hands are drawn rich in jokers and in pairs from the two packs, so that repeated melds (7S 7H 7D
twice, B-2 clarification) and jokers standing beside held naturals come up often."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from kalooki_desktop.engine.actions import PluckDiscard
from kalooki_desktop.engine.british.finder import best_opening, find_opening
from kalooki_desktop.engine.british.hand import BritishHand
from kalooki_desktop.engine.british.melds import make_b_meld, meld_points
from kalooki_desktop.engine.british.rules import BritishRules, make_british_rules
from kalooki_desktop.engine.cards import ACE, HIGH_ACE, JOKER, Card, count_cards, make_card
from kalooki_desktop.engine.melds import Meld
from kalooki_desktop.engine.rules import FOUR, THREE

RULES = {
    "british40": make_british_rules("british40"),
    "kalooki51": make_british_rules("kalooki51"),
    "B-V2": make_british_rules("british40", ["B-V2"]),
}


def listings(cards: Sequence[Card]) -> list[tuple[int, list[Card]]]:
    """Every way to lay ``cards`` as one meld: as a set, and as a run with the naturals in rank
    order (the ace low or high) and the jokers in every combination of places."""
    naturals = [c for c in cards if c != JOKER]
    jokers = len(cards) - len(naturals)
    out: list[tuple[int, list[Card]]] = [(THREE, sorted(naturals) + [JOKER] * jokers)]
    for ace in (ACE, HIGH_ACE):
        ordered = sorted(naturals, key=lambda c: ace if c >> 2 == ACE else c >> 2)
        for places in itertools.combinations(range(len(cards)), jokers):
            rest = iter(ordered)
            out.append((FOUR, [JOKER if i in places else next(rest) for i in range(len(cards))]))
    return out


def meld_value(cards: Sequence[Card], rules: BritishRules) -> int | None:
    """The most a meld of exactly ``cards`` counts towards an opening, or None if no listing of
    them is a meld."""
    naturals = [c for c in cards if c != JOKER]
    if not naturals or (len({c >> 2 for c in naturals}) > 1 and len({c & 3 for c in naturals}) > 1):
        return None
    best = None
    for kind, listing in listings(cards):
        made = make_b_meld(kind, 0, listing, rules)
        if isinstance(made, Meld) and sorted(made.cards) == sorted(cards):
            best = max(best or 0, meld_points(made))
    return best


def exhaustive(hand: Sequence[Card], rules: BritishRules) -> int:
    """The most opening points of melds from ``hand`` leaving a card over (B-8), by trying every
    split of the hand (0 when no meld can be laid)."""

    @cache
    def best(rest: tuple[Card, ...], *, keep: bool) -> int:
        if not rest:
            return -1 if keep else 0
        first, others = rest[0], rest[1:]
        result = best(others, keep=False)  # the first card stays in hand
        for size in range(2, min(len(others), 12) + 1):
            for chosen in itertools.combinations(range(len(others)), size):
                value = meld_value([first, *(others[i] for i in chosen)], rules)
                if value is None:
                    continue
                after = best(tuple(c for i, c in enumerate(others) if i not in chosen), keep=keep)
                if after >= 0:
                    result = max(result, value + after)
        return result

    return max(best(tuple(sorted(hand)), keep=True), 0)


@st.composite
def rich_hands(draw: st.DrawFn) -> tuple[str, list[Card]]:
    """A hand of 5 to 10 cards from few ranks and suits, both packs' copies and the jokers."""
    game = draw(st.sampled_from(sorted(RULES)))
    low = draw(st.sampled_from([1, 2, 5, 8, 10, 11]))
    ranks = [(low + i - 1) % 13 + 1 for i in range(4)]
    suits = draw(st.lists(st.integers(0, 3), min_size=1, max_size=3, unique=True))
    pool = [make_card(r, s) for r in ranks for s in suits] * 2 + [JOKER] * RULES[game].jokers
    size = draw(st.integers(5, min(10, len(pool))))
    hand = draw(st.lists(st.sampled_from(range(len(pool))), min_size=size, max_size=size, unique=True))
    return game, [pool[i] for i in hand]


@settings(max_examples=150, deadline=None)
@given(rich_hands())
def test_b_5_property_the_finder_finds_every_opening_the_exhaustive_search_finds(drawn) -> None:
    game, hand = drawn
    rules = RULES[game]
    points, melds = best_opening(hand, rules)
    assert points == exhaustive(hand, rules), (game, hand)
    used, held = count_cards(c for m in melds for c in m.cards), count_cards(hand)
    assert all(used[c] <= held[c] for c in range(len(used))) and sum(used) < len(hand)
    laid = [make_b_meld(m.kind, 0, m.cards, rules) for m in melds]  # as the engine reads the lay
    assert sum(meld_points(m) for m in laid if isinstance(m, Meld)) == points and len(laid) == len(melds)
    opening = find_opening(hand, rules)
    assert (opening is not None) == (points >= rules.opening)
    if opening is not None:
        laid = [make_b_meld(m.kind, 0, m.cards, rules) for m in opening]
        assert all(isinstance(m, Meld) for m in laid)
        assert sum(meld_points(m) for m in laid if isinstance(m, Meld)) >= rules.opening
        assert sum(len(m.cards) for m in opening) < len(hand)


@settings(max_examples=60, deadline=None)
@given(rich_hands())
def test_b_5_property_the_pluck_is_allowed_exactly_when_an_opening_with_the_card_exists(drawn) -> None:
    game, cards = drawn
    rules = RULES[game]
    top, hand = cards[-1], cards[:-1]
    held = count_cards(cards)
    spare = [make_card(r, s) for r in range(1, 14) for s in range(4)]
    filler = [c for c in spare if held[c] == 0][:8]  # the other seat's hand and the stock
    state = BritishHand.from_position(rules, 1, [hand, filler[:4]], [top], filler[4:])
    allowed = state.check(0, PluckDiscard()) is None
    assert allowed == (exhaustive(cards, rules) >= rules.opening), (game, cards)
