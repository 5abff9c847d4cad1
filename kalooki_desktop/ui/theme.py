"""The widgets' look: pygame_gui's manager with our font and our one theme (``assets/theme.json``),
its text sized with the window, and the confirmation window and the dropdown in the game's
style."""

from __future__ import annotations

import html
import json
from collections.abc import Callable
from typing import Any, TypeVar

import pygame
import pygame_gui
from pygame_gui.core.drawable_shapes.rounded_rect_drawable_shape import RoundedRectangleShape
from pygame_gui.core.interfaces import IUIElementInterface
from pygame_gui.core.surface_cache import SurfaceCache
from pygame_gui.elements.ui_drop_down_menu import UIExpandedDropDownState

from ..i18n import tr
from ..storage.settings import INTERFACE_SCALES
from . import palette
from .resources import asset

E = TypeVar("E", bound=IUIElementInterface)


_interface = 0  # the chosen interface size, per cent (0: fits the window)


def set_interface_scale(percent: int) -> bool:
    """The interface size chosen in Settings (:data:`INTERFACE_SCALES`; anything else fits the
    window); True if it changed."""
    chosen = percent if percent in INTERFACE_SCALES else 0
    global _interface
    changed, _interface = chosen != _interface, chosen
    return changed


def interface_scale() -> int:
    """The interface size in use, per cent (0: fits the window)."""
    return _interface


def window_scale(size: tuple[int, int]) -> float:
    """The largest scale whose layouts a window of ``size`` holds: how much larger than at
    1280x800 everything is when it fits the window (every layout is made for the room of a
    1280x800 window at 1.0), in steps of 0.05.

    >>> window_scale((1280, 800)), window_scale((1024, 640)), window_scale((2560, 1440))
    (1.0, 0.8, 1.8)
    """
    s = max(0.8, min(3.0, size[0] / 1280, size[1] / 800))
    return round(s * 20) / 20


def ui_scale(size: tuple[int, int]) -> float:
    """How much larger than at 1280x800 the words and widgets are drawn in a window of ``size``:
    the window's own scale (:func:`window_scale`; everything scales with the window, the table
    too: :func:`.ui.layout.table_layout`), or the interface size chosen in Settings as far as
    the window holds it (200% needs a window of 2560x1600).

    >>> set_interface_scale(200), ui_scale((1920, 1080)), ui_scale((2560, 1600)), ui_scale((3840, 2160))
    (True, 1.35, 2.0, 2.0)
    >>> set_interface_scale(75), ui_scale((1024, 640)), ui_scale((1920, 1080)), set_interface_scale(0)
    (True, 0.75, 0.75, True)
    """
    fits = window_scale(size)
    return fits if not _interface else min(fits, _interface / 100)


def font_size(size: int, scale: float) -> int:
    """A text size of a 1280x800 window at ``scale``: larger with the window, smaller only down
    to 12 pixels (words stay readable in the smallest window).

    >>> font_size(16, 1.5), font_size(16, 0.8), font_size(13, 0.8), font_size(10, 0.8)
    (24, 13, 12, 10)
    """
    scaled = round(size * scale)
    return scaled if scaled >= size else max(scaled, min(size, 12))


#: Each button look and its tighter twin: the same colours, the words three quarters the size,
#: for a label that a longer language makes wider than its button (:func:`tighter`).
TIGHT = {"button": "#tight_button", "#primary_button": "#tight_primary", "#call_button": "#tight_call",
         "#big_button": "#tight_big", "#menu_primary": "#tight_menu_primary"}


def tighter(object_id: str | None) -> str:
    """The tighter twin of a button's look (``None``: the plain button's)."""
    return TIGHT[object_id or "button"]


def scaled_theme(scale: float) -> dict[str, Any]:
    """Our one theme (``assets/theme.json``) with every font size (:func:`font_size`) and a
    dropdown's option height times ``scale``, and the buttons' tighter twins (:data:`TIGHT`)."""
    theme: dict[str, Any] = json.loads(asset("theme.json").read_text(encoding="utf-8"))
    for base, twin in TIGHT.items():
        block = json.loads(json.dumps(theme[base]))
        block["font"]["size"] = str(round(int(block["font"]["size"]) * 0.75))
        if base != "button":  # a look of its own is drawn over the plain button's
            block = {**json.loads(json.dumps(theme["button"])), **block}
        theme[twin] = block
    for block in theme.values():
        font = block.get("font") if isinstance(block, dict) else None
        if isinstance(font, dict) and "size" in font:
            font["size"] = str(font_size(int(font["size"]), scale))
        misc = block.get("misc") if isinstance(block, dict) else None
        if isinstance(misc, dict) and "list_item_height" in misc:  # a dropdown's options
            misc["list_item_height"] = str(round(int(misc["list_item_height"]) * scale))
    if palette.high_contrast():
        for name, colours in HIGH_CONTRAST.items():
            theme.setdefault(name, {}).setdefault("colours", {}).update(colours)
    return theme


#: The widgets' colours in the high-contrast look: black behind white words, bright borders.
HIGH_CONTRAST: dict[str, dict[str, str]] = {
    "defaults": {"normal_bg": "#000000F5", "hovered_bg": "#1E3C2D", "dark_bg": "#000000FA",
                 "normal_text": "#FFFFFF", "disabled_text": "#B4B4B4", "normal_border": "#FFD460"},
    "label": {"normal_text": "#FFFFFF"}, "#note": {"normal_text": "#FFFFFF"},
    "#heading": {"normal_text": "#FFD460"},
    "check_box": {"normal_bg": "#000000", "normal_text": "#FFFFFF"}, "text_box": {"dark_bg": "#000000FA"},
    "window": {"dark_bg": "#000000FF", "normal_border": "#FFD460"},
}


class OnePageShapeCache(SurfaceCache):
    """pygame_gui's cache of drawn widget shapes (a new button the size and colours of one drawn
    before is copied, not drawn again), held to its first page of 1024x1024 pixels (4 MB): full, it
    takes no more shapes and lets go of those used once, where pygame_gui's own adds a page after
    page (two, 8 MB, in a smoke game, for 4.7 MB of shapes)."""

    def _expand_lt_cache(self) -> None:
        self.low_on_space = True

    def _free_cached_surface(self, string_id: str) -> None:
        # pygame_gui frees a shape's place on the page with its pixels on it and blends the next
        # shape over them: a rounded corner would show the old shape's colour through it. Its
        # own cache frees places only with three pages full; one page fills within a game.
        item = self.cache_long_term_lookup.get(string_id)
        if item is not None and item["current_uses"] == 0:
            item["surface"].fill((0, 0, 0, 0))
        super()._free_cached_surface(string_id)


def drop_working_shapes() -> None:
    """pygame_gui draws each state of a rounded widget (normal, hovered, pressed ...) from two
    working images four times its size each way, and keeps them until its last state is drawn,
    one state a frame: the new buttons of a screen held 4-7 MB of them together in its first
    frames, each time a screen opened. Let go after each state, they cost no measurable time (a
    smoke game's 691 state drawings: 332 ms against 335) and its peak memory is 5 MB lower."""
    drawn = RoundedRectangleShape.redraw_state
    if getattr(drawn, "drops_working_shapes", False):
        return

    def redraw_state(self: RoundedRectangleShape, *args: Any, **kwargs: Any) -> None:
        drawn(self, *args, **kwargs)
        self.clean_up_temp_shapes()

    redraw_state.drops_working_shapes = True  # type: ignore[attr-defined]
    RoundedRectangleShape.redraw_state = redraw_state  # type: ignore[method-assign]


def make_ui_manager(size: tuple[int, int]) -> pygame_gui.UIManager:
    """The pygame_gui manager with our font (absolute paths) and our one theme, its text sized
    for the window (:func:`ui_scale`)."""
    drop_working_shapes()
    manager = pygame_gui.UIManager(size, starting_language="en")
    manager.get_theme().shape_cache = OnePageShapeCache()  # type: ignore[no-untyped-call]
    manager.add_font_paths(
        "dejavu", str(asset("fonts", "DejaVuSans.ttf")), str(asset("fonts", "DejaVuSans-Bold.ttf"))
    )
    manager.get_theme().load_theme(scaled_theme(ui_scale(size)))
    return manager


#: The keys a confirmation answers: Enter presses its default button, Esc cancels.
_DIALOG_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE)


class ConfirmDialog(pygame_gui.windows.UIConfirmationDialog):
    """pygame_gui's confirmation window in the game's style: its buttons as large as the
    scenes', sized for the window's ``scale``; the default one highlighted and pressed by Enter
    (the action, or Cancel when the action is ``destructive``); Esc cancels. ``text`` is plain
    text (a save's name in it is shown as typed, never read as pygame_gui's markup). It posts
    ``UI_CONFIRMATION_DIALOG_CONFIRMED`` as pygame_gui's does."""

    def __init__(
        self, rect: pygame.Rect, text: str, manager: pygame_gui.UIManager, *, title: str, action: str,
        scale: float, destructive: bool = False,
    ) -> None:
        super().__init__(rect, html.escape(text, quote=False), manager, window_title=title,
                         action_short_name=action, blocking=True)
        self.destructive = destructive
        bw, bh, pad = round(150 * scale), round(44 * scale), round(14 * scale)
        corner: dict[str, str | IUIElementInterface] = {
            "left": "right", "right": "right", "top": "bottom", "bottom": "bottom"
        }
        labels = (tr("common.cancel"), self.confirm_button.text)
        self.cancel_button.kill()
        self.confirm_button.kill()
        primary = "#primary_button"
        looks = (primary if destructive else None, None if destructive else primary)
        fonts = manager.get_theme()
        need = max(fonts.get_font([look or "button", "button"]).size(t)[0]
                   for t, look in zip(labels, looks, strict=True))
        bw = max(bw, min(need + round(28 * scale), (rect.w - 3 * pad) // 2))  # a longer language's words
        self.cancel_button = pygame_gui.elements.UIButton(
            pygame.Rect(-pad - bw, -pad - bh, bw, bh), labels[0], manager, container=self, anchors=corner,
            object_id=looks[0],
        )
        self.confirm_button = pygame_gui.elements.UIButton(
            pygame.Rect(-2 * (pad + bw), -pad - bh, bw, bh), labels[1], manager, container=self,
            anchors=corner, object_id=looks[1],
        )
        inner = self.get_container().get_size()
        self.confirmation_text.set_dimensions((inner[0] - 10, inner[1] - bh - 2 * pad))

    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in _DIALOG_KEYS:
            cancel = self.destructive or event.key == pygame.K_ESCAPE
            button = self.cancel_button if cancel else self.confirm_button
            pressed = {"ui_element": button, "ui_object_id": button.most_specific_combined_id}
            return super().process_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, pressed)) or True
        return super().process_event(event)


class DropDown(pygame_gui.elements.UIDropDownMenu):
    """pygame_gui's dropdown whose open list is as wide as the closed dropdown (pygame_gui's
    leaves out the arrow's width): the open state has no arrow column; and it closes when the
    entry already chosen is clicked (pygame_gui's list drops that entry's selection and stays
    open), the choice unchanged."""

    def process_event(self, event: pygame.event.Event) -> bool:
        expanded = self.current_state
        if (
            event.type == pygame_gui.UI_SELECTION_LIST_DROPPED_SELECTION
            and isinstance(expanded, UIExpandedDropDownState)
            and event.ui_element is expanded.options_selection_list
        ):
            expanded.should_transition = True
            return True
        return super().process_event(event)

    def update(self, time_delta: float) -> None:
        expanded = self.menu_states.get("expanded")
        if isinstance(expanded, UIExpandedDropDownState) and expanded.close_button_width:
            expanded.close_button_width = 0
        super().update(time_delta)


class Answers:
    """What a scene does when one of its widgets without a ``command`` (a dropdown, a check box,
    a slider, a text box, a confirmation window) reports: one callback per widget and event type,
    in place of asking every event which widget it came from. A scene makes it anew with its
    widgets and hands it each event first (:meth:`handle`)."""

    def __init__(self) -> None:
        self._to: dict[tuple[IUIElementInterface, int], Callable[[pygame.event.Event], object]] = {}

    def on(self, widget: E, kinds: int | tuple[int, ...], do: Callable[[pygame.event.Event], object]) -> E:
        """Call ``do(event)`` when ``widget`` reports an event of ``kinds``; returns the widget."""
        for kind in kinds if isinstance(kinds, tuple) else (kinds,):
            self._to[(widget, kind)] = do
        return widget

    def handle(self, event: pygame.event.Event) -> bool:
        """Call the callback the event is for; True if there is one."""
        widget = getattr(event, "ui_element", None)
        do = self._to.get((widget, event.type)) if widget is not None else None
        if do is None:
            return False
        do(event)
        return True
