"""The player's statistics: one record per finished game in ``stats.json`` (the most recent
:data:`KEEP`), and the figures the Statistics scene shows, computed from them."""

from __future__ import annotations

import json
import time
from collections import Counter
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from ..session import HUMAN, Session
from .atomic import BadFile, read_limited, write_atomic
from .paths import data_dir

VERSION = 1
KEEP = 500


@dataclass
class GameRecord:
    """One finished game, from the player's seat."""

    date: str
    preset: str
    opponents: str  # the mix, e.g. "Normal ×3" or "Easy, Hard"
    players: int
    won: bool
    score: int
    winner_score: int
    hands: list[int] = field(default_factory=list)  # hand numbers played (void hands not counted)
    laid: list[bool] = field(default_factory=list)  # the contract made, per hand played
    calls: int = 0
    bends: int = 0  # hands the player went down and out, bending the table


def opponent_mix(levels: tuple[str, ...] | list[str]) -> str:
    """A short label of the opponents: "Normal ×3", "Easy, Hard, Normal"."""
    from ..i18n import tr

    counts = Counter(levels)
    if len(counts) == 1:
        level, n = next(iter(counts.items()))
        return f"{tr(f'level.{level}')} ×{n}"
    return ", ".join(f"{tr(f'level.{lv}')}" + (f" ×{n}" if n > 1 else "") for lv, n in sorted(counts.items()))


def record_of(session: Session) -> GameRecord:
    """The record of a finished game."""
    m = session.match
    played = [r for r in m.results if not r.void]
    return GameRecord(
        date=time.strftime("%Y-%m-%d %H:%M"),
        preset=m.rules.preset,
        opponents=opponent_mix(session.setup.levels),
        players=m.players,
        won=HUMAN in m.winners,
        score=m.totals[HUMAN],
        winner_score=min(m.totals),
        hands=[r.spec.number for r in played],
        laid=[bool(r.laid[HUMAN]) for r in played],
        calls=sum(r.calls_used[HUMAN] for r in played),
        bends=sum(1 for r in played if r.bent and r.out == HUMAN),
    )


def stats_path() -> Path:
    """Where the statistics live."""
    return data_dir() / "stats.json"


def load_records(path: Path | None = None) -> list[GameRecord]:
    """The saved records; raises BadFile when the file is damaged (missing: none)."""
    path = path or stats_path()
    if not path.exists():
        return []
    data = read_limited(path)
    try:
        doc = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise BadFile("corrupt", f"{path.name} is damaged ({exc.__class__.__name__})", path) from exc
    if not isinstance(doc, dict) or not isinstance(doc.get("games"), list):
        raise BadFile("corrupt", f"{path.name} is not a statistics file", path)
    if doc.get("version") != VERSION:
        raise BadFile("version", f"{path.name} has an unknown format version {doc.get('version')!r}", path)
    names = {f.name for f in fields(GameRecord)}
    out = []
    for raw in doc["games"]:
        if not isinstance(raw, dict):
            raise BadFile("corrupt", f"{path.name} holds a damaged record", path)
        try:
            out.append(GameRecord(**{k: v for k, v in raw.items() if k in names}))
        except TypeError as exc:
            raise BadFile("corrupt", f"{path.name} holds a damaged record", path) from exc
    return out


def save_records(records: list[GameRecord], path: Path | None = None) -> None:
    """Write the records (the most recent :data:`KEEP`) atomically."""
    doc = {"version": VERSION, "games": [asdict(r) for r in records[-KEEP:]]}
    write_atomic(path or stats_path(), json.dumps(doc, ensure_ascii=False, indent=1).encode())


@dataclass
class Summary:
    """The figures of the Statistics scene."""

    played: int = 0
    won: int = 0
    by_mix: dict[str, tuple[int, int]] = field(default_factory=dict)  # "preset · mix" -> (played, won)
    average: float | None = None
    best: int | None = None
    contract_rate: dict[int, tuple[int, int]] = field(default_factory=dict)  # hand -> (made, played)
    calls: int = 0
    bends: int = 0
    recent: list[GameRecord] = field(default_factory=list)


def summarise(records: list[GameRecord], recent: int = 20) -> Summary:
    """Totals, wins per rules preset and opponent mix, scores, contract rates per hand."""
    s = Summary(played=len(records), won=sum(r.won for r in records), recent=records[-recent:])
    mixes: dict[str, list[int]] = {}
    for r in records:
        key = f"{r.preset} · {r.opponents}"
        entry = mixes.setdefault(key, [0, 0])
        entry[0] += 1
        entry[1] += int(r.won)
        for number, laid in zip(r.hands, r.laid, strict=False):
            made, played = s.contract_rate.get(number, (0, 0))
            s.contract_rate[number] = (made + int(laid), played + 1)
        s.calls += r.calls
        s.bends += r.bends
    s.by_mix = {k: (v[0], v[1]) for k, v in sorted(mixes.items())}
    if records:
        s.average = sum(r.score for r in records) / len(records)
        s.best = min(r.score for r in records)
    return s


def as_dict(summary: Summary) -> dict[str, Any]:
    """The summary as plain data (tests, bug reports)."""
    return asdict(summary)
