"""Text for our own drawing (the table, the scoreboard): one font family, rendered once per
(text, size, colour) and cached, so a frame costs only blits."""

from __future__ import annotations

from functools import lru_cache

import pygame

from . import palette
from .cards import font


def render(
    text: str, size: int, colour: palette.Colour | None = None, *, bold: bool = False
) -> pygame.Surface:
    """The text as a surface (cached; no ``colour``: the words' colour of the look in use)."""
    return _render(text, size, colour or palette.TEXT, bold=bold)


@lru_cache(maxsize=2048)
def _render(text: str, size: int, colour: palette.Colour, *, bold: bool) -> pygame.Surface:
    img, _ = font(bold=bold).render(text, colour, size=max(6, size))
    return img


@lru_cache(maxsize=1024)
def fitted(text: str, size: int, colour: palette.Colour, *, bold: bool, max_width: int) -> pygame.Surface:
    """``text`` rendered, shortened with an ellipsis to fit ``max_width`` (cached)."""
    img = render(text, size, colour, bold=bold)
    if img.get_width() <= max_width or len(text) <= 1:
        return img
    lo, hi = 1, len(text) - 1  # the longest prefix that fits, by bisection
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if render(text[:mid].rstrip() + "…", size, colour, bold=bold).get_width() <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return render(text[:lo].rstrip() + "…", size, colour, bold=bold)


def draw(
    surface: pygame.Surface,
    text: str,
    size: int,
    pos: tuple[float, float],
    colour: palette.Colour | None = None,
    *,
    bold: bool = False,
    anchor: str = "topleft",
    max_width: int | None = None,
) -> pygame.Rect:
    """Draw ``text`` with its ``anchor`` point (a pygame.Rect attribute name) at ``pos``.

    Text wider than ``max_width`` is shortened with an ellipsis.
    """
    colour = colour or palette.TEXT  # (the look in use: standard or high contrast)
    if max_width is None:
        img = render(text, size, colour, bold=bold)
    else:
        img = fitted(text, size, colour, bold=bold, max_width=max_width)
    rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(img, rect)
    return rect


def width(text: str, size: int, *, bold: bool = False) -> int:
    """The width of ``text`` drawn at ``size`` (the width of its image, measured without drawing
    it: wrapping a page measures every line as it grows word by word, and keeping those images
    would hold tens of megabytes)."""
    return _width(text, size, bold)


@lru_cache(maxsize=8192)
def _width(text: str, size: int, bold: bool) -> int:  # noqa: FBT001 (a cache's key)
    return int(font(bold=bold).get_rect(text, size=max(6, size)).width)


def size_to_fit(text: str, size: int, max_width: int, *, bold: bool = False, least: int = 12) -> int:
    """The largest size up to ``size`` (not under ``least``) at which ``text`` is no wider than
    ``max_width``: a title in a longer language, a little smaller rather than cut."""
    while size > least and width(text, size, bold=bold) > max_width:
        size -= 1
    return size


def wrap(text: str, size: int, max_width: int, *, bold: bool = False) -> list[str]:
    """``text`` broken into lines no wider than ``max_width``."""
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}".strip()
            if line and width(trial, size, bold=bold) > max_width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines
