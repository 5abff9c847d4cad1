"""The decision probe: one-step comparisons of two bots' decisions by playouts from the true state."""

from __future__ import annotations

import json
import random

import pytest

from kalooki_desktop.ai.base import make_bot
from kalooki_desktop.engine.actions import Discard, PluckStock, parse_action
from kalooki_desktop.engine.cards import count_cards, new_deck, parse_cards
from kalooki_desktop.engine.hand import HandState, Phase
from kalooki_desktop.engine.rules import make_rules
from kalooki_desktop.probe import main, probe, score_actions
from kalooki_desktop.sim import simulate

from .helpers import LAY1, LAYER, PLAIN

RULES = make_rules("jamaican")


def _position() -> HandState:
    """Seat 0 holds hand 1's contract; the rest of the packs, shuffled, is the stock."""
    hands = [parse_cards(h) for h in [LAYER, *PLAIN]]
    discard = parse_cards("2C")
    left = count_cards(new_deck(4))
    for c in [c for h in hands for c in h] + discard:
        left[c] -= 1
    stock = [c for c in range(len(left)) for _ in range(left[c])]
    random.Random(3).shuffle(stock)
    return HandState.from_position(RULES, RULES.schedule[0], 3, hands, discard, stock)


def test_laying_the_contract_scores_better_than_breaking_it() -> None:
    state = _position()
    state.apply(0, PluckStock())
    assert state.phase == Phase.PLAY
    bots = [make_bot("normal") for _ in range(4)]
    lay = parse_action(LAY1)
    assert state.check(0, lay) is None
    before = state.clone()
    lay_score, break_score = score_actions(state, bots, 0, [lay, Discard(parse_cards("7S")[0])],
                                           rollouts=6, seed=1, totals=[0] * 4, calling=False)
    assert lay_score < break_score  # lower is better: penalty points against the others' mean
    assert state.log == before.log and state.hands == before.hands  # scored on copies


def test_the_same_bot_never_differs() -> None:
    report = probe(1, ["normal"] * 4, "normal", RULES, seed=1, rollouts=2)
    assert report["probed"] == 0
    kinds = report["kinds"]
    assert isinstance(kinds, dict) and kinds["discard"]["decisions"] > 0
    assert all(k["differed"] == 0 for k in kinds.values())


def test_random_decisions_are_found_worse_and_the_game_is_unchanged() -> None:
    report = probe(1, ["normal"] * 4, "random", RULES, seed=2, rollouts=6, max_probes=30)
    assert report["probed"] == 30
    gain = report["gain"]
    ci = report["gain_ci95"]
    assert isinstance(gain, float) and isinstance(ci, list)
    assert gain < 0 and ci[1] < 0  # the random alternative decided worse
    kinds = report["kinds"]
    assert isinstance(kinds, dict) and kinds["discard"]["differed"] > 0
    # The probe plays the very game the simulator plays for that deal and seating.
    lines: list[str] = []

    class Sink:
        def write(self, s: str) -> None:
            lines.append(s)

    simulate(1, ["normal"] * 4, RULES, seed=2, rotate=True, games_out=Sink())  # type: ignore[arg-type]
    assert report["totals"] == [json.loads(lines[0])["totals"]]


def test_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--bots", "normal,normal,normal", "--alt", "easy", "--games", "1",
                 "--rollouts", "2", "--max-probes", "3", "--rules", "baby"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["alt"] == "easy" and report["probed"] <= 3 and len(report["totals"]) == 1
    with pytest.raises(SystemExit) as e:
        main(["--alt", "nobody"])
    assert e.value.code == 2
    assert "unknown bot 'nobody'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--alt", "normal", "--rollouts", "0"])
    assert "--rollouts" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--alt", "normal", "--share", "0"])
    assert "--share" in capsys.readouterr().err


def test_a_share_spreads_the_probes() -> None:
    report = probe(1, ["normal"] * 4, "random", RULES, seed=2, rollouts=1, share=0.25)
    kinds = report["kinds"]
    assert isinstance(kinds, dict)
    differed = sum(k["differed"] for k in kinds.values())
    probed = report["probed"]
    assert isinstance(probed, int) and 0 < probed < differed / 2


def test_gain_report_gives_an_interval_only_from_two_gains() -> None:
    from kalooki_desktop.probe import gain_report

    assert gain_report([]) == {}
    assert gain_report([3.0]) == {"gain": 3.0}  # no infinite interval in the JSON
    two = gain_report([1.0, 3.0])
    assert two["gain"] == 2.0
    ci = two["gain_ci95"]
    assert isinstance(ci, list) and ci[0] < 2.0 < ci[1]
