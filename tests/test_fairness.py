"""Every computer player of both rule systems decides from its seat's view alone, through the one
view type (:class:`kalooki_desktop.engine.seatview.SeatView`): dealing what the seat cannot see
differently (the other hands and the stock) never changes a decision."""

from __future__ import annotations

import random
from typing import Any

import pytest

from kalooki_desktop.ai.base import BOTS, make_bot
from kalooki_desktop.ai.hard import HardBot, HardConfig
from kalooki_desktop.engine.cards import parse_cards
from kalooki_desktop.engine.game import Game
from kalooki_desktop.engine.seatview import SeatView
from kalooki_desktop.engine.systems import SYSTEMS, system_of

PRESETS = {"jamaican": "jamaican", "british": "british40"}
CASES = [*sorted(BOTS), ("jamaican", "tutor")]  # the guided hand's tutor with its script too


def _bot(system: str, level: str) -> Any:
    if (system, level) == ("jamaican", "hard"):
        return HardBot(HardConfig(worlds=6))  # a budget of worlds: the same choice on any machine
    if level == "tutor":
        from kalooki_desktop.ai.tutor import TutorBot

        return TutorBot(parse_cards("7H 8S KD"), parse_cards("8S 9C QH"))
    return make_bot(level, system)


def _positions(system: str, count: int, seed: int) -> list[tuple[Game, int]]:
    """Copies of a real game of Normals at the moments a seat decides, every few actions."""
    preset = PRESETS[system]
    rules = SYSTEMS[system].rules(preset, ())
    game = system_of(preset).new_game(rules, 4, seed)
    bots = [make_bot("normal", system) for _ in range(4)]
    rng = random.Random(seed)
    out: list[tuple[Game, int]] = []
    step = 0
    while len(out) < count and not game.over:
        pending = game.pending()
        assert pending is not None
        seat = pending[0]
        if step % 5 == 0:
            out.append((game.clone(), seat))
        game.apply(seat, bots[seat].choose(game.view(seat), rng))
        step += 1
    return out


def _reshuffled(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of ``game`` with every card ``seat`` cannot see dealt differently."""
    other = game.clone()
    h = other.hand
    hidden = [c for s, cards in enumerate(h.hands) if s != seat for c in cards] + list(h.stock)
    rng.shuffle(hidden)
    for s in range(h.players):
        if s != seat:
            n = len(h.hands[s])
            h.hands[s], hidden = hidden[:n], hidden[n:]
    h.stock = hidden
    return other


@pytest.mark.parametrize(("system", "level"), CASES, ids=[f"{s}-{lv}" for s, lv in CASES])
def test_hidden_cards_never_change_a_decision(system: str, level: str) -> None:
    shuffle = random.Random(31)
    positions = _positions(system, 12 if level == "hard" else 40, seed=7)
    assert positions
    for game, seat in positions:
        view = game.view(seat)
        assert isinstance(view, SeatView) and view.system == system
        real = _bot(system, level).choose(view, random.Random(5))
        for _ in range(2):
            other = _reshuffled(game, seat, shuffle)
            assert other.hand.hands[seat] == game.hand.hands[seat]
            seen = _bot(system, level).choose(other.view(seat), random.Random(5))
            assert seen == real, (system, level, seat, str(real), str(seen))
