"""The end of a hand at the table: while the move that ended it lands, and then for a pause the
player may skip, the table holds the hand as it ended (the going-out melds, the cards left) under
a banner naming who went out; then the scoreboard, and the table keeps the hand that ended
until the scoreboard covers it (at every pace, Instant too). The engine has dealt the next hand
by then, so everything the table draws in the meantime comes from the hand that ended."""

from __future__ import annotations

from ...engine.deal import Deal
from ...engine.game import DealResult
from ...engine.seatview import SeatView
from ...i18n import tr
from ...play.session import HUMAN, Move, Session
from .presenters import presenter

#: How long the table holds a hand that has ended before the scoreboard, at the normal pace.
HOLD_MS = 3200


class HandEnd:
    """The hand that just ended, on its way to the scoreboard (see the module docstring)."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.landing: Move | None = None  # the move that ended the hand, its cards in flight
        self.held: tuple[Move, float] | None = None  # then: the move, and until when the table holds
        self.leaving = False  # then: the scoreboard is on its way, not yet over the table

    def on_show(self) -> bool:
        """True while the hand that ended is on show."""
        return self.landing is not None or self.held is not None or self.leaving

    def begin(self, move: Move) -> None:
        """``move`` ended the hand: its cards are about to fly."""
        self.landing = move

    def landed(self, now: float, speed: float) -> bool:
        """The last cards have landed: hold the table for the pause (at the animation ``speed``).
        False for a void hand, which is only announced."""
        move, self.landing = self.landing, None
        if move is None or move.result is None or move.result.void:
            return False
        self.held = (move, now + HOLD_MS / speed)
        return True

    def due(self, now: float) -> bool:
        """True once the pause is over."""
        return self.held is not None and now >= self.held[1]

    def finish(self) -> DealResult | None:
        """End the pause (it ran out, or the player skipped it): the result to score. The hand
        stays on show until :meth:`covered`."""
        held, self.held = self.held, None
        self.leaving = held is not None
        return None if held is None else held[0].result

    def covered(self) -> None:
        """The scoreboard has covered the table: the next hand may be shown."""
        self.leaving = False

    def hand(self) -> Deal:
        """The hand the table shows: the one that ended while it is on show, else the one in play."""
        m = self.session.match
        return m.ended if self.on_show() and m.ended is not None else m.hand

    def view(self) -> SeatView:
        """The player's view of :meth:`hand`."""
        m = self.session.match
        ended = m.ended_view(HUMAN) if self.on_show() else None
        return ended if ended is not None else m.view(HUMAN)

    def banner(self) -> tuple[str, str] | None:
        """While the table holds: who went out, and the deal's big moment: the table was bent
        (J-8.2), or it was a Kalooki (B-8)."""
        result = self.held[0].result if self.held is not None else None
        if result is None or result.out is None:
            return None
        who = result.out
        head = tr("table.you_go_out") if who == HUMAN else tr("table.goes_out", name=self.session.names[who])
        rules = self.session.rules
        return head, tr(presenter(rules).banner(rules)) if result.big_out else ""
