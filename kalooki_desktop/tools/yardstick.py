"""The engine against its best-known peer, in one run: OpenSpiel's gin rummy random self-play from
Python (``pip install -e '.[yardstick]'`` brings ``open_spiel``) and this engine's random whole
games between four ``random`` bots, run alternately so that both meet the same machine and the same
load, best of several runs each, and their ratio. Without ``open_spiel`` the figure is left out
with a note saying how to get it.

OpenSpiel's side is its own turn API used the way its examples do: a chance node's outcome and a
player's action drawn with Python's ``random`` until the game is over, counted per applied action.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
import time
from collections.abc import Callable
from typing import Any

#: How to install the yardstick where it is missing.
NOTE = "open_spiel is not installed: pip install -e '.[yardstick]' to measure the engine against it"

Runner = Callable[[float, int], tuple[int, float]]


def openspiel_actions(seconds: float, seed: int) -> tuple[int, float]:
    """OpenSpiel's gin rummy, random self-play for about ``seconds``: (actions, elapsed)."""
    pyspiel: Any = importlib.import_module("pyspiel")  # an optional extra, imported only when measured
    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
    return actions, time.perf_counter() - start


def available() -> bool:
    """True when ``open_spiel`` can be imported."""
    return importlib.util.find_spec("pyspiel") is not None


def yardstick(seconds: float, runs: int, seed: int, engine: Runner,
              peer: Runner | None = None) -> dict[str, object]:
    """``runs`` rounds, each a run of the peer then one of ``engine`` (``(seconds, seed)`` ->
    ``(actions, elapsed)``): both figures, best and median, and the engine's share of the peer's
    (best to best, median to median); a note instead when the peer is not installed."""
    if peer is None:
        if not available():
            return {"openspiel_gin_rummy": None, "note": NOTE}
        peer = openspiel_actions
    theirs: list[float] = []
    ours: list[float] = []
    for k in range(runs):
        actions, elapsed = peer(seconds, seed + 100 * k)
        theirs.append(actions / elapsed)
        actions, elapsed = engine(seconds, seed + 100 * k)
        ours.append(actions / elapsed)
    theirs.sort()
    ours.sort()
    mid = runs // 2
    return {
        "runs_each": runs,
        "seconds_each": seconds,
        "openspiel_gin_rummy": {"best": round(theirs[-1]), "median": round(theirs[mid])},
        "engine_random_4p": {"best": round(ours[-1]), "median": round(ours[mid])},
        "ratio_best": round(ours[-1] / theirs[-1], 3),
        "ratio_median": round(ours[mid] / theirs[mid], 3),
    }
