"""Toasts: one short message at a time near where the player is looking (refusals in red with a
sound), and a queue of notices (a damaged file moved aside ...) shown one after another.

A toast belongs to the scene it was raised on and leaves when another scene comes on top (the
scores, a practice's result, the menu), so nothing of the table is carried elsewhere; messages
about files and saving ("lasting") stay until their time is over. A toast about the position
(a refusal, a hint) also leaves once the game moves on (the scene's ``toast_position()``
changes) or the player presses a key or a mouse button."""

from __future__ import annotations

from typing import Protocol

import pygame

from . import palette
from . import text as txt
from .draw import panel
from .sound import Sounds
from .theme import font_size, ui_scale

#: Where a toast's words may go: "scene" (until another scene is on top), "position" (also until
#: the game moves on or the player acts) or "lasting" (its whole time, on any scene).
SCOPES = ("scene", "position", "lasting")


class Owner(Protocol):
    """A scene a toast can belong to."""

    def toast_position(self) -> object: ...

    def toast_anchor(self) -> tuple[int, int] | pygame.Rect: ...


class Toasts:
    """The message on show and the notices waiting. Times are the game clock's milliseconds."""

    def __init__(self, sounds: Sounds) -> None:
        self.sounds = sounds
        self.text = ""
        self.kind = "info"
        self.until = 0.0
        self.notices: list[str] = []
        self.owner: Owner | None = None  # the scene the message belongs to (None: lasting)
        self.position: object = None  # the position a "position" message is about
        self.bound = False  # the message leaves when the position changes or the player acts
        self.box = pygame.Rect(0, 0, 0, 0)  # where the message is drawn (laid out by update)
        self._size = 0
        self._lines: tuple[str, ...] = ()

    def show(
        self, message: str, now: float, kind: str = "info", seconds: float = 3.5, *, scope: str = "lasting",
        scene: Owner | None = None,
    ) -> None:
        """Show ``message`` for ``seconds`` ("error" for refusals: red, with a sound), raised on
        ``scene`` with one of :data:`SCOPES`."""
        self.text, self.kind = message, kind
        if kind == "error":
            self.sounds.play("refused", 0.7)
        self.until = now + seconds * 1000
        self.owner = None if scope == "lasting" else scene
        self.bound = scope == "position" and scene is not None
        self.position = scene.toast_position() if self.bound and scene is not None else None

    def acted(self) -> None:
        """The player pressed a key or a mouse button: a message about the position leaves."""
        if self.bound:
            self.text = ""

    def forget_stale(self, scene: Owner | None) -> None:
        """Take down a message that belongs to another scene than ``scene`` (the one on top), or
        to a position that has changed."""
        if not self.text or self.owner is None:
            return
        if scene is not self.owner or (self.bound and scene.toast_position() != self.position):
            self.text = ""

    def on_show(self, now: float) -> bool:
        """True while a message is on show (a little after, so its last frame is drawn)."""
        return bool(self.text) and now <= self.until + 100

    def update(self, now: float, size: tuple[int, int], scene: Owner | None = None) -> None:
        """Once a frame, before drawing: take down a stale message, bring on the next notice once
        the last message is over (with its sound), and lay out the message on show for a window
        of ``size`` where ``scene``, the scene on top, wants it (its ``toast_anchor()``: the top
        centre of a one-line toast, a longer one growing upwards, up to three lines; or the room
        the toast fits in, its words wrapped to the room's width and smaller to fit its height;
        without a scene, near the window's top)."""
        self.forget_stale(scene)
        if self.notices and (not self.text or now > self.until):
            self.show(self.notices.pop(0), now, "error", 9)
        if not self.text or now > self.until:
            self.box, self._lines = pygame.Rect(0, 0, 0, 0), ()
            return
        anchor = scene.toast_anchor() if scene is not None else (size[0] // 2, round(size[1] * 0.1))
        self.box, self._size, self._lines = _lay_out(self.text, self.kind, size, anchor)

    def draw(self, surface: pygame.Surface) -> None:
        """The message laid out by the last :meth:`update` (drawing changes nothing)."""
        if not self._lines or not self.text:
            return
        box, size = self.box, self._size
        colour = {"error": palette.INVALID, "coach": palette.VALID}.get(self.kind, palette.GOLD)
        panel(surface, box, alpha=255, radius=min(box.h // 2, 18), border=colour)  # nothing shows through
        for i, line in enumerate(self._lines):
            at = (box.centerx, box.y + size // 4 + i * (size + 6))
            txt.draw(surface, line, size, at, palette.TEXT, bold=True, anchor="midtop")


def _lay_out(
    text: str, kind: str, window: tuple[int, int], anchor: tuple[int, int] | pygame.Rect,
) -> tuple[pygame.Rect, int, tuple[str, ...]]:
    """The box, text size and lines of a toast saying ``text`` in a window of size ``window``
    (:meth:`Toasts.update` says what ``anchor`` is)."""
    w, h = window
    size = font_size(19, ui_scale(window))
    icon = "✗ " if kind == "error" else ""
    if isinstance(anchor, pygame.Rect):
        size, lines = _fit_room(icon + text, size, anchor)
    else:
        lines = txt.wrap(icon + text, size, round(w * 0.7), bold=True)
        while len(lines) > 3 and size > 12:  # a long message takes a smaller size, never a cut
            size -= 1
            lines = txt.wrap(icon + text, size, round(w * 0.8), bold=True)
    line_h = size + 6
    width = max(txt.width(line, size, bold=True) for line in lines)
    box = pygame.Rect(0, 0, width + size * 2, line_h * len(lines) + size // 2)
    if isinstance(anchor, pygame.Rect):
        box.center = anchor.center
        if box.h > anchor.h:  # too long for the room: it grows downwards, over the hand's top
            box.top = anchor.top
    else:
        box.midtop = (anchor[0], anchor[1] - line_h * (len(lines) - 1))
    box.clamp_ip(pygame.Rect(0, 0, w, h))
    return box, size, tuple(lines)


def _fit_room(text: str, size: int, room: pygame.Rect) -> tuple[int, list[str]]:
    """The size and lines of ``text`` wrapped to the width of ``room``, as large as fits its
    height (never below 11, never cut: a message too long for the room grows past its foot)."""
    while True:
        lines = txt.wrap(text, size, max(40, room.w - size * 2), bold=True)
        if (size + 6) * len(lines) + size // 2 <= room.h or size <= 11:
            return size, lines
        size -= 1
