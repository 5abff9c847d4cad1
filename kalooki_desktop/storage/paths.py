"""The folders the game writes to: ``--data-dir`` or ``KALOOKI_DATA_DIR`` when given (tests,
portable installs), else the user data directory from platformdirs; logs in the user log
directory (or ``<data dir>/logs`` with an explicit data dir)."""

from __future__ import annotations

import contextlib
import logging
import os
import tempfile
from pathlib import Path

APP = "Kalooki"
_override: Path | None = None


def set_data_dir(path: str | os.PathLike[str] | None) -> None:
    """Use ``path`` for everything (``--data-dir``); None goes back to the default."""
    global _override
    _override = Path(path).expanduser().resolve() if path else None


def data_dir() -> Path:
    """The data folder (created if missing and possible: see :func:`check_data_dir`)."""
    if _override is not None:
        path = _override
    elif os.environ.get("KALOOKI_DATA_DIR"):
        path = Path(os.environ["KALOOKI_DATA_DIR"]).expanduser().resolve()
    else:
        import platformdirs

        path = Path(platformdirs.user_data_dir(APP, appauthor=False))
    with contextlib.suppress(OSError):
        path.mkdir(parents=True, exist_ok=True)
    return path


def log_dir() -> Path:
    """The folder for logs (created if missing)."""
    if _override is not None or os.environ.get("KALOOKI_DATA_DIR"):
        path = data_dir() / "logs"
    else:
        import platformdirs

        path = Path(platformdirs.user_log_dir(APP, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def sub_dir(name: str) -> Path:
    """A folder inside the data folder (``saves``, ``screenshots``), created if missing; a file
    that stands in its place is moved aside first (see :func:`make_folder`)."""
    path = data_dir() / name
    make_folder(path)
    return path


def make_folder(path: Path) -> Path | None:
    """Create the folder ``path`` if it is missing. Something else by that name (a file, a
    link to nowhere) is renamed ``<name>.corrupt-<time>`` first; its new name is returned."""
    from .atomic import move_aside

    moved = None
    if os.path.lexists(path) and not path.is_dir():
        moved = move_aside(path)
        logging.getLogger("kalooki").warning("%s was not a folder: moved to %s", path, moved)
    with contextlib.suppress(OSError):  # a read-only disk: check_data_dir says so
        path.mkdir(parents=True, exist_ok=True)
    return moved


def check_data_dir() -> str | None:
    """None when the data folder can be written, else why not (the folder and the reason)."""
    folder = data_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        return f"{folder} ({exc.strerror or type(exc).__name__})"
    return None
