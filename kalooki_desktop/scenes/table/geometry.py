"""Where everything sits on the table for the current window, hand, slots and melds: the card
rectangles the drawing uses and the pointer hits."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from ...engine.cards import Card
from ...engine.melds import Meld
from ...play.session import HUMAN
from ...ui.layout import TableLayout, fan, meld_flow, meld_heights, row
from .model import HandModel

#: The width of the player's badge at the left of the hand, at the 1280x800 scale.
BADGE_W = 100

#: The melds' layout: card height, each meld's rectangle, the owners' label bands.
MeldPlaces = tuple[int, dict[int, pygame.Rect], list[tuple[int, pygame.Rect]]]


class TableGeometry:
    """The rectangles of one layout; the melds' places are cached until the table changes."""

    def __init__(self, layout: TableLayout, model: HandModel, table: Callable[[], Sequence[Meld]]) -> None:
        self.layout = layout
        self.model = model
        self.table = table
        self._melds: tuple[object, MeldPlaces] | None = None

    def badge(self) -> pygame.Rect:
        """The player's badge (name, dealer, calls or laid): a column at the left of the hand's
        row that no card, lifted or not, reaches."""
        lay = self.layout
        return pygame.Rect(lay.hand.x, lay.hand.y, round(BADGE_W * lay.scale), lay.hand.h)

    def hand_area(self) -> pygame.Rect:
        """Where the hand's fan lies: the hand's row right of the badge."""
        lay, badge = self.layout, self.badge()
        return pygame.Rect(badge.right + 6, lay.hand.y, lay.hand.right - badge.right - 6, lay.hand.h)

    def hand_rects(self) -> list[pygame.Rect]:
        """Where each card of the hand is drawn (selected cards lifted)."""
        lay = self.layout
        rects = fan(self.hand_area(), lay.hand_card_h, len(self.model.order))
        lift = round(lay.hand_card_h * 0.14)
        for i in self.model.selected:
            if i < len(rects):
                rects[i] = rects[i].move(0, -lift)
        return rects

    def hand_end(self, card: Card | None = None) -> tuple[int, int]:
        """Where a card arriving in the player's hand lands: its sorted place while the hand is
        sorted (:meth:`.model.HandModel.arrival_index`), else the right end of the fan."""
        lay = self.layout
        rects = fan(self.hand_area(), lay.hand_card_h, len(self.model.order) + 1)
        return rects[self.model.arrival_index(card) if card is not None else -1].center

    def hand_insert_index(self, x: int) -> int:
        """The place in the hand a card dropped with its centre at ``x`` goes to."""
        lay = self.layout
        rects = fan(self.hand_area(), lay.hand_card_h, len(self.model.order) + 1)
        return sum(1 for r in rects[:-1] if r.centerx < x)

    def slot_rects(self, j: int) -> list[pygame.Rect]:
        """Where the cards of slot ``j`` are drawn."""
        lay = self.layout
        box = lay.slots[j]
        area = pygame.Rect(box.x + 8, box.y + lay.small + 6, box.w - 16, lay.slot_card_h)
        return fan(area, lay.slot_card_h, len(self.model.slots[j]), max_step=0.45)

    def slot_insert_index(self, j: int, x: int) -> int:
        """The place in slot ``j`` a card dropped at ``x`` goes to."""
        return sum(1 for r in self.slot_rects(j) if r.centerx < x)

    def melds(self) -> MeldPlaces:
        """Card height, rectangle of each meld and the owners' label bands (the player's melds
        first, then each opponent's)."""
        lay = self.layout
        table = self.table()
        key = (tuple(len(m.cards) for m in table), tuple(m.owner for m in table))
        if self._melds is not None and self._melds[0] == key:
            return self._melds[1]
        groups: dict[int, list[tuple[int, int]]] = {}
        for i, m in enumerate(table):
            groups.setdefault(m.owner, []).append((i, len(m.cards)))
        order = sorted(groups, key=lambda s: (s != HUMAN, s))
        sizes = meld_heights(lay.size[1])
        placed = meld_flow(lay.melds, [(s, groups[s]) for s in order], lay.small + 4, sizes)
        if placed is None:  # too many to fit: the smallest cards, running on below
            placed = meld_flow(
                lay.melds.inflate(0, 4000).move(0, 2000),
                [(s, groups[s]) for s in order],
                lay.small + 4,
                sizes[-1:],
            )
            assert placed is not None
        self._melds = (key, placed)
        return placed

    def meld_card_rects(self, index: int) -> list[pygame.Rect]:
        """The cards of meld ``index`` on the table."""
        ch, rects, _ = self.melds()
        r = rects.get(index)
        table = self.table()
        if r is None or index >= len(table):
            return []
        return row(r.x, r.y, ch, len(table[index].cards))

    def seat_centre(self, seat: int) -> tuple[int, int]:
        """Where a seat's cards come from and go to."""
        if seat == HUMAN:
            return self.layout.hand.center
        return self.layout.seats[seat].center
