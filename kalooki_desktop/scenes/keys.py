"""The keys of the screen in use (F1 or ?): a page listing each key and what it does there; the
screen waits meanwhile (a game's clocks stop). Any key or a click goes back to it."""

from __future__ import annotations

import pygame

from ..app import App, Scene, register_scene
from ..i18n import tr
from ..ui import palette
from ..ui import text as txt
from ..ui.draw import backdrop, panel

#: The keys every screen of buttons and choices answers (:mod:`.ui.focus`), as catalogue keys.
SCREEN_KEYS = ("focus", "press", "step", "back", "fullscreen", "screenshot", "help")
#: The table's keys (:mod:`.table.keyboard` and the table scene's own).
TABLE_KEYS = ("areas", "along", "carry", "pick", "put", "low", "joker", "call", "allow", "hint", "take_back",
              "save", "escape", "fullscreen", "screenshot", "help")


def rows(names: tuple[str, ...]) -> list[tuple[str, str]]:
    """Each key and what it does, in the player's language."""
    return [(tr(f"keys.{n}.keys"), tr(f"keys.{n}.does")) for n in names]


@register_scene("keys")
class KeysScene(Scene):
    """The keys of the scene beneath, over it."""

    focus_ring = False
    help_keys = ()

    def __init__(self, app: App, names: tuple[str, ...]) -> None:
        super().__init__(app)
        self.names = names

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.app.pop()
            return True
        return False

    def layout(self) -> tuple[pygame.Rect, int, int, list[tuple[list[str], list[str]]]]:
        """The panel, the text size, the keys' column width and each row's lines (keys, meaning)."""
        w, h = self.size
        box = pygame.Rect(0, 0, min(w - 40, self.px(900)), h - 40)
        box.center = (w // 2, h // 2)
        items = rows(self.names)
        size = self.font_px(16)
        while True:
            key_w = min(box.w // 3, max(txt.width(k, size, bold=True) for k, _ in items) + self.px(20))
            text_w = box.w - key_w - self.px(60)
            lines = [(txt.wrap(k, size, key_w - self.px(12), bold=True), txt.wrap(d, size, text_w))
                     for k, d in items]
            height = sum(max(len(a), len(b)) * (size + 4) + 6 for a, b in lines) + 2 * size + self.px(60)
            if height <= box.h or size <= 10:
                break
            size -= 1
        box.h = min(box.h, height)
        box.center = (w // 2, h // 2)
        return box, size, key_w, lines

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(surface)
        box, size, key_w, lines = self.layout()
        panel(surface, box, alpha=235, border=palette.GOLD_DARK)
        x, y = box.x + self.px(24), box.y + self.px(16)
        title = tr("keys.title")
        txt.draw(surface, title, size + 4, (box.centerx, y), palette.GOLD, bold=True, anchor="midtop")
        y += size + 4 + self.px(16)
        for keys, does in lines:
            for i, line in enumerate(keys):
                txt.draw(surface, line, size, (x, y + i * (size + 4)), palette.GOLD, bold=True)
            for i, line in enumerate(does):
                txt.draw(surface, line, size, (x + key_w, y + i * (size + 4)), palette.TEXT)
            y += max(len(keys), len(does)) * (size + 4) + 6
        at = (box.centerx, box.bottom - self.px(10))
        txt.draw(surface, tr("keys.close"), size - 2, at, palette.TEXT_DIM, anchor="midbottom")
