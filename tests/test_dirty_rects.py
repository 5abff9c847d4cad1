"""While a card is dragged the table names the parts of the window that change (its dirty
rectangles); a window that receives only those parts shows the same picture as the game drew,
pixel for pixel: the dragged card's shadow, the glows and marks of where it may go, the hand."""

from __future__ import annotations

import pygame
import pytest

from kalooki_desktop.tools import framebench


@pytest.mark.slow
def test_a_window_sent_only_the_named_parts_of_a_drag_shows_every_change(monkeypatch) -> None:
    app, scene = framebench.open_table((1280, 800), 1, 10)
    window = app.screen.copy()  # what the player's window shows: only what each frame sends
    sends: list[str] = []

    def flip() -> None:
        window.blit(app.screen, (0, 0))
        sends.append("whole")

    def update(rects: list[pygame.Rect]) -> None:
        for r in rects:
            window.blit(app.screen, r, r)
        sends.append("parts")

    monkeypatch.setattr(pygame.display, "flip", flip)
    monkeypatch.setattr(pygame.display, "update", update)
    monkeypatch.setattr("kalooki_desktop.ui.window.rows_of", lambda dirty, width: dirty)  # the parts alone
    drag = framebench._Dragger(app)
    stale = []
    for i in range(300):  # a loop round the window: over the melds, the pile, the hand, the slots
        drag.frame()
        if pygame.image.tobytes(window, "RGB") != pygame.image.tobytes(app.screen, "RGB"):
            stale.append(i)
            window.blit(app.screen, (0, 0))
    assert scene.drag is not None and sends.count("parts") > 250
    assert stale == [], f"frames whose named parts left stale pixels: {stale[:10]}"
    app.shutdown()
