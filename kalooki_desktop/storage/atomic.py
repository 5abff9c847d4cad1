"""Files that are never half-written: write a temporary file beside the target (created afresh,
never through a link planted at its name), flush and fsync, keep the previous good copy as
``<name>.bak``, then replace the target in one step. A damaged file is moved aside
(``<name>.corrupt-<time>``) so the game goes on and nothing else is touched."""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import stat
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
    new file complete (and the old one as ``.bak`` when ``keep_backup``). Anything but a file or
    a link in the way of either (a folder) is moved aside first; a write that fails (a full disk)
    leaves the file as it was and no temporary file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with os.fdopen(_create_new(tmp), "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        _clear_way(path)
        if keep_backup and path.is_file():
            try:
                _keep_backup(path)
            except OSError as exc:  # (an obstacle that cannot be moved) the file itself comes first
                logging.getLogger("kalooki").warning("no copy of %s kept: %s", path.name, exc.strerror or exc)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    _fsync_dir(path.parent)


def _clear_way(path: Path) -> None:
    """Move aside what stands where the file ``path`` belongs and cannot be replaced by it (a
    folder, a pipe): a file or a link is replaced as it is."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    if stat.S_ISREG(mode) or stat.S_ISLNK(mode):
        return
    moved = move_aside(path)
    logging.getLogger("kalooki").warning("%s was not a file: moved to %s", path.name, moved)


def _keep_backup(path: Path) -> None:
    """Keep the current ``path`` as ``<name>.bak`` (the current file stays in place meanwhile)."""
    bak = backup_path(path)
    bak_tmp = path.with_name(f".{bak.name}.{os.getpid()}.tmp")
    _clear_way(bak)
    try:
        with contextlib.suppress(FileNotFoundError):
            bak_tmp.unlink()
        try:
            os.link(path, bak_tmp)
        except OSError:
            shutil.copy2(path, bak_tmp)
        os.replace(bak_tmp, bak)
    except BaseException:
        with contextlib.suppress(OSError):
            bak_tmp.unlink()
        raise


def remove(path: Path) -> None:
    """Remove the file (or link) ``path`` when it is there; a folder by that name is moved
    aside instead, so that it never stops the game."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    if stat.S_ISDIR(mode):
        moved = move_aside(path)
        logging.getLogger("kalooki").warning("%s was not a file: moved to %s", path.name, moved)
        return
    with contextlib.suppress(FileNotFoundError):
        path.unlink()


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
