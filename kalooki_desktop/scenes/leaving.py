"""The question before a game in progress is left for another (New game, Load): which hand or
deal it is at, that it is kept as the save "Previous game", and whether that takes the place of a
game kept there before. A finished game, or none, is left without a question."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pygame_gui

from ..app import Scene
from ..i18n import tr
from ..storage import autosave
from ..ui.theme import Answers, ConfirmDialog
from .gamewords import words_of


def question(scene: Scene, *, loading: Path | None = None) -> str | None:
    """The words of the question, or None when there is no unfinished game to leave.
    ``loading``: the save about to be loaded (when it is the game kept as "Previous game", that
    game comes back rather than being replaced)."""
    session = scene.app.host.session
    if session is None or session.over:
        return None
    words = [words_of(session.rules.system).leaving(session.view())]
    if not scene.app.host.persist:  # a data folder that cannot be written: say so, promise nothing
        return " ".join([*words, tr("leave.lost")])
    words.append(tr("leave.kept", kept=tr("save.previous_game")))
    other = autosave.kept_game_id()
    if other is not None and other != session.game_id and loading != autosave.previous_game_path():
        words.append(tr("leave.replaces"))
    return " ".join(words)


class LeaveQuestion:
    """A scene's question before the game in progress is left: :meth:`ask` runs the move at once
    when there is nothing to leave, else after the player confirms; Cancel, the close button or
    Esc leave everything as it was. The scene passes its events to :meth:`handle` first and
    calls :meth:`rebuild` from its ``build`` (a resize asks again)."""

    def __init__(self, scene: Scene, action: str) -> None:
        self.scene = scene
        self.action = action  # the confirming button's words
        self.dialog: ConfirmDialog | None = None
        self.then: Callable[[], None] | None = None
        self.loading: Path | None = None
        self.answers = Answers()  # the open question's answers

    def ask(self, then: Callable[[], None], *, loading: Path | None = None) -> None:
        """Ask before ``then`` (at once when there is no unfinished game to leave)."""
        self.then, self.loading = then, loading
        self.rebuild()
        if self.dialog is None:
            self.then = None
            then()

    def rebuild(self) -> None:
        """Show the question again (the scene's widgets were made anew) while it is asked."""
        if self.then is None:
            return
        words = question(self.scene, loading=self.loading)
        self.dialog = None
        self.answers = Answers()
        if words is not None:
            self.dialog = self.scene.ask(words, title=tr("leave.title"), action=self.action)
            self.answers.on(self.dialog, pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED,
                            lambda _: self.confirmed())
            self.answers.on(self.dialog, pygame_gui.UI_WINDOW_CLOSE, lambda _: self.cancelled())

    def confirmed(self) -> None:
        """The player leaves the game: the move asked about is made."""
        then, self.then, self.dialog = self.then, None, None
        if then is not None:
            then()

    def cancelled(self) -> None:
        """Cancel or the close button: nothing changes."""
        self.then = self.dialog = None

    def handle(self, event: pygame.event.Event) -> bool:
        """The player's answer; True for every event while the question is asked (the scene
        waits beneath it)."""
        if self.dialog is None:
            return False
        if self.answers.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.then = self.dialog = None  # as Cancel
            self.scene.rebuild()  # the question goes with the scene's old widgets
        return True
