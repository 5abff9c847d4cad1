"""The player's statistics: one record per finished game in ``stats.json`` (the most recent
:data:`KEEP`), and the figures the Statistics scene shows, computed from them.

A record's fields mean one thing in both rule systems, what the engine's deal results say
(:class:`.engine.game.DealResult`): the deals scored, whether the player had melds down at the
end of each (laid the contract, J-8; came out, B-4), the deal's big moment when the player went
out with it (a bent table, J-8.4; a Kalooki, B-V5). Its preset says which game it is
(:attr:`GameRecord.system`), and the figures of each game are kept apart (:data:`GAMES`).

The contract-made rate is kept per contract played ("3 3 4"), so that a short or custom
schedule's hand 1 is not counted as the nine-hand schedule's hand 1. A record holds the contract
of each hand it counts; a record without them (an older file) is read by the hand numbers only
when its preset is the nine-hand schedule (``jamaican``), and then only for hands 1 to 9 (a later
number is a second or third game of J-S4 or a sudden death of J-V6, which the record does not tell
apart); the other presets' hands without a contract are left out of the rates.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..engine.rules import CARDS_FOR_CONTRACT, contract_text
from ..engine.systems import system_of
from ..i18n import tr
from ..play import record as game_record
from ..play.record import HUMAN
from . import schema as sc
from .files import reason
from .progress import STANDARD, contracts_shown
from .records import RecordFile

VERSION = 1
KEEP = 500


@dataclass
class GameRecord:
    """One finished game, from the player's seat (see the module docstring for what each field
    means in either game)."""

    date: str
    preset: str
    opponents: str  # the mix, e.g. "Normal ×3" or "Easy, Hard"
    players: int
    won: bool
    score: int
    winner_score: int
    hands: list[int] = field(default_factory=list)  # each scored deal's number (DealResult.number)
    laid: list[bool] = field(default_factory=list)  # melds down at each scored deal's end (DealResult.laid)
    calls: int = 0  # the player's calls allowed (J-5; none where nobody calls)
    bends: int = 0  # deals the player went out with the deal's big moment (DealResult.big_out)
    game_id: str = ""  # the game's own id: a game is counted once
    contracts: list[str] = field(default_factory=list)  # each scored deal's contract ("3 4") where it has one

    @property
    def system(self) -> str:
        """The rule system of the game (``jamaican``, ``british``), by its preset."""
        return system_of(self.preset).key

    def contracts_played(self) -> list[str]:
        """The contract of each hand of :attr:`hands` ("" where the record does not tell it):
        the ones it holds, or for an older record of the nine-hand schedule those of its hands'
        numbers (see the module docstring)."""
        if self.contracts:
            return self.contracts
        if self.preset == "jamaican":
            return [STANDARD.get(number, "") for number in self.hands]
        return ["" for _ in self.hands]


def opponent_mix(levels: tuple[str, ...] | list[str]) -> str:
    """A short label of the opponents: "Normal ×3", "Easy, Hard, Normal", "Hard" (one)."""
    counts = Counter(levels)
    if len(counts) == 1 and len(levels) > 1:
        level, n = next(iter(counts.items()))
        return f"{tr(f'level.{level}')} ×{n}"
    return ", ".join(f"{tr(f'level.{lv}')}" + (f" ×{n}" if n > 1 else "") for lv, n in sorted(counts.items()))


def record_of(session: game_record.GameRecord) -> GameRecord:
    """The record of a finished game."""
    m = session.match
    record = GameRecord(
        date=time.strftime("%Y-%m-%d %H:%M"),
        preset=m.rules.preset,
        opponents=opponent_mix(session.setup.levels),
        players=m.players,
        won=HUMAN in m.winners,
        score=m.totals[HUMAN],
        winner_score=min(m.totals[s] for s in m.winners) if m.winners else min(m.totals),
        game_id=session.game_id,
    )
    played = [r for r in m.results if not r.void]
    record.hands = [r.number for r in played]
    record.contracts = [r.contract_text for r in played if r.contract_text]
    record.laid = [bool(r.laid[HUMAN]) for r in played]
    record.calls = sum(r.calls_used[HUMAN] for r in played if r.calls_used)
    record.bends = sum(1 for r in played if r.big_out and r.out == HUMAN)
    return record


_RECORD = sc.obj(
    {
        "date": sc.string(40),
        "preset": sc.string(40),
        "opponents": sc.string(200),
        "players": sc.integer(2, 8),
        "won": sc.boolean(),
        "score": sc.integer(-(10**7), 10**7),
        "winner_score": sc.integer(-(10**7), 10**7),
    },
    {
        "hands": sc.list_of(sc.integer(1, 1000), max_len=1000),
        "laid": sc.list_of(sc.boolean(), max_len=1000),
        "calls": sc.integer(0, 10**5),
        "bends": sc.integer(0, 10**5),
        "game_id": sc.string(64),
        "contracts": sc.list_of(sc.string(40, choices=[contract_text(c) for c in CARDS_FOR_CONTRACT]),
                                max_len=1000),
    },
)
#: ``stats.json``: the finished games.
FILE = RecordFile("stats.json", "games", GameRecord, _RECORD, version=VERSION, keep=KEEP, words="stats")


def read_records(path: Path) -> tuple[list[GameRecord], int]:
    """The valid records in ``path`` and how many others were left out as damaged; raises
    BadFile when the file cannot be used at all (``FileNotFoundError`` when there is none)."""
    return FILE.read(path)


def load_statistics(path: Path | None = None) -> tuple[list[GameRecord], str | None]:
    """The saved records and, when something was wrong, one message for the player
    (:meth:`.records.RecordFile.load`)."""
    return FILE.load(path)


def load_records(path: Path | None = None) -> list[GameRecord]:
    """The saved records (see :func:`load_statistics` for what happens to a bad file)."""
    return load_statistics(path)[0]


def record_game(session: game_record.GameRecord, path: Path | None = None) -> list[str]:
    """Add a finished game to the statistics, once: a game already counted (the same game id,
    as after a restart between counting it and retiring its autosave) is not counted again.
    Returns the messages for the player (a damaged file, a failed write)."""
    records, message = load_statistics(path)
    notes = [message] if message else []
    record = record_of(session)
    if any(r.game_id == record.game_id for r in records):
        return notes
    records.append(record)
    try:
        save_records(records, path)
    except OSError as exc:
        notes.append(tr("app.stats_failed", error=reason(exc)))
    return notes


def save_records(records: list[GameRecord], path: Path | None = None) -> None:
    """Write the records (the most recent :data:`KEEP`) atomically."""
    FILE.save(records, path)


@dataclass
class Summary:
    """The figures of the Statistics scene."""

    played: int = 0
    won: int = 0
    by_mix: dict[str, tuple[int, int]] = field(default_factory=dict)  # "preset · mix" -> (played, won)
    average: float | None = None
    best: int | None = None
    contract_rate: dict[str, tuple[int, int]] = field(default_factory=dict)  # contract -> (made, played)
    deal_rate: dict[int, tuple[int, int]] = field(default_factory=dict)  # British: deal -> (came out, played)
    calls: int = 0
    bends: int = 0
    recent: list[GameRecord] = field(default_factory=list)


#: The games statistics are kept apart for: the Jamaican game (every schedule) and the two British presets.
GAMES = ("jamaican", "british40", "kalooki51")


def game_of_preset(preset: str) -> str:
    """Which of :data:`GAMES` a game of rules preset ``preset`` is."""
    return preset if preset in GAMES[1:] else "jamaican"


def game_of_record(record: GameRecord) -> str:
    """Which of :data:`GAMES` a record belongs to."""
    return game_of_preset(record.preset)


def summarise(records: list[GameRecord], recent: int = 20, game: str | None = None) -> Summary:
    """Totals, wins per rules preset and opponent mix, scores, contract rates per contract played
    (British Kalooki: coming out per deal); ``game`` (one of :data:`GAMES`) keeps that game's
    records only."""
    if game is not None:
        records = [r for r in records if game_of_record(r) == game]
    s = Summary(played=len(records), won=sum(r.won for r in records), recent=records[-recent:])
    mixes: dict[str, list[int]] = {}
    for r in records:
        key = f"{r.preset} · {r.opponents}"
        entry = mixes.setdefault(key, [0, 0])
        entry[0] += 1
        entry[1] += int(r.won)
        if game_of_record(r) == "jamaican":
            for contract, laid in zip(r.contracts_played(), r.laid, strict=False):
                if contract:
                    made, played = s.contract_rate.get(contract, (0, 0))
                    s.contract_rate[contract] = (made + int(laid), played + 1)
        else:
            for number, laid in zip(r.hands, r.laid, strict=False):
                made, played = s.deal_rate.get(number, (0, 0))
                s.deal_rate[number] = (made + int(laid), played + 1)
        s.calls += r.calls
        s.bends += r.bends
    s.by_mix = {k: (v[0], v[1]) for k, v in sorted(mixes.items())}
    rates = s.contract_rate  # in the Progress page's order: the nine-hand schedule's first
    s.contract_rate = {c: rates[c] for c in contracts_shown(rates) if c in rates}
    if records:
        s.average = sum(r.score for r in records) / len(records)
        s.best = min(r.score for r in records)
    return s


def as_dict(summary: Summary) -> dict[str, Any]:
    """The summary as plain data (tests, bug reports)."""
    return asdict(summary)
