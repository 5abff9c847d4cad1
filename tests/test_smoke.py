"""The real program's --smoke-test, as CI and the packaged build run it."""

from __future__ import annotations

import os
import subprocess
import sys


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
