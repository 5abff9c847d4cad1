"""The players around the table: each opponent's seat (name, level, cards held, calls or laid,
the dealer's mark), the player's own badge above the hand, and the side panel's scores and log.
Words are never shortened: a long name takes a smaller size or a second line, a long move in the
log runs on to the next line."""

from __future__ import annotations

import pygame

from ...engine.turn import DecisionKind
from ...i18n import number, tr, tr_n
from ...play.session import HUMAN
from ...ui import cards as art
from ...ui import palette
from ...ui import text as txt
from ...ui.draw import glow, panel
from .controls import prompt_boxes
from .frame import DIM, TableFrame
from .geometry import TableGeometry
from .presenters import presenter


def draw_side(surface: pygame.Surface, f: TableFrame, g: TableGeometry) -> None:
    """The side panel: the scores (the dealer marked) and the log of this hand."""
    lay = g.layout
    side = lay.side.inflate(-12, -12)
    panel(surface, side, alpha=150)
    x, y = side.x + 12, side.y + 10
    txt.draw(surface, tr("table.scores"), lay.font, (x, y), palette.GOLD, bold=True)
    y += lay.font + 10
    current = f.out if f.ended else f.view.turn  # while a hand that ended is on show: who went out
    for seat, name in enumerate(f.names):
        dealer = " · " + tr("table.dealer_mark") if seat == f.view.dealer else ""
        colour = palette.GOLD if seat == current and not f.over else palette.TEXT
        score = txt.draw(
            surface, number(f.totals[seat]), lay.small + 1, (side.right - 12, y), colour, bold=True,
            anchor="topright",
        )
        room = score.x - 10 - x
        size = next((k for k in (lay.small + 1, lay.small, lay.small - 1)
                     if txt.width(name + dealer, k, bold=seat == HUMAN) <= room), lay.small - 1)
        txt.draw(surface, name + dealer, size, (x, y), colour, bold=seat == HUMAN, max_width=room)
        y += lay.small + 8
    y += 8
    pygame.draw.line(surface, palette.GOLD_DARK, (x, y), (side.right - 12, y), 1)
    y += 10
    if f.guided:  # the guide's tips take the log's place
        return
    txt.draw(surface, tr("table.log"), lay.font, (x, y), palette.GOLD, bold=True)
    y += lay.font + 8
    line_h = lay.small + 7
    boxes = dict(zip((DecisionKind.CALL, DecisionKind.ALLOW), prompt_boxes(lay), strict=True))
    bottom = boxes[f.prompt].y - 8 if f.prompt in boxes else side.bottom  # the log stops above a prompt
    room = max(1, (bottom - y - 8) // line_h)
    rows: list[tuple[int, int, int, str]] = []  # (seat, age, indent, words), the newest last
    for age, (seat, line) in enumerate(reversed(f.log)):
        wrapped = txt.wrap(line, lay.small, side.w - 36)  # a long move runs on, indented
        if len(rows) + len(wrapped) > room:
            break
        rows[:0] = [(seat, age, 12 if k else 0, part) for k, part in enumerate(wrapped)]
    for seat, age, indent, line in rows:
        colour = palette.GOLD if seat == HUMAN else (palette.TEXT if age < 3 else palette.TEXT_FAINT)
        txt.draw(surface, line, lay.small, (x + indent, y), colour)
        y += line_h


def draw_seat(surface: pygame.Surface, f: TableFrame, g: TableGeometry, seat: int) -> None:
    """An opponent: name, level, cards held (a fan of backs when there is room), calls used or
    laid, the dealer's mark, and a glow while it is their move."""
    lay = g.layout
    view = f.view
    r = lay.seats[seat]
    active = seat in f.active
    if active:
        glow(surface, r, palette.GOLD, radius=12)
    panel(surface, r, alpha=175, radius=12, border=palette.GOLD_DARK if not active else None)
    x = r.x + 10
    wide = r.w >= round(200 * lay.scale)
    fan_left = _draw_seat_fan(surface, f, g, seat) if wide else r.right - 8
    colour = palette.GOLD if active else palette.TEXT
    y2 = r.y + 6
    lines, size = _name(f, g, seat)
    for line in lines:
        txt.draw(surface, line, size, (x, y2), colour, bold=True)
        y2 += size + 2
    mark = _dealer_place(f, g, seat, wide=wide) if seat == view.dealer else None
    flashing = any(s == seat for s, _ in f.flash)  # a bubble stands over the level for a moment
    if not flashing and (mark is None or mark[2]):
        txt.draw(surface, f.titles[seat], lay.small, (x, y2 + 2), DIM, max_width=fan_left - x - 6)
    if mark is not None and not (flashing and y2 <= mark[0][1] < _counts_top(g, seat, wide=wide)):
        words = tr("table.dealer_mark")
        txt.draw(surface, words, lay.small - 1, mark[0], palette.GOLD, bold=True, anchor=mark[1])
    _draw_seat_counts(surface, f, g, seat, wide=wide)


def _dealer_place(
    f: TableFrame, g: TableGeometry, seat: int, *, wide: bool
) -> tuple[tuple[int, int], str, bool]:
    """Where a seat's dealer mark goes, its anchor, and whether the level is drawn too: on the
    bottom line of a wide seat, between the cards held and the calls (or the laid mark), where
    it fits; else beside the level where both fit whole, else on a line of its own under it,
    else beside the name, else in the level's place (never cut, never over other words)."""
    lay, r = g.layout, g.layout.seats[seat]
    x, right = r.x + 10, (_fan(f, g, seat)[0] - 6 if wide else r.right - 10)
    mark_w = txt.width(tr("table.dealer_mark"), lay.small - 1, bold=True)
    if wide:
        held = x + txt.width(tr_n("table.cards", f.view.hand_sizes[seat]), lay.small, bold=True) + 10
        calls = r.right - 10 - txt.width(seat_mark(f, seat)[0], lay.small, bold=True) - 10
        if calls - held >= mark_w:
            return ((held + calls) // 2, r.bottom - 6), "midbottom", True
    lines, size = _name(f, g, seat)
    top = r.y + 6 + len(lines) * (size + 2) + 2  # the level's line
    if txt.width(f.titles[seat], lay.small) + 8 + mark_w <= right - x:
        return (right, top), "topright", True
    line_h = txt.render("Ag", lay.small, DIM, bold=False).get_height()
    if top + 2 * line_h <= _counts_top(g, seat, wide=wide) - 1:
        return (x, top + line_h), "topleft", True
    for k, line in enumerate(lines):
        if txt.width(line, size, bold=True) + 8 + mark_w <= right - x:
            return (right, r.y + 6 + k * (size + 2) + max(0, size - lay.small) // 2), "topright", True
    return (x, top), "topleft", False


def _counts_top(g: TableGeometry, seat: int, *, wide: bool) -> int:
    """The top of a seat's bottom line (the cards it holds and its calls)."""
    lay, r = g.layout, g.layout.seats[seat]
    high = txt.render("0", lay.small, DIM, bold=True).get_height()
    return r.bottom - 6 - (high if wide else max(high, art.back(lay.small + 6).get_height()))


def seat_name_lines(name: str, room: int, font: int, small: int) -> tuple[list[str], int]:
    """A seat's name as it fits ``room``: one line at the body size, else at the small size,
    else two lines at the small size (never shortened)."""
    for size in (font, small + 1, small):
        if txt.width(name, size, bold=True) <= room:
            return [name], size
    return txt.wrap(name, small, room, bold=True), small


def _name(f: TableFrame, g: TableGeometry, seat: int) -> tuple[list[str], int]:
    """A seat's name as it is drawn: its lines and their size."""
    lay, r = g.layout, g.layout.seats[seat]
    wide = r.w >= round(200 * lay.scale)
    fan_left = _fan(f, g, seat)[0] if wide else r.right - 8
    return seat_name_lines(f.names[seat], fan_left - r.x - 16, lay.font, lay.small)


def _fan(f: TableFrame, g: TableGeometry, seat: int) -> tuple[int, int, int, int]:
    """A wide seat's fan of backs: its left edge, the cards shown, their height and step."""
    lay, r = g.layout, g.layout.seats[seat]
    count = f.view.hand_sizes[seat]
    ch = max(24, round(r.h * 0.42))
    step = max(3, round(ch * 0.16))
    room = r.w - 30 - txt.width(f.names[seat], lay.font, bold=True) - round(ch * 0.714)
    shown = min(count, 12, max(0, room // step + 1))
    if not shown:
        return r.right - 8, 0, ch, step
    return r.right - 10 - round(ch * 0.714) - (shown - 1) * step, shown, ch, step


def draw_flash(surface: pygame.Surface, f: TableFrame, g: TableGeometry) -> None:
    """The opponents' "Call!" and "Laid down!": a bubble for a moment over the seat's level,
    between its name and its counts (both stay in view)."""
    lay = g.layout
    for seat, text in f.flash:
        if seat not in lay.seats:
            continue
        r = lay.seats[seat]
        lines, size = _name(f, g, seat)
        top = r.y + 6 + len(lines) * (size + 2) + 1
        wide = r.w >= round(200 * lay.scale)
        bubble = pygame.Rect(r.x + 4, top, r.w - 8, _counts_top(g, seat, wide=wide) - 2 - top)
        panel(surface, bubble, alpha=245, radius=min(14, bubble.h // 2), fill=palette.GOLD)
        big = next((k for k in (lay.font + 4, lay.font, lay.small)
                    if txt.width(text, k, bold=True) <= bubble.w - 8 and k <= bubble.h), lay.small)
        txt.draw(surface, text, big, bubble.center, palette.BACK_BLACK, bold=True, anchor="center")


def _draw_seat_fan(surface: pygame.Surface, f: TableFrame, g: TableGeometry, seat: int) -> int:
    """The fan of backs (or the open hand with J-V9) at a wide seat's top right; its left edge."""
    left, shown, ch, step = _fan(f, g, seat)
    if not shown:
        return left
    open_hands = f.view.open_hands
    for i in range(shown):
        img = art.face(open_hands[seat][i], ch) if open_hands else art.back(ch)
        surface.blit(img, (left + i * step, g.layout.seats[seat].y + 6))
    return left


def _draw_seat_counts(
    surface: pygame.Surface, f: TableFrame, g: TableGeometry, seat: int, *, wide: bool
) -> None:
    """A seat's bottom line: the cards it holds, and its calls used (or that it has laid)."""
    lay, r, view = g.layout, g.layout.seats[seat], f.view
    x = r.x + 10
    count = view.hand_sizes[seat]
    if wide:
        held = tr_n("table.cards", count)
    else:  # narrow: a little card back with the number, and the bare call count
        icon = art.back(lay.small + 6)
        surface.blit(icon, (x, r.bottom - 6 - icon.get_height()))
        x += icon.get_width() + 4
        held = str(count)
    held_w = txt.draw(surface, held, lay.small, (x, r.bottom - 6), palette.TEXT, bold=True,
                      anchor="bottomleft").w
    status, colour = seat_mark(f, seat, short=not wide)
    bold = colour != DIM
    room = r.right - 10 - (x + held_w + 6)  # the mark keeps clear of the count (a longer language's words)
    size = txt.size_to_fit(status, lay.small, room, bold=bold, least=9)
    if txt.width(status, size, bold=bold) > room and status[:1] in "✓✗":
        status = status[0]  # the mark alone where its words find no room beside the count
    txt.draw(surface, status, size, (r.right - 10, r.bottom - 6), colour, bold=bold, anchor="bottomright")


def seat_mark(f: TableFrame, seat: int, *, short: bool = False) -> tuple[str, palette.Colour]:
    """What a seat's status says: out of the game (British Kalooki, B-11), laid (or come out,
    B-4), or the calls used; "" when there is nothing to say."""
    view = f.view
    if not view.active[seat]:
        return tr("table.eliminated"), palette.INVALID
    if view.laid[seat]:
        return tr(presenter(view.rules).laid_mark), palette.VALID
    if not f.calling:
        return "", DIM
    if short:
        return f"{view.calls_used[seat]}/{f.max_calls}", DIM
    return tr("table.calls", n=view.calls_used[seat], of=f.max_calls), DIM


def draw_own_badge(surface: pygame.Surface, f: TableFrame, g: TableGeometry) -> None:
    """Beside the player's hand, as at an opponent's seat: the name, the dealer's mark, the calls
    used (or that the player has laid), a line each, in the badge's column (clear of the cards)."""
    lay, box = g.layout, g.badge()
    y = box.bottom - lay.hand_card_h
    for part in own_badge_text(f).split(_BADGE_SEP):
        for line in txt.wrap(part, lay.small, box.w, bold=True):
            txt.draw(surface, line, lay.small, (box.x, y), palette.GOLD, bold=True)
            y += lay.small + 4


#: Between the parts of the player's badge when it is one line.
_BADGE_SEP = "  ·  "


def own_badge_text(f: TableFrame) -> str:
    """The player's name, then the dealer's mark, then the calls used or that the player has laid."""
    view = f.view
    parts = [f.names[HUMAN]]
    if view.dealer == HUMAN:
        parts.append(tr("table.dealer_mark"))
    mark = seat_mark(f, HUMAN)[0]
    if mark:
        parts.append(mark)
    return _BADGE_SEP.join(parts)
