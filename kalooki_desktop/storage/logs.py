"""The game's log: a rotating file in the user log directory (moves, warnings, crashes), so a
player can send it with a bug report.

The log is opened without following a link: a link, a folder or a pipe where the log belongs is
moved aside (``kalooki.log.corrupt-<time>``) and a fresh log started, so the game never appends
to a file it does not own. A log that cannot be written (a full disk) is said once, in one line
on stderr, and play goes on without it."""

from __future__ import annotations

import contextlib
import io
import logging
import logging.handlers
import os
import stat
import sys
from pathlib import Path

from .atomic import move_aside
from .paths import log_dir

LOG_NAME = "kalooki.log"

_OPEN = (os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
         | getattr(os, "O_BINARY", 0))


def open_log(path: Path, encoding: str | None, errors: str | None = None) -> io.TextIOWrapper:
    """``path`` opened for appending, never through a link; whatever else stands there (a link,
    a folder, a pipe) is moved aside first. OSError when it cannot be opened."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode):
        move_aside(path)
    fd = os.open(path, _OPEN, 0o644)  # a link planted meanwhile: refused (ELOOP), never followed
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(f"{path.name} is not a file")
        return open(fd, "a", encoding=encoding, errors=errors)  # the handler keeps it
    except BaseException:
        os.close(fd)
        raise


class LogHandler(logging.handlers.RotatingFileHandler):
    """The log file (see the module docstring): opened by :func:`open_log`, and a failed write
    said once in one plain line instead of a traceback for every message."""

    failed = False

    def _open(self) -> io.TextIOWrapper:
        return open_log(Path(self.baseFilename), self.encoding, self.errors)

    def handleError(self, record: logging.LogRecord) -> None:  # logging's name
        if self.failed:
            return
        self.failed = True
        from ..i18n import tr
        from .files import reason

        error = sys.exc_info()[1]
        why = reason(error) if isinstance(error, OSError) else type(error).__name__
        with contextlib.suppress(OSError, ValueError, AttributeError):  # (no stderr either)
            sys.stderr.write(tr("log.failed", path=self.baseFilename, error=why) + "\n")


def setup_logging(level: int = logging.INFO) -> Path | None:
    """Log to ``<log dir>/kalooki.log`` (1 MB, three old copies kept); None if it cannot be written."""
    try:
        path = log_dir() / LOG_NAME
        handler = LogHandler(path, maxBytes=1_000_000, backupCount=3, encoding="utf-8")
    except OSError:
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger("kalooki")
    root.setLevel(level)
    for old in list(root.handlers):
        if isinstance(old, logging.handlers.RotatingFileHandler):
            root.removeHandler(old)
            old.close()
    root.addHandler(handler)
    return path
