"""Practice of one contract: single hands with the coach on, running figures, Deal again and
Replay this deal (the same deal again), apart from the game in progress and its statistics."""

from __future__ import annotations

import pytest

from kalooki_desktop.play.practice import Practice
from kalooki_desktop.play.session import GameSetup, Session
from kalooki_desktop.scenes.menu import MenuScene
from kalooki_desktop.scenes.practice import PracticeResultScene, PracticeScene
from kalooki_desktop.scenes.table import TableScene
from kalooki_desktop.storage.progress import turns_to_lay

from .gui import jamaican, make_app, play_by_mouse, press_button, step
from .saving import play


@pytest.fixture
def app():
    a = make_app()
    a.host.threaded_games = False
    yield a
    a.shutdown()


def open_practice(app) -> PracticeScene:
    """The practice screen, opened from the menu."""
    app.push(MenuScene(app))
    step(app)
    app.top.choose("practice")
    step(app)
    scene = app.top
    assert isinstance(scene, PracticeScene)
    return scene


def play_hand(app) -> PracticeResultScene:
    """Play the practice hand on show by mouse (the hint's moves) until its result."""
    for _ in range(60_000):
        top = app.top
        if isinstance(top, PracticeResultScene):
            return top
        assert isinstance(top, TableScene)
        if not play_by_mouse(app, top):
            step(app)
    raise AssertionError("the practice hand never ended")


def test_practising_hand_9_twice_with_replay_this_deal_deals_the_same_cards(app) -> None:
    game = Session(GameSetup(("easy", "easy"), seed=4), threaded=False)
    app.host.set_session(game)  # a game in progress: practice leaves it alone
    scene = open_practice(app)
    scene.target, scene.count = "9", "2"
    press_button(app, scene.start)
    step(app)
    table = app.top
    assert isinstance(table, TableScene)
    first = table.session
    assert first.practice == 9 and first.coach_on and first is not app.host.session
    dealt = [list(h) for h in first.match.hand.hands], list(first.match.hand.stock)
    assert len(dealt[0][0]) == 16 and jamaican(first).rules.schedule[0].contract_text == "4 4 4 4"
    result = play_hand(app)
    assert len(app.host.practice.tries) == 1 and result.done.seed == first.setup.seed
    assert first.notes  # the coach weighed the player's decisions
    press_button(app, result.replay)
    step(app)
    again = app.top
    assert isinstance(again, TableScene) and again.session is not first
    assert again.session.setup.seed == first.setup.seed
    assert ([list(h) for h in again.session.match.hand.hands], list(again.session.match.hand.stock)) == dealt
    result = play_hand(app)
    tries = app.host.practice.tries
    assert len(tries) == 2 and tries[0].seed == tries[1].seed
    figures = app.host.practice.figures()
    assert figures["hands"] == 2 and figures["made"] == sum(t.made for t in tries)
    assert "This practice: 2 hands" in _texts(app)
    press_button(app, result.again)
    step(app)
    assert app.top.session.setup.seed != first.setup.seed  # Deal again: a new deal
    assert app.host.session is game and not game.over  # the game in progress waits


def _texts(app) -> str:
    """Every text the scene on show draws (the practice result's figures)."""
    from kalooki_desktop.ui import text as txt

    seen: list[str] = []
    real = txt.draw

    def record(surface, text, *args, **kw):
        seen.append(text)
        return real(surface, text, *args, **kw)

    txt.draw = record
    try:
        step(app)
    finally:
        txt.draw = real
    return " | ".join(seen)


def test_turns_to_lay_count_the_players_turns_until_the_contract() -> None:
    run = Practice(1, ("normal", "normal"))
    session = run.begin(Session(run.setup(7), threaded=False, speed=1000))
    play(session, 100_000)
    done = run.record(session)
    assert session.over and done.seed == 7
    starts = ("PluckStock", "PluckDiscard", "Refuse")
    plucks = sum(1 for mv in session.moves if mv.seat == 0 and type(mv.action).__name__ in starts)
    assert done.made == (done.turns is not None)
    if done.turns is not None:
        assert done.turns == turns_to_lay(session) and 1 <= done.turns <= max(1, plucks)


def test_the_practice_figures_say_plainly_what_there_is_to_say() -> None:
    from kalooki_desktop.play.practice import Try
    from kalooki_desktop.scenes.practice import figures_text

    run = Practice(3)
    run.tries.append(Try(1, made=False, turns=None, points=25))
    assert figures_text(run) == "This practice: 1 hand, no contract made yet, 25 points a hand."
    run.tries.append(Try(2, made=True, turns=4, points=15))
    assert figures_text(run) == (
        "This practice: 2 hands, 1 contract made, 4 turns to lay on average, 20 points a hand.")
    run.tries.append(Try(3, made=True, turns=5, points=0))
    assert figures_text(run) == (
        "This practice: 3 hands, 2 contracts made, 4.5 turns to lay on average, 13.3 points a hand.")


def test_a_bent_table_is_said_where_the_practice_hand_s_points_are_shown() -> None:
    """A hand whose table was bent (J-8.2) says so, and each doubled score shows its doubling."""
    from dataclasses import replace

    from kalooki_desktop.engine.game import DealResult
    from kalooki_desktop.engine.rules import THREE, HandSpec
    from kalooki_desktop.scenes.handend import hand_end_lines, score_text

    spec = HandSpec(1, 9, (THREE, THREE))
    r = DealResult(number=1, spec=spec, dealer=0, void=False, out=1, big_out=True, scores=(120, 0, 206),
                   hands=((), (), ()), laid=(False, True, False), calls_used=(0, 0, 0),
                   cut_bonus_seat=None, sudden_death=False)
    names = ["You", "Desmond", "Marcia"]
    assert hand_end_lines(r, names) == ["Desmond went out", "Table bent: scores doubled (J-8.2)"]
    assert [score_text(r, s) for s in range(3)] == ["+120 (60 × 2)", "+0", "+206 (103 × 2)"]
    plain = replace(r, big_out=False, scores=(60, 0, 103))
    assert hand_end_lines(plain, names) == ["Desmond went out"]
    assert [score_text(plain, s) for s in range(3)] == ["+60", "+0", "+103"]


def test_a_practice_hand_keeps_its_title_from_the_deal_to_its_end() -> None:
    """Every practice hand, the first or a later one, is titled as practice of its contract, and
    so is its end; a one-hand game's end is not a sudden-death hand."""
    import random

    from kalooki_desktop.ai.normal import NormalBot
    from kalooki_desktop.scenes.table.painter import bar_title

    run = Practice(3)
    for seed in (5, 6):  # the first practice hand and the next
        session = run.begin(Session(run.setup(seed), threaded=False))
        m = jamaican(session)
        assert bar_title(session, session.view()) == "Practice · Hand 3 · 3 4 4"
        bots, rng = [NormalBot() for _ in range(m.players)], random.Random(seed)
        while not m.results:
            seat = m.pending()[0]  # type: ignore[index]
            m.apply(seat, bots[seat].choose(m.view(seat), rng))
        ended = m.ended_view(0)
        assert ended is not None and bar_title(session, ended) == "Practice · Hand 3 · 3 4 4"
        session.practice = None  # the same one-hand game outside practice
        assert bar_title(session, ended) == "Hand 1 of 1 · 3 4 4"


def test_practice_remembers_its_contract_level_and_opponents_from_one_run_of_the_game_to_the_next(
        tmp_path) -> None:
    """The choices of the last practice hand are kept in the settings: the next run of the game
    offers them again (Easy stays Easy)."""
    from kalooki_desktop.storage.paths import set_data_dir

    set_data_dir(tmp_path)
    try:
        remember_and_offer_again()
    finally:
        set_data_dir(None)


def remember_and_offer_again() -> None:
    first = make_app(persist=True)
    first.host.threaded_games = False
    first.push(MenuScene(first))
    scene = PracticeScene(first)
    first.push(scene)
    step(first)
    scene.target, scene.count, scene.level = "5", "4", "easy"
    scene.begin()
    step(first)
    assert first.settings.last_practice == {"target": "5", "opponents": 4, "level": "easy"}
    first.settings.save()
    first.shutdown()
    again = make_app(persist=True)
    assert again.host.practice is None
    offered = PracticeScene(again)
    assert (offered.target, offered.count, offered.level) == ("5", "4", "easy")
    again.shutdown()


def test_the_practice_dropdowns_choose_the_contract_the_opponents_and_their_level(app, tmp_path) -> None:
    from kalooki_desktop.storage.paths import set_data_dir

    from .test_player_counts import choose

    set_data_dir(tmp_path)
    app.push(PracticeScene(app))
    step(app)
    scene = app.top
    assert isinstance(scene, PracticeScene)
    choose(app, scene.contract_menu, "7")
    choose(app, scene.count_menu, "2")
    choose(app, scene.level_menu, "hard")
    assert (scene.target, scene.count, scene.level) == ("7", "2", "hard")
    set_data_dir(None)


def test_practising_coming_out_in_kalooki_40_plays_british_deals_and_replays_one(app) -> None:
    """B-4: the practice of coming out plays the first deal of a Kalooki 40 game with the coach
    on; its result says whether the player came out and in how many turns; Replay this deal
    deals the same cards; a British practice offers 1 to 4 opponents (B-1)."""
    scene = open_practice(app)
    scene.count = "7"
    scene.contract_menu.selected_option = ("Kalooki 40 · coming out", "british40")
    scene.choose_contract()
    scene = app.top
    assert scene.target == "british40" and scene.count == "4"  # B-1: five players at most
    assert [o[1] for o in scene.count_menu.options_list] == ["1", "2", "3", "4"]
    scene.count = "3"
    press_button(app, scene.start)
    step(app)
    table = app.top
    assert isinstance(table, TableScene)
    first = table.session
    assert first.rules.system == "british" and first.rules.opening == 40 and first.match.players == 4
    assert first.practice == 1 and first.coach_on and first is not app.host.session
    dealt = [list(h) for h in first.match.hand.hands]
    result = play_hand(app)
    assert result.run.label == "Kalooki 40 · coming out" and result.review is None
    done = app.host.practice.tries[0]
    assert done.made == bool(first.match.results[0].laid[0]) or first.match.results[0].void
    texts = _texts(app)
    assert ("Came out in" in texts) if done.made else ("Did not come out" in texts)
    assert "Practice · Kalooki 40 · coming out" in texts
    press_button(app, result.replay)
    step(app)
    again = app.top.session
    assert again.setup.seed == first.setup.seed and [list(h) for h in again.match.hand.hands] == dealt


def test_leaving_a_practice_hand_under_way_asks_first_and_no_keeps_it(app) -> None:
    import pygame

    from .gui import key, run_until

    scene = open_practice(app)
    scene.target = "1"
    press_button(app, scene.start)
    step(app)
    table = app.top
    assert isinstance(table, TableScene)
    key(app, pygame.K_ESCAPE)  # nothing played yet: leaves at once
    step(app, 2)
    assert isinstance(app.top, PracticeScene)
    press_button(app, app.top.start)
    step(app)
    table = app.top
    assert isinstance(table, TableScene)
    run_until(app, lambda: table.session.prompt() is not None and not table.busy())
    for _ in range(2000):  # the player's first move (a call answered or a pluck): the hand is under way
        if any(seat == 0 for seat, _ in table.session.match.actions):
            break
        if not play_by_mouse(app, table):
            step(app)
    assert any(seat == 0 for seat, _ in table.session.match.actions)
    key(app, pygame.K_ESCAPE)
    assert table.slips.asking() and app.top is table
    key(app, pygame.K_n)  # keep playing
    assert not table.slips.asking() and app.top is table
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)  # leave
    step(app, 2)
    assert isinstance(app.top, PracticeScene)
