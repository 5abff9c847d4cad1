"""The statistics' contract-made rate is kept per contract played (a short or custom schedule's
hand 1 is not the nine-hand schedule's hand 1); older records are read by what they hold; the
practice screen's "My weakest" and the menu's offer come from the same progress."""

from __future__ import annotations

import json

import pytest

from kalooki_desktop.play.session import GameSetup
from kalooki_desktop.storage import progress, stats
from kalooki_desktop.storage.paths import set_data_dir

from .gui import jamaican, make_app, step
from .saving import play


@pytest.fixture
def data(tmp_path):
    set_data_dir(tmp_path)
    yield tmp_path
    set_data_dir(None)


def record(preset: str, hands: list[int], laid: list[bool], **more) -> stats.GameRecord:
    return stats.GameRecord("2026-01-01 10:00", preset, "Easy ×2", 3, won=False, score=80, winner_score=10,
                            hands=hands, laid=laid, **more)


def test_a_custom_schedule_counts_under_the_contracts_played(data):
    app = make_app(persist=True)
    session = app.host.new_session(GameSetup(("easy", "easy"), "custom", (), "3 3; 3 4", seed=5), threaded=False)
    play(session, 100_000)
    assert session.over
    scored = [r for r in jamaican(session).results if not r.void]
    records = stats.load_records()
    assert len(records) == 1 and records[0].contracts == [r.contract_text for r in scored]
    rates = stats.summarise(records, game="jamaican").contract_rate
    assert set(rates) == {r.contract_text for r in scored} <= {"3 3", "3 4", "4 4 4 4"}
    assert sum(played for _, played in rates.values()) == len(scored)
    assert rates["3 3"] == (sum(bool(r.laid[0]) for r in scored if r.contract_text == "3 3"),
                            sum(1 for r in scored if r.contract_text == "3 3"))
    app.shutdown()


def test_a_record_without_contracts_is_read_by_hand_number_only_for_the_nine_hand_schedule(data):
    old = [
        record("jamaican", [1, 2, 10], [True, False, True]),  # hand 10: J-S4 or a sudden death, not told
        record("baby", [1, 2], [False, False]),
        record("custom", [1], [False]),
    ]
    doc = {"version": 1, "games": [{k: v for k, v in r.__dict__.items() if k != "contracts"} for r in old]}
    (data / "stats.json").write_text(json.dumps(doc))
    records, message = stats.load_statistics()
    assert message is None and len(records) == 3
    rates = stats.summarise(records, game="jamaican").contract_rate
    assert rates == {progress.STANDARD[1]: (1, 1), progress.STANDARD[2]: (0, 1)}
    mixed = [*records, record("baby", [1, 2], [True, True], contracts=["3 3", "3 4"])]
    rates = stats.summarise(mixed, game="jamaican").contract_rate
    assert rates == {progress.STANDARD[1]: (1, 1), progress.STANDARD[2]: (0, 1), "3 3": (1, 1), "3 4": (1, 1)}


def test_the_statistics_bars_are_the_nine_contracts_then_the_others_played(data, monkeypatch):
    from kalooki_desktop.scenes.statistics import StatisticsScene

    from .layout_probe import Probe

    stats.save_records([record("jamaican", [1, 2], [True, True], contracts=["3 3 3", "3 3 4"]),
                        record("custom", [1, 2], [False, True], contracts=["3 3", "3 4"])])
    app = make_app()
    scene = StatisticsScene(app)
    bars = scene.bars()
    assert [label for label, _, _ in bars] == [*progress.STANDARD.values(), "3 3", "3 4"]
    assert bars[0] == ("3 3 3", 1, 1) and bars[-2] == ("3 3", 0, 1) and bars[-1] == ("3 4", 1, 1)
    probe = Probe(monkeypatch)
    app.push(scene)
    step(app)
    app.draw()
    drawn = [d.text for d in probe.drawn]
    assert "Contract made, by contract" in drawn and "100%" in drawn
    assert {"3 3", "3 4", "3 3 3"} <= set(drawn) or {"33", "34", "333"} <= set(drawn)
    app.shutdown()


def test_my_weakest_on_the_practice_screen_is_the_menus_weakest(data):
    """Progress holds only a custom game's hands, the statistics a custom game whose hand 1 was
    missed: no contract of the nine was played, so neither the menu nor the practice screen names
    one (a custom hand 1 is not the nine-hand schedule's 3 3 3)."""
    from kalooki_desktop.scenes.menu import MenuScene
    from kalooki_desktop.scenes.practice import PracticeScene

    progress.FILE.save([progress.HandRecord("2026-01-01", 1, made=False, turns=0, points=60, contract="3 3"),
                        progress.HandRecord("2026-01-01", 2, made=True, turns=3, points=0, contract="3 4")])
    game = {**record("custom", [1, 2], [False, True]).__dict__, "contracts": ["3 3", "3 4"]}
    (data / "stats.json").write_text(json.dumps({"version": 1, "games": [game]}))
    app = make_app()
    menu = MenuScene(app)
    app.push(menu)
    step(app)
    assert "weakest" not in menu.buttons["practice"].text
    assert PracticeScene(app).weakest is None
    hands = [*progress.FILE.load()[0], progress.HandRecord("2026-01-01", 5, made=False, turns=0, points=40),
             progress.HandRecord("2026-01-01", 1, made=True, turns=2, points=0, contract="3 3 3")]
    progress.FILE.save(hands)
    menu = MenuScene(app)
    app.push(menu)
    step(app)
    assert PracticeScene(app).weakest == progress.weakest(hands) == 5
    assert menu.buttons["practice"].text == "Practice · weakest: hand 5"
    app.shutdown()


def test_a_head_to_head_game_is_counted_against_its_one_opponent(data):
    """A British game of two is recorded with its one opponent named as the player knows them
    ("Easy", as "Easy, Hard" names one of each and "Hard ×2" two), and counted on its game's
    page."""
    assert stats.opponent_mix(["hard", "easy"]) == "Easy, Hard" and stats.opponent_mix(["hard"] * 2) == "Hard ×2"
    app = make_app(persist=True)
    try:
        session = app.host.new_session(GameSetup(("easy",), "kalooki51", ("B-V3",), seed=5), threaded=False)
        play(session, 100_000)
        assert session.over
        (r,) = stats.load_records()
        assert r.players == 2 and r.opponents == "Easy" and r.preset == "kalooki51"
        assert stats.summarise([r], game="kalooki51").played == 1
    finally:
        app.shutdown()
