"""The diagnostic hold search of scripts/hold_search.py: the holding playout policy, and its fair
variants see only the view (hidden cards dealt differently never change the decision)."""

from __future__ import annotations

import io
import json
import random

import pytest

from kalooki_desktop.ai.base import make_bot
from kalooki_desktop.ai.normal import NormalBot, Style
from kalooki_desktop.engine.actions import Discard, Lay
from kalooki_desktop.engine.hand import HandState, Phase
from kalooki_desktop.engine.match import Match
from kalooki_desktop.engine.rules import make_rules
from kalooki_desktop.engine.view import View
from kalooki_desktop.sim import compare_games, next_decision

from .helpers import load_script
from .test_bots import _reshuffled

hold = load_script("hold_search")


def _ready_positions(count: int, seed: int) -> list[tuple[HandState, int]]:
    """Positions of Normal games where the seat to play could lay its contract while nobody
    has laid, and the lay would leave two or more cards (the decision the search settles)."""
    out: list[tuple[HandState, int]] = []
    for deal in range(seed, seed + 40):
        match = Match(make_rules("jamaican"), 4, deal)
        bots = [make_bot("normal") for _ in range(4)]
        rng = random.Random(deal)
        lay_bot = NormalBot(Style(lay_for_out=True))
        while not match.over and len(out) < count:
            hand = match.hand
            seat = hand.turn
            if hand.phase == Phase.PLAY and not any(hand.laid):
                view = View(hand, seat, match.totals)
                if (hold.may_bend(view, 2.0) and isinstance(lay_bot.choose(view, random.Random(0)), Lay)
                        and hold.cards_left(view, list(view.my_hand)) > 1):
                    out.append((hand.clone(), seat))
                    break  # one position a deal
            s, action = next_decision(match, bots, rng)
            match.apply(s, action)
        if len(out) >= count:
            break
    return out


def test_the_holder_holds_a_ready_contract_until_it_goes_out() -> None:
    positions = _ready_positions(3, seed=500)
    assert positions
    for state, seat in positions:
        view = View(state, seat)
        answer = hold.Holder().choose(view, random.Random(1))
        assert isinstance(answer, Discard)  # holds: throws instead of laying
        assert answer == Discard(hold.holding_throw(view, list(view.my_hand))[1])
        assert hold.Holder(rounds=1000.0).choose(view, random.Random(1)) == \
            NormalBot(Style(lay_for_out=True)).choose(view, random.Random(1))  # no bend left: lays


@pytest.mark.parametrize("variant", ["uniform", "belief"])
def test_fair_variants_never_read_hidden_cards(variant: str) -> None:
    shuffle_rng = random.Random(3)
    positions = _ready_positions(2, seed=500)
    assert positions
    searched = 0
    for state, seat in positions:
        bot = hold.HoldSearcher(variant, rollouts=2, iters=10)
        real = bot.choose(View(state, seat), random.Random(7))
        searched += bot.searched
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
