"""The one way the game reads a file it owns (saves, settings, statistics): a regular file only,
never more than :data:`MAX_BYTES`, JSON parsed with every error class caught, then its shape
checked by a schema before any field is used. Whatever is wrong becomes a :class:`BadFile`
with a message for the player that names the file; :func:`quarantine` moves such a file aside
(``<name>.corrupt-<time>``) and says whether its previous copy (``.bak``) is good."""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.jsontext import JsonError, parse_json
from ..i18n import tr
from .atomic import backup_path, clean_temporaries, move_aside
from .paths import check_data_dir, data_dir, make_folder
from .schema import Invalid, Validator

#: No file of ours is larger: anything bigger is refused unread.
MAX_BYTES = 5 * 1024 * 1024


class BadFile(Exception):
    """A file the game cannot use. ``kind`` says why (``truncated``, ``corrupt``, ``tampered``,
    ``version``, ``oversized``, ``mismatch``, ``unreadable``, ``not_a_file``); the message is
    for the player and names the file."""

    def __init__(self, kind: str, message: str, path: Path | None = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.path = path


def reason(exc: OSError) -> str:
    """What went wrong with a file operation, in the system's words ("No space left on device"),
    without paths or error numbers."""
    return exc.strerror or type(exc).__name__


def _label(path: Path | None) -> str:
    return path.name if path is not None else tr("file.this_file")


def read_bytes(path: Path, limit: int = MAX_BYTES) -> bytes:
    """The bytes of the regular file ``path``. A missing file raises ``FileNotFoundError``;
    anything else that stops it being read (a folder, a pipe or a device by that name, more
    than ``limit`` bytes, no permission) raises :class:`BadFile`. A pipe is never opened, so
    reading never blocks."""
    name = path.name
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise BadFile("not_a_file", tr("file.not_a_file", name=name), path)
        if info.st_size > limit:
            raise BadFile("oversized", tr("file.oversized", name=name, kb=info.st_size // 1024), path)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):  # swapped for something else meanwhile
                raise BadFile("not_a_file", tr("file.not_a_file", name=name), path)
            with os.fdopen(fd, "rb", closefd=False) as fh:
                data = fh.read(limit + 1)
        finally:
            os.close(fd)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise BadFile("unreadable", tr("file.unreadable", name=name, reason=reason(exc)), path) from None
    if len(data) > limit:
        raise BadFile("oversized", tr("file.oversized", name=name, kb=len(data) // 1024), path)
    return data


_JSON_KINDS = {
    "encoding": ("corrupt", "file.not_text"),
    "empty": ("truncated", "file.empty"),
    "truncated": ("truncated", "file.cut_short"),
    "syntax": ("corrupt", "file.damaged"),
    "depth": ("corrupt", "file.bad_values"),
    "number": ("corrupt", "file.bad_values"),
    "text": ("corrupt", "file.bad_values"),
}


def parse_document(data: bytes, path: Path | None, what: str) -> Any:
    """The JSON value of a file's bytes; :class:`BadFile` when it is not acceptable JSON.
    ``what`` names the kind of file in messages ("a saved game")."""
    try:
        return parse_json(data)
    except JsonError as exc:
        kind, key = _JSON_KINDS.get(exc.kind, ("corrupt", "file.damaged"))
        raise BadFile(kind, tr(key, name=_label(path), what=what), path) from None


def validate(value: Any, schema: Validator, path: Path | None, what: str) -> Any:
    """``value`` checked by ``schema``; :class:`BadFile` ("corrupt") names the first wrong field."""
    try:
        return schema(value, "")
    except Invalid as exc:
        where = f"{exc.where.lstrip('.')}: {tr('schema.' + exc.problem, **exc.params)}"
        message = tr("file.wrong_field", name=_label(path), what=what, where=where)
        raise BadFile("corrupt", message, path) from None


@dataclass
class Recovery:
    """What became of a file that could not be used: the message for the player, where the file
    went, and its previous copy when that one is good."""

    message: str
    moved_to: Path | None
    backup: Path | None


def quarantine(error: BadFile, check: Callable[[Path], object]) -> Recovery:
    """Move the file of ``error`` aside and find out (with ``check``, which raises
    :class:`BadFile` for a bad file) whether its ``.bak`` can be used instead."""
    path = error.path
    moved = move_aside(path) if path is not None and os.path.lexists(path) else None
    backup = None
    if path is not None:
        bak = backup_path(path)
        with contextlib.suppress(BadFile, OSError):
            check(bak)
            backup = bak
    return Recovery(str(error), moved, backup)


def prepare_data_folder() -> tuple[bool, list[str]]:
    """At start: whether the data folder can be written, and what the player is to be told. A
    folder that cannot be written is named with the reason; otherwise the leftovers of an
    interrupted write are removed, and a file standing where the saves folder belongs is moved
    aside (and said)."""
    problem = check_data_dir()
    if problem is not None:
        return False, [tr("app.data_readonly", where=problem)]
    clean_temporaries(data_dir())
    moved = make_folder(data_dir() / "saves")
    return True, [] if moved is None else [tr("app.saves_not_folder", kept=moved.name)]
