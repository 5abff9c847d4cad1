"""The simulator's command line: its JSON report, --check, and clear errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from kalooki_desktop.engine.rules import make_rules
from kalooki_desktop.tools import sim, simgames, simstats


def seats_of(report: dict[str, object]) -> list[dict[str, Any]]:
    """The per-seat part of a simulator report."""
    seats = report["seats"]
    assert isinstance(seats, list)
    return seats

def run_sim(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "kalooki_desktop.sim", *args], capture_output=True,
                          text=True, timeout=300)


def test_report_has_the_stable_keys() -> None:
    done = run_sim("--games", "2", "--players", "4", "--bots", "greedy,random,greedy,greedy",
                   "--rules", "baby", "--variants", "J-V5", "--seed", "3", "--check")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    for key in ("matches", "hands", "void_hands", "actions", "actions_per_s", "seats"):
        assert key in report
    assert report["matches"] == 2 and len(report["seats"]) == 4
    seat = report["seats"][1]
    assert seat["bot"] == "random"
    for key in ("wins", "mean_score", "contract_rate", "decision_ms_p50", "decision_ms_p99"):
        assert key in seat
    assert set(seat["contract_rate"]) <= {"1", "2", "3"}


def test_bad_arguments_are_refused_clearly() -> None:
    done = run_sim("--bots", "genius,random,random")
    assert done.returncode == 2 and "unknown bot" in done.stderr
    done = run_sim("--players", "9", "--bots", "random")
    assert done.returncode == 2 and "3 to 8" in done.stderr
    done = run_sim("--variants", "J-V77")
    assert done.returncode == 2 and "unknown variant" in done.stderr


def test_a_breach_exits_non_zero_with_seed_and_action(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    real = simgames.check_hand

    def broken(hand, expected, where):
        if "action 5 " in where:
            raise simstats.InvariantBreach(where + ": planted")
        real(hand, expected, where)

    monkeypatch.setattr(simgames, "check_hand", broken)
    assert sim.main(["--games", "1", "--bots", "greedy", "--players", "3", "--rules", "baby",
                     "--seed", "9", "--check"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert "seed 9 action 5" in out["error"]


def test_a_british_breach_goes_the_same_way(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """One check entry for both games: a British breach names the seed and the action too."""
    real = simgames.check_action

    def broken(h, before, total, where):
        if "action 5 " in where:
            raise simstats.InvariantBreach(where + ": planted")
        real(h, before, total, where)

    monkeypatch.setattr(simgames, "check_action", broken)
    assert sim.main(["--games", "1", "--bots", "normal", "--players", "3", "--rules", "kalooki51",
                     "--seed", "9", "--check"]) == 1
    assert "seed 9 action 5 " in json.loads(capsys.readouterr().out)["error"]


def test_rotation_seats_every_bot_everywhere() -> None:
    report = sim.simulate(3, ["greedy", "random", "random"], make_rules("baby"), seed=5, rotate=True)
    assert report["matches"] == 3


def test_levels_by_name_and_a_thinking_cap() -> None:
    done = run_sim("--games", "1", "--players", "3", "--bots", "hard,normal,easy", "--rules",
                   "baby", "--worlds", "2", "--seed", "2", "--check")
    assert done.returncode == 0, done.stderr
    seats = json.loads(done.stdout)["seats"]
    assert [s["bot"] for s in seats] == ["hard", "normal", "easy"]
    assert seats[0]["decision_ms_p99"] < 200  # a budget of 2 worlds, with room for a slow machine
    assert seats[0]["decision_ms_p99"] <= seats[0]["decision_ms_max"] < 200
    lo, hi = seats[0]["win_rate_ci95"]
    assert 0.0 <= lo <= seats[0]["win_rate"] <= hi <= 1.0


def test_rotation_is_duplicate_play() -> None:
    """Rotated, each deal is played with every bot in every seat: identical bots tie exactly."""
    report = sim.simulate(8, ["normal"] * 4, make_rules("baby"), seed=11, rotate=True)
    wins = [s["wins"] for s in seats_of(report)]
    assert len(set(wins)) == 1 and wins[0] >= 2
    # The luck of each deal falls on every seat alike, so the interval measured between deals is
    # narrower than one that takes the matches for independent (here: no spread at all when no
    # deal is shared by two winners).
    seat = report["seats"][0]  # type: ignore[index]
    lo, hi = seat["win_rate_ci95_by_deal"]
    w_lo, w_hi = seat["win_rate_ci95"]
    assert lo <= seat["win_rate"] <= hi and hi - lo < w_hi - w_lo


def test_the_interval_between_deals() -> None:
    """:func:`simstats.deal_interval`: the spread of the wins between deals, not within them."""
    assert simstats.deal_interval([(1, 4), (1, 4), (1, 4)]) == (0.25, 0.25)  # every deal alike
    assert simstats.deal_interval([(3, 4)]) == (0.0, 1.0)  # one deal says nothing of the spread
    assert simstats.deal_interval([]) == (0.0, 1.0)
    # One match a deal: the normal approximation of independent matches (with k/(k-1)).
    groups = [(1.0, 1)] * 40 + [(0.0, 1)] * 60
    lo, hi = simstats.deal_interval(groups)
    half = 1.96 * (0.4 * 0.6 / 100 * 100 / 99) ** 0.5
    assert lo == pytest.approx(0.4 - half) and hi == pytest.approx(0.4 + half)
    # 40 wins of 100 matches on 25 deals: deals that go all one way or the other leave the
    # estimate less sure than deals alike.
    lumpy = simstats.deal_interval([(4, 4)] * 10 + [(0, 4)] * 15)
    even = simstats.deal_interval([(2, 4)] * 15 + [(1, 4)] * 10)
    assert sum(lumpy) / 2 == pytest.approx(0.4) and sum(even) / 2 == pytest.approx(0.4)
    assert lumpy[1] - lumpy[0] > 2 * (even[1] - even[0])


def test_games_out_and_the_paired_comparison(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    common = ["--games", "6", "--players", "3", "--rules", "baby", "--rotate", "--seed", "4"]
    assert sim.main([*common, "--bots", "greedy,random,greedy", "--games-out", str(a)]) == 0
    assert sim.main([*common, "--bots", "normal,random,greedy", "--games-out", str(b)]) == 0
    capsys.readouterr()
    rows = [json.loads(line) for line in a.read_text().splitlines()]
    assert [r["deal"] for r in rows] == [4, 4, 4, 5, 5, 5]  # every deal once in every seat
    assert rows[0]["bots"] == ["greedy", "random", "greedy"] and len(rows[0]["totals"]) == 3
    assert all(set(r["winners"]) <= {0, 1, 2} and r["winners"] for r in rows)
    wins_b = sum(0 in json.loads(line)["winners"] for line in b.read_text().splitlines())

    assert sim.main(["--compare", str(a), str(b)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 6
    assert report["wins_a"] == sum(0 in r["winners"] for r in rows) and report["wins_b"] == wins_b
    lo, hi = report["win_rate_b_ci95_by_deal"]
    assert 0.0 <= lo <= report["win_rate_b"] <= hi <= 1.0
    assert report["diff"] == round((report["wins_b"] - report["wins_a"]) / 6, 4)
    lo, hi = report["diff_ci95"]
    assert lo <= report["diff"] <= hi
    rows_b = [json.loads(line) for line in b.read_text().splitlines()]

    def edge(r: dict[str, list[int]]) -> float:
        return (r["totals"][1] + r["totals"][2]) / 2 - r["totals"][0]

    assert report["edge_a"] == round(sum(edge(r) for r in rows) / 6, 2)
    assert report["edge_b"] == round(sum(edge(r) for r in rows_b) / 6, 2)
    assert report["edge_diff"] == pytest.approx(report["edge_b"] - report["edge_a"], abs=0.02)
    lo, hi = report["edge_diff_ci95"]
    assert lo <= report["edge_diff"] <= hi and hi - lo > 0
    assert report["changed"] == sum(ra["totals"] != rb["totals"] for ra, rb in zip(rows, rows_b, strict=True))
    assert report["changed"] > 0  # greedy and normal play the first seat differently

    assert sim.main(["--compare", str(a), str(a)]) == 0
    same = json.loads(capsys.readouterr().out)
    assert same["diff"] == 0 and same["diff_ci95"] == [0, 0]
    assert same["edge_diff"] == 0 and same["edge_diff_ci95"] == [0, 0] and same["changed"] == 0

    # Runs on other deals joined to a file are compared too (games match by deal and number).
    c = tmp_path / "c.jsonl"
    later = [*common[:-1], "9"]
    assert sim.main([*later, "--bots", "greedy,random,greedy", "--games-out", str(c)]) == 0
    joined = tmp_path / "joined.jsonl"
    joined.write_text(a.read_text() + c.read_text())
    capsys.readouterr()
    assert sim.main(["--compare", str(joined), str(joined)]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 12

    done = run_sim(*common, "--bots", "greedy,random,greedy", "--games-out",
                   str(tmp_path / "no-such-dir" / "x.jsonl"))
    assert done.returncode == 2 and "cannot write" in done.stderr
    done = run_sim("--compare", str(a), str(tmp_path / "missing.jsonl"))
    assert done.returncode == 2 and "cannot compare" in done.stderr
    bad = tmp_path / "bad.jsonl"
    for other in ('{"game": 0, "deal": 4, "totals": [1, 2, 3], "winners": 0}\n', "not json\n"):
        bad.write_text(other)
        with pytest.raises(SystemExit):
            sim.main(["--compare", str(a), str(bad)])
        assert "cannot compare" in capsys.readouterr().err


def test_outcomes_say_where_the_points_come_from() -> None:
    """Per seat: the share of hands laid, gone out and bent, calls, and the points paid not laid,
    laid, and to the others' bends; each hand played to an end has exactly one player out."""
    from kalooki_desktop.engine.game import DealResult

    rules = make_rules("jamaican")
    spec = rules.schedule[0]

    def result(out: int | None, *, bent: bool, scores: tuple[int, ...], laid: tuple[bool, ...],
               void: bool = False) -> DealResult:
        return DealResult(1, 0, void, out, bent, scores, ((),) * 4, laid, spec, (1, 0, 2, 0), None,
                          sudden_death=False)

    def add(st: simstats.SeatStats, r: DealResult, seat: int) -> None:
        st.add_deal(simgames.hand_outcome(r), seat)

    words = simgames.JAMAICAN_GAME.words
    st = simstats.SeatStats("normal", words, matches=2)
    add(st, result(0, bent=True, scores=(0, 200, 180, 150), laid=(True, False, False, False)), 1)
    add(st, result(1, bent=False, scores=(12, 0, 90, 5), laid=(True, True, False, True)), 1)
    add(st, result(2, bent=False, scores=(30, 8, 0, 100), laid=(False, True, True, False)), 1)
    add(st, result(None, bent=False, scores=(0, 0, 0, 0), laid=(False,) * 4, void=True), 1)  # not counted
    got = st.outcomes()
    assert got["hands"] == 3 and got["went_out"] == round(1 / 3, 4) and got["bends"] == 0
    assert got["laid"] == round(2 / 3, 4) and got["calls_a_hand"] == 0.0
    assert got["paid_not_laid"] == 200 and got["paid_laid_not_out"] == 8
    assert got["paid_to_bends_a_match"] == 100  # 200 points over 2 matches
    bender = simstats.SeatStats("hard", words, matches=2)
    add(bender, result(0, bent=True, scores=(0, 200, 180, 150), laid=(True, False, False, False)), 0)
    assert bender.outcomes()["bends"] == 1 and bender.outcomes()["calls_a_hand"] == 1

    report = sim.simulate(3, ["normal"] * 4, rules, seed=11, rotate=False)
    seats = [s["outcomes"] for s in seats_of(report)]
    assert sum(o["went_out"] for o in seats) == pytest.approx(1.0, abs=1e-3)
    assert all(o["bends"] <= o["went_out"] <= o["laid"] for o in seats)


def test_the_same_seed_plays_the_same_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The rules hold after every action (``--check``), the same seed plays the same games, and
    another seed other games."""
    a, b, c = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "c.jsonl"
    common = ["--games", "4", "--bots", "normal,greedy,normal", "--rules", "baby", "--rotate", "--check"]
    assert sim.main([*common, "--seed", "7", "--games-out", str(a)]) == 0
    assert json.loads(capsys.readouterr().out)["checked"] is True
    assert sim.main([*common, "--seed", "7", "--games-out", str(b)]) == 0
    assert sim.main([*common, "--seed", "8", "--games-out", str(c)]) == 0
    capsys.readouterr()
    assert a.read_text() == b.read_text() != c.read_text()


#: Every preset of both rule systems, as the command line takes it.
PRESETS = [
    ("jamaican", []), ("baby", []), ("short", []), ("custom", ["--schedule", "3 3;4 4"]),
    ("british40", []), ("kalooki51", []), ("british40", ["--variants", "B-V2,B-V3,B-12"]),
]
#: Every seat of every report has these keys, whichever the game.
SEAT_KEYS = {"bot", "wins", "outright_wins", "win_rate", "win_rate_ci95", "win_rate_ci95_by_deal", "mean_score",
             "decision_ms_p50", "decision_ms_p99", "decision_ms_max", "outcomes"}


@pytest.mark.parametrize(("preset", "more"), PRESETS)
def test_every_preset_of_both_systems_plays_checked_through_the_one_simulator(
        preset: str, more: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    british = preset.startswith("british") or preset.startswith("kalooki")
    assert sim.main(["--rules", preset, *more, "--games", "3", "--bots", "normal,easy,random", "--rotate",
                     "--check", "--seed", "21"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["checked"] is True and report["matches"] == 3 and report["rules"].startswith(preset)
    unit = "deals" if british else "hands"
    assert report[unit] >= 3 and report[f"void_{unit}"] >= 0 and report["actions"] > 0
    seats = seats_of(report)
    assert [s["bot"] for s in seats] == ["normal", "easy", "random"]
    for s in seats:
        assert set(s) == SEAT_KEYS | ({"contract_rate"} if not british else set())
        assert s["decision_ms_p50"] <= s["decision_ms_p99"] <= s["decision_ms_max"]
        assert 0 <= s["outright_wins"] <= s["wins"] <= 3
    assert sum(s["wins"] for s in seats) >= 3  # every match has a winner
    outcomes = [s["outcomes"] for s in seats]
    laid, big = ("came_out", "kalookis") if british else ("laid", "bends")
    assert all(o[big] <= o["went_out"] <= o[laid] for o in outcomes)
    # each deal played to an end has exactly one player out
    played = sum(o[unit] * o["went_out"] for o in outcomes)
    assert played == pytest.approx(report[unit] - report[f"void_{unit}"], abs=0.01)


def test_a_british_seat_out_of_the_game_is_not_counted_in_its_deals() -> None:
    from kalooki_desktop.engine.game import DealResult

    words = simgames.BRITISH_GAME.words
    # seat 2 is out of the game (B-11): dealt nothing, scores 0
    r = DealResult(1, dealer=0, void=False, out=0, big_out=True, scores=(0, 35, 0), hands=((), (5, 9, 13), ()),
                   laid=(True, False, False))
    out, watcher = simstats.SeatStats("normal", words), simstats.SeatStats("random", words)
    out.add_deal(simgames.deal_outcome(r), 0)
    watcher.add_deal(simgames.deal_outcome(r), 2)
    paying = simstats.SeatStats("easy", words, matches=1)
    paying.add_deal(simgames.deal_outcome(r), 1)
    assert out.outcomes() == {"deals": 1, "came_out": 1.0, "went_out": 1.0, "kalookis": 1.0,
                              "paid_not_come_out": 0.0, "paid_come_out_not_out": 0.0,
                              "paid_to_kalookis_a_match": 0.0}
    assert watcher.outcomes()["deals"] == 0
    got = paying.outcomes()
    assert got["deals"] == 1 and got["paid_not_come_out"] == 35 and got["paid_to_kalookis_a_match"] == 35


@pytest.mark.parametrize(("preset", "bots"), [("baby", ["normal", "greedy", "easy"]),
                                              ("kalooki51", ["normal", "easy", "random", "hard"])])
def test_the_same_seed_gives_the_same_report_twice(preset: str, bots: list[str]) -> None:
    """The same run twice reports the same figures (all but the clock's); another seed others."""
    game = sim_rules(preset)
    clock = {"actions_per_s", "seconds", "decision_ms_p50", "decision_ms_p99", "decision_ms_max"}

    def figures(seed: int) -> dict[str, object]:
        report = sim.simulate(4, bots, game, seed, check=True, rotate=True)
        for seat in seats_of(report):
            for key in clock & set(seat):
                del seat[key]
        return {k: v for k, v in report.items() if k not in clock}

    first = figures(31)
    assert first == figures(31)
    assert first != figures(32)


def sim_rules(preset: str):
    from kalooki_desktop.play.games import game_of

    return game_of(preset).rules(preset, [], None)


def test_british_games_go_out_and_compare_like_jamaican_ones(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    common = ["--rules", "british40", "--games", "6", "--players", "3", "--rotate", "--seed", "4"]
    assert sim.main([*common, "--bots", "easy,random,normal", "--games-out", str(a)]) == 0
    assert sim.main([*common, "--bots", "hard,random,normal", "--games-out", str(b)]) == 0
    capsys.readouterr()
    rows = [json.loads(line) for line in a.read_text().splitlines()]
    assert [r["deal"] for r in rows] == [4, 4, 4, 5, 5, 5] and rows[0]["bots"] == ["easy", "random", "normal"]
    assert all(len(r["totals"]) == 3 and r["winners"] for r in rows)
    assert sim.main(["--compare", str(a), str(b)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 6 and report["wins_a"] == sum(0 in r["winners"] for r in rows)


def test_a_bot_the_game_has_not_is_refused_by_name() -> None:
    done = run_sim("--rules", "british40", "--bots", "greedy,normal,normal")
    assert done.returncode == 2 and "no greedy bot plays british" in done.stderr
