"""The autosave: a listener on the game in progress that writes ``saves/autosave.json`` after
every applied action and, when the game ends, records it in the statistics (once) and retires
the autosave. A failed write is said once and play goes on.

The autosave holds one game. When a new or loaded game takes its place, the unfinished game on
disk is first kept as the named save "Previous game" (:func:`keep_previous`, replacing the one
kept before: one game is kept, the last one left), and the autosave's ``.bak`` is removed with
it, so that the ``.bak`` is only ever the previous copy of the autosave's own game.

The hashing and writing leave the UI thread (:mod:`.writer`): after a move the listener hands
the writer a record of the game (a copy of its action list), and the writer's own copy of the
game is brought level and written atomically. It always writes the latest state, so no move is
lost; a kill at any moment leaves the last complete write (or the one under way) whole, as a
write on the UI thread would. Everything that reads the autosave back, leaves the game or ends
the program waits for the writer first (:meth:`Autosave.flush`). A failed write is said at the
next move. A game without threads (headless runs, the tests) is written at once.
"""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..i18n import tr
from ..play.record import GameRecord, Move
from . import progress, saves, stats
from .atomic import backup_path, remove, write_atomic
from .files import read_bytes, reason
from .writer import WRITER, Record, Replica

log = logging.getLogger("kalooki.autosave")

#: Says something to the player: (message, kind), kind "notice" (queued) or "error".
Notify = Callable[[str, str], None]


class Autosave:
    """Keeps the game in progress on disk (see the module docstring)."""

    def __init__(self, session: GameRecord, notify: Notify, enabled: Callable[[], bool], *,
                 threaded: bool = False) -> None:
        self.session = session
        self.notify = notify  # stats messages come as "notice", a failed write as "error"
        self.enabled = enabled
        self.failed = False
        self.on_disk: str | None = None  # this game's id once the autosave file is known to be its own
        self.threaded = threaded  # written on the writer's thread (else at once)
        self._replica = Replica()  # the writer's own copy of the game
        self._outcome: OSError | str = ""  # the writer's news: "" none, "ok" a good write, or the error

    def __call__(self, move: Move | None) -> None:
        """After an applied action (None: the game as it stands, just started or loaded)."""
        if not self.enabled():
            return
        path = saves.saves_dir() / f"{saves.AUTOSAVE}.json"
        self.report()
        try:
            if self.on_disk != self.session.game_id:  # another game's autosave is kept first
                self.flush()  # (what is still being written of the game before this one)
                self.take_over(path)
                self.on_disk = self.session.game_id
            if move is not None and move.result is not None and not move.result.void:
                for message in progress.record_hand(self.session):  # the contract's progress
                    self.notify(message, "notice")
            if move is not None and move.game_over:
                for message in stats.record_game(self.session):
                    self.notify(message, "notice")
                self._do(lambda: self._retire(path))  # counted once even if this is never reached
                return
            record = Record.of(self.session)
            self._do(lambda: self._write(record, path), self)
            if move is None:  # a settled moment (a game begun, loaded or left): on disk before going on
                self.flush()
        except OSError as exc:
            self._failed(exc)

    def _do(self, run: Callable[[], None], key: object = None) -> None:
        """Have ``run`` done by the writer (at once for a game without threads)."""
        if self.threaded:
            WRITER.put(run, key)
        else:
            run()
            self.report()

    def _write(self, record: Record, path: Path) -> None:
        """On the writer's thread: the game at ``record``'s moment, written."""
        try:
            saves.save(self._replica.level_with(record), path)
            self._outcome = "ok"
        except OSError as exc:
            self._outcome = exc

    def _retire(self, path: Path) -> None:
        """On the writer's thread: the finished game's autosave goes."""
        self._replica.close()
        try:
            for p in (path, backup_path(path)):
                remove(p)
        except OSError as exc:  # (a folder that cannot be moved aside)
            self._outcome = exc

    def report(self) -> None:
        """Say a failed write of the writer's once (and log it in one line); a good one ends that."""
        outcome, self._outcome = self._outcome, ""
        if isinstance(outcome, OSError):
            self._failed(outcome)
        elif outcome == "ok":
            self.failed = False

    def _failed(self, exc: OSError) -> None:
        if not self.failed:  # say it once (and log it in one line), keep playing
            self.failed = True
            log.warning("the autosave cannot be written: %s", reason(exc))
            self.notify(tr("app.autosave_failed", error=reason(exc)), "error")

    def flush(self) -> None:
        """Wait until the writer has put everything asked on disk (and say how it went)."""
        WRITER.flush()
        self.report()

    def take_over(self, path: Path) -> None:
        """Before this game's first autosave: another unfinished game in the autosave is kept as
        "Previous game", then the autosave and its ``.bak`` make way."""
        doc = self.game_on_disk(path)
        if doc is None or saves.game_id(doc) == self.session.game_id:
            return  # nothing there, or this game's own autosave (its .bak stays its previous copy)
        if not doc["snapshot"]["over"]:
            keep_previous(doc)
        for p in (backup_path(path), path):
            remove(p)

    def game_on_disk(self, path: Path) -> dict[str, Any] | None:
        """The checked document of the autosave at ``path``, None when there is none. A damaged
        autosave is moved aside, saying so, and its good previous copy stands for it."""
        try:
            return saves.parse(read_bytes(path), path)
        except FileNotFoundError:
            return None
        except saves.BadFile as exc:
            rec = saves.quarantine(exc)
            kept = rec.moved_to.name if rec.moved_to else "-"
            self.notify(tr("load.damaged", error=rec.message, kept=kept), "notice")
            if rec.backup is not None:
                with contextlib.suppress(FileNotFoundError, saves.BadFile):
                    return saves.parse(read_bytes(rec.backup), rec.backup)
            return None


def previous_game_path() -> Path:
    """The named save that keeps the last game left for another ("Previous game")."""
    return saves.save_path(tr("save.previous_game"))


def keep_previous(doc: dict[str, Any]) -> None:
    """Write the checked save document ``doc`` as the save "Previous game" (the game kept there
    before stays as its ``.bak``)."""
    kept = {**doc, "name": tr("save.previous_game")}
    kept["checksum"] = saves.checksum(kept)
    write_atomic(previous_game_path(), json.dumps(kept, ensure_ascii=False, separators=(",", ":")).encode())


def kept_game_id() -> str | None:
    """The id of the game kept as "Previous game" (None when there is none or it cannot be read)."""
    try:
        doc = saves.parse(read_bytes(previous_game_path()), previous_game_path())
    except (OSError, ValueError, saves.BadFile):
        return None
    return saves.game_id(doc)


def resume() -> tuple[GameRecord | None, str | None, bool]:
    """At start: the game in progress from the autosave (None when there is none, or it is
    over), a message when the autosave was damaged (it is moved aside), and whether its good
    previous copy can be offered instead."""
    path = saves.saves_dir() / f"{saves.AUTOSAVE}.json"
    WRITER.flush()  # (what is still being written is read back whole)
    saves.clean_temporaries(path.parent)
    try:
        session = saves.load(path)
    except FileNotFoundError:
        return None, None, False
    except saves.BadFile as exc:
        rec = saves.quarantine(exc)
        kept = rec.moved_to.name if rec.moved_to else "-"
        return None, tr("app.autosave_damaged", error=rec.message, kept=kept), rec.backup is not None
    if session.over:
        return None, None, False
    return session, None, False


def restore_backup() -> str | None:
    """Put the good previous copy of the damaged autosave in its place; None, or why not."""
    path = saves.saves_dir() / f"{saves.AUTOSAVE}.json"
    WRITER.flush()
    try:
        saves.use_backup(path)
    except saves.BadFile as exc:
        return str(exc)
    except OSError as exc:
        return tr("app.backup_failed", error=reason(exc))
    return None
