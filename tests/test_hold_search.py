"""The diagnostic hold search of scripts/hold_search.py: its fair variants see only the view
(hidden cards dealt differently never change the decision), its games rows, and the chance to
win the match its match objective scores."""

from __future__ import annotations

import io
import json
import random

import pytest

from kalooki_desktop.engine.view import View
from kalooki_desktop.sim import compare_games

from .helpers import load_script
from .test_bots import _reshuffled
from .test_hold import ready_positions

hold = load_script("hold_search")


@pytest.mark.parametrize("variant", ["uniform", "belief"])
def test_fair_variants_never_read_hidden_cards(variant: str) -> None:
    shuffle_rng = random.Random(3)
    positions = ready_positions(2, seed=500)
    assert positions
    searched = 0
    for state, seat in positions:
        bot = hold.HoldSearcher(variant, rollouts=2, iters=10)
        real = bot.choose(View(state, seat), random.Random(7))
        searched += bot.hold_searches
        for _ in range(2):
            other = _reshuffled(state, seat, shuffle_rng)
            again = hold.HoldSearcher(variant, rollouts=2, iters=10)
            assert again.choose(View(other, seat), random.Random(7)) == real
    assert searched == len(positions)  # the search itself was exercised


def test_its_games_compare_with_the_simulators() -> None:
    out = io.StringIO()
    report = hold.run("uniform", seed=80000, first=1, games=1, rollouts=2, margin=0.0,
                      rounds=2.0, iters=10, games_out=out, log=None)
    rows = out.getvalue().splitlines()
    assert report["games"] == 1 and len(rows) == 1
    assert json.loads(rows[0])["game"] == 1 and json.loads(rows[0])["deal"] == 80000
    assert compare_games(rows, rows)["games"] == 1


def test_the_chance_to_win_the_match() -> None:
    assert hold.win_chance([300, 200, 250, 400], 1, 0) == 1.0  # the last hand is over: lowest wins
    assert hold.win_chance([200, 200, 250, 400], 1, 0) == 0.5  # a shared win
    assert hold.win_chance([300, 200, 250, 400], 0, 0) == 0.0
    assert hold.win_chance([200, 200, 200, 200], 2, 5) == pytest.approx(0.25, abs=0.005)
    ahead = hold.win_chance([100, 200, 200, 200], 0, 3)
    assert 0.25 < ahead < hold.win_chance([100, 200, 200, 200], 0, 1) < 1.0  # fewer hands: surer
    assert sum(hold.win_chance([100, 150, 220, 300], s, 4) for s in range(4)) == pytest.approx(1.0, abs=0.01)
