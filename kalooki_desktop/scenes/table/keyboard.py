"""The table by keys alone: a visible focus over the table's places (the hand's cards, the
staging slots, the melds on the table, the stock and the discard pile) and the keys that do what
a drag does. Tab and Shift+Tab (or Up and Down) go from place to place, Left and Right from card
to card, slot to slot, meld to meld; Shift+Left and Shift+Right move the focused card in the hand.
Space picks the focused card up (or puts it down: the selection), or plucks the pile in focus;
Enter puts the picked-up cards where the focus is: into a slot, onto a meld (at its high end;
Shift+Enter its low end), on the discard pile; J puts a card in a meld's joker's place (a joker
moved, or taken from the table). Each becomes the drop a mouse would make (:mod:`.drops`), so the
keys and the mouse take one path to the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import pygame

from ...engine.actions import Action, PluckDiscard, PluckStock
from ...engine.cards import JOKER
from ...play.session import HUMAN, Session
from ...ui import palette
from .drops import Drops
from .geometry import TableGeometry
from .model import HandModel
from .pointer import Drag

#: The table's places, in the order Tab visits them.
AREAS = ("hand", "slots", "melds", "piles")


class Table(Protocol):
    """What the keys need of the table scene."""

    session: Session
    model: HandModel
    drops: Drops

    @property
    def geometry(self) -> TableGeometry: ...

    def submit(self, action: Action, drag: Drag | None = None) -> bool: ...

    def drop(self, drag: Drag, pos: tuple[int, int],
             target: tuple[str, int | None] | None = None) -> None: ...

    def busy(self) -> bool: ...


@dataclass
class Focus:
    """Where the keyboard's focus is: a place and the card, slot, meld or pile in it."""

    area: str = "hand"
    index: int = 0


class TableKeys:
    """The keyboard's focus at the table and what its keys do."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.focus = Focus()
        self.shown = False

    # --- where the focus may go -----------------------------------------------------------

    def count(self, area: str) -> int:
        """How many things the focus can stand on in ``area`` now."""
        t = self.table
        if area == "hand":
            return len(t.model.order)
        if area == "slots":
            return len(t.geometry.layout.slots) if t.geometry.layout.staging is not None else 0
        if area == "melds":  # only once the player may put cards there (J-6.1, B-6)
            view = t.session.view()
            return len(view.table) if view.laid[HUMAN] else 0
        return 2  # the stock and the discard pile

    def _settle(self) -> None:
        """Keep the focus on something that is there (the hand shrinks, a meld appears)."""
        n = self.count(self.focus.area)
        if n == 0:
            self.focus = Focus("hand" if self.count("hand") else "piles", 0)
            n = self.count(self.focus.area)
        self.focus.index = max(0, min(self.focus.index, n - 1))

    def _next_area(self, by: int) -> None:
        at = AREAS.index(self.focus.area)
        for k in range(1, len(AREAS) + 1):
            area = AREAS[(at + by * k) % len(AREAS)]
            if self.count(area):  # the piles with cards picked up: the discard pile, where they go
                self.focus = Focus(area, 1 if area == "piles" and self.table.model.selected else 0)
                return

    # --- the keys ------------------------------------------------------------------------

    def handle(self, key: int, mod: int) -> bool:
        """Act on ``key`` (with the modifiers ``mod``); True when the key was the focus's."""
        shift = bool(mod & pygame.KMOD_SHIFT)
        moves: dict[int, Callable[[], None]] = {
            pygame.K_TAB: lambda: self._next_area(-1 if shift else 1),
            pygame.K_DOWN: lambda: self._next_area(1),
            pygame.K_UP: lambda: self._next_area(-1),
            pygame.K_LEFT: lambda: self._step(-1, carry=shift),
            pygame.K_RIGHT: lambda: self._step(1, carry=shift),
        }
        if key in moves:
            if self.shown or key == pygame.K_TAB or self.count("hand"):
                if not self.shown:
                    self.shown = True
                    self._settle()
                    if key != pygame.K_TAB:
                        return True  # the first arrow shows where the focus is
                moves[key]()
                self._settle()
                return True
            return False
        prompt = self.table.session.prompt()
        if not self.shown or self.table.busy() or prompt not in ("pluck", "play"):
            return False  # the Call prompt's and the allow question's keys stay theirs
        self._settle()
        if key == pygame.K_SPACE:
            return self.pick(plucking=prompt == "pluck")
        if prompt != "play":
            return False
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.put(low=shift)
        if key == pygame.K_j:
            return self.put(joker=True)
        return False

    def _step(self, by: int, *, carry: bool) -> None:
        n = self.count(self.focus.area)
        if not n:
            return
        to = (self.focus.index + by) % n
        if carry and self.focus.area == "hand" and n > 1:
            m = self.table.model
            at = self.focus.index
            card = m.order[at]
            m.take_from_hand([at])
            m.insert(min(to, len(m.order)), [card])
        self.focus.index = to

    def pick(self, *, plucking: bool = False) -> bool:
        """Space: pick the focused card up or put it down (the selection); on a pile, pluck it;
        in a slot, take its last card back into the hand. While a card is to be plucked, Space
        elsewhere keeps its meaning (a pluck from the stock)."""
        t, f = self.table, self.focus
        if plucking and f.area != "piles":
            return False
        if f.area == "hand":
            t.model.selected ^= {f.index}
            return True
        if f.area == "piles":
            t.submit(PluckStock() if f.index == 0 else PluckDiscard())
            return True
        if f.area == "slots" and t.model.slots[f.index]:
            t.model.unstage(f.index, len(t.model.slots[f.index]) - 1)
            return True
        return False

    def put(self, *, low: bool = False, joker: bool = False) -> bool:
        """Enter (Shift+Enter: a four's low end; J: a joker's place): the picked-up cards (or the
        focused card of the hand) go where the focus is, as a drop there."""
        t, f, g = self.table, self.focus, self.table.geometry
        if f.area == "piles" and f.index == 0:
            return False  # nothing is put on the stock
        drag = self._drag()
        if drag is None:
            return False
        if f.area == "slots":
            box = g.layout.slots[f.index]
            t.drop(drag, (box.right - 4, box.centery), ("slot", f.index))
        elif f.area == "melds":
            t.drop(drag, self._meld_point(f.index, low=low, joker=joker), ("meld", f.index))
        elif f.area == "piles":
            t.drop(drag, g.layout.pile.center, ("pile", None))
            self.focus = Focus("hand", 0)  # the turn is over: the next starts from the hand
        else:
            return False
        self._settle()
        return True

    def _drag(self) -> Drag | None:
        """The picked-up cards of the hand as a drag (none picked up: nothing)."""
        m, g = self.table.model, self.table.geometry
        picked = sorted(i for i in m.selected if i < len(m.order))
        if not picked:
            return None
        rects = g.hand_rects()
        return Drag("hand", [m.order[i] for i in picked], list(picked), [(0, 0)] * len(picked),
                    rects[picked[0]].center, [rects[i] for i in picked])

    def _meld_point(self, index: int, *, low: bool, joker: bool) -> tuple[int, int]:
        """Where a mouse would drop on meld ``index``: on its joker, or at its low or high end."""
        g = self.table.geometry
        rects = g.meld_card_rects(index)
        cards = self.table.session.view().table[index].cards
        if joker:
            at = next((r for c, r in zip(cards, rects, strict=False) if c == JOKER), None)
            if at is not None:
                return at.center
        box = g.melds()[1][index]
        return (box.x + 2, box.centery) if low else (box.right - 2, box.centery)

    # --- what the player sees -------------------------------------------------------------

    def place(self) -> pygame.Rect | None:
        """The rectangle the focus stands on, or None while it is hidden."""
        if not self.shown:
            return None
        self._settle()
        g, f = self.table.geometry, self.focus
        if not self.count(f.area):
            return None
        if f.area == "hand":  # the part of the card in view (the next one overlaps the rest)
            rects = g.hand_rects()
            if f.index >= len(rects):
                return None
            r = rects[f.index]
            right = rects[f.index + 1].x if f.index + 1 < len(rects) else r.right
            lifted = f.index in self.table.model.selected
            return pygame.Rect(r.x, r.y - (round(r.h * 0.15) if lifted else 0), max(12, right - r.x), r.h)
        if f.area == "slots":
            return g.layout.slots[f.index]
        if f.area == "melds":
            return g.melds()[1].get(f.index)
        return g.layout.stock if f.index == 0 else g.layout.pile

    def draw(self, surface: pygame.Surface) -> None:
        """A white ring round the focused place (told apart from the hint's gold glow) with a
        marker pointing at it (a shape as well as a colour): above a card in the hand or a slot,
        below a pile or a meld, whose labels are above them."""
        rect = self.place()
        if rect is None:
            return
        ring = rect.inflate(10, 10)
        pygame.draw.rect(surface, palette.BACK_BLACK, ring.inflate(4, 4), 2, border_radius=10)
        pygame.draw.rect(surface, palette.TEXT, ring, 3, border_radius=9)
        x = ring.centerx
        if self.focus.area in ("piles", "melds"):
            y, back = ring.bottom + 3, ring.bottom + 13
        else:
            y, back = ring.y - 3, ring.y - 13
        points = [(x - 8, back), (x + 8, back), (x, y)]
        pygame.draw.polygon(surface, palette.TEXT, points)
        pygame.draw.polygon(surface, palette.BACK_BLACK, points, 1)
