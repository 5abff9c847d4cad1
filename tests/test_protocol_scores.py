"""The scores, standings, statistics and words of the screens beside the table read a game through
the one protocol: the figures from the seat's view (card points, the contract, the schedule, the
limit and its buy-ins), the words from one small object per rule system, whatever the game."""

from __future__ import annotations

import pytest

from kalooki_desktop.engine.actions import BuyIn, StayOut
from kalooki_desktop.engine.cards import JOKER, parse_card, parse_cards, penalty
from kalooki_desktop.engine.match import Match
from kalooki_desktop.engine.rules import make_rules
from kalooki_desktop.engine.systems import british
from kalooki_desktop.play.session import HUMAN, GameSetup, Session
from kalooki_desktop.play.standings import final_places
from kalooki_desktop.storage import stats
from kalooki_desktop.storage.paths import set_data_dir

from .saving import play


def british_game(seed: int = 11, preset: str = "british40", switches: tuple[str, ...] = ()) -> Session:
    """A whole British game (the player's seat by the hint, buying back in when asked)."""
    session = Session(GameSetup(("normal", "normal", "hard"), preset, switches, seed=seed), threaded=False,
                      speed=1000)
    play(session, 100_000)
    assert session.over
    return session


def test_a_view_says_what_a_card_left_in_hand_costs_in_its_own_game() -> None:
    jamaican = Match(make_rules("jamaican", ["J-V5"]), 3, seed=1).view(0)
    forty = british.BritishMatch(british.make_british_rules("british40"), 3, seed=1).view(0)
    fifty_one = british.BritishMatch(british.make_british_rules("kalooki51"), 3, seed=1).view(0)
    for card in [JOKER, *parse_cards("AS 10D 7C")]:
        assert jamaican.card_points(card) == penalty(card, jamaican.rules.joker_points)
        assert forty.card_points(card) == british.hand_value(card, forty.rules)
    assert jamaican.card_points(JOKER) != 50  # J-V5: the joker's own points
    assert (forty.card_points(JOKER), fifty_one.card_points(JOKER)) == (15, 25)  # B-10, B-V1
    assert forty.card_points(parse_card("AS")) == 11


def test_a_view_says_the_contract_and_the_schedule_or_that_there_are_none() -> None:
    m = Match(make_rules("short"), 3, seed=2)
    view = m.view(1)
    assert view.contract_text == m.hand.spec.contract_text != ""
    assert view.schedule_length == len(m.rules.schedule) == 7
    b = british.BritishMatch(british.make_british_rules("kalooki51"), 2, seed=2).view(0)
    assert (b.contract_text, b.schedule_length) == ("", 0)


def test_a_view_tells_the_limit_the_buy_ins_and_the_chips_where_the_game_has_them() -> None:
    from kalooki_desktop.engine.seatview import Elimination

    assert Match(make_rules("baby"), 3, seed=1).view(0).elimination is None
    m = british.BritishMatch(british.make_british_rules("british40", ["B-12", "B-V3"]), 3, seed=4, first_dealer=0)
    m._score_deal([0, 120, 60], 0, kalooki=False)  # seat 1 over the Swedish limit of 100
    m._next_or_end()
    limit = m.view(2).elimination
    assert limit == Elimination(limit=100, most=2, buy_ins=(0, 0, 0), score=60, bought=(),
                                chips=tuple(m.chips), kitty=m.kitty)
    m.apply(1, BuyIn())
    limit = m.view(0).elimination
    assert limit is not None and limit.buy_ins == (0, 1, 0) and limit.bought == ((1, 1, 60),)
    assert limit.chips is not None and sum(limit.chips) + limit.kitty == 0
    with pytest.raises(AttributeError):
        limit.limit = 500  # type: ignore[misc]  # a view's figures cannot be changed
    plain = british.BritishMatch(british.make_british_rules("british40"), 3, seed=4).view(0).elimination
    assert plain is not None and plain.chips is None and plain.limit == 150


def test_the_chart_s_running_totals_follow_every_buy_in_as_the_game_kept_them() -> None:
    from kalooki_desktop.scenes.scoreboard import running_totals

    m = british_game().match
    assert isinstance(m, british.BritishMatch) and m.bought  # (a game with buy-ins)
    points = running_totals(m)
    for p in range(m.players):
        kept = [(0, 0)]
        for i, totals in enumerate(m.history, start=1):
            kept.append((i, totals[p]))
            kept += [(i, total) for deal, seat, total in m.bought if deal == i and seat == p]
        assert points[p] == kept


def test_the_places_at_the_end_rank_each_game_by_its_own_rule() -> None:
    m = british_game().match
    places = final_places(m)
    assert [places[s] for s in m.winners] == ["1st"] * len(m.winners)
    jamaican = Match(make_rules("baby"), 3, seed=1)
    jamaican.totals, jamaican.winners = [40, 12, 40], [1]
    assert final_places(jamaican) == ["joint 2nd", "1st", "joint 2nd"]


def test_each_rule_system_has_its_words_and_they_are_in_the_catalogue() -> None:
    from kalooki_desktop.engine.systems import SYSTEMS
    from kalooki_desktop.i18n import tr
    from kalooki_desktop.scenes.gamewords import WORDS, words_of

    assert set(WORDS) == set(SYSTEMS)
    for words in WORDS.values():
        for key in (words.deal, words.next_deal, words.big_out, words.big_out_key, words.laid, words.not_laid):
            assert tr(key) != key
    session = Session(GameSetup(("easy", "easy"), "kalooki51", seed=3), threaded=False)
    view = session.view()
    assert words_of("british").continuing(view) == "Continue · deal 1"
    assert words_of("british").tagline(view) == "British Kalooki · Kalooki 51 · the last player at 150 or under wins"
    session = Session(GameSetup(("easy", "easy"), "baby", seed=3), threaded=False)
    assert words_of("jamaican").leaving(session.view()) == "Leave the game in progress (hand 1 of 3)?"


def test_a_game_record_says_which_game_it_is_and_its_fields_are_the_deal_results_in_both(tmp_path) -> None:
    """Deals scored, melds down at each one's end, the big moment the player went out with, and
    calls: what the deal results say, in the Jamaican game and in British Kalooki alike."""
    set_data_dir(tmp_path)
    try:
        jamaican = Session(GameSetup(("normal", "normal"), "baby", seed=4), threaded=False, speed=1000)
        play(jamaican, 100_000)
        for session, system in ((jamaican, "jamaican"), (british_game(seed=5, preset="kalooki51"), "british")):
            assert session.over
            record = stats.record_of(session)
            played = [r for r in session.match.results if not r.void]
            assert record.system == system
            assert record.hands == [r.number for r in played]
            assert record.laid == [r.laid[HUMAN] for r in played]
            assert record.bends == sum(1 for r in played if r.big_out and r.out == HUMAN)
            assert record.calls == sum(r.calls_used[HUMAN] for r in played if r.calls_used)
            assert record.contracts == [r.contract_text for r in played if r.contract_text]
            assert bool(record.contracts) == (system == "jamaican")
    finally:
        set_data_dir(None)


def test_a_player_over_the_limit_answers_on_the_scoreboard_from_the_view_s_figures(tmp_path) -> None:
    """The buy-in question's figures come from the view: the total, the limit, the score bought
    back in at and the buy-ins left (B-11)."""
    from kalooki_desktop.scenes.menu import MenuScene
    from kalooki_desktop.scenes.scoreboard import ScoreboardScene

    from .gui import make_app, step

    set_data_dir(tmp_path)
    app = make_app((1024, 640))
    try:
        session = Session(GameSetup(("normal", "normal", "hard"), "british40", seed=11), threaded=False,
                          speed=1000)
        now = 0.0
        while session.prompt() != "buy_in":
            now += 5000
            session.autoplay(now)
        app.push(MenuScene(app))
        board = ScoreboardScene(app, session, session.match.results[-1])
        app.push(board)
        step(app, 2)
        m = session.match
        assert isinstance(m, british.BritishMatch)
        assert board.headline() == (f"You are on {m.totals[HUMAN]}, over {m.rules.limit}: buy back in at "
                                    f"{m.buy_in_score()} ({m.rules.buy_ins - m.buy_ins[HUMAN]} buy-ins left) or stay out (B-11)")
        board.decide(buy_in=False)
        assert session.match.check(HUMAN, StayOut()) is not None and board.watching()
    finally:
        app.shutdown()
        set_data_dir(None)
