"""Leaving a game in progress for another: New game and Load ask first (Cancel changes nothing),
and the game left is kept on disk as the named save "Previous game"; the autosave's ``.bak`` is
never the only copy of a game that was replaced. Practice hands leave the game in progress alone."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pygame
import pytest

from kalooki_desktop.app import App
from kalooki_desktop.i18n import tr
from kalooki_desktop.play.session import GameSetup, Session
from kalooki_desktop.scenes.load import LoadScene
from kalooki_desktop.scenes.menu import MenuScene
from kalooki_desktop.scenes.newgame import NewGameScene
from kalooki_desktop.scenes.practice import PracticeScene
from kalooki_desktop.scenes.table import TableScene
from kalooki_desktop.storage import saves
from kalooki_desktop.storage.atomic import backup_path
from kalooki_desktop.storage.autosave import Autosave
from kalooki_desktop.storage.paths import set_data_dir
from kalooki_desktop.storage.writer import WRITER

from .gui import key, make_app, play_by_mouse, press_button, step, top
from .saving import play, resign


@pytest.fixture
def app(tmp_path):
    set_data_dir(tmp_path)
    a = make_app(persist=True)
    yield a
    a.shutdown()
    set_data_dir(None)


def autosave_path() -> Path:
    return saves.saves_dir() / f"{saves.AUTOSAVE}.json"


def previous_path() -> Path:
    return saves.save_path(tr("save.previous_game"))


def doc_of(path: Path) -> dict[str, Any]:
    WRITER.flush()  # the autosave of a game with threads is written on the writer's thread
    doc: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return doc


def game_in_progress(app: App, preset: str = "jamaican", seed: int = 5, actions: int = 60) -> Session:
    """A game of two Easy opponents made the game in progress and played on (autosaved)."""
    session = app.host.new_session(GameSetup(("easy", "easy"), preset, seed=seed), threaded=False)
    play(session, actions)
    assert not session.over and doc_of(autosave_path())["game_id"] == session.game_id
    return session


def open_new_game(app: App) -> NewGameScene:
    app.push(MenuScene(app))
    step(app)
    app.top.choose("new")  # type: ignore[union-attr]
    step(app, 2)
    return top(app, NewGameScene)


def test_new_game_asks_before_leaving_the_game_in_progress_and_cancel_changes_nothing(app):
    old = game_in_progress(app)
    before = autosave_path().read_bytes()
    dialog = open_new_game(app)
    press_button(app, dialog.start)
    step(app, 2)
    assert isinstance(app.top, NewGameScene) and app.host.session is old  # nothing started yet
    question = dialog.leave.dialog
    assert question is not None
    words = question.confirmation_text.html_text
    assert f"hand {old.match.hand_number} of 9" in words and tr("save.previous_game") in words
    press_button(app, question.cancel_button)
    step(app, 2)
    assert dialog.leave.dialog is None and isinstance(app.top, NewGameScene) and app.host.session is old
    assert autosave_path().read_bytes() == before  # the game in progress, untouched
    assert not previous_path().exists()
    press_button(app, dialog.start)
    step(app, 2)
    assert dialog.leave.dialog is not None
    key(app, pygame.K_ESCAPE)  # Esc answers Cancel, and the New game screen stays
    assert dialog.leave.dialog is None and app.top is dialog and app.host.session is old
    assert autosave_path().read_bytes() == before and not previous_path().exists()


def test_new_game_confirmed_keeps_the_game_left_as_previous_game(app):
    old = game_in_progress(app)
    actions = len(old.match.actions)
    dialog = open_new_game(app)
    dialog.preset = "british40"
    dialog.rebuild()
    step(app)
    press_button(app, dialog.start)
    step(app, 2)
    assert dialog.leave.dialog is not None
    press_button(app, dialog.leave.dialog.confirm_button)
    step(app, 2)
    new = top(app, TableScene).session
    assert new is app.host.session and new is not old and new.rules.system == "british"
    assert doc_of(autosave_path())["game_id"] == new.game_id
    kept = Session.of(saves.load(previous_path()), threaded=False)  # the game left, loadable from disk
    assert kept.game_id == old.game_id and len(kept.match.actions) == actions
    assert doc_of(previous_path())["name"] == tr("save.previous_game")
    listed = saves.list_saves()[0]
    assert [e.name for e in listed] == [tr("save.previous_game")]
    # the autosave's previous copy is the new game's own, or there is none
    bak = backup_path(autosave_path())
    assert not bak.exists() or doc_of(bak)["game_id"] == new.game_id
    play(new, 3)
    assert doc_of(bak)["game_id"] == new.game_id == doc_of(autosave_path())["game_id"]
    kept.close()


def test_a_british_game_in_progress_is_named_by_its_deal(app):
    old = game_in_progress(app, "british40", actions=30)
    dialog = open_new_game(app)
    press_button(app, dialog.start)
    step(app, 2)
    assert dialog.leave.dialog is not None
    assert f"deal {old.match.hand_number}" in dialog.leave.dialog.confirmation_text.html_text


def test_where_nothing_can_be_saved_the_question_says_the_game_is_lost(app):
    old = game_in_progress(app)
    app.host.persist = False  # a data folder that cannot be written: nothing is kept
    dialog = open_new_game(app)
    press_button(app, dialog.start)
    step(app, 2)
    assert dialog.leave.dialog is not None
    words = dialog.leave.dialog.confirmation_text.html_text
    assert f"hand {old.match.hand_number} of 9" in words and tr("save.previous_game") not in words
    assert tr("leave.lost") in words


def test_a_finished_game_needs_no_question(app):
    session = app.host.new_session(GameSetup(("easy", "easy"), "baby", seed=8), threaded=False)
    play(session, 100_000)
    assert session.over
    dialog = open_new_game(app)
    press_button(app, dialog.start)
    step(app, 2)
    assert dialog.leave.dialog is None
    assert isinstance(app.top, TableScene) and app.host.session is not session
    assert not previous_path().exists()


def test_with_no_game_in_progress_new_game_starts_at_once(app):
    dialog = open_new_game(app)
    press_button(app, dialog.start)
    step(app, 2)
    assert dialog.leave.dialog is None and isinstance(app.top, TableScene)


def saved_game(name: str, seed: int = 3) -> Session:
    session = Session(GameSetup(("normal", "normal"), seed=seed), threaded=False, speed=1000)
    play(session, 40)
    saves.save(session, saves.save_path(name), name)
    return session


def open_load(app: App, name: str) -> LoadScene:
    app.push(MenuScene(app))
    step(app)
    app.top.choose("load")  # type: ignore[union-attr]
    step(app, 2)
    scene = top(app, LoadScene)
    scene.selected = [e.name for e in scene.entries].index(name)
    return scene


def test_load_asks_before_leaving_the_game_in_progress_both_ways(app):
    old = game_in_progress(app)
    other = saved_game("Sunday")
    scene = open_load(app, "Sunday")
    before = autosave_path().read_bytes()
    press_button(app, scene.b_load)
    step(app, 2)
    assert isinstance(app.top, LoadScene) and app.host.session is old
    assert scene.leave.dialog is not None
    press_button(app, scene.leave.dialog.cancel_button)
    step(app, 2)
    assert isinstance(app.top, LoadScene) and app.host.session is old
    assert autosave_path().read_bytes() == before and not previous_path().exists()
    press_button(app, scene.b_load)
    step(app, 2)
    assert scene.leave.dialog is not None
    press_button(app, scene.leave.dialog.confirm_button)
    step(app, 2)
    loaded = top(app, TableScene).session
    assert loaded is app.host.session and loaded.game_id == other.game_id
    assert doc_of(autosave_path())["game_id"] == other.game_id
    kept = Session.of(saves.load(previous_path()), threaded=False)
    assert kept.game_id == old.game_id and len(kept.match.actions) == len(old.match.actions)
    bak = backup_path(autosave_path())
    assert not bak.exists() or doc_of(bak)["game_id"] == other.game_id
    kept.close()


def test_loading_the_previous_game_swaps_it_with_the_game_in_progress(app):
    first = game_in_progress(app, seed=5)
    dialog = open_new_game(app)
    press_button(app, dialog.start)
    step(app, 2)
    assert dialog.leave.dialog is not None
    press_button(app, dialog.leave.dialog.confirm_button)
    step(app, 2)
    second = top(app, TableScene).session
    play(second, 20)
    app.reset("menu")
    step(app, 2)
    scene = open_load(app, tr("save.previous_game"))
    press_button(app, scene.b_load)
    step(app, 2)
    assert scene.leave.dialog is not None
    # the game kept now comes back as the game in progress: nothing is said to be lost
    assert tr("leave.replaces") not in scene.leave.dialog.confirmation_text.html_text
    press_button(app, scene.leave.dialog.confirm_button)
    step(app, 2)
    assert top(app, TableScene).session.game_id == first.game_id
    assert doc_of(autosave_path())["game_id"] == first.game_id
    assert doc_of(previous_path())["game_id"] == second.game_id


def test_the_question_says_when_the_previous_game_kept_is_replaced(app):
    game_in_progress(app, seed=5)
    dialog = open_new_game(app)
    press_button(app, dialog.start)
    step(app, 2)
    assert dialog.leave.dialog is not None
    assert tr("leave.replaces") not in dialog.leave.dialog.confirmation_text.html_text  # none kept yet
    press_button(app, dialog.leave.dialog.confirm_button)
    step(app, 2)
    second = top(app, TableScene).session
    play(second, 20)
    dialog = open_new_game(app)
    press_button(app, dialog.start)
    step(app, 2)
    assert dialog.leave.dialog is not None
    assert tr("leave.replaces") in dialog.leave.dialog.confirmation_text.html_text
    press_button(app, dialog.leave.dialog.confirm_button)
    step(app, 2)
    assert doc_of(previous_path())["game_id"] == second.game_id  # the newer game left is kept


def test_the_autosave_never_replaces_another_unfinished_game_without_keeping_it(tmp_path):
    """The listener's own rule, whatever path started the new game: when the autosave's game
    changes, the game on disk goes to "Previous game" first and the ``.bak`` is not left
    holding it."""
    set_data_dir(tmp_path)
    try:
        old = Session(GameSetup(("easy", "easy"), seed=2), threaded=False, speed=1000)
        Autosave(old, lambda *_: None, lambda: True, threaded=old.threaded)(None)
        play(old, 10)
        saves.save(old, autosave_path())  # the autosave and its .bak both hold the old game
        assert doc_of(backup_path(autosave_path()))["game_id"] == old.game_id
        new = Session(GameSetup(("easy", "easy"), seed=3), threaded=False, speed=1000)
        listener = Autosave(new, lambda *_: None, lambda: True, threaded=new.threaded)
        listener(None)
        assert doc_of(autosave_path())["game_id"] == new.game_id
        assert doc_of(previous_path())["game_id"] == old.game_id
        bak = backup_path(autosave_path())
        assert not bak.exists()
        new.listeners.append(listener)
        play(new, 2)
        assert doc_of(bak)["game_id"] == new.game_id  # the new game's own previous copy
        assert doc_of(previous_path())["game_id"] == old.game_id
    finally:
        set_data_dir(None)


def test_a_folder_at_the_autosaves_copy_never_stops_a_new_game_taking_over(tmp_path):
    """A folder where the autosave's ``.bak`` belongs is moved aside when another game takes the
    autosave over: the game left is kept, the new game is saved, nothing raises."""
    set_data_dir(tmp_path)
    try:
        old = Session(GameSetup(("easy", "easy"), seed=2), threaded=False, speed=1000)
        Autosave(old, lambda *_: None, lambda: True, threaded=old.threaded)(None)
        play(old, 6)
        saves.save(old, autosave_path())
        bak = backup_path(autosave_path())
        bak.unlink()
        bak.mkdir()
        said: list[str] = []
        new = Session(GameSetup(("easy", "easy"), seed=3), threaded=False, speed=1000)
        Autosave(new, lambda text, _kind: said.append(text), lambda: True, threaded=new.threaded)(None)
        assert not said
        assert doc_of(autosave_path())["game_id"] == new.game_id
        assert doc_of(previous_path())["game_id"] == old.game_id
        assert not bak.is_dir()
    finally:
        set_data_dir(None)


def test_a_game_that_ends_on_its_first_autosave_keeps_the_other_game_first(tmp_path):
    """The autosave of a finished game is removed: never before another game on disk is kept."""
    set_data_dir(tmp_path)
    try:
        old = Session(GameSetup(("easy", "easy"), seed=2), threaded=False, speed=1000)
        play(old, 10)
        saves.save(old, autosave_path())
        done = Session(GameSetup(("easy", "easy"), "baby", seed=8), threaded=False, speed=1000)
        play(done, 100_000)
        assert done.over and done.moves[-1].game_over
        Autosave(done, lambda *_: None, lambda: True, threaded=done.threaded)(done.moves[-1])
        assert not autosave_path().exists() and not backup_path(autosave_path()).exists()
        assert doc_of(previous_path())["game_id"] == old.game_id
    finally:
        set_data_dir(None)


def test_continuing_an_autosave_without_a_game_id_keeps_no_copy_of_itself(tmp_path):
    """A save of an earlier version may have no game id: it is still the autosave's own game."""
    set_data_dir(tmp_path)
    try:
        first = make_app(persist=True)
        game_in_progress(first)
        first.shutdown()
        resign(autosave_path(), lambda doc: doc.pop("game_id"))
        again = make_app(persist=True)
        try:
            assert again.host.session is not None
            play(again.host.session, 3)
            assert not previous_path().exists()
            assert backup_path(autosave_path()).exists()  # the game's own previous copy
        finally:
            again.shutdown()
    finally:
        set_data_dir(None)


def test_a_damaged_autosave_met_by_a_new_game_is_moved_aside_and_its_good_copy_kept(tmp_path):
    set_data_dir(tmp_path)
    try:
        old = Session(GameSetup(("easy", "easy"), seed=2), threaded=False, speed=1000)
        play(old, 10)
        saves.save(old, autosave_path())
        saves.save(old, autosave_path())  # its .bak: a good copy
        autosave_path().write_bytes(b'{"format": "kalooki-save", "vers')
        said: list[str] = []
        new = Session(GameSetup(("easy", "easy"), seed=3), threaded=False, speed=1000)
        Autosave(new, lambda message, kind: said.append(message), lambda: True)(None)
        assert len(said) == 1 and "autosave.json" in said[0]
        assert list(saves.saves_dir().glob("autosave.json.corrupt-*"))  # moved aside, kept
        assert doc_of(previous_path())["game_id"] == old.game_id
        assert doc_of(autosave_path())["game_id"] == new.game_id
        assert not backup_path(autosave_path()).exists()
    finally:
        set_data_dir(None)


def test_practice_hands_leave_the_game_in_progress_alone(app):
    game = game_in_progress(app)
    before = autosave_path().read_bytes()
    app.push(MenuScene(app))
    step(app)
    top(app, MenuScene).choose("practice")
    step(app)
    scene = top(app, PracticeScene)
    press_button(app, scene.start)
    step(app)
    table = top(app, TableScene)
    assert table.session is not game and app.host.session is game
    end = time.monotonic() + 20  # the player's moves by mouse, the others' as their threads decide
    while len(table.session.match.actions) <= 3 and time.monotonic() < end:
        if not play_by_mouse(app, table):
            step(app)
    assert len(table.session.match.actions) > 3
    assert autosave_path().read_bytes() == before and not previous_path().exists()
    assert app.host.session is game
