"""The turn, calling, tacking, the stock running out and scoring, position by position:
J-3.1, J-4.1..J-4.6, J-5.1..J-5.7, J-6.1, J-6.3, J-6.5, J-7.1, J-7.2, J-8.1..J-8.3."""

from __future__ import annotations

import random

import pytest

from kalooki_desktop.engine.actions import Call, Discard, Pass, PluckStock, parse_action
from kalooki_desktop.engine.cards import JOKER, parse_cards
from kalooki_desktop.engine.hand import HandState
from kalooki_desktop.engine.match import Match
from kalooki_desktop.engine.refusal import IllegalAction
from kalooki_desktop.engine.rules import RuleSet, make_rules
from kalooki_desktop.engine.scoring import winners
from kalooki_desktop.engine.turn import Phase

from .helpers import LAY1, LAYER, PLAIN, play

EXACT = "7S 7H 7D 9S 9H 9D KS KH KD"  # hand 1's contract and nothing else
TABLE = [LAYER, *PLAIN]


def refused(result: dict[str, object]) -> tuple[object, object]:
    assert result.get("ok") is False, result
    return result["index"], result["rule"]


# --- J-3.1 / J-4.1 ------------------------------------------------------------------------

def test_j_3_1_the_player_left_of_the_dealer_plays_first() -> None:
    assert play(TABLE, [])["to_act"] == 0
    assert play(TABLE, [], dealer=1)["to_act"] == 2
    assert refused(play(TABLE, [(1, "pluck stock")])) == (0, "J-3.1")


def test_j_3_1_the_deal() -> None:
    rules = make_rules()
    state = HandState.deal(rules, rules.schedule[0], 4, dealer=2, rng=random.Random(5))
    assert [len(h) for h in state.hands] == [9, 9, 9, 9]
    assert len(state.discard) == 1 and len(state.stock) == 108 - 36 - 1
    assert state.turn == 3 and not state.callable  # the turned-up card is not a discard


def test_j_4_1_pluck_from_stock_or_discard_pile() -> None:
    got = play(TABLE, [(0, "pluck stock")])
    assert "5C" in got["hands"][0] and got["stock_count"] == 8 and got["discard_top"] == "2C"
    got = play(TABLE, [(0, "pluck discard")])
    assert "2C" in got["hands"][0] and got["discard_top"] is None
    assert refused(play(TABLE, [(0, "discard 4C")])) == (0, "J-4.1")
    assert refused(play(TABLE, [(0, "pluck stock"), (0, "pluck discard")])) == (1, "J-4.1")


def test_j_4_2_a_laid_player_plucks_from_the_stock() -> None:
    acts = [(0, "pluck stock"), (0, LAY1), (0, "discard 5C"),
            (1, "pluck stock"), (1, "discard 2S"), (2, "pluck stock"), (2, "discard 2H"),
            (3, "pluck stock"), (3, "discard 2D")]
    assert refused(play(TABLE, [*acts, (0, "pluck discard")])) == (9, "J-4.2")
    assert play(TABLE, [*acts, (0, "pluck stock")])["ok"]


def test_j_4_3_the_whole_contract_at_once_and_only_once() -> None:
    start = [(0, "pluck stock")]
    assert refused(play(TABLE, [*start, (0, "lay three 7S 7H 7D | three 9S 9H 9D")])) == (1, "J-3.2")
    assert refused(play(TABLE, [*start, (0, LAY1), (0, "lay three 7S 7H 7D | three 9S 9H 9D | three KS KH KD")])) == (2, "J-4.3")
    assert refused(play(TABLE, [*start, (0, "lay three 7S 7H 7D | three 9S 9H 9D | three QS QH QD")])) == (1, "J-4.3")
    got = play(TABLE, [*start, (0, LAY1)])
    assert got["laid"] == [True, False, False, False]
    assert [m["owner"] for m in got["table"]] == [0, 0, 0]
    assert sorted(got["hands"][0]) == ["4C", "5C"]


def test_j_4_4_tack_in_the_same_turn_as_laying() -> None:
    hands = ["7S 7H 7D 9S 9H 9D KS KH KD 7C 4C", *PLAIN]
    got = play(hands, [(0, "pluck stock"), (0, LAY1), (0, "tack 7C on 1")])
    assert got["table"][0]["cards"] == ["7S", "7H", "7D", "7C"]
    assert refused(play(hands, [(0, "pluck stock"), (0, LAY1), (0, "tack 7C on 5")])) == (2, "J-4.4")
    assert refused(play(hands, [(0, "pluck stock"), (0, LAY1), (0, "tack 8C on 1")])) == (2, "J-4.4")


def test_j_4_5_discard_any_card_but_a_joker() -> None:
    hands = ["JK 4C 5H 6D 7S 8S 9S 10S JS", *PLAIN]
    assert refused(play(hands, [(0, "pluck stock"), (0, "discard JK")])) == (1, "J-4.5")
    assert refused(play(hands, [(0, "pluck stock"), (0, "discard AS")])) == (1, "J-4.5")
    got = play(hands, [(0, "pluck stock"), (0, "discard 5C")])  # the card just plucked
    assert got["discard_top"] == "5C" and got["to_act"] == 1


def test_j_4_5_only_jokers_end_the_turn_without_a_discard() -> None:
    got = play(["JK", *PLAIN], [(0, "pluck stock")], stock="JK 5C 6D 8H")
    assert got["hands"][0] == ["JK", "JK"] and got["to_act"] == 1 and got["callers"] == []
    # Laid, with jokers that could still go on an own four: the player may tack or end.
    hands = ["5S 6S 7S 8S 9H 9D 9C 10H 10D 10C JK JK", *PLAIN]
    lay = "lay three 9H 9D 9C | three 10H 10D 10C | four 5S 6S 7S 8S"
    base = [(0, "pluck stock"), (0, lay)]
    got = play(hands, base, hand=2, stock="JK 5C 6D")
    assert got["hands"][0] == ["JK", "JK", "JK"] and got["to_act"] == 0
    assert play(hands, [*base, (0, "end")], hand=2, stock="JK 5C 6D")["to_act"] == 1
    assert refused(play(hands, [*base, (0, "discard JK")], hand=2, stock="JK 5C 6D")) == (2, "J-4.5")
    got = play(hands, [*base, (0, "tack JK on 3 high"), (0, "tack JK on 3 low")], hand=2, stock="JK 5C 6D")
    assert got["hands"][0] == ["JK"] and got["to_act"] == 1  # the last joker cannot be placed
    assert refused(play(TABLE, [(0, "pluck stock"), (0, "end")])) == (1, "J-4.5")


def test_j_4_6_going_out_with_the_last_discard() -> None:
    got = play([EXACT, *PLAIN], [(0, "pluck stock"), (0, LAY1), (0, "discard 5C")])
    assert got["hand_over"] and got["out"] == 0 and got["to_act"] is None
    assert got["callers"] == []  # nobody calls the last discard
    assert refused(play([EXACT, *PLAIN], [(0, "pluck stock"), (0, LAY1), (0, "discard 5C"),
                                          (2, "call")])) == (3, "J-4.6")


def test_j_4_6_a_lay_or_tack_may_not_empty_the_hand() -> None:
    got = play([EXACT, *PLAIN], [(0, "pluck stock"), (0, "lay three 7S 7H 7D | three 9S 9H 9D | three KS KH KD KC")],
               stock="KC 5C")
    assert refused(got) == (1, "J-4.6")
    hands = ["7S 7H 7D 9S 9H 9D KS KH KD", *PLAIN]
    got = play(hands, [(0, "pluck stock"), (0, LAY1), (0, "tack KC on 3")], stock="KC 5C")
    assert refused(got) == (2, "J-4.6")


# --- J-5 calling ------------------------------------------------------------------------------

ROUND0 = [(0, "pluck stock"), (0, "discard 4C")]  # seat 0 discards 4C; seat 1 is next


def test_j_5_1_who_may_call() -> None:
    assert refused(play(TABLE, [(2, "call")])) == (0, "J-5.1")  # the card turned up at the deal
    assert play(TABLE, ROUND0)["callers"] == [2, 3]
    assert refused(play(TABLE, [*ROUND0, (0, "call")])) == (2, "J-5.1")  # the discarder
    assert refused(play(TABLE, [*ROUND0, (1, "call")])) == (2, "J-5.1")  # the next player


def test_j_5_2_the_first_caller_after_the_next_player_gets_it() -> None:
    got = play(TABLE, [*ROUND0, (3, "call")])  # seat 2 let the card go
    assert got["ok"] and got["to_act"] == 1
    assert refused(play(TABLE, [*ROUND0, (3, "call"), (2, "call")])) == (3, "J-5.2")
    five = [LAYER, *PLAIN, "2S 3S 4S 5S 6S 7S 8S 9S 10S"]
    got = play(five, [(0, "pluck stock"), (0, "discard 4C")], dealer=4)
    assert got["callers"] == [2, 3, 4]


def test_j_5_3_allow_gives_the_caller_the_card_and_a_penalty_card() -> None:
    got = play(TABLE, [*ROUND0, (2, "call"), (1, "allow")])
    assert len(got["hands"][2]) == 11 and "4C" in got["hands"][2] and "6D" in got["hands"][2]
    assert got["calls_used"] == [0, 0, 1, 0] and got["to_act"] == 1
    assert refused(play(TABLE, [*ROUND0, (2, "call"), (1, "allow"), (1, "pluck discard")])) == (4, "J-5.3")
    got = play(TABLE, [*ROUND0, (2, "call"), (1, "allow"), (1, "pluck stock")])
    assert "8H" in got["hands"][1]
    assert refused(play(TABLE, [*ROUND0, (2, "call"), (1, "allow"), (3, "call")])) == (4, "J-5.3")


def test_j_5_3_refuse_takes_the_card_as_the_pluck() -> None:
    got = play(TABLE, [*ROUND0, (2, "call"), (1, "refuse")])
    assert "4C" in got["hands"][1] and len(got["hands"][2]) == 9
    assert got["calls_used"] == [0, 0, 0, 0] and got["to_act"] == 1  # J-5.6: refused calls don't count
    got = play(TABLE, [*ROUND0, (2, "call"), (1, "refuse"), (1, "discard 2S")])
    assert got["to_act"] == 2 and got["callers"] == [3, 0]
    # Plucking the stock while a call waits allows it; taking the discard refuses it.
    got = play(TABLE, [*ROUND0, (2, "call"), (1, "pluck stock")])
    assert got["calls_used"] == [0, 0, 1, 0] and "8H" in got["hands"][1]
    assert "4C" in play(TABLE, [*ROUND0, (2, "call"), (1, "pluck discard")])["hands"][1]
    assert refused(play(TABLE, [(0, "pluck stock"), (0, "allow")])) == (1, "J-5.3")


def test_j_5_4_a_laid_next_player_must_allow() -> None:
    hands = [PLAIN[0], LAYER, PLAIN[1], PLAIN[2]]
    acts = [(0, "pluck stock"), (0, "discard 2S"), (1, "pluck stock"), (1, LAY1), (1, "discard 6D"),
            (2, "pluck stock"), (2, "discard 2H"), (3, "pluck stock"), (3, "discard 2D"),
            (0, "pluck stock"), (0, "discard 3H"), (2, "call")]
    assert refused(play(hands, [*acts, (1, "refuse")])) == (12, "J-5.4")
    assert play(hands, [*acts, (1, "allow")])["calls_used"] == [0, 0, 1, 0]


def test_j_5_4_penalty_card_from_an_empty_stock_rebuilds_it() -> None:
    got = play(TABLE, [*ROUND0, (2, "call"), (1, "allow")], stock="5C", discard="2H 3H 3D")
    # The called 4C left the pile first; the rest but the top (3D) became the stock.
    assert "4C" in got["hands"][2] and len(got["hands"][2]) == 11
    assert got["discard_top"] == "3D" and got["stock_count"] == 1


def test_j_5_5_a_card_is_dead_once_the_next_player_plucks_the_stock() -> None:
    assert refused(play(TABLE, [*ROUND0, (1, "pluck stock"), (2, "call")])) == (3, "J-5.5")


def _call_round(state: HandState, caller: int) -> None:
    """Seat 0 discards what it plucked, ``caller`` calls, seat 1 allows; the others play on."""
    for seat in range(4):
        for other in state.callers_before(seat, PluckStock()):
            state.apply(other, Pass())
        state.apply(seat, PluckStock())
        state.apply(seat, Discard(state.hands[seat][-1]))
        if seat == 0:
            if not state.may_call(caller):
                return
            state.apply(caller, Call())
            state.apply(1, parse_action("allow"))


def test_j_5_6_three_calls_per_player_per_hand() -> None:
    rules = make_rules()
    stock = parse_cards(" ".join(f"{r}{s}" for r in ("2", "3", "4", "5", "6", "8", "10") for s in "SHDC"))
    state = HandState.from_position(rules, rules.schedule[0], 3,
                                    [parse_cards(h) for h in TABLE], parse_cards("2C"), stock)
    for _ in range(3):
        _call_round(state, 2)
    assert state.calls_used == [0, 0, 3, 0]
    for other in state.callers_before(0, PluckStock()):
        state.apply(other, Pass())
    state.apply(0, PluckStock())
    state.apply(0, Discard(state.hands[0][-1]))
    assert state.check(2, Call()).rule == "J-5.6"  # type: ignore[union-attr]
    assert state.eligible_callers() == [3]


def test_j_5_7_a_laid_player_can_no_longer_call() -> None:
    hands = [PLAIN[0], PLAIN[1], LAYER, PLAIN[2]]
    acts = [(0, "pluck stock"), (0, "discard 2S"), (1, "pluck stock"), (1, "discard 2H"),
            (2, "pluck stock"), (2, LAY1), (2, "discard 8H"), (3, "pluck stock"), (3, "discard 2D"),
            (0, "pluck stock"), (0, "discard 3H")]
    got = play(hands, acts)
    assert got["callers"] == [3]
    assert refused(play(hands, [*acts, (2, "call")])) == (11, "J-5.7")


def test_j_v1_no_calling() -> None:
    assert play(TABLE, ROUND0, variants=("J-V1",))["callers"] == []
    assert refused(play(TABLE, [*ROUND0, (2, "call")], variants=("J-V1",))) == (2, "J-V1")


# --- J-6 on the table ---------------------------------------------------------------------

SEAT0_H2 = "5S JK 7S 8S 9H 9D 9C 10H 10D 10C 4C"
LAY0_H2 = "lay three 9H 9D 9C | three 10H 10D 10C | four 5S JK 7S 8S"
SEAT1_H2 = "6S QH QD QC KH KD KC 2D 3D 4D 5D JK"
LAY1_H2 = "lay three QH QD QC | three KH KD KC | four 2D 3D 4D 5D"
H2_STOCK = "5C 6D 8H 3S 4D"
ROUND_H2 = [(0, "pluck stock"), (0, LAY0_H2), (0, "discard 5C"), (1, "pluck stock"), (1, LAY1_H2)]


def test_j_6_1_no_tacking_before_laying() -> None:
    hands = [SEAT0_H2, "9S QH QD 2D 3D 4D 5D 6H 7H 4S", *PLAIN[:2]]
    acts = [(0, "pluck stock"), (0, LAY0_H2), (0, "discard 5C"), (1, "pluck stock"), (1, "tack 9S on 1")]
    assert refused(play(hands, acts, hand=2, stock=H2_STOCK)) == (4, "J-6.1")


def test_j_6_3_no_jokers_on_other_players_melds() -> None:
    hands = [SEAT0_H2, SEAT1_H2, *PLAIN[:2]]
    assert refused(play(hands, [*ROUND_H2, (1, "tack JK on 1")], hand=2, stock=H2_STOCK)) == (5, "J-6.3")
    got = play(hands, [*ROUND_H2, (1, "tack JK on 6 high")], hand=2, stock=H2_STOCK)
    assert got["table"][5]["cards"] == ["2D", "3D", "4D", "5D", "JK"]


def test_j_6_5_any_laid_player_moves_a_joker_up() -> None:
    hands = [SEAT0_H2, SEAT1_H2, *PLAIN[:2]]
    got = play(hands, [*ROUND_H2, (1, "move 6S on 3")], hand=2, stock=H2_STOCK)
    assert got["table"][2] == {"owner": 0, "kind": "four", "cards": ["5S", "6S", "7S", "8S", "JK"]}
    assert "JK" in got["hands"][1]  # the mover's own joker stays; the table's stays on the table
    assert got["hands"][1].count("JK") == 1
    got = play(hands, [*ROUND_H2, (1, "move 6S on 3")], hand=2, stock=H2_STOCK, variants=("J-V2",))
    assert refused(got) == (5, "J-V2")
    hands_before = [SEAT0_H2, "6S " + PLAIN[0], *PLAIN[1:]]
    early = [(0, "pluck stock"), (0, LAY0_H2), (0, "discard 5C"), (1, "pluck stock"), (1, "move 6S on 3")]
    assert refused(play(hands_before, early, hand=2, stock=H2_STOCK)) == (4, "J-6.5")


# --- J-7 stock -------------------------------------------------------------------------------

def test_j_7_1_the_discard_pile_becomes_the_stock_once() -> None:
    acts = [(0, "pluck stock"), (0, "discard 5C"), (1, "pluck stock")]
    got = play(TABLE, acts, stock="5C", discard="2C 3C 4H")
    assert got["ok"] and got["stock_count"] == 2 and got["discard_top"] == "5C"
    assert len(got["hands"][1]) == 10


def test_j_7_2_the_second_time_the_hand_is_void() -> None:
    acts = [(0, "pluck stock"), (0, "discard 5C"), (1, "pluck stock"), (1, "discard 2S"),
            (2, "pluck stock"), (2, "discard 2H"), (3, "pluck stock"), (3, "discard 2D"),
            (0, "pluck stock")]
    got = play(TABLE, acts, stock="5C", discard="2C 3C 4H")
    assert got["hand_over"] and got["void"] and got["scores"] == [0, 0, 0, 0]
    got = play(TABLE, [(0, "pluck stock")], stock="", discard="2C")  # nothing to rebuild from
    assert got["void"]


def test_j_7_2_a_void_hand_is_dealt_again_by_the_same_dealer() -> None:
    from kalooki_desktop.ai.base import next_decision
    from kalooki_desktop.ai.random_bot import RandomBot

    match = Match(make_rules(), 4, seed=11)
    bot, rng = RandomBot(), random.Random(3)
    while not any(r.void for r in match.results):
        seat, action = next_decision(match, [bot] * 4, rng)
        match.apply(seat, action)
    void = next(r for r in match.results if r.void)
    assert match.hand.dealer == void.dealer and match.hand.spec == void.spec
    assert match.totals == [sum(r.scores[s] for r in match.results) for s in range(4)]


# --- J-8 scoring ----------------------------------------------------------------------------

def test_j_8_1_and_j_8_2_bending_the_table_doubles() -> None:
    got = play([EXACT, *PLAIN], [(0, "pluck stock"), (0, LAY1), (0, "discard 5C")])
    assert got["bent"] and got["scores"] == [0, 110, 110, 138]


def test_j_8_1_going_out_later_is_not_bent() -> None:
    acts = [(0, "pluck stock"), (0, LAY1), (0, "discard 4C"),
            (1, "pluck stock"), (1, "discard 2S"), (2, "pluck stock"), (2, "discard 2H"),
            (3, "pluck stock"), (3, "discard 2D"), (0, "pluck stock"), (0, "tack 7C on 1"),
            (0, "discard 5C")]
    got = play(TABLE, acts, stock="5C 6D 8H 3S 7C QS")
    assert got["out"] == 0 and not got["bent"]
    assert got["scores"] == [0, 55 - 2 + 6, 55 - 2 + 8, 69 - 2 + 3]


def test_j_8_2_only_the_first_to_lay_bends_the_table() -> None:
    hands = [PLAIN[0], LAYER, "QS QH QD JS JH JD 8C 8D 8S", PLAIN[1]]
    acts = [(0, "pluck stock"), (0, "discard 2S"), (1, "pluck stock"), (1, LAY1), (1, "discard 6D"),
            (2, "pluck stock"), (2, "lay three QS QH QD | three JS JH JD | three 8C 8D 8S"),
            (2, "discard 8H")]
    got = play(hands, acts)
    assert got["out"] == 2 and not got["bent"]


def test_j_8_3_lowest_total_wins_and_ties_share() -> None:
    assert winners([30, 10, 40]) == [1]
    assert winners([10, 10, 40]) == [0, 1]


def test_illegal_actions_raise_with_the_rule() -> None:
    rules = make_rules()
    state = HandState.from_position(rules, rules.schedule[0], 3, [parse_cards(h) for h in TABLE],
                                    parse_cards("2C"), parse_cards("5C 6D"))
    try:
        state.apply(0, Discard(parse_cards("4C")[0]))
    except IllegalAction as e:
        assert e.rule == "J-4.1" and "(J-4.1)" in str(e)
    else:  # pragma: no cover
        raise AssertionError("discarding before the pluck was accepted")
    assert state.phase == Phase.PLUCK and state.log == []


def _turn_by_stock(state: HandState, rng: random.Random) -> None:
    """The player to act plucks the stock and throws a random card that is not a joker."""
    seat = state.turn
    state.apply(seat, PluckStock())
    hand = state.hands[seat]
    state.apply(seat, Discard(rng.choice([c for c in hand if c != JOKER])))
    if state.phase == Phase.ALLOW:  # nobody calls here; a pending call cannot arise
        raise AssertionError("no call was made")


def test_j_3_2_a_game_is_not_made_of_a_schedule_without_hands() -> None:
    with pytest.raises(ValueError, match=r"J-3\.2"):
        Match(RuleSet(), 4, 1)
