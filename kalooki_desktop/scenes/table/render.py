"""Drawing the table: pure functions of a frozen snapshot of one frame (:class:`TableFrame`) and
the table's geometry. They read; they never change the game or the scene."""

from __future__ import annotations

import pygame

from ...engine.actions import Discard, MoveJoker, PluckDiscard, PluckStock, Tack
from ...engine.cards import JOKER
from ...engine.refusal import Refusal
from ...engine.rules import FOUR, THREE
from ...i18n import card_name, refusal_text, tr
from ...play.session import HUMAN
from ...ui import cards as art
from ...ui import palette
from ...ui import text as txt
from ...ui.anim import Flight
from ...ui.draw import felt, glow, mark, panel
from ...ui.layout import row
from .drops import Targets
from .frame import DIM, TableFrame
from .geometry import TableGeometry
from .model import SlotState
from .pointer import DRAG_GROWTH, DRAG_LIFT, DRAG_SHADOW_AT, Drag
from .seats import draw_own_badge, draw_seat, draw_side
from .slotrules import ANY

# --- the layer that changes only with the game ---------------------------------------------


def draw_static(surface: pygame.Surface, f: TableFrame, g: TableGeometry, *, bar_limit: int) -> None:
    """The felt, the bar with the schedule, scores and log, the seats, the piles and the melds."""
    surface.blit(felt(g.layout.size), (0, 0))
    draw_bar(surface, f, g, limit=bar_limit)
    draw_side(surface, f, g)
    for seat in g.layout.seats:
        draw_seat(surface, f, g, seat)
    draw_piles(surface, f, g)
    draw_melds(surface, f, g)


def draw_bar(surface: pygame.Surface, f: TableFrame, g: TableGeometry, *, limit: int) -> None:
    """The top bar: this hand and its contract, and the schedule as a row of boxes."""
    lay = g.layout
    bar = lay.bar
    panel(surface, bar, alpha=170, radius=0)
    n = len(f.schedule)
    r = txt.draw(surface, f.title, lay.font + 2, (12, bar.centery), palette.GOLD, bold=True, anchor="midleft")
    x = r.right + 18
    box_h = bar.h - 14
    box_w = max(24, min(round(box_h * 2.1), (limit - x) // max(1, n) - 4))
    for i, text in enumerate(f.schedule):
        rect = pygame.Rect(x + i * (box_w + 4), bar.y + 7, box_w, box_h)
        if rect.right > limit:
            break
        current = i == f.hand_index and not f.sudden_death
        fill = palette.GOLD if current else palette.PANEL
        border = palette.GOLD_DARK if not current else None
        panel(surface, rect, alpha=255 if current else 160, radius=6, fill=fill, border=border)
        colour = palette.BACK_BLACK if current else (palette.TEXT_PAST if i < f.hand_index else palette.TEXT)
        label = text.replace(" ", "") if box_w < 58 else text
        txt.draw(
            surface,
            label,
            max(10, lay.small - 1),
            rect.center,
            colour,
            bold=current,
            anchor="center",
            max_width=rect.w - 4,
        )


def draw_piles(surface: pygame.Surface, f: TableFrame, g: TableGeometry) -> None:
    """The stock (a little stack of backs with its count) and the discard pile (its top card
    and a hint of the ones below)."""
    lay = g.layout
    view = f.view
    n = view.stock_count
    ch = lay.stock.h
    if n:
        for i in range(min(4, 1 + n // 12), 0, -1):
            surface.blit(art.shadow(ch), (lay.stock.x + 3 + i * 2, lay.stock.y + 5 - i * 2))
            surface.blit(art.back(ch), (lay.stock.x + i * 2, lay.stock.y - i * 2))
    else:
        pygame.draw.rect(surface, palette.GOLD_DARK, lay.stock, 2, border_radius=8)
    pile = list(view.discard_pile)
    if "pile" in f.hidden and pile:
        pile = pile[:-1]
    if f.drag is not None and f.drag.source == "pile" and pile:
        pile = pile[:-1]
    if pile:
        for i, card in enumerate(pile[-3:-1]):
            surface.blit(
                art.face(card, ch, four_colour=f.four_colour),
                (lay.pile.x - 6 + i * 3, lay.pile.y + 4 - i * 2),
            )
        surface.blit(art.shadow(ch), (lay.pile.x + 3, lay.pile.y + 5))
        surface.blit(art.face(pile[-1], ch, four_colour=f.four_colour), lay.pile.topleft)
    else:
        pygame.draw.rect(surface, palette.GOLD_DARK, lay.pile, 2, border_radius=8)
    for words, anchor in pile_labels(f, g):
        size = pile_label_size(words, g)
        txt.draw(surface, words, size, anchor, palette.TEXT, bold=False, anchor="midbottom")


def pile_labels(f: TableFrame, g: TableGeometry) -> list[tuple[str, tuple[int, int]]]:
    """The stock's label (with its count) and the discard pile's, each with the midpoint of its
    bottom edge, just above its pile."""
    lay = g.layout
    return [
        (tr("table.stock", n=f.view.stock_count), (lay.stock.centerx, lay.stock.y - 8)),
        (tr("table.discard_pile"), (lay.pile.centerx, lay.pile.y - 8)),
    ]


def pile_label_size(words: str, g: TableGeometry) -> int:
    """The size of a pile's label: the small size, or less where a longer language's words would
    reach over the other pile's label (each has the room between the two piles' centres)."""
    lay = g.layout
    return txt.size_to_fit(words, lay.small, lay.pile.centerx - lay.stock.centerx - 6, least=10)


def draw_flights(
    surface: pygame.Surface, f: TableFrame | None, g: TableGeometry, flights: list[Flight], now: float
) -> None:
    """The cards in the air; a pile's label that one crosses (a card landing on the pile from
    above) is drawn again over it, on a dark backing, so that it is never hidden."""
    boxes = []
    for flight in flights:
        flight.draw(surface, now)
        (x, y), scale = flight.at(now)
        w, h = flight.image.get_size()
        boxes.append(pygame.Rect(0, 0, round(w * scale), round(h * scale)))
        boxes[-1].center = (round(x), round(y))
    if f is None or not boxes:
        return
    for words, anchor in pile_labels(f, g):
        size = pile_label_size(words, g)
        box = txt.render(words, size, palette.TEXT, bold=False).get_rect(midbottom=anchor)
        if box.collidelist(boxes) >= 0:
            panel(surface, box.inflate(10, 4), alpha=215, radius=6)
            txt.draw(surface, words, size, anchor, palette.TEXT, bold=False, anchor="midbottom")


def draw_melds(surface: pygame.Surface, f: TableFrame, g: TableGeometry) -> None:
    """The melds on the table, grouped by owner, a joker of a four tagged with what it stands for."""
    lay = g.layout
    table = f.view.table
    if not table:
        txt.draw(
            surface,
            tr("table.no_melds"),
            lay.font,
            lay.melds.center,
            palette.FELT_WORDS,
            bold=False,
            anchor="center",
        )
        return
    ch, rects, labels = g.melds()
    for owner, band in labels:
        colour = palette.GOLD if owner == HUMAN else palette.TEXT
        drawn = txt.draw(surface, f.names[owner], lay.small, (band.x + 2, band.y), colour, bold=True)
        y = band.y + lay.small // 2 + 2
        if band.right > drawn.right + 12:
            pygame.draw.line(surface, palette.GOLD_DARK, (drawn.right + 8, y), (band.right, y), 1)
    for i, meld in enumerate(table):
        if f"meld:{i}" in f.hidden or i not in rects:
            continue
        box = rects[i]
        for k, (r, card) in enumerate(zip(row(box.x, box.y, ch, len(meld.cards)), meld.cards, strict=True)):
            surface.blit(art.face(card, ch, four_colour=f.four_colour), r)
            if card == JOKER and meld.kind == FOUR:
                tag = art.joker_tag(meld.stands_for(k), max(14, ch // 4), four_colour=f.four_colour)
                surface.blit(tag, tag.get_rect(midtop=(r.centerx - round(r.w * 0.2), r.bottom - 4)))


# --- what follows the pointer and the clock ------------------------------------------------


def draw_highlights(
    surface: pygame.Surface, f: TableFrame, g: TableGeometry, *, targets: Targets | None
) -> None:
    """Glows: the hint's card or pile, the piles the player may pluck from, and while a card is
    dragged every meld and the pile that would take it (``targets``, asked of the engine; the
    slots glow in :func:`draw_slots`). The target under the pointer glows brightest. A pile the
    player may pluck from and every target of a drag also get a mark above them (a shape, not
    a colour alone)."""
    lay = g.layout
    hint = f.hint
    stock, pile = f.plucks if f.drag is None else (False, False)
    if isinstance(hint, PluckStock):
        glow(surface, lay.stock, palette.GOLD, radius=8)
    elif stock:
        glow(surface, lay.stock, palette.VALID, radius=8)
    if isinstance(hint, PluckDiscard | Discard):
        glow(surface, lay.pile, palette.GOLD, radius=8)
    elif pile:
        glow(surface, lay.pile, palette.VALID, radius=8)
    for rect, may in ((lay.stock, stock), (lay.pile, pile)):
        if may:  # (below: their labels are above them)
            mark(surface, rect, palette.VALID, below=True)
    rects = g.melds()[1]
    if targets is not None and f.drag is not None:
        at = f.drag.pos
        if targets.pile:
            over = lay.pile.inflate(30, 30).collidepoint(at)
            glow(surface, lay.pile, palette.GOLD if over else palette.VALID, width=4, radius=8, spread=8)
            mark(surface, lay.pile, palette.GOLD if over else palette.VALID, below=True)
        for i in targets.melds:
            if i in rects:
                over = rects[i].inflate(16, 16).collidepoint(at)
                glow(surface, rects[i], palette.GOLD if over else palette.VALID, width=4, radius=6, spread=7)
                mark(surface, rects[i], palette.GOLD if over else palette.VALID)
    if isinstance(hint, Tack | MoveJoker) and hint.meld - 1 in rects:
        glow(surface, rects[hint.meld - 1], palette.GOLD, radius=6, spread=5)


def draw_banner(surface: pygame.Surface, g: TableGeometry, head: str, sub: str) -> pygame.Rect:
    """The banner over a hand that has ended: who went out, whether the table was bent, and that
    a click or a key goes on to the scores. Returns its box."""
    lay = g.layout
    big, body, small = lay.font * 2, lay.font + 2, lay.small
    lines = [(head, big, palette.GOLD, True)]
    if sub:
        lines.append((sub, body, palette.TEXT, True))
    lines.append((tr("table.outro_skip"), small, palette.TEXT_DIM, False))
    width = max(txt.width(text, size, bold=bold) for text, size, _, bold in lines) + 4 * lay.font
    height = sum(size + lay.font // 2 for _, size, _, _ in lines) + 2 * lay.font
    box = pygame.Rect(0, 0, min(width, lay.play.w - 20), height)
    box.midbottom = (lay.play.centerx, lay.controls.y - lay.font // 2)  # below the melds, above the hand
    panel(surface, box, alpha=235, radius=16, border=palette.GOLD, width=3)
    y = box.y + lay.font
    for text, size, colour, bold in lines:
        at = (box.centerx, y)
        txt.draw(surface, text, size, at, colour, bold=bold, anchor="midtop", max_width=box.w - 16)
        y += size + lay.font // 2
    return box


def draw_slots(
    surface: pygame.Surface, f: TableFrame, g: TableGeometry, targets: Targets | None
) -> None:
    """The staging slots: each with its cards, its ruling (the engine's, with the rule id) and,
    once every slot is valid, why the whole lay cannot be made if it cannot. While cards are
    dragged, every slot they would fit glows (the one under the pointer brightest)."""
    lay = g.layout
    for j, box in enumerate(lay.slots):
        _draw_slot(surface, f, g, j, box)
        if targets is not None and f.drag is not None:  # over the slot's border, to be seen
            over = box.collidepoint(f.drag.pos)
            if j in targets.slots:
                glow(surface, box, palette.GOLD if over else palette.VALID, width=4, radius=10, spread=8)
            elif over:
                glow(surface, box, palette.INVALID, width=3, radius=10)
    bad = f.lay_refusal
    b = lay.lay_button
    if f.opening is not None:  # the opening's running total (B-4)
        points, need = f.opening
        colour = palette.VALID if points >= need else palette.GOLD
        words = tr("table.opening", points=points, need=need)
        txt.draw(surface, words, lay.small + 1, (b.centerx, b.y - 3), colour, bold=True, anchor="midbottom")
    free = ANY in f.slot_kinds  # free slots: the empty one is no reason
    states = [st for st in f.slot_states if not (free and st == "empty")]
    if isinstance(bad, Refusal) and states and all(state is None for state in states):
        y = b.bottom + round(40 * lay.scale)
        for line in txt.wrap(refusal_text(bad, f.names), lay.small - 1, b.w)[:3]:
            txt.draw(surface, line, lay.small - 1, (b.x, y), palette.INVALID)
            y += lay.small + 1


def _draw_slot(surface: pygame.Surface, f: TableFrame, g: TableGeometry, j: int, box: pygame.Rect) -> None:
    lay = g.layout
    state, kind, cards = f.slot_states[j], f.slot_kinds[j], f.slots[j]
    if state is None:
        border, mark = palette.VALID, "✓"
    elif state == "empty":
        border, mark = palette.GOLD_DARK, ""
    else:
        border, mark = palette.INVALID, "✗"
    d = f.drag
    panel(surface, box, alpha=120, radius=10, border=border)
    title = f.slot_titles[j]
    txt.draw(
        surface,
        f"{title} {mark}",
        lay.small,
        (box.x + 10, box.y + 4),
        border if mark else palette.TEXT,
        bold=True,
    )
    hidden = d.hidden if d is not None and d.source == "slot" else None
    meld = f.slot_melds[j]
    rects = g.slot_rects(j)
    for k, (r, card) in enumerate(zip(rects, cards, strict=True)):
        if hidden != (j, k):
            surface.blit(art.face(card, r.h, four_colour=f.four_colour), r)
    for k, (r, card) in enumerate(zip(rects, cards, strict=True)):
        if card == JOKER and meld is not None and meld.kind == FOUR and hidden != (j, k):  # what it is
            shown = (rects[k + 1].x if k + 1 < len(rects) else r.right) - r.x
            tag = art.joker_tag(meld.stands_for(k), max(14, r.h // 4), four_colour=f.four_colour)
            centre = r.x + max(shown, tag.get_width() + 4) // 2
            surface.blit(tag, tag.get_rect(midbottom=(centre, r.bottom - 3)))
    y = box.y + lay.small + 10 + lay.slot_card_h
    lines, size = slot_ruling(state, kind, box.w - 16, lay.small - 1, max(2, (box.bottom - y) // lay.small))
    colour = palette.TEXT_HELP if state == "empty" else palette.VALID if state is None else palette.INVALID
    for line in lines:
        txt.draw(surface, line, size, (box.x + 8, y), colour)
        y += size + 1


def slot_ruling(state: SlotState, kind: int, width: int, size: int, most: int) -> tuple[list[str], int]:
    """What a slot says under its cards, as lines no wider than ``width``, at most ``most`` of
    them, and the text size: what to drop, "Ready", or the engine's ruling with its rule id:
    the whole sentence where it fits, else its short form; never cut."""
    if state == "empty":
        drop = {THREE: "table.slot_drop_three", FOUR: "table.slot_drop_four"}.get(kind, "table.slot_drop_any")
        texts = [tr(drop)]
    elif state is None:
        texts = [tr("table.slot_ok")]
    else:
        assert isinstance(state, Refusal)
        short = tr("refusal.with_rule", reason=tr(f"slot.{state.key}"), rule=state.rule)
        texts = [refusal_text(state), short]
    for text in texts:
        for s in (size, size - 1, size - 2):
            lines = txt.wrap(text, s, width)
            if len(lines) <= most:
                return lines, s
    return txt.wrap(texts[-1], size - 2, width), size - 2


def draw_status(
    surface: pygame.Surface,
    f: TableFrame,
    g: TableGeometry,
    *,
    between: tuple[int, int],
    call_bar: pygame.Rect,
) -> None:
    """The status line between the hand's buttons, and the Call prompt's draining time bar."""
    lay = g.layout
    text, colour = f.status
    left, right = between
    centre = ((left + right) // 2, lay.controls.centery)
    img = txt.render(text, lay.font, colour, bold=True)
    if img.get_width() <= right - left:
        surface.blit(img, img.get_rect(center=centre))
    else:  # smaller, and on two lines if it must: never cut
        size = txt.size_to_fit(text, lay.small, int(right - left), bold=True, least=11)
        lines = txt.wrap(text, size, int(right - left), bold=True)[:2]
        top = centre[1] - (len(lines) * (size + 2)) // 2
        for i, line in enumerate(lines):
            at = (centre[0], top + i * (size + 2))
            txt.draw(surface, line, size, at, colour, bold=True, anchor="midtop")
    if f.call_fraction is not None:
        track = pygame.Rect(call_bar.x, call_bar.bottom + 6, call_bar.w, 6)
        pygame.draw.rect(surface, palette.PANEL, track, border_radius=3)
        gone = track.w * (1 - f.call_fraction)
        pygame.draw.rect(surface, palette.GOLD, track.inflate(-gone, 0).move(-gone / 2, 0), border_radius=3)


def draw_hand(surface: pygame.Surface, f: TableFrame, g: TableGeometry) -> None:
    """The player's hand: selected cards lifted and outlined, the hovered card raised, the
    hint's card and the card just taken glowing; cards in flight or dragged left out."""
    lay = g.layout
    rects = g.hand_rects()
    skip = set(f.drag.hidden) if f.drag is not None and isinstance(f.drag.hidden, list) else set()
    for h in f.hidden:  # the last copy of a card still flying to the hand
        if h.startswith(("hand:", "back:")):
            card = int(h.split(":")[1])
            at = next(
                (i for i in range(len(f.order) - 1, -1, -1) if f.order[i] == card and i not in skip), None
            )
            if at is not None:
                skip.add(at)
    draw_own_badge(surface, f, g)
    hint = f.hint
    hint_card = hint.card if isinstance(hint, Discard | Tack | MoveJoker) else None
    shadow = art.shadow(lay.hand_card_h)
    radius = max(4, rects[0].w // 12) if rects else 4
    for i, (r, card) in enumerate(zip(rects, f.order, strict=True)):
        if i in skip:
            continue
        if i == f.hover and i not in f.selected:
            r = r.move(0, -round(lay.hand_card_h * 0.06))
        surface.blit(shadow, (r.x + 3, r.y + 5))
        surface.blit(art.face(card, lay.hand_card_h, four_colour=f.four_colour), r)
        if i in f.selected:
            pygame.draw.rect(surface, palette.GOLD, r.inflate(4, 4), 3, border_radius=radius)
        if hint_card == card:
            hint_card = None
            glow(surface, r, palette.GOLD, radius=radius)
        elif i == f.fresh:
            glow(surface, r, palette.VALID, radius=radius, spread=5)
    if not f.order and not f.over:
        txt.draw(
            surface,
            tr("table.hand_empty"),
            lay.font,
            lay.hand.center,
            palette.TEXT,
            bold=False,
            anchor="center",
        )


def draw_prompt_box(surface: pygame.Surface, box: pygame.Rect) -> None:
    """The panel behind the Call prompt's buttons (or the allow-or-refuse question)."""
    panel(surface, box.inflate(8, 8), alpha=120, radius=16)
    panel(surface, box, alpha=255, radius=14, border=palette.GOLD)  # nothing shows through


def draw_dialog(surface: pygame.Surface, f: TableFrame, g: TableGeometry, box: pygame.Rect) -> None:
    """The question when an opponent calls the player's discard: allow it or refuse it."""
    lay = g.layout
    view = f.view
    draw_prompt_box(surface, box)
    card = card_name(view.discard_top) if view.discard_top is not None else ""
    caller = view.caller
    name = f.names[caller] if caller is not None else ""
    y = box.y + 16
    for line in txt.wrap(tr("dialog.allow", name=name, card=card), lay.font, box.w - 24, bold=True):
        txt.draw(surface, line, lay.font, (box.centerx, y), palette.TEXT, bold=True, anchor="midtop")
        y += lay.font + 6
    if view.laid[HUMAN]:
        for line in txt.wrap(tr("dialog.allow_laid"), lay.small, box.w - 24):
            txt.draw(surface, line, lay.small, (box.centerx, y + 2), DIM, bold=False, anchor="midtop")
            y += lay.small + 4


def draw_drag(surface: pygame.Surface, drag: Drag, *, four_colour: bool) -> None:
    """The dragged cards, a little larger than in place, with their shadow."""
    for card, off, origin in zip(drag.cards, drag.offsets, drag.origins, strict=False):
        ch = round(origin.h * DRAG_GROWTH)
        img = art.back(ch) if drag.source == "stock" else art.face(card, ch, four_colour=four_colour)
        x, y = drag.pos[0] + off[0], drag.pos[1] + off[1]
        surface.blit(art.shadow(ch, DRAG_LIFT), (x + DRAG_SHADOW_AT[0], y + DRAG_SHADOW_AT[1]))
        surface.blit(img, (x, y))
