"""Toasts: one short message at a time near where the player is looking (refusals in red with a
sound), and a queue of notices (a damaged file moved aside ...) shown one after another."""

from __future__ import annotations

import pygame

from . import palette
from . import text as txt
from .draw import panel
from .sound import Sounds


class Toasts:
    """The message on show and the notices waiting. Times are the game clock's milliseconds."""

    def __init__(self, sounds: Sounds) -> None:
        self.sounds = sounds
        self.text = ""
        self.kind = "info"
        self.until = 0.0
        self.notices: list[str] = []

    def show(self, message: str, now: float, kind: str = "info", seconds: float = 3.5) -> None:
        """Show ``message`` for ``seconds`` ("error" for refusals: red, with a sound)."""
        self.text, self.kind = message, kind
        if kind == "error":
            self.sounds.play("refused", 0.7)
        self.until = now + seconds * 1000

    def on_show(self, now: float) -> bool:
        """True while a message is on show (a little after, so its last frame is drawn)."""
        return bool(self.text) and now <= self.until + 100

    def draw(self, surface: pygame.Surface, anchor: tuple[int, int], now: float) -> None:
        """The message on show (the next notice once the last message is over), its top centre
        at ``anchor``; up to three lines."""
        if self.notices and (not self.text or now > self.until):
            self.show(self.notices.pop(0), now, "error", 9)
        if not self.text or now > self.until:
            return
        w, h = surface.get_size()
        size = max(15, round(h * 0.024))
        colour = {"error": palette.INVALID, "coach": palette.VALID}.get(self.kind, palette.GOLD)
        icon = "✗ " if self.kind == "error" else ""
        lines = txt.wrap(icon + self.text, size, round(w * 0.7), bold=True)
        while len(lines) > 3 and size > 12:  # a long message takes a smaller size, never a cut
            size -= 1
            lines = txt.wrap(icon + self.text, size, round(w * 0.8), bold=True)
        line_h = size + 6
        width = max(txt.width(line, size, bold=True) for line in lines)
        box = pygame.Rect(0, 0, width + size * 2, line_h * len(lines) + size // 2)
        box.midtop = (anchor[0], anchor[1] - line_h * (len(lines) - 1))
        box.clamp_ip(surface.get_rect())
        panel(surface, box, alpha=225, radius=min(box.h // 2, 18), border=colour)
        for i, line in enumerate(lines):
            at = (box.centerx, box.y + size // 4 + i * line_h)
            txt.draw(surface, line, size, at, palette.TEXT, bold=True, anchor="midtop")
