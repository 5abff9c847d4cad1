"""Bot decisions off the GUI thread, so the event loop never waits on a bot, and cancellable
(a new game, quitting)."""

from __future__ import annotations

import random
import threading
from concurrent.futures import Future, ThreadPoolExecutor, wait

from ..engine.actions import Action
from ..engine.view import View
from .base import Bot


class BotWorker:
    """Runs one bot decision at a time on a background thread.

    Give it a view of a *snapshot* (``View(hand.clone(), seat)``) so the game may go on while
    the bot thinks. ``poll()`` returns the decision once it is ready.
    """

    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="kalooki-bot")
        self._future: Future[Action | None] | None = None
        self._bot: Bot | None = None

    def start(self, bot: Bot, view: View, rng: random.Random) -> None:
        """Begin deciding; any decision still running is cancelled first."""
        self.cancel()
        event = getattr(bot, "cancel", None)
        if isinstance(event, threading.Event):
            event.clear()
        self._bot = bot
        self._future = self._pool.submit(bot.choose, view, rng)

    @property
    def busy(self) -> bool:
        """True while a decision is being computed."""
        return self._future is not None and not self._future.done()

    def poll(self, wait_s: float = 0.0) -> tuple[bool, Action | None]:
        """(ready, decision), waiting up to ``wait_s`` seconds for it. A bot that raised re-raises
        here, on the caller's thread."""
        if self._future is not None and wait_s > 0:
            wait([self._future], timeout=wait_s)
        if self._future is None or not self._future.done():
            return False, None
        future, self._future = self._future, None
        return True, future.result()

    def cancel(self) -> None:
        """Stop the running decision as soon as the bot checks (Hard checks every sample)."""
        if self._future is not None:
            event = getattr(self._bot, "cancel", None)
            if isinstance(event, threading.Event):
                event.set()
            self._future.cancel()
            self._future = None

    def shutdown(self) -> None:
        """Cancel and stop the thread (at quit)."""
        self.cancel()
        self._pool.shutdown(wait=True, cancel_futures=True)
