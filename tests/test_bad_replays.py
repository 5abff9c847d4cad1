"""A save whose moves do not replay for the review (a move the rules refuse at its point, or a
game id that sends the review to another deal): on every path that replays a game for the review
it is a bad file, said plainly; from the Load screen it is moved aside; nothing crashes."""

from __future__ import annotations

import hashlib
import random
from pathlib import Path
from typing import Any

import pytest

from kalooki_desktop.ai.normal import NormalBot
from kalooki_desktop.engine.match import Match
from kalooki_desktop.play.review import ReplayFailed, Review, try_from_here
from kalooki_desktop.play.session import GameSetup, Session
from kalooki_desktop.storage import saves
from kalooki_desktop.storage.paths import set_data_dir

from .gui import make_app, press_button, step, top
from .saving import good_save, resign


@pytest.fixture
def data(tmp_path):
    set_data_dir(tmp_path)
    yield tmp_path
    set_data_dir(None)


def after_hand_one(seed: int) -> Session:
    """A game of three Normals stopped when its first hand is over (the player's seat played as
    Normal would)."""
    session = Session(GameSetup(("normal", "normal", "normal"), seed=seed), threaded=False, speed=1000)
    bot, rng, now = NormalBot(), random.Random(seed), 0.0
    m = session.match
    assert isinstance(m, Match)
    while not m.results:
        if session.prompt() is None:
            now += 5000
            session.tick(now)
        else:
            assert session.submit(bot.choose(m.view(0), rng)) is None
    return session


def tried_game_id() -> str:
    """The id of a hand tried from a review in this run: a save claiming it is reviewed from the
    deal that hand began from, where its own moves do not replay."""
    review = Review(after_hand_one(11))
    tried = try_from_here(review, review.player_steps()[1], threaded=False, speed=1000)
    tried.close()
    return tried.game_id


def illegal_move(doc: dict[str, Any]) -> None:
    """The first discard of the save made a second pluck, which the rules refuse at that point."""
    k = next(i for i, (_, text) in enumerate(doc["actions"]) if text.startswith("discard"))
    doc["actions"][k] = [doc["actions"][k][0], "pluck stock"]


def reviewed_save(name: str, case: str) -> Path:
    """A save of a game whose first hand is over, changed by ``case`` and signed again."""
    session = after_hand_one(4)
    path = saves.save_path(name)
    saves.save(session, path, name)
    session.close()
    if case == "another-deal":
        game_id = tried_game_id()
        resign(path, lambda d: d.update(game_id=game_id))
    else:
        resign(path, illegal_move)
    return path


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize("case", ["illegal-move", "another-deal"])
def test_reviewing_a_save_whose_moves_do_not_replay_from_the_load_screen_is_a_message(data, case):
    from kalooki_desktop.scenes.load import LoadScene
    from kalooki_desktop.scenes.menu import MenuScene

    first = good_save("first", seed=1)
    before = digest(first)
    app = make_app(persist=True)
    app.host.threaded_games = False
    app.push(MenuScene(app))
    path = reviewed_save("changed", case)
    load = LoadScene(app)
    app.push(load)
    step(app, 2)
    load.selected = [e.name for e in load.entries].index("changed")
    press_button(app, load.b_review)
    step(app, 2)
    scene = top(app, LoadScene)
    assert [e.name for e in scene.entries] == ["first"]
    assert "changed.json" in app.toast_text and "does not replay" in app.toast_text
    assert list((data / "saves").glob("changed.json.corrupt-*")) and not path.exists()
    assert digest(first) == before and app.host.session is None
    app.shutdown()


def test_the_review_of_a_game_that_does_not_replay_is_a_message_on_the_scoreboard(data):
    from kalooki_desktop.scenes.menu import MenuScene
    from kalooki_desktop.scenes.scoreboard import ScoreboardScene

    session = Session.of(saves.load(reviewed_save("changed", "another-deal")), threaded=False)  # its own moves replay
    m = session.match
    assert isinstance(m, Match) and m.results
    with pytest.raises(ReplayFailed):
        Review(session)
    app = make_app()
    app.host.threaded_games = False
    app.host.set_session(session)
    app.push(MenuScene(app))
    board = ScoreboardScene(app, session, m.results[-1])
    app.push(board)
    step(app, 2)
    assert board.b_review is not None
    press_button(app, board.b_review)
    step(app, 2)
    assert app.top is board and "does not replay" in app.toast_text
    app.shutdown()


def test_the_review_command_says_plainly_that_a_game_does_not_replay(data, capsys):
    from kalooki_desktop.tools.coach_cli import main, review

    path = reviewed_save("changed", "another-deal")
    session = Session.of(saves.load(path), threaded=False)
    with pytest.raises(ValueError, match="does not replay"):
        review(session, 1)
    session.close()
    assert main([str(path), "--worlds", "2"]) == 2
    err = capsys.readouterr().err
    assert "does not replay" in err and "Traceback" not in err
