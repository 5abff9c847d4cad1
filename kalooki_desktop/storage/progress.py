"""The player's progress at each contract of the schedule: one record per Jamaican hand played
(in games and in practice) in ``progress.json``: the contract made or not, in how many turns,
the points it cost, and how often the player's decisions agreed with the coach's advice.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from ..engine.actions import Lay, PluckDiscard, PluckStock, Refuse, taken_back
from ..engine.match import Match
from ..session import HUMAN, Session
from . import schema as sc
from .files import reason
from .records import RecordFile


@dataclass
class HandRecord:
    """One hand of the schedule as the player played it."""

    date: str
    hand: int  # its number in the schedule (1-9)
    made: bool  # the contract laid
    turns: int  # the player's turns until it was laid (0: not laid)
    points: int  # what the hand cost the player
    weighed: int = 0  # the player's decisions the coach weighed
    agreed: int = 0  # of those, the ones that were the coach's advice
    practice: bool = False


_RECORD = sc.obj(
    {
        "date": sc.string(40),
        "hand": sc.integer(1, 9),
        "made": sc.boolean(),
        "turns": sc.integer(0, 1000),
        "points": sc.integer(0, 10**5),
    },
    {"weighed": sc.integer(0, 10**4), "agreed": sc.integer(0, 10**4), "practice": sc.boolean()},
)
#: ``progress.json``: the hands played.
FILE = RecordFile("progress.json", "hands", HandRecord, _RECORD, version=1, keep=3000, words="progress")


def last_deal(session: Session) -> tuple[int, int]:
    """The action indices ``[first, end)`` of the last deal that ended."""
    ends = [mv.index for mv in session.moves if mv.result is not None]
    if not ends:
        return 0, 0
    return (ends[-2] + 1 if len(ends) > 1 else 0), ends[-1] + 1


def turns_to_lay(session: Session) -> int | None:
    """In how many of their turns the player laid the contract in the last deal that ended (a
    turn begins with a pluck, or with a call's refusal), or None when they did not lay."""
    first, end = last_deal(session)
    turns = 0
    played = session.match.actions[first:end]
    gone = taken_back(played)  # a lay taken back was not the lay of the contract
    for i, (seat, action) in enumerate(played):
        if seat != HUMAN or i in gone:
            continue
        if isinstance(action, PluckStock | PluckDiscard | Refuse):
            turns += 1
        elif isinstance(action, Lay):
            return max(1, turns)
    return None


def record_of(session: Session, *, practice: bool = False) -> HandRecord | None:
    """The player's record of the last hand that ended, when it is a scored Jamaican hand of the
    schedule; None otherwise."""
    m = session.match
    if not isinstance(m, Match) or not m.results or m.results[-1].void:
        return None
    result = m.results[-1]
    number = result.spec.number if not practice or session.practice is None else session.practice
    if not 1 <= number <= 9:
        return None  # a sudden-death hand is not a hand of the schedule
    first, end = last_deal(session)
    notes = [n for i, n in session.decided_notes().items() if first <= i < end]
    turns = turns_to_lay(session)
    return HandRecord(time.strftime("%Y-%m-%d %H:%M"), number, turns is not None, turns or 0,
                      result.scores[HUMAN], len(notes), sum(1 for n in notes if n.estimate.worlds == 0),
                      practice)


def record_hand(session: Session, *, practice: bool = False) -> list[str]:
    """Add the last hand of ``session`` to the progress; the messages for the player (a damaged
    file, a failed write)."""
    record = record_of(session, practice=practice)
    if record is None:
        return []
    records, message = FILE.load()
    notes = [message] if message else []
    records.append(record)
    try:
        FILE.save(records)
    except OSError as exc:
        from ..i18n import tr

        notes.append(tr("app.stats_failed", error=reason(exc)))
    return notes


@dataclass(frozen=True)
class ContractFigures:
    """The figures of one contract: hands played, made, the mean turns to lay (of those made),
    the mean points, and the coach's agreement (decisions agreed, weighed)."""

    played: int
    made: int
    turns: float | None
    points: float
    agreed: int
    weighed: int


def per_contract(records: list[HandRecord]) -> dict[int, ContractFigures]:
    """The figures of each contract played."""
    out: dict[int, ContractFigures] = {}
    for hand in sorted({r.hand for r in records}):
        rs = [r for r in records if r.hand == hand]
        made = [r for r in rs if r.made]
        out[hand] = ContractFigures(
            len(rs), len(made), sum(r.turns for r in made) / len(made) if made else None,
            sum(r.points for r in rs) / len(rs), sum(r.agreed for r in rs), sum(r.weighed for r in rs),
        )
    return out


def weakest(records: list[HandRecord]) -> int | None:
    """The contract made least often (then the one that costs most points), or None."""
    figures = per_contract(records)
    if not figures:
        return None
    return min(figures, key=lambda h: (figures[h].made / figures[h].played, -figures[h].points))
