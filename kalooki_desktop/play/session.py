"""A game at the table: its record (:mod:`.record`), the one path every move takes, the computer
players' pace (:mod:`.driver`) and the coach (:mod:`.coaching`).

The player's input and the computer players' choices both become engine actions here; the
engine applies them or refuses them with a rule id; listeners (the table scene's animations,
the autosave) hear about every applied action. Nothing else changes the game. No pygame here,
so the whole flow of a game is testable without a window.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..ai.advice import Advice
from ..ai.coach import Note
from ..ai.personas import Persona
from ..engine.actions import (
    Action,
    Pass,
    TakeBack,
    taken_back,
)
from ..engine.refusal import Refusal
from ..engine.seatview import SeatView
from ..engine.turn import Decision, DecisionKind
from .coaching import CoachService
from .driver import BotDriver
from .gamesetup import MAX_OPPONENTS, MIN_OPPONENTS, GameSetup
from .record import HUMAN, MAX_SLOTS, GameRecord, Move

log = logging.getLogger("kalooki.game")

__all__ = ["HUMAN", "MAX_OPPONENTS", "MAX_SLOTS", "MIN_OPPONENTS", "GameSetup", "Move", "Session"]

Listener = Callable[[Move], None]


@dataclass
class Session(GameRecord):
    """A game in progress between the player (seat 0) and computer players: its record
    (:class:`.record.GameRecord`) played at the table.

    ``tick(now_ms)`` lets the computer players move, paced by :attr:`driver`
    (:class:`.driver.BotDriver`: persona pauses scaled by ``speed``, never before ``hold_until``
    nor ``dealt_at``); :attr:`coaching` weighs the player's decisions while ``coach_on``.
    ``threaded`` runs their thinking and the coach's on threads so the event loop never waits.
    """

    threaded: bool = True
    speed: float = 1.0
    call_wait_ms: int = 5000  # how long the player's Call prompt waits (0: until answered)
    offer_every_call: bool = False  # False: a card that cannot help the player is let go at once
    calls_off: int | None = None  # no Call prompt in this hand (counted by the hands ended before it)
    let_go_why: tuple[int, str] = (-1, "")  # the index of the player's last pass and why it was made
    coach_on: bool = False  # the coach weighs each of the player's decisions (Jamaican games)
    listeners: list[Listener] = field(default_factory=list)

    def __post_init__(self) -> None:
        super().__post_init__()
        self.driver = BotDriver(self, threaded=self.threaded)
        self.coaching = CoachService(self.notes, threaded=self.threaded)
        self._offer: tuple[int, bool] | None = None  # call_offered() for the actions so far

    @classmethod
    def of(cls, record: GameRecord, **kw: Any) -> Session:
        """The game of ``record`` (read from a save) played at the table, where it stands."""
        session = cls(record.setup, **kw)
        session.adopt(record)
        session.coaching.notes = session.notes
        return session

    # --- the pace of the table (:class:`.driver.BotDriver`) ------------------------------

    @property
    def hold_until(self) -> float:
        """The computer players' moves wait until then (the table sets it while a move lands)."""
        return self.driver.hold_until

    @hold_until.setter
    def hold_until(self, ms: float) -> None:
        self.driver.hold_until = ms

    @property
    def dealt_at(self) -> float:
        """When the cards of the hand on show have all landed (the table sets it)."""
        return self.driver.dealt_at

    @dealt_at.setter
    def dealt_at(self, ms: float) -> None:
        self.driver.dealt_at = ms

    def tick(self, now_ms: float) -> list[Move]:
        """Advance the computer players as far as pacing allows at ``now_ms``; the moves applied."""
        return self.driver.tick(now_ms)

    def pause(self, now_ms: float) -> None:
        """Stop the game's clocks while the table is not on show (:meth:`.driver.BotDriver.pause`)."""
        self.driver.pause(now_ms)

    def resume(self, now_ms: float) -> None:
        """Start the clocks again where they stopped."""
        self.driver.resume(now_ms)

    def call_time_left(self, now_ms: float) -> float | None:
        """Milliseconds left in the player's Call prompt (None without a deadline)."""
        return self.driver.call_time_left(now_ms)

    def persona(self, seat: int) -> Persona | None:
        """The persona of a computer seat (None for the player)."""
        return self.driver.persona(seat)

    @property
    def crowd(self) -> float:
        """The computer players' pace factor for the size of the table."""
        return self.driver.crowd

    def play_out(self) -> None:
        """Play the rest of the game at once (a player out of a British game skips watching)."""
        self.driver.play_out()

    # --- questions --------------------------------------------------------------------

    def view(self, seat: int = HUMAN) -> SeatView:
        """What ``seat`` may see (the table draws the player's view only)."""
        return self.match.view(seat)

    def decision(self) -> Decision | None:
        """The (seat, kind) the game waits for now (the engine's :meth:`.engine.match.Match.pending`)."""
        return self.match.pending()

    def prompt(self) -> DecisionKind | None:
        """What the player is asked now (call, pluck, allow, play), or None."""
        d = self.match.pending()
        return d[1] if d is not None and d[0] == HUMAN else None

    def thinking_seat(self) -> int | None:
        """The computer seat whose move the table waits for, if any."""
        d = self.decision()
        return d[0] if d is not None and d[0] != HUMAN else None

    def advice(self) -> Advice | None:
        """The strongest advice the game has for the player now (the Hard player's choice from the
        player's view, and why), or None when nothing is asked of them. Worked out here, on the
        caller's thread (headless runs, tests); the table asks through :mod:`.hints`."""
        if self.prompt() is None:
            return None
        return self.game.advise(self.match, HUMAN, random.Random(len(self.match.actions)))

    def hint(self) -> Action | None:
        """The advised action for the player now (lay, tack, discard, pluck, call or pass)."""
        advice = self.advice()
        return advice.action if advice is not None else None

    def check(self, action: Action) -> Refusal | None:
        """Would the player's ``action`` be accepted now? (The engine's refusal, or None.)"""
        return self.match.check(HUMAN, action)

    # --- the player's moves -----------------------------------------------------------

    def submit(self, action: Action) -> Refusal | None:
        """Apply the player's action, or return why not (nothing changes then)."""
        if isinstance(action, TakeBack):
            return self.take_back()
        bad = self.check(action)
        if bad is not None:
            return bad
        self._coach(action)
        self.apply_move(HUMAN, action)
        return None

    # --- the coach ----------------------------------------------------------------------

    def _coach(self, action: Action) -> None:
        """Have the coach weigh the player's ``action`` (about to be applied) against the advice
        (:class:`.coaching.CoachService`, from a copy of the player's view)."""
        if self.coach_on:
            view = self.game.thinking_view(self.match, HUMAN)
            self.coaching.weigh(self.game.weigh, view, action, len(self.match.actions))

    def coach_notes(self) -> list[tuple[int, Note]]:
        """The coach's notes finished since the last call, in the order of the decisions (the
        table shows them: the note of the latest decision, or that it found no clear mistake)."""
        return self.coaching.fresh()

    def decided_notes(self) -> dict[int, Note]:
        """Every note the coach has finished, by the index of the decision's action."""
        return self.coaching.collect()

    def call_offered(self) -> bool:
        """True if the player is asked whether to call the fresh discard: every card when they
        chose so, else only one that could help them (:func:`.ai.advice.could_help`); none for
        the rest of a hand in which they said "no calls this hand"."""
        if self.calls_off == len(self.match.results):
            return False
        top = self.match.hand.discard_top
        if self.offer_every_call or top is None:
            return True
        key = len(self.match.actions)
        if self._offer is None or self._offer[0] != key:
            self._offer = (key, self.game.could_help(self.match, HUMAN, top))
        return self._offer[1]

    def let_go(self, *, rest_of_hand: bool = False) -> None:
        """The player lets the fresh discard go instead of calling it (a pass); with
        ``rest_of_hand``, every further discard of this hand too, without a prompt."""
        if rest_of_hand:
            self.calls_off = len(self.match.results)
        if self.prompt() == DecisionKind.CALL:
            self._coach(Pass())
            self.pass_for("calls_off" if rest_of_hand else "let_go")

    def why_let_go(self) -> str:
        """Why the player's last pass was made: "let_go" (they said so), "calls_off" (no calls
        this hand), "not_offered" (a card that could not help them) or "time" (the prompt's time
        ran out)."""
        actions = self.match.actions
        passes = [i for i, (seat, a) in enumerate(actions) if seat == HUMAN and isinstance(a, Pass)]
        index, why = self.let_go_why
        return why if passes and passes[-1] == index else "let_go"

    def pass_for(self, why: str) -> Move:
        """The player lets the fresh discard go, for ``why`` (see :meth:`why_let_go`)."""
        self.let_go_why = (len(self.match.actions), why)
        return self.apply_move(HUMAN, Pass())

    def autoplay(self, now_ms: float) -> None:
        """One step with the player's seat played by the hint (headless runs: smoke tests,
        benchmarks, screenshots): the player's move if asked, else the computer players'."""
        if self.prompt() is None:
            self.tick(now_ms)
            return
        action = self.hint()
        bad = Refusal("J-3.1", "turn.not_yours") if action is None else self.submit(action)
        if bad is not None:
            raise RuntimeError(f"the hint's move was refused: {action} ({bad.rule})")

    # --- applying ---------------------------------------------------------------------

    def apply_move(self, seat: int, action: Action, *, quiet: bool = False) -> Move:
        """Apply a checked move of ``seat`` (the player's, or a computer player's from the
        driver) and tell the listeners."""
        hand_number = self.match.hand_number
        move = self.play(seat, action)
        if not quiet:
            log.info("hand %d: seat %d %s", hand_number, seat, action)
        self.driver.call_deadline = None
        self.decided_notes()  # the notes finished so far go with the record the listeners see
        for listener in list(self.listeners):
            listener(move)
        return move

    def close(self) -> None:
        """Stop any computer player still thinking (a new game, quitting)."""
        self.driver.close()
        self.coaching.close()

    # --- taking back ----------------------------------------------------------------------

    def can_take_back(self) -> bool:
        """True while the player may take back plays of their turn (laid, tacked, moved a joker;
        British: came out, melds, lay-offs, a joker taken) since the pluck."""
        return self.prompt() == DecisionKind.PLAY and self.check(TakeBack()) is None

    def take_back(self) -> Refusal | None:
        """Take back the player's plays of this turn since the pluck (the engine's
        :class:`.engine.actions.TakeBack`: the deal returns to where it stood after the pluck),
        or say why not. A take back is no decision the coach weighs, and the plays it returns
        are decisions no longer: their notes go, those still being weighed too."""
        bad = self.check(TakeBack())
        if bad is not None:
            return bad
        self.apply_move(HUMAN, TakeBack())
        self.coaching.forget(taken_back(self.match.actions))
        return None
