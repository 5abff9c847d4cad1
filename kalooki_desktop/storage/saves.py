"""Saved games: JSON only (never pickle or eval). A save is the game's setup (rules, opponents,
seed), its action list in the actions' text form, a snapshot for quick display, and a checksum.
Loading replays every action through the engine and compares the result with the snapshot: a
mismatch is an error, never silently repaired. Formats upgrade one version at a time.

``saves/autosave.json`` is written after every applied action; named saves sit beside it.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import __version__
from ..engine.actions import Pass, parse_action
from ..engine.digest import sha256_hex
from ..engine.game import Game
from ..engine.match import Match
from ..engine.refusal import IllegalAction
from ..i18n import tr
from ..play.gamesetup import GameSetup
from ..play.record import HUMAN, MAX_SLOTS, GameRecord
from . import schema as sc
from .atomic import backup_path, clean_temporaries, write_atomic
from .files import BadFile, Recovery, parse_document, read_bytes, validate
from .files import quarantine as _quarantine
from .paths import sub_dir

FORMAT = "kalooki-save"
VERSION = 2
AUTOSAVE = "autosave"
PREVIOUS_COPY = "previous copy"

__all__ = [
    "AUTOSAVE",
    "FORMAT",
    "UPGRADES",
    "VERSION",
    "BadFile",
    "Recovery",
    "SaveInfo",
    "checksum",
    "clean_temporaries",
    "delete",
    "file_stem",
    "game_id",
    "info",
    "list_saves",
    "load",
    "name_problem",
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


#: Names Windows keeps for devices: no file may be called so, whatever its extension (the ports
#: with a digit 0-9 or a superscript ¹ ² ³).
_DEVICE_NAMES = {"con", "prn", "aux", "nul",
                 *(f"{port}{i}" for port in ("com", "lpt") for i in ("0123456789" + "\u00b9\u00b2\u00b3"))}
#: The longest name of a save.
MAX_NAME = 60
#: The longest file stem of a save, in bytes: its longest file name (``.<stem>.json.bak.<pid>.tmp``
#: or ``<stem>.json.bak.corrupt-<time>-<n>``) stays within the 255 bytes file systems allow.
MAX_STEM_BYTES = 200


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be the name of a save (a message for the player), or None."""
    name = name.strip()
    if not name:
        return tr("save.name_empty")
    if len(name) > MAX_NAME:
        return tr("save.name_long", n=MAX_NAME)
    if any(not ch.isprintable() for ch in name):
        return tr("save.name_chars")
    if name.casefold() == AUTOSAVE:
        return tr("save.name_autosave", name=name)
    if name.split(".")[0].strip().casefold() in _DEVICE_NAMES:
        return tr("save.name_device", name=name)
    if len(os.fsencode(file_stem(name))) > MAX_STEM_BYTES:  # symbols are spelt out in the file name
        return tr("save.name_long_file")
    return None


def file_stem(name: str) -> str:
    """A file name for the save called ``name``, different for every different name: letters,
    digits, spaces, ``-`` and ``_`` stand for themselves, any other character for ``~<hex>~``."""
    return "".join(ch if ch.isalnum() or ch in " -_" else f"~{ord(ch):x}~" for ch in name.strip())


def save_path(name: str) -> Path:
    """The file of the save called ``name`` (check it with :func:`name_problem` first)."""
    return saves_dir() / f"{file_stem(name) or 'save'}.json"


def state_digest(match: Game) -> str:
    """A fingerprint of everything in a game's state (:func:`.engine.deal.state_digest`)."""
    return match.digest()


_LEVEL = sc.string(20)
_VARIANTS = sc.list_of(sc.string(20), max_len=40)
_SEED = sc.integer(-(2**63), 2**63)
_SETUP = sc.obj(
    {
        "levels": sc.list_of(_LEVEL, min_len=1, max_len=7),
        "preset": sc.string(20),
        "variants": _VARIANTS,
        "schedule": sc.nullable(sc.string(400)),
        "seed": _SEED,
    }
)
_SCENARIO = sc.obj(
    {"hands": sc.list_of(sc.string(1000), max_len=8)},
    {
        "levels": sc.list_of(_LEVEL, max_len=7),
        "preset": sc.string(20),
        "variants": _VARIANTS,
        "seed": _SEED,
        "hand": sc.integer(1, 100),
        "dealer": sc.integer(0, 7),
        "discard": sc.string(2000),
        "stock": sc.string(2000),
    },
)
_TOTAL = sc.integer(-(10**7), 10**7)
_SNAPSHOT = sc.obj(
    {
        "preset": sc.string(20),
        "hand": sc.integer(1, 100),
        "hands": sc.integer(0, 100),  # 0: a British game (no schedule)
        "contract": sc.string(40),
        "names": sc.list_of(sc.string(100), max_len=8),
        "totals": sc.list_of(_TOTAL, max_len=8),
        "over": sc.boolean(),
        "digest": sc.string(64),
    },
    {"rules": sc.string(400), "levels": sc.list_of(_LEVEL, max_len=7)},
)
#: The shape of a save of the current version (checked after any upgrade).
DOCUMENT = sc.obj(
    {
        "setup": _SETUP,
        "actions": sc.list_of(sc.pair(sc.integer(0, 7), sc.string(80)), max_len=50_000),
        "snapshot": _SNAPSHOT,
    },
    {
        "name": sc.string(200),
        "saved_at": sc.string(40),
        "app_version": sc.string(40),
        "game_id": sc.string(64),
        "scenario": sc.nullable(_SCENARIO),
        "staging": sc.obj(
            {
                "hand": sc.integer(0, 10_000),
                "slots": sc.list_of(sc.list_of(sc.integer(0, 55), max_len=17), max_len=MAX_SLOTS),
            }
        ),
    },
)
_HEADER = sc.obj({"format": sc.string(40), "version": sc.integer(-(2**31), 2**31), "checksum": sc.string(64)})


def checksum(doc: dict[str, Any]) -> str:
    """The SHA-256 of a save document without its checksum: it tells a damaged file from a good
    one (anyone can compute it again, so every field is checked for its shape as well)."""
    body = {k: v for k, v in doc.items() if k != "checksum"}
    return sha256_hex(json.dumps(body, sort_keys=True, ensure_ascii=False).encode())


def snapshot(session: GameRecord) -> dict[str, Any]:
    """What the Load screen shows without replaying: rules, hand, scores, names."""
    m = session.match
    view = m.view(HUMAN)  # the schedule and the hand's contract; a British game: none, and its name
    hands, contract = view.schedule_length, view.contract_text or m.rules.name
    return {
        "preset": m.rules.preset,
        "rules": m.rules.describe(),
        "hand": m.hand_number,
        "hands": hands,
        "contract": contract,
        "names": list(session.names),
        "levels": list(session.setup.levels),
        "totals": list(m.totals),
        "over": m.over,
        "digest": state_digest(m),
    }


def to_document(session: GameRecord, name: str = AUTOSAVE) -> dict[str, Any]:
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
        "game_id": session.game_id,
        "scenario": session.scenario,
        "actions": [[seat, text] for seat, text in session.match.action_texts()],
        "snapshot": snapshot(session),
    }
    hand, slots = session.staging
    if any(slots):
        doc["staging"] = {"hand": hand, "slots": [list(slot) for slot in slots]}
    doc["checksum"] = checksum(doc)
    return doc


def save(session: GameRecord, path: Path, name: str = AUTOSAVE) -> None:
    """Write a game atomically (the previous copy kept as ``.bak``)."""
    data = json.dumps(to_document(session, name), ensure_ascii=False, separators=(",", ":")).encode()
    write_atomic(path, data)


def parse(data: bytes, path: Path | None = None) -> dict[str, Any]:
    """A save document from bytes, checked (JSON, format, version, checksum, then the shape of
    every field) and upgraded to the current version; not replayed."""
    name = path.name if path else tr("file.this_file")
    what = tr("file.what.save")
    doc = parse_document(data, path, what)
    not_a_save = BadFile("corrupt", tr("file.not_kind", name=name, what=what), path)
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise not_a_save
    try:
        _HEADER(doc, "")
    except sc.Invalid:
        raise not_a_save from None
    version = doc["version"]
    if version < 1:
        raise not_a_save
    if version > VERSION:
        raise BadFile("version", tr("save.newer", name=name, version=version, known=VERSION), path)
    if doc["checksum"] != checksum(doc):
        raise BadFile("tampered", tr("save.tampered", name=name), path)
    checked: dict[str, Any] = validate(doc, DOCUMENT, path, what)
    _new_record(checked, path)  # a game a New game could start
    while version < VERSION:
        checked = validate(UPGRADES[version](checked, path), DOCUMENT, path, what)
        version = checked["version"] = version + 1
    return checked


def _upgrade_1(doc: dict[str, Any], path: Path | None) -> dict[str, Any]:
    """Version 1 to 2: version 1 did not record a caller letting the fresh discard go (the
    game kept that apart from the engine). Replay its actions, putting in a ``pass`` for every
    caller in J-5.2 order who let the card go before the next action, check the result against
    the version-1 fingerprint, and take the fingerprint of today's state."""
    name = path.name if path else tr("file.this_file")
    match = _new_record(doc, path).match
    if not isinstance(match, Match):  # version 1 saved the Jamaican game alone
        raise BadFile("corrupt", tr("save.bad_game", name=name), path)
    actions: list[list[Any]] = []
    try:
        for seat, text in doc["actions"]:
            action = parse_action(text)
            for caller in match.hand.callers_before(seat, action):
                match.apply(caller, Pass())
                actions.append([caller, str(Pass())])
            match.apply(seat, action)
            actions.append([seat, text])
    except IllegalAction as exc:
        raise BadFile("mismatch", tr("save.refused_move", name=name, rule=exc.refusal.rule), path) from None
    except ValueError:
        raise BadFile("corrupt", tr("save.bad_game", name=name), path) from None
    if _digest_1(match, len(doc["actions"])) != doc["snapshot"]["digest"]:
        raise BadFile("mismatch", tr("save.mismatch", name=name), path)
    return {**doc, "actions": actions, "snapshot": {**doc["snapshot"], "digest": match.digest()}}


def _digest_1(match: Match, actions: int) -> str:
    """The fingerprint of a game as version 1 of the format took it (``actions``: how many
    actions version 1 recorded)."""
    h = match.hand
    doc = {
        "hand_index": match.hand_index,
        "dealer": h.dealer,
        "totals": match.totals,
        "results": len(match.results),
        "winners": match.winners,
        "actions": actions,
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
    return sha256_hex(json.dumps(doc, sort_keys=True).encode())


#: Upgrades from each old version to the next: ``UPGRADES[1]`` turns a checked version-1
#: document into a version-2 one, and so on (each raises BadFile when the old save is bad).
UPGRADES: dict[int, Callable[[dict[str, Any], Path | None], dict[str, Any]]] = {1: _upgrade_1}


def _new_record(doc: dict[str, Any], path: Path | None) -> GameRecord:
    """The game of a checked save document as it began, before any action. Its setup (and the
    exact deal it began from, if any) passes the checks of a new game, or it is a BadFile."""
    s = doc["setup"]
    setup = GameSetup(tuple(s["levels"]), s["preset"], tuple(s["variants"]), s["schedule"], s["seed"])
    scenario = doc.get("scenario")
    try:
        setup.check()
        record = GameRecord.from_scenario(scenario) if scenario else GameRecord(setup)
        record.setup.check()  # the exact deal's own opponents and rules
    except (ValueError, KeyError, TypeError, IndexError, AttributeError, OverflowError):
        name = path.name if path else tr("file.this_file")
        raise BadFile("corrupt", tr("save.bad_game", name=name), path) from None
    return record


def game_id(doc: dict[str, Any]) -> str:
    """The id of the game of a checked save document (a save without one: from its setup)."""
    return str(doc.get("game_id") or sha256_hex(
        json.dumps([doc["setup"], doc.get("scenario")], sort_keys=True).encode()
    )[:32])


def _replay(doc: dict[str, Any], path: Path | None) -> GameRecord:
    record = _new_record(doc, path)
    record.game_id = game_id(doc)
    for seat, text in doc["actions"]:
        record.replay_action(seat, text)
    return record


def restore(doc: dict[str, Any], path: Path | None = None) -> GameRecord:
    """Rebuild the game of a checked save document (see :func:`parse`) by replaying its
    actions; raises BadFile when it does not replay to the game its snapshot describes."""
    name = path.name if path else tr("file.this_file")
    try:
        session = _replay(doc, path)
    except IllegalAction as exc:
        raise BadFile("mismatch", tr("save.refused_move", name=name, rule=exc.refusal.rule), path) from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError) as exc:
        raise BadFile("corrupt", tr("save.bad_game", name=name), path) from exc
    if state_digest(session.match) != doc["snapshot"]["digest"]:
        raise BadFile("mismatch", tr("save.mismatch", name=name), path)
    staging = doc.get("staging")
    if staging is not None:  # the table checks the cards against the hand before it uses them
        session.staging = (staging["hand"], tuple(tuple(slot) for slot in staging["slots"]))
    return session


def load(path: Path) -> GameRecord:
    """Load and replay a saved game; raises :class:`BadFile` when it cannot be used
    (``FileNotFoundError`` when it is not there)."""
    return restore(parse(read_bytes(path), path), path)


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
    doc = parse(read_bytes(path), path)
    snap = doc["snapshot"]
    return SaveInfo(
        path,
        doc.get("name", path.stem),
        doc.get("saved_at", ""),
        snap["preset"],
        snap["hand"],
        snap["hands"],
        snap["contract"],
        snap["names"],
        snap["totals"],
        snap["over"],
    )


def _check(path: Path) -> object:
    return parse(read_bytes(path), path)


def quarantine(error: BadFile) -> Recovery:
    """Move a bad save aside and find out whether its ``.bak`` is good."""
    return _quarantine(error, _check)


def use_backup(path: Path) -> None:
    """Put the good ``.bak`` of ``path`` back in its place (after the bad file was moved aside)."""
    write_atomic(path, read_bytes(backup_path(path)), keep_backup=False)


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
        except FileNotFoundError:
            continue  # deleted meanwhile
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
        if os.path.lexists(p):
            p.unlink()
