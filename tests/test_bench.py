"""The benchmark command runs and reports every figure (its numbers are measured, not tested)."""

from __future__ import annotations

import json
import random
import sys
from typing import Any

import pytest

from kalooki_desktop.tools import bench


def test_playout_figures_cover_every_hand_of_the_schedule() -> None:
    got = bench.playout_timings(1, seed=3)
    assert sorted(got) == sorted(f"hand{n}_ms" for n in range(1, 10))
    assert all(ms > 0 for ms in got.values())


@pytest.mark.slow
def test_hold_positions_are_positions_where_hard_searches_when_to_lay() -> None:
    from kalooki_desktop.ai.hard import HardBot
    from kalooki_desktop.engine.view import View
    from kalooki_desktop.tools.framebench import hold_positions

    positions = hold_positions(1, 2)
    assert len(positions) == 2
    for state, totals in positions:
        bot = HardBot()
        bot.choose(View(state.clone(), 0, totals), random.Random(0))
        assert bot.hold_searches == 1  # replayed, the same decision runs the search again


def test_the_frame_benchmark_measures_frames_while_hard_thinks(capsys: pytest.CaptureFixture[str]) -> None:
    import sys

    from kalooki_desktop.app import GIL_SWITCH_S
    from kalooki_desktop.tools import framebench

    assert framebench.main(["--size", "1024x640", "--frames", "3", "--thinking", "1"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["dragging"]["frames"] == 3 and report["size"] == "1024x640"
    thinking = report["while_hard_thinks"]
    assert thinking["positions"] == 1 and thinking["frames"] > 0
    assert thinking["switch_interval_ms"] == GIL_SWITCH_S * 1000  # the game's own interval, set by the App
    assert sys.getswitchinterval() == GIL_SWITCH_S


def test_the_frame_benchmark_measures_frames_with_the_hint_asked_every_second() -> None:
    from kalooki_desktop.tools import framebench

    hint: Any = framebench.hint_figures((1024, 640), 90, seed=1, every_s=1.0)
    assert hint["without_hint"]["frames"] == hint["with_hint"]["frames"] == 90
    assert hint["hints_asked"] == 2 and hint["hints_shown"] >= 1  # shown while the frames went on
    assert {"over_33ms", "ms_max"} <= set(hint["with_hint"])


def test_the_frame_benchmark_refuses_a_switch_interval_of_zero(capsys: pytest.CaptureFixture[str]) -> None:
    from kalooki_desktop.tools import framebench

    with pytest.raises(SystemExit) as stop:
        framebench.main(["--switch-ms", "0"])
    assert stop.value.code == 2
    assert "--switch-ms above 0" in capsys.readouterr().err


def _command_stdout(*args: str) -> str:
    """The stdout of ``python -m kalooki_desktop.<args>`` run headless, without the variable that
    would hide pygame's greeting in the caller's environment."""
    import os
    import subprocess

    env = {k: v for k, v in os.environ.items() if k != "PYGAME_HIDE_SUPPORT_PROMPT"}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "-m", *args], env=env, capture_output=True, text=True, timeout=300,
                          check=True)
    return done.stdout


def test_the_frame_benchmark_prints_only_its_json() -> None:
    out = _command_stdout("kalooki_desktop.tools.framebench", "--size", "1024x640", "--frames", "2", "--melds", "0")
    assert json.loads(out)["size"] == "1024x640"


@pytest.mark.slow
def test_the_bench_command_prints_only_one_json_report_of_every_figure() -> None:
    report = json.loads(_command_stdout("kalooki_desktop.bench", "--quick"))
    assert report["engine_random_4p"]["actions_per_s_best"] > 0
    assert set(report) >= {"finder_hand9_22cards", "playouts_4_normals", "decisions_hand9", "frames", "startup_ms",
                           "peak_rss_mb", "python"}
    assert set(report["decisions_hand9"]) == {"easy", "normal", "hard"}
    frames = report["frames"]
    assert frames["size"] == "1920x1080" and frames["hand"] == 9 and frames["dragging"]["ms_p99"] > 0
    assert frames["while_hard_thinks"]["positions"] == 2 and report["startup_ms"]["ms_median"] > 0
    pace = report["pace_7_normals"]
    assert set(pace) == {"every_card_waited", "helpful_waited", "helpful_answered"}
    assert all(p["rounds"] == 3 and 0 < p["median_s"] <= p["max_s"] for p in pace.values())


def test_the_yardstick_alternates_the_peer_and_the_engine_and_gives_their_ratio(monkeypatch) -> None:
    from kalooki_desktop.tools import yardstick as ys

    order: list[str] = []

    def peer(seconds: float, seed: int) -> tuple[int, float]:
        order.append(f"peer {seed}")
        return 1000 + seed, 1.0

    def engine(seconds: float, seed: int) -> tuple[int, float]:
        order.append(f"engine {seed}")
        return 900 + seed, 1.0

    got = ys.yardstick(0.1, 3, 1, engine, peer)
    assert order == ["peer 1", "engine 1", "peer 101", "engine 101", "peer 201", "engine 201"]
    assert got["openspiel_gin_rummy"] == {"best": 1201, "median": 1101}
    assert got["engine_random_4p"] == {"best": 1101, "median": 1001}
    assert got["ratio_best"] == round(1101 / 1201, 3) and got["ratio_median"] == round(1001 / 1101, 3)
    monkeypatch.setattr(ys, "available", lambda: False)
    assert ys.yardstick(0.1, 3, 1, engine) == {"openspiel_gin_rummy": None, "note": ys.NOTE}
