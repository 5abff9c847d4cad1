"""Where everything sits on the table, for any window size (LOOK.md): pure geometry, no state.

Sizes follow the window: the player's hand is the largest thing on screen, opponents sit in an
arc along the top, the stock and discard pile on the left of the middle, the melds beside them,
the staging slots above the hand while the contract is not laid, scores and the log on the right.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from .cards import card_size
from .theme import ui_scale

#: The cards' heights as shares of the window's height: in the hand, in a staging slot, on the
#: piles; and the melds' heights tried largest first. The large card size (Settings) is the second.
CARD_SHARES = {
    False: (0.19, 0.105, 0.15, (0.12, 0.105, 0.092, 0.08, 0.07, 0.062, 0.055, 0.048)),
    True: (0.235, 0.125, 0.17, (0.14, 0.12, 0.105, 0.092, 0.08, 0.07, 0.062, 0.055, 0.048)),
}
_large = False  # the large card size chosen in Settings


def set_large_cards(on: bool) -> bool:  # noqa: FBT001 (a setting's value)
    """The large card size (``on``) or the standard one; True if it changed."""
    global _large
    changed, _large = on != _large, on
    return changed


def meld_heights(window_h: int) -> tuple[int, ...]:
    """The melds' card heights in a window ``window_h`` high, largest first (the table shows them
    at the largest that fits)."""
    return tuple(max(34, round(window_h * f)) for f in CARD_SHARES[_large][3])


#: Cards of a meld overlap to this share of a card's width (the corner index stays visible).
MELD_STEP = 0.3


@dataclass
class TableLayout:
    """The rectangles of one table at one window size."""

    size: tuple[int, int]
    scale: float
    bar: pygame.Rect
    side: pygame.Rect
    play: pygame.Rect
    seats: dict[int, pygame.Rect]
    stock: pygame.Rect
    pile: pygame.Rect
    melds: pygame.Rect
    staging: pygame.Rect | None
    slots: list[pygame.Rect]
    controls: pygame.Rect
    hand: pygame.Rect
    hand_card_h: int
    slot_card_h: int
    font: int  # the body text size
    small: int  # the small text size
    lay_button: pygame.Rect = field(default_factory=pygame.Rect)


def table_layout(size: tuple[int, int], players: int, slot_kinds: list[int] | None) -> TableLayout:
    """The layout for ``players`` seats; ``slot_kinds`` are the staging slots (3 or 4 each), or None
    once the player has laid."""
    w, h = size
    s = ui_scale(size)
    hand_share, slot_share, pile_share, _ = CARD_SHARES[_large]
    font = max(14, round(16 * s))
    small = max(12, round(13 * s))
    bar = pygame.Rect(0, 0, w, round(44 * s))
    side_w = max(240, round(w * 0.19))
    side = pygame.Rect(w - side_w, bar.bottom, side_w, h - bar.bottom)
    play = pygame.Rect(0, bar.bottom, w - side_w, h - bar.bottom)
    pad = round(14 * s)
    hand_card_h = max(100, round(h * hand_share))
    lift = round(hand_card_h * 0.14)
    hand = pygame.Rect(play.x + pad, h - pad - hand_card_h - lift, play.w - 2 * pad, hand_card_h + lift)
    controls = pygame.Rect(play.x + pad, hand.y - round(42 * s), play.w - 2 * pad, round(38 * s))
    seats = _seats(play, bar, players - 1, s, pad)
    seats_bottom = max((r.bottom for r in seats.values()), default=bar.bottom)
    slot_card_h = max(64, round(h * slot_share))
    staging, slots, lay_button = _staging(play, controls, slot_kinds, slot_card_h, small, s, pad)
    middle_bottom = (staging.y if staging is not None else controls.y) - round(6 * s)
    middle = pygame.Rect(
        play.x + pad, seats_bottom + round(10 * s), play.w - 2 * pad,
        max(40, middle_bottom - seats_bottom - round(10 * s)),
    )
    pile_h = min(round(h * pile_share), middle.h - small - 10)
    pcw, _ = card_size(pile_h)
    stock = pygame.Rect(middle.x + round(6 * s), middle.y + small + 8, pcw, pile_h)
    pile = pygame.Rect(stock.right + round(22 * s), stock.y, pcw, pile_h)
    gap = round(34 * s)
    melds = pygame.Rect(pile.right + gap, middle.y, middle.right - pile.right - gap, middle.h)
    return TableLayout(
        size, s, bar, side, play, seats, stock, pile, melds, staging, slots, controls, hand,
        hand_card_h, slot_card_h, font, small, lay_button,
    )


def _seats(play: pygame.Rect, bar: pygame.Rect, opp: int, s: float, pad: int) -> dict[int, pygame.Rect]:
    """The opponents along a shallow arc at the top, seat 1 on the left."""
    seat_w = min(round(230 * s), (play.w - 2 * pad) // max(1, opp) - round(10 * s))
    seat_h = round(82 * s) if seat_w >= round(200 * s) else round(96 * s)  # narrow: room for two lines
    seats: dict[int, pygame.Rect] = {}
    for i in range(opp):
        frac = (i + 0.5) / opp
        cx = play.x + pad + frac * (play.w - 2 * pad)
        arc = round(34 * s * (1 - math.sin(math.pi * frac))) if opp > 1 else 0
        seats[i + 1] = pygame.Rect(0, 0, seat_w, seat_h)
        seats[i + 1].midtop = (round(cx), bar.bottom + round(8 * s) + arc)
    return seats


def _staging(
    play: pygame.Rect, controls: pygame.Rect, slot_kinds: list[int] | None, slot_card_h: int, small: int,
    s: float, pad: int,
) -> tuple[pygame.Rect | None, list[pygame.Rect], pygame.Rect]:
    """The staging area above the controls, its slots side by side, and the Lay button."""
    if not slot_kinds:
        return None, [], pygame.Rect(0, 0, 0, 0)
    label = small + 6
    st_h = slot_card_h + label + small * 2 + round(14 * s)
    staging = pygame.Rect(play.x + pad, controls.y - st_h - round(4 * s), play.w - 2 * pad, st_h)
    cw, _ = card_size(slot_card_h)
    gap = round(12 * s)
    button_w = round(170 * s)
    widths = [cw + {3: 3, 4: 4}.get(k, 5) * round(cw * 0.45) + 16 for k in slot_kinds]  # a free slot: 6 cards
    room = staging.w - button_w - gap * len(slot_kinds)
    if sum(widths) > room:
        f = room / sum(widths)
        widths = [round(x * f) for x in widths]
    slots = []
    x = staging.x
    for wd in widths:
        slots.append(pygame.Rect(x, staging.y, wd, staging.h))
        x += wd + gap
    lay_button = pygame.Rect(staging.right - button_w, staging.y + label, button_w, round(46 * s))
    return staging, slots, lay_button


def fan(area: pygame.Rect, card_h: int, n: int, max_step: float = 0.62) -> list[pygame.Rect]:
    """Rects of ``n`` overlapped cards centred in ``area`` along its bottom (the hand, a slot row)."""
    if n <= 0:
        return []
    cw, ch = card_size(card_h)
    step = min(cw * max_step, (area.w - cw) / max(1, n - 1)) if n > 1 else 0
    total = cw + step * (n - 1)
    x0 = area.x + (area.w - total) / 2
    return [pygame.Rect(round(x0 + i * step), area.bottom - ch, cw, ch) for i in range(n)]


def row(x: int, y: int, card_h: int, n: int, step: float = MELD_STEP) -> list[pygame.Rect]:
    """Rects of ``n`` cards overlapped left to right from (x, y)."""
    cw, ch = card_size(card_h)
    return [pygame.Rect(round(x + i * cw * step), y, cw, ch) for i in range(n)]


def row_width(card_h: int, n: int, step: float = MELD_STEP) -> int:
    """The width of :func:`row` for ``n`` cards."""
    cw, _ = card_size(card_h)
    return round(cw + max(0, n - 1) * cw * step)


def meld_flow(
    area: pygame.Rect, groups: list[tuple[int, list[tuple[int, int]]]], label_h: int, sizes: tuple[int, ...]
) -> tuple[int, dict[int, pygame.Rect], list[tuple[int, pygame.Rect]]] | None:
    """Place the melds on the table, grouped by owner, at the largest card height that fits.

    ``groups`` is [(owner, [(meld index, cards), ...]), ...]. Returns (card height, meld rects by
    index, owner labels) or None if nothing fits. A group that wraps onto another line gets a
    label on each line, so every meld's owner can be read where it lies.
    """
    for ch in sizes:
        rects: dict[int, pygame.Rect] = {}
        labels: list[tuple[int, pygame.Rect]] = []
        gap = max(6, ch // 8)
        line_h = label_h + ch + gap
        x, y = area.x, area.y
        ok = True
        for owner, melds in groups:
            widths = [row_width(ch, n) for _, n in melds]
            first_w = widths[0] if widths else 0
            if x > area.x and x + first_w > area.right:
                x, y = area.x, y + line_h
            seg_x = x
            for (index, _), wd in zip(melds, widths, strict=True):
                if x + wd > area.right and x > area.x:
                    labels.append((owner, pygame.Rect(seg_x, y, x - gap - seg_x, label_h)))
                    x, y = area.x, y + line_h
                    seg_x = x
                rects[index] = pygame.Rect(x, y + label_h, wd, ch)
                x += wd + gap
            labels.append((owner, pygame.Rect(seg_x, y, x - gap - seg_x, label_h)))
            x += gap * 3
            if y + line_h - gap > area.bottom:
                ok = False
                break
        if ok:
            return ch, rects, labels
    return None
