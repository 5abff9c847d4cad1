"""The real program's --smoke-test, as CI and the packaged build run it."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest


def test_smoke_test_runs_the_real_app_and_exits_0(tmp_path):
    shot = tmp_path / "smoke.png"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "kalooki_desktop",
            "--smoke-test",
            "--frames",
            "240",
            "--screenshot",
            str(shot),
            "--data-dir",
            str(tmp_path / "data"),
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "TableScene" in done.stdout
    assert shot.stat().st_size > 10_000
    assert not (tmp_path / "data" / "settings.json").exists()  # the smoke test leaves settings alone


def test_version_and_bad_size():
    out = subprocess.run(
        [sys.executable, "-m", "kalooki_desktop", "--version"], capture_output=True, text=True
    )
    assert out.returncode == 0 and out.stdout.startswith("kalooki ")
    bad = subprocess.run(
        [sys.executable, "-m", "kalooki_desktop", "--size", "big"], capture_output=True, text=True
    )
    assert bad.returncode == 2 and "WIDTHxHEIGHT" in bad.stderr


def test_smoke_test_with_a_corrupt_autosave_moves_it_aside_and_exits_0(tmp_path):
    saves = tmp_path / "saves"
    saves.mkdir()
    (saves / "autosave.json").write_bytes(
        b'{"format": "kalooki-save", "version": 1, "actions": [[0, "pluck st'
    )
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "KALOOKI_DATA_DIR": str(tmp_path),
    }
    done = subprocess.run(
        [sys.executable, "-m", "kalooki_desktop", "--smoke-test", "--frames", "120"],
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    moved = list(saves.glob("autosave.json.corrupt-*"))
    assert len(moved) == 1
    assert moved[0].read_bytes().startswith(b'{"format": "kalooki-save"')


def test_a_crash_is_logged_shown_and_the_autosave_kept(tmp_path, monkeypatch):
    import pygame

    from kalooki_desktop import __main__ as entry
    from kalooki_desktop.app import App
    from kalooki_desktop.play.session import GameSetup, Session
    from kalooki_desktop.storage import saves
    from kalooki_desktop.storage.paths import set_data_dir

    set_data_dir(tmp_path)
    try:
        session = Session(GameSetup(seed=3), threaded=False)
        path = saves.saves_dir() / "autosave.json"
        saves.save(session, path)
        before = path.read_bytes()
        shown = []
        monkeypatch.setattr(pygame.display, "message_box", lambda title, message, **kw: shown.append(message))

        def boom(self, first):
            raise RuntimeError("a bug in a scene")

        monkeypatch.setattr(App, "run", boom)
        assert entry.main(["--data-dir", str(tmp_path), "--size", "1024x640"]) == 1
    finally:
        set_data_dir(None)
    log = (tmp_path / "logs" / "kalooki.log").read_text()
    assert "a bug in a scene" in log and "Traceback" in log
    assert shown and str(tmp_path / "logs" / "kalooki.log") in shown[0] and "Continue" in shown[0]
    assert path.read_bytes() == before


def test_missing_asset_is_named(tmp_path):
    import shutil

    from kalooki_desktop.ui.resources import assets_dir

    broken = tmp_path / "assets"
    shutil.copytree(assets_dir(), broken)
    (broken / "fonts" / "DejaVuSans.ttf").unlink()
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "KALOOKI_ASSETS": str(broken),
    }
    done = subprocess.run(
        [sys.executable, "-m", "kalooki_desktop", "--first-frame", "--data-dir", str(tmp_path / "d")],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1
    assert "missing game file" in done.stderr and "DejaVuSans.ttf" in done.stderr


def test_runs_from_any_working_directory(tmp_path):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run(
        [sys.executable, "-m", "kalooki_desktop", "--first-frame", "--data-dir", str(tmp_path)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        cwd="/",
    )
    assert done.returncode == 0 and "first-frame" in done.stdout, done.stderr


@pytest.mark.parametrize("language", ["de", "nl", "fi"])
def test_the_smoke_test_runs_every_scene_in_each_language(tmp_path, language):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run(
        [sys.executable, "-m", "kalooki_desktop", "--smoke-test", "--lang", language, "--frames", "240",
         "--data-dir", str(tmp_path / "data")],
        env=env, capture_output=True, text=True, timeout=180,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    for scene in ("MenuScene", "RulesScene", "SettingsScene", "PracticeScene", "StatisticsScene", "LoadScene",
                  "NewGameScene", "TableScene"):
        assert scene in done.stdout, (scene, done.stdout)
    assert "Traceback" not in done.stderr
