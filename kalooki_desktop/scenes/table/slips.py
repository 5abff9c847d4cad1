"""Slips at the table: taking back the plays of one's turn (the Take back button, Ctrl+Z) and
one question before a double-click throws away a card the contract needs, and one before a
practice hand under way is left (it is not kept).

A take back is the engine's (:class:`.engine.actions.TakeBack`, through
:meth:`.session.Session.take_back`): the cards come back from the table to the hand, and the
melds of a lay taken back go back into the staging slots as they were laid, ready to be
changed and laid again. A refused take back names why.

The question comes for a card the contract needs (British Kalooki: a card the opening in the
hand needs, before coming out), for a double-click only, once per card per turn, and only while
the setting is on (Settings: "Ask before a double-click discards a card my contract needs"): a card dragged
onto the pile is a deliberate discard and goes at once. Y or Enter discards, N or Esc keeps it;
likewise for leaving a practice hand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame
import pygame_gui

from ...app import App
from ...engine.actions import Action, Discard, Lay, MoveJoker, Retrieve, Tack
from ...engine.cards import Card
from ...i18n import refusal_text, tr
from ...play.session import HUMAN, MAX_SLOTS, Session
from ...ui.theme import Answers, ConfirmDialog
from .model import HandModel
from .pointer import Drag, Pointer
from .presenters import needed_question

#: The keys that answer the question: discard it, or keep it.
_YES = (pygame.K_y, pygame.K_RETURN, pygame.K_KP_ENTER)
_NO = (pygame.K_n, pygame.K_ESCAPE)
#: The question's answers: Discard it (confirmed), or the window closed (Cancel, its close button).
_ANSWERS = (pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED, pygame_gui.UI_WINDOW_CLOSE)


def plays_to_take_back(actions: list[tuple[int, Action]]) -> list[Action]:
    """The player's plays since the pluck that a take back now returns, oldest first."""
    out: list[Action] = []
    for seat, action in reversed(actions):
        if seat != HUMAN or not isinstance(action, Lay | Tack | MoveJoker | Retrieve):
            break
        out.append(action)
    return out[::-1]


class Table(Protocol):
    """What of the table scene the slips use."""

    app: App
    session: Session
    model: HandModel
    pointer: Pointer
    hint_action: Action | None

    def busy(self) -> bool: ...
    def sync_hand(self) -> None: ...
    def staging_shown(self) -> bool: ...
    def fit_staging(self) -> None: ...
    def rebuild(self) -> None: ...
    def submit(self, action: Action, glide: Drag | None = None) -> bool: ...
    def ask(self, text: str, *, title: str, action: str) -> ConfirmDialog: ...


class Slips:
    """The table's take back and its question before a needed card is discarded."""

    def __init__(self, scene: Table) -> None:
        self.scene = scene
        self.asked: set[tuple[int, int, Card]] = set()  # (deals ended, turn, card) asked about
        self.dialog: ConfirmDialog | None = None
        self.answers = Answers()  # the open question's answers
        self.yes: Callable[[], None] | None = None  # what the open question's Yes does

    # --- take back ---------------------------------------------------------------------

    def shown(self) -> bool:
        """True while the Take back button applies: the player has plays to take back."""
        return not self.scene.busy() and self.scene.session.can_take_back()

    def take_back(self) -> None:
        """Take back the turn's plays since the pluck; a lay's melds go back into the slots."""
        scene, session = self.scene, self.scene.session
        if scene.busy():
            return
        lays = [a for a in plays_to_take_back(session.match.actions) if isinstance(a, Lay)]
        bad = session.take_back()
        if bad is not None:
            scene.app.toast(refusal_text(bad), "error", 4.0, scope="position")
            return
        scene.pointer.cancel()
        scene.hint_action = None
        scene.sync_hand()
        melds = tuple(m for lay in lays for m in lay.melds)
        if melds and scene.staging_shown() and len(melds) <= MAX_SLOTS:
            scene.model.stage_lay(Lay(melds))
        scene.fit_staging()
        scene.rebuild()
        scene.app.toast(tr("table.taken_back"), "info", 3.0)

    # --- the question before a needed card is discarded -------------------------------------

    def discard(self, card: Card) -> None:
        """A double-click on ``card``: discard it, or first ask when the contract needs it (once
        per card per turn, while the setting is on)."""
        scene, session = self.scene, self.scene.session
        hand = session.match.hand
        key = (len(session.match.results), hand.turn_no, card)
        if not scene.app.settings.ask_needed_discard or key in self.asked or session.check(Discard(card)):
            scene.submit(Discard(card))
            return
        question = needed_question(session.view(), card)
        if question is None:
            scene.submit(Discard(card))
            return
        self.asked.add(key)
        self._ask(question, tr("table.discard_needed_title"), tr("table.discard_needed_yes"),
                  lambda: self._submit(Discard(card)))

    def leave(self) -> None:
        """Leave the table (Esc, Menu). A practice hand or the guided hand the player has begun is
        lost when left, so the player is asked first; a game waits in the menu (Continue) and
        leaves at once."""
        scene, session = self.scene, self.scene.session
        begun = any(seat == HUMAN for seat, _ in session.match.actions)
        if (session.practice is None and not session.guided) or session.over or not begun:
            scene.app.pop()
        elif session.guided:
            self._ask(tr("guide.leave"), tr("guide.leave_title"), tr("guide.leave_yes"), scene.app.pop)
        else:
            self._ask(tr("table.leave_practice"), tr("table.leave_practice_title"),
                      tr("table.leave_practice_yes"), scene.app.pop)

    def _submit(self, action: Action) -> None:
        self.scene.submit(action)

    def _ask(self, question: str, title: str, action: str, yes: Callable[[], None]) -> None:
        self.yes = yes
        self.dialog = self.scene.ask(question, title=title, action=action)
        self.answers = Answers()
        self.answers.on(self.dialog, _ANSWERS, lambda e: self.answer(yes=e.type == _ANSWERS[0]))

    def asking(self) -> bool:
        """True while the question is on show (a resize removes it: the card stays)."""
        return self.dialog is not None and bool(self.dialog.alive())  # type: ignore[no-untyped-call]

    def answer(self, *, yes: bool) -> None:
        """Close the question; ``yes``: do what it asked about (discard the card, leave)."""
        then, dialog = self.yes, self.dialog
        self.dialog, self.yes = None, None
        self.answers = Answers()
        if dialog is not None and dialog.alive():  # type: ignore[no-untyped-call]
            dialog.kill()  # type: ignore[no-untyped-call]
        if yes and then is not None:
            then()

    def handle(self, event: pygame.event.Event) -> bool:
        """The question's answers and Ctrl+Z; True when the event was theirs. The dialog's own
        buttons close it before their event arrives, so the event is matched to the dialog."""
        if self.answers.handle(event):
            return True
        if self.asking():
            if event.type == pygame.KEYDOWN and event.key in _YES:
                self.answer(yes=True)
            elif event.type == pygame.KEYDOWN and event.key in _NO:
                self.answer(yes=False)
            return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.take_back()
            return True
        return False
