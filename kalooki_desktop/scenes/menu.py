"""The main menu: Continue (when a game is in progress), New game, the guided first hand (first
in line until it has been played once), Practice, Load, Rules, Statistics, Settings, Quit."""

from __future__ import annotations

import math
from functools import partial

import pygame
import pygame_gui

from ..app import Scene, register_scene
from ..engine.cards import JOKER, parse_cards
from ..i18n import tr
from ..storage import progress
from ..ui import cards as art
from ..ui import palette
from ..ui import text as txt
from ..ui.draw import backdrop
from ..ui.theme import Answers
from .gamewords import words_of

_FAN = [*parse_cards("AS KH QD JC"), JOKER]


@register_scene("menu")
class MenuScene(Scene):
    """The first screen."""

    def build(self) -> None:
        w, h = self.size
        items = ["continue", "new", "learn", "practice", "load", "rules", "stats", "settings", "quit"]
        y = round(h * 0.45)
        footer = h - 12 - self.font_px(14) - self.px(10)  # the keys' line stays clear
        gap = (footer - y) / len(items)
        session = self.app.host.session
        labels = {key: tr(f"menu.{key}") for key in items}
        weakest = progress.weakest_hand()
        if weakest is not None:  # the contract to practise
            labels["practice"] = tr("menu.practice_weakest", n=weakest)
        playing = session is not None and not session.over
        if session is not None and playing:
            labels["continue"] = words_of(session.rules.system).continuing(session.view())
        first = not playing and not self.app.settings.guide_seen  # a first start: the guided hand first
        if first:
            labels["learn"] = tr("menu.learn_first")
        primary = "continue" if session else "learn" if first else "new"
        bh = min(max(42, h // 17), round(gap) - self.px(6))
        bw = self.fitted(list(labels.values()), min(self.px(360), w // 3), w - self.px(80), "#big_button")
        x = (w - bw) // 2
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        for i, key in enumerate(items):
            b = self.button(
                pygame.Rect(x, round(y + i * gap), bw, bh),
                labels[key],
                "#menu_primary" if key == primary else "#big_button",
                command=partial(self.choose, key),
            )
            self.buttons[key] = b
        if session is None or session.over:
            self.buttons["continue"].disable()
        self.backup_dialog: pygame_gui.windows.UIConfirmationDialog | None = None
        self.answers = Answers()
        if self.app.host.offer_backup:
            self.backup_dialog = self.ask(
                tr("menu.backup_offer"), title=tr("menu.backup_title"), action=tr("menu.backup_restore")
            )
            self.answers.on(self.backup_dialog, pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED,
                            lambda _: self.restore_backup())
            self.answers.on(self.backup_dialog, pygame_gui.UI_WINDOW_CLOSE, lambda _: self.refuse_backup())

    def restore_backup(self) -> None:
        """The player takes the damaged autosave's good previous copy."""
        if self.app.host.restore_backup():
            self.app.toast(tr("menu.backup_restored"), scope="lasting")
        self.rebuild()

    def refuse_backup(self) -> None:
        """The player closes the offer of the previous copy: it is not offered again."""
        self.app.host.offer_backup = False
        self.backup_dialog = None

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.answers.handle(event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.app.host.session is not None:
                self.choose("continue")
                return True
            if event.key == pygame.K_n:
                self.choose("new")
                return True
        return False

    def choose(self, key: str) -> None:
        """Act on a menu item."""
        if key == "learn":
            self.app.push("table", self.app.host.play_guided())
        elif key == "continue" and self.app.host.session is not None and not self.app.host.session.over:
            self.app.push("table", self.app.host.session)
        elif key in _OPENS:
            self.app.push(_OPENS[key])
        elif key == "quit":
            self.app.quit()

    def toast_anchor(self) -> tuple[int, int]:
        w, h = self.size
        return w // 2, round(h * 0.2)  # over the fan of cards, between the title and the buttons

    def tagline(self) -> str:
        """The line under the title: the game in general, or the length of the game in progress."""
        session = self.app.host.session
        if session is None or session.over:
            return tr("menu.tagline")
        return words_of(session.rules.system).tagline(session.view())

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        backdrop(surface)
        ch = round(h * 0.17)
        cw, _ = art.card_size(ch)
        cx, cy = w // 2, round(h * 0.26)
        for i, card in enumerate(_FAN):
            angle = (i - 2) * 11
            img = pygame.transform.rotozoom(
                art.face(card, ch, four_colour=self.app.settings.four_colour), -angle, 1
            )
            rad = math.radians(angle)
            pos = (cx + math.sin(rad) * ch * 0.9, cy - math.cos(rad) * ch * 0.9 + ch * 0.9)
            shadow = pygame.transform.rotozoom(art.shadow(ch), -angle, 1)
            surface.blit(shadow, shadow.get_rect(center=(pos[0] + 4, pos[1] + 6)))
            surface.blit(img, img.get_rect(center=pos))
        size = self.font_px(68)
        txt.draw(
            surface,
            tr("app.title"),
            size,
            (w // 2 + 3, round(h * 0.055) + 3),
            palette.BACK_BLACK,
            bold=True,
            anchor="midtop",
        )
        txt.draw(
            surface,
            tr("app.title"),
            size,
            (w // 2, round(h * 0.055)),
            palette.GOLD,
            bold=True,
            anchor="midtop",
        )
        txt.draw(
            surface,
            self.tagline(),
            self.font_px(19),
            (w // 2, round(h * 0.445) - cw * 0.1),
            palette.TEXT,
            bold=False,
            anchor="midbottom",
        )
        txt.draw(
            surface,
            tr("menu.keys"),
            self.font_px(14),
            (w // 2, h - 12),
            palette.TEXT_KEYS,
            bold=False,
            anchor="midbottom",
        )


#: The scene each menu item opens, by name.
_OPENS = {"new": "new_game", "practice": "practice", "load": "load", "rules": "rules", "stats": "statistics",
          "settings": "settings"}
