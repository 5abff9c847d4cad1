"""Variant switches and schedules: J-V3, J-V4, J-V6..J-V9, J-S1..J-S4, J-3.5 (J-V1, J-V2, J-V5 and
J-V10 are tested beside the rules they change), plus presets and variant ids as data."""

from __future__ import annotations

import random

import pytest

from kalooki_desktop.engine.cards import parse_cards
from kalooki_desktop.engine.hand import HandState
from kalooki_desktop.engine.match import Match
from kalooki_desktop.engine.rules import VARIANTS, make_rules
from kalooki_desktop.engine.turn import Phase
from kalooki_desktop.engine.view import View

from .helpers import LAY1, LAYER, PLAIN, judge, play

EXACT = "7S 7H 7D 9S 9H 9D KS KH KD"


def test_presets_and_variants_are_frozen_data() -> None:
    r = make_rules("jamaican", ["J-V1", "j-v5"])
    assert not r.calling and r.joker_points == 25 and r.variants == frozenset({"J-V1", "J-V5"})
    with pytest.raises(Exception):
        r.calling = True  # type: ignore[misc]
    with pytest.raises(ValueError, match="unknown variant"):
        make_rules("jamaican", ["J-V99"])
    with pytest.raises(ValueError, match="unknown rules preset"):
        make_rules("british")
    assert set(VARIANTS) >= {f"J-V{i}" for i in range(1, 11)} | {f"J-S{i}" for i in range(1, 5)}


def test_j_v3_laid_players_may_take_the_discard() -> None:
    acts = [(0, "pluck stock"), (0, LAY1), (0, "discard 5C"),
            (1, "pluck stock"), (1, "discard 2S"), (2, "pluck stock"), (2, "discard 2H"),
            (3, "pluck stock"), (3, "discard 2D"), (0, "pluck discard")]
    got = play([LAYER, *PLAIN], acts, variants=("J-V3",))
    assert got["ok"] and "2D" in got["hands"][0]


def test_j_v4_going_out_by_a_lay_or_tack() -> None:
    lay_all = "lay three 7S 7H 7D | three 9S 9H 9D | three KS KH KD KC"
    got = play([EXACT, *PLAIN], [(0, "pluck stock"), (0, lay_all)], stock="KC 5C", variants=("J-V4",))
    assert got["hand_over"] and got["out"] == 0 and got["bent"]  # J-8.2 includes such a lay
    got = play([EXACT, *PLAIN], [(0, "pluck stock"), (0, LAY1), (0, "tack KC on 3")],
               stock="KC 5C", variants=("J-V4",))
    assert got["hand_over"] and got["out"] == 0 and got["bent"]
    got = play([EXACT, *PLAIN], [(0, "pluck stock"), (0, LAY1), (0, "discard KC")],
               stock="KC 5C", variants=("J-V4",))
    assert got["hand_over"] and got["out"] == 0  # a final discard still goes out


def test_j_v6_sudden_death_breaks_a_tie() -> None:
    rules = make_rules("baby", ["J-V6"])
    match = Match(rules, 3, seed=4)
    match.hand_index = len(rules.schedule) - 1
    hands = [parse_cards("5S"), parse_cards("5H"), []]
    state = HandState.from_position(rules, rules.schedule[-1], 0, hands, parse_cards("2C"), [])
    state.phase, state.out, state.scores = Phase.OVER, 2, [5, 5, 0]
    match.totals = [0, 0, 6]
    match.hand = state
    match._finish_hand()
    assert not match.over and match.tied == [0, 1] and match.in_sudden_death
    assert match.hand.spec.contract == (4, 4, 4, 4) and match.hand.spec.cards == 16
    sd = HandState.from_position(rules, match.hand.spec, 1, [[], parse_cards("2S"), parse_cards("3S")],
                                 parse_cards("2C"), [])
    sd.phase, sd.out, sd.scores = Phase.OVER, 0, [0, 2, 3]
    match.hand = sd
    match._finish_hand()
    assert match.over and match.winners == [0] and match.totals == [5, 5, 6]


def test_j_v6_off_ties_share_the_win() -> None:
    rules = make_rules("baby")
    match = Match(rules, 3, seed=4)
    match.hand_index = len(rules.schedule) - 1
    state = HandState.from_position(rules, rules.schedule[-1], 0, [[], [], []], parse_cards("2C"), [])
    state.phase, state.out, state.scores = Phase.OVER, 0, [0, 0, 9]
    match.hand = state
    match._finish_hand()
    assert match.over and match.winners == [0, 1]


def test_j_v7_caribbean_scoring() -> None:
    hands = [[], ["AS", "KD"], ["JK"], ["2S"]]
    got = judge("score_hand", variants=("J-V7",), hands=hands, out=0, bent=False,
                laid=[True, True, False, True])
    assert got == {"scores": [-50, 25, 100, 2]}
    got = judge("score_hand", variants=("J-V7",), hands=hands, out=0, bent=True,
                laid=[True, True, False, True])
    assert got == {"scores": [-50, 50, 200, 4]}  # the -50 is not doubled
    got = play([EXACT, *PLAIN], [(0, "pluck stock"), (0, LAY1), (0, "discard 5C")], variants=("J-V7",))
    assert got["scores"] == [-50, 210, 210, 238]


def test_j_8_1_score_hand_without_variants() -> None:
    got = judge("score_hand", hands=[["AS", "KD"], [], ["JK"]], out=1, bent=False, laid=[True, True, False])
    assert got == {"scores": [25, 0, 50]}


def test_j_v8_twelve_cards_in_hands_1_to_3() -> None:
    assert [h["cards"] for h in judge("schedule", variants=("J-V8",))["hands"]] == [12, 12, 12, 12, 12, 13, 14, 15, 16]
    assert [h["cards"] for h in judge("schedule", "baby", ("J-V8",))["hands"]] == [8, 8, 8]


def test_j_v9_open_hands() -> None:
    rules = make_rules("jamaican", ["J-V9"])
    state = HandState.deal(rules, rules.schedule[0], 4, 0, random.Random(1))
    view = View(state, 2)
    assert view.open_hands is not None and list(view.open_hands[1]) == state.hands[1]
    closed = View(HandState.deal(make_rules(), rules.schedule[0], 4, 0, random.Random(1)), 2)
    assert closed.open_hands is None


def test_j_s1_baby_kalooki() -> None:
    got = judge("schedule", "baby")["hands"]
    assert got == [{"cards": 6, "contract": [3, 3]}, {"cards": 7, "contract": [3, 4]},
                   {"cards": 8, "contract": [4, 4]}]
    assert judge("schedule", "jamaican", ("J-S1",))["hands"] == got


def test_j_s2_short_game_without_hands_3_and_8() -> None:
    got = [tuple(h["contract"]) for h in judge("schedule", "short")["hands"]]
    assert got == [(3, 3, 3), (3, 3, 4), (4, 4, 4), (3, 3, 3, 3), (3, 3, 3, 4), (3, 3, 4, 4), (4, 4, 4, 4)]


def test_j_s3_custom_schedule() -> None:
    r = make_rules("custom", schedule=["4 4 4 4", "3 3", (3, 3, 3)])
    assert [(h.number, h.cards, h.contract) for h in r.schedule] == [
        (1, 16, (4, 4, 4, 4)), (2, 6, (3, 3)), (3, 9, (3, 3, 3))]
    with pytest.raises(ValueError, match="J-S3"):
        make_rules("custom", schedule=["4 4 4 4 4"])
    got = judge("schedule", "custom", schedule_contracts=["3 4", "4 4 4"])
    assert got == {"hands": [{"cards": 7, "contract": [3, 4]}, {"cards": 12, "contract": [4, 4, 4]}]}


def test_j_s4_match_of_three_games() -> None:
    r = make_rules("jamaican", ["J-S4"])
    assert len(r.schedule) == 27 and r.hands_per_game == 9
    assert r.schedule[9].contract == (3, 3, 3) and r.schedule[26].contract == (4, 4, 4, 4)


class _CutRng(random.Random):
    """Cuts exactly ``n`` cards."""

    def __init__(self, n: int) -> None:
        super().__init__(1)
        self.n = n

    def randint(self, a: int, b: int) -> int:
        return self.n


def test_j_3_5_dealers_cut_bonus() -> None:
    rules = make_rules("jamaican", ["J-3.5"])
    spec = rules.schedule[0]
    state = HandState.deal(rules, spec, 4, dealer=2, rng=_CutRng(36))
    assert state.cut_bonus_seat == 2
    assert HandState.deal(rules, spec, 4, dealer=2, rng=_CutRng(35)).cut_bonus_seat is None
    assert HandState.deal(make_rules(), spec, 4, dealer=2, rng=_CutRng(36)).cut_bonus_seat is None
    from kalooki_desktop.engine.scoring import hand_scores
    scores = hand_scores([[], parse_cards("5S"), parse_cards("5H"), []], 0, bent=True, laid=[True] * 4, rules=rules, cut_bonus_seat=2)
    assert scores == [0, 10, -40, 0]  # the -50 is not doubled
