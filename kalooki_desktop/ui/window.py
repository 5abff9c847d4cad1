"""The game's window: its real size, its smallest size, fullscreen.

Each function asks pygame for the window afresh and nothing keeps a ``pygame.Window``:
``pygame.display.set_mode`` may destroy the window and open a new one (on X11 with an
accelerated framebuffer it always does), and a ``Window`` object of the old one then fails with
"Invalid window" or reads freed memory.

The real size comes from the X server on X11: without a window manager a fullscreen request
leaves the X window as it was while SDL reports the desktop's size, and a scene laid out for
that size would be cut off.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import time
import warnings
from functools import cache
from pathlib import Path

import pygame

from ..storage.settings import MAX_WINDOW, MIN_WINDOW

#: How long a window manager may take to make the window fill the screen before the game takes
#: the request as refused (SDL itself waits 100 ms first): briefly where the X server has no
#: window manager at all, longer for one that animates its windows.
FULLSCREEN_WAIT_S = 0.3
FULLSCREEN_WAIT_WM_S = 1.5


#: SDL's hint for how a window surface reaches the screen. On X11 SDL by default draws it
#: through an OpenGL texture and presents the whole window for every update, however small the
#: changed part; without a graphics card (Mesa's software OpenGL: virtual machines, remote
#: desktops, Xvfb) that costs 6 ms for any update and 12-16 ms for the whole window. X11's own
#: shared-memory images send only the changed rectangles (under 0.5 ms for a third of a
#: 1920x1080 window). Elsewhere (Windows, macOS, Wayland) SDL's choice stands: macOS and
#: Wayland have no other way.
FRAMEBUFFER_HINT = "SDL_FRAMEBUFFER_ACCELERATION"


def open_window(size: tuple[int, int]) -> pygame.Surface:
    """Open (or replace) the resizable window at ``size``; on X11 its surface reaches the screen
    through X11's own images (:data:`FRAMEBUFFER_HINT`) unless the player's environment says
    otherwise."""
    if pygame.display.get_driver() == "x11":
        os.environ.setdefault(FRAMEBUFFER_HINT, "0")
    return pygame.display.set_mode(size, pygame.RESIZABLE)


def rows_of(rects: list[pygame.Rect], width: int) -> list[pygame.Rect]:
    """The window's whole rows from the top of ``rects`` to their bottom (none for none): what
    reaches the screen when a frame changed ``rects`` (the table names the parts a drag changes,
    ``tests/test_dirty_rects.py``; whole rows are what SDL's OpenGL texture always sent, and what
    the real window's frame figures were measured with)."""
    if not rects:
        return []
    top = min(r.top for r in rects)
    return [pygame.Rect(0, top, width, max(r.bottom for r in rects) - top)]


def save_screenshot(surface: pygame.Surface, path: str | Path) -> Path:
    """Save ``surface`` as a PNG at ``path`` (its folder made first); the path."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(path))
    return path


def current() -> pygame.Window | None:
    """The window of ``pygame.display`` as it is now (None before ``set_mode``)."""
    try:
        with warnings.catch_warnings():  # the display module's window is the one wanted here
            warnings.simplefilter("ignore", DeprecationWarning)
            return pygame.Window.from_display_module()
    except (pygame.error, AttributeError):
        return None


def hold_minimum(size: tuple[int, int]) -> None:
    """The window cannot be made smaller than ``size`` (where a window manager enforces it)."""
    win = current()
    if win is not None:
        with contextlib.suppress(pygame.error, ValueError):
            win.minimum_size = size


def set_size(size: tuple[int, int]) -> None:
    """Resize the window in place (never a new window)."""
    win = current()
    if win is not None:
        with contextlib.suppress(pygame.error, ValueError):
            win.size = size


def set_fullscreen(*, on: bool) -> bool:
    """Ask for fullscreen on the desktop's resolution (``on``) or the window; False if refused."""
    win = current()
    if win is None:
        return False
    try:
        if on:
            win.set_fullscreen(desktop=True)
        else:
            win.set_windowed()
    except pygame.error:
        return False
    return True


def fills_screen() -> bool:
    """After a fullscreen request: True once the window really has the size SDL gives it (a
    window manager made it fill the screen), False if it still has not after
    :data:`FULLSCREEN_WAIT_S`."""
    wait = FULLSCREEN_WAIT_WM_S if has_window_manager() else FULLSCREEN_WAIT_S
    deadline = time.monotonic() + wait
    while real_size() != pygame.display.get_window_size():
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.03)
    return True


def real_size() -> tuple[int, int]:
    """The window's size as the screen has it."""
    return server_size() or pygame.display.get_window_size()


def server_size() -> tuple[int, int] | None:
    """The X window's size from the X server (None elsewhere or if it cannot be asked)."""
    if pygame.display.get_driver() != "x11":
        return None
    xlib = _xlib()
    if xlib is None:
        return None
    try:
        info = pygame.display.get_wm_info()
        display = _x_display()
        root, border, depth = ctypes.c_ulong(), ctypes.c_uint(), ctypes.c_uint()
        x, y, w, h = ctypes.c_int(), ctypes.c_int(), ctypes.c_uint(), ctypes.c_uint()
        ok = xlib.XGetGeometry(
            ctypes.c_void_p(display), ctypes.c_ulong(int(info["window"])), ctypes.byref(root),
            ctypes.byref(x), ctypes.byref(y), ctypes.byref(w), ctypes.byref(h),
            ctypes.byref(border), ctypes.byref(depth),
        )
    except (KeyError, TypeError, ValueError, OSError, pygame.error):
        return None
    if not ok or w.value == 0 or h.value == 0:
        return None
    return (w.value, h.value)


def has_window_manager() -> bool:
    """False only for an X server where no window manager runs (its root window names none)."""
    xlib = _xlib()
    if pygame.display.get_driver() != "x11" or xlib is None:
        return True
    try:
        display = ctypes.c_void_p(_x_display())
        xlib.XInternAtom.restype = ctypes.c_ulong
        xlib.XDefaultRootWindow.restype = ctypes.c_ulong
        atom = xlib.XInternAtom(display, b"_NET_SUPPORTING_WM_CHECK", 1)
        if not atom:
            return False
        kind, fmt, items, left = ctypes.c_ulong(), ctypes.c_int(), ctypes.c_ulong(), ctypes.c_ulong()
        data = ctypes.c_void_p()
        status = xlib.XGetWindowProperty(
            display, ctypes.c_ulong(xlib.XDefaultRootWindow(display)), ctypes.c_ulong(atom),
            ctypes.c_long(0), ctypes.c_long(1), 0, ctypes.c_ulong(0),  # any type
            ctypes.byref(kind), ctypes.byref(fmt), ctypes.byref(items), ctypes.byref(left),
            ctypes.byref(data),
        )
        if data.value:
            xlib.XFree(data)
    except (KeyError, TypeError, ValueError, OSError, pygame.error, AttributeError):
        return True
    return status != 0 or items.value > 0


def _x_display() -> int:
    """SDL's own connection to the X server."""
    get_pointer = ctypes.pythonapi.PyCapsule_GetPointer
    get_pointer.restype = ctypes.c_void_p
    get_pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
    return int(get_pointer(pygame.display.get_wm_info()["display"], b"display"))


@cache
def _xlib() -> ctypes.CDLL | None:
    name = ctypes.util.find_library("X11") or "libX11.so.6"
    try:
        return ctypes.CDLL(name)
    except OSError:
        return None


def fit_window(want: tuple[int, ...], *, on_screen: bool = False) -> tuple[int, int]:
    """A window size from :data:`MIN_WINDOW` to :data:`MAX_WINDOW` and, ``on_screen``, no larger
    than the largest screen (a remembered size from another machine)."""
    limit = MAX_WINDOW
    if on_screen:
        with contextlib.suppress(pygame.error, ValueError):
            desktop = max(pygame.display.get_desktop_sizes())
            if desktop[0] >= MIN_WINDOW[0] and desktop[1] >= MIN_WINDOW[1]:
                limit = (min(limit[0], desktop[0]), min(limit[1], desktop[1]))
    return (
        max(MIN_WINDOW[0], min(limit[0], int(want[0]))),
        max(MIN_WINDOW[1], min(limit[1], int(want[1]))),
    )
