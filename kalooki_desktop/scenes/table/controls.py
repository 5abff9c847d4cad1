"""The table's buttons, each wired to its command: sorting, the hint, ending a turn, laying the
staged contract, clearing the slots, the bar's menu, scores, save and sound, the Call prompt and
the allow-or-refuse question. Which of them show is decided each frame by the scene."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pygame
import pygame_gui

from ...app import Scene
from ...i18n import tr
from ...ui.layout import TableLayout

Command = Callable[[], None]
#: Where a button is out of the way while the layout has no place for it.
_AWAY = pygame.Rect(-900, -900, 120, 40)


class TableControls:
    """The buttons of one layout (rebuilt with it)."""

    def __init__(
        self, scene: Scene, lay: TableLayout, commands: Mapping[str, Command], sound_label: str
    ) -> None:
        s = lay.scale
        c = lay.controls
        bh, bw, mw = round(38 * s), round(120 * s), round(110 * s)

        def button(
            name: str, rect: pygame.Rect, label: str, object_id: str | None = None, tip: str | None = None
        ) -> pygame_gui.elements.UIButton:
            return scene.button(rect, label, object_id, tip, command=commands[name])

        self.sort_suit = button(
            "sort_suit", pygame.Rect(c.x, c.y, bw, bh), tr("table.sort_suit"), tip=tr("table.sort_suit_tip")
        )
        self.sort_rank = button(
            "sort_rank",
            pygame.Rect(c.x + bw + 8, c.y, bw, bh),
            tr("table.sort_rank"),
            tip=tr("table.sort_rank_tip"),
        )
        self.hint = button(
            "hint", pygame.Rect(c.right - bw, c.y, bw, bh), tr("table.hint"), tip=tr("table.hint_tip")
        )
        self.end = button(
            "end",
            pygame.Rect(c.right - 2 * bw - 8, c.y, bw, bh),
            tr("table.end_turn"),
            tip=tr("table.end_turn_tip"),
        )
        staging = lay.staging is not None
        lb = lay.lay_button
        self.lay = button("lay", lb if staging else _AWAY, tr("table.lay"), "#primary_button")
        self.clear = button(
            "clear",
            pygame.Rect(lb.x, lb.bottom + 6, lb.w, round(32 * s)) if staging else _AWAY,
            tr("table.clear_slots"),
        )
        bar = lay.bar

        def bar_slot(k: int) -> pygame.Rect:
            return pygame.Rect(bar.right - k * (mw + 8), bar.y + 5, mw, bar.h - 10)

        self.menu = button("menu", bar_slot(1), tr("table.menu"))
        self.scores = button("scores", bar_slot(2), tr("table.scores"))
        self.sound = button("sound", bar_slot(3), sound_label, tip=tr("table.sound_tip"))
        self.save = button("save", bar_slot(4), tr("table.save"), tip=tr("table.save_tip"))
        cw = round(200 * s)
        mid = lay.play.centerx
        cy = lay.controls.y - round(60 * s) if not staging else lay.staging.y - round(58 * s)  # type: ignore[union-attr]
        self.call = button(
            "call", pygame.Rect(mid - cw - 6, cy, cw, round(48 * s)), tr("table.call"), "#call_button"
        )
        self.let_go = button("let_go", pygame.Rect(mid + 6, cy, cw, round(48 * s)), tr("table.let_go"))
        self.dialog = pygame.Rect(0, 0, round(520 * s), round(170 * s))
        self.dialog.center = lay.play.center
        dy, dw = self.dialog.bottom - round(62 * s), round(220 * s)
        self.allow = button(
            "allow",
            pygame.Rect(self.dialog.x + 24, dy, dw, round(46 * s)),
            tr("table.allow"),
            "#primary_button",
        )
        self.refuse = button(
            "refuse", pygame.Rect(self.dialog.right - 24 - dw, dy, dw, round(46 * s)), tr("table.refuse")
        )
        self._shown: dict[str, bool] = {}

    def show(self, wanted: Mapping[str, bool]) -> None:
        """Show the named buttons that are wanted and hide the others named (only on a change)."""
        for name, on in wanted.items():
            if self._shown.get(name) != on:
                self._shown[name] = on
                widget = getattr(self, name)
                widget.show() if on else widget.hide()

    def shown(self, name: str) -> bool:
        """True if the named button is on show."""
        return self._shown.get(name, True)

    def enable_lay(self, *, ok: bool) -> None:
        """The Lay button is on only when the engine would accept the staged lay."""
        if self._shown.get("lay_ok") != ok:
            self._shown["lay_ok"] = ok
            self.lay.enable() if ok else self.lay.disable()

    def label_call(self, label: str) -> None:
        """The Call button names the card."""
        if self.call.text != label:
            self.call.set_text(label)

    def status_room(self) -> tuple[int, int]:
        """The room for the status line between the sort buttons and the turn's buttons."""
        right = self.end.relative_rect.x if self.shown("end") else self.hint.relative_rect.x
        return int(self.sort_rank.relative_rect.right) + 16, int(right) - 16

    def call_bar(self) -> pygame.Rect:
        """The area of the Call prompt's buttons (its time bar runs under them)."""
        return pygame.Rect(self.call.relative_rect.union(self.let_go.relative_rect))
