"""The autosave's writer: one thread that hashes and writes the game in progress, so the UI thread
only hands it what a move changed.

After a move the UI thread takes a :class:`Record` (the action list's copy, the names, the staged
cards: a few microseconds); the writer keeps its own copy of the game (:class:`Replica`), brings
it up to date by applying the new actions through the engine, and writes it atomically
(:func:`.saves.save`, :mod:`.atomic`). Records of one game that come faster than the disk are
taken together: the latest one is written, so the file always ends with the game's last move.
Work is done in the order it was asked (a write, then the removal of a finished game's
autosave). :meth:`Writer.flush` waits until everything asked is on disk: before the autosave is
read back, before the game is left, and at the program's exit.
"""

from __future__ import annotations

import atexit
import logging
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine.actions import Action
from ..engine.cards import Card
from ..play.gamesetup import GameSetup
from ..play.record import GameRecord

log = logging.getLogger("kalooki.autosave")

#: How long the program's exit waits at most for the writer to finish (s).
EXIT_WAIT_S = 10.0


@dataclass(frozen=True)
class Record:
    """What the writer needs of the game at one moment, taken on the UI thread: the game's
    setup, the exact deal it began from, its id, the names at the table, the staged cards and
    the action list (a copy: the game goes on)."""

    setup: GameSetup
    scenario: dict[str, Any] | None
    game_id: str
    names: tuple[str, ...]
    staging: tuple[int, tuple[tuple[Card, ...], ...]]
    actions: tuple[tuple[int, Action], ...]

    @classmethod
    def of(cls, session: GameRecord) -> Record:
        """The record of ``session`` as it stands."""
        scenario = dict(session.scenario) if session.scenario is not None else None
        return cls(session.setup, scenario, session.game_id, tuple(session.names), session.staging,
                   tuple(session.match.actions))


class Replica:
    """The writer's own copy of a game: a game without threads, begun as the recorded one began
    and kept level with it by applying the actions it has not applied yet."""

    def __init__(self) -> None:
        self.session: GameRecord | None = None

    def level_with(self, record: Record) -> GameRecord:
        """The copy brought to ``record``'s moment (begun afresh for another game, or when the
        record is not a continuation of what it applied)."""
        s = self.session
        done = len(s.match.actions) if s is not None else 0
        if s is None or s.game_id != record.game_id or done > len(record.actions) \
                or (done and s.match.actions[done - 1] != record.actions[done - 1]):
            s = self.session = _begun(record)
            done = 0
        for seat, action in record.actions[done:]:
            s.match.apply(seat, action)
        s.names, s.staging = list(record.names), record.staging
        return s

    def close(self) -> None:
        self.session = None


def _begun(record: Record) -> GameRecord:
    """The recorded game as it began, before any action."""
    scenario = record.scenario
    begun = GameRecord.from_scenario(scenario) if scenario is not None else GameRecord(record.setup)
    begun.game_id = record.game_id
    return begun


@dataclass
class _Job:
    key: object  # jobs of one key that follow each other are taken together: the last is done
    run: Callable[[], None]


class Writer:
    """One thread doing the autosave's work in order (see the module docstring)."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._jobs: deque[_Job] = deque()
        self._busy = False
        self._thread: threading.Thread | None = None

    def put(self, run: Callable[[], None], key: object = None) -> None:
        """Have ``run`` done on the writer's thread after everything asked before it; a job of
        the same ``key`` (not None) still waiting is replaced by this one."""
        with self._cond:
            if key is not None and self._jobs and self._jobs[-1].key == key:
                self._jobs[-1] = _Job(key, run)
            else:
                self._jobs.append(_Job(key, run))
            if self._thread is None:
                self._thread = threading.Thread(target=self._work, name="kalooki-autosave", daemon=True)
                self._thread.start()
                atexit.register(self.flush, EXIT_WAIT_S)
            self._cond.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until everything asked is done (at most ``timeout`` seconds); True if it is."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._jobs and not self._busy, timeout)

    def _work(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: bool(self._jobs))
                job = self._jobs.popleft()
                self._busy = True
            try:
                job.run()
            except Exception:  # (a bug must not stop every later save)
                log.exception("the autosave's writer failed")
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()


#: The one writer of the autosave: every game's writes, in order.
WRITER = Writer()
