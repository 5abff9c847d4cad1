"""The review of a finished hand: stepped from the first move to the last with every hand
revealed, the coach's notes on the player's decisions, and Try from here continuing a practice
hand from the chosen decision."""

from __future__ import annotations

import pygame
import pytest

from kalooki_desktop import i18n
from kalooki_desktop.ai.normal import NormalBot
from kalooki_desktop.ai.random_bot import RandomBot
from kalooki_desktop.engine.match import Match
from kalooki_desktop.engine.turn import Phase
from kalooki_desktop.i18n import tr
from kalooki_desktop.play.review import Review
from kalooki_desktop.play.session import GameSetup, Session
from kalooki_desktop.scenes.menu import MenuScene
from kalooki_desktop.scenes.review import ReviewScene
from kalooki_desktop.scenes.scoreboard import ScoreboardScene
from kalooki_desktop.scenes.table import TableScene

from .gui import key, make_app, press_button, step


@pytest.fixture
def app():
    a = make_app()
    a.host.threaded_games = False
    yield a
    a.shutdown()


def first_hand_played_by_normal(seed: int = 3, *, bot: NormalBot | RandomBot | None = None) -> Session:
    """A game whose first hand the player's seat played as Normal would (so it sometimes differs
    from the coach), or as ``bot``, stopped when that hand is over."""
    import random

    session = Session(GameSetup(("normal", "normal", "normal"), seed=seed), threaded=False, speed=1000)
    bot, rng, now = bot or NormalBot(), random.Random(seed), 0.0
    m = session.match
    assert isinstance(m, Match)
    while not m.results:
        if session.prompt() is None:
            now += 5000
            session.tick(now)
        else:
            assert session.submit(bot.choose(m.view(0), rng)) is None
    return session


def test_the_review_steps_from_the_first_move_to_the_last_with_every_hand_revealed(app) -> None:
    session = first_hand_played_by_normal()
    app.host.set_session(session)
    app.push(MenuScene(app))
    board = ScoreboardScene(app, session, session.match.results[-1])
    app.push(board)
    step(app)
    assert board.b_review is not None
    press_button(app, board.b_review)
    step(app)
    scene = app.top
    assert isinstance(scene, ReviewScene)
    review = scene.review
    m = session.match
    assert isinstance(m, Match)
    assert [s.action for s in review.steps] == [a for _, a in m.actions[: len(review.steps)]]
    assert review.state(0).hands == review.steps[0].before.hands  # as dealt
    assert review.state(len(review.steps)).phase == Phase.OVER
    mine = review.player_steps()
    assert mine and all(review.steps[k].index in review.notes for k in mine)  # every decision weighed
    key(app, pygame.K_END)
    assert scene.k == len(review.steps)
    key(app, pygame.K_HOME)
    seen = []
    for _ in range(len(review.steps)):
        key(app, pygame.K_RIGHT)
        seen.append(scene.step_text())
    assert scene.k == len(review.steps) and len(set(seen)) == len(seen)
    assert seen[0].startswith("1 / ") and seen[-1].startswith(f"{len(review.steps)} / ")
    flagged = [k for k in mine if review.notes[review.steps[k].index].flagged]
    key(app, pygame.K_n)
    if flagged:  # the next note: the position of that decision, its cost with every card known
        assert scene.k == flagged[0] and review.steps[flagged[0]].index in review.after


def test_try_from_here_continues_a_practice_hand_from_the_chosen_decision(app) -> None:
    session = first_hand_played_by_normal(5)
    review = Review(session)
    app.host.set_session(session)
    app.push(MenuScene(app))
    app.push(ReviewScene(app, session))
    step(app)
    scene = app.top
    assert isinstance(scene, ReviewScene)
    k = review.player_steps()[2]
    scene.go(k)  # before the player's third decision
    key(app, pygame.K_t)
    table = app.top
    assert isinstance(table, TableScene)
    branch = table.session
    assert branch is not session and branch.practice == review.result.number and branch.coach_on
    m = branch.match
    assert isinstance(m, Match)
    before = review.steps[k].before
    assert [list(h) for h in m.hand.hands] == [list(h) for h in before.hands]
    assert list(m.hand.discard) == list(before.discard) and list(m.hand.stock) == list(before.stock)
    assert branch.prompt() is not None  # the player decides from here
    assert app.host.session is session  # the game itself is left as it was


def test_a_finished_hand_kept_in_a_save_is_reviewed_from_the_load_screen(app, tmp_path) -> None:
    from kalooki_desktop.scenes.load import LoadScene
    from kalooki_desktop.storage import saves
    from kalooki_desktop.storage.paths import set_data_dir

    set_data_dir(tmp_path)
    try:
        session = first_hand_played_by_normal(7)
        saves.save(session, saves.save_path("after hand one"), "after hand one")
        app.push(MenuScene(app))
        load = LoadScene(app)
        app.push(load)
        step(app)
        press_button(app, load.b_review)
        step(app)
        scene = app.top
        assert isinstance(scene, ReviewScene) and app.host.session is None  # not loaded as the game
        assert scene.review.result.number == 1 and len(scene.review.steps) > 20
        key(app, pygame.K_PAGEDOWN)  # no later hand has ended: it says so and stays
        assert scene.review.deal == 0 and "No other finished hand" in app.toast_text
        assert {"review_step", "review_note", "review_try", "review_deal"} <= set(scene.help_keys)  # F1
        at = scene.k
        key(app, pygame.K_n)  # the next flagged decision, or why there is none
        flagged = [k for k in scene.review.player_steps() if scene._flagged(k)]
        if flagged:
            assert scene.k in flagged
        else:
            assert scene.k == at and app.toast_text in (i18n.tr("review.no_notes"), scene.weighing_text())
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.top, LoadScene)
    finally:
        set_data_dir(None)


def test_a_review_opened_from_the_load_screen_says_its_notes_are_weighed_and_marks_them_when_ready(
        tmp_path) -> None:
    from kalooki_desktop.scenes.load import LoadScene
    from kalooki_desktop.storage import saves
    from kalooki_desktop.storage.paths import set_data_dir

    set_data_dir(tmp_path)
    threaded = make_app()  # the coach weighs on its own thread, as in the game
    try:
        session = first_hand_played_by_normal(4, bot=RandomBot())  # a hand with decisions the coach flags
        expected = Review(session)
        flagged = sorted(k for k in expected.player_steps() if expected.weigh(k).flagged)
        saves.save(session, saves.save_path("after hand one"), "after hand one")
        threaded.push(MenuScene(threaded))
        load = LoadScene(threaded)
        threaded.push(load)
        step(threaded)
        press_button(threaded, load.b_review)
        step(threaded)
        scene = threaded.top
        assert isinstance(scene, ReviewScene)
        said, n = scene.weighing_text(), len(expected.player_steps())
        weighing = [tr("review.weighing_notes", done=k, n=n) for k in range(n)]
        assert said in weighing or (said is None and scene.marked() == flagged)  # said while the coach weighs
        for _ in range(3000):
            if scene.weighing_text() is None:
                break
            step(threaded)
        assert scene.weighing_text() is None and scene.marked() == flagged and flagged
    finally:
        threaded.shutdown()
        set_data_dir(None)


def test_at_a_decision_the_review_shows_its_position_its_note_and_tries_from_there(app) -> None:
    session = first_hand_played_by_normal(5)
    app.host.set_session(session)
    app.push(MenuScene(app))
    scene = ReviewScene(app, session)
    app.push(scene)
    step(app)
    review = scene.review
    k = review.player_steps()[2]
    scene.go(k)
    on_show = scene.decision_on_show()
    assert on_show is not None and on_show[0] == k
    note = on_show[1]
    assert note is not None and note is review.notes[review.steps[k].index]
    before = review.steps[k].before
    assert review.state(k) is before and note.top == before.discard_top  # the pile on show is the note's
    key(app, pygame.K_t)
    table = app.top
    assert isinstance(table, TableScene)
    m = table.session.match
    assert isinstance(m, Match)
    assert [list(h) for h in m.hand.hands] == [list(h) for h in before.hands]
    assert m.hand.discard_top == note.top and table.session.prompt() == note.kind


def test_a_hand_tried_from_a_later_hand_of_a_game_is_reviewed_from_its_own_deal() -> None:
    """Try from here in hand 2, played to its end: its review replays that deal, not the first
    deal of a new game with the same seed."""
    import random

    from kalooki_desktop.engine.actions import Pass
    from kalooki_desktop.play.review import try_from_here

    def play(s: Session, until) -> None:
        bot, rng, now = NormalBot(), random.Random(2), 0.0
        m = s.match
        assert isinstance(m, Match)
        while not until(m):
            if s.prompt() is None:
                now += 5000
                s.tick(now)
            elif isinstance(action := bot.choose(m.view(0), rng), Pass):
                s.let_go()
            else:
                assert s.submit(action) is None

    game = Session(GameSetup(("normal", "normal", "normal"), seed=3), threaded=False, speed=1000)
    play(game, lambda m: len([r for r in m.results if not r.void]) >= 2)
    review = Review(game)
    assert review.result.number == 2
    k = review.player_steps()[2]
    tried = try_from_here(review, k, threaded=False, speed=1000)
    play(tried, lambda m: bool(m.results))
    again = Review(tried)
    assert [list(h) for h in again.steps[0].before.hands] == [list(h) for h in review.steps[0].before.hands]
    assert [s.action for s in again.steps[:k]] == [s.action for s in review.steps[:k]]
    assert again.end.phase == Phase.OVER


def test_the_review_s_last_step_says_who_went_out_and_that_a_bent_table_doubled_the_scores(app) -> None:
    """At the end of the hand the review names who went out and, when the table was bent (J-8.2),
    that the scores are doubled."""
    from dataclasses import replace

    session = first_hand_played_by_normal()
    app.host.set_session(session)
    app.push(MenuScene(app))
    scene = ReviewScene(app, session)
    app.push(scene)
    step(app)
    review = scene.review
    key(app, pygame.K_END)
    out = review.result.out
    assert out is not None
    assert f"{session.names[out]} went out" in scene.step_text()
    assert "Table bent" not in scene.step_text()
    review.result = replace(review.result, big_out=True)
    assert scene.step_text().endswith("Table bent: scores doubled (J-8.2)")
    key(app, pygame.K_HOME)
    assert "Table bent" not in scene.step_text()


def first_british_deal_played_by_normal(seed: int = 3) -> Session:
    """A Kalooki 40 game whose first deal the player's seat played as British Normal would, with
    the coach on, stopped when that deal is over."""
    import random

    from kalooki_desktop.ai.base import make_bot

    session = Session(GameSetup(("normal", "normal"), "british40", seed=seed), threaded=False, speed=1000)
    session.coach_on = True
    bot, rng, now = make_bot("normal", "british"), random.Random(seed), 0.0
    while not session.match.results or session.match.results[-1].void:
        if session.prompt() is None:
            now += 5000
            session.tick(now)
        else:
            assert session.submit(bot.choose(session.match.view(0), rng)) is None
    return session


def test_a_british_deal_is_coached_reviewed_from_the_scoreboard_and_tried_from_a_decision(app) -> None:
    """The coach weighs the player's British decisions at the table; the scoreboard's Review
    steps through the deal with its notes (the came-out marks, B-4); T at a decision starts a
    practice deal of the same rules from that position, the player to decide."""
    session = first_british_deal_played_by_normal()
    mine = [i for i, (seat, _) in enumerate(session.match.actions) if seat == 0]
    assert session.decided_notes() and set(session.notes) <= set(mine)  # notes on the player's decisions
    app.host.set_session(session)
    app.push(MenuScene(app))
    board = ScoreboardScene(app, session, session.match.results[-1])
    app.push(board)
    step(app)
    assert board.b_review is not None
    press_button(app, board.b_review)
    step(app)
    scene = app.top
    assert isinstance(scene, ReviewScene)
    review = scene.review
    assert review.result.contract_text == "" and review.state(len(review.steps)).phase == Phase.OVER
    assert [s.action for s in review.steps] == [a for _, a in session.match.actions[: len(review.steps)]]
    decisions = review.player_steps()
    assert decisions and all(review.steps[k].index in review.notes for k in decisions)
    assert review.laid(len(review.steps)) == review.result.laid
    from kalooki_desktop.engine.actions import Lay
    from kalooki_desktop.scenes.words import note_text

    for k in decisions:  # a British lay is a meld or the opening (B-4), never "your contract"
        text = note_text(review.notes[review.steps[k].index])
        assert "contract" not in text or not isinstance(review.steps[k].action, Lay), text
    key(app, pygame.K_END)
    step(app)
    k = decisions[len(decisions) // 2]
    scene.go(k)
    step(app)
    on_show = scene.decision_on_show()
    assert on_show is not None and on_show[1] is review.notes[review.steps[k].index]
    key(app, pygame.K_t)
    table = app.top
    assert isinstance(table, TableScene)
    branch = table.session
    assert branch is not session and branch.practice == 1 and branch.coach_on
    assert branch.rules.system == "british" and branch.rules.opening == 40
    before = review.steps[k].before
    assert [list(h) for h in branch.match.hand.hands] == [list(h) for h in before.hands]
    assert branch.prompt() is not None  # the player decides from here
    assert app.host.practice is not None and app.host.practice.target == "british40"


def test_the_review_of_a_british_deal_words_its_moves_as_british_kalooki_does(app) -> None:
    """B-4, B-6: a lay in a British deal is coming out or a meld laid after it, a tack a lay-off;
    the review's steps say so as the table's log does."""
    from kalooki_desktop.engine.actions import Lay, Tack

    session = first_british_deal_played_by_normal(4)
    app.host.set_session(session)
    app.push(MenuScene(app))
    scene = ReviewScene(app, session)
    app.push(scene)
    step(app)
    review = scene.review
    said = {}
    for k in range(1, len(review.steps) + 1):
        scene.go(k)
        action = review.steps[k - 1].action
        if isinstance(action, Lay | Tack):
            said[k] = scene.step_text()
    assert said, "the deal had a lay"
    assert not any("contract" in text or "tacked" in text for text in said.values()), said
