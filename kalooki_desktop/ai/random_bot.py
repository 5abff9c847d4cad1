"""The ``random`` bot: uniformly random legal moves, but it lays its contract as soon as it can."""

from __future__ import annotations

import random

from ..engine.actions import Action, Call, Lay, Pass
from ..engine.contract import find_lays
from ..engine.turn import Phase
from ..engine.view import View
from .base import register


@register("random", "jamaican")
class RandomBot:
    """Plays a uniformly random legal action; lays the first contract the finder gives."""

    name = "random"

    def choose(self, view: View, rng: random.Random) -> Action:
        """A random legal decision for the seat."""
        if not view.my_turn:
            if view.may_call and rng.random() < 0.5:
                return Call()
            return Pass()
        if view.phase == Phase.PLAY and not view.laid[view.seat]:
            keep = 0 if view.rules.out_without_discard else 1
            lay = next(find_lays(view.my_hand, view.spec, keep), None)
            if lay is not None:
                return Lay.of(lay)
        return rng.choice(view.legal_actions())
