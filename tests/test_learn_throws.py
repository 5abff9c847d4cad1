"""The learnt-throw experiment of scripts/learn_throws.py: its features are public (hidden
cards dealt differently never change them), and its least squares finds known weights."""

from __future__ import annotations

import random

from kalooki_desktop.ai.hard import throw_ranking
from kalooki_desktop.ai.normal import live_cards
from kalooki_desktop.engine.actions import PluckDiscard, PluckStock
from kalooki_desktop.engine.hand import Phase
from kalooki_desktop.engine.view import View

from .helpers import load_script
from .test_bots import _positions, _reshuffled

learn = load_script("learn_throws")


def _features(state, seat):  # type: ignore[no-untyped-def]
    view = View(state, seat)
    hand = list(view.my_hand)
    live = live_cards(view)
    ranked = throw_ranking(view, hand, sorted(set(hand)), live)[:4]
    return learn.features(view, hand, ranked, live)


def test_features_see_only_the_view() -> None:
    rng = random.Random(4)
    positions = [(s, seat) for s, seat in _positions(300, seed=23)
                 if s.phase == Phase.PLAY and s.turn == seat and not s.laid[seat]][:10]
    assert positions
    for state, seat in positions:
        rows = _features(state, seat)
        assert rows and all(len(r) == len(learn.FEATURES) for r in rows)
        for _ in range(2):
            assert _features(_reshuffled(state, seat, rng), seat) == rows


def test_least_squares_finds_the_weights_and_the_choice_follows_them() -> None:
    rng = random.Random(9)
    true_w = [2.0, -1.0, 0.5]
    rows = []
    for _ in range(400):
        xs = [[rng.uniform(-2, 2) for _ in true_w] for _ in range(3)]
        ys = [sum(w * x for w, x in zip(true_w, row, strict=True)) + rng.gauss(0, 0.1) + 7.0
              for row in xs]  # the decision's own level (7) drops out of the centred fit
        padded = [row + [0.0] * (len(learn.FEATURES) - len(row)) for row in xs]
        rows.append({"x": padded, "y": ys})
    w = learn.fit_rows(rows, [0, 1, 2], ridge=0.0)
    assert all(abs(a - b) < 0.05 for a, b in zip(w, true_w, strict=True))
    gains = learn.choice_gains(rows, [0, 1, 2], w)
    changed = [g for g in gains if g is not None]
    assert changed and min(changed) > -0.5  # the lowest prediction is the lowest value


def test_take_features_see_only_the_view() -> None:
    rng = random.Random(5)
    positions = [(s, seat) for s, seat in _positions(300, seed=29)
                 if s.phase == Phase.PLUCK and s.turn == seat and not s.laid[seat]
                 and s.discard_top is not None and not s.stock_only][:10]
    assert positions
    for state, seat in positions:
        view = View(state, seat)
        kind, actions, took = learn.take_options(view, PluckStock())
        assert (kind, took) == ("pluck", False) and actions == [PluckDiscard(), PluckStock()]
        card = view.discard_top
        x = learn.take_features(view, card, live_cards(view))
        assert len(x) == len(learn.TAKE_FEATURES)
        for _ in range(2):
            other = View(_reshuffled(state, seat, rng), seat)
            assert learn.take_features(other, card, live_cards(other)) == x


def test_a_take_is_fitted_as_its_value_over_letting_go() -> None:
    # Two candidates, Hard's answer first, the take's features against zeros: the centred fit
    # learns the take's value less the value of letting the card go.
    rng = random.Random(3)
    k = len(learn.TAKE_FEATURES)
    rows = []
    for _ in range(300):
        x = [1.0, rng.uniform(0, 5)] + [0.0] * (k - 2)
        take, let = 4.0 - 3.0 * x[1] + rng.gauss(0, 0.1), 0.0  # taking pays once x[1] > 4/3
        took = rng.random() < 0.5
        zero = [0.0] * k
        rows.append({"x": [x, zero] if took else [zero, x],
                     "y": [take, let] if took else [let, take], "took": took})
    w = learn.fit_rows(rows, [0, 1], ridge=0.0)
    assert abs(w[0] - 4.0) < 0.1 and abs(w[1] + 3.0) < 0.1
    # The answers here are at random: the fit overrules about half, and rightly (up to noise).
    changed = [g for g in learn.choice_gains(rows, [0, 1], w) if g is not None]
    assert 100 < len(changed) < 200 and min(changed) > -0.5 and sum(changed) / len(changed) > 1


def test_fitting_takes_from_a_file_without_them_says_so(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    throws = tmp_path / "throws.jsonl"
    throws.write_text('{"x": [[0.0], [1.0]], "y": [1.0, 2.0], "game": 0, "deal": 1}\n')
    assert learn.main(["fit", "--kind", "call", str(throws)]) == 2
    assert "no call decisions" in capsys.readouterr().err
