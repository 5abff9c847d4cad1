"""The bot protocol, the one registry of bots by rule system and level, and playing a hand or a
match out by bots through the engine's turn API (:meth:`.engine.hand.HandState.pending`)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from ..engine.actions import Action
from ..engine.hand import HandState
from ..engine.turn import Decision, Phase
from ..engine.view import View

ViewT = TypeVar("ViewT", contravariant=True)


class Player(Protocol[ViewT]):
    """A computer player of one rule system. ``choose`` sees only the seat's view (of that
    system's game) and answers the decision the game waits for from it
    (:meth:`.engine.hand.HandState.pending`): at a call decision ``Call()`` or ``Pass()``; at its
    turn a pluck, an answer to a call, or a play."""

    name: str

    def choose(self, view: ViewT, rng: random.Random) -> Action:
        """The seat's decision."""
        ...


#: A computer player of the Jamaican game.
Bot = Player[View]
#: The rule systems a bot may play: the key each game's rules carry (``play/games.py``).
SYSTEMS = ("jamaican", "british")
#: Every bot by (rule system, level): filled by :func:`register` as each module of
#: :mod:`kalooki_desktop.ai` is imported.
BOTS: dict[tuple[str, str], Callable[[], Player[Any]]] = {}
#: A playout longer than this many actions is abandoned (scored as a void hand).
MAX_PLAYOUT_ACTIONS = 5_000
#: The safety stop of a search by playouts (Hard's hold search, the coach's estimate), in
#: seconds: its budget is a number of worlds, whatever the machine's speed or load, so a seed
#: and the moves replay every choice; only a search still going this long after it began (far
#: above its normal cost, ``docs/ai.md``: a machine stalled, not merely busy) starts no further
#: world, and decides on the worlds it has played.
SAFETY_S = 20.0

MakerT = TypeVar("MakerT", bound=Callable[[], Player[Any]])


def register(level: str, *systems: str) -> Callable[[MakerT], MakerT]:
    """Class (or factory) decorator: the bot of ``level`` for each rule system of ``systems``,
    at least one (``@register("normal", "jamaican")``). Raises ValueError for an unknown system
    or a level a system already has."""
    if not systems:
        raise ValueError(f"register {level!r} with the rule systems it plays ({', '.join(SYSTEMS)})")
    for system in systems:
        _known_system(system)

    def wrap(maker: MakerT) -> MakerT:
        for system in systems:
            if (system, level) in BOTS:
                raise ValueError(f"{level} is already registered for {system}")
            BOTS[system, level] = maker
        return maker

    return wrap


def levels(system: str) -> list[str]:
    """The levels ``system`` has a bot of, sorted."""
    _known_system(system)
    return sorted(level for s, level in BOTS if s == system)


def make_bot(level: str, system: str) -> Player[Any]:
    """A new bot of ``level`` (``random``, ``normal`` ...) for the rule system ``system``
    (:data:`SYSTEMS`); ValueError names what is missing: an unknown level, an unknown system,
    or a level the system has no bot of (with the systems that level plays)."""
    name = level.strip().lower()
    maker = BOTS.get((_known_system(system), name))
    if maker is not None:
        return maker()
    plays = sorted(s for s, lv in BOTS if lv == name)
    if not plays:
        known = ", ".join(sorted({lv for _, lv in BOTS}))
        raise ValueError(f"unknown bot {level!r} (known: {known})")
    raise ValueError(f"no {name} bot plays {system}: {name} plays {', '.join(plays)} only "
                     f"({system} has {', '.join(levels(system))})")


def _known_system(system: str) -> str:
    if system not in SYSTEMS:
        raise ValueError(f"unknown rule system {system!r} (known: {', '.join(sorted(SYSTEMS))})")
    return system


class Table(Protocol):
    """What :func:`next_decision` asks of a game of either rule system."""

    def pending(self) -> Decision | None:
        """The decision the game waits for, or None when it is over."""
        ...

    def view(self, seat: int) -> Any:
        """What ``seat`` may know now."""
        ...


def next_decision(
    match: Table,
    bots: Sequence[Player[Any]],
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
