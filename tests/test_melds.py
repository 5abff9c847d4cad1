"""Threes and fours (J-2.1..J-2.6), tacking (J-6.2, J-6.3) and the joker move (J-6.4, J-6.5):
examples from the rule book and property tests."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from kalooki_desktop.engine.cards import HIGH_ACE, JOKER, make_card, parse_cards
from kalooki_desktop.engine.melds import (
    check_meld,
    four_base,
    make_meld,
    move_joker_result,
    tack_fit,
    tack_result,
    tack_targets,
)
from kalooki_desktop.engine.refusal import Refusal
from kalooki_desktop.engine.rules import FOUR, THREE, make_rules

from .helpers import judge


def meld_rule(kind: str, cards: str) -> str | None:
    got = judge("meld", kind=kind, cards=cards.split())
    return None if got.get("ok") else got["rule"]


# --- J-2.1 / J-2.2 threes ------------------------------------------------------------------

@pytest.mark.parametrize(
    ("cards", "rule"),
    [
        ("5S 5H 5D", None),
        ("KS KH KD KC KS", None),  # J-2.1: suits do not matter, duplicates allowed
        ("7S 7H 7D 7C 7S", None),
        ("4S 4H JK", None),  # J-2.2 examples
        ("7S 7H JK JK", None),
        ("9S JK JK", "J-2.2"),
        ("JK JK JK", "J-2.2"),
        ("7S 7H 7D JK JK JK JK", "J-2.2"),
        ("7S 7H", "J-2.1"),
        ("7S 7H 8D", "J-2.1"),
    ],
)
def test_j_2_1_and_j_2_2_threes(cards: str, rule: str | None) -> None:
    assert meld_rule("three", cards) == rule


# --- J-2.3 / J-2.4 / J-2.5 fours ------------------------------------------------------------

@pytest.mark.rules("J-2.3", "J-2.4", "J-2.5")
@pytest.mark.parametrize(
    ("cards", "rule"),
    [
        ("5S 6S 7S 8S", None),
        ("7S 8S 9S 10S JS", None),
        ("AH 2H 3H 4H", None),  # J-2.4: ace low
        ("JH QH KH AH", None),  # ace high
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", None),
        ("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", None),
        ("9S JK JS JK", None),  # J-2.5 examples
        ("9C JK JC JK", None),
        ("JK 6S 7S 8S", None),  # may start or end with a joker
        ("5S 6S 7S JK", None),
        ("5S 6S 7S", "J-2.3"),  # three cards are not a four
        ("5S 6S 7H 8S", "J-2.3"),
        ("5S 6S 8S 9S", "J-2.3"),
        ("8S 7S 6S 5S", "J-2.3"),  # table order is low end first
        ("QH KH AH 2H", "J-2.4"),  # no wrapping round the ace
        ("KH AH 2H 3H", "J-2.4"),
        ("JK AH 2H 3H", "J-2.4"),  # nothing below a low ace
        ("QH KH AH JK", "J-2.4"),  # nothing above a high ace
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", "J-2.4"),
        ("9S JK JK QS", "J-2.5"),
        ("9C JK JK QC", "J-2.5"),
    ],
)
def test_j_2_3_to_j_2_5_fours(cards: str, rule: str | None) -> None:
    assert meld_rule("four", cards) == rule


def test_j_2_5_joker_stands_for_a_definite_card() -> None:
    m = make_meld(FOUR, 0, parse_cards("5S 6S JK 8S"))
    assert not isinstance(m, Refusal)
    assert m.stands_for(2) == make_card(7, 0)
    assert m.describe() == "four 5S 6S JK(7S) 8S"


def test_j_2_6_every_meld_has_an_owner() -> None:
    m = make_meld(THREE, 2, parse_cards("7S 7H 7D"))
    assert not isinstance(m, Refusal) and m.owner == 2
    after = tack_result(m, parse_cards("7C")[0], own=False)
    assert not isinstance(after, Refusal) and after.owner == 2


# --- property tests ---------------------------------------------------------------------------

@st.composite
def fours(draw: st.DrawFn) -> tuple[list[int], int]:
    """A valid four: suit, base, length and non-adjacent joker positions."""
    length = draw(st.integers(4, 13))
    base = draw(st.integers(1, HIGH_ACE - length + 1))
    suit = draw(st.integers(0, 3))
    cards = [make_card(base + i, suit) for i in range(length)]
    for i in draw(st.lists(st.integers(0, length - 1), max_size=4)):
        if (i == 0 or cards[i - 1] != JOKER) and (i == length - 1 or cards[i + 1] != JOKER):
            cards[i] = JOKER
    assume(any(c != JOKER for c in cards))
    return cards, base


@st.composite
def threes(draw: st.DrawFn) -> list[int]:
    rank = draw(st.integers(1, 13))
    naturals = [make_card(rank, s) for s in draw(st.lists(st.integers(0, 3), min_size=2, max_size=8))]
    jokers = draw(st.integers(max(0, 3 - len(naturals)), len(naturals)))
    cards = naturals + [JOKER] * jokers
    return draw(st.permutations(cards))


@given(fours())
def test_property_every_generated_four_is_valid(four: tuple[list[int], int]) -> None:
    cards, base = four
    assert four_base(cards) == base


@given(threes())
def test_property_every_generated_three_is_valid(cards: list[int]) -> None:
    assert check_meld(THREE, cards) is None


@given(st.lists(st.sampled_from([JOKER] + [make_card(r, s) for r in range(1, 14) for s in range(4)]),
                min_size=0, max_size=14))
def test_property_a_meld_check_agrees_with_the_definitions(cards: list[int]) -> None:
    naturals = [c for c in cards if c != JOKER]
    jokers = len(cards) - len(naturals)
    three_ok = (len(cards) >= 3 and len({c >> 2 for c in naturals}) == 1 and len(naturals) >= 2
                and jokers <= len(naturals))
    assert (check_meld(THREE, cards) is None) == three_ok
    four = check_meld(FOUR, cards)
    if four is None:  # a valid four is a suited, consecutive run with the jokers filling gaps
        base = four_base(cards)
        assert isinstance(base, int)
        assert 4 <= len(cards) <= 13 and base >= 1 and base + len(cards) - 1 <= HIGH_ACE
        for i, c in enumerate(cards):
            if c != JOKER:
                assert c == make_card(base + i, naturals[0] & 3)
            else:
                assert (i == 0 or cards[i - 1] != JOKER) and (i + 1 == len(cards) or cards[i + 1] != JOKER)


@given(four=fours(), own=st.booleans(), end=st.sampled_from(["low", "high", None]),
       card=st.sampled_from([JOKER] + [make_card(r, s) for r in range(1, 14) for s in range(4)]))
def test_property_tacks_keep_fours_valid(four: tuple[list[int], int], *, own: bool, end: str | None,
                                         card: int) -> None:
    cards, _ = four
    meld = make_meld(FOUR, 0, cards)
    assert not isinstance(meld, Refusal)
    result = tack_result(meld, card, own=own, end=end)  # type: ignore[arg-type]
    allowed = {(c, e) for c, e in tack_targets(meld, own=own)}
    if isinstance(result, Refusal):
        assert result.rule in ("J-6.2", "J-6.3", "J-2.4", "J-2.5")
        if end is not None:
            assert (card, end) not in allowed
    else:
        assert check_meld(FOUR, result.cards) is None
        assert len(result.cards) == len(cards) + 1 and result.owner == meld.owner
        assert card in (result.cards[0], result.cards[-1])
        assert any(c == card for c, _ in allowed)


@given(cards=threes(), own=st.booleans(),
       card=st.sampled_from([JOKER] + [make_card(r, s) for r in range(1, 14) for s in range(4)]))
def test_property_tacks_keep_threes_valid(cards: list[int], *, own: bool, card: int) -> None:
    meld = make_meld(THREE, 0, cards)
    assert not isinstance(meld, Refusal)
    result = tack_result(meld, card, own=own)
    if isinstance(result, Refusal):
        assert result.rule in ("J-6.2", "J-6.3", "J-2.2")
        assert (card, None) not in tack_targets(meld, own=own)
    else:
        assert check_meld(THREE, result.cards) is None
        assert (card, None) in tack_targets(meld, own=own)


_ANY_CARD = [JOKER] + [make_card(r, s) for r in range(1, 14) for s in range(4)]


@pytest.mark.parametrize(("kind", "cards", "card"), [
    (FOUR, "JK 6S 7S JK", "JK"),  # both ends already jokers (J-2.5)
    (FOUR, "JK JS QS KS AS", "JK"),  # high end at the ace, a joker at the low end
    (FOUR, "JK JS QS KS AS", "9S"),
    (FOUR, "AS 2S 3S 4S", "KS"),  # a low ace takes nothing below (J-2.4)
    (FOUR, "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", "AS"),  # thirteen: full
    (THREE, "7S 7H JK", "JK"),  # two naturals, one joker: a second joker fits (J-2.2)
    (THREE, "7S 7H JK JK", "JK"),
])
def test_tack_fit_edge_cases(kind: int, cards: str, card: str) -> None:
    meld = make_meld(kind, 0, parse_cards(cards))
    assert not isinstance(meld, Refusal)
    c = parse_cards(card)[0]
    for own in (True, False):
        slow = tack_result(meld, c, own=own)
        assert tack_fit(meld, c, own=own) == (None if isinstance(slow, Refusal) else slow)


@settings(max_examples=500)
@given(meld_cards=st.one_of(fours().map(lambda f: (FOUR, f[0])), threes().map(lambda t: (THREE, t))),
       own=st.booleans(), data=st.data())
def test_property_tack_fit_is_tack_result_without_the_refusal(
        meld_cards: tuple[int, list[int]], *, own: bool, data: st.DataObject) -> None:
    """The bots' fast tack check gives the engine's answer: the same meld, or None for a
    refusal (the card drawn is as often one that fits somewhere as any card)."""
    kind, cards = meld_cards
    meld = make_meld(kind, 2, cards)
    assert not isinstance(meld, Refusal)
    near = sorted({c for c, _ in tack_targets(meld, own=True)})
    use_near = bool(near) and data.draw(st.booleans())
    card = data.draw(st.sampled_from(near if use_near else list(_ANY_CARD)))
    slow = tack_result(meld, card, own=own)
    fast = tack_fit(meld, card, own=own)
    if isinstance(slow, Refusal):
        assert fast is None
    else:
        assert fast == slow


@given(four=fours(), owner=st.booleans(), end=st.sampled_from(["low", "high", None]),
       rules_name=st.sampled_from(["jamaican", "jamaican J-V2"]))
def test_property_joker_moves_keep_fours_valid(four: tuple[list[int], int], *, owner: bool,
                                               end: str | None, rules_name: str) -> None:
    cards, _ = four
    assume(JOKER in cards)
    preset, *variants = rules_name.split()
    rules = make_rules(preset, variants)
    meld = make_meld(FOUR, 0, cards)
    assert not isinstance(meld, Refusal)
    i = cards.index(JOKER)
    real = meld.stands_for(i)
    result = move_joker_result(meld, real, 0 if owner else 1, rules, end)  # type: ignore[arg-type]
    if isinstance(result, Refusal):
        assert result.rule in ("J-6.5", "J-V2")
        return
    assert check_meld(FOUR, result.cards) is None
    assert len(result.cards) == len(cards) + 1
    assert result.cards.count(JOKER) == cards.count(JOKER)  # J-6.4: jokers never leave the table
    assert real in result.cards
    if not rules.owner_moves_joker:
        assert result.cards[-1] == JOKER and result.base == meld.base  # moved to the high end


# --- tacking and moving: rule book cases -----------------------------------------------------

def tack(meld: str, card: str, *, own: bool = False, end: str | None = None, kind: str = "four",
         variants: tuple[str, ...] = ()) -> dict[str, object]:
    q: dict[str, object] = {"meld": {"kind": kind, "cards": meld.split()}, "card": card, "own": own}
    if end:
        q["end"] = end
    return judge("tack", "jamaican", variants, **q)


def test_j_6_2_threes_take_cards_of_their_rank() -> None:
    assert tack("7S 7H 7D", "7S", kind="three") == {"ok": True, "cards": ["7S", "7H", "7D", "7S"]}
    assert tack("7S 7H 7D", "8S", kind="three")["rule"] == "J-6.2"
    assert tack("7S 7H JK", "JK", own=True, kind="three")["ok"] is True  # 7 7 JK JK
    assert tack("7S 7H JK JK", "JK", own=True, kind="three")["rule"] == "J-2.2"  # keeping J-2.2


def test_j_6_2_fours_take_the_next_card_at_either_end() -> None:
    assert tack("5S 6S 7S 8S", "9S", end="high") == {"ok": True, "cards": ["5S", "6S", "7S", "8S", "9S"]}
    assert tack("5S 6S 7S 8S", "4S") == {"ok": True, "cards": ["4S", "5S", "6S", "7S", "8S"]}
    assert tack("5S 6S 7S 8S", "4S", end="high")["rule"] == "J-6.2"
    assert tack("5S 6S 7S 8S", "10S")["rule"] == "J-6.2"
    assert tack("5S 6S 7S 8S", "9H")["rule"] == "J-6.2"
    assert tack("JH QH KH AH", "2H", end="high")["rule"] == "J-2.4"  # never past the ace
    assert tack("2H 3H 4H 5H", "AH") == {"ok": True, "cards": ["AH", "2H", "3H", "4H", "5H"]}
    full = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
    assert tack(full, "AS")["rule"] == "J-6.2"  # a four of 13 takes nothing


def test_j_6_2_jokers_at_the_ends_of_a_four() -> None:
    assert tack("5S 6S 7S 8S", "JK", own=True, end="low") == {"ok": True, "cards": ["JK", "5S", "6S", "7S", "8S"]}
    assert tack("5S 6S 7S JK", "JK", own=True, end="high")["rule"] == "J-2.5"
    assert tack("5S 6S 7S JK", "JK", own=True) == {"ok": True, "cards": ["JK", "5S", "6S", "7S", "JK"]}


def test_j_6_3_jokers_only_on_own_melds() -> None:
    assert tack("5S 6S 7S 8S", "JK", own=False)["rule"] == "J-6.3"
    assert tack("7S 7H 7D", "JK", own=False, kind="three")["rule"] == "J-6.3"
    assert tack("7S 7H 7D", "JK", own=True, kind="three")["ok"] is True


def move(meld: str, card: str, *, own: bool = False, end: str | None = None,
         variants: tuple[str, ...] = (), kind: str = "four") -> dict[str, object]:
    q: dict[str, object] = {"meld": {"kind": kind, "cards": meld.split()}, "card": card, "own": own}
    if end:
        q["end"] = end
    return judge("move_joker", "jamaican", variants, **q)


def test_j_6_4_a_joker_in_a_three_is_frozen() -> None:
    assert move("7S 7H JK", "7D", kind="three")["rule"] == "J-6.4"


def test_j_6_5_joker_moves_up_to_the_high_end() -> None:
    assert move("5S JK 7S 8S", "6S") == {"ok": True, "cards": ["5S", "6S", "7S", "8S", "JK"]}
    assert move("5S JK 7S 8S", "7S")["rule"] == "J-6.5"  # no joker stands for 7S
    assert move("JS JK KS AS", "QS")["rule"] == "J-6.5"  # already ends at the ace
    assert move("5S JK 7S JK", "6S")["rule"] == "J-6.5"  # two jokers would be side by side
    assert move("5S 6S 7S JK", "8S") == {"ok": True, "cards": ["5S", "6S", "7S", "8S", "JK"]}
    full = "AS 2S JK 4S 5S 6S 7S 8S 9S 10S JS QS KS"
    assert move(full, "3S")["rule"] == "J-6.5"  # holds 13 cards
    assert move("5S JK 7S 8S", "6S", end="low")["rule"] == "J-6.5"  # only up, by default


def test_j_v2_owner_moves_the_joker_to_either_end() -> None:
    v = ("J-V2",)
    assert move("5S JK 7S 8S", "6S", own=False, variants=v)["rule"] == "J-V2"
    assert move("5S JK 7S 8S", "6S", own=True, variants=v, end="low") == {
        "ok": True, "cards": ["JK", "5S", "6S", "7S", "8S"]}
    assert move("JS JK KS AS", "QS", own=True, variants=v) == {
        "ok": True, "cards": ["JK", "JS", "QS", "KS", "AS"]}
    assert move("AS JK 3S 4S", "2S", own=True, variants=v, end="low")["rule"] == "J-6.5"
