"""The move-by-move trace of one simulator game (scripts/trace_match.py): the game the
simulator plays, every hand asked for, the traced seat's hand after each of its actions."""

from __future__ import annotations

import pytest

from kalooki_desktop.engine.rules import make_rules
from kalooki_desktop.tools.sim import play_match, seating

from .helpers import load_script

tm = load_script("trace_match")


def test_the_trace_is_the_simulators_game() -> None:
    bots = ["normal", "greedy", "random"]
    rules = make_rules("baby")
    lines = tm.trace(rules, bots, seed=40, game=4, entry=1)
    seated, seat_of_entry, deal = seating(bots, 4, 40, rotate=True, system="jamaican")
    match, _ = play_match(rules, seated, deal)
    me = seat_of_entry[1]
    assert lines[0].startswith(f"game 4 of --seed 40: deal {deal};") and f"s{me} greedy (traced)" in lines[0]
    assert lines[-1] == f"totals {match.totals}; winners {sorted(match.winners)}"
    headers = [line for line in lines if line.startswith("=== hand ")]
    ends = [line for line in lines if line.startswith("  end: ")]
    assert len(headers) == len(ends) == len(match.results)  # every hand, void ones too
    numbers = [int(h.split()[2].rstrip(":")) for h in headers]
    assert numbers == sorted(numbers) and numbers[0] == 1
    mine = [i for i, line in enumerate(lines) if line.startswith(f"  s{me} ")]
    assert mine
    for i in mine:  # the hand it holds after each action, but the one that ends the hand
        assert " | " in lines[i] or lines[i + 1].startswith("  end: "), lines[i]
    others = [line for line in lines if line.startswith("      s") and "pluck stock" in line]
    assert not others  # the others' plucks from the stock are left out


def test_only_the_hands_asked_for() -> None:
    lines = tm.trace(make_rules("baby"), ["greedy", "random", "random"], seed=7, game=0,
                     hands={2})
    headers = [line for line in lines if line.startswith("=== hand ")]
    assert headers and all(h.startswith("=== hand 2:") for h in headers)
    assert lines[-1].startswith("totals ")


def test_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert tm.main(["--seed", "3", "--bots", "greedy,random,random", "--rules", "baby",
                    "--hands", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("game 0 of --seed 3") and out[1].startswith("=== hand 1:")


@pytest.mark.parametrize(("args", "says"), [
    (["--entry", "3"], "--entry 3"),
    (["--game", "-1"], "--game -1"),
    (["--bots", "greedy,nobody,random"], "unknown bot 'nobody'"),
    (["--hands", "one"], "hand numbers separated by commas"),
    (["--rules", "nonesuch"], "nonesuch"),
])
def test_bad_arguments_get_a_clear_message(args: list[str], says: str,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        tm.main(["--seed", "3", "--bots", "greedy,random,random", "--rules", "baby", *args])
    assert stop.value.code == 2 and says in capsys.readouterr().err
