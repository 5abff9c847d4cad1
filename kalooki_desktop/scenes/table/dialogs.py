"""Dialogs over the table, each a scene on the stack so the table waits beneath it, drawn as it
was with its buttons inactive: Save as (a name, then Save or Enter, Cancel or Esc; a save of that
name is replaced only after the player confirms)."""

from __future__ import annotations

import os
import time

import pygame
import pygame_gui

from ...app import App, Scene, register_scene
from ...i18n import tr
from ...play.session import Session
from ...storage import saves
from ...storage.files import reason
from ...ui.theme import Answers


@register_scene("save_as")
class SaveAsScene(Scene):
    """Name a save of the game in progress, over the table."""

    transparent = True

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.name = tr("save.default_name", n=session.match.hand_number, time=time.strftime("%H.%M"))
        self.window: pygame_gui.elements.UIWindow | None = None
        self.replace_dialog: pygame_gui.windows.UIConfirmationDialog | None = None
        self.replace_name = ""

    def build(self) -> None:
        w, h = self.size
        px = self.px
        rect = pygame.Rect(0, 0, min(px(520), w - 40), px(200))
        rect.center = (w // 2, h // 2)
        ui = self.app.ui
        self.window = self.widget(
            pygame_gui.elements.UIWindow(rect, ui, window_display_title=tr("save.title"))
        )
        inner = self.window.get_container().get_rect()
        self.entry = self.widget(
            pygame_gui.elements.UITextEntryLine(
                pygame.Rect(px(16), px(16), inner.w - px(32), px(38)), ui, container=self.window
            )
        )
        self.entry.set_text(self.name)
        self.entry.focus()
        self.answers = Answers()
        self.answers.on(self.entry, pygame_gui.UI_TEXT_ENTRY_FINISHED,
                        lambda _: self.save_as(self.entry.get_text()))
        self.answers.on(self.window, pygame_gui.UI_WINDOW_CLOSE, lambda _: self.app.pop())
        self.cancel = self.widget(
            pygame_gui.elements.UIButton(
                pygame.Rect(inner.w - px(352), px(70), px(160), px(44)),
                tr("common.cancel"),
                ui,
                container=self.window,
                command=self.app.pop,
            )
        )
        self.ok = self.widget(
            pygame_gui.elements.UIButton(
                pygame.Rect(inner.w - px(176), px(70), px(160), px(44)),
                tr("save.save"),
                ui,
                container=self.window,
                object_id="#primary_button",
                command=lambda: self.save_as(self.entry.get_text()),
            )
        )
        self.replace_dialog = None

    def handle_event(self, event: pygame.event.Event) -> bool:
        enter = event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
        if self.answers.handle(event):
            return True
        if enter and self.replace_dialog is None:
            self.save_as(self.entry.get_text())
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
        else:
            return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)
        return True

    def save_as(self, name: str, *, replace: bool = False) -> None:
        """Write a named save of the game (atomic; the previous file of that name kept as .bak).
        A name that cannot be used is refused with the reason; a save that exists already is
        replaced only after the player confirms."""
        name = name.strip() or self.name
        problem = saves.name_problem(name)
        if problem is not None:
            self.app.toast(problem, "error", 6, scope="lasting")
            return
        path = saves.save_path(name)
        if os.path.lexists(path) and not replace:
            self.ask_replace(name)
            return
        try:
            saves.save(self.session, path, name)
        except OSError as exc:
            self.app.toast(tr("save.failed", error=reason(exc)), "error", 6, scope="lasting")
            return
        self.app.toast(tr("save.done", name=name), scope="lasting")
        if self.app.top is self:
            self.app.pop()

    def ask_replace(self, name: str) -> None:
        """Ask before a save of that name is replaced."""
        self.replace_name = name
        self.replace_dialog = self.ask(
            tr("save.replace_confirm", name=name), title=tr("save.replace_title"), action=tr("save.replace"),
            destructive=True,
        )
        confirmed, closed = pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED, pygame_gui.UI_WINDOW_CLOSE
        self.answers.on(self.replace_dialog, confirmed, lambda _: self.replace())
        self.answers.on(self.replace_dialog, closed, lambda _: setattr(self, "replace_dialog", None))

    def replace(self) -> None:
        """The player confirmed: the save of that name is replaced."""
        self.replace_dialog = None
        self.save_as(self.replace_name, replace=True)
