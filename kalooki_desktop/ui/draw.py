"""Drawing helpers shared by the scenes: the felt, translucent panels, glows."""

from __future__ import annotations

from functools import lru_cache

import pygame

from . import palette
from .surfcache import surface_cache, window_bytes
from .theme import font_size, ui_scale


def felt(size: tuple[int, int]) -> pygame.Surface:
    """The table felt with a soft vignette, at ``size`` (cached per window size and look)."""
    return _felt(size, palette.FELT, palette.FELT_DARK)


@lru_cache(maxsize=4)
def _felt(size: tuple[int, int], colour: palette.Colour, dark: palette.Colour) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface(size)
    surf.fill(colour)
    # A vignette from concentric translucent ellipses, drawn small and scaled up (smooth, cheap).
    small = pygame.Surface((64, 40), pygame.SRCALPHA)
    for i in range(20):
        alpha = int(5 + i * 4.2)
        rect = pygame.Rect(0, 0, 64, 40).inflate(-(20 - i) * 3, -(20 - i) * 1.9)
        ring = pygame.Surface((64, 40), pygame.SRCALPHA)
        ring.fill((*dark, alpha))
        pygame.draw.ellipse(ring, (0, 0, 0, 0), rect)
        small.blit(ring, (0, 0))
    surf.blit(pygame.transform.smoothscale(small, (w, h)), (0, 0))
    return surf


#: The pixel memory kept for drawn panels besides a window's worth: a scene's own panels (together
#: at most four fifths of its window, measured from 1024x700 to 1920x1080) stay drawn, and those of
#: the scenes left behind go as others are drawn.
PANEL_SPARE = 1 << 20


@surface_cache(lambda: window_bytes() + PANEL_SPARE)
def _panel(
    size: tuple[int, int],
    alpha: int,
    radius: int,
    border: palette.Colour | None,
    fill: palette.Colour,
    width: int,
) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(s, (*fill, alpha), s.get_rect(), border_radius=radius)
    if border is not None:
        pygame.draw.rect(s, (*border, 255), s.get_rect(), width=width, border_radius=radius)
    return s


def backdrop(surface: pygame.Surface, title: str | None = None, top: int = 18) -> int:
    """The felt of every full-screen scene, with its title in gold; returns the title's size."""
    w, h = surface.get_size()
    surface.blit(felt((w, h)), (0, 0))
    size = font_size(36, ui_scale((w, h)))
    if title:
        from . import text

        size = text.size_to_fit(title, size, w - 40, bold=True)
        text.draw(surface, title, size, (w // 2, top), palette.GOLD, bold=True, anchor="midtop")
    return size


def panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    alpha: int = 150,
    radius: int = 10,
    border: palette.Colour | None = None,
    fill: palette.Colour | None = None,
    width: int = 2,
) -> None:
    """A dark translucent rounded panel (cached per size and style); in the high-contrast look a
    black one, nearly opaque."""
    if rect.w <= 0 or rect.h <= 0:
        return
    if palette.high_contrast():
        alpha = max(alpha, 235)
    surface.blit(_panel(rect.size, alpha, radius, border, fill or palette.PANEL, width), rect.topleft)


@lru_cache(maxsize=256)
def _glow(
    size: tuple[int, int], colour: palette.Colour, width: int, radius: int, spread: int
) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    for i in range(spread, 0, -1):
        a = int(90 * (1 - i / (spread + 1)))
        pygame.draw.rect(
            s,
            (*colour, a),
            s.get_rect().inflate(-2 * (spread - i), -2 * (spread - i)),
            width=2,
            border_radius=radius + i,
        )
    pygame.draw.rect(
        s, (*colour, 255), s.get_rect().inflate(-2 * spread, -2 * spread), width=width, border_radius=radius
    )
    return s


def mark(surface: pygame.Surface, rect: pygame.Rect, colour: palette.Colour, size: int = 9, *,
         below: bool = False) -> None:
    """A small triangle pointing at the middle of ``rect``'s top edge (``below``: up at its bottom
    edge, where a label sits above it), outlined dark: where a card may go, told by a shape and
    not by a colour alone."""
    cx = rect.centerx
    edge, back = (rect.bottom + 2, rect.bottom + size + 4) if below else (rect.top - 2, rect.top - size - 4)
    points = [(cx - size, back), (cx + size, back), (cx, edge)]
    pygame.draw.polygon(surface, colour, points)
    pygame.draw.polygon(surface, palette.BLACK, points, width=1)


def glow(
    surface: pygame.Surface,
    rect: pygame.Rect,
    colour: palette.Colour,
    width: int = 3,
    radius: int = 10,
    spread: int = 6,
) -> None:
    """A soft coloured outline around ``rect`` (active seat, legal drop target)."""
    if rect.w <= 0 or rect.h <= 0:
        return
    outer = rect.inflate(spread * 2, spread * 2)
    surface.blit(_glow(outer.size, colour, width, radius, spread), outer.topleft)
