"""The game's log: a rotating file in the user log directory (moves, warnings, crashes), so a
player can send it with a bug report."""

from __future__ import annotations

import logging
import logging.handlers
from pathlib import Path

from .paths import log_dir

LOG_NAME = "kalooki.log"


def setup_logging(level: int = logging.INFO) -> Path | None:
    """Log to ``<log dir>/kalooki.log`` (1 MB, three old copies kept); None if it cannot be written."""
    try:
        path = log_dir() / LOG_NAME
        handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=1_000_000, backupCount=3, encoding="utf-8"
        )
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
