"""The "Part B clarifications" of the rule book, one test (or a few) for each, named for its rule
id: where the sources leave a gap, these readings are the game's, and these tests pin them."""

from __future__ import annotations

import random

import pytest

from kalooki_desktop.engine.actions import parse_action
from kalooki_desktop.engine.british.hand import BritishHand
from kalooki_desktop.engine.british.match import BritishMatch
from kalooki_desktop.engine.british.melds import make_b_meld, meld_points, opening_points
from kalooki_desktop.engine.british.rules import BritishRules, make_british_rules
from kalooki_desktop.engine.british.table import retrieve_result
from kalooki_desktop.engine.cards import JOKER, cards_text, parse_cards
from kalooki_desktop.engine.judge import answer
from kalooki_desktop.engine.melds import Meld
from kalooki_desktop.engine.refusal import Refusal
from kalooki_desktop.engine.rules import FOUR, THREE
from kalooki_desktop.engine.turn import Phase

FORTY = make_british_rules("british40")
K51 = make_british_rules("kalooki51")
NA = make_british_rules("british40", ["B-V2"])
FILLER = "2C 3D 4H 5S 6C 8D 9H 10S JC QD KH AS 2D"  # a hand for the seat that only waits


def deal(rules: BritishRules, hands: list[str], discard: str = "4S", stock: str = "2H 3C 5D 6H 8C",
         dealer: int = 1) -> BritishHand:
    """An exact two-seat deal; seat 0 plays first (the dealer is seat 1)."""
    return BritishHand.from_position(rules, dealer, [parse_cards(h) for h in hands], parse_cards(discard),
                                     parse_cards(stock), random.Random(1))


def play(h: BritishHand, seat: int, *texts: str) -> None:
    for text in texts:
        h.apply(seat, parse_action(text))


def refused(h: BritishHand, seat: int, text: str) -> str:
    bad = h.check(seat, parse_action(text))
    assert bad is not None, text
    return bad.rule


def run_of(cards: str, rules: BritishRules) -> Meld:
    made = make_b_meld(FOUR, 0, parse_cards(cards), rules)
    assert isinstance(made, Meld), made
    return made


# --- B-2 ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("rules", "natural", "run"), [
    (FORTY, "AS", ["JK", "JK", "AS"]),  # Q-K-A: the ace is high only
    (K51, "AS", ["AS", "JK", "JK"]),  # A-2-3: upward where it can
    (FORTY, "7S", ["7S", "JK", "JK"]),
    (FORTY, "KS", ["JK", "JK", "KS"]),  # K-A-? cannot be: downward, J-Q-K
])
def test_b_2_one_natural_and_two_jokers_make_the_same_run_in_any_order_of_listing(rules, natural, run) -> None:
    for listing in ([natural, "JK", "JK"], ["JK", natural, "JK"], ["JK", "JK", natural]):
        assert cards_text(run_of(" ".join(listing), rules).cards) == run
        got = answer({"op": "meld", "rules": rules.preset, "kind": "run", "cards": listing})
        assert got == {"ok": True}
    h = deal(rules, [f"{natural} JK JK KH KD KC QH QD QC 9C 9D 9S 2S", FILLER])
    play(h, 0, "pluck stock", f"lay four JK {natural} JK | three KH KD KC | three QH QD QC")
    assert cards_text(h.table[0].cards) == run


def test_b_2_two_equal_melds_from_the_two_packs_are_two_legal_melds() -> None:
    h = deal(FORTY, ["7S 7H 7D 7S 7H 7D 9D 10D JD 9D 10D JD 2C", FILLER])
    play(h, 0, "pluck stock", "lay three 7S 7H 7D | three 7S 7H 7D | four 9D 10D JD | four 9D 10D JD")
    assert [cards_text(m.cards) for m in h.table] == [["7S", "7H", "7D"]] * 2 + [["9D", "10D", "JD"]] * 2
    sevens = {"kind": "set", "cards": ["7S", "7H", "7D"]}
    assert answer({"op": "opening", "rules": "british40", "melds": [sevens, sevens]}) == {"ok": True, "points": 42}


# --- B-4 ---------------------------------------------------------------------------------------


def test_b_4_the_opening_is_one_lay_and_what_that_lay_holds_counts() -> None:
    h = deal(FORTY, ["QS QH QD 6C 7C 8C 9S 9H 2D 5H 3C 4D 8H", FILLER])
    play(h, 0, "pluck stock")
    assert refused(h, 0, "lay three QS QH QD") == "B-4"  # 30 now and 21 later is no opening
    assert refused(h, 0, "tack 9S on 1") == "B-6"  # nothing counts before the opening's lay
    play(h, 0, "lay three QS QH QD | four 6C 7C 8C")  # 51 in one lay
    play(h, 0, "discard 2D")
    assert h.opened[0] and len(h.table) == 2


# --- B-5 ---------------------------------------------------------------------------------------

#: Openings that repeat a meld, each completed by the top discard; the rest of each hand
#: makes no other opening.
REPEATS = [
    (FORTY, "7S 7H 7D 7S 7H 2C 4C 9H JS KD 2H 10D 5S", "7D", "three 7S 7H 7D | three 7S 7H 7D"),  # 42
    (FORTY, "9D 10D JD 9D 10D 2C 4C 6H 8S KH 2H 5S QS", "JD", "four 9D 10D JD | four 9D 10D JD"),  # 60
    (K51, "JS QS KS JS QS 2C 4C 6H 8D KH 2H 5D 9C", "KS", "four JS QS KS | four JS QS KS"),  # 60
    (K51, "7C 7H JK 7C 7H JK 3C 3H 2S 4D 6S 9D QH", "3S",
     "three 7C 7H JK | three 7C 7H JK | three 3C 3H 3S"),  # 21 + 21 + 9
]


@pytest.mark.parametrize(("rules", "hand", "top", "lay"), REPEATS,
                         ids=["two-sets-40", "two-runs-40", "two-runs-51", "two-joker-sets-51"])
def test_b_5_the_discard_is_taken_for_an_opening_that_repeats_a_meld(rules, hand, top, lay) -> None:
    h = deal(rules, [hand, FILLER], discard=top)
    assert h.check(0, parse_action("pluck discard")) is None
    play(h, 0, "pluck discard", f"lay {lay}", f"discard {hand.split()[-1]}")
    assert h.opened[0] and h.turn == 1


def test_b_5_the_card_just_taken_may_be_discarded_again() -> None:
    h = deal(FORTY, ["QS QH QD 6C 7C 8C 2D 5H 9S 3C 4D 8H 10D", FILLER], discard="KD")
    play(h, 0, "pluck discard", "lay three QS QH QD | four 6C 7C 8C", "discard KD")  # not out: opens without it
    assert cards_text(h.discard)[-1] == "KD"
    play(h, 1, "pluck stock", "discard 2C")
    play(h, 0, "pluck discard", "discard 2C")  # out: takes it and throws it back
    assert cards_text(h.discard)[-1] == "2C" and h.turn == 1


# --- B-6, B-7 ----------------------------------------------------------------------------------


def test_b_6_jokers_may_be_laid_off_on_any_players_melds() -> None:
    h = deal(FORTY, ["QS QH QD 6C 7C 8C JK 5H 9S 3C 4D 8H 10D",
                     "KS KH KD 9D 10D JD 2C 3D 4H 5S 6H 8S AH"], dealer=0)
    play(h, 1, "pluck stock", "lay three KS KH KD | four 9D 10D JD", "discard 2C")
    play(h, 0, "pluck stock", "lay three QS QH QD | four 6C 7C 8C", "tack JK on 1")
    assert cards_text(h.table[0].cards) == ["KS", "KH", "KD", "JK"] and h.table[0].owner == 1


def test_b_7_one_retrieval_frees_one_joker_from_a_set_with_two() -> None:
    four = make_b_meld(THREE, 1, parse_cards("7S 7H JK JK"), FORTY)
    assert isinstance(four, Meld)
    after = retrieve_result(four, parse_cards("7D"), FORTY)  # the natural of one joker's suit
    assert not isinstance(after, Refusal)
    assert cards_text(after[0].cards) == ["7S", "7H", "7D", "JK"] and after[1] == JOKER
    assert isinstance(retrieve_result(four, parse_cards("7D 7C"), FORTY), Refusal)  # one joker a time
    three = make_b_meld(THREE, 1, parse_cards("7S JK JK"), FORTY)
    assert isinstance(three, Meld)
    bad = retrieve_result(three, parse_cards("7D"), FORTY)
    assert isinstance(bad, Refusal) and bad.rule == "B-7"  # two naturals of missing suits
    after = retrieve_result(three, parse_cards("7D 7C"), FORTY)
    assert not isinstance(after, Refusal) and cards_text(after[0].cards) == ["7S", "7D", "7C", "JK"]
    na = retrieve_result(three, parse_cards("7D"), NA)  # B-V2: one natural frees one from any set
    assert not isinstance(na, Refusal) and cards_text(na[0].cards) == ["7S", "7D", "JK"]
    query = {"op": "move_joker", "rules": "british40", "meld": {"kind": "three", "cards": ["7S", "JK", "JK"]}}
    assert answer({**query, "cards": ["7D", "7C"]}) == {"ok": True, "cards": ["7S", "7D", "7C", "JK"], "joker": "JK"}


def test_b_7_a_retrieval_only_where_the_joker_can_be_laid_that_turn_and_before_the_discard() -> None:
    h = deal(FORTY, [FILLER, FILLER])
    h.opened[0], h.phase = True, Phase.PLAY
    closed = run_of("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", FORTY)  # thirteen cards: no end open
    h.table = [make_b_meld(THREE, 1, parse_cards("KS KH JK"), FORTY), closed]  # type: ignore[list-item]
    h.hands[0] = parse_cards("KD KC 2D 4D")
    assert refused(h, 0, "retrieve KD KC on 1") == "B-7"  # 2D JK 4D would leave nothing to discard
    h.hands[0] = parse_cards("KD KC 2D")
    h.table[1] = run_of("5H 6H 7H", FORTY)
    assert h.check(0, parse_action("retrieve KD KC on 1")) is None  # the joker goes onto 5H 6H 7H
    h.table[1] = closed
    h.hands[0] = parse_cards("KD KC 2D 4D 9S 10H")
    play(h, 0, "retrieve KD KC on 1")
    assert cards_text(h.table[0].cards) == ["KS", "KH", "KD", "KC"]
    assert refused(h, 0, "discard 9S") == "B-7"  # the joker is laid before the discard
    play(h, 0, "lay four 2D JK 4D", "discard 9S")
    assert h.turn == 1


# --- B-8, B-V1 ---------------------------------------------------------------------------------

THE_SET = "KS KH JK 9H 10H JH 8D 8S 8H 2C 3C 4C 5C"  # seat 1's opening: a set with a joker (69)


NA51 = make_british_rules("kalooki51", ["B-V2"])


@pytest.mark.parametrize(("rules", "naturals", "kalooki"), [
    (K51, "KD KC", False), (NA51, "KD", False), (FORTY, "KD KC", True),  # Kalooki 40 allows lay-offs
], ids=["kalooki51", "kalooki51-B-V2", "british40"])
def test_b_v1_a_joker_retrieval_in_the_going_out_turn_is_no_kalooki_in_kalooki_51(rules, naturals, kalooki) -> None:
    run = "9C 10C JC" if len(naturals.split()) == 1 else "9C 10C"  # B-V2: one natural frees the joker
    h = deal(rules, [f"QS QH QD AS AH AD 10S 10H 10D {naturals} {run}", THE_SET], stock="2H 3H", dealer=0)
    play(h, 1, "pluck stock", "lay three KS KH JK | four 9H 10H JH | three 8D 8S 8H", "discard 2H")
    play(h, 0, "pluck stock", "lay three QS QH QD | three AS AH AD | three 10S 10H 10D",
         f"retrieve {naturals} on 1", f"lay four {run} JK", "discard 3H")
    assert h.over and h.out == 0 and h.kalooki is kalooki


def test_b_v1_a_lay_off_even_onto_a_meld_laid_that_turn_is_no_kalooki_in_kalooki_51() -> None:
    for rules, kalooki in ((K51, False), (FORTY, True)):
        h = deal(rules, ["QS QH QD AS AH AD 10S 10H 10D 5C 6C 7C 8C", FILLER], stock="2H")
        play(h, 0, "pluck stock", "lay three QS QH QD | three AS AH AD | three 10S 10H 10D | four 5C 6C 7C",
             "tack 8C on 4", "discard 2H")
        assert h.over and h.kalooki is kalooki
        h = deal(rules, ["QS QH QD AS AH AD 10S 10H 10D 5C 6C 7C 8C", FILLER], stock="2H")
        play(h, 0, "pluck stock",
             "lay three QS QH QD | three AS AH AD | three 10S 10H 10D | four 5C 6C 7C 8C", "discard 2H")
        assert h.over and h.kalooki  # every card in the player's own new melds


def test_b_8_a_kalooki_is_the_whole_hand_of_b_v2s_fifteen_cards_in_one_turn() -> None:
    h = deal(NA, ["QS QH QD AS AH AD 10S 10H 10D 5C 6C 7C 8C 9C 10C", FILLER], stock="2H")
    assert len(h.hands[0]) == NA.cards_each(2) == 15
    play(h, 0, "pluck stock", "lay three QS QH QD | three AS AH AD | three 10S 10H 10D | four 5C 6C 7C 8C 9C 10C",
         "discard 2H")
    assert h.over and h.kalooki


# --- B-9 ---------------------------------------------------------------------------------------


def test_b_9_the_pile_is_shuffled_only_when_a_card_must_be_drawn() -> None:
    h = deal(FORTY, ["QS QH QD 6C 7C 8C 2D 5H 9S 3C 4D 8H 10D", FILLER], discard="9C 4S", stock="KD")
    play(h, 0, "pluck stock", "lay three QS QH QD | four 6C 7C 8C", "discard 2D")
    assert h.stock == [] and h.rebuilds == 0  # the stock ran out: nothing happens yet
    play(h, 1, "pluck stock")  # a card must be drawn: the pile under its top becomes the stock
    assert h.rebuilds == 1 and cards_text(h.discard) == ["2D"] and len(h.stock) == 1
    play(h, 1, "discard 2C")


def test_b_9_a_player_who_has_come_out_takes_the_discard_and_draws_nothing() -> None:
    h = deal(FORTY, ["QS QH QD 6C 7C 8C 2D 5H 9S 3C 4D 8H 10D", FILLER], discard="9C 4S", stock="KD 3S")
    play(h, 0, "pluck stock", "lay three QS QH QD | four 6C 7C 8C", "discard 2D")
    play(h, 1, "pluck stock", "discard 2C")
    assert h.stock == []
    play(h, 0, "pluck discard")  # 2C: the empty stock is left alone
    assert h.rebuilds == 0 and cards_text(h.hands[0])[-1] == "2C" and cards_text(h.discard) == ["9C", "4S", "2D"]


def test_b_9_the_deal_is_void_the_second_time_or_when_the_pile_holds_only_its_top_card() -> None:
    h = deal(FORTY, ["QS QH QD 6C 7C 8C 2D 5H 9S 3C 4D 8H 10D", FILLER], discard="4S", stock="KD")
    play(h, 0, "pluck stock", "discard 2D")
    play(h, 1, "pluck stock", "discard 2C")  # the pile was 4S 2D: 4S became the stock, drawn
    assert h.rebuilds == 1 and h.stock == []
    play(h, 0, "pluck stock")  # the second time
    assert h.over and h.void and h.scores == [0, 0]
    h = deal(FORTY, ["QS QH QD 6C 7C 8C 2D 5H 9S 3C 4D 8H 10D", FILLER], discard="4S", stock="KD")
    play(h, 0, "pluck stock", "discard 2D")
    h.discard = parse_cards("2D")  # only its top card
    play(h, 1, "pluck stock")
    assert h.over and h.void and h.rebuilds == 0


def test_b_9_the_top_discard_stays_face_up_and_the_rest_is_the_new_stock() -> None:
    h = deal(FORTY, ["QS QH QD 6C 7C 8C 2D 5H 9S 3C 4D 8H 10D", FILLER], discard="9C 4S 6S", stock="KD")
    play(h, 0, "pluck stock", "discard 2D")
    play(h, 1, "pluck stock")
    assert cards_text(h.discard) == ["2D"] and h.rebuilds == 1
    assert sorted(cards_text([*h.stock, h.hands[1][-1]])) == sorted(["9C", "4S", "6S"])


# --- B-4 and B-V1, B-V2: the ace ---------------------------------------------------------------


def test_b_4_b_v1_an_ace_in_a_set_counts_11_in_every_preset_and_a_low_ace_1() -> None:
    for rules in (FORTY, K51, NA):
        aces = make_b_meld(THREE, 0, parse_cards("AS AH AD"), rules)
        assert isinstance(aces, Meld) and meld_points(aces) == 33
    for rules in (K51, NA):  # B-V1 and B-V2: the low ace of A-2-3 counts 1
        assert meld_points(run_of("AS 2S 3S", rules)) == 6
    assert meld_points(run_of("QS KS AS", FORTY)) == 31


def test_b_v2_a_low_ace_counts_1_towards_the_opening_as_in_kalooki_51() -> None:
    q = {"op": "opening", "rules": "british40", "variants": ["B-V2"]}
    run, kings = {"kind": "four", "cards": ["AS", "2S", "3S"]}, {"kind": "three", "cards": ["KS", "KH", "KD"]}
    fives, fours = {"kind": "three", "cards": ["5S", "5H", "5D"]}, {"kind": "three", "cards": ["4C", "4H", "4D"]}
    assert answer({**q, "melds": [run, kings, fives]}) == {"ok": True, "points": 51}
    short = answer({**q, "melds": [run, kings, fours]})  # 6 + 30 + 12: the ace is not 11 here
    assert short["ok"] is False and short["rule"] == "B-V2" and short["points"] == 48
    assert opening_points([run_of("AS 2S 3S", NA)]) == 6


# --- B-V2, B-V4, B-V5 --------------------------------------------------------------------------


def test_b_v2_the_winners_credit_is_apart_from_the_totals() -> None:
    m = BritishMatch(NA, 3, seed=6, first_dealer=0)
    h = m.hand
    h.phase, h.out, h.scores, h.kalooki, h.void = Phase.OVER, 0, [0, 40, 25], False, False
    m._finish_deal()
    assert m.totals == [0, 40, 25] and m.credits == [65, 0, 0]  # the winner's total stays 0


def test_b_v4_301_b_v4_501_and_b_v5_25_are_written_with_their_number() -> None:
    assert make_british_rules("british40", ["B-V4:301"]).limit == 301
    assert make_british_rules("british40", ["B-V4:501"]).limit == 501
    assert make_british_rules("british40", ["B-V4"]).switches == ("B-V4:301",)  # the plain id: 301
    assert make_british_rules("kalooki51", ["B-V5:25"]).kalooki == "plus25"
    assert make_british_rules("kalooki51", ["B-V5"]).kalooki == "double"
    q = {"op": "score_hand", "rules": "british40", "hands": [[], ["KS", "2H"]], "out": 0, "kalooki": True}
    assert answer({**q, "variants": ["B-V5:25"]})["scores"] == [0, 37]
    assert answer({**q, "variants": ["B-V5"]})["scores"] == [0, 24]
    assert answer({**q, "variants": ["B-V4:301"]})["scores"] == [0, 12]
    assert "error" in answer({**q, "variants": ["B-V4:301", "B-V4:501"]})


def test_the_judges_deck_gives_the_cards_each() -> None:
    assert answer({"op": "deck", "rules": "british40", "players": 5}) == {"cards": 106, "jokers": 2, "cards_each": 13}
    na = {"op": "deck", "rules": "kalooki51", "variants": ["B-V2"]}
    assert [answer({**na, "players": n})["cards_each"] for n in (2, 5, 6)] == [15, 13, 11]
