"""Measure a frame's words against their boxes: every text the game draws itself (through
:mod:`kalooki_desktop.ui.text`) and every pygame_gui button and label. A problem is a text that
leaves its surface or the window, a text shortened with "…", a widget's words wider than the
widget, a dialog's words that need a scroll bar, or two texts (or a text and a button it does not belong to) drawn over each other."""

from __future__ import annotations

import sys
from dataclasses import dataclass

import pygame
from pygame_gui.elements import UIButton, UILabel, UITextBox, UIWindow

from kalooki_desktop.app import App
from kalooki_desktop.ui import draw as draw_module
from kalooki_desktop.ui import text as txt


@dataclass(frozen=True)
class Drawn:
    """One text the game drew: where, on a surface of what size, and whether it was shortened."""

    text: str
    rect: pygame.Rect
    surface: tuple[int, int]
    cut: bool
    clip: pygame.Rect  # the surface's clip (a scrolling view shows only what is inside it)


class Probe:
    """Records the texts and the panels drawn while it is installed (``monkeypatch`` the text
    module's draw and every module's ``panel``)."""

    def __init__(self, monkeypatch: object) -> None:
        self.drawn: list[Drawn] = []
        self.panels: list[tuple[pygame.Rect, tuple[int, int]]] = []
        original = txt.draw
        original_panel = draw_module.panel

        def panel(surface: pygame.Surface, rect: pygame.Rect, *args: object, **kwargs: object) -> None:
            original_panel(surface, rect, *args, **kwargs)  # type: ignore[arg-type]
            self.panels.append((pygame.Rect(rect), surface.get_size()))

        for module in list(sys.modules.values()):
            if module is not None and module.__name__.startswith("kalooki_desktop") and \
                    getattr(module, "panel", None) is original_panel:
                monkeypatch.setattr(module, "panel", panel)  # type: ignore[attr-defined]

        def draw(surface: pygame.Surface, text: str, size: int, pos: tuple[float, float], *args: object,
                 **kwargs: object) -> pygame.Rect:
            rect = original(surface, text, size, pos, *args, **kwargs)  # type: ignore[arg-type]
            limit = kwargs.get("max_width")
            bold = bool(kwargs.get("bold", False))
            cut = isinstance(limit, int) and txt.width(text, size, bold=bold) > limit
            self.drawn.append(Drawn(text, rect, surface.get_size(), cut, surface.get_clip()))
            return rect

        monkeypatch.setattr(txt, "draw", draw)  # type: ignore[attr-defined]

    def problems(self, app: App, frames: int = 2, *, toast: str = "") -> list[str]:
        """Draw ``frames`` frames and say what is wrong with the last (a scene's cached layer is
        drawn anew in it). With ``toast`` on show, its lines may lie over the scene, but not
        over its title (the largest words) nor off the window."""
        for _ in range(frames):  # what the last frame shows (its cached layer drawn anew in it)
            invalidate = getattr(getattr(app.top, "painter", None), "invalidate", None)
            if invalidate is not None:
                invalidate()
            self.drawn.clear()
            self.panels.clear()
            app.step(1 / 60)
        size = app.screen.get_size()
        shown = {(d.text, tuple(d.rect), d.surface): d for d in self.drawn if d.text.strip()}
        texts = [d for d in shown.values() if d.clip.colliderect(d.rect)]  # what can be seen
        found = _text_problems(texts)
        widget_found, buttons = _widget_problems(app, pygame.Rect((0, 0), size))
        found += widget_found
        own = [d for d in texts if d.surface == size and not (toast and d.text.strip("✗ ") in toast)]
        if not toast:
            return found + _overlaps(own, buttons) + self._across_panels(own)
        title = max(own, key=lambda d: d.rect.h)
        for line in (d for d in texts if d not in own and d.surface == size):
            if line.rect.colliderect(title.rect):
                found.append(f"toast over the title {title.text!r}: {line.text!r}")
        return found


    def _across_panels(self, texts: list[Drawn]) -> list[str]:
        """Texts that run across a panel's border (partly inside, partly outside it)."""
        found = []
        for box, surface in {(tuple(r), s): (r, s) for r, s in self.panels}.values():
            for d in texts:
                inner = d.rect.inflate(-4, -4)
                if d.surface == surface and inner.colliderect(box) and not box.contains(inner):
                    found.append(f"text across a panel's border: {d.text!r} {tuple(d.rect)} and {tuple(box)}")
        return found


def _text_problems(texts: list[Drawn]) -> list[str]:
    found = []
    for d in texts:
        whole = pygame.Rect((0, 0), d.surface)
        if d.clip == whole and not whole.contains(d.rect):
            found.append(f"text off its surface: {d.text!r} at {tuple(d.rect)} on {d.surface}")
        if d.cut:
            found.append(f"text shortened: {d.text!r}")
    return found


def _widget_problems(app: App, window: pygame.Rect) -> tuple[list[str], list[tuple[str, pygame.Rect]]]:
    """Widgets off the window or with words wider than themselves; the buttons on show (but a
    dialog window's own: the dialog covers what the scene drew beneath it)."""
    found = []
    buttons = []
    sprites = app.ui.get_sprite_group().sprites()
    dialogs = [pygame.Rect(el.rect) for el in sprites if isinstance(el, UIWindow) and el.visible]
    for el in sprites:
        if isinstance(el, UITextBox) and el.visible and el.scroll_bar is not None:
            found.append(f"words that scroll in their box: {el.html_text!r}")
        if not isinstance(el, UIButton | UILabel) or not el.visible:
            continue
        text = getattr(el, "text", "") or ""
        rect = pygame.Rect(el.rect)
        if not window.contains(rect):
            found.append(f"widget off the window: {text!r} at {tuple(rect)}")
        if text:
            need = el.ui_theme.get_font(el.combined_element_ids).size(text)[0]
            room = rect.w - (12 if isinstance(el, UIButton) else 0)
            if need > room:
                found.append(f"words wider than their widget: {text!r} needs {need} px, has {room}")
        if isinstance(el, UIButton) and not any(d.contains(rect) for d in dialogs):
            buttons.append((text, rect))
    found += [f"buttons over each other: [{a}] {tuple(ra)} and [{b}] {tuple(rb)}"
              for i, (a, ra) in enumerate(buttons) for b, rb in buttons[i + 1:] if ra.colliderect(rb)]
    return found, buttons


def _overlaps(texts: list[Drawn], buttons: list[tuple[str, pygame.Rect]]) -> list[str]:
    found = []
    for i, a in enumerate(texts):
        ra = a.rect.inflate(-2, -4)
        for b in texts[i + 1:]:
            if a.text != b.text and ra.colliderect(b.rect.inflate(-2, -4)):  # (a shadow is the same text)
                found.append(f"texts overlap: {a.text!r} {tuple(a.rect)} and {b.text!r} {tuple(b.rect)}")
        for label, r in buttons:
            if ra.colliderect(r) and not r.contains(a.rect):
                found.append(f"text over a button: {a.text!r} {tuple(a.rect)} and [{label}] {tuple(r)}")
    return found
