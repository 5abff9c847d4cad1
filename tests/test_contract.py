"""The schedule and the contract check (J-3.2, J-3.3, J-3.4, J-4.3) and the contract finder."""

from __future__ import annotations

from itertools import combinations, islice, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kalooki_desktop.engine.cards import JOKER, count_cards, make_card, parse_cards
from kalooki_desktop.engine.contract import check_contract, find_lay, find_lays
from kalooki_desktop.engine.melds import check_meld
from kalooki_desktop.engine.rules import FOUR, THREE, HandSpec, make_rules

from .helpers import judge

JAMAICAN = make_rules()


def test_j_3_2_the_nine_hand_schedule() -> None:
    got = judge("schedule")["hands"]
    assert got == [
        {"cards": 9, "contract": [3, 3, 3]},
        {"cards": 10, "contract": [3, 3, 4]},
        {"cards": 11, "contract": [3, 4, 4]},
        {"cards": 12, "contract": [4, 4, 4]},
        {"cards": 12, "contract": [3, 3, 3, 3]},
        {"cards": 13, "contract": [3, 3, 3, 4]},
        {"cards": 14, "contract": [3, 3, 4, 4]},
        {"cards": 15, "contract": [3, 4, 4, 4]},
        {"cards": 16, "contract": [4, 4, 4, 4]},
    ]


def melds(*specs: str) -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    for spec in specs:
        kind, cards = spec.split(" ", 1)
        out.append({"kind": kind, "cards": cards.split()})
    return out


def contract_rule(hand: int, *specs: str, variants: tuple[str, ...] = ()) -> str | None:
    got = judge("contract", variants=variants, hand=hand, melds=melds(*specs))
    return None if got.get("ok") else got["rule"]


def test_j_3_2_exactly_the_contracted_melds() -> None:
    assert contract_rule(1, "three 7S 7H 7D", "three 9S 9H 9D", "three KS KH KD") is None
    assert contract_rule(1, "three 7S 7H 7D", "three 9S 9H 9D") == "J-3.2"  # partial (J-4.3)
    assert contract_rule(2, "three 7S 7H 7D", "three 9S 9H 9D", "three KS KH KD") == "J-3.2"
    assert contract_rule(2, "three 7S 7H 7D 7C", "three 9S 9H JK", "four 2C 3C 4C 5C 6C") is None
    assert contract_rule(2, "three 7S 7H 7D", "three 9S 9H 9D", "four 2C 3C 4C 5C",
                         "three KS KH KD") == "J-3.2"


def test_j_3_2_a_bad_meld_names_its_own_rule() -> None:
    assert contract_rule(2, "three 7S 7H 8D", "three 9S 9H 9D", "four 2C 3C 4C 5C") == "J-2.1"
    assert contract_rule(2, "three 7S 7H 7D", "three 9S JK JK", "four 2C 3C 4C 5C") == "J-2.2"
    assert contract_rule(2, "three 7S 7H 7D", "three 9S 9H 9D", "four 2C 3C 5C 6C") == "J-2.3"


def test_j_3_3_threes_of_different_ranks_fours_of_different_suits() -> None:
    assert contract_rule(1, "three 7S 7H 7D", "three 7C 7S JK", "three KS KH KD") == "J-3.3"
    assert contract_rule(3, "three 7S 7H 7D", "four 2C 3C 4C 5C", "four 8C 9C 10C JC") == "J-3.3"
    assert contract_rule(3, "three 7S 7H 7D", "four 2C 3C 4C 5C", "four 8D 9D 10D JD") is None


FULL_S = "four AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
FULL_H_JOKERS = "four 2H JK 4H 5H JK 7H 8H 9H 10H JH QH KH AH"


def test_j_3_4_a_whole_suit_stands_for_three_fours() -> None:
    assert contract_rule(4, FULL_S) is None
    assert contract_rule(4, FULL_H_JOKERS) is None
    assert contract_rule(8, "three 7S 7H 7D", FULL_S) is None
    assert contract_rule(9, FULL_S, "four 2C 3C 4C 5C") is None
    assert contract_rule(9, FULL_S, "four 2S 3S 4S 5S") == "J-3.3"  # another suit
    assert contract_rule(9, FULL_S, FULL_H_JOKERS) is None  # the second counts as one four
    assert contract_rule(4, "four 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS") == "J-3.4"  # 12 ranks
    assert contract_rule(7, "three 7S 7H 7D", "three 8S 8H 8D", FULL_S) == "J-3.2"  # only 3+ fours
    assert contract_rule(4, FULL_S, "four 2C 3C 4C 5C") == "J-3.2"


# --- the finder ----------------------------------------------------------------------------

def lay_is_valid(hand: list[int], lay: list[tuple[int, list[int]]], spec: HandSpec, keep: int) -> bool:
    used = [c for _, cards in lay for c in cards]
    have, need = count_cards(hand), count_cards(used)
    return (check_contract(lay, spec) is None and all(need[c] <= have[c] for c in range(56))
            and len(hand) - len(used) >= keep)


def test_finder_uses_jokers_and_the_whole_suit() -> None:
    hand = parse_cards("2H 4H 5H 7H 8H 9H 10H JH QH KH AH JK JK 3C")
    lay = find_lay(hand, JAMAICAN.schedule[3])
    assert lay is not None and len(lay) == 1 and len(lay[0][1]) == 13
    assert lay_is_valid(hand, lay, JAMAICAN.schedule[3], 1)


def test_finder_puts_a_joker_in_a_four_to_free_a_natural_for_a_three() -> None:
    # The only 7S is needed by the three of sevens; the four 5S 6S JK 8S takes a joker instead.
    hand = parse_cards("5S 6S 7S 8S 7H JK JK 9D 9H 9C KD")
    spec = HandSpec(2, 10, (3, 3, 4))
    lay = find_lay(hand, spec)
    assert lay is not None and lay_is_valid(hand, lay, spec, 1)


def test_finder_counts_the_jokers_the_melds_share() -> None:
    # Each four lacks one card and each three one natural: every meld alone could take a joker,
    # but the contract needs as many jokers as it has melds short.
    fours = HandSpec(7, 13, (4, 4, 4))
    short = parse_cards("2S 3S 5S 6H 7H 9H 9D 10D QD KD KC")
    assert find_lay([*short, JOKER, JOKER], fours) is None
    lay = find_lay([*short, JOKER, JOKER, JOKER], fours)
    assert lay is not None and lay_is_valid([*short, JOKER, JOKER, JOKER], lay, fours, 1)
    mixed = HandSpec(6, 12, (3, 4, 4))
    hand = parse_cards("7S 7H 2S 3S 4S 5S 9H 10H QH KH KC")
    assert find_lay([*hand, JOKER], mixed) is None  # the four of hearts and the three need one each
    lay = find_lay([*hand, JOKER, JOKER], mixed)
    assert lay is not None and lay_is_valid([*hand, JOKER, JOKER], lay, mixed, 1)


def test_finder_leaves_a_card_for_the_discard() -> None:
    hand = parse_cards("7S 7H 7D 9S 9H 9D KS KH KD")
    assert find_lay(hand, JAMAICAN.schedule[0], keep=1) is None  # J-4.6
    assert find_lay(hand, JAMAICAN.schedule[0], keep=0) is not None  # J-V4


def test_finder_on_the_largest_hands() -> None:
    # 16 dealt + 6 called cards, four fours available with jokers.
    hand = parse_cards("AS 2S 3S JK 5S 6H 7H 8H JK 9D 10D JD QD 2C 3C 4C 5C KS KH 7C 7D 9S")
    lay = find_lay(hand, JAMAICAN.schedule[8])
    assert lay is not None and lay_is_valid(hand, lay, JAMAICAN.schedule[8], 1)
    assert sum(1 for _ in find_lays(hand, JAMAICAN.schedule[8])) >= 1


def _brute_force(hand: list[int], spec: HandSpec, keep: int) -> bool:
    """Any lay of minimal melds, by trying every subset and arrangement."""
    idx = range(len(hand))

    def melds_of(kind: int, pool: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
        size = kind
        out = []
        for combo in combinations(pool, size):
            cards = [hand[i] for i in combo]
            if any(check_meld(kind, list(p)) is None for p in set(permutations(cards))):
                key = cards[0] >> 2 if kind == THREE else next((c & 3 for c in cards if c != JOKER), -1)
                if kind == THREE:
                    key = next(c >> 2 for c in cards if c != JOKER)
                out.append((combo, key))
        return out

    kinds = sorted(spec.contract)
    if len(hand) - sum(kinds) < keep:
        return False

    def search(i: int, free: tuple[int, ...], keys: dict[int, set[int]]) -> bool:
        if i == len(kinds):
            return True
        kind = kinds[i]
        for combo, key in melds_of(kind, free):
            if key in keys[kind]:
                continue
            rest = tuple(x for x in free if x not in combo)
            keys[kind].add(key)
            if search(i + 1, rest, keys):
                return True
            keys[kind].discard(key)
        return False

    return search(0, tuple(idx), {THREE: set(), FOUR: set()})


SMALL_POOL = [JOKER] + [make_card(r, s) for r in (1, 2, 3, 4, 5, 12, 13) for s in (0, 1)]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(SMALL_POOL), min_size=6, max_size=9),
       st.sampled_from([(3, 3), (3, 4), (4, 4)]), st.integers(0, 1))
def test_property_finder_is_exact_on_small_hands(hand: list[int], contract: tuple[int, ...], keep: int) -> None:
    # No card more often than two packs hold.
    counts = count_cards(hand)
    if counts[JOKER] > 4 or any(n > 2 for n in counts[1:]):
        return
    spec = HandSpec(1, len(hand), contract)
    found = list(find_lays(hand, spec, keep))
    for lay in found:
        assert lay_is_valid(hand, lay, spec, keep)
    assert bool(found) == _brute_force(hand, spec, keep)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from([JOKER] + [make_card(r, s) for r in range(1, 14) for s in range(4)]),
                min_size=9, max_size=22), st.integers(0, 8))
def test_property_finder_lays_are_always_valid(hand: list[int], hand_index: int) -> None:
    spec = JAMAICAN.schedule[hand_index]
    for i, lay in enumerate(find_lays(hand, spec)):
        assert lay_is_valid(hand, lay, spec, 1)
        if i > 50:
            break


@pytest.mark.parametrize("index", range(9))
def test_finder_finds_dealt_contracts(index: int) -> None:
    """A hand built from a contract's melds plus junk always yields a lay."""
    spec = JAMAICAN.schedule[index]
    hand: list[int] = []
    rank = 2
    suit = 0
    for kind in spec.contract:
        if kind == THREE:
            hand += [make_card(rank, s) for s in range(3)]
            rank += 1
        else:
            hand += [make_card(r, suit) for r in range(9, 13)]
            suit += 1
    hand.append(make_card(13, 3))
    lay = find_lay(hand, spec)
    assert lay is not None and lay_is_valid(hand, lay, spec, 1)


def test_the_finders_remembered_fours_are_the_fours_worked_out_afresh(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The finder remembers the ways to make a four of each suit (plain ints, which the
    garbage collector does not walk): whatever hands came before, a hand's lays are the lays
    found with nothing remembered."""
    import gc
    import random

    from kalooki_desktop.engine import contract

    rng = random.Random(3)
    deck = [make_card(r, s) for r in range(1, 14) for s in range(4)] * 2 + [JOKER] * 4
    cases = [(rng.sample(deck, spec.cards + rng.randint(6, 14)), spec)
             for spec in JAMAICAN.schedule for _ in range(30)]
    cases.append((parse_cards("5S 6S 7S 8S 7H JK JK 9D 9H 9C KD"), HandSpec(2, 10, (3, 3, 4))))
    for low in (1, 5, 9):  # the same ranks in every suit: the suits' fours must not mix
        same = [make_card(r, s) for r in range(low, low + 5) for s in range(4)] + [JOKER] * 2
        cases += [(same, spec) for spec in JAMAICAN.schedule]
    whole = parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 5H 6H 7H 8H 9D 10D JD QD KC")
    cases += [(whole, JAMAICAN.schedule[3]), (whole, JAMAICAN.schedule[7])]  # J-3.4 and fours
    with monkeypatch.context() as m:  # nothing remembered: every four worked out afresh
        m.setattr(contract, "_four_options",
                  lambda *args, **kw: tuple(contract._four_ways(*args, **kw)))
        fresh = [list(islice(find_lays(hand, spec), 400)) for hand, spec in cases]
    assert sum(1 for lays in fresh if lays) >= 50
    assert all(lay_is_valid(hand, lay, spec, 1)
               for (hand, spec), lays in zip(cases, fresh, strict=True) for lay in lays)
    contract._FOUR_OPTIONS.clear()
    for order in (cases, list(reversed(cases))):
        got = [list(islice(find_lays(hand, spec), 400)) for hand, spec in order]
        assert got == (fresh if order is cases else list(reversed(fresh)))
    for _ in range(3):
        gc.collect()
    assert contract._FOUR_OPTIONS
    assert not any(gc.is_tracked(k) or gc.is_tracked(v) for k, v in contract._FOUR_OPTIONS.items())
