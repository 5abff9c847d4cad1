"""The game in progress beside the window: the one :class:`.session.Session` being played, its
autosave, and the practice under way. The app (:mod:`..app`) keeps the window, the loop and
the scenes; the scenes reach the game through ``app.host``. No pygame here.
"""

from __future__ import annotations

from collections.abc import Callable

from ..storage import autosave
from ..storage.autosave import Autosave
from ..storage.settings import Settings
from .guide import Guide, guided_session
from .practice import Practice
from .record import GameRecord
from .session import GameSetup, Session

#: Says something to the player: (message, kind); kind "notice" waits its turn.
Notify = Callable[[str, str], None]


class GameHost:
    """The game in progress, its autosave and the practice under way, with the player's
    settings for pace and calls (``settings`` is the app's, read when a game starts)."""

    def __init__(self, settings: Settings, notify: Notify) -> None:
        self.settings = settings
        self.notify = notify
        self.session: Session | None = None
        self.practice: Practice | None = None  # the practice under way (its hands are not the game)
        self.guided: Session | None = None  # the guided first hand on show (not the game either)
        self.guide = Guide()  # its tips and the moments it has shown
        self.threaded_games = True  # computer players and the coach think on their own threads
        self.persist = True  # write autosaves and statistics (the smoke test may turn it off)
        self.offer_backup = False  # the damaged autosave's good previous copy can be restored
        self._autosave: Autosave | None = None

    def set_session(self, session: Session | None) -> None:
        """Start (or drop) the game in progress; the previous one stops thinking. Every action
        applied to it from now on is autosaved (while ``persist``). An unfinished game replaced
        by another is written as it stands first (the staged cards too): the new game's first
        autosave keeps it as "Previous game" (:mod:`..storage.autosave`)."""
        if self.session is not None and self.session is not session:
            if session is not None and not self.session.over:
                self.autosave_now()
            self.session.close()
            if self._autosave is not None and self._autosave in self.session.listeners:
                self.session.listeners.remove(self._autosave)
        if session is not self.session or self._autosave is None:
            self._autosave = None
            if session is not None:
                self._autosave = Autosave(session, self.notify, lambda: self.persist,
                                          threaded=session.threaded)
                session.listeners.append(self._autosave)
        if session is not None:
            session.offer_every_call = self.settings.call_every_card
            session.coach_on = self.settings.coach
        self.session = session

    def new_session(self, setup: GameSetup, *, threaded: bool = True) -> Session:
        """A new game with the player's pace settings, made the game in progress."""
        session = Session(setup, threaded=threaded, speed=self.settings.speed_factor,
                          call_wait_ms=self.settings.call_wait_s * 1000)
        self.set_session(session)
        self.autosave_now()
        return session

    def play_practice(self, seed: int | None = None) -> Session:
        """A hand of :attr:`practice` with the player's pace settings: a new deal, or the deal of
        ``seed`` again. It is not the game in progress (:attr:`session`): that waits."""
        run = self.practice
        assert run is not None, "no practice chosen"
        if run.session is not None:
            run.session.close()
        session = Session(run.setup(seed), threaded=self.threaded_games, speed=self.settings.speed_factor,
                          call_wait_ms=self.settings.call_wait_s * 1000)
        session.offer_every_call = self.settings.call_every_card
        run.session = run.begin(session)
        return session

    def play_guided(self) -> Session:
        """The guided first hand from its start, with the player's animation pace (its Call
        prompt waits until answered). It is not the game in progress (:attr:`session`): that
        waits; nor is it autosaved or counted."""
        if self.guided is not None:
            self.guided.close()
        self.guided = guided_session(threaded=self.threaded_games, speed=self.settings.speed_factor)
        self.guide = Guide()
        self.settings.guide_seen = True
        return self.guided

    def at_table(self, record: GameRecord) -> Session:
        """The game of ``record`` (read from a save) played at the table with the player's pace."""
        return Session.of(record, threaded=self.threaded_games, speed=self.settings.speed_factor,
                          call_wait_ms=self.settings.call_wait_s * 1000)

    def autosave_now(self) -> None:
        """Write the game in progress as it stands (just started or loaded)."""
        if self._autosave is not None:
            self._autosave(None)

    def resume_autosave(self) -> None:
        """At start: pick up the game in progress from the autosave. A damaged autosave is moved
        aside with a message, and its good previous copy offered (:attr:`offer_backup`)."""
        record, message, backup = autosave.resume()
        if message is not None:
            self.notify(message, "notice")
        self.offer_backup = backup
        if record is not None:
            self.set_session(self.at_table(record))

    def restore_backup(self) -> bool:
        """Use the good previous copy of the damaged autosave; True if the game is back."""
        if not self.offer_backup:
            return False
        self.offer_backup = False
        problem = autosave.restore_backup()
        if problem is not None:
            self.notify(problem, "error")
            return False
        self.resume_autosave()
        return self.session is not None

    def close(self) -> None:
        """Leave: the unfinished game is written as it stands (what only the table holds, the
        staged cards, too) and every computer player stops."""
        if self.session is not None and not self.session.over:
            self.autosave_now()
        self.set_session(None)
        if self.practice is not None and self.practice.session is not None:
            self.practice.session.close()
        if self.guided is not None:
            self.guided.close()
