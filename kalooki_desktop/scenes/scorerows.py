"""The rows of the scoreboard's table of scores, as text: a row for each scored hand or deal and,
in British Kalooki, a row for the buy-ins after the deal that brought them (B-11), so that each
column adds up to the total under it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.game import DealResult
from ..i18n import number, tr


@dataclass(frozen=True, slots=True)
class ScoreRow:
    """One row of the table: its label, a text per seat, who went out (shown in green), whether
    the table was bent (starred) and whether it is a buy-in row."""

    label: str
    cells: tuple[str, ...]
    out: int | None = None
    bent: bool = False
    buy_in: bool = False


def score_rows(
    results: Sequence[DealResult], bought: Sequence[tuple[int, int, int]] = ()
) -> list[ScoreRow]:
    """The table's rows for the scored ``results`` (void ones left out by the caller) and the
    buy-ins ``bought`` as (scored deals before it, seat, the total bought back in at)."""
    rows = []
    for i, r in enumerate(results, start=1):
        rows.append(ScoreRow(str(r.number), tuple(number(s) for s in r.scores), r.out, bent=r.big_out))
        at = {seat: total for deal, seat, total in bought if deal == i}
        if at:
            seats = range(len(r.scores))
            cells = tuple(tr("score.bought_in_at", score=at[p]) if p in at else "" for p in seats)
            rows.append(ScoreRow(tr("score.bought_in_row"), cells, buy_in=True))
    return rows
