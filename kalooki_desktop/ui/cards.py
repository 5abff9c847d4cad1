"""Card pictures drawn from shapes and the DejaVu font at the size needed, cached per size, so
cards are crisp at every window size (LOOK.md): cream faces with rounded corners, large corner
indices, pips or a clean court panel, unmistakable jokers, and a green-gold-black back.

Faces are drawn at twice the size and scaled down smoothly, which anti-aliases the corners.
"""

from __future__ import annotations

from functools import lru_cache

import pygame
import pygame.freetype

from ..engine.cards import JOKER, RANK_NAMES, SUIT_SYMBOLS, Card, rank_of, suit_of
from . import palette
from .resources import asset
from .surfcache import surface_cache, window_bytes

#: Width over height of a card (poker size, 2.5 by 3.5 inches).
ASPECT = 0.714
SUPERSAMPLE = 2

# Pip centres on a unit face box for each rank (x, y); pips below the middle are drawn upside down.
_L, _C, _R = 0.27, 0.5, 0.73
PIPS: dict[int, list[tuple[float, float]]] = {
    2: [(_C, 0.14), (_C, 0.86)],
    3: [(_C, 0.14), (_C, 0.5), (_C, 0.86)],
    4: [(_L, 0.14), (_R, 0.14), (_L, 0.86), (_R, 0.86)],
    5: [(_L, 0.14), (_R, 0.14), (_C, 0.5), (_L, 0.86), (_R, 0.86)],
    6: [(_L, 0.14), (_R, 0.14), (_L, 0.5), (_R, 0.5), (_L, 0.86), (_R, 0.86)],
    7: [(_L, 0.14), (_R, 0.14), (_C, 0.32), (_L, 0.5), (_R, 0.5), (_L, 0.86), (_R, 0.86)],
    8: [(_L, 0.14), (_R, 0.14), (_C, 0.32), (_L, 0.5), (_R, 0.5), (_C, 0.68), (_L, 0.86), (_R, 0.86)],
    9: [(_L, 0.14), (_R, 0.14), (_L, 0.38), (_R, 0.38), (_C, 0.5), (_L, 0.62), (_R, 0.62),
        (_L, 0.86), (_R, 0.86)],
    10: [(_L, 0.14), (_R, 0.14), (_C, 0.26), (_L, 0.38), (_R, 0.38), (_L, 0.62), (_R, 0.62),
         (_C, 0.74), (_L, 0.86), (_R, 0.86)],
}
COURT_TITLES = {11: "J", 12: "Q", 13: "K"}


@lru_cache(maxsize=8)
def font(*, bold: bool = True) -> pygame.freetype.Font:
    """The game's font (DejaVu Sans ships the suit symbols)."""
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    f = pygame.freetype.Font(str(asset("fonts", "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")))
    f.antialiased = True
    return f


def card_size(height: int) -> tuple[int, int]:
    """(width, height) of a card of ``height`` pixels."""
    return max(8, round(height * ASPECT)), max(12, height)


#: The two four-colour decks players know: English (green clubs, blue diamonds) and the German
#: tournament deck (green spades, yellow diamonds).
FOUR_COLOUR_SCHEMES = {"english": palette.SUIT_COLOURS_4, "german": palette.SUIT_COLOURS_4_GERMAN}
_scheme = ["english"]


def set_four_colour_scheme(scheme: str) -> None:
    """The four-colour deck drawn from now on (an unknown name: the English one)."""
    chosen = scheme if scheme in FOUR_COLOUR_SCHEMES else "english"
    if chosen != _scheme[0]:
        _scheme[0] = chosen
        forget_faces()


def forget_faces() -> None:
    """Draw every card anew (its colours changed: the deck or the look)."""
    _face.cache_clear()
    back.cache_clear()
    joker_tag.cache_clear()


def suit_colour(suit: int, *, four_colour: bool = False) -> palette.Colour:
    """The ink of a suit."""
    return (FOUR_COLOUR_SCHEMES[_scheme[0]] if four_colour else palette.SUIT_COLOURS_2)[suit]


def _text(surface: pygame.Surface, text: str, size: float, colour: palette.Colour,
          centre: tuple[float, float], rotate: int = 0, *, bold: bool = True) -> None:
    f = font(bold=bold)
    img, _ = f.render(text, colour, size=max(4.0, size), rotation=rotate)
    surface.blit(img, img.get_rect(center=(round(centre[0]), round(centre[1]))))


def _rounded(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, ...], radius: int,
             width: int = 0) -> None:
    pygame.draw.rect(surface, colour, rect, width=width, border_radius=radius)


def _blank(w: int, h: int, fill: palette.Colour, edge: palette.Colour) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(2, w // 12)
    _rounded(surf, surf.get_rect(), edge, radius)
    _rounded(surf, surf.get_rect().inflate(-2 * SUPERSAMPLE, -2 * SUPERSAMPLE), fill, radius - 1)
    return surf


def _draw_face(card: Card, w: int, h: int, *, four_colour: bool) -> pygame.Surface:
    surf = _blank(w, h, palette.CARD_FACE, palette.CARD_EDGE)
    if card == JOKER:
        _draw_joker(surf, w, h)
        return surf
    rank, suit = rank_of(card), suit_of(card)
    ink = suit_colour(suit, four_colour=four_colour)
    sym = SUIT_SYMBOLS[suit]
    name = RANK_NAMES[rank]
    # Corner indices: large rank and suit, top left and (upside down) bottom right.
    idx = h * 0.155
    cx = w * 0.13 if len(name) == 1 else w * 0.15
    for flip in (False, True):
        rx, ry = (w - cx, h - h * 0.095) if flip else (cx, h * 0.095)
        sx, sy = (w - cx, h - h * 0.215) if flip else (cx, h * 0.215)
        rot = 180 if flip else 0
        _text(surf, name, idx * (0.86 if len(name) > 1 else 1.0), ink, (rx, ry), rot)
        _text(surf, sym, idx * 0.8, ink, (sx, sy), rot)
    # The centre.
    box = pygame.Rect(round(w * 0.24), round(h * 0.13), round(w * 0.52), round(h * 0.74))
    if rank == 1:
        _text(surf, sym, h * 0.36, ink, box.center)
    elif rank in PIPS:
        pip = h * (0.15 if rank <= 6 else 0.13 if rank <= 8 else 0.115)
        for px, py in PIPS[rank]:
            x = box.left + px * box.width
            y = box.top + py * box.height
            _text(surf, sym, pip, ink, (x, y), 180 if py > 0.5 else 0)
    else:
        _draw_court(surf, box, rank, sym, ink, h)
    return surf


def _draw_court(surf: pygame.Surface, box: pygame.Rect, rank: int, sym: str, ink: palette.Colour,
                h: int) -> None:
    """A clean court design: a framed panel with the title letter and the suit, mirrored."""
    panel = box.inflate(round(box.width * 0.08), 0)
    _rounded(surf, panel, palette.COURT_PANEL, max(2, panel.width // 10))
    _rounded(surf, panel, ink, max(2, panel.width // 10), width=max(2, h // 90))
    inner = panel.inflate(-round(panel.width * 0.16), -round(panel.height * 0.1))
    pygame.draw.line(surf, palette.GOLD_DARK, (inner.left, inner.centery), (inner.right, inner.centery),
                     max(1, h // 160))
    title = COURT_TITLES[rank]
    for flip in (False, True):
        cy = inner.top + inner.height * (0.72 if flip else 0.28)
        rot = 180 if flip else 0
        _text(surf, title, h * 0.2, ink, (inner.centerx, cy), rot)
        sy = inner.top + inner.height * (0.94 if flip else 0.06)
        for dx in (-0.3, 0.3):
            _text(surf, sym, h * 0.07, palette.GOLD_DARK, (inner.centerx + dx * inner.width, sy), rot)


def _draw_joker(surf: pygame.Surface, w: int, h: int) -> None:
    """Unmistakable: gold frame, a big star and JOKER down both corners."""
    frame = surf.get_rect().inflate(-round(w * 0.12), -round(h * 0.1))
    _rounded(surf, frame, palette.GOLD, max(2, w // 14), width=max(2, h // 60))
    _text(surf, "★", h * 0.4, palette.RED, (w / 2, h / 2))
    _text(surf, "★", h * 0.16, palette.GOLD_DARK, (w / 2, h / 2 - h * 0.005))
    for flip in (False, True):
        for i, letter in enumerate("JOKER"):
            y = h * (0.12 + i * 0.085)
            x = w * 0.12
            if flip:
                x, y = w - x, h - y
            _text(surf, letter, h * 0.075, palette.BLACK if i % 2 else palette.RED, (x, y),
                  180 if flip else 0)


def _draw_back(w: int, h: int) -> pygame.Surface:
    """Our own back: a black card with a gold frame and a green-and-gold lattice of diamonds."""
    surf = _blank(w, h, palette.BACK_BLACK, palette.GOLD_DARK)
    inner = surf.get_rect().inflate(-round(w * 0.12), -round(w * 0.12))
    field = pygame.Surface(inner.size, pygame.SRCALPHA)
    field.fill(palette.BACK_GREEN)
    step = max(6, w // 6)
    for y in range(-step, inner.height + step, step):
        for x in range(-step, inner.width + step, step):
            off = step // 2 if (y // step) % 2 else 0
            cx, cy = x + off, y
            pts = [(cx, cy - step // 2), (cx + step // 2, cy), (cx, cy + step // 2), (cx - step // 2, cy)]
            pygame.draw.polygon(field, palette.GOLD_DARK, pts, width=max(1, w // 90))
    mask = pygame.Surface(inner.size, pygame.SRCALPHA)
    _rounded(mask, mask.get_rect(), (255, 255, 255, 255), max(2, w // 16))
    field.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(field, inner.topleft)
    _rounded(surf, inner, palette.GOLD, max(2, w // 16), width=max(2, w // 60))
    medallion = pygame.Rect(0, 0, round(inner.width * 0.5), round(inner.width * 0.5))
    medallion.center = surf.get_rect().center
    pygame.draw.ellipse(surf, palette.BACK_BLACK, medallion)
    pygame.draw.ellipse(surf, palette.GOLD, medallion, width=max(2, w // 50))
    _text(surf, "K", medallion.height * 0.6, palette.GOLD, medallion.center)
    return surf


def _finish(big: pygame.Surface, w: int, h: int) -> pygame.Surface:
    return pygame.transform.smoothscale(big, (w, h))


#: The card faces kept drawn weigh at most a window's pixels (and never less than this): a table
#: in hand 9 shows some hundred faces at two heights (about 2.5 MB in a 1280x800 window), and
#: the screens left behind draw theirs anew (a face takes 0.3-0.5 ms).
FACES_LEAST = 4 << 20
#: The faces last drawn are kept whatever they weigh: a tall, narrow window with large cards
#: holds fewer hand-sized faces in its pixels than a frame draws (a hand, the slots, a card held).
FACES_KEPT = 64


@surface_cache(lambda: max(FACES_LEAST, window_bytes()), least=FACES_KEPT)
def _face(card: Card, height: int, four_colour: bool) -> pygame.Surface:  # noqa: FBT001 (a cache's key)
    w, h = card_size(height)
    return _finish(_draw_face(card, w * SUPERSAMPLE, h * SUPERSAMPLE, four_colour=four_colour), w, h)


def face(card: Card, height: int, *, four_colour: bool = False) -> pygame.Surface:
    """The face of ``card`` at ``height`` pixels (cached)."""
    return _face(card, height, four_colour)


@lru_cache(maxsize=16)
def back(height: int) -> pygame.Surface:
    """The card back at ``height`` pixels (cached)."""
    w, h = card_size(height)
    return _finish(_draw_back(w * SUPERSAMPLE, h * SUPERSAMPLE), w, h)


@lru_cache(maxsize=64)
def shadow(height: int, lift: int = 4) -> pygame.Surface:
    """A soft shadow to draw under a card (bigger ``lift`` for a card being dragged)."""
    w, h = card_size(height)
    pad = lift * 2
    surf = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    for i in range(pad, 0, -1):
        alpha = round(60 * (1 - i / (pad + 1)) ** 2)
        rect = pygame.Rect(pad - i, pad - i, w + 2 * i, h + 2 * i)
        pygame.draw.rect(surf, (0, 0, 0, alpha), rect, border_radius=max(2, w // 12) + i)
    return surf


@lru_cache(maxsize=256)
def joker_tag(card: Card, height: int, *, four_colour: bool = False) -> pygame.Surface:
    """The small "= 7♠" tag shown on a joker on the table, naming the card it stands for."""
    size = max(10, height // 7)
    label = "= " + RANK_NAMES[rank_of(card)] + SUIT_SYMBOLS[suit_of(card)]
    img, rect = font(bold=True).render(label, suit_colour(suit_of(card), four_colour=four_colour), size=size)
    tag = pygame.Surface((rect.width + size, rect.height + size // 2), pygame.SRCALPHA)
    pygame.draw.rect(tag, (*palette.GOLD, 255), tag.get_rect(), border_radius=size // 2)
    pygame.draw.rect(tag, (*palette.CARD_FACE, 255), tag.get_rect().inflate(-2, -2), border_radius=size // 2)
    tag.blit(img, img.get_rect(center=tag.get_rect().center))
    return tag


def missing_glyphs(text: str) -> list[str]:
    """Characters of ``text`` that the game font cannot draw (should be none)."""
    f = font(bold=True)
    return [ch for ch in set(text) if not ch.isspace() and f.get_metrics(ch, size=24)[0] is None]
