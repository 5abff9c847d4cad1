"""The bot protocol, the registry of bots by level name, and playing a hand or a match out by
bots through the engine's turn API (:meth:`.engine.hand.HandState.pending`)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Protocol

from ..engine.actions import Action
from ..engine.hand import HandState
from ..engine.match import Match
from ..engine.turn import Phase
from ..engine.view import View


class Bot(Protocol):
    """A computer player. ``choose`` sees only the seat's view and answers the decision the
    game waits for from it (:meth:`.engine.hand.HandState.pending`): at a call decision
    ``Call()`` or ``Pass()``; at its turn a pluck, an answer to a call, or a play."""

    name: str

    def choose(self, view: View, rng: random.Random) -> Action:
        """The seat's decision."""
        ...


BOTS: dict[str, Callable[[], Bot]] = {}
#: A playout longer than this many actions is abandoned (scored as a void hand).
MAX_PLAYOUT_ACTIONS = 5_000
#: The safety stop of a search by playouts (Hard's hold search, the coach's estimate), in
#: seconds: its budget is a number of worlds, whatever the machine's speed or load, so a seed
#: and the moves replay every choice; only a search still going this long after it began (far
#: above its normal cost, ``docs/ai.md``: a machine stalled, not merely busy) starts no further
#: world, and decides on the worlds it has played.
SAFETY_S = 20.0


def register(name: str) -> Callable[[Callable[[], Bot]], Callable[[], Bot]]:
    """Class decorator: make a bot available under ``name``."""

    def wrap(factory: Callable[[], Bot]) -> Callable[[], Bot]:
        BOTS[name] = factory
        return factory

    return wrap


def make_bot(name: str) -> Bot:
    """A new bot of the level ``name`` (``random``, ...)."""
    try:
        return BOTS[name.strip().lower()]()
    except KeyError:
        known = ", ".join(sorted(BOTS))
        raise ValueError(f"unknown bot {name!r} (known: {known})") from None


def next_decision(
    match: Match,
    bots: Sequence[Bot],
    rng: random.Random,
    timings: list[list[float]] | None = None,
) -> tuple[int, Action]:
    """The next (seat, action) of a game played by ``bots`` (one per seat): the seat the game
    waits for, and its bot's answer. With ``timings``, each decision's milliseconds are
    appended to ``timings[seat]``."""
    pending = match.pending()
    if pending is None:
        raise RuntimeError("the game is over: no decision is pending")
    seat = pending[0]
    if timings is None:
        return seat, bots[seat].choose(match.view(seat), rng)
    t0 = time.perf_counter()
    action = bots[seat].choose(match.view(seat), rng)
    timings[seat].append((time.perf_counter() - t0) * 1000)
    return seat, action


def play_out(state: HandState, bots: Sequence[Bot], rng: random.Random, totals: Sequence[int]) -> bool:
    """Play ``state`` to the end of the hand, every seat by its bot. False if it stopped first,
    after :data:`MAX_PLAYOUT_ACTIONS` actions. The clock plays no part: a playout is the same on
    any machine."""
    for _ in range(MAX_PLAYOUT_ACTIONS):
        pending = state.pending()
        if pending is None:
            return True
        seat = pending[0]
        state.apply(seat, bots[seat].choose(View(state, seat, totals), rng))
    return state.phase == Phase.OVER


def past_safety(began: float) -> bool:
    """True when a search that began at ``began`` (a ``time.perf_counter`` time) has run past
    its safety stop (:data:`SAFETY_S`)."""
    return time.perf_counter() - began > SAFETY_S


def outcome(state: HandState, seat: int) -> float:
    """The seat's hand score minus the others' mean (0 for a void or abandoned hand)."""
    if state.phase != Phase.OVER or state.scores is None or state.void:
        return 0.0
    others = [s for i, s in enumerate(state.scores) if i != seat]
    return state.scores[seat] - sum(others) / len(others)
