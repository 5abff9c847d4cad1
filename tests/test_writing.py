"""Writing files in a hostile folder: something in the way of a file or its previous copy is moved
aside and saving goes on; a full disk leaves no temporary file and is said once; the log is never
written through a link."""

from __future__ import annotations

import errno
import logging
import logging.handlers
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kalooki_desktop.play.session import GameSetup, Session
from kalooki_desktop.storage import logs
from kalooki_desktop.storage.atomic import write_atomic
from kalooki_desktop.storage.paths import set_data_dir
from kalooki_desktop.storage.settings import Settings

from .gui import make_app
from .saving import play


@pytest.fixture
def data(tmp_path):
    set_data_dir(tmp_path)
    yield tmp_path
    set_data_dir(None)
    root = logging.getLogger("kalooki")
    for handler in list(root.handlers):
        if isinstance(handler, logging.FileHandler):
            root.removeHandler(handler)
            handler.close()


def temporaries(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.tmp"))


@pytest.mark.parametrize("where", ["autosave.json.bak", "autosave.json"])
def test_a_folder_where_the_autosave_or_its_copy_belongs_is_moved_aside_and_saving_goes_on(data, where):
    (data / "saves" / where).mkdir(parents=True)
    (data / "saves" / where / "inside.txt").write_text("kept")
    app = make_app(persist=True)
    errors: list[str] = []
    app.toast = lambda message, kind="info", seconds=0, **_: errors.append(message) if kind == "error" else None  # type: ignore[method-assign]
    session = app.host.new_session(GameSetup(("easy", "easy"), "baby", seed=8), threaded=False)
    play(session, 30)
    autosave = data / "saves" / "autosave.json"
    assert errors == []
    assert autosave.is_file() and (data / "saves" / "autosave.json.bak").is_file()
    from kalooki_desktop.storage import saves

    assert Session.of(saves.load(autosave), threaded=False).match.digest() == session.match.digest()
    moved = list((data / "saves").glob(f"{where}.corrupt-*"))
    assert len(moved) == 1 and (moved[0] / "inside.txt").read_text() == "kept"
    assert temporaries(data) == []
    app.shutdown()


def test_a_folder_where_the_settings_copy_belongs_is_moved_aside(data):
    (data / "settings.json.bak").mkdir()
    Settings(volume=0.2).save()
    Settings(volume=0.4).save()
    assert Settings.read(data / "settings.json")[0].volume == 0.4
    assert Settings.read(data / "settings.json.bak")[0].volume == 0.2
    assert list(data.glob("settings.json.bak.corrupt-*")) and temporaries(data) == []


def no_space(*args: object) -> None:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def test_a_write_on_a_full_disk_leaves_the_file_as_it_was_and_no_temporary_file(data, monkeypatch):
    target = data / "stats.json"
    write_atomic(target, b"old")
    write_atomic(target, b"older")
    monkeypatch.setattr(os, "fsync", no_space)
    with pytest.raises(OSError) as err:
        write_atomic(target, b"new")
    assert err.value.errno == errno.ENOSPC
    assert target.read_bytes() == b"older" and (data / "stats.json.bak").read_bytes() == b"old"
    assert temporaries(data) == []


def test_a_full_disk_during_play_is_said_once_logged_in_one_line_and_leaves_no_temporary_file(
        data, monkeypatch, capfd, caplog):
    logs.setup_logging()
    app = make_app(persist=True)
    errors: list[str] = []
    app.toast = lambda message, kind="info", seconds=0, **_: errors.append(message) if kind == "error" else None  # type: ignore[method-assign]
    session = app.host.new_session(GameSetup(("easy", "easy"), "baby", seed=8), threaded=False)
    capfd.readouterr()
    handler = next(h for h in logging.getLogger("kalooki").handlers if isinstance(h, logging.handlers.RotatingFileHandler))

    class Full:
        def write(self, text: str) -> int:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        def flush(self) -> None:
            pass

        def tell(self) -> int:
            return 0

        def seek(self, *args: object) -> int:
            return 0

        def close(self) -> None:
            pass

    real = handler.stream
    monkeypatch.setattr(handler, "stream", Full())
    monkeypatch.setattr(os, "fsync", no_space)
    play(session, 40)
    for n in range(5):
        logging.getLogger("kalooki.game").warning("move %d", n)
    err = capfd.readouterr().err
    assert len(errors) == 1 and "No space left on device" in errors[0]
    said = [r for r in caplog.records if "autosave" in r.getMessage()]
    assert len(said) == 1 and said[0].exc_info is None and "No space left on device" in said[0].getMessage()
    assert "Traceback" not in err and "Logging error" not in err
    assert len(err.strip().splitlines()) <= 1
    assert temporaries(data) == []
    monkeypatch.setattr(handler, "stream", real)
    app.shutdown()


def test_the_log_is_never_written_through_a_link(data):
    folder = data / "logs"
    folder.mkdir()
    victim = data / "victim.txt"
    victim.write_text("precious\n")
    (folder / "kalooki.log").symlink_to(victim)
    path = logs.setup_logging()
    assert path is not None and path == folder / "kalooki.log"
    logging.getLogger("kalooki.test").warning("a line of the log")
    for h in logging.getLogger("kalooki").handlers:
        h.flush()
    assert victim.read_text() == "precious\n"
    assert not path.is_symlink() and "a line of the log" in path.read_text()
    moved = list(folder.glob("kalooki.log.corrupt-*"))
    assert len(moved) == 1 and moved[0].is_symlink()


@pytest.mark.parametrize("kind", ["folder", "pipe"])
def test_a_folder_or_a_pipe_where_the_log_belongs_is_moved_aside(data, kind):
    folder = data / "logs"
    folder.mkdir()
    if kind == "folder":
        (folder / "kalooki.log").mkdir()
    else:
        os.mkfifo(folder / "kalooki.log")
    path = logs.setup_logging()
    assert path is not None
    logging.getLogger("kalooki.test").warning("fresh log")
    for h in logging.getLogger("kalooki").handlers:
        h.flush()
    assert path.is_file() and "fresh log" in path.read_text()
    assert len(list(folder.glob("kalooki.log.corrupt-*"))) == 1


# --- the names of saves -------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["€" * 60, "🂡" * 60, "😀" * 40, "♠♥" * 30, "a€" * 30])
def test_a_name_whose_file_name_is_too_long_for_the_disk_is_refused_plainly(data, name):
    from kalooki_desktop.storage import saves

    problem = saves.name_problem(name)
    assert problem is not None and "long" in problem


@pytest.mark.parametrize("name", ["COM¹", "com²", "LPT³", "lpt¹.txt", " COM³ ", "COM0", "LPT0"])
def test_device_names_windows_keeps_with_superscript_digits_are_refused(data, name):
    from kalooki_desktop.storage import saves

    assert saves.name_problem(name) is not None


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=60))
def test_every_name_the_check_accepts_makes_files_the_disk_takes(data, name):
    """Saved, saved again (its .bak and temporary names), and moved aside: each file name fits."""
    from kalooki_desktop.storage import saves
    from kalooki_desktop.storage.atomic import backup_path, move_aside

    if saves.name_problem(name) is not None:
        return
    path = saves.save_path(name)
    write_atomic(path, b"{}")
    write_atomic(path, b"{ }")
    assert backup_path(path).read_bytes() == b"{}"
    assert move_aside(backup_path(path)) is not None
    assert move_aside(path) is not None


def test_the_longest_names_the_check_accepts_are_saved(data):
    from kalooki_desktop.storage import saves

    for ch in "€😀é字a":
        name = ch * saves.MAX_NAME
        while saves.name_problem(name) is not None:
            name = name[:-1]
        assert len(name) >= 25
        path = saves.save_path(name)
        write_atomic(path, b"{}")
        write_atomic(path, b"{ }")
        assert path.read_bytes() == b"{ }"


@pytest.mark.parametrize("name", ["€" * 60, "😀" * 60, "COM¹"])
def test_save_as_refuses_such_a_name_with_its_reason_and_writes_nothing(data, name):
    from kalooki_desktop.scenes.table.dialogs import SaveAsScene

    from .gui import press_button, step, table_at

    app = make_app(persist=True)
    scene = table_at(
        app,
        ["7S 7H 7D 9S 9H 9D KS KH KD 4C", "2S 3H 5D 6C 8S 10H QD JC AH", "2H 3D 5C 6S 8H 10D QC JS AD",
         "2D 3C 5S 6H 8D 10C QS JH AC"],
        discard="2C",
        stock="7C 6D 8H 3S 4D 10C",
    )
    press_button(app, scene.controls.save)
    dialog = app.top
    assert isinstance(dialog, SaveAsScene)
    before = sorted(p.name for p in (data / "saves").iterdir())
    dialog.save_as(name)
    step(app, 2)
    assert app.top is dialog and ("too long" in app.toast_text or "Windows" in app.toast_text)
    assert "could not be saved" not in app.toast_text
    assert sorted(p.name for p in (data / "saves").iterdir()) == before
    app.shutdown()


def test_a_folder_where_the_autosave_copy_belongs_at_the_end_of_a_game_is_moved_aside(data):
    from kalooki_desktop.storage import stats

    app = make_app(persist=True)
    errors: list[str] = []
    app.toast = lambda message, kind="info", seconds=0, **_: errors.append(message) if kind == "error" else None  # type: ignore[method-assign]
    session = app.host.new_session(GameSetup(("easy", "easy"), "baby", seed=8), threaded=False)
    bak = data / "saves" / "autosave.json.bak"

    def obstacle(move):
        if move.game_over:  # heard before the autosave retires the game
            bak.unlink(missing_ok=True)
            bak.mkdir()

    session.listeners.insert(0, obstacle)
    play(session, 100_000)
    assert session.over and errors == []
    assert not (data / "saves" / "autosave.json").exists() and not bak.exists()
    assert len(list((data / "saves").glob("autosave.json.bak.corrupt-*"))) == 1
    assert len(stats.load_records()) == 1
    app.shutdown()


def test_a_folder_at_the_copy_that_cannot_be_moved_never_stops_the_file_being_written(data, monkeypatch):
    from kalooki_desktop.storage import atomic

    target = data / "settings.json"
    write_atomic(target, b"one")
    (data / "settings.json.bak").mkdir()
    monkeypatch.setattr(atomic, "move_aside", lambda path: None)  # (a folder the game may not rename)
    write_atomic(target, b"two")
    assert target.read_bytes() == b"two" and (data / "settings.json.bak").is_dir()
    assert temporaries(data) == []
