"""The pointer and drag machine: a press on a card, the pile or the stock becomes a tap, a
double tap, or a drag that ends in a drop. It decides nothing about the game: it says what the
player did (an *intent*), and the table scene turns that into engine actions or slot changes."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from ...engine.cards import JOKER, Card
from .geometry import TableGeometry

#: Pixels the pointer must travel with the button held before a press becomes a drag.
DRAG_THRESHOLD = 6
#: A dragged card is drawn this much larger than in its place, over its shadow: the shadow of a
#: card lifted this high (:func:`.ui.cards.shadow`: it spreads twice the lift on every side),
#: drawn this far right and down of the card.
DRAG_GROWTH = 1.06
DRAG_LIFT = 10
DRAG_SHADOW_AT = (8, 12)
#: Two taps on the same card within this many milliseconds are a double tap.
DOUBLE_CLICK_MS = 400


@dataclass
class Press:
    """A button held down on something that may become a tap or a drag."""

    kind: str  # "hand", "slot", "stock", "pile"
    index: int | tuple[int, int] | None
    pos: tuple[int, int]


@dataclass
class Drag:
    """Cards following the pointer."""

    source: str  # "hand", "slot", "stock", "pile"
    cards: list[Card]
    hidden: list[int] | tuple[int, int] | None  # what is not drawn in place while dragged
    offsets: list[tuple[int, int]]  # each card's top-left relative to the pointer
    pos: tuple[int, int]
    origins: list[pygame.Rect] = field(default_factory=list)

    def box(self) -> pygame.Rect | None:
        """The area the dragged cards (and their shadow) cover now."""
        if not self.origins:
            return None
        spread = 2 * DRAG_LIFT
        boxes = []
        for off, o in zip(self.offsets, self.origins, strict=False):
            card = pygame.Rect(self.pos[0] + off[0], self.pos[1] + off[1], round(o.w * DRAG_GROWTH),
                               round(o.h * DRAG_GROWTH))
            shadow = card.move(DRAG_SHADOW_AT).inflate(2 * spread, 2 * spread).move(spread, spread)
            boxes += [card, shadow]
        return boxes[0].unionall(boxes[1:]).inflate(8, 8)  # and a few pixels for the sizes' rounding


@dataclass(frozen=True)
class Tap:
    """A press released where it began."""

    press: Press


@dataclass(frozen=True)
class DoubleTap:
    """A second tap on the same card of the hand, soon after the first."""

    press: Press


@dataclass(frozen=True)
class Drop:
    """Dragged cards let go at ``pos``."""

    drag: Drag
    pos: tuple[int, int]


Intent = Tap | DoubleTap | Drop


class Pointer:
    """Presses, drags and taps on the table (see the module docstring)."""

    def __init__(self, geometry: TableGeometry) -> None:
        self.geometry = geometry
        self.press: Press | None = None
        self.drag: Drag | None = None
        self.last_tap: tuple[int, float] | None = None

    def hit(self, pos: tuple[int, int]) -> Press | None:
        """What is under the pointer that can be pressed."""
        g = self.geometry
        lay = g.layout
        for i, r in reversed(list(enumerate(g.hand_rects()))):
            if r.collidepoint(pos):
                return Press("hand", i, pos)
        if lay.staging is not None:
            for j in range(len(g.model.slots)):
                for k, r in reversed(list(enumerate(g.slot_rects(j)))):
                    if r.collidepoint(pos):
                        return Press("slot", (j, k), pos)
        if lay.stock.inflate(8, 8).collidepoint(pos):
            return Press("stock", None, pos)
        if lay.pile.inflate(8, 8).collidepoint(pos):
            return Press("pile", None, pos)
        return None

    def down(self, pos: tuple[int, int]) -> bool:
        """The button went down at ``pos``; True if it is on something that can be pressed."""
        self.press = self.hit(pos)
        return self.press is not None

    def move(self, pos: tuple[int, int], pile_top: Card | None) -> bool:
        """The pointer moved; a held press far enough becomes a drag. True if it was used."""
        if self.drag is not None:
            self.drag.pos = pos
            return True
        p = self.press
        if p is None:
            return False
        if abs(pos[0] - p.pos[0]) + abs(pos[1] - p.pos[1]) < DRAG_THRESHOLD:
            return False
        self.drag = self.lift(p, pos, pile_top)
        self.press = None
        return True

    def up(self, pos: tuple[int, int], now_ms: float) -> Intent | None:
        """The button came up at ``pos``: a drop, a tap, a double tap, or nothing."""
        if self.drag is not None:
            drag, self.drag = self.drag, None
            drag.pos = pos
            return Drop(drag, pos)
        p, self.press = self.press, None
        if p is None or not self.still_valid(p):
            return None  # the hand or the slots changed under the press: ignore it
        if p.kind == "hand":
            assert isinstance(p.index, int)
            last = self.last_tap
            if last is not None and last[0] == p.index and now_ms - last[1] < DOUBLE_CLICK_MS:
                self.last_tap = None
                return DoubleTap(p)
            self.last_tap = (p.index, now_ms)
        return Tap(p)

    def cancel(self) -> Drag | None:
        """Forget any press; the drag under way, if any, to be put back."""
        drag, self.drag, self.press = self.drag, None, None
        return drag

    def lift(self, p: Press, pos: tuple[int, int], pile_top: Card | None) -> Drag | None:
        """The cards a press lifts: the pressed card (with the rest of a selection), a slot's
        card, the stock's top (face down) or the pile's top."""
        g = self.geometry
        if not self.still_valid(p):
            return None
        if p.kind == "hand":
            assert isinstance(p.index, int)
            rects = g.hand_rects()
            picked = g.model.picked(p.index)
            anchor = rects[p.index]
            step = round(anchor.w * 0.4)
            offsets = [(anchor.x - p.pos[0] + n * step, anchor.y - p.pos[1]) for n, _ in enumerate(picked)]
            cards = [g.model.order[i] for i in picked]
            return Drag("hand", cards, picked, offsets, pos, [rects[i] for i in picked])
        if p.kind == "slot":
            assert isinstance(p.index, tuple)
            j, k = p.index
            r = g.slot_rects(j)[k]
            return Drag("slot", [g.model.slots[j][k]], (j, k), [(r.x - p.pos[0], r.y - p.pos[1])], pos, [r])
        if p.kind == "pile" and pile_top is None:
            return None
        r = g.layout.stock if p.kind == "stock" else g.layout.pile
        card = pile_top if p.kind == "pile" and pile_top is not None else JOKER
        return Drag(p.kind, [card], None, [(r.x - p.pos[0], r.y - p.pos[1])], pos, [r])

    def still_valid(self, p: Press) -> bool:
        """True if the card ``p`` was pressed on is still where it was (a computer player's move
        or a new hand may change the hand and the slots between press and release)."""
        model = self.geometry.model
        if p.kind == "hand":
            return isinstance(p.index, int) and 0 <= p.index < len(model.order)
        if p.kind == "slot":
            if not isinstance(p.index, tuple):
                return False
            j, k = p.index
            return 0 <= j < len(model.slots) and 0 <= k < len(model.slots[j])
        return True

    def target(self, drag: Drag, pos: tuple[int, int]) -> tuple[str, int | None]:
        """Where a drop at ``pos`` goes: ("slot", j), ("meld", index), ("pile", None),
        ("hand", None) or ("none", None)."""
        g = self.geometry
        lay = g.layout
        if drag.source in ("hand", "slot"):
            if lay.staging is not None:
                for j, r in enumerate(lay.slots):
                    if r.collidepoint(pos):
                        return "slot", j
            for i, r in g.melds()[1].items():
                if r.inflate(16, 16).collidepoint(pos):
                    return "meld", i
            if lay.pile.inflate(30, 30).collidepoint(pos):
                return "pile", None
        if lay.hand.inflate(0, 40).collidepoint(pos):
            return "hand", None
        return "none", None
