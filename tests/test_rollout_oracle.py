"""The diagnostic rollout searcher of scripts/rollout_oracle.py: its fair variants see only the
view (hidden cards dealt differently never change their throw)."""

from __future__ import annotations

import random

import pytest

from kalooki_desktop.engine.hand import Phase
from kalooki_desktop.engine.view import View

from .helpers import load_script
from .test_bots import _positions, _reshuffled

oracle = load_script("rollout_oracle")


@pytest.mark.parametrize("variant", ["uniform", "belief"])
def test_fair_variants_never_read_hidden_cards(variant: str) -> None:
    searched = 0
    shuffle_rng = random.Random(3)
    positions = [(s, seat) for s, seat in _positions(300, seed=21)
                 if s.phase == Phase.PLAY and s.turn == seat and not s.laid[seat]][:8]
    assert positions
    for state, seat in positions:
        bot = oracle.RolloutSearcher(variant, width=2, rollouts=2, share=1.0, iters=10)
        real = bot.choose(View(state, seat), random.Random(7))
        searched += bot.searched
        for _ in range(2):
            other = _reshuffled(state, seat, shuffle_rng)
            again = oracle.RolloutSearcher(variant, width=2, rollouts=2, share=1.0, iters=10)
            assert again.choose(View(other, seat), random.Random(7)) == real
    assert searched > 0  # the search itself was exercised, not only Hard's own answer


def test_partly_known_hands_are_filled_up_at_random() -> None:
    state, seat = next((s, seat) for s, seat in _positions(60, seed=21)
                       if s.phase == Phase.PLAY and s.turn == seat)
    view = View(state, seat)
    rng = random.Random(5)
    part = {s: state.hands[s][:len(state.hands[s]) // 2] for s in range(4) if s != seat}
    world = oracle.deal_world(view, rng, part)
    assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
    assert world.hands[seat] == state.hands[seat]
    for s, cards in part.items():
        rest = list(world.hands[s])
        for c in cards:
            rest.remove(c)  # every known card is where it is known to be
    everything = sorted(c for s in range(4) if s != seat for c in world.hands[s]) + world.stock
    assert sorted(everything) == sorted(view.unseen())
