"""The coach as a service of the table: each of the player's decisions is weighed against the
advice on the coach's own thread, from a copy of the player's view taken before the decision is
applied (:mod:`..ai.coach`: a budget of worlds, so the note is the one the review gives too). A
decision whose weighing has not begun when the next one comes is dropped: its note could no
longer be shown with it, and the review weighs it. Without a thread (headless runs) a decision
is weighed at once. No pygame here.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection
from concurrent.futures import Future, ThreadPoolExecutor

from ..ai.coach import Note
from ..engine.actions import Action
from ..engine.seatview import SeatView

#: Weighs one decision: (the player's view before it, the decision, random numbers) -> the note
#: (None: the game has no coach).
Weigh = Callable[[SeatView, Action, random.Random], Note | None]


class CoachService:
    """Notes on the player's decisions, kept in ``notes`` (by the index of the decision's
    action) as they finish; ``threaded`` weighs them on a thread of the coach's own."""

    def __init__(self, notes: dict[int, Note], *, threaded: bool) -> None:
        self.notes = notes
        self._pool = ThreadPoolExecutor(1, "kalooki-coach") if threaded else None
        self._jobs: list[tuple[int, Future[Note | None]]] = []
        self._fresh: list[tuple[int, Note]] = []

    def weigh(self, weigh: Weigh, view: SeatView, action: Action, index: int) -> None:
        """Weigh ``action``, the decision of action number ``index``, from ``view`` (a copy the
        game's moves cannot change)."""
        rng = random.Random(index)
        if self._pool is None:
            self._keep(index, weigh(view, action, rng))
            return
        for _, older in self._jobs:
            older.cancel()  # a job not yet begun is dropped; one under way finishes
        self._jobs.append((index, self._pool.submit(weigh, view, action, rng)))

    def _keep(self, index: int, note: Note | None) -> None:
        """Keep a finished note, unless the safety stop left the coach no world to measure a
        choice that differs from the advice: a note that measured nothing says nothing."""
        if note is None or (note.estimate.worlds == 0 and note.chosen != note.advice.action):
            return
        self.notes[index] = note
        self._fresh.append((index, note))

    def collect(self) -> dict[int, Note]:
        """Every note finished so far (those finished since the last call taken in)."""
        while self._jobs and self._jobs[0][1].done():
            index, job = self._jobs.pop(0)
            if not job.cancelled():
                self._keep(index, job.result())
        return self.notes

    def fresh(self) -> list[tuple[int, Note]]:
        """The notes finished since the last call, in the order of the decisions."""
        self.collect()
        fresh, self._fresh = self._fresh, []
        return fresh

    def pending(self) -> int:
        """How many decisions are still being weighed or wait for it."""
        return len(self._jobs)

    def forget(self, gone: Collection[int]) -> None:
        """Decisions that are no longer (a take back returned them): their notes go, those still
        being weighed too."""
        for index, job in self._jobs:
            if index in gone:
                job.cancel()
        self._jobs = [(i, job) for i, job in self._jobs if i not in gone]
        self._fresh = [(i, note) for i, note in self._fresh if i not in gone]
        for index in [i for i in self.notes if i in gone]:
            del self.notes[index]

    def close(self) -> None:
        """Stop: decisions not yet weighed are dropped."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
