"""Taking back a slip in one's own turn (the engine's ``take back``): the plays since the pluck
return, the deal stands exactly as it stood after the pluck, and the pluck and the discard stay."""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kalooki_desktop.engine.actions import Action, Discard, Lay, TakeBack, parse_action, taken_back
from kalooki_desktop.engine.british.hand import BritishHand
from kalooki_desktop.engine.british.match import BritishMatch
from kalooki_desktop.engine.british.rules import make_british_rules
from kalooki_desktop.engine.cards import parse_cards
from kalooki_desktop.engine.contract import find_lay
from kalooki_desktop.engine.deal import Deal, state_digest
from kalooki_desktop.engine.match import Match, replay
from kalooki_desktop.engine.rules import make_rules
from kalooki_desktop.engine.turn import Phase
from kalooki_desktop.play.session import GameSetup, Session

BABY = make_rules("baby", ["J-V1"])  # no calls: the turns follow one another
#: The player (seat 0) lays 7-7-7 and 9-9-9 after plucking the 9D, and may tack the 7C.
HANDS = ["7S 7H 7D 9C 9H 4S 7C", "2S 3S 4H 5D 6C KD", "QS QH JD 10C 8H 2H", "AS AD 3C 5C 6H 8S"]


def deal_digest(deal: Deal) -> str:
    """The fingerprint of a deal alone (the match's action list grows by the take back)."""
    return state_digest(SimpleNamespace(), deal)


def position(stock: str = "9D KS KH 2D", hands: list[str] = HANDS) -> Match:
    return Match.from_position(BABY, 5, 1, 3, [parse_cards(h) for h in hands], parse_cards("JC"),
                               parse_cards(stock))


def refused(m: Match | BritishMatch, seat: int) -> tuple[str, str]:
    """The rule and the key of the refusal of ``seat``'s take back now."""
    bad = m.check(seat, TakeBack())
    assert bad is not None
    return bad.rule, bad.key


def apply(m: Match | BritishMatch, seat: int, *texts: str) -> None:
    for text in texts:
        m.apply(seat, parse_action(text))


def test_take_back_reads_and_prints_as_text() -> None:
    assert str(TakeBack()) == "take back" and parse_action(" Take  Back ") == TakeBack()
    assert TakeBack.from_text("take back") == TakeBack()


def test_a_lay_and_a_tack_taken_back_leave_the_deal_exactly_as_after_the_pluck() -> None:
    m = position()
    apply(m, 0, "pluck stock")
    after_pluck = deal_digest(m.hand)
    apply(m, 0, "lay three 7S 7H 7D | three 9C 9H 9D", "tack 7C on 1")
    assert m.hand.laid[0] and len(m.hand.table) == 2
    apply(m, 0, "take back")
    assert deal_digest(m.hand) == after_pluck
    assert sorted(m.hand.hands[0]) == sorted(parse_cards("7S 7H 7D 9C 9H 4S 7C 9D"))
    assert m.hand.table == [] and not m.hand.laid[0] and m.hand.phase == Phase.PLAY
    apply(m, 0, "lay three 7S 7H 7C | three 9C 9H 9D", "discard 7D")  # the turn goes on as new
    assert m.hand.turn == 1


def test_take_back_is_refused_before_the_pluck_with_nothing_played_for_another_seat_and_after_the_discard() -> None:
    m = position()
    assert refused(m, 0) == ("J-4", "turn.take_back_pluck")
    apply(m, 0, "pluck stock")
    assert refused(m, 0) == ("J-4", "turn.take_back_nothing")
    apply(m, 0, "lay three 7S 7H 7D | three 9C 9H 9D")
    assert refused(m, 1) == ("J-3.1", "turn.not_yours")
    apply(m, 0, "discard 4S")
    assert refused(m, 0) == ("J-3.1", "turn.not_yours")  # the discard ended the turn
    apply(m, 1, "pluck stock")
    assert refused(m, 1) == ("J-4", "turn.take_back_nothing")


def test_take_back_is_never_among_the_legal_actions_a_computer_player_chooses_from() -> None:
    m = position()
    apply(m, 0, "pluck stock", "lay three 7S 7H 7D | three 9C 9H 9D")
    assert m.check(0, TakeBack()) is None
    assert not any(isinstance(a, TakeBack) for a in m.legal_actions(0))


def test_a_game_with_a_take_back_replays_to_the_same_game_and_knows_what_was_taken_back() -> None:
    m = position()
    apply(m, 0, "pluck stock", "lay three 7S 7H 7D | three 9C 9H 9D", "take back", "discard 7C")
    fresh = position()
    for seat, text in m.action_texts():
        fresh.apply(seat, parse_action(text))
    assert fresh.digest() == m.digest() and fresh.actions[2] == (0, TakeBack())
    assert taken_back(m.actions) == {1, 2}


def test_a_joker_move_is_taken_back_and_the_joker_stands_where_it_stood() -> None:
    hands = ["3H 3D 3C 9S 9H 9D 5S 6S JK 8S QD", "2S 3S 4H 5D 6C KD 9C 10C 10D JD",
             "QS QH JS 10S 8H 2H 4C 4D 5H 6H", "AS AD 3S 5C 6D 8D 10H JH JC QC"]
    m = Match.from_position(make_rules("jamaican", ["J-V1"]), 5, 2, 3, [parse_cards(h) for h in hands],
                            parse_cards("KC"), parse_cards("2D KS KH 2C 7S"))
    apply(m, 0, "pluck stock", "lay three 3H 3D 3C | three 9S 9H 9D | four 5S 6S JK 8S", "discard QD")
    apply(m, 1, "pluck stock", "discard 2S")
    apply(m, 2, "pluck stock", "discard 2H")
    apply(m, 3, "pluck stock", "discard AS")
    apply(m, 0, "pluck stock")  # the 7S
    after_pluck = deal_digest(m.hand)
    apply(m, 0, "move 7S on 3")  # the joker goes to the four's high end (J-6.5)
    assert [str(c) for c in m.hand.table[2].describe().split()[1:]] == ["5S", "6S", "7S", "8S", "JK(9S)"]
    apply(m, 0, "take back")
    assert deal_digest(m.hand) == after_pluck
    assert m.hand.table[2].describe() == "four 5S 6S JK(7S) 8S" and parse_cards("7S")[0] in m.hand.hands[0]


FORTY = make_british_rules("british40")
BRITISH = ["QS QH JK 6C 7C 8C QD 5H 9S 9H 2D 3C 4D", "2S 3S 4S 5S KD KH KC 10H 10D 7S 8D 9D AH",
           "AS AD 2H 3H 4H 6S 7H 8H 10S JS JH 5D 6D"]


def british_position() -> BritishMatch:
    m = BritishMatch(FORTY, 3, 9, first_dealer=2)
    m.hand = BritishHand.from_position(FORTY, 2, [parse_cards(h) for h in BRITISH], parse_cards("8S"),
                                       parse_cards("QC JD 4C 5C"), random.Random(9))
    return m


def test_b_3_coming_out_melds_and_a_retrieval_are_taken_back_until_the_discard() -> None:
    m = british_position()
    assert refused(m, 0) == ("B-3", "turn.take_back_pluck")
    apply(m, 0, "pluck stock")  # the QC
    after_pluck = deal_digest(m.hand)
    assert refused(m, 0) == ("B-3", "turn.take_back_nothing")
    apply(m, 0, "lay three QS QH JK | four 6C 7C 8C", "retrieve QD QC on 1")
    assert m.hand.opened[0] and m.hand.free_jokers == 1
    assert refused(m, 1) == ("B-3", "turn.not_yours")
    apply(m, 0, "take back")
    assert deal_digest(m.hand) == after_pluck and not m.hand.opened[0] and m.hand.table == []
    apply(m, 0, "lay three QS QH QD QC | four 6C 7C 8C", "tack JK on 2 high", "discard 2D")
    assert refused(m, 0) == ("B-3", "turn.not_yours")  # the discard commits
    again = british_position()
    for seat, text in m.action_texts():
        again.apply(seat, parse_action(text))
    assert again.digest() == m.digest()


def test_a_british_game_with_a_take_back_replays_from_its_seed() -> None:
    m = BritishMatch(FORTY, 3, 4)
    rng = random.Random(4)
    took = 0
    while len(m.actions) < 300 and not m.over:
        d = m.pending()
        assert d is not None
        seat = d[0]
        acts = m.hand.legal_actions(seat) if d[1] != "buy_in" else [parse_action("buy in")]
        plays = [a for a in acts if not isinstance(a, Discard) and str(a).split()[0] in ("lay", "tack")]
        if plays and m.check(seat, plays[0]) is None:
            m.apply(seat, plays[0])
            m.apply(seat, TakeBack())
            took += 1
            continue
        m.apply(seat, rng.choice(acts))
    assert took
    again = BritishMatch(FORTY, 3, 4)
    for seat, text in m.action_texts():
        again.apply(seat, parse_action(text))
    assert again.digest() == m.digest()


def _plays(m: Match, rng: random.Random) -> list[Action]:
    """A few legal plays (a lay, then tacks and joker moves) of the seat to play, applied."""
    seat = m.hand.turn
    done: list[Action] = []
    if not m.hand.laid[seat]:
        melds = find_lay(m.hand.hands[seat], m.hand.spec)
        if melds is None:
            return done
        lay = Lay.of(melds)
        m.apply(seat, lay)
        done.append(lay)
    for _ in range(rng.randrange(4)):
        if m.hand.phase != Phase.PLAY or m.hand.turn != seat:
            break
        more = [a for a in m.legal_actions(seat) if not isinstance(a, Discard | Lay) and str(a) != "end"]
        if not more:
            break
        action = rng.choice(more)
        m.apply(seat, action)
        done.append(action)
    return done


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), preset=st.sampled_from(["baby", "jamaican", "short"]))
def test_j_4_every_turn_s_plays_taken_back_leave_the_deal_as_after_its_pluck(seed: int, preset: str) -> None:
    """Random games: at every turn with a play, the plays and a take back give back the deal's
    fingerprint after the pluck; the whole game, take backs included, replays to the same one."""
    rules = make_rules(preset)
    m = Match(rules, 4, seed)
    rng = random.Random(seed)
    took = 0
    while len(m.actions) < 600 and not m.over:
        d = m.pending()
        assert d is not None
        seat = d[0]
        fresh = m.check(seat, TakeBack())  # right after the pluck: nothing to take back yet
        if fresh is not None and fresh.key == "turn.take_back_nothing" and rng.random() < 0.7:
            before = deal_digest(m.hand)
            hand_number = len(m.results)
            if _plays(m, rng) and len(m.results) == hand_number and m.hand.phase == Phase.PLAY \
                    and m.hand.turn == seat:
                m.apply(seat, TakeBack())
                assert deal_digest(m.hand) == before
                took += 1
        d = m.pending()
        if d is None:
            break
        acts = m.legal_actions(d[0])
        melds = find_lay(m.hand.hands[d[0]], m.hand.spec) if m.hand.phase == Phase.PLAY else None
        if melds is not None and not m.hand.laid[d[0]] and m.check(d[0], Lay.of(melds)) is None:
            acts.append(Lay.of(melds))
        m.apply(d[0], rng.choice(acts))
    assert replay(rules, 4, seed, m.action_texts()).digest() == m.digest()


@pytest.mark.parametrize("texts", [["pluck stock", "discard 4S"], ["pluck stock"]])
def test_nothing_is_taken_back_where_nothing_was_played(texts: list[str]) -> None:
    m = position()
    apply(m, 0, *texts)
    assert m.check(m.hand.turn, TakeBack()) is not None
    assert taken_back(m.actions) == frozenset()


# --- the session: the one door, the coach, progress, saves ------------------------------------

LAYER = "7S 7H 7D 9S 9H 9D KS KH KD 4C"
PLAIN = ["2S 3H 5D 6C 8S 10H QD JC AH", "2H 3D 5C 6S 8H 10D QC JS AD", "2D 3C 5S 6H 8D 10C QS JH AC"]
LAY_THREES = "lay three 7S 7H 7D | three 9S 9H 9D | three KS KH KD"


def layer_session(**kw: object) -> Session:
    """The player holds three threes; no calls (J-V1), so the turns follow one another."""
    scenario = {"levels": ["normal"] * 3, "variants": ["J-V1"], "hand": 1, "dealer": 3,
                "hands": [LAYER, *PLAIN], "discard": "2C", "stock": "7C 6D 8H 3S 2D 10C", "seed": 1}
    return Session.from_scenario(scenario, threaded=False, **kw)


def test_the_session_takes_back_only_for_the_player_and_names_why_not() -> None:
    s = layer_session()
    bad = s.take_back()
    assert bad is not None and bad.key == "turn.take_back_pluck" and not s.can_take_back()
    s.submit(parse_action("pluck stock"))
    assert not s.can_take_back()
    s.submit(parse_action(LAY_THREES))
    assert s.can_take_back()
    assert s.take_back() is None and not s.can_take_back()
    assert not jamaican_of(s).hand.laid[0] and s.moves[-1].action == TakeBack()


def jamaican_of(s: Session) -> Match:
    assert isinstance(s.match, Match)
    return s.match


def test_the_coach_weighs_no_take_back_and_forgets_the_plays_it_returned() -> None:
    s = layer_session(coach_on=True)
    s.submit(parse_action("pluck stock"))
    s.submit(parse_action(LAY_THREES))
    assert set(s.decided_notes()) == {0, 1}
    s.take_back()
    assert set(s.decided_notes()) == {0} and all(i == 0 for i, _ in s.coach_notes())


def hand_with_a_take_back() -> Session:
    """The player lays, takes it back and discards; lays again next turn and goes out."""
    s = layer_session()
    s.submit(parse_action("pluck stock"))  # the 7C
    s.submit(parse_action(LAY_THREES))
    s.take_back()
    s.submit(parse_action("discard 4C"))
    for seat, card in ((1, "2S"), (2, "2H"), (3, "2D")):
        s.replay_action(seat, "pluck stock")
        s.replay_action(seat, f"discard {card}")
    s.submit(parse_action("pluck stock"))  # the 2D
    s.submit(parse_action("lay three 7S 7H 7D 7C | three 9S 9H 9D | three KS KH KD"))
    s.submit(parse_action("discard 2D"))
    assert s.moves[-1].result is not None and s.moves[-1].result.out == 0
    return s


def test_turns_to_lay_count_the_lay_that_stands_not_one_taken_back() -> None:
    from kalooki_desktop.storage.progress import turns_to_lay

    assert turns_to_lay(hand_with_a_take_back()) == 2


def test_the_review_shows_a_take_back_but_weighs_only_the_decisions_that_stand() -> None:
    from kalooki_desktop.play.review import Review

    s = hand_with_a_take_back()
    review = Review(s)
    texts = [str(step.action) for step in review.steps]
    assert texts[1] == LAY_THREES and texts[2] == "take back"  # the review shows what happened
    mine = [str(review.steps[k].action) for k in review.player_steps()]
    assert LAY_THREES not in mine and "take back" not in mine
    assert mine == ["pluck stock", "discard 4C", "pluck stock",
                    "lay three 7S 7H 7D 7C | three 9S 9H 9D | three KS KH KD", "discard 2D"]


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000))
def test_a_save_with_take_backs_loads_as_the_same_game_and_the_autosave_holds_the_taken_back_state(
    tmp_path: Path, seed: int
) -> None:
    from kalooki_desktop.storage import saves
    from kalooki_desktop.storage.autosave import Autosave
    from kalooki_desktop.storage.paths import set_data_dir

    set_data_dir(tmp_path)
    try:
        s = Session(GameSetup(("normal", "normal", "normal"), "jamaican", seed=seed), threaded=False, speed=1000)
        autosave = Autosave(s, lambda *_: None, lambda: True, threaded=s.threaded)  # the game's own listener
        rng = random.Random(seed)
        player = s.game.make_bot("normal")
        took = 0
        now = 0.0
        while not s.over and (took < 2 or len(s.match.actions) < 150) and len(s.match.actions) < 5000:
            now += 5000
            if s.prompt() is None:
                s.tick(now)
                continue
            m = jamaican_of(s)
            melds = find_lay(m.hand.hands[0], m.hand.spec) if s.prompt() == "play" else None
            if melds is not None and not m.hand.laid[0] and s.submit(Lay.of(melds)) is None \
                    and m.hand.phase == Phase.PLAY and m.hand.turn == 0:
                s.listeners.append(autosave)
                assert s.take_back() is None
                s.listeners.remove(autosave)
                took += 1
                auto = Session.of(saves.load(saves.saves_dir() / "autosave.json"), threaded=False)
                assert auto.match.digest() == s.match.digest() and not jamaican_of(auto).hand.laid[0]
                auto.close()
            if s.prompt() is not None:  # the player's seat played by a Normal player
                assert s.submit(player.choose(s.view(), rng)) is None  # type: ignore[arg-type]
        assert took
        path = tmp_path / "x.json"
        saves.save(s, path, "x")
        loaded = Session.of(saves.load(path), threaded=False)
        assert loaded.match.digest() == s.match.digest()
        assert loaded.match.action_texts() == s.match.action_texts()
        loaded.close()
        s.close()
    finally:
        set_data_dir(None)


def test_the_judge_plays_a_take_back_and_refuses_one_before_the_pluck() -> None:
    from .helpers import judge

    hands = [["7S", "7H", "7D", "9C", "9H", "4S", "7C"], ["2S", "3S", "4H", "5D", "6C", "KD"],
             ["QS", "QH", "JD", "10C", "8H", "2H"], ["AS", "AD", "3C", "5C", "6H", "8S"]]
    got = judge("play", "baby", players=4, hand=1, dealer=3, hands=hands, discard=["JC"], stock=["9D", "KS"],
                actions=[[0, "pluck stock"], [0, "lay three 7S 7H 7D | three 9C 9H 9D"], [0, "take back"]])
    assert got["ok"] and got["table"] == [] and len(got["hands"][0]) == 8 and got["laid"] == [False] * 4
    refused = judge("play", "baby", players=4, hand=1, dealer=3, hands=hands, discard=["JC"], stock=["9D"],
                    actions=[[0, "take back"]])
    assert refused == {"ok": False, "index": 0, "rule": "J-4",
                       "reason": "Nothing to take back before your pluck, and the pluck itself stands"}


def test_a_save_written_before_take_back_existed_loads_mid_turn_and_its_plays_can_be_taken_back(
    tmp_path: Path,
) -> None:
    """The fixture was written by the release before take back, right after a lay: the kept turn
    follows from the state and its log, so the fingerprint leaves it out and the save loads."""
    import shutil

    from kalooki_desktop.storage import saves
    from kalooki_desktop.storage.paths import set_data_dir

    set_data_dir(tmp_path)
    try:
        path = tmp_path / "laid.json"
        shutil.copy(Path(__file__).parent / "fixtures" / "save-v2-laid-this-turn.json", path)
        loaded = Session.of(saves.load(path), threaded=False)
        assert jamaican_of(loaded).hand.laid[0] and loaded.can_take_back()
        assert loaded.take_back() is None and not jamaican_of(loaded).hand.laid[0]
        loaded.close()
    finally:
        set_data_dir(None)


def test_the_fingerprint_leaves_out_only_the_kept_turn() -> None:
    m = position()
    apply(m, 0, "pluck stock", "lay three 7S 7H 7D | three 9C 9H 9D")
    kept = m.hand.undo
    assert kept is not None
    with_it = m.digest()
    m.hand.undo = None
    assert m.digest() == with_it
    m.hand.undo = kept
    m.hand.first_layer = 3
    assert m.digest() != with_it


def test_the_coach_command_weighs_no_take_back_nor_the_plays_it_returned() -> None:
    from kalooki_desktop.tools.coach_cli import review

    out = review(hand_with_a_take_back(), 1, worlds=4)
    decisions = [d["decision"] for d in out["decisions"]]
    assert "take back" not in decisions and LAY_THREES not in decisions and len(decisions) == 5
