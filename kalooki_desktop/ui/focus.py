"""Keyboard focus over a screen's widgets, which pygame_gui has none of: Tab and Shift+Tab (or the
up and down arrows) move it from widget to widget in reading order, Enter or Space presses the
button, ticks the box or steps the dropdown on, Left and Right step a dropdown or a slider. The
focused widget wears a gold ring with a marker beside it (a shape, not only a colour). The ring
shows from the first key that moves it; a mouse click hides it again.

A confirmation window over the screen takes the focus to its own buttons while it is open.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.elements import (
    UIButton,
    UICheckBox,
    UIDropDownMenu,
    UIHorizontalSlider,
    UITextEntryLine,
    UIWindow,
)

from . import palette

_NEXT = (pygame.K_TAB, pygame.K_DOWN)
_PREVIOUS = (pygame.K_UP,)
_PRESS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
_STEP = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}


def focusable(widgets: Sequence[UIElement], columns: Sequence[pygame.Rect] = ()) -> list[UIElement]:
    """The widgets the keyboard can reach, in reading order (rows top to bottom, then left to
    right; a screen in ``columns`` reads each column down before the next, what lies above or
    below them before or after); only an open window's own buttons while one is open."""
    windows = [w for w in widgets if isinstance(w, UIWindow) and w.visible and _alive(w)]
    if windows:
        window = windows[-1]
        own = [b for b in (getattr(window, "confirm_button", None), getattr(window, "cancel_button", None))
               if b is not None]
        inner = window.get_container()
        return _reading_order([*own, *(w for w in widgets if getattr(w, "ui_container", None) is inner)])
    return _reading_order(widgets, columns)


def _reading_order(widgets: Sequence[UIElement], columns: Sequence[pygame.Rect] = ()) -> list[UIElement]:
    out = [w for w in widgets if isinstance(w, UIButton | UICheckBox | UIDropDownMenu | UIHorizontalSlider
                                                | UITextEntryLine)
           and w.visible and _alive(w) and w.is_enabled]

    def place(w: UIElement) -> tuple[int, int, int, int]:
        row = int(w.rect.centery // 12)
        column = next((i for i, c in enumerate(columns) if c.collidepoint(w.rect.center)), None)
        if column is not None:
            return 1, column, row, int(w.rect.x)
        below = any(w.rect.centery > c.bottom for c in columns)
        return (2 if below else 0), 0, row, int(w.rect.x)

    return sorted(dict.fromkeys(out), key=place)


class FocusRing:
    """Where the keyboard's focus is on one screen, and what its keys do there."""

    def __init__(self) -> None:
        self.current: UIElement | None = None
        self.shown = False
        self.place = 0  # where the focus was in reading order: kept when the widgets are made anew
        self.columns: Sequence[pygame.Rect] = ()  # a screen in columns: each read down in turn

    def handle(self, event: pygame.event.Event, widgets: Sequence[UIElement]) -> bool:
        """Use a key that moves or presses the focus; True when the event was used."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.shown = False
            return False
        if event.type != pygame.KEYDOWN:
            return False
        items = focusable(widgets, self.columns)
        if not items:
            return False
        self.settle(items)
        if isinstance(self.current, UITextEntryLine) and event.key not in (pygame.K_TAB, pygame.K_ESCAPE):
            return False  # the words typed go to the text box
        if self.current is not None:
            self.place = items.index(self.current)
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if event.key in _NEXT or event.key in _PREVIOUS:
            back = event.key in _PREVIOUS or (event.key == pygame.K_TAB and shift)
            self._move(items, -1 if back else 1)
            return True
        if not self.shown or self.current is None:
            return False  # Enter and Space keep the screen's own meaning until the focus is shown
        if event.key in _PRESS:
            press(self.current)
            return True
        if event.key in _STEP and isinstance(self.current, UIDropDownMenu | UIHorizontalSlider):
            step(self.current, _STEP[event.key])
            return True
        return False

    def settle(self, items: Sequence[UIElement]) -> None:
        """Keep the focus on a widget on show: when the screen's widgets were made anew (a
        choice, a language, a page), on the one in the same place."""
        if self.current in items:
            return
        self.current = items[min(self.place, len(items) - 1)] if self.shown and items else None

    def _move(self, items: list[UIElement], by: int) -> None:
        if self.current is None or not self.shown:
            self.current = items[0] if by > 0 else items[-1]
        else:
            self.current = items[(items.index(self.current) + by) % len(items)]
        self.shown = True
        self.place = items.index(self.current)
        if isinstance(self.current, UITextEntryLine):
            self.current.focus()

    def draw(self, surface: pygame.Surface) -> None:
        """The ring round the focused widget, and a marker at its left (seen without colour)."""
        if not self.shown or self.current is None or not _alive(self.current) or not self.current.visible:
            return
        rect = pygame.Rect(self.current.rect).inflate(8, 8)
        pygame.draw.rect(surface, palette.BACK_BLACK, rect.inflate(4, 4), 2, border_radius=10)
        pygame.draw.rect(surface, palette.GOLD, rect, 3, border_radius=8)
        x, y = rect.x - 4, rect.centery
        pygame.draw.polygon(surface, palette.GOLD, [(x - 10, y - 7), (x - 10, y + 7), (x - 1, y)])


def _alive(widget: UIElement) -> bool:
    """True while ``widget`` is on show (pygame_gui's ``alive`` is untyped)."""
    return bool(widget.alive())


def press(widget: UIElement) -> None:
    """Do what a click on ``widget`` does: press a button, tick or clear a box, step a dropdown."""
    if isinstance(widget, UIButton):
        widget.on_self_event(pygame_gui.UI_BUTTON_PRESSED, {"mouse_button": 1})
    elif isinstance(widget, UICheckBox):
        widget._toggle_state()  # pygame_gui's own toggle: the state, its look and its event
    elif isinstance(widget, UIDropDownMenu):
        step(widget, 1)


def step(widget: UIElement, by: int) -> None:
    """The next (``by`` 1) or previous option of a dropdown, or a slider moved by a twentieth."""
    if isinstance(widget, UIHorizontalSlider):
        lo, hi = widget.value_range
        value = min(hi, max(lo, widget.get_current_value() + by * (hi - lo) / 20))
        widget.set_current_value(value)
        pygame.event.post(pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED,
                                             {"value": value, "ui_element": widget}))
        return
    if not isinstance(widget, UIDropDownMenu):
        return
    options = [o if isinstance(o, tuple) else (o, o) for o in widget.options_list]
    at = next((i for i, o in enumerate(options) if o[1] == widget.selected_option[1]), 0)
    chosen = options[(at + by) % len(options)]
    widget.selected_option = chosen
    state = widget.current_state
    if state is not None and state is widget.menu_states.get("closed"):  # show the new choice
        state.finish()
        state.selected_option = chosen
        state.start()
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, {
        "text": chosen[0], "selected_option_id": chosen[1], "ui_element": widget,
        "ui_object_id": widget.most_specific_combined_id,
    }))
