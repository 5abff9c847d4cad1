"""The window: a resize below its smallest size, fullscreen, and a window that pygame replaces."""

from __future__ import annotations

import os
from typing import Any

import pygame
import pytest

from kalooki_desktop.app import MIN_SIZE
from kalooki_desktop.storage.paths import set_data_dir
from kalooki_desktop.ui import window

from .gui import make_app, post, resize_window, step, table_at
from .test_scenes import LAYER, PLAIN


class ReplacedWindows:
    """``pygame.display.set_mode`` as on X11 with an accelerated framebuffer: every call destroys
    the window and opens a new one, and a ``Window`` object of an old one fails with "Invalid
    window"."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.generation = 0
        self.set_modes = 0
        real_set_mode = pygame.display.set_mode
        real_window = pygame.Window
        outer = self

        def set_mode(*args: Any, **kwargs: Any) -> pygame.Surface:
            outer.set_modes += 1
            outer.generation += 1
            return real_set_mode(*args, **kwargs)

        class Handle:
            def __init__(self, win: pygame.Window) -> None:
                object.__setattr__(self, "_win", win)
                object.__setattr__(self, "_generation", outer.generation)

            def _live(self) -> pygame.Window:
                if object.__getattribute__(self, "_generation") != outer.generation:
                    raise pygame.error("Invalid window")
                win: pygame.Window = object.__getattribute__(self, "_win")
                return win

            def __getattr__(self, name: str) -> object:
                return getattr(self._live(), name)

            def __setattr__(self, name: str, value: object) -> None:
                setattr(self._live(), name, value)

        class WindowType:
            @staticmethod
            def from_display_module() -> Handle:
                return Handle(real_window.from_display_module())

        monkeypatch.setattr(pygame.display, "set_mode", set_mode)
        monkeypatch.setattr(pygame, "Window", WindowType)


@pytest.fixture
def replaced(tmp_path, monkeypatch):
    set_data_dir(tmp_path)
    windows = ReplacedWindows(monkeypatch)
    app = make_app((1024, 640))
    yield app, windows
    app.shutdown()
    set_data_dir(None)


def test_a_resize_below_the_minimum_keeps_the_window_and_fullscreen_works_after_it(replaced):
    """The window comes back to its smallest size in place (no new window), keeps its minimum,
    and F11 then works: no "Invalid window", the drawing is the window's size both ways."""
    app, windows = replaced
    scene = table_at(app, [LAYER, *PLAIN], discard="2C", stock="7C 6D 8H 3S 4D 10C")
    step(app, 2)
    opened = windows.set_modes
    resize_window((800, 500))
    step(app, 2)
    assert windows.set_modes == opened  # the same window, never a new one
    assert app.screen.get_size() == MIN_SIZE == window.real_size() == scene.layout.size
    assert app.window is not None and app.window.minimum_size == MIN_SIZE
    post(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0)
    step(app, 2)
    assert "window" not in app.toast_text.lower()
    assert app.settings.fullscreen
    assert app.screen.get_size() == window.real_size() == scene.layout.size
    post(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0)
    step(app, 2)
    assert "window" not in app.toast_text.lower() and not app.settings.fullscreen
    assert app.screen.get_size() == window.real_size() == scene.layout.size == MIN_SIZE
    assert app.window is not None and app.window.minimum_size == MIN_SIZE


def test_no_sdl_error_reaches_the_player(replaced, monkeypatch):
    """A window that refuses a change of mode stays as it is, and the player reads a sentence of
    the catalogue, never SDL's own words."""
    from kalooki_desktop.i18n import tr

    app, _ = replaced
    table_at(app, [LAYER, *PLAIN], discard="2C", stock="7C 6D 8H 3S 4D 10C")
    step(app, 2)

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise pygame.error("Invalid window")

    monkeypatch.setattr(window, "set_fullscreen", lambda **_k: False)
    monkeypatch.setattr(pygame.display, "set_mode", refuse)
    post(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0)
    step(app, 2)
    assert "Invalid window" not in app.toast_text and app.toast_text == tr("app.fullscreen_failed")
    assert not app.settings.fullscreen and app.screen.get_size() == MIN_SIZE


def test_fullscreen_that_no_window_manager_carries_out_keeps_the_window(replaced, monkeypatch):
    """Without a window manager the X window keeps its size while SDL reports the desktop's: the
    game goes back to its window, draws at the size the window has and says why."""
    from kalooki_desktop.i18n import tr

    app, _ = replaced
    scene = table_at(app, [LAYER, *PLAIN], discard="2C", stock="7C 6D 8H 3S 4D 10C")
    step(app, 2)
    monkeypatch.setattr(window, "FULLSCREEN_WAIT_S", 0.05)
    monkeypatch.setattr(window, "has_window_manager", lambda: False)
    monkeypatch.setattr(window, "server_size", lambda: MIN_SIZE)  # the X window never changes
    post(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0)
    step(app, 2)
    assert app.screen.get_size() == MIN_SIZE == scene.layout.size == pygame.display.get_window_size()
    assert not app.settings.fullscreen and app.toast_text == tr("app.fullscreen_refused")


@pytest.mark.parametrize(
    ("driver", "before", "after"),
    [("x11", None, "0"), ("x11", "1", "1"), ("windows", None, None), ("cocoa", None, None)],
)
def test_on_x11_the_window_reaches_the_screen_through_x11_images_unless_the_player_says_otherwise(
    monkeypatch: pytest.MonkeyPatch, driver: str, before: str | None, after: str | None
) -> None:
    """SDL's OpenGL window texture presents the whole window for every update (6-16 ms without a
    graphics card); X11's images send the changed rectangles. Elsewhere SDL's choice stands."""
    monkeypatch.setenv(window.FRAMEBUFFER_HINT, before or "")  # put back as it was afterwards
    if before is None:
        monkeypatch.delenv(window.FRAMEBUFFER_HINT)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: driver)
    opened: list[tuple[tuple[int, int], int]] = []
    monkeypatch.setattr(pygame.display, "set_mode", lambda size, flags: opened.append((size, flags)))
    window.open_window((1280, 800))
    assert opened == [((1280, 800), pygame.RESIZABLE)]
    assert os.environ.get(window.FRAMEBUFFER_HINT) == after


def test_a_frame_reaches_the_screen_as_whole_rows_around_what_it_changed() -> None:
    """The table names the parts a drag changes; the window's rows from the first to the last of
    them go to the screen (what SDL's OpenGL texture sent), so nothing it leaves out is stale."""
    rects = [pygame.Rect(100, 300, 50, 40), pygame.Rect(700, 120, 80, 30), pygame.Rect(10, 500, 5, 5)]
    assert window.rows_of(rects, 1280) == [pygame.Rect(0, 120, 1280, 385)]
    assert window.rows_of([], 1280) == []
