"""Files that are never half-written: write a temporary file beside the target (created afresh,
never through a link planted at its name), flush and fsync, keep the previous good copy as
``<name>.bak``, then replace the target in one step. A damaged file is moved aside
(``<name>.corrupt-<time>``) so the game goes on and nothing else is touched."""

from __future__ import annotations

import contextlib
import os
import shutil
import time
from pathlib import Path


def backup_path(path: Path) -> Path:
    """Where the previous good copy of ``path`` is kept."""
    return path.with_name(path.name + ".bak")


def _fsync_dir(folder: Path) -> None:
    if os.name == "nt":  # Windows cannot open a directory; its replace is durable enough
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


_NEW_FILE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)


def _create_new(tmp: Path) -> int:
    """A new, empty file at ``tmp``: whatever is left at that name (a temporary file of a killed
    run, or a link planted there) is removed first, never followed."""
    try:
        return os.open(tmp, _NEW_FILE, 0o600)
    except FileExistsError:
        os.unlink(tmp)  # removes a link itself, not what it points to
        return os.open(tmp, _NEW_FILE, 0o600)


def write_atomic(path: Path, data: bytes, *, keep_backup: bool = True) -> None:
    """Replace ``path`` with ``data`` so that a crash at any moment leaves either the old or the
    new file complete (and the old one as ``.bak`` when ``keep_backup``)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with os.fdopen(_create_new(tmp), "wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())
    if keep_backup and path.exists():
        bak = backup_path(path)
        bak_tmp = path.with_name(f".{bak.name}.{os.getpid()}.tmp")
        with contextlib.suppress(FileNotFoundError):
            bak_tmp.unlink()
        try:
            os.link(path, bak_tmp)  # the current file stays in place while the backup is made
        except OSError:
            shutil.copy2(path, bak_tmp)
        os.replace(bak_tmp, bak)
    os.replace(tmp, path)
    _fsync_dir(path.parent)


def move_aside(path: Path) -> Path | None:
    """Rename a damaged file to ``<name>.corrupt-<time>`` (kept for a bug report); the new name,
    or None if it could not be moved."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
    try:
        os.replace(path, target)
    except OSError:
        return None
    return target


def clean_temporaries(folder: Path) -> None:
    """Remove the temporary files a write left behind when it was interrupted (``.<name>.<pid>.tmp``;
    never a real file)."""
    for tmp in folder.glob(".*.*.tmp"):
        with contextlib.suppress(OSError):
            tmp.unlink()
