"""The player's progress at each contract: one record per Jamaican hand played (in games and in
practice) in ``progress.json``: the contract played, made or not, in how many turns, the points
it cost, and how often the player's decisions agreed with the coach's advice.

A record names its game and the hand's number in that game's schedule, and a hand is recorded
once: a game brought back from its autosave before the end of a hand that was already counted
(a kill between the two writes) does not count it again. A record without a contract (an older
file) is the hand of that number in the nine-hand schedule.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass

from ..engine.actions import Lay, PluckDiscard, PluckStock, Refuse, taken_back
from ..engine.rules import CARDS_FOR_CONTRACT, contract_text, make_rules
from ..play.record import HUMAN, GameRecord
from . import schema as sc
from .files import reason
from .records import RecordFile

#: The nine-hand schedule's contracts by hand number, in its order.
#: The British games whose deals are kept, by preset: coming out is what is practised (B-4).
BRITISH = ("british40", "kalooki51")
STANDARD = {spec.number: spec.contract_text for spec in make_rules("jamaican").schedule}


@dataclass
class HandRecord:
    """One hand as the player played it."""

    date: str
    hand: int  # its number in its game's schedule (a practice hand: the number of the nine it practises)
    made: bool  # the contract laid
    turns: int  # the player's turns until it was laid (0: not laid)
    points: int  # what the hand cost the player
    weighed: int = 0  # the player's decisions the coach weighed
    agreed: int = 0  # of those, the ones that were the coach's advice
    practice: bool = False
    contract: str = ""  # the contract played ("3 4"); "": the nine-hand schedule's hand ``hand``
    game_id: str = ""  # the game it was played in: a hand is recorded once
    game: str = ""  # "": a Jamaican hand; a British deal: its preset ("british40", "kalooki51")
    big_out: bool = False  # the player went out at once: a bent hand (J-8.4), a Kalooki (B-V5)

    @property
    def played(self) -> str:
        """What was played: the contract, or a British game's preset (its opening to make)."""
        return self.game or self.contract or STANDARD.get(self.hand, "")


_RECORD = sc.obj(
    {
        "date": sc.string(40),
        "hand": sc.integer(1, 1000),
        "made": sc.boolean(),
        "turns": sc.integer(0, 1000),
        "points": sc.integer(0, 10**5),
    },
    {"weighed": sc.integer(0, 10**4), "agreed": sc.integer(0, 10**4), "practice": sc.boolean(),
     "contract": sc.string(40, choices=["", *(contract_text(c) for c in CARDS_FOR_CONTRACT)]),
     "game_id": sc.string(64), "game": sc.string(20, choices=["", *BRITISH]),
     "big_out": sc.boolean()},
)
#: ``progress.json``: the hands played.
FILE = RecordFile("progress.json", "hands", HandRecord, _RECORD, version=1, keep=3000, words="progress")


def last_deal(session: GameRecord) -> tuple[int, int]:
    """The action indices ``[first, end)`` of the last deal that ended."""
    ends = [mv.index for mv in session.moves if mv.result is not None]
    if not ends:
        return 0, 0
    return (ends[-2] + 1 if len(ends) > 1 else 0), ends[-1] + 1


def turns_to_lay(session: GameRecord) -> int | None:
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


def record_of(session: GameRecord, *, practice: bool = False) -> HandRecord | None:
    """The player's record of the last deal that ended, when it was scored: a Jamaican hand filed
    under the contract played (of the schedule or a sudden death), a British deal under its game
    (the opening to make, B-4: "made" is coming out); None for a void deal."""
    result = session.match.result
    if result is None or result.void:
        return None
    british = "" if result.contract_text else session.match.rules.preset
    if british and british not in BRITISH:
        return None
    number = result.number if not practice or session.practice is None else session.practice
    first, end = last_deal(session)
    notes = [n for i, n in session.notes.items() if first <= i < end]
    turns = turns_to_lay(session)
    return HandRecord(time.strftime("%Y-%m-%d %H:%M"), number, turns is not None, turns or 0,
                      result.scores[HUMAN], len(notes), sum(1 for n in notes if n.estimate.worlds == 0),
                      practice, result.contract_text, session.game_id, british,
                      result.big_out and result.out == HUMAN)


def record_hand(session: GameRecord, *, practice: bool = False) -> list[str]:
    """Add the last hand of ``session`` to the progress, unless that hand of that game is there
    already; the messages for the player (a damaged file, a failed write)."""
    record = record_of(session, practice=practice)
    if record is None:
        return []
    records, message = FILE.load()
    notes = [message] if message else []
    if record.game_id and any(r.game_id == record.game_id and r.hand == record.hand for r in records):
        return notes
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
    big_outs: int = 0  # out at once: bent hands, Kalookis


def per_contract(records: list[HandRecord]) -> dict[str, ContractFigures]:
    """The figures of each contract played, by its text ("3 3 4")."""
    out: dict[str, ContractFigures] = {}
    for contract in dict.fromkeys(r.played for r in records):
        rs = [r for r in records if r.played == contract]
        made = [r for r in rs if r.made]
        out[contract] = ContractFigures(
            len(rs), len(made), sum(r.turns for r in made) / len(made) if made else None,
            sum(r.points for r in rs) / len(rs), sum(r.agreed for r in rs), sum(r.weighed for r in rs),
            sum(1 for r in rs if r.big_out),
        )
    return out


def contracts_shown(played: Iterable[str]) -> list[str]:
    """The contracts the Progress page (and the Statistics' bars) list: the nine-hand schedule's
    in its order, then any other of ``played`` (short and custom schedules, sudden death), fewest
    cards first."""
    standard = list(STANDARD.values())
    seen = set(played)
    others = sorted({c for c in seen if c and c not in standard and c not in BRITISH},
                    key=lambda c: (len(c), c))
    return [*standard, *others, *(g for g in BRITISH if g in seen)]


def weakest(records: list[HandRecord]) -> int | None:
    """The contract of the nine-hand schedule (the ones practice offers) made least often, then
    the one that costs most points, as its hand number; None before one was played."""
    figures = per_contract(records)
    played = {hand: figures[c] for hand, c in STANDARD.items() if c in figures}
    if not played:
        return None
    return min(played, key=lambda h: (played[h].made / played[h].played, -played[h].points))


def weakest_hand() -> int | None:
    """:func:`weakest` of the saved progress (games and practice, by the contracts played): the
    hand the menu's Practice offers and the practice screen's "My weakest"."""
    return weakest(FILE.load()[0])
