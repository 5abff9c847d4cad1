"""The bot protocol and the registry of bots by level name."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Protocol

from ..engine.actions import Action, Call
from ..engine.hand import HandState, Phase
from ..engine.match import Match
from ..engine.view import View


class Bot(Protocol):
    """A computer player. ``choose`` sees only the seat's view.

    When the game waits for the seat's turn it returns an action. When the seat may only call
    a fresh discard it returns ``Call()`` or None (let the card go).
    """

    name: str

    def choose(self, view: View, rng: random.Random) -> Action | None:
        """The seat's decision."""
        ...


BOTS: dict[str, Callable[[], Bot]] = {}
#: A playout longer than this many actions is abandoned (scored as a void hand).
MAX_PLAYOUT_ACTIONS = 5_000


def register(name: str) -> Callable[[Callable[[], Bot]], Callable[[], Bot]]:
    """Class decorator: make a bot available under ``name``."""

    def wrap(factory: Callable[[], Bot]) -> Callable[[], Bot]:
        BOTS[name] = factory
        return factory

    return wrap


def make_bot(name: str) -> Bot:
    """A new bot of the level ``name`` (``random``, ...)."""
    from . import greedy, hard, normal, random_bot  # noqa: F401  (they register themselves)

    try:
        return BOTS[name.strip().lower()]()
    except KeyError:
        known = ", ".join(sorted(BOTS))
        raise ValueError(f"unknown bot {name!r} (known: {known})") from None


def next_in_hand(
    hand: HandState,
    decide: Callable[[int, bool], Action | None],
    skip_caller: int | None = None,
) -> tuple[int, Action]:
    """The next (seat, action) of a hand, ``decide(seat, calling)`` answering for each seat.

    Every seat that may call the fresh discard is asked first, in J-5.2 order (the first caller
    wins; ``skip_caller`` is not asked: it has let the card go); then the seat to act.
    """
    for caller in hand.eligible_callers():
        if caller != skip_caller and decide(caller, True) is not None:
            return caller, Call()
    seat = hand.turn
    action = decide(seat, False)
    if action is None:
        raise RuntimeError(f"the bot at seat {seat} gave no action when it had to act")
    return seat, action


def next_decision(
    match: Match,
    bots: Sequence[Bot],
    rng: random.Random,
    timings: list[list[float]] | None = None,
) -> tuple[int, Action]:
    """The next (seat, action) of a game played by ``bots`` (one per seat), as
    :func:`next_in_hand` asks them. With ``timings``, each decision's milliseconds are appended
    to ``timings[seat]``.
    """

    def decide(seat: int, calling: bool) -> Action | None:
        if timings is None:
            return bots[seat].choose(match.view(seat), rng)
        t0 = time.perf_counter()
        action = bots[seat].choose(match.view(seat), rng)
        timings[seat].append((time.perf_counter() - t0) * 1000)
        return action

    return next_in_hand(match.hand, decide)


def play_out(state: HandState, bots: Sequence[Bot], rng: random.Random, totals: Sequence[int],
             skip_caller: int | None = None, deadline: float | None = None,
             longest: list[float] | None = None) -> bool:
    """Play ``state`` to the end of the hand, every seat by its bot (``skip_caller`` does not
    call the discard now waiting: it let that card go). False if it stopped first: after
    :data:`MAX_PLAYOUT_ACTIONS` actions, or at ``deadline`` (a ``time.perf_counter`` time): it
    starts no action that the longest so far says would end after it (one action of a big hand,
    a holder's lay search with jokers, took up to about 200 ms). ``longest``: a search's running
    estimate of that longest action, ``[seconds]``, read and kept up to date here, so that the
    search's later playouts start from it rather than from nothing."""
    slowest = longest if longest is not None else [0.0]
    for _ in range(MAX_PLAYOUT_ACTIONS):
        if state.phase == Phase.OVER:
            return True
        began = time.perf_counter()
        if deadline is not None and began + slowest[0] > deadline:
            return False
        state.apply(*next_in_hand(
            state, lambda seat, calling: bots[seat].choose(View(state, seat, totals), rng),
            skip_caller))
        skip_caller = None
        slowest[0] = max(slowest[0], time.perf_counter() - began)
    return state.phase == Phase.OVER


def outcome(state: HandState, seat: int) -> float:
    """The seat's hand score minus the others' mean (0 for a void or abandoned hand)."""
    if state.phase != Phase.OVER or state.scores is None or state.void:
        return 0.0
    others = [s for i, s in enumerate(state.scores) if i != seat]
    return state.scores[seat] - sum(others) / len(others)
