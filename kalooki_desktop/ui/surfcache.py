"""Drawn images kept for the frames after, within a budget of pixel memory.

A cache bounded by its number of entries holds whatever those entries weigh: a few hundred
window-sized translucent panels are hundreds of megabytes. :func:`surface_cache` keeps the most
recently used images of a drawing function until their pixels pass a budget in bytes, and lets
the oldest go first.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, ParamSpec

import pygame

P = ParamSpec("P")


def window_bytes() -> int:
    """The pixel bytes of the window's surface (0 with no window)."""
    window = pygame.display.get_surface()
    return 0 if window is None else window.get_pitch() * window.get_height()


class SurfaceCache(Generic[P]):
    """A drawing function's images by its arguments, at most ``budget`` bytes of pixels (the
    ``least`` last drawn are kept whatever they weigh). A budget that follows the window is a
    function, asked only when an image is drawn: a frame's hits cost nothing more."""

    def __init__(
        self, draw: Callable[P, pygame.Surface], budget: int | Callable[[], int], least: int = 1
    ) -> None:
        self._draw = draw
        self.budget = budget
        self.least = least
        self._images: OrderedDict[Hashable, tuple[pygame.Surface, int]] = OrderedDict()
        self.bytes = 0  # the pixels kept now
        self.__doc__ = draw.__doc__
        self.__name__ = getattr(draw, "__name__", "draw")

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> pygame.Surface:
        key = (args, tuple(sorted(kwargs.items())))
        kept = self._images.get(key)
        if kept is not None:
            self._images.move_to_end(key)
            return kept[0]
        image = self._draw(*args, **kwargs)
        weight = image.get_pitch() * image.get_height()
        self._images[key] = (image, weight)
        self.bytes += weight
        limit = self.limit
        while self.bytes > limit and len(self._images) > self.least:
            _, (_, gone) = self._images.popitem(last=False)
            self.bytes -= gone
        return image

    @property
    def limit(self) -> int:
        """The budget in bytes as it stands."""
        return self.budget() if callable(self.budget) else self.budget

    def __len__(self) -> int:
        return len(self._images)

    def cache_clear(self) -> None:
        """Forget every image (they are drawn anew when next asked for)."""
        self._images.clear()
        self.bytes = 0


def surface_cache(
    budget: int | Callable[[], int], least: int = 1
) -> Callable[[Callable[P, pygame.Surface]], SurfaceCache[P]]:
    """Keep a drawing function's images, at most ``budget`` bytes of pixels (:class:`SurfaceCache`)."""

    def wrap(draw: Callable[P, pygame.Surface]) -> SurfaceCache[P]:
        return SurfaceCache(draw, budget, least)

    return wrap
