"""How a finished hand's end is said where its points are shown (the practice result, the
review): who went out, and a bent table's doubled scores (J-8.2)."""

from __future__ import annotations

from ..engine.game import DealResult
from ..i18n import tr


def hand_end_lines(r: DealResult, names: list[str] | tuple[str, ...]) -> list[str]:
    """Who went out, and that the table was bent (J-8.2) when it doubled the scores."""
    lines = [tr("score.no_one_out") if r.out is None else tr("score.went_out", name=names[r.out])]
    if r.big_out:
        lines.append(tr("practice.bent" if r.contract_text else "practice.kalooki"))
    return lines


def score_text(r: DealResult, seat: int) -> str:
    """A seat's points for the hand, a doubled score with its doubling: "+120 (60 × 2)"."""
    score = r.scores[seat]
    doubled = r.big_out and seat not in (r.out, r.cut_bonus_seat) and score > 0
    return tr("practice.doubled", score=score, half=score // 2) if doubled else f"+{score}"
