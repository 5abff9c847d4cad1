"""The table's buttons, each wired to its command: sorting, the hint, ending a turn, taking back
the turn's plays, laying the staged contract, clearing the slots, the bar's menu, scores, save
and sound, the Call prompt (call, let it go, no calls this hand) and the allow-or-refuse
question. Which of them show is decided each frame by the scene. The Call prompt and the
question sit at the foot of the side panel, clear of the melds, the piles, the slots and the
hand the player judges the card by."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pygame
import pygame_gui

from ...app import Scene
from ...i18n import tr
from ...play.session import Session
from ...ui.layout import TableLayout

Command = Callable[[], None]
#: Where a button is out of the way while the layout has no place for it.
_AWAY = pygame.Rect(-900, -900, 120, 40)


def prompt_boxes(lay: TableLayout) -> tuple[pygame.Rect, pygame.Rect]:
    """The Call prompt's box and the allow-or-refuse question's box in ``lay``: at the foot of the
    side panel (below the scores; the log stops above the one on show)."""
    s = lay.scale
    inner = lay.side.inflate(-12, -12)  # the side panel as drawn
    pad = round(8 * s)  # the space above and below the buttons
    call_h = round((48 + 2 * 40 + 2 * 8) * s) + 2 * pad + 14  # three buttons and the time bar
    dialog_h = 16 + 6 * (lay.font + 6) + lay.small + 8 + round((2 * 46 + 8) * s) + pad  # words, two buttons
    call = pygame.Rect(inner.x, inner.bottom - call_h, inner.w, call_h)
    dialog = pygame.Rect(inner.x, inner.bottom - dialog_h, inner.w, dialog_h)
    return call, dialog


def _places(
    lay: TableLayout, box: pygame.Rect, dialog: pygame.Rect
) -> dict[str, tuple[pygame.Rect, str, str | None, str | None]]:
    """Each button's rectangle, label key, theme id and tooltip key in ``lay`` (``box`` holds the
    Call prompt, ``dialog`` the allow-or-refuse question)."""
    s = lay.scale
    c, bar, lb = lay.controls, lay.bar, lay.lay_button
    bh, bw, mw = round(38 * s), round(120 * s), round(110 * s)
    staging = lay.staging
    pad, gap = round(5 * s), round(8 * s)
    inside = box.inflate(-2 * pad, 0).x, box.w - 2 * pad
    # Take back: under the stock and the pile, at the foot of their column (the melds lie beside it)
    back_y = max(lay.pile.bottom + 8, lay.melds.bottom - bh)
    back = pygame.Rect(lay.stock.x, back_y, lay.pile.right - lay.stock.x, bh)

    def bar_slot(k: int) -> pygame.Rect:
        return pygame.Rect(bar.right - k * (mw + 8), bar.y + 5, mw, bar.h - 10)

    def row(y: int, h: int) -> pygame.Rect:
        return pygame.Rect(inside[0], y, inside[1], h)

    call = row(box.y + pad, round(48 * s))
    let_go = row(call.bottom + gap, round(40 * s))
    refuse = row(dialog.bottom - pad - round(46 * s), round(46 * s))
    return {
        "sort_suit": (pygame.Rect(c.x, c.y, bw, bh), "table.sort_suit", None, "table.sort_suit_tip"),
        "sort_rank": (pygame.Rect(c.x + bw + 8, c.y, bw, bh), "table.sort_rank", None, "table.sort_rank_tip"),
        "hint": (pygame.Rect(c.right - bw, c.y, bw, bh), "table.hint", None, "table.hint_tip"),
        "end": (pygame.Rect(c.right - 2 * bw - 8, c.y, bw, bh), "table.end_turn", None, "table.end_turn_tip"),
        "take_back": (back, "table.take_back", None, "table.take_back_tip"),
        "lay": (lb if staging else _AWAY, "table.lay", "#primary_button", None),
        "clear": (
            pygame.Rect(lb.x, lb.bottom + 6, lb.w, round(32 * s)) if staging else _AWAY,
            "table.clear_slots",
            None,
            None,
        ),
        "menu": (bar_slot(1), "table.menu", None, None),
        "scores": (bar_slot(2), "table.scores", None, None),
        "sound": (bar_slot(3), "", None, "table.sound_tip"),
        "save": (bar_slot(4), "table.save", None, "table.save_tip"),
        "call": (call, "table.call", "#call_button", None),
        "let_go": (let_go, "table.let_go", None, None),
        "no_calls": (row(let_go.bottom + gap, round(40 * s)), "table.no_calls", None, None),
        "allow": (refuse.move(0, -refuse.h - gap), "table.allow", "#primary_button", None),
        "refuse": (refuse, "table.refuse", None, None),
    }


class TableControls:
    """The buttons of one layout (rebuilt with it), as attributes named as the commands."""

    sort_suit: pygame_gui.elements.UIButton
    sort_rank: pygame_gui.elements.UIButton
    hint: pygame_gui.elements.UIButton
    end: pygame_gui.elements.UIButton
    take_back: pygame_gui.elements.UIButton
    lay: pygame_gui.elements.UIButton
    clear: pygame_gui.elements.UIButton
    menu: pygame_gui.elements.UIButton
    scores: pygame_gui.elements.UIButton
    sound: pygame_gui.elements.UIButton
    save: pygame_gui.elements.UIButton
    call: pygame_gui.elements.UIButton
    let_go: pygame_gui.elements.UIButton
    no_calls: pygame_gui.elements.UIButton
    allow: pygame_gui.elements.UIButton
    refuse: pygame_gui.elements.UIButton

    def __init__(
        self, scene: Scene, lay: TableLayout, commands: Mapping[str, Command], sound_label: str
    ) -> None:
        self.call_box, self.dialog = prompt_boxes(lay)
        for name, (rect, label, object_id, tip) in _places(lay, self.call_box, self.dialog).items():
            text = sound_label if name == "sound" else tr(label)
            widget = scene.button(rect, text, object_id, tr(tip) if tip else None, command=commands[name])
            setattr(self, name, widget)
        self._shown: dict[str, object] = {}

    def show(self, wanted: Mapping[str, bool]) -> None:
        """Show the named buttons that are wanted and hide the others named (only on a change)."""
        for name, on in wanted.items():
            if self._shown.get(name) != on:
                self._shown[name] = on
                widget = getattr(self, name)
                widget.show() if on else widget.hide()

    def shown(self, name: str) -> bool:
        """True if the named button is on show."""
        return bool(self._shown.get(name, True))

    def enable_lay(self, *, ok: bool) -> None:
        """The Lay button is on only when the engine would accept the staged lay."""
        if self._shown.get("lay_ok") != ok:
            self._shown["lay_ok"] = ok
            self.lay.enable() if ok else self.lay.disable()

    def mark_sort(self, mode: str | None) -> None:
        """Show which order the hand is in ("suit", "rank"; None once the player rearranged it)."""
        if self._shown.get("sort") == mode:
            return
        self._shown["sort"] = mode
        for name, button in (("suit", self.sort_suit), ("rank", self.sort_rank)):
            button.select() if name == mode else button.unselect()

    def label_call(self, label: str) -> None:
        """The Call button names the card."""
        if self.call.text != label:
            self.call.set_text(label)

    def label_lay(self, label: str) -> None:
        """The Lay button says what it lays: the contract, the opening or more melds."""
        if self.lay.text != label:
            self.lay.set_text(label)

    def status_room(self) -> tuple[int, int]:
        """The room for the status line between the sort buttons and the turn's buttons."""
        right = self.end.relative_rect.x if self.shown("end") else self.hint.relative_rect.x
        return int(self.sort_rank.relative_rect.right) + 16, int(right) - 16

    def toast_room(self, lay: TableLayout) -> pygame.Rect:
        """Where the table's toasts go: over the status line, between the hand's buttons, down to
        the top of the hand's cards; clear of the melds, the slots and every button."""
        left, right = self.status_room()
        top = lay.controls.y - 2
        bottom = lay.hand.y + round(lay.hand_card_h * 0.07)  # half the band a lifted card rises into
        return pygame.Rect(left, top, right - left, bottom - top)

    def call_bar(self) -> pygame.Rect:
        """The area of the Call prompt's buttons (its time bar runs under them)."""
        return pygame.Rect(self.call.relative_rect.union(self.no_calls.relative_rect))


def calls_off(session: Session, toast: Callable[[str, str, float], None]) -> None:
    """N or the Call prompt's third button: this card and every further discard of the hand go
    by without a prompt (the next hand offers calls again)."""
    session.let_go(rest_of_hand=True)
    toast(tr("table.calls_off"), "info", 4.0)
