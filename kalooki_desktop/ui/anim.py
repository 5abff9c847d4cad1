"""Motion that explains what happened: cards that fly from one place to another, eased."""

from __future__ import annotations

from dataclasses import dataclass

import pygame


def ease_out(t: float) -> float:
    """Cubic ease-out on 0..1."""
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


@dataclass
class Flight:
    """A card picture moving from ``start`` to ``end`` (centres) over ``duration`` ms from ``t0``.

    ``hide`` names what the table should not draw yet because this card is still on its way
    (e.g. ``"pile"`` for the top of the discard pile).
    """

    image: pygame.Surface
    start: tuple[float, float]
    end: tuple[float, float]
    t0: float
    duration: float
    hide: str | None = None
    end_scale: float = 1.0
    shadow: pygame.Surface | None = None
    blocking: bool = True  # the table waits for it before the next move (a glide-back does not)

    def at(self, now: float) -> tuple[tuple[float, float], float]:
        """(centre, scale) at time ``now``."""
        t = ease_out((now - self.t0) / self.duration) if self.duration > 0 else 1.0
        if now < self.t0:
            t = 0.0
        x = self.start[0] + (self.end[0] - self.start[0]) * t
        y = self.start[1] + (self.end[1] - self.start[1]) * t
        return (x, y), 1 + (self.end_scale - 1) * t

    def finished(self, now: float) -> bool:
        """True once the card has landed."""
        return now >= self.t0 + self.duration

    def draw(self, surface: pygame.Surface, now: float) -> None:
        """Draw the card where it is now."""
        if now < self.t0:
            return
        (x, y), scale = self.at(now)
        img = self.image
        if abs(scale - 1) > 0.01:
            img = pygame.transform.smoothscale(
                img, (max(1, round(img.get_width() * scale)), max(1, round(img.get_height() * scale)))
            )
        if self.shadow is not None:
            surface.blit(self.shadow, self.shadow.get_rect(center=(x + 5, y + 8)))
        surface.blit(img, img.get_rect(center=(round(x), round(y))))
