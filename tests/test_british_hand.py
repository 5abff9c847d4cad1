"""One deal of British Kalooki played action by action: the turn (B-3), coming out (B-4, B-5),
lay-offs (B-6), joker retrieval (B-7), going out and the Kalooki (B-8), the stock (B-9) and the
scores (B-10, B-V5). Each test names the rule it checks."""

from __future__ import annotations

import random

from kalooki_desktop.engine.actions import parse_action
from kalooki_desktop.engine.british.hand import BritishHand, british_deck
from kalooki_desktop.engine.british.rules import BritishRules, make_british_rules
from kalooki_desktop.engine.cards import cards_text, count_cards, parse_cards
from kalooki_desktop.engine.turn import DecisionKind

FORTY = make_british_rules("british40")
HANDS = [
    "QS QH QD 6C 7C 8C 2D 5H 9S 9H JK 3C 4D",
    "2S 3S 4S 5S KD KH KC 10H 10D 7S 8D 9D AH",
    "AS AD 2H 3H 4H 6S 7H 8H 10S JS JH 5D 6D",
]


def position(rules: BritishRules = FORTY, hands: list[str] = HANDS, discard: str = "8S",
             stock: str = "JD 4C 5C 2C 3D 4S 9C") -> BritishHand:
    return BritishHand.from_position(rules, 2, [parse_cards(h) for h in hands], parse_cards(discard),
                                     parse_cards(stock))


def refused(h: BritishHand, seat: int, text: str) -> str:
    bad = h.check(seat, parse_action(text))
    assert bad is not None, text
    return bad.rule


def play(h: BritishHand, seat: int, *texts: str) -> None:
    for text in texts:
        h.apply(seat, parse_action(text))


def test_b_1_a_deal_gives_13_cards_each_from_106() -> None:
    h = BritishHand.deal(FORTY, 4, 0, random.Random(3))
    assert [len(x) for x in h.hands] == [13, 13, 13, 13] and len(h.discard) == 1
    assert sorted(h.all_cards()) == sorted(british_deck(FORTY)) and len(british_deck(FORTY)) == 106
    na = make_british_rules("british40", ["B-V2"])
    assert [len(x) for x in BritishHand.deal(na, 6, 0, random.Random(3)).hands] == [11] * 6


def test_b_3_a_turn_is_a_draw_melds_and_lay_offs_then_a_discard() -> None:
    h = position()
    assert h.pending() == (0, DecisionKind.PLUCK)
    assert refused(h, 1, "pluck stock") == "B-3"
    assert refused(h, 0, "discard 2D") == "B-3"  # draw first
    play(h, 0, "pluck stock")
    assert h.pending() == (0, DecisionKind.PLAY) and refused(h, 0, "pluck stock") == "B-3"
    play(h, 0, "discard 2D")
    assert h.pending() == (1, DecisionKind.PLUCK)


def test_b_4_coming_out_needs_40_points_in_one_lay() -> None:
    h = position()
    play(h, 0, "pluck stock")
    assert refused(h, 0, "lay three QS QH QD") == "B-4"  # 30
    play(h, 0, "lay three QS QH QD | four 6C 7C 8C")  # 51
    assert h.opened[0]
    play(h, 0, "lay three 9S 9H JK")  # once out, any meld
    assert len(h.table) == 3


def test_b_5_the_discard_only_for_a_player_who_is_out_or_comes_out_with_it() -> None:
    h = position(discard="2S")
    assert h.check(0, parse_action("pluck discard")) is None  # QQQ + 6-7-8: an opening with or without it
    h = position(hands=["QS QH 2D 5H 9S 3C 4D 7D 8D JC KC 10H 6H", *HANDS[1:]], discard="QD")
    assert refused(h, 0, "pluck discard") == "B-5"  # QQQ is 30: no opening with it
    h = position()
    play(h, 0, "pluck discard")
    assert refused(h, 0, "discard 2D") == "B-5" and refused(h, 0, "tack 2D on 1") == "B-6"
    play(h, 0, "lay three QS QH QD | four 6C 7C 8C", "discard 2D")


def test_b_6_at_most_two_cards_on_one_end_of_a_run_in_a_turn_and_four_in_a_set() -> None:
    hands = ["QS QH QD 6C 7C 8C 9C 10C JC 5H 9H JK 3D", *HANDS[1:]]
    h = position(hands=hands)
    play(h, 0, "pluck stock", "lay three QS QH QD | four 6C 7C 8C")
    play(h, 0, "tack 9C on 2 high", "tack 10C on 2 high")
    assert refused(h, 0, "tack JC on 2 high") == "B-6"
    play(h, 0, "tack JK on 1")  # a set takes a joker up to four cards
    assert refused(h, 0, "tack 5H on 1") == "B-6"  # four cards already


def test_b_7_a_retrieved_joker_is_laid_before_the_discard() -> None:
    hands = ["QS QH JK 6C 7C 8C QD 5H 9S 9H 9D 3C 4D", *HANDS[1:]]
    h = position(hands=hands)
    play(h, 0, "pluck stock")
    assert refused(h, 0, "retrieve QD on 1") == "B-7"  # not out yet
    play(h, 0, "lay three QS QH JK | four 6C 7C 8C")
    assert refused(h, 0, "retrieve QD on 1") == "B-7"  # a three-card set wants both missing suits
    play(h, 0, "tack QD on 1")
    h2 = position(hands=["QS QH JK 6C 7C 8C QC QD 9S 9H 2D 3C 4D", *HANDS[1:]])
    play(h2, 0, "pluck stock", "lay three QS QH JK | four 6C 7C 8C", "retrieve QD QC on 1")
    assert cards_text(h2.table[0].cards) == ["QS", "QH", "QD", "QC"] and "JK" in cards_text(h2.hands[0])
    assert refused(h2, 0, "discard 2D") == "B-7"
    play(h2, 0, "lay three 9S 9H JK", "discard 2D")


KALOOKI = ["QS QH QD 6C 7C 8C 9S 9H 9D 2C 3C 4C 5C", *HANDS[1:]]
ALL_MELDS = "lay three QS QH QD | four 6C 7C 8C | three 9S 9H 9D | four 2C 3C 4C"


def test_b_8_going_out_with_a_discard_and_the_kalooki() -> None:
    h = position(hands=KALOOKI, stock="QC JD")
    play(h, 0, "pluck stock")  # QC: every card could be laid, but one must be kept to discard
    assert refused(h, 0, "lay three QS QH QD QC | four 6C 7C 8C | three 9S 9H 9D | four 2C 3C 4C 5C") == "B-8"
    play(h, 0, ALL_MELDS + " 5C", "discard QC")
    assert h.over and h.out == 0 and h.kalooki
    assert h.scores == [0, 99, 93]  # B-10: the others count their hands (aces 11); the winner 0
    h = position(hands=KALOOKI)  # out over two turns: no Kalooki, no bonus
    play(h, 0, "pluck stock", "lay three QS QH QD | four 6C 7C 8C", "discard JD")
    play(h, 1, "pluck stock", "discard AH")
    play(h, 2, "pluck stock", "discard 6D")
    play(h, 0, "pluck stock", "lay three 9S 9H 9D | four 2C 3C 4C 5C", "discard 2C")
    assert h.over and h.out == 0 and not h.kalooki


def test_b_v5_a_kalooki_doubles_the_others_points_or_adds_25() -> None:
    for switch, want in (("B-V5", [0, 198, 186]), ("B-V5:25", [0, 124, 118])):
        h = position(make_british_rules("british40", [switch]), hands=KALOOKI, stock="QC JD")
        play(h, 0, "pluck stock", ALL_MELDS + " 5C", "discard QC")
        assert h.kalooki and h.scores == want


def test_b_9_the_stock_is_rebuilt_once_and_the_deal_void_the_second_time() -> None:
    h = position(stock="JD")
    play(h, 0, "pluck stock", "discard 2D")
    play(h, 1, "pluck stock")  # the stock is empty: the pile under its top becomes the stock
    assert h.rebuilds == 1 and cards_text(h.discard) == ["2D"] and len(h.stock) == 0
    play(h, 1, "discard AH")
    play(h, 2, "pluck stock")
    assert h.over and h.void and h.scores == [0, 0, 0]


def test_every_card_stays_in_the_deal_through_random_legal_play() -> None:
    rng = random.Random(11)
    for deal in range(40):
        rules = make_british_rules("kalooki51" if deal % 2 else "british40")
        h = BritishHand.deal(rules, 2 + deal % 4, deal % 3, random.Random(deal))
        total = count_cards(h.all_cards())
        for _ in range(400):
            if h.over:
                break
            seat = h.turn
            acts = h.legal_actions(seat)
            assert acts, (deal, h.phase)
            h.apply(seat, rng.choice(acts))
            assert count_cards(h.all_cards()) == total


def test_b_7_a_joker_is_taken_only_where_it_can_be_laid_at_once_with_a_card_left() -> None:
    from kalooki_desktop.engine.british.melds import make_b_meld
    from kalooki_desktop.engine.melds import Meld
    from kalooki_desktop.engine.rules import FOUR
    from kalooki_desktop.engine.turn import Phase

    h = position()
    run = make_b_meld(FOUR, 1, parse_cards("5H JK 7H"), FORTY)
    assert isinstance(run, Meld)
    h.opened[0], h.phase, h.table = True, Phase.PLAY, [run]
    h.hands[0] = parse_cards("6H")
    assert refused(h, 0, "retrieve 6H on 1") == "B-7"  # the joker would be the last card
    h.hands[0] = parse_cards("6H 2C")
    play(h, 0, "retrieve 6H on 1", "tack JK on 1 high", "discard 2C")
    assert h.over and h.out == 0


def test_b_7_no_play_takes_the_last_place_of_a_joker_taken_from_the_table() -> None:
    """The run 3H JK(4H) 5H with the low end the joker's only place: after the 4H frees the
    joker, the 2H on that end would leave it nowhere to go and the turn stuck (no discard while
    it is held), so it is refused; the joker goes there, and the 2H is discarded."""
    from kalooki_desktop.engine.british.melds import make_b_meld
    from kalooki_desktop.engine.melds import Meld
    from kalooki_desktop.engine.rules import FOUR
    from kalooki_desktop.engine.turn import Phase

    h = position()
    run = make_b_meld(FOUR, 1, parse_cards("3H JK 5H 6H 7H 8H 9H 10H JH QH KH AH"), FORTY)
    assert isinstance(run, Meld)
    h.opened[0], h.phase, h.table = True, Phase.PLAY, [run]
    h.hands[0] = parse_cards("4H 2H 9C")
    play(h, 0, "retrieve 4H on 1")
    assert refused(h, 0, "tack 2H on 1 low") == "B-7"
    assert h.legal_actions(0), "a seat asked always has a legal action"
    play(h, 0, "tack JK on 1 low", "discard 2H")
    assert h.turn == 1 and h.hands[0] == parse_cards("9C")


def test_b_v5_a_kalookis_25_goes_to_the_players_dealt_in_never_to_one_out_of_the_game() -> None:
    h = position(make_british_rules("british40", ["B-V5:25"]), hands=KALOOKI, stock="QC JD")
    h.active[1], h.hands[1] = False, []  # out of the game (B-11): not dealt in
    play(h, 0, "pluck stock", ALL_MELDS + " 5C", "discard QC")
    assert h.kalooki and h.scores == [0, 0, 118]
