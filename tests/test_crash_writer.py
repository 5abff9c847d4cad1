"""The autosave's hashing and writing leave the UI thread (kalooki_desktop/storage/writer.py),
without ever losing a move: the writer always ends with the latest state, a kill at any moment
leaves a whole file (the last complete write, or the one under way), and the program's end
waits for what is still to be written."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from kalooki_desktop.play.session import GameSetup, Session
from kalooki_desktop.storage import atomic, saves
from kalooki_desktop.storage.autosave import Autosave
from kalooki_desktop.storage.paths import set_data_dir
from kalooki_desktop.storage.writer import WRITER

HERE = Path(__file__).parent


@pytest.fixture
def data(tmp_path):
    set_data_dir(tmp_path)
    yield tmp_path
    WRITER.flush()
    set_data_dir(None)


def threaded_game(seed: int = 5) -> Session:
    """A game whose computer players think on their thread, as in play."""
    return Session(GameSetup(("normal", "easy", "normal"), "baby", seed=seed), threaded=True, speed=1000)


def play_moves(session: Session, moves: int) -> None:
    """``moves`` more applied actions, the player's seat by the hint."""
    target = len(session.match.actions) + moves
    now = 0.0
    deadline = time.monotonic() + 60
    while len(session.match.actions) < target and not session.over:
        assert time.monotonic() < deadline, "the game stalled"
        now += 5000
        session.autoplay(now)


def test_a_move_is_hashed_and_written_off_the_ui_thread(data, monkeypatch):
    ui = threading.current_thread()
    threads: list[threading.Thread] = []
    real_digest, real_write = saves.state_digest, atomic.write_atomic

    def digest(match):
        threads.append(threading.current_thread())
        return real_digest(match)

    def write(path, data, **kw):
        threads.append(threading.current_thread())
        real_write(path, data, **kw)

    monkeypatch.setattr(saves, "state_digest", digest)
    monkeypatch.setattr(saves, "write_atomic", write)
    session = threaded_game()
    autosave = Autosave(session, lambda *_: None, lambda: True, threaded=session.threaded)
    session.listeners.append(autosave)
    threads.clear()
    play_moves(session, 30)
    autosave.flush()
    assert threads and ui not in threads  # the moves' saves: hashed and written on the writer's thread
    path = saves.saves_dir() / "autosave.json"
    loaded = Session.of(saves.load(path), threaded=False)  # whole, and the game as it stands
    assert loaded.match.digest() == session.match.digest()
    assert loaded.staging == session.staging and loaded.game_id == session.game_id
    loaded.close()
    session.close()


def test_moves_faster_than_the_disk_are_written_together_ending_with_the_last(data, monkeypatch):
    gate = threading.Event()
    written: list[int] = []
    real_save = saves.save

    def slow_save(session, path, name=saves.AUTOSAVE):
        gate.wait(10)  # a disk slower than the moves
        real_save(session, path, name)
        written.append(len(session.match.actions))

    session = threaded_game(seed=6)
    autosave = Autosave(session, lambda *_: None, lambda: True, threaded=session.threaded)
    session.listeners.append(autosave)
    monkeypatch.setattr(saves, "save", slow_save)
    play_moves(session, 25)
    gate.set()
    autosave.flush()
    assert written[-1] == len(session.match.actions)  # the last move is on disk
    assert len(written) < 25  # the waiting ones were taken together
    loaded = Session.of(saves.load(saves.saves_dir() / "autosave.json"), threaded=False)
    assert loaded.match.digest() == session.match.digest()
    loaded.close()
    session.close()


def test_a_failed_write_on_the_writers_thread_is_said_once(data, monkeypatch):
    said: list[str] = []

    def full(*_args, **_kw):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves, "write_atomic", full)
    session = threaded_game(seed=7)
    autosave = Autosave(session, lambda message, kind: said.append(kind), lambda: True, threaded=session.threaded)
    session.listeners.append(autosave)
    play_moves(session, 10)
    autosave.flush()
    assert said == ["error"]
    session.close()


def test_the_programs_end_waits_for_the_moves_still_to_be_written(tmp_path):
    """A game that ends (here by an error) right after its moves, with the disk slower than the
    moves: every move is on disk when the process is gone."""
    env = {**os.environ, "PYTHONPATH": str(HERE.parent)}
    done = subprocess.run([sys.executable, str(HERE / "crash_writer_child.py"), str(tmp_path), "3", "40"],
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and "the game's error" in done.stderr, done.stderr
    applied = int([line for line in done.stdout.splitlines() if line.endswith("applied")][-1].split()[1])
    set_data_dir(tmp_path)
    try:
        loaded = Session.of(saves.load(saves.saves_dir() / "autosave.json"), threaded=False)
        assert len(loaded.match.actions) == applied >= 40
        loaded.close()
    finally:
        set_data_dir(None)


@pytest.mark.slow
def test_sigkill_at_random_moments_leaves_the_writers_save_whole(tmp_path):
    rng = random.Random(11)
    env = {**os.environ, "PYTHONPATH": str(HERE.parent)}
    mid_write = 0
    for round_no in range(25):
        child = subprocess.Popen([sys.executable, str(HERE / "crash_writer_child.py"), str(tmp_path), "7"],
                                 env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        time.sleep(rng.uniform(0.5, 1.2))  # start-up takes about 0.4 s; kill somewhere in the play
        child.send_signal(signal.SIGKILL)
        out, err = child.communicate(timeout=30)
        assert child.returncode == -signal.SIGKILL, f"round {round_no}: the child failed:\n{err}"
        mid_write += bool(list((tmp_path / "saves").glob(".*.tmp")))
        done = begun = resumed = None
        for line in out.split("\n")[:-1]:  # a line cut by the kill was not followed by its save
            words = line.split()
            if words[-1] == "resumed":  # on disk from the run before: the last complete write
                resumed = (int(words[0]), int(words[1]))
            elif words[-1] == "begun":
                begun = (int(words[0]), int(words[1]))
            elif words[-1] == "written":
                done, begun = (int(words[0]), int(words[1])), None
        set_data_dir(tmp_path)
        if not (saves.saves_dir() / "autosave.json").exists():  # killed before a first write was whole
            set_data_dir(None)
            assert done is None and resumed is None, (round_no, done, begun, resumed)
            continue
        try:
            loaded = Session.of(saves.load(saves.saves_dir() / "autosave.json"), threaded=False)  # never half-written
            got = (loaded.setup.seed, len(loaded.match.actions))
            loaded.close()
        finally:
            set_data_dir(None)
        if done is not None or begun is not None:  # before this run's first complete write: the last run's
            assert got in (done if done is not None else resumed, begun), (round_no, done, begun, resumed, got)
    print(f"{mid_write} kills during a write")
