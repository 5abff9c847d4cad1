"""Saved games: JSON only (never pickle or eval). A save is the game's setup (rules, opponents,
seed), its action list in the actions' text form, a snapshot for quick display, and a checksum.
Loading replays every action through the engine and compares the result with the snapshot: a
mismatch is an error, never silently repaired. Formats upgrade one version at a time.

``saves/autosave.json`` is written after every applied action; named saves sit beside it.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import __version__
from ..engine.match import Match
from ..engine.refusal import IllegalAction
from ..session import GameSetup, Session
from .atomic import BadFile, backup_path, clean_temporaries, move_aside, read_limited, write_atomic
from .paths import sub_dir

FORMAT = "kalooki-save"
VERSION = 1
AUTOSAVE = "autosave"
PREVIOUS_COPY = "previous copy"

#: Upgrades from each old version to the next: ``UPGRADES[1]`` turns a version-1 document into
#: a version-2 one, and so on. Empty while there is only version 1.
UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}

__all__ = [
    "AUTOSAVE",
    "FORMAT",
    "UPGRADES",
    "VERSION",
    "BadFile",
    "Recovery",
    "SaveInfo",
    "clean_temporaries",
    "delete",
    "info",
    "list_saves",
    "load",
    "parse",
    "quarantine",
    "restore",
    "save",
    "save_path",
    "saves_dir",
    "snapshot",
    "state_digest",
    "to_document",
    "use_backup",
]


def saves_dir() -> Path:
    """The folder of saved games (created if missing)."""
    return sub_dir("saves")


def save_path(name: str) -> Path:
    """The file of the save called ``name`` (letters, digits, spaces, - and _ kept)."""
    safe = re.sub(r"[^\w \-]+", "", name, flags=re.UNICODE).strip()[:60] or "save"
    return saves_dir() / f"{safe}.json"


def state_digest(match: Match) -> str:
    """A fingerprint of everything in a game's state: cards everywhere (stock order included),
    the table, whose decision it is, scores. Two games with the same digest are the same."""
    h = match.hand
    doc = {
        "hand_index": match.hand_index,
        "dealer": h.dealer,
        "totals": match.totals,
        "results": len(match.results),
        "winners": match.winners,
        "actions": len(match.actions),
        "hands": h.hands,
        "stock": h.stock,
        "discard": h.discard,
        "table": [[m.kind, m.owner, m.cards, m.base] for m in h.table],
        "turn": h.turn,
        "phase": int(h.phase),
        "calls": h.calls_used,
        "laid": h.laid,
        "callable": h.callable,
        "stock_only": h.stock_only,
        "caller": h.caller,
    }
    return hashlib.sha256(json.dumps(doc, sort_keys=True).encode()).hexdigest()


def _checksum(doc: dict[str, Any]) -> str:
    body = {k: v for k, v in doc.items() if k != "checksum"}
    return hashlib.sha256(json.dumps(body, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def snapshot(session: Session) -> dict[str, Any]:
    """What the Load screen shows without replaying: rules, hand, scores, names."""
    m = session.match
    return {
        "preset": m.rules.preset,
        "rules": m.rules.describe(),
        "hand": m.hand_number,
        "hands": len(m.rules.schedule),
        "contract": m.hand.spec.contract_text,
        "names": list(session.names),
        "levels": list(session.setup.levels),
        "totals": list(m.totals),
        "over": m.over,
        "digest": state_digest(m),
    }


def to_document(session: Session, name: str = AUTOSAVE) -> dict[str, Any]:
    """The save document of a game."""
    setup = session.setup
    doc: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "app_version": __version__,
        "name": name,
        "saved_at": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "setup": {
            "levels": list(setup.levels),
            "preset": setup.preset,
            "variants": list(setup.variants),
            "schedule": setup.schedule,
            "seed": setup.seed,
        },
        "scenario": session.scenario,
        "actions": [[seat, text] for seat, text in session.match.action_texts()],
        "snapshot": snapshot(session),
    }
    doc["checksum"] = _checksum(doc)
    return doc


def save(session: Session, path: Path, name: str = AUTOSAVE) -> None:
    """Write a game atomically (the previous copy kept as ``.bak``)."""
    data = json.dumps(to_document(session, name), ensure_ascii=False, separators=(",", ":")).encode()
    write_atomic(path, data)


def parse(data: bytes, path: Path | None = None) -> dict[str, Any]:
    """A save document from bytes, checked and upgraded to the current version (not replayed)."""
    name = path.name if path else "the save"
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BadFile("corrupt", f"{name} is not a saved game (not text)", path) from exc
    if not text.strip():
        raise BadFile("truncated", f"{name} is empty", path)
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        body = text.rstrip()
        cut = exc.pos >= len(body) - 1 and not body.endswith(("}", "]"))  # it stops mid-document
        kind = "truncated" if cut else "corrupt"
        what = "cut short" if kind == "truncated" else "damaged"
        raise BadFile(kind, f"{name} is {what} (JSON error at character {exc.pos})", path) from exc
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise BadFile("corrupt", f"{name} is not a Kalooki saved game", path)
    version = doc.get("version")
    if not isinstance(version, int) or version < 1:
        raise BadFile("corrupt", f"{name} has no valid format version", path)
    if version > VERSION:
        raise BadFile(
            "version",
            f"{name} was saved by a newer Kalooki (format {version}; this one reads up to {VERSION})",
            path,
        )
    if doc.get("checksum") != _checksum(doc):
        raise BadFile("tampered", f"{name} was changed outside the game (its checksum does not match)", path)
    upgraded: dict[str, Any] = doc
    while version < VERSION:
        upgraded = UPGRADES[version](upgraded)
        version = upgraded["version"] = version + 1
    return upgraded


def restore(doc: dict[str, Any], path: Path | None = None, **session_kw: Any) -> Session:
    """Rebuild the game of a save document by replaying its actions; raises BadFile on a mismatch."""
    name = path.name if path else "the save"
    try:
        s = doc["setup"]
        setup = GameSetup(
            tuple(str(x) for x in s["levels"]),
            str(s["preset"]),
            tuple(str(v) for v in s["variants"]),
            None if s.get("schedule") is None else str(s["schedule"]),
            int(s["seed"]),
        )
        actions = [(int(seat), str(text)) for seat, text in doc["actions"]]
        scenario = doc.get("scenario")
        if scenario is not None:
            session = Session.from_scenario(scenario, **session_kw)
        else:
            session = Session(setup, **session_kw)
        for seat, text in actions:
            session.replay_action(seat, text)
    except IllegalAction as exc:
        raise BadFile("mismatch", f"{name} does not replay: a move was refused ({exc})", path) from exc
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise BadFile("corrupt", f"{name} is damaged ({exc.__class__.__name__}: {exc})", path) from exc
    if state_digest(session.match) != doc.get("snapshot", {}).get("digest"):
        session.close()
        raise BadFile("mismatch", f"{name} does not replay to the game it describes", path)
    return session


def load(path: Path, **session_kw: Any) -> Session:
    """Load and replay a saved game; raises :class:`BadFile` when it cannot be used."""
    return restore(parse(read_limited(path), path), path, **session_kw)


@dataclass(frozen=True)
class SaveInfo:
    """One entry of the Load screen (read from the snapshot, not replayed)."""

    path: Path
    name: str
    saved_at: str
    preset: str
    hand: int
    hands: int
    contract: str
    names: list[str]
    totals: list[int]
    over: bool


def info(path: Path) -> SaveInfo:
    """A save's entry for the Load screen; raises BadFile if it cannot be read."""
    doc = parse(read_limited(path), path)
    snap = doc.get("snapshot", {})
    try:
        return SaveInfo(
            path,
            str(doc.get("name", path.stem)),
            str(doc.get("saved_at", "")),
            str(snap["preset"]),
            int(snap["hand"]),
            int(snap["hands"]),
            str(snap["contract"]),
            [str(n) for n in snap["names"]],
            [int(t) for t in snap["totals"]],
            bool(snap["over"]),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise BadFile("corrupt", f"{path.name} has a damaged summary", path) from exc


@dataclass
class Recovery:
    """What happened when a save could not be used: the message for the player, where the file
    went, and whether a good backup can be offered instead."""

    message: str
    moved_to: Path | None
    backup: Path | None


def quarantine(error: BadFile) -> Recovery:
    """Move a bad save aside and find out whether its ``.bak`` is good."""
    path = error.path
    moved = move_aside(path) if path is not None and path.exists() else None
    backup = None
    if path is not None:
        bak = backup_path(path)
        if bak.exists():
            try:
                parse(read_limited(bak), bak)
                backup = bak
            except BadFile:
                backup = None
    return Recovery(str(error), moved, backup)


def use_backup(path: Path) -> None:
    """Put the good ``.bak`` of ``path`` back in its place (after the bad file was moved aside)."""
    write_atomic(path, read_limited(backup_path(path)), keep_backup=False)


def list_saves() -> tuple[list[SaveInfo], list[Recovery]]:
    """The named saves (newest first) and the bad ones found (moved aside) while listing."""
    folder = saves_dir()
    clean_temporaries(folder)
    good: list[SaveInfo] = []
    bad: list[Recovery] = []
    for path in sorted(folder.glob("*.json")):
        if path.stem == AUTOSAVE:
            continue
        try:
            good.append(info(path))
        except BadFile as exc:
            rec = quarantine(exc)
            bad.append(rec)
            if rec.backup is not None:  # offer the previous good copy in its place
                with contextlib.suppress(BadFile):
                    entry = info(rec.backup)
                    good.append(dataclasses.replace(entry, name=f"{entry.name} ({PREVIOUS_COPY})"))
    good.sort(key=lambda s: s.saved_at, reverse=True)
    return good, bad


def delete(path: Path) -> None:
    """Delete a named save and its backup."""
    for p in (path, backup_path(path)):
        if p.exists():
            p.unlink()
