"""The Statistics scene's Progress page: each contract of the schedule with the hands played
(games and practice), how often it was made, the turns to lay it, the points it cost and how
often the player's decisions were the coach's advice; the weakest contract marked; and the trend
of one contract's points, hand after hand (:mod:`..storage.progress`)."""

from __future__ import annotations

import pygame

from ..i18n import tr
from ..practice import SCHEDULE
from ..storage.progress import ContractFigures, HandRecord, per_contract
from ..ui import palette
from ..ui import text as txt
from ..ui.draw import panel

#: The hands the trend chart shows at most.
TREND = 30


def draw_progress(surface: pygame.Surface, box: pygame.Rect, records: list[HandRecord], chosen: int | None,
                  weakest: int | None, font: int) -> dict[int, pygame.Rect]:
    """The page in ``box``; the rows' rectangles by contract (a click on one shows its trend)."""
    top = pygame.Rect(box.x, box.y, box.w, round(box.h * 0.56))
    low = pygame.Rect(box.x, top.bottom + 12, box.w, box.bottom - top.bottom - 12)
    rows = _table(surface, top, per_contract(records), chosen, weakest, font)
    hand = chosen or weakest
    _trend(surface, low, [r for r in records if r.hand == hand][-TREND:], hand, font)
    return rows


def _table(surface: pygame.Surface, box: pygame.Rect, figures: dict[int, ContractFigures], chosen: int | None,
           weakest: int | None, font: int) -> dict[int, pygame.Rect]:
    panel(surface, box, alpha=165)
    heads = ("progress.contract", "progress.played", "progress.made", "progress.turns", "progress.points",
             "progress.agreed")
    x0, y = box.x + 16, box.y + 10
    widths = [0.34, 0.11, 0.13, 0.14, 0.13, 0.15]
    xs = [x0 + round(sum(widths[:i]) * (box.w - 32)) for i in range(len(widths))]
    for x, key in zip(xs, heads, strict=True):
        txt.draw(surface, tr(key), font - 1, (x, y), palette.GOLD, bold=True)
    line = max(font + 6, (box.h - font - 26) // 9)
    y += font + 10
    rects: dict[int, pygame.Rect] = {}
    for hand, contract in SCHEDULE.items():
        f = figures.get(hand)
        row = pygame.Rect(box.x + 6, y - 2, box.w - 12, line)
        rects[hand] = row
        if hand == chosen:
            pygame.draw.rect(surface, (40, 80, 60), row, border_radius=6)
        name = tr("practice.hand", n=hand, contract=contract)
        if hand == weakest:
            name += "  ◂ " + tr("progress.weakest")
        colour = palette.INVALID if hand == weakest else palette.TEXT
        cells = [name, *_cells(f)]
        for x, cell in zip(xs, cells, strict=True):
            txt.draw(surface, cell, font - 1, (x, y + 2), colour, bold=hand == weakest)
        y += line
    return rects


def _cells(f: ContractFigures | None) -> list[str]:
    """A contract's figures as the table's cells."""
    if f is None:
        return ["–"] * 5
    turns = f"{f.turns:.1f}" if f.turns is not None else "–"
    agreed = f"{100 * f.agreed / f.weighed:.0f}%" if f.weighed else "–"
    return [str(f.played), f"{100 * f.made / f.played:.0f}%", turns, f"{f.points:.0f}", agreed]


def _trend(surface: pygame.Surface, box: pygame.Rect, records: list[HandRecord], hand: int | None,
           font: int) -> None:
    """The chosen contract's points, hand after hand (a dot filled when it was made), and their
    running mean."""
    panel(surface, box, alpha=165)
    if hand is None:
        title = tr("progress.none")
    else:
        title = tr("progress.trend", hand=tr("practice.hand", n=hand, contract=SCHEDULE[hand]))
    txt.draw(surface, title, font, (box.x + 14, box.y + 8), palette.GOLD, bold=True)
    if not records:
        return
    plot = pygame.Rect(box.x + 50, box.y + font + 22, box.w - 70, box.h - font * 2 - 40)
    top = max(50, max(r.points for r in records))
    n = len(records)

    def at(i: int, v: float) -> tuple[int, int]:
        return plot.x + round(plot.w * (i + 0.5) / n), plot.bottom - round(plot.h * v / top)

    pygame.draw.line(surface, palette.GOLD_DARK, plot.bottomleft, plot.bottomright, 1)
    txt.draw(surface, str(top), font - 3, (plot.x - 6, plot.y), (190, 198, 188), anchor="topright")
    txt.draw(surface, "0", font - 3, (plot.x - 6, plot.bottom), (190, 198, 188), anchor="bottomright")
    mean, points = 0.0, []
    for i, r in enumerate(records):
        mean += (r.points - mean) / (i + 1)
        points.append(at(i, mean))
        pygame.draw.circle(surface, palette.VALID, at(i, r.points), 5, 0 if r.made else 2)
    if len(points) > 1:
        pygame.draw.lines(surface, palette.GOLD, closed=False, points=points, width=3)
    txt.draw(surface, tr("progress.trend_key"), font - 3, (box.x + 14, box.bottom - 6), (200, 208, 198),
             anchor="bottomleft", max_width=box.w - 28)
