"""The folders the game writes to: ``--data-dir`` or ``KALOOKI_DATA_DIR`` when given (tests,
portable installs), else the user data directory from platformdirs; logs in the user log
directory (or ``<data dir>/logs`` with an explicit data dir)."""

from __future__ import annotations

import os
from pathlib import Path

APP = "Kalooki"
_override: Path | None = None


def set_data_dir(path: str | os.PathLike[str] | None) -> None:
    """Use ``path`` for everything (``--data-dir``); None goes back to the default."""
    global _override
    _override = Path(path).expanduser().resolve() if path else None


def data_dir() -> Path:
    """The data folder (created if missing)."""
    if _override is not None:
        path = _override
    elif os.environ.get("KALOOKI_DATA_DIR"):
        path = Path(os.environ["KALOOKI_DATA_DIR"]).expanduser().resolve()
    else:
        import platformdirs

        path = Path(platformdirs.user_data_dir(APP, appauthor=False))
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
    """A folder inside the data folder (``saves``, ``screenshots``), created if missing."""
    path = data_dir() / name
    path.mkdir(parents=True, exist_ok=True)
    return path
