"""Hostile files and input lines: whatever a data file or a judge line holds, the game and the
judge answer with a plain message, move a bad file aside, leave every other file as it was, and
never crash or hang."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kalooki_desktop.app import App
from kalooki_desktop.play.session import GameSetup, Session
from kalooki_desktop.storage import progress, saves, stats
from kalooki_desktop.storage.atomic import write_atomic
from kalooki_desktop.storage.files import BadFile
from kalooki_desktop.storage.paths import set_data_dir
from kalooki_desktop.storage.settings import MAX_WINDOW, MIN_WINDOW, Settings, load_settings

from .gui import make_app, resize_window, step, top
from .saving import good_save, play, resign

DEEP = b"[" * 100_000 + b"]" * 100_000
HUGE_INT = b"1" * 5000


@pytest.fixture
def data(tmp_path):
    set_data_dir(tmp_path)
    yield tmp_path
    set_data_dir(None)


@contextlib.contextmanager
def no_hang(seconds: int = 20):
    """Fail instead of hanging (reading a pipe would block forever)."""

    def fail(signum, frame):
        raise AssertionError("hung")

    old = signal.signal(signal.SIGALRM, fail)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def spliced(path: Path, raw: bytes) -> None:
    """Put ``raw`` (any bytes, valid JSON or not) in place of the save's name value."""
    text = path.read_bytes()
    start = text.index(b'"name":') + len(b'"name":')
    end = text.index(b",", start)
    path.write_bytes(text[:start] + raw + text[end:])


# --- saves, in every place that reads them ---------------------------------------------------

SAVE_DAMAGE = {
    "deep-nesting": lambda p: spliced(p, DEEP),
    "huge-integer": lambda p: spliced(p, HUGE_INT),
    "lone-surrogate": lambda p: spliced(p, b'"\\ud800"'),
    "resigned-snapshot-not-object": lambda p: resign(p, lambda d: d.update(snapshot=[1, 2])),
    "resigned-seed-huge-float": lambda p: resign(p, lambda d: d["setup"].update(seed=1e308)),
    "resigned-seed-infinity": lambda p: resign(p, lambda d: d["setup"].update(seed=float("inf"))),
    "resigned-hand-huge-float": lambda p: resign(p, lambda d: d["snapshot"].update(hand=1e308)),
    "resigned-totals-infinity": lambda p: resign(p, lambda d: d["snapshot"].update(totals=[float("inf")] * 4)),
    "resigned-actions-not-pairs": lambda p: resign(p, lambda d: d.update(actions=[1, "x"])),
    "resigned-setup-levels-number": lambda p: resign(p, lambda d: d["setup"].update(levels=5)),
    "resigned-staging-card-out-of-range": lambda p: resign(p, lambda d: d.update(staging={"hand": 0, "slots": [[99]]})),
    "resigned-staging-not-object": lambda p: resign(p, lambda d: d.update(staging=[[1, 2]])),
}


@pytest.mark.parametrize("case", sorted(SAVE_DAMAGE))
def test_a_hostile_autosave_at_start_up_is_moved_aside_and_the_game_goes_on(data, case):
    other = good_save("keep me")
    autosave = good_save("autosave", seed=9)
    SAVE_DAMAGE[case](autosave)
    before = digest(other)
    app = make_app(persist=True)
    assert app.host.session is None
    assert len(app.notices) == 1 and "autosave.json" in app.notices[0]
    assert "JSON" not in app.notices[0] and "Error" not in app.notices[0]
    assert list((data / "saves").glob("autosave.json.corrupt-*")) and not autosave.exists()
    assert digest(other) == before
    step(app, 2)
    app.shutdown()


@pytest.mark.parametrize("case", sorted(SAVE_DAMAGE))
def test_a_hostile_named_save_on_the_load_screen_is_moved_aside(data, case):
    from kalooki_desktop.scenes.load import LoadScene
    from kalooki_desktop.scenes.menu import MenuScene

    good_save("first", seed=1)
    bad = good_save("broken", seed=2)
    SAVE_DAMAGE[case](bad)
    app = make_app(persist=True)
    app.push(MenuScene(app))
    app.push(LoadScene(app))
    step(app, 3)
    assert [e.name for e in top(app, LoadScene).entries] == ["first"]
    assert list((data / "saves").glob("broken.json.corrupt-*"))
    assert any("broken.json" in n for n in [*app.notices, app.toast_text])
    app.shutdown()


def test_loading_a_save_that_went_bad_after_listing_is_a_message(data):
    from kalooki_desktop.scenes.load import LoadScene
    from kalooki_desktop.scenes.menu import MenuScene

    path = good_save("soon bad")
    app = make_app(persist=True)
    app.push(MenuScene(app))
    app.push(LoadScene(app))
    step(app, 2)
    spliced(path, DEEP)
    top(app, LoadScene).load_selected()
    step(app, 2)
    assert isinstance(app.top, LoadScene) and app.top.entries == []
    assert "soon bad.json" in app.toast_text
    app.shutdown()


def test_a_pipe_named_like_a_save_never_blocks_start_up_or_the_load_screen(data):
    from kalooki_desktop.scenes.load import LoadScene
    from kalooki_desktop.scenes.menu import MenuScene

    folder = saves.saves_dir()
    os.mkfifo(folder / "autosave.json")
    os.mkfifo(folder / "piped.json")
    (folder / "dir.json").mkdir()
    with no_hang():
        app = make_app(persist=True)
        assert app.host.session is None and any("autosave.json" in n for n in app.notices)
        app.push(MenuScene(app))
        app.push(LoadScene(app))
        step(app, 3)
    assert top(app, LoadScene).entries == []
    moved = sorted(p.name.split(".corrupt-")[0] for p in folder.glob("*.corrupt-*"))
    assert moved == ["autosave.json", "dir.json", "piped.json"]
    app.shutdown()


def test_a_file_where_the_saves_folder_belongs_is_moved_aside(data):
    (data / "saves").write_text("not a folder")
    app = make_app(persist=True)
    assert (data / "saves").is_dir()
    assert [p.read_text() for p in data.glob("saves.corrupt-*")] == ["not a folder"]
    assert any("saves folder" in n for n in app.notices)
    session = app.host.new_session(GameSetup(seed=5), threaded=False)
    play(session, 3)
    assert (data / "saves" / "autosave.json").is_file()
    app.shutdown()


# --- settings ----------------------------------------------------------------------------------

SETTINGS_DAMAGE = {
    "deep-nesting": DEEP,
    "huge-integer": b'{"volume": ' + HUGE_INT + b"}",
    "lone-surrogate": b'{"language": "\\ud800"}',
    "a-pipe": None,
}


@pytest.mark.parametrize("case", sorted(SETTINGS_DAMAGE))
def test_a_hostile_settings_file_is_moved_aside_and_the_defaults_used(data, case):
    path = data / "settings.json"
    other = good_save("mine")
    before = digest(other)
    if SETTINGS_DAMAGE[case] is None:
        os.mkfifo(path)
    else:
        path.write_bytes(SETTINGS_DAMAGE[case])
    with no_hang():
        app = make_app(persist=True)
    assert app.settings.volume == Settings().volume
    assert len(app.notices) == 1 and "settings.json" in app.notices[0]
    assert list(data.glob("settings.json.corrupt-*"))
    assert digest(other) == before
    step(app, 2)
    app.shutdown()


@pytest.mark.parametrize(
    "window",
    [[100000, 100000], [10**300, 5], [1e308, 800], ["big", 800], [-5, -5], [1280], "1280x800", None],
)
def test_the_window_size_in_settings_is_clamped_or_replaced(data, window):
    (data / "settings.json").write_text(json.dumps({"window": window, "volume": 0.2}))
    app = make_app(persist=True)
    w, h = app.settings.window
    assert MIN_WINDOW[0] <= w <= MAX_WINDOW[0] and MIN_WINDOW[1] <= h <= MAX_WINDOW[1]
    assert app.settings.volume == 0.2
    app.shutdown()
    from kalooki_desktop.ui.window import fit_window

    pygame.display.init()
    assert fit_window((100000, 100000), on_screen=True) <= tuple(max(pygame.display.get_desktop_sizes()))


@pytest.mark.parametrize(
    "last_game",
    [{"levels": 5}, {"variants": 3}, {"levels": None, "variants": {"a": 1}}, {"preset": 7}, "normal", [1]],
)
def test_a_bad_last_game_in_settings_falls_back_and_new_game_works(data, last_game):
    from kalooki_desktop.scenes.menu import MenuScene
    from kalooki_desktop.scenes.newgame import NewGameScene

    (data / "settings.json").write_text(json.dumps({"last_game": last_game, "volume": 0.4}))
    app = make_app(persist=True)
    assert app.settings.last_game == {} and app.settings.volume == 0.4
    assert len(app.notices) == 1 and "last new game" in app.notices[0]
    app.push(MenuScene(app))
    step(app, 1)
    top(app, MenuScene).choose("new")
    step(app, 2)
    assert isinstance(app.top, NewGameScene)
    app.top.begin(4)
    step(app, 2)
    assert app.host.session is not None
    app.shutdown()


def test_a_call_wait_too_large_to_be_a_float_falls_back(data):
    (data / "settings.json").write_text('{"call_wait_s": 1' + "0" * 400 + "}")
    settings_obj, message = load_settings()
    assert settings_obj.call_wait_s == Settings().call_wait_s and message is not None and "call wait" in message
    session = Session(GameSetup(seed=2), threaded=False, call_wait_ms=settings_obj.call_wait_s * 1000)
    play(session, 40)  # the call prompt's deadline is computed without overflow


@pytest.mark.parametrize("language", ["<path to evil.json>", "/etc/passwd", "EN", "zz"])
def test_only_the_catalogues_the_game_ships_are_loaded(data, tmp_path, language):
    from kalooki_desktop import i18n

    evil = tmp_path / "evil.json"
    evil.write_text(json.dumps({"menu.new": "HACKED"}))
    if language.startswith("<"):  # a relative path from the catalogues to a file of anybody's
        language = os.path.relpath(tmp_path / "evil", i18n._HERE)
    (data / "settings.json").write_text(json.dumps({"language": language}))
    settings_obj, message = load_settings()
    assert settings_obj.language == "en" and message is not None and "language" in message
    i18n.set_language(language)
    try:
        assert i18n.tr("menu.new") != "HACKED"
        assert i18n.catalogue(language) == i18n.catalogue("en")
    finally:
        i18n.set_language("en")


# --- statistics ----------------------------------------------------------------------------------

STATS_DAMAGE = {
    "deep-nesting": DEEP,
    "huge-integer": b'{"version": 1, "games": [' + HUGE_INT + b"]}",
    "lone-surrogate": b'{"version": 1, "games": [{"preset": "\\udfff"}]}',
}


def finish_a_game(app: App, seed: int = 8) -> Session:
    session = app.host.new_session(GameSetup(("easy", "easy"), "baby", seed=seed), threaded=False)
    play(session, 100_000)
    assert session.over
    return session


@pytest.mark.parametrize("case", sorted(STATS_DAMAGE))
def test_a_hostile_statistics_file_never_stops_the_statistics_screen_or_the_end_of_a_game(data, case):
    from kalooki_desktop.scenes.menu import MenuScene
    from kalooki_desktop.scenes.statistics import StatisticsScene

    path = data / "stats.json"
    path.write_bytes(STATS_DAMAGE[case])
    app = make_app(persist=True)
    app.push(MenuScene(app))
    app.push(StatisticsScene(app))
    step(app, 2)
    assert "stats.json" in app.toast_text and list(data.glob("stats.json.corrupt-*"))
    assert top(app, StatisticsScene).summary.played == 0
    path.write_bytes(STATS_DAMAGE[case])  # bad again when the game ends
    finish_a_game(app)
    assert len(stats.load_records()) == 1
    assert len(list(data.glob("stats.json.corrupt-*"))) == 2
    app.shutdown()


def test_statistics_records_of_the_wrong_type_are_left_out_and_reported_once(data):
    from kalooki_desktop.scenes.statistics import StatisticsScene

    good = stats.GameRecord("2026-01-01 10:00", "jamaican", "Normal ×3", 4, won=True, score=120, winner_score=120,
                            hands=[1, 2], laid=[True, False])
    doc = {
        "version": 1,
        "games": [
            {**good.__dict__, "won": "yes"},
            {**good.__dict__, "score": "x"},
            {**good.__dict__, "hands": 5},
            {**good.__dict__, "laid": [1, 2]},
            good.__dict__,
            7,
        ],
    }
    (data / "stats.json").write_text(json.dumps(doc))
    app = make_app(persist=True)
    first = StatisticsScene(app)
    assert first.summary.played == 1
    assert "stats.json" in app.toast_text and "5 damaged records" in app.toast_text
    app.toasts.text = ""
    again = StatisticsScene(app)
    assert again.summary.played == 1 and app.toast_text == ""  # said once
    assert len(list(data.glob("stats.json.corrupt-*"))) == 1
    app.draw()
    app.shutdown()


# --- process kills and names -------------------------------------------------------------------


def test_a_game_finished_again_after_a_kill_is_counted_once(data):
    """Killed between counting the game and retiring its autosave: the restart finishes the same
    game again from the autosave before its last move, and it is not counted twice."""
    app = make_app(persist=True)
    session = app.host.new_session(GameSetup(("easy", "easy"), "baby", seed=8), threaded=False)
    autosave = data / "saves" / "autosave.json"
    before_last: list[bytes] = []

    def keep(move):
        if not move.game_over:
            before_last[:] = [autosave.read_bytes()]

    session.listeners.append(keep)
    play(session, 100_000)
    assert session.over and len(stats.load_records()) == 1
    app.shutdown()
    autosave.write_bytes(before_last[0])  # the state a kill at that moment leaves
    again = make_app(persist=True)
    assert again.host.session is not None and again.host.session.game_id == session.game_id
    play(again.host.session, 100_000)
    assert again.host.session.over
    assert len(stats.load_records()) == 1
    again.shutdown()


def test_temporary_files_left_by_a_killed_write_are_removed_at_start(data):
    leftovers = [data / ".settings.json.4242.tmp", data / ".stats.json.4242.tmp", data / "saves" / ".x.json.7.tmp"]
    (data / "saves").mkdir()
    for p in leftovers:
        p.write_text("half")
    keep = data / "notes.tmp"
    keep.write_text("mine")
    app = make_app(persist=True)
    assert not any(p.exists() for p in leftovers)
    assert keep.read_text() == "mine"
    app.shutdown()


def test_a_link_planted_at_the_temporary_name_is_never_followed(data):
    victim = data / "victim.txt"
    victim.write_text("precious")
    (data / f".settings.json.{os.getpid()}.tmp").symlink_to(victim)
    Settings(volume=0.3).save()
    assert victim.read_text() == "precious"
    assert Settings.read(data / "settings.json")[0].volume == 0.3
    write_atomic(data / "other.json", b"{}")
    assert victim.read_text() == "precious"


@pytest.mark.parametrize("name", ["autosave", "AutoSave", " AUTOSAVE ", "CON", "nul", "com1", "Lpt9.txt", "", "a\x00b"])
def test_names_a_save_cannot_have_are_refused(data, name):
    assert saves.name_problem(name) is not None


def test_different_names_never_share_a_file():
    names = ["My game!", "My game?", "My game", "My game~21~", "a/b", "a\\b", "..", "x.json", "Ünïcödé ♠"]
    paths = [saves.file_stem(n) for n in names]
    assert len(set(paths)) == len(names)
    assert all(saves.name_problem(n) is None for n in names)
    assert all("/" not in p and "\\" not in p and not p.startswith(".") for p in paths)


def test_saving_under_a_name_that_exists_asks_before_replacing(data):
    import pygame_gui

    from .gui import press_button, table_at

    app = make_app(persist=True)
    scene = table_at(
        app,
        ["7S 7H 7D 9S 9H 9D KS KH KD 4C", "2S 3H 5D 6C 8S 10H QD JC AH", "2H 3D 5C 6S 8H 10D QC JS AD",
         "2D 3C 5S 6H 8D 10C QS JH AC"],
        discard="2C",
        stock="7C 6D 8H 3S 4D 10C",
    )
    from kalooki_desktop.scenes.table.dialogs import SaveAsScene

    def dialog() -> SaveAsScene:
        press_button(app, scene.controls.save)
        assert isinstance(app.top, SaveAsScene)
        return app.top

    dialog().save_as("My game!")
    step(app, 2)
    dialog().save_as("My game?")
    step(app, 2)
    assert {p.name for p in (data / "saves").glob("My game*.json")} == {"My game~21~.json", "My game~3f~.json"}
    first = digest(data / "saves" / "My game~21~.json")
    asking = dialog()
    asking.save_as("My game!")
    assert asking.replace_dialog is not None and app.top is asking
    assert digest(data / "saves" / "My game~21~.json") == first
    pygame.event.post(
        pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED, {"ui_element": asking.replace_dialog})
    )
    step(app, 2)
    assert asking.replace_dialog is None and "My game!" in app.toast_text and app.top is scene
    assert (data / "saves" / "My game~21~.json.bak").exists()  # written again, the old copy kept
    refused = dialog()
    refused.save_as("autosave")
    assert "automatic save" in app.toast_text and app.top is refused
    assert not (data / "saves" / "autosave.json").exists() or saves.info(data / "saves" / "autosave.json").name != "autosave"
    app.shutdown()


def test_a_data_folder_that_cannot_be_written_is_said_plainly_and_play_goes_on(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    set_data_dir(blocker / "Kalooki")  # cannot be created: its parent is a file
    try:
        from kalooki_desktop.app import App

        app = App((1280, 800), fullscreen=False)
        assert not app.host.persist and not app.save_settings
        assert any(str(blocker / "Kalooki") in n and "not saved" in n for n in app.notices)
        session = app.host.new_session(GameSetup(seed=5), threaded=False)
        play(session, 5)
        step(app, 2)
        app.shutdown()
        from kalooki_desktop.__main__ import _what_was_saved

        assert "saved after your last move" not in _what_was_saved()
        assert str(blocker / "Kalooki") in _what_was_saved()
    finally:
        set_data_dir(None)


@pytest.mark.parametrize("scene_name", ["table", "load"])
def test_a_window_resized_below_the_minimum_never_breaks_drawing(data, scene_name):
    from kalooki_desktop.scenes.load import LoadScene
    from kalooki_desktop.scenes.menu import MenuScene
    from kalooki_desktop.scenes.table import TableScene

    good_save("one")
    app = make_app(persist=True)
    app.push(MenuScene(app))
    if scene_name == "table":
        session = app.host.new_session(GameSetup(seed=3), threaded=False)
        app.push(TableScene(app, session))
    else:
        app.push(LoadScene(app))
    step(app, 2)
    from kalooki_desktop.app import FLOOR_SIZE, MIN_SIZE

    for size in [(1, 1), (200, 90), (1024, 10)]:
        resize_window(size)
        step(app, 2)
        assert app.screen.get_size() == MIN_SIZE  # a window is held at its smallest size
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, {"size": (0, 0), "w": 0, "h": 0}))
    step(app, 2)
    assert app.screen.get_size() == MIN_SIZE  # an event naming no size changes nothing
    app.settings.fullscreen = True  # fullscreen on a desktop smaller than that: the player is told
    for size in [(1, 1), (200, 90), (1024, 10)]:
        resize_window(size)
        step(app, 2)
        w, h = app.screen.get_size()
        assert w >= FLOOR_SIZE[0] and h >= FLOOR_SIZE[1]
        assert "too small" in app.toast_text
    app.settings.fullscreen = False
    app.shutdown()


# --- the loaders under arbitrary input -------------------------------------------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8,
)
HYP = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def fields_of(doc, prefix=()):
    """Every place in a document (as key paths) that can hold a value."""
    out = [prefix] if prefix else []
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += fields_of(v, (*prefix, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc[:3]):
            out += fields_of(v, (*prefix, i))
    return out


def put(doc, where, value):
    for k in where[:-1]:
        doc = doc[k]
    doc[where[-1]] = value


@pytest.fixture(scope="module")
def save_template(tmp_path_factory):
    folder = tmp_path_factory.mktemp("template")
    set_data_dir(folder)
    try:
        text = good_save("template", actions=12).read_text()
    finally:
        set_data_dir(None)
    return text


def fresh_folder(folder: Path) -> Path:
    """An empty folder (hypothesis runs a test many times in one temporary folder) with one file
    of somebody else's in it."""
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir()
    (folder / "other.txt").write_text("other")
    return folder


def others_untouched(folder: Path):
    """Call before the file under test is written: later, True when no other file changed."""
    files = {p: digest(p) for p in folder.rglob("*") if p.is_file()}
    return lambda: {p: digest(p) for p in files} == files


@HYP
@given(data=st.data())
def test_a_save_with_any_value_in_any_field_loads_or_is_a_bad_file(tmp_path, save_template, data):
    doc = json.loads(save_template)
    where = data.draw(st.sampled_from(fields_of(doc)))
    put(doc, where, data.draw(JSON_VALUES))
    if data.draw(st.booleans()):
        doc["checksum"] = saves.checksum(doc)
    folder = fresh_folder(tmp_path / "saves-any")
    untouched = others_untouched(folder)
    path = folder / "s.json"
    path.write_text(json.dumps(doc))
    try:
        Session.of(saves.load(path), threaded=False).close()
    except BadFile as exc:
        assert exc.path == path and "s.json" in str(exc)
    assert untouched()


@HYP
@given(raw=st.binary(max_size=300))
def test_any_bytes_as_a_save_settings_or_statistics_file_never_raise_anything_else(tmp_path, raw):
    folder = fresh_folder(tmp_path / "bytes")
    untouched = others_untouched(folder)
    path = folder / "f.json"
    path.write_bytes(raw)
    with contextlib.suppress(BadFile):
        Session.of(saves.load(path), threaded=False).close()
    with contextlib.suppress(BadFile):
        Settings.read(path)
    with contextlib.suppress(BadFile):
        stats.read_records(path)
    with contextlib.suppress(BadFile):
        progress.FILE.read(path)
    assert untouched()


@HYP
@given(field=st.sampled_from([f.name for f in Settings.__dataclass_fields__.values()]), value=JSON_VALUES)
def test_settings_with_any_value_in_any_field_load_with_at_most_one_message(tmp_path, field, value):
    folder = fresh_folder(tmp_path / "settings-any")
    set_data_dir(folder)
    try:
        untouched = others_untouched(folder)
        (folder / "settings.json").write_text(json.dumps({field: value, "volume": 0.35}))
        settings_obj, message = load_settings()
        assert isinstance(settings_obj, Settings)
        assert settings_obj.volume == (0.35 if field != "volume" else settings_obj.volume)
        assert message is None or "settings.json" in message
        w, h = settings_obj.window
        assert isinstance(w, int) and isinstance(h, int) and MIN_WINDOW[0] <= w <= MAX_WINDOW[0]
        assert untouched()
    finally:
        set_data_dir(None)


@HYP
@given(field=st.sampled_from(["date", "preset", "opponents", "players", "won", "score", "winner_score",
                              "hands", "laid", "calls", "bends", "game_id", "contracts"]), value=JSON_VALUES)
def test_statistics_with_any_value_in_any_field_load_and_summarise(tmp_path, field, value):
    folder = fresh_folder(tmp_path / "stats-any")
    untouched = others_untouched(folder)
    good = stats.GameRecord("2026-01-01", "jamaican", "Normal ×3", 4, won=False, score=80, winner_score=20,
                            hands=[1], laid=[True])
    path = folder / "stats.json"
    path.write_text(json.dumps({"version": 1, "games": [good.__dict__, {**good.__dict__, field: value}]}))
    records, _message = stats.load_statistics(path)
    assert 1 <= len(records) <= 2
    stats.as_dict(stats.summarise(records))
    assert untouched()


@HYP
@given(field=st.sampled_from(["date", "hand", "made", "turns", "points", "weighed", "agreed", "practice", "contract",
                              "game_id"]),
       value=JSON_VALUES)
def test_progress_with_any_value_in_any_field_loads_and_sums_up(tmp_path, field, value):
    folder = fresh_folder(tmp_path / "progress-any")
    untouched = others_untouched(folder)
    good = progress.HandRecord("2026-01-01", 5, made=True, turns=4, points=0, weighed=9, agreed=7)
    path = folder / "progress.json"
    path.write_text(json.dumps({"version": 1, "hands": [good.__dict__, {**good.__dict__, field: value}]}))
    records, _message = progress.FILE.load(path)
    assert 1 <= len(records) <= 2
    figures = progress.per_contract(records)
    weakest = progress.weakest(records)
    assert weakest is not None and progress.STANDARD[weakest] in figures
    assert untouched()


# --- the judge ---------------------------------------------------------------------------------


def run_judge(lines: bytes) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8:strict", "PYTHONUTF8": "0", "LC_ALL": "C"}
    return subprocess.run(
        [sys.executable, "-m", "kalooki_desktop.engine.judge"], input=lines, env=env, capture_output=True,
        timeout=300,
    )


def test_the_judge_answers_deep_huge_and_undecodable_lines_and_goes_on():
    good = b'{"op": "deck", "rules": "jamaican", "players": 5}'
    lines = [good, DEEP, b'{"op": "deck", "rules": "jamaican", "players": ' + HUGE_INT + b"}",
             b"\xff\xfe garbage \x80", good, b"", b"   ", b'{"op": "deck", "rules": "jamaican", "players": NaN}', good]
    done = run_judge(b"\n".join(lines) + b"\n")
    assert done.returncode == 0, done.stderr
    answers = [json.loads(x) for x in done.stdout.decode().splitlines()]
    assert len(answers) == 7
    assert answers[0] == answers[4] == answers[6] == {"cards": 164, "jokers": 8}
    assert all("error" in a for a in (answers[1], answers[2], answers[3], answers[5]))


def hostile_lines(rng) -> list[bytes]:
    """Every op with every field replaced by hostile values, and raw garbage."""
    ops: dict[str, dict[str, object]] = {
        "meld": {"kind": "three", "cards": ["9S", "9H", "9D"]},
        "tack": {"meld": {"kind": "four", "cards": ["5S", "6S", "7S", "8S"]}, "card": "9S", "own": True, "end": "high"},
        "move_joker": {"meld": {"kind": "four", "cards": ["5S", "JK", "7S", "8S"]}, "card": "6S", "own": False},
        "contract": {"hand": 1, "melds": [{"kind": "three", "cards": ["9S", "9H", "9D"]}]},
        "penalty": {"cards": ["9S", "JK"]},
        "deck": {"players": 4},
        "schedule": {},
        "score_hand": {"hands": [["9S"], []], "out": 1, "laid": [True, True], "bent": False},
        "play": {"hands": [["7S", "7H"], ["2S"], ["3S"]], "players": 3, "hand": 1, "dealer": 0,
                 "discard": ["4S"], "stock": ["5S", "6S"], "seed": 1, "actions": [[1, "pluck stock"]]},
    }
    hostile: list[object] = [None, True, -1, 0, 2**70, 1.5, 1e308, "", "x" * 300, "JK", [], [None], [[[]]], {}, {"a": 1},
               ["9S"] * 200, [-1, "x"], [[0, 5]], {"kind": 5, "cards": 5}]
    raw = [b"NaN", b"Infinity", b"-Infinity", b"[" * 5000, b"1" * 4400, b'"\\ud800"', b"\xc3\x28", b"{", b"}",
           b'{"op": "meld"', b"\x00\x01\x02", b'{"op": ["meld"], "rules": {}}']
    lines: list[bytes] = []
    for op, fields in ops.items():
        base = {"op": op, "rules": "jamaican", **fields}
        lines.append(json.dumps(base).encode())
        for key in [*base, "variants", "schedule_contracts"]:
            for value in hostile:
                lines.append(json.dumps({**base, key: value}).encode())
            for garbage in raw:
                lines.append(json.dumps({**base, key: "@@"}).encode().replace(b'"@@"', garbage))
    while len(lines) < 3000:
        lines.append(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 40))).replace(b"\n", b" "))
    return lines


def test_the_judge_fuzz_one_answer_per_line_and_exit_0():
    import random

    lines = [line for line in hostile_lines(random.Random(49)) if line.strip(b" \t\r\x0b\x0c")]
    done = run_judge(b"\n".join(lines) + b"\n")
    assert done.returncode == 0, done.stderr[-2000:]
    answers = [json.loads(x) for x in done.stdout.decode("ascii").splitlines()]
    assert len(answers) == len(lines)
    assert all(isinstance(a, dict) for a in answers)
    internal = [(line[:80], a) for line, a in zip(lines, answers, strict=True) if "internal" in a.get("error", "")]
    assert not internal, internal[:5]


# --- the real program --------------------------------------------------------------------------


def test_the_real_program_with_every_file_bad_runs_its_smoke_test_and_moves_them_aside(tmp_path):
    folder = tmp_path / "data"
    set_data_dir(folder)
    try:
        keep = good_save("keep me")
        bad_named = good_save("broken", seed=5)
        spliced(bad_named, HUGE_INT)
        autosave = good_save("autosave", seed=6)
        spliced(autosave, DEEP)
    finally:
        set_data_dir(None)
    (folder / "settings.json").write_bytes(b'{"window": [1e999, 3]}')
    (folder / "stats.json").write_bytes(b'{"version": 1, "games": [' + b"[" * 3000 + b"]")
    (folder / "progress.json").write_bytes(b'{"version": 1, "hands": [' + b"[" * 3000 + b"]")
    untouched = {p: digest(p) for p in (keep,)}
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run(
        [sys.executable, "-m", "kalooki_desktop", "--smoke-test", "--frames", "60", "--data-dir", str(folder)],
        env=env, capture_output=True, text=True, timeout=180,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    moved = sorted(p.name.split(".corrupt-")[0] for p in folder.rglob("*.corrupt-*"))
    assert moved == ["autosave.json", "broken.json", "progress.json", "settings.json", "stats.json"]
    assert {p: digest(p) for p in untouched} == untouched


@pytest.mark.parametrize(
    "last_practice",
    [{"hand": 10}, {"hand": "5"}, {"opponents": 9}, {"opponents": 0}, {"level": "random"}, {"level": "x" * 500},
     {"hand": True}, {"target": "british"}, {"target": 5}, "easy", [5], None],
)
def test_a_bad_last_practice_in_settings_falls_back_and_practice_works(data, last_practice):
    from kalooki_desktop.scenes.practice import PracticeScene

    (data / "settings.json").write_text(json.dumps({"last_practice": last_practice, "volume": 0.4}))
    app = make_app(persist=True)
    assert app.settings.last_practice == {} and app.settings.volume == 0.4
    assert len(app.notices) == 1 and "last practice" in app.notices[0]
    scene = PracticeScene(app)
    assert (scene.count, scene.level) == ("3", "normal")
    app.shutdown()
