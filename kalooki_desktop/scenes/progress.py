"""The Statistics scene's Progress page: each contract played (the nine-hand schedule's in its
order, then any other: short and custom schedules) and each British game (Kalooki 40, 51: its
opening) with the hands or deals played (games and practice), how often the contract was made
or the player came out, the turns it took, the points a hand or deal cost, how often the player
went out at once (bent, a Kalooki) and how often their decisions were the coach's advice; the
weakest contract marked; and the trend of one row's points, hand after hand
(:mod:`..storage.progress`)."""

from __future__ import annotations

import pygame

from ..engine.systems import SYSTEMS
from ..i18n import number, percent, tr
from ..storage.progress import BRITISH, STANDARD, ContractFigures, HandRecord, contracts_shown, per_contract
from ..ui import palette
from ..ui import text as txt
from ..ui.draw import panel

#: The hands the trend chart shows at most.
TREND = 30
#: The hand number of each contract of the nine-hand schedule.
NUMBER = {contract: n for n, contract in STANDARD.items()}


def contract_name(contract: str) -> str:
    """A contract as the page names it: "Hand 3 · 3 4 4", "Other · 3 4", or a British game's
    opening: "Kalooki 40 · come out"."""
    if contract in BRITISH:
        return tr("progress.british", game=SYSTEMS["british"].rules(contract, ()).name)
    n = NUMBER.get(contract)
    if n is None:
        return tr("progress.other", contract=contract)
    return tr("practice.hand", n=n, contract=contract)


def draw_progress(surface: pygame.Surface, box: pygame.Rect, records: list[HandRecord], chosen: str | None,
                  weakest: int | None, font: int) -> dict[str, pygame.Rect]:
    """The page in ``box``; the rows' rectangles by contract (a click on one shows its trend).
    ``weakest`` is the hand number of the nine-hand schedule's weakest contract."""
    top = pygame.Rect(box.x, box.y, box.w, round(box.h * 0.56))
    low = pygame.Rect(box.x, top.bottom + 12, box.w, box.bottom - top.bottom - 12)
    marked = STANDARD.get(weakest) if weakest is not None else None
    rows = _table(surface, top, per_contract(records), chosen, marked, font)
    contract = chosen or marked
    _trend(surface, low, [r for r in records if r.played == contract][-TREND:], contract, font)
    return rows


def _table(surface: pygame.Surface, box: pygame.Rect, figures: dict[str, ContractFigures], chosen: str | None,
           weakest: str | None, font: int) -> dict[str, pygame.Rect]:
    panel(surface, box, alpha=165)
    heads = ("progress.contract", "progress.played", "progress.made", "progress.turns", "progress.points",
             "progress.big_outs", "progress.agreed")
    x0, y = box.x + 16, box.y + 10
    widths = [0.30, 0.10, 0.11, 0.12, 0.11, 0.12, 0.14]
    xs = [x0 + round(sum(widths[:i]) * (box.w - 32)) for i in range(len(widths))]
    head_h = _heads(surface, [tr(k) for k in heads], xs, box.right - 16, y, font - 1)
    shown = contracts_shown(figures)
    line = max(font + 2, (box.h - head_h - 26) // len(shown))
    size = min(font - 1, line - 3)
    y += head_h + 10
    rects: dict[str, pygame.Rect] = {}
    for contract in shown:
        f = figures.get(contract)
        row = pygame.Rect(box.x + 6, y - 2, box.w - 12, line)
        rects[contract] = row
        if contract == chosen:
            pygame.draw.rect(surface, palette.ROW_CHOSEN, row, border_radius=6)
        name = contract_name(contract)
        if contract == weakest:
            name += "  ◂ " + tr("progress.weakest")
        colour = palette.INVALID if contract == weakest else palette.TEXT
        cells = [name, *_cells(f)]
        for x, cell in zip(xs, cells, strict=True):
            txt.draw(surface, cell, size, (x, y + 2), colour, bold=contract == weakest)
        y += line
    return rects


def _heads(surface: pygame.Surface, words: list[str], xs: list[int], right: int, y: int, size: int) -> int:
    """The columns' heads, each in its column on at most two lines (smaller where a longer
    language needs it); returns their height."""
    ends = [*xs[1:], right + 8]
    cols = [(x, end - x - 8) for x, end in zip(xs, ends, strict=True)]
    pairs = list(zip(words, cols, strict=True))
    while size > 9 and any(len(txt.wrap(w, size, cw, bold=True)) > 2 for w, (_, cw) in pairs):
        size -= 1
    tallest = 1
    for w, (x, cw) in zip(words, cols, strict=True):
        lines = txt.wrap(w, size, cw, bold=True)
        tallest = max(tallest, len(lines))
        for i, part in enumerate(lines):
            txt.draw(surface, part, size, (x, y + i * (size + 2)), palette.GOLD, bold=True)
    return tallest * (size + 2)


def _cells(f: ContractFigures | None) -> list[str]:
    """A contract's figures as the table's cells, numbers as the language writes them."""
    if f is None:
        return ["–"] * 6
    turns = number(f.turns, 1) if f.turns is not None else "–"
    agreed = percent(f.agreed / f.weighed) if f.weighed else "–"
    made = percent(f.made / f.played)
    return [number(f.played), made, turns, number(f.points), number(f.big_outs), agreed]


def _trend(surface: pygame.Surface, box: pygame.Rect, records: list[HandRecord], contract: str | None,
           font: int) -> None:
    """The chosen contract's points, hand after hand (a dot filled when it was made), and their
    running mean."""
    panel(surface, box, alpha=165)
    title = tr("progress.none") if contract is None else tr("progress.trend", hand=contract_name(contract))
    txt.draw(surface, title, font, (box.x + 14, box.y + 8), palette.GOLD, bold=True)
    if not records:
        return
    top = max(50, max(r.points for r in records))
    gutter = max(50, txt.width(str(top), font - 3) + 14)  # the axis's figures stay inside the panel
    plot = pygame.Rect(box.x + gutter, box.y + font + 22, box.w - gutter - 20, box.h - font * 2 - 40)
    n = len(records)

    def at(i: int, v: float) -> tuple[int, int]:
        return plot.x + round(plot.w * (i + 0.5) / n), plot.bottom - round(plot.h * v / top)

    pygame.draw.line(surface, palette.GOLD_DARK, plot.bottomleft, plot.bottomright, 1)
    txt.draw(surface, str(top), font - 3, (plot.x - 6, plot.y), palette.TEXT_FAINT, anchor="topright")
    txt.draw(surface, "0", font - 3, (plot.x - 6, plot.bottom), palette.TEXT_FAINT, anchor="bottomright")
    mean, points = 0.0, []
    for i, r in enumerate(records):
        mean += (r.points - mean) / (i + 1)
        points.append(at(i, mean))
        pygame.draw.circle(surface, palette.VALID, at(i, r.points), 5, 0 if r.made else 2)
    if len(points) > 1:
        pygame.draw.lines(surface, palette.GOLD, closed=False, points=points, width=3)
    txt.draw(surface, tr("progress.trend_key"), font - 3, (box.x + 14, box.bottom - 6), palette.TEXT_DIM,
             anchor="bottomleft", max_width=box.w - 28)
