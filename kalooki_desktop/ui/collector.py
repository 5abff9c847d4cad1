"""Python's full garbage collections, at moments nobody sees.

A full collection walks every object the game holds (the bots' remembered plans among them,
some hundred thousand entries) and keeps the interpreter lock throughout: 20-45 ms while the
coach weighs a decision or Hard searches, two frames or more lost wherever it falls, in the
middle of a drag. While the game runs, Python makes only its young collections (a few
milliseconds each) and the game makes the full ones itself, between frames: when the screen is
at rest (nothing moves by itself, no key or button for :data:`REST_MS`) and young collections
have passed since the last full one, and in any case once :data:`MOST_YOUNG` have (a player
who never lets go meets one then, every minute or so of heavy thinking). The engine's values are
freed as soon as they are let go, but a screen's widgets hold one another in circles: when a
whole screen leaves the window (not for a dialog), a full collection follows at once, in the frame that shows
the next screen anyway, so that the next screen's pictures reuse the memory of the last one's
instead of adding to it (a smoke game's peak: 115 MB against 129).
"""

from __future__ import annotations

import gc

import pygame

#: No input for this long (ms) before the screen counts as at rest.
REST_MS = 400.0
#: Young (second-generation) collections since the last full one before one at rest is made;
#: Python's own threshold.
FEWEST_YOUNG = 10
#: Young collections after which a full one is made whatever the screen does.
MOST_YOUNG = 400
#: Python's full collections, put off while the game makes its own.
OFF = 1 << 30

_INPUT = frozenset((pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL))


class Collector:
    """The game's full garbage collections (:meth:`start` while the game's loop runs)."""

    def __init__(self) -> None:
        self.running = False
        self.last_input_ms = float("-inf")
        self.made = 0  # full collections made by the game
        self.screens_left = 0  # whole screens that left the window in this frame's scene changes
        self._thresholds = gc.get_threshold()

    def start(self) -> None:
        """Take the full collections over from Python."""
        if not self.running:
            self._thresholds = gc.get_threshold()
            gc.set_threshold(self._thresholds[0], self._thresholds[1], OFF)
            self.running = True

    def stop(self) -> None:
        """Give the full collections back to Python."""
        if self.running:
            gc.set_threshold(*self._thresholds)
            self.running = False

    def saw(self, kind: int, now_ms: float) -> None:
        """An event of ``kind`` came at ``now_ms``: a key or a button keeps the screen busy."""
        if kind in _INPUT:
            self.last_input_ms = now_ms

    def after_scene_changes(self) -> bool:
        """After the frame's scene changes: when a whole screen has left the window (closed, or
        covered by another whole screen), its widgets' circles are collected now; True if a
        collection was made."""
        left, self.screens_left = self.screens_left, 0
        if not (self.running and left):
            return False
        gc.collect()
        self.made += 1
        return True

    def step(self, now_ms: float, *, at_rest: bool) -> bool:
        """After a frame: a full collection if one is due; True if one was made."""
        if not self.running:
            return False
        young = gc.get_count()[2]
        quiet = at_rest and now_ms - self.last_input_ms >= REST_MS
        if young >= MOST_YOUNG or (quiet and young >= FEWEST_YOUNG):
            gc.collect()
            self.made += 1
            return True
        return False
