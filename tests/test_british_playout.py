"""British Kalooki played out by the bots with every invariant checked after every action
(:func:`kalooki_desktop.tools.simgames.check_action`): at least 1,000 deals of each preset."""

from __future__ import annotations

import json

import pytest

from kalooki_desktop.engine.british.rules import make_british_rules
from kalooki_desktop.tools import sim


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["british40", "kalooki51"])
def test_a_thousand_checked_deals_of_each_preset(preset: str) -> None:
    rules = make_british_rules(preset)
    deals, seed = 0, 1
    while deals < 1000:
        report = sim.simulate(20, ["random", "easy", "normal", "random"], rules, seed, check=True)
        deals += int(report["deals"])  # type: ignore[call-overload]
        seed += 20
    assert deals >= 1000


def test_the_simulator_plays_british_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert sim.main(["--rules", "british40", "--games", "4", "--bots", "normal,random,random",
                     "--rotate", "--check", "--seed", "9"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["matches"] == 4 and report["checked"] and report["rules"] == "british40"
    assert report["seats"][0]["bot"] == "normal" and 0 <= report["seats"][0]["win_rate"] <= 1
    with pytest.raises(SystemExit):
        sim.main(["--rules", "kalooki51", "--bots", "normal", "--players", "7"])
