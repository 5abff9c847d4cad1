"""The coach's line at the table: a small line beside the player's badge that answers every
decision the coach weighs, so a quiet coach is told apart from a broken one. A decision that
clearly costs points gets its note (also said once as a toast); any other gets "no clear
mistake". The line belongs to the hand on show and goes when the next hand begins."""

from __future__ import annotations

from typing import Protocol

import pygame

from ...ai.coach import Note
from ...i18n import tr, tr_n
from ...play.session import Session
from ...ui import palette
from ...ui import text as txt
from ..words import coach_text, noted_move
from .frame import TableFrame
from .geometry import TableGeometry
from .seats import own_badge_text

#: How long (s) a flagged note's toast stays.
TOAST_S = 9.0


class Toaster(Protocol):
    """What the line needs of the app: a toast for a flagged note."""

    def toast(self, message: str, kind: str = "info", seconds: float = 3.5) -> None: ...


class CoachLine:
    """The line on show: the text, whether it is a note, the decision (action index) it answers and
    the hand it belongs to (the hands ended before it)."""

    def __init__(self) -> None:
        self.text = ""
        self.flagged = False
        self.index = -1
        self.hand = -1

    def update(self, session: Session, app: Toaster, *, ended: bool) -> None:
        """Take the notes finished since the last frame: the latest decision's decides the line,
        and a flagged one is said as a toast. ``ended``: the hand that just ended is on show, so
        its line stays until the next hand is."""
        if not ended and self.hand != len(session.match.results):
            self.text = ""  # the line of a hand no longer on show
        for index, note in session.coach_notes():
            if index < self.index:
                continue  # a note of an earlier decision arriving late: the line keeps the later one
            self.index = index
            self.hand = sum(1 for mv in session.moves[:index] if mv.result is not None)
            self.text, self.flagged = line_text(note), note.flagged
            if note.flagged:
                app.toast(coach_text(note), "coach", TOAST_S)

    def draw(self, surface: pygame.Surface, g: TableGeometry, f: TableFrame | None) -> None:
        """The line at the right end of the player's badge row, above the hand, clear of the
        badge (``f``: the frame on show, whose badge it leaves room for)."""
        if not self.text:
            return
        lay = g.layout
        rects = g.hand_rects()
        left = lay.hand.x
        if f is not None and rects:
            left = rects[0].x + txt.width(own_badge_text(f), lay.small, bold=True) + 3 * lay.small
        colour = palette.GOLD if self.flagged else palette.COACH_QUIET
        txt.draw(surface, self.text, lay.small, (lay.hand.right, lay.hand.y + 1), colour,
                 bold=self.flagged, anchor="topright", max_width=max(lay.small * 6, lay.hand.right - left))


def line_text(note: Note) -> str:
    """A note in a few words for the line ("Coach: better to call the 8♣ (estimated 15 points)."),
    or "Coach: no clear mistake." for a decision it did not flag."""
    if not note.flagged:
        return tr("coach.quiet")
    return tr_n("coach.line", max(1, round(note.estimate.mean)), move=noted_move(note, note.advice.action))
