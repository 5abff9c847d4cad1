"""The autosave: a listener on the game in progress that writes ``saves/autosave.json`` after
every applied action and, when the game ends, records it in the statistics (once) and retires
the autosave. A failed write is said once and play goes on.

The autosave holds one game. When a new or loaded game takes its place, the unfinished game on
disk is first kept as the named save "Previous game" (:func:`keep_previous`, replacing the one
kept before: one game is kept, the last one left), and the autosave's ``.bak`` is removed with
it, so that the ``.bak`` is only ever the previous copy of the autosave's own game.
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

log = logging.getLogger("kalooki.autosave")

#: Says something to the player: (message, kind), kind "notice" (queued) or "error".
Notify = Callable[[str, str], None]


class Autosave:
    """Keeps the game in progress on disk (see the module docstring)."""

    def __init__(self, session: GameRecord, notify: Notify, enabled: Callable[[], bool]) -> None:
        self.session = session
        self.notify = notify  # stats messages come as "notice", a failed write as "error"
        self.enabled = enabled
        self.failed = False
        self.on_disk: str | None = None  # this game's id once the autosave file is known to be its own

    def __call__(self, move: Move | None) -> None:
        """After an applied action (None: the game as it stands, just started or loaded)."""
        if not self.enabled():
            return
        path = saves.saves_dir() / f"{saves.AUTOSAVE}.json"
        try:
            if self.on_disk != self.session.game_id:  # another game's autosave is kept first
                self.take_over(path)
                self.on_disk = self.session.game_id
            if move is not None and move.result is not None and not move.result.void:
                for message in progress.record_hand(self.session):  # the contract's progress
                    self.notify(message, "notice")
            if move is not None and move.game_over:
                for message in stats.record_game(self.session):
                    self.notify(message, "notice")
                for p in (path, backup_path(path)):
                    remove(p)  # counted once even if this is never reached
                return
            saves.save(self.session, path)
            self.failed = False
        except OSError as exc:
            if not self.failed:  # say it once (and log it in one line), keep playing
                self.failed = True
                log.warning("the autosave cannot be written: %s", reason(exc))
                self.notify(tr("app.autosave_failed", error=reason(exc)), "error")

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
    try:
        saves.use_backup(path)
    except saves.BadFile as exc:
        return str(exc)
    except OSError as exc:
        return tr("app.backup_failed", error=reason(exc))
    return None
