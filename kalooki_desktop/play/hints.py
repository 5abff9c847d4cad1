"""The hint at the table: the strongest advice the game has for the player (the Hard player's
choice from the player's own view, and why), thought out on a thread of its own as the computer
players' decisions are, so the table never waits for it.

Asking starts the thinking from a copy of the player's view (the game goes on meanwhile); the
table polls :meth:`Hints.ready` every frame and shows the hint once it is there. A hint belongs to
the position it was asked in: once a move is made (by anybody) the hint under way is dropped and
its search told to stop. A hint is thought out once a position: asking again shows the same one.
The same position gives the same hint on any machine: the search spends a budget of worlds, not
of time (:mod:`.ai.advice`). Without a thread (headless runs) it is worked out at once.
"""

from __future__ import annotations

import random
import threading
from concurrent.futures import Future, ThreadPoolExecutor

from ..ai.advice import Advice
from .session import HUMAN, Session


class Hints:
    """The player's hint for the position on show (see the module docstring)."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self._pool: ThreadPoolExecutor | None = None
        self._job: tuple[int, Future[Advice], threading.Event] | None = None
        self._done: tuple[int, Advice] | None = None

    def ask(self) -> bool:
        """Begin thinking out the hint for the position now, unless it is known or under way
        already. False when nothing is asked of the player (no hint then)."""
        s = self.session
        if s.prompt() is None:
            return False
        key = s.version
        known = self._done is not None and self._done[0] == key
        if known or (self._job is not None and self._job[0] == key):
            return True
        self.cancel()
        view = s.game.thinking_view(s.match, HUMAN)  # a copy: the game may go on while it thinks
        rng = random.Random(key)  # as Session.advice(): the same hint, asked either way
        if not s.threaded:
            self._done = (key, s.game.advise_view(view, rng))
            return True
        if self._pool is None:
            self._pool = ThreadPoolExecutor(1, "kalooki-hint")
        stop = threading.Event()
        self._job = (key, self._pool.submit(s.game.advise_view, view, rng, stop), stop)
        return True

    def ready(self) -> Advice | None:
        """The hint for the position now once it is thought out; None while it is, or when it was
        not asked for this position. A hint under way for a position left behind is dropped."""
        key = self.session.version
        if self._job is not None:
            asked, job, _ = self._job
            if asked != key:
                self.cancel()
            elif job.done():
                self._job = None
                self._done = (asked, job.result())
        if self._done is not None and self._done[0] == key:
            return self._done[1]
        return None

    def forget(self) -> None:
        """Drop the hint known for the position now, so the next ask thinks it out afresh (the
        frame benchmark asks again and again at one position)."""
        self.cancel()
        self._done = None

    def cancel(self) -> None:
        """Drop the hint under way and tell its search to stop."""
        if self._job is not None:
            _, job, stop = self._job
            stop.set()
            job.cancel()
            self._job = None

    def close(self) -> None:
        """Cancel, and let the thread go (the table is left)."""
        self.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
