"""Files that are never half-written: write a temporary file beside the target, flush and fsync,
keep the previous good copy as ``<name>.bak``, then replace the target in one step. Reading
refuses oversized files, and a damaged file is moved aside (``<name>.corrupt-<time>``) so the
game goes on and nothing else is touched."""

from __future__ import annotations

import contextlib
import os
import shutil
import time
from pathlib import Path

#: No file of ours is larger: anything bigger is refused unread (issue #5).
MAX_BYTES = 5 * 1024 * 1024


class BadFile(Exception):
    """A file we cannot use: ``kind`` says why (``truncated``, ``corrupt``, ``tampered``,
    ``version``, ``oversized``, ``mismatch``, ``unreadable``); the message is for the player."""

    def __init__(self, kind: str, message: str, path: Path | None = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.path = path


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


def write_atomic(path: Path, data: bytes, keep_backup: bool = True) -> None:
    """Replace ``path`` with ``data`` so that a crash at any moment leaves either the old or the
    new file complete (and the old one as ``.bak`` when ``keep_backup``)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(tmp, "wb") as fh:
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


def read_limited(path: Path) -> bytes:
    """The bytes of ``path``; raises :class:`BadFile` ("oversized") past :data:`MAX_BYTES`."""
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise BadFile(
                "oversized", f"{path.name} is {size // 1024} KB, larger than any real file of ours", path
            )
        with open(path, "rb") as fh:
            data = fh.read(MAX_BYTES + 1)
    except OSError as exc:
        raise BadFile("unreadable", f"{path.name} cannot be read: {exc.strerror or exc}", path) from exc
    if len(data) > MAX_BYTES:
        raise BadFile("oversized", f"{path.name} is larger than any real file of ours", path)
    return data


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
    """Remove temporary files left by a write that was interrupted (never a real file)."""
    for tmp in folder.glob(".*.tmp"):
        with contextlib.suppress(OSError):
            tmp.unlink()
