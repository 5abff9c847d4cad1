"""The autosave: a listener on the game in progress that writes ``saves/autosave.json`` after
every applied action and, when the game ends, records it in the statistics (once) and retires
the autosave. A failed write is said once and play goes on."""

from __future__ import annotations

import logging
from collections.abc import Callable

from ..i18n import tr
from ..session import Move, Session
from . import progress, saves, stats
from .atomic import backup_path, remove
from .files import reason

log = logging.getLogger("kalooki.autosave")

#: Says something to the player: (message, kind), kind "notice" (queued) or "error".
Notify = Callable[[str, str], None]


class Autosave:
    """Keeps the game in progress on disk (see the module docstring)."""

    def __init__(self, session: Session, notify: Notify, enabled: Callable[[], bool]) -> None:
        self.session = session
        self.notify = notify  # stats messages come as "notice", a failed write as "error"
        self.enabled = enabled
        self.failed = False

    def __call__(self, move: Move | None) -> None:
        """After an applied action (None: the game as it stands, just started or loaded)."""
        if not self.enabled():
            return
        path = saves.saves_dir() / f"{saves.AUTOSAVE}.json"
        try:
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


def resume(**session_kw: object) -> tuple[Session | None, str | None, bool]:
    """At start: the game in progress from the autosave (None when there is none, or it is
    over), a message when the autosave was damaged (it is moved aside), and whether its good
    previous copy can be offered instead."""
    path = saves.saves_dir() / f"{saves.AUTOSAVE}.json"
    saves.clean_temporaries(path.parent)
    try:
        session = saves.load(path, **session_kw)
    except FileNotFoundError:
        return None, None, False
    except saves.BadFile as exc:
        rec = saves.quarantine(exc)
        kept = rec.moved_to.name if rec.moved_to else "-"
        return None, tr("app.autosave_damaged", error=rec.message, kept=kept), rec.backup is not None
    if session.over:
        session.close()
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
