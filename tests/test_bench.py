"""The benchmark command runs and reports every figure (its numbers are measured, not tested)."""

from __future__ import annotations

import json

import pytest

from kalooki_desktop import bench


def test_playout_figures_cover_every_hand_of_the_schedule() -> None:
    got = bench.playout_timings(1, seed=3)
    assert sorted(got) == sorted(f"hand{n}_ms" for n in range(1, 10))
    assert all(ms > 0 for ms in got.values())


def test_the_bench_command_prints_one_json_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--seconds", "0.2", "--runs", "1", "--playouts", "1"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["engine_random_4p"]["actions_per_s_best"] > 0
    assert set(report) >= {"finder_hand9_22cards", "playouts_4_normals", "python"}
