"""The guide of the guided first hand at the table (:mod:`...play.guide`): in the side panel in
place of the log, the tip for the moment with the steps of a hand (▸ the one the tip is about, ✓
each the player has done, · the others, so no colour alone tells them apart), a Skip button, and
a gold frame with a corner mark around what the tip points at (the stock, the slots, the Call
button, a meld ...). Skipped, the hand plays on without tips (a toast says how to see them
again) and the log comes back."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame
from pygame_gui.elements import UIButton

from ...app import App
from ...i18n import tr
from ...play.guide import MOMENTS, Guide, Tip
from ...play.session import Session
from ...ui import palette
from ...ui import text as txt
from ...ui.layout import TableLayout
from .controls import TableControls, prompt_boxes
from .geometry import TableGeometry
from .model import HandModel
from .painter import TablePainter


class Table(Protocol):
    """What of the table scene the guide uses."""

    app: App
    session: Session
    layout: TableLayout
    painter: TablePainter
    model: HandModel

    def button(self, rect: pygame.Rect, label: str, object_id: str | None = None, tooltip: str | None = None,
               command: Callable[[], None] | None = None) -> UIButton: ...


class GuidePanel:
    """The guide of ``scene``'s guided hand: its tip worked out each frame, drawn below the
    scores."""

    def __init__(self, scene: Table) -> None:
        self.scene = scene
        host = scene.app.host
        self.guide = host.guide if host.guided is scene.session else Guide()
        self.tip: Tip | None = None
        self.skip: UIButton | None = None

    @property
    def on(self) -> bool:
        """The guide shows (not skipped, the hand not over)."""
        return self.tip is not None

    def build(self) -> None:
        """The Skip button under the guide's heading."""
        lay = self.scene.layout
        box = self.box(None)
        h = max(28, round(34 * lay.scale))
        self.skip = self.scene.button(
            pygame.Rect(box.x + 10, box.y + lay.font + 14, box.w - 20, h), tr("guide.skip"), command=self.stop
        )
        if self.guide.skipped:
            self.skip.hide()

    def stop(self) -> None:
        """Skip the guide: no more tips; the log is back."""
        self.guide.skipped = True
        self.tip = None
        if self.skip is not None:
            self.skip.hide()
        self.scene.painter.invalidate()
        self.scene.app.toast(tr("guide.skipped"), "info", 5.0)

    def update(self) -> None:
        """The tip for the game as it stands (none while a hand that ended is on show)."""
        self.tip = self.guide.tip(self.scene.session)
        if self.tip is None and self.skip is not None and self.skip.visible:
            self.skip.hide()  # skipped, or the hand is over

    def box(self, prompt: object) -> pygame.Rect:
        """The guide's place: the side panel below the scores, above the Call prompt or the
        allow question on show (``prompt``)."""
        lay = self.scene.layout
        side = lay.side.inflate(-12, -12)
        top = side.y + 10 + lay.font + 10 + len(self.scene.session.names) * (lay.small + 8) + 12
        bottom = side.bottom
        boxes = prompt_boxes(lay)
        if prompt is not None and str(prompt) in ("call", "allow"):
            bottom = boxes[0 if str(prompt) == "call" else 1].y - 6
        return pygame.Rect(side.x, top, side.w, max(40, bottom - top))

    def draw(self, surface: pygame.Surface, g: TableGeometry, c: TableControls) -> None:
        """The guide in the side panel and the frame around what the tip points at."""
        tip = self.tip
        if tip is None:
            return
        lay = g.layout
        box = self.box(self.scene.session.prompt())
        x, y = box.x + 10, box.y + 6
        title = tr("guide.title")
        size = next((k for k in range(lay.font, 9, -1) if txt.width(title, k, bold=True) <= box.w - 20), 10)
        txt.draw(surface, title, size, (x, y), palette.GOLD, bold=True, max_width=box.w - 20)
        y = int(self.skip.relative_rect.bottom if self.skip is not None else y + lay.font) + 10
        room = box.bottom - y - 8
        size, lines = _fit(tip.text, lay.small, box.w - 20, room)
        for line in lines:
            txt.draw(surface, line, size, (x, y), palette.TEXT)
            y += size + 5
        y += 8
        done = self.guide.done(self.scene.session, staged=any(self.scene.model.slots))
        marks = [(m, f"{self.mark(m, tip, done)}  {tr(f'guide.moment.{m}')}") for m in MOMENTS]
        width, heading = box.w - 20, tr("guide.learned")
        size = next((k for k in range(lay.small, 9, -1) if txt.width(heading, k, bold=True) <= width
                     and all(txt.width(t, k) <= width for _, t in marks)), 10)
        line_h = size + 6
        if box.bottom - y >= (len(MOMENTS) + 1) * line_h:  # the moments, where there is room
            txt.draw(surface, heading, size, (x, y), palette.GOLD, bold=True, max_width=width)
            y += line_h
            for moment, line in marks:
                mark = self.mark(moment, tip, done)
                colour = {"▸": palette.GOLD, "✓": palette.TEXT}.get(mark, palette.TEXT_FAINT)
                txt.draw(surface, line, size, (x, y), colour, max_width=width)
                y += line_h
        target = self.target(tip, g, c)
        if target is not None:
            mark_target(surface, target, surface.get_rect())

    @staticmethod
    def mark(moment: str, tip: Tip, done: list[str]) -> str:
        """A step's mark: ▸ the one the tip is about, ✓ one the player has done, · the others."""
        return "▸" if moment == tip.moment else ("✓" if moment in done else "·")

    def target(self, tip: Tip, g: TableGeometry, c: TableControls) -> pygame.Rect | None:
        """What the tip points at, on the table."""
        lay = g.layout
        places: dict[str, pygame.Rect | None] = {
            "stock": lay.stock, "pile": lay.pile, "slots": lay.staging,
            "call": pygame.Rect(c.call.relative_rect) if c.call.visible else None,
            "allow": pygame.Rect(c.allow.relative_rect).union(c.refuse.relative_rect),
        }
        if tip.target == "allow" and not c.allow.visible:
            return None
        if tip.target == "meld":
            cards = g.meld_card_rects(tip.meld)
            return cards[0].unionall(cards[1:]) if cards else None
        return places.get(tip.target)


def _fit(text: str, size: int, width: int, room: int) -> tuple[int, list[str]]:
    """``text`` wrapped to ``width`` at the largest size from ``size`` down to 10 pixels whose
    lines fit in ``room`` pixels (at the smallest, the lines that fit)."""
    for k in range(size, 9, -1):
        lines = txt.wrap(text, k, width)
        if len(lines) * (k + 5) <= room:
            return k, lines
    return 10, txt.wrap(text, 10, width)[: max(1, room // 15)]


def mark_target(surface: pygame.Surface, rect: pygame.Rect, screen: pygame.Rect) -> None:
    """A gold frame around ``rect`` with a solid corner mark at its bottom left (clear of the
    labels above the piles and the melds), all inside the ``screen``: a shape, not a colour
    alone."""
    r = rect.inflate(12, 12).clip(screen.inflate(-8, -26))
    pygame.draw.rect(surface, palette.GOLD, r, width=3, border_radius=10)
    pygame.draw.polygon(surface, palette.GOLD, [(r.x - 6, r.bottom + 6), (r.x + 16, r.bottom + 6),
                                                (r.x - 6, r.bottom - 16)])
