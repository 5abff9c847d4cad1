"""A file of records in the data folder (the statistics' games, the progress' hands): read
through the one hardened reader, every record checked against its schema, written atomically,
the most recent ones kept.

A file that cannot be used is moved aside and its good previous copy used (or none); damaged
records are left out, the file as it was kept aside and written again without them, so the
player hears of it once. The messages are the catalogue's ``<words>.damaged``,
``<words>.damaged_restored`` and ``<words>.records_dropped``.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from dataclasses import asdict, fields
from pathlib import Path
from typing import Any, Generic, TypeVar

from ..i18n import tr, tr_n
from . import schema as sc
from .atomic import move_aside, write_atomic
from .files import BadFile, parse_document, quarantine, read_bytes, validate
from .paths import data_dir

R = TypeVar("R")


class RecordFile(Generic[R]):
    """``name`` in the data folder: ``{"version": version, key: [record, ...]}``, each record a
    ``cls`` (a dataclass) checked by ``schema``; ``words`` names its messages and what it is."""

    def __init__(self, name: str, key: str, cls: Callable[..., R], schema: sc.Validator, *, version: int,
                 keep: int, words: str) -> None:
        self.name, self.key, self.cls, self.schema = name, key, cls, schema
        self.version, self.keep, self.words = version, keep, words
        self._document = sc.obj({"version": sc.integer(0, 10**9),
                                 key: sc.list_of(lambda v, where: v, max_len=10 * keep)})

    def path(self) -> Path:
        """Where the file lives."""
        return data_dir() / self.name

    def read(self, path: Path) -> tuple[list[R], int]:
        """The valid records in ``path`` and how many others were left out as damaged; raises
        BadFile when the file cannot be used at all (``FileNotFoundError`` when there is none)."""
        what = tr(f"file.what.{self.words}")
        doc = validate(parse_document(read_bytes(path), path, what), self._document, path, what)
        if doc["version"] != self.version:
            raise BadFile("version", tr("file.unknown_version", name=path.name), path)
        names = {f.name for f in fields(self.cls)}  # type: ignore[arg-type]
        out: list[R] = []
        for raw in doc[self.key]:
            try:
                record = self.schema(raw, self.key)
            except sc.Invalid:
                continue
            out.append(self.cls(**{k: v for k, v in record.items() if k in names}))
        return out, len(doc[self.key]) - len(out)

    def load(self, path: Path | None = None) -> tuple[list[R], str | None]:
        """The saved records and, when something was wrong, one message for the player (see the
        module docstring)."""
        path = path or self.path()
        try:
            records, dropped = self.read(path)
        except FileNotFoundError:
            return [], None
        except BadFile as exc:
            rec = quarantine(exc, self.read)
            kept = rec.moved_to.name if rec.moved_to else "-"
            if rec.backup is not None:
                with contextlib.suppress(BadFile, OSError):
                    records, _ = self.read(rec.backup)
                    self.save(records, path)
                    return records, tr(f"{self.words}.damaged_restored", error=rec.message, kept=kept)
            return [], tr(f"{self.words}.damaged", error=rec.message, kept=kept)
        if not dropped:
            return records, None
        moved = move_aside(path)
        with contextlib.suppress(OSError):
            self.save(records, path)
        kept = moved.name if moved else "-"
        return records, tr_n(f"{self.words}.records_dropped", dropped, name=path.name, kept=kept)

    def save(self, records: list[R], path: Path | None = None) -> None:
        """Write the records (the most recent :attr:`keep`) atomically."""
        rows = [asdict(r) for r in records[-self.keep:]]  # type: ignore[call-overload]  # dataclasses
        doc: dict[str, Any] = {"version": self.version, self.key: rows}
        write_atomic(path or self.path(), json.dumps(doc, ensure_ascii=False, indent=1).encode())
