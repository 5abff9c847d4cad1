"""British Kalooki (part B): its rules as data, sets and runs, the opening, the cards' values and
the judge's answers for ``british40`` and ``kalooki51``. Each test names the rule it checks."""

from __future__ import annotations

import pytest

from kalooki_desktop.engine.british import (
    check_opening,
    check_set,
    make_b_meld,
    make_british_rules,
    opening_points,
    run_base,
)
from kalooki_desktop.engine.british.rules import BritishRules
from kalooki_desktop.engine.british.scoring import hand_value
from kalooki_desktop.engine.cards import cards_text, parse_cards
from kalooki_desktop.engine.judge import answer
from kalooki_desktop.engine.melds import End, Meld
from kalooki_desktop.engine.refusal import Refusal
from kalooki_desktop.engine.rules import FOUR, THREE

FORTY = make_british_rules("british40")
K51 = make_british_rules("kalooki51")


def meld(kind: int, text: str, rules=FORTY) -> Meld:
    m = make_b_meld(kind, 0, parse_cards(text), rules)
    assert isinstance(m, Meld), m
    return m


def rule(result: object) -> str:
    assert isinstance(result, Refusal), result
    return result.rule


def test_b_1_two_to_five_players_106_cards_13_each() -> None:
    assert answer({"op": "deck", "rules": "british40", "players": 5}) == {"cards": 106, "jokers": 2, "cards_each": 13}
    assert answer({"op": "deck", "rules": "british40", "players": 6})["rule"] == "B-1"
    assert answer({"op": "deck", "rules": "british40", "players": 1})["rule"] == "B-1"


@pytest.mark.parametrize("cards", ["7S 7H 7D", "7S 7H 7D 7C", "7S JK 7D", "KS JK JK", "AS AH AC"])
def test_b_2_a_set_is_three_or_four_of_one_rank_in_different_suits(cards: str) -> None:
    assert check_set(parse_cards(cards)) is None


@pytest.mark.parametrize(("cards", "key"), [
    ("7S 7H", "set.size"), ("7S 7H 7D 7C JK", "set.size"), ("7S 7S 7H", "set.suits"),
    ("7S 8H 7D", "set.rank"), ("JK JK JK", "meld.natural"),
])
def test_b_2_what_is_not_a_set(cards: str, key: str) -> None:
    bad = check_set(parse_cards(cards))
    assert isinstance(bad, Refusal) and bad.rule == "B-2" and bad.key == key


def test_b_2_runs_are_three_or_more_in_suit_ace_high_only_with_jokers_side_by_side() -> None:
    assert run_base(parse_cards("QS KS AS"), FORTY) == 12
    assert run_base(parse_cards("5S JK JK 8S"), FORTY) == 5
    assert run_base(parse_cards("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"), FORTY) == 2
    assert rule(run_base(parse_cards("AS 2S 3S"), FORTY)) == "B-2"
    assert rule(run_base(parse_cards("JK 2S 3S"), FORTY)) == "B-2"  # a joker is never a low ace
    assert rule(run_base(parse_cards("5S 6S"), FORTY)) == "B-2"
    assert rule(run_base(parse_cards("5S 6H 7S"), FORTY)) == "B-2"
    assert rule(run_base(parse_cards("5S 7S 8S"), FORTY)) == "B-2"


def test_b_2_one_natural_and_two_jokers_is_a_set_or_a_run_as_declared() -> None:
    assert meld(THREE, "9S JK JK").kind == THREE
    up = meld(FOUR, "7S JK JK")
    assert cards_text(up.cards) == ["7S", "JK", "JK"] and up.base == 7  # 7-8-9
    down = meld(FOUR, "JK KS JK")
    assert cards_text(down.cards) == ["JK", "JK", "KS"] and down.base == 11  # J-Q-K: no K-A-2
    assert meld(FOUR, "QS JK JK").base == 12  # Q-K-A


def test_b_4_an_opening_of_40_counts_aces_11_faces_10_and_jokers_as_their_card() -> None:
    melds = [meld(THREE, "QS QH QD"), meld(FOUR, "6C 7C 8C")]
    assert opening_points(melds) == 51 and check_opening(melds, FORTY) is None
    assert opening_points([meld(FOUR, "QS KS AS")]) == 31
    assert opening_points([meld(FOUR, "9S JK JK")]) == 9 + 10 + 10  # the jokers are 10S and JS
    assert opening_points([meld(THREE, "AS AH JK")]) == 33
    short = check_opening([meld(THREE, "5S 5H 5D"), meld(FOUR, "2C 3C 4C")], FORTY)
    assert isinstance(short, Refusal) and short.rule == "B-4" and "40" in short.reason and "24" in short.reason


def test_b_v1_kalooki_51_opening_51_ace_high_or_low_never_both_low_ace_counts_one() -> None:
    assert run_base(parse_cards("AS 2S 3S"), K51) == 1
    assert run_base(parse_cards("QS KS AS"), K51) == 12
    assert rule(run_base(parse_cards("KS AS 2S"), K51)) == "B-V1"
    assert opening_points([meld(FOUR, "AS 2S 3S", K51)]) == 6
    assert opening_points([meld(THREE, "AS AH AD", K51)]) == 33  # an ace in a set is 11
    assert rule(check_opening([meld(THREE, "KS KH KD", K51)], K51)) == "B-V1"
    assert check_opening([meld(THREE, "KS KH KD", K51), meld(FOUR, "9C 10C JC", K51)], K51) is None


def test_b_10_cards_left_in_hand_and_b_v1_b_v2_values() -> None:
    na = make_british_rules("british40", ["B-V2"])
    assert [hand_value(c, FORTY) for c in parse_cards("JK AS KD 10H 7C")] == [15, 11, 10, 10, 7]
    assert [hand_value(c, K51) for c in parse_cards("JK AS")] == [25, 11]
    assert [hand_value(c, na) for c in parse_cards("JK AS")] == [25, 15]
    assert answer({"op": "penalty", "rules": "kalooki51", "cards": ["JK", "AS", "2H"]}) == {"points": 38}


def test_b_v2_north_american_deck_and_cards_by_players() -> None:
    na = {"op": "deck", "rules": "british40", "variants": ["B-V2"]}
    assert [answer({**na, "players": n})["cards_each"] for n in (2, 4, 5, 6)] == [15, 15, 13, 11]
    assert answer({**na, "players": 6})["cards"] == 108
    assert answer({**na, "players": 7})["rule"] == "B-V2"


def test_b_v3_b_v4_b_v5_switches_set_the_limit_and_the_kalooki_bonus() -> None:
    assert make_british_rules("british40", ["B-V3"]).limit == 100
    assert make_british_rules("british40", ["B-V4:301"]).limit == 301
    assert make_british_rules("british40", ["B-V4:501"]).limit == 501
    assert make_british_rules("british40", ["B-V5"]).kalooki == "double"
    assert make_british_rules("kalooki51", ["B-V5:25"]).kalooki == "plus25"
    with pytest.raises(ValueError):
        make_british_rules("british40", ["B-V3", "B-V4:301"])
    with pytest.raises(ValueError):
        make_british_rules("british40", ["J-V1"])


def test_the_judge_answers_part_b_with_part_js_field_names() -> None:
    melds = [{"kind": "three", "cards": ["QS", "QH", "QD"]}, {"kind": "four", "cards": ["6C", "7C", "8C"]}]
    assert answer({"op": "opening", "rules": "british40", "melds": melds}) == {"ok": True, "points": 51}
    melds[1]["kind"] = "run"
    assert answer({"op": "opening", "rules": "british40", "melds": melds}) == {"ok": True, "points": 51}
    assert answer({"op": "meld", "rules": "kalooki51", "kind": "set", "cards": ["7S", "7S", "7H"]})["rule"] == "B-2"
    assert "not answered" in answer({"op": "schedule", "rules": "british40"})["error"]
    assert "part-B" in answer({"op": "opening", "rules": "jamaican", "melds": []})["error"]
    assert "error" in answer({"op": "opening", "rules": "british40", "melds": "QS"})


def laid_off(m: Meld, card: str, rules: BritishRules = FORTY, end: End | None = None) -> list[str] | str:
    """The meld's cards after ``card`` is laid off on it, or the rule id of the refusal."""
    from kalooki_desktop.engine.british.table import layoff_result

    result = layoff_result(m, parse_cards(card)[0], rules, end)
    return result.rule if isinstance(result, Refusal) else cards_text(result.cards)


def test_b_6_lay_offs_a_set_up_to_four_a_run_at_either_end() -> None:
    seven = meld(THREE, "7S 7H JK")
    assert laid_off(seven, "7D") == ["7S", "7H", "JK", "7D"]
    assert laid_off(seven, "7H") == "B-6"  # a suit it has
    assert laid_off(meld(THREE, "7S 7H 7D 7C"), "JK") == "B-6"
    run = meld(FOUR, "QS KS AS")
    assert laid_off(run, "2S") == "B-6"  # the ace is high only
    assert laid_off(run, "JS") == ["JS", "QS", "KS", "AS"]
    assert laid_off(run, "JK") == ["JK", "QS", "KS", "AS"]
    low = meld(FOUR, "AS 2S 3S", K51)
    assert laid_off(low, "KS", K51, "low") == "B-6"  # never both ends of the ace
    assert laid_off(low, "4S", K51) == ["AS", "2S", "3S", "4S"]
    assert answer({"op": "tack", "rules": "british40", "meld": {"kind": "four", "cards": ["5S", "JK", "7S"]},
                   "card": "8S"}) == {"ok": True, "cards": ["5S", "JK", "7S", "8S"]}


def test_b_7_joker_retrieval_from_a_run_and_a_set() -> None:
    from kalooki_desktop.engine.british.table import retrieve_result

    run = meld(FOUR, "5S JK 7S")
    after = retrieve_result(run, parse_cards("6S"), FORTY)
    assert not isinstance(after, Refusal) and cards_text(after[0].cards) == ["5S", "6S", "7S"]
    assert rule(retrieve_result(run, parse_cards("8S"), FORTY)) == "B-7"
    three = meld(THREE, "7S 7H JK")
    assert rule(retrieve_result(three, parse_cards("7D"), FORTY)) == "B-7"  # both missing suits
    both = retrieve_result(three, parse_cards("7D 7C"), FORTY)
    assert not isinstance(both, Refusal) and cards_text(both[0].cards) == ["7S", "7H", "7D", "7C"]
    four = retrieve_result(meld(THREE, "7S 7H 7D JK"), parse_cards("7C"), FORTY)
    assert not isinstance(four, Refusal) and frees_its_joker(four)
    two = retrieve_result(meld(THREE, "7S JK JK"), parse_cards("7H 7C"), FORTY)
    assert not isinstance(two, Refusal) and cards_text(two[0].cards) == ["7S", "7H", "7C", "JK"]
    assert rule(retrieve_result(meld(THREE, "7S 7H 7D"), parse_cards("7C"), FORTY)) == "B-7"
    q = {"op": "move_joker", "rules": "british40", "meld": {"kind": "three", "cards": ["7S", "7H", "JK"]}}
    assert answer({**q, "cards": ["7D", "7C"]}) == {"ok": True, "cards": ["7S", "7H", "7D", "7C"], "joker": "JK"}


def test_b_v2_one_natural_card_frees_a_joker_from_a_set() -> None:
    from kalooki_desktop.engine.british.table import retrieve_result

    na = make_british_rules("british40", ["B-V2"])
    one = retrieve_result(meld(THREE, "7S 7H JK", na), parse_cards("7D"), na)
    assert not isinstance(one, Refusal) and cards_text(one[0].cards) == ["7S", "7H", "7D"]
    assert rule(retrieve_result(meld(THREE, "7S 7H JK", na), parse_cards("7D 7C"), na)) == "B-V2"


def frees_its_joker(result: tuple[Meld, int]) -> bool:
    return result[1] == parse_cards("JK")[0] and "JK" not in cards_text(result[0].cards)


def test_b_4_the_finder_finds_an_opening_when_the_hand_has_one_and_never_uses_a_card_twice() -> None:
    import random

    from kalooki_desktop.engine.british.finder import find_opening
    from kalooki_desktop.engine.cards import count_cards, make_card

    hand = parse_cards("KS KH KC 9D 10D JK 2C 5H")  # 30 and 9-10-J (29): the joker is used once
    opening = find_opening(hand, FORTY)
    assert opening is not None and opening_points(opening) >= 40 and check_opening(opening, FORTY) is None
    assert find_opening(parse_cards("AS 2S 3S 4S KD KH 9C"), FORTY) is None  # A-2-3-4 is no run here
    declared = find_opening(parse_cards("KS JK JK 10D 10H 2C"), FORTY, need=30)  # J-Q-K, not Q-K-A
    assert declared is not None and all(cards_text(m.cards) != ["JK", "KS", "JK"] for m in declared)
    low = find_opening(parse_cards("AS 2S 3S 4S 5S 6S KD KH KC 9C"), K51)  # 21 + 30, 9C to discard
    assert low is not None and any(m.base == 1 for m in low)  # the low ace counts 1 in Kalooki 51
    deck = [make_card(r, s) for r in range(1, 14) for s in range(4)] * 2 + parse_cards("JK JK")
    rng = random.Random(7)
    for _ in range(200):
        rng.shuffle(deck)
        hand = deck[:14]
        found = find_opening(hand, K51)
        if found is None:
            continue
        used = count_cards(c for m in found for c in m.cards)
        held = count_cards(hand)
        assert all(used[c] <= held[c] for c in range(len(used)))
        laid = [make_b_meld(m.kind, 0, m.cards, K51) for m in found]  # as the engine reads the lay
        assert all(isinstance(m, Meld) for m in laid)
        assert opening_points(laid) == opening_points(found) >= 51


def test_b_10_the_judge_scores_a_deal_and_plays_one_from_an_exact_position() -> None:
    q = {"op": "score_hand", "rules": "kalooki51", "hands": [[], ["JK", "AS"], ["KD"]], "out": 0}
    assert answer(q) == {"scores": [0, 36, 10]}
    assert answer({**q, "kalooki": True, "variants": ["B-V5"]}) == {"scores": [0, 72, 20]}
    hands = [["QS", "QH", "QD", "6C", "7C", "8C", "2D", "5H", "9S", "9H", "JK", "3C", "4D"],
             ["2S", "3S", "4S", "5S", "KD", "KH", "KC", "10H", "10D", "7S", "8D", "9D", "AH"]]
    play = {"op": "play", "rules": "british40", "dealer": 1, "hands": hands, "discard": ["8S"], "stock": ["JD", "4C"]}
    refused = answer({**play, "actions": [[0, "pluck discard"], [0, "discard 2D"]]})
    assert refused["ok"] is False and refused["index"] == 1 and refused["rule"] == "B-5"
    done = answer({**play, "actions": [[0, "pluck stock"], [0, "lay three QS QH QD | four 6C 7C 8C"],
                                       [0, "discard 2D"]]})
    assert done["ok"] and done["opened"] == [True, False] and done["pending"] == {"seat": 1, "kind": "pluck"}
    assert "error" in answer({**play, "dealer": 5, "actions": []})
