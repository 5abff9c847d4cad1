"""The computer players at the table: when each thinks (on a worker thread, from a copy of the
game) and when its move is shown, paced like people (each persona's pause, scaled by the
player's speed and shortened for a big table), never while the cards are dealt or the last move
still lands; and the player's Call prompt's time. The engine says whose decision is next; the
driver only decides when. No pygame here.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Protocol

from ..ai.base import Bot
from ..ai.personas import Persona, persona
from ..ai.worker import BotWorker
from ..engine.actions import Action, Call, Pass
from ..engine.game import Game
from ..engine.seatview import SeatView
from ..engine.turn import DecisionKind
from .gamesetup import GameSetup
from .record import HUMAN, Move


class Table(Protocol):
    """What the driver asks of the game at the table (:class:`.session.Session`)."""

    setup: GameSetup
    game: Any  # the app's side of the rule system (:mod:`.games`): bots, the thinking copy
    levels: list[str | None]
    speed: float
    call_wait_ms: int
    calls_off: int | None

    @property
    def match(self) -> Game: ...

    def prompt(self) -> Any: ...

    def view(self, seat: int) -> SeatView: ...

    def call_offered(self) -> bool: ...

    def pass_for(self, why: str) -> Move: ...

    def apply_move(self, seat: int, action: Action, *, quiet: bool = False) -> Move: ...

#: Call decisions of computer players that let the card go are shown at once; a call waits this long.
CALL_PAUSE_MS = 450
#: A computer player's pause before a pluck or an answer to a call, as a share of its pause
#: before a play: taking a card and saying yes or no are quick, the discard is where people think.
QUICK_SHARE = {DecisionKind.PLUCK: 0.5, DecisionKind.ALLOW: 0.5}
#: How long the table waits for a computer player's move that is due before the next frame (s):
#: a quick decision (a caller letting the card go) is made in the same frame, so the frames do
#: not set the pace of a big table.
DUE_WAIT_S = 0.004
#: The most of a late move's delay that the next computer player's pause makes up (ms).
LATE_CAP_MS = 100.0
#: The number of computer players up to which they keep their full pace; with more, their pauses
#: and card flights shorten in proportion, so a round of the table keeps its length.
FULL_PACE_OPPONENTS = 3


@dataclass
class _Thinking:
    key: tuple[int, int, str]
    due_ms: float
    action: Action | None = None
    ready: bool = False
    paused: bool = False


class BotDriver:
    """Paces the computer players of ``session`` (see the module docstring). ``hold_until``
    (the table sets it while a move animates; they think meanwhile) and ``dealt_at`` (while the
    cards are dealt) hold their moves back; ``threaded`` lets them think on a worker thread so
    the event loop never waits."""

    def __init__(self, session: Table, *, threaded: bool) -> None:
        self.session = session
        setup = session.setup
        self.bots: list[Bot | None] = [None, *(session.game.make_bot(level) for level in setup.levels)]
        self.rng = random.Random(setup.seed * 7919 + 17)
        self.pace_rng = random.Random(setup.seed + 3)
        self.hold_until = 0.0
        self.dealt_at = 0.0  # when the cards of the hand on show have all landed (the table sets it)
        self.call_deadline: float | None = None  # when the player's Call prompt lets the card go
        self._worker = BotWorker() if threaded else None
        self._thinking: _Thinking | None = None
        self._late = 0.0  # how long after it was due the last computer move came (a frame's wait)
        self._paused_at: float | None = None

    def persona(self, seat: int) -> Persona | None:
        """The persona of a computer seat (None for the player)."""
        level = self.session.levels[seat]
        return persona(level) if level else None

    @property
    def crowd(self) -> float:
        """The computer players' pace factor for the size of the table (1 up to
        :data:`FULL_PACE_OPPONENTS` of them, less with more): their pauses and their cards'
        flights are this much of a small table's."""
        return min(1.0, FULL_PACE_OPPONENTS / max(1, self.session.match.players - 1))

    def pause(self, now_ms: float) -> None:
        """Stop the game's clocks (the table is not on show): the player's time to call and the
        computer players' pauses wait."""
        if self._paused_at is None:
            self._paused_at = now_ms

    def resume(self, now_ms: float) -> None:
        """Start the clocks again where they stopped: a Call prompt comes back with the time it
        had left."""
        if self._paused_at is None:
            return
        gap, self._paused_at = max(0.0, now_ms - self._paused_at), None
        if self.call_deadline is not None:
            self.call_deadline += gap
        if self.hold_until:
            self.hold_until += gap
        if self.dealt_at:
            self.dealt_at += gap
        if self._thinking is not None:
            self._thinking.due_ms += gap

    def call_time_left(self, now_ms: float) -> float | None:
        """Milliseconds left in the player's Call prompt (None without a deadline)."""
        if self.call_deadline is None or self.session.prompt() != "call":
            return None
        return max(0.0, self.call_deadline - now_ms)

    def tick(self, now_ms: float) -> list[Move]:
        """Advance the computer players as far as pacing allows at ``now_ms`` (the game's clock,
        in milliseconds); the moves applied."""
        s = self.session
        now = now_ms
        applied: list[Move] = []
        shown = False  # a visible move was applied: only the player's unasked pass may follow it
        for _ in range(16):  # a few instant decisions (callers passing) per frame at most
            d = self.session.match.pending()
            if d is None:
                break
            seat, kind = d
            if seat == HUMAN:
                if kind == DecisionKind.CALL and not s.call_offered():  # no prompt for this card
                    applied.append(s.pass_for("calls_off" if s.calls_off == len(self.session.match.results)
                                              else "not_offered"))
                    continue
                if kind == DecisionKind.CALL:
                    if self.call_deadline is None and s.call_wait_ms > 0:
                        # the player's own time, from when the card has landed: never the pace's
                        self.call_deadline = max(now, self.hold_until) + s.call_wait_ms
                    if self.call_deadline is not None and now >= self.call_deadline:
                        applied.append(s.pass_for("time"))
                        continue
                break
            if now < self.dealt_at:
                break  # nobody plays, or starts thinking, while the cards are dealt
            if shown:  # one visible move per tick (the table animates it first) ...
                if now < self.hold_until:
                    self._bot_step(seat, kind, now)  # ... but the next player thinks while it lands
                break
            move = self._bot_step(seat, kind, now)
            if move is None:
                break  # still thinking or pausing
            applied.append(move)
            shown = not isinstance(move.action, Pass)
        return applied

    def _bot_step(self, seat: int, kind: DecisionKind, now: float) -> Move | None:
        key = (len(self.session.match.actions), seat, kind)
        t = self._thinking
        if t is None or t.key != key:
            p = self.persona(seat)
            speed = self.session.speed
            pause = 0.0 if kind == DecisionKind.CALL or p is None else p.pause_ms(self.pace_rng, speed)
            pause *= self.crowd * QUICK_SHARE.get(kind, 1.0)
            t = self._thinking = _Thinking(key, now + pause - self._late)  # the clock's pace, not the frames'
            bot = self.bots[seat]
            assert bot is not None
            view = self.session.game.thinking_view(self.session.match, seat)
            if self._worker is not None:
                self._worker.start(bot, view, self.rng)
            else:
                t.action, t.ready = bot.choose(view, self.rng), True
        if not t.ready and self._worker is not None:  # a move that is due waits a moment, not a frame
            due = now >= max(t.due_ms, self.hold_until)
            t.ready, t.action = self._worker.poll(DUE_WAIT_S if due else 0.0)
        if not t.ready:
            return None
        if isinstance(t.action, Call) and not t.paused:  # a call is an event: a moment before it lands
            t.paused = True
            t.due_ms = now + CALL_PAUSE_MS * self.crowd / max(self.session.speed, 0.25)
        if now < t.due_ms or now < self.hold_until:  # (it thinks while the last move lands)
            return None
        action = t.action
        self._late = min(LATE_CAP_MS, now - max(t.due_ms, self.hold_until))
        self._thinking = None
        if action is None:
            raise RuntimeError(f"the computer player at seat {seat} gave no move")
        return self.session.apply_move(seat, action)

    def play_out(self) -> None:
        """Play the rest of the game at once, every seat by its computer player (a player out of a
        British game skips watching the others finish it)."""
        if self.session.view(HUMAN).active[HUMAN]:
            raise RuntimeError("only a game the player is out of plays out on its own")
        if self._worker is not None:
            self._worker.cancel()
        while not self.session.match.over:
            d = self.session.match.pending()
            assert d is not None and d[0] != HUMAN
            bot = self.bots[d[0]]
            assert bot is not None
            view = self.session.game.thinking_view(self.session.match, d[0])
            self._thinking = None
            self.session.apply_move(d[0], bot.choose(view, self.rng), quiet=True)

    def close(self) -> None:
        """Stop any computer player still thinking (a new game, quitting)."""
        if self._worker is not None:
            self._worker.shutdown()
            self._worker = None
