"""A game at the table: the match, who sits where, and the one path every move takes.

The player's input and the computer players' choices both become engine actions here; the
engine applies them or refuses them with a rule id; listeners (the table scene's animations,
the autosave) hear about every applied action. Nothing else changes the game. No pygame here,
so the whole flow of a game is testable without a window.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from ..ai.advice import Advice
from ..ai.base import Bot
from ..ai.coach import Note, coach
from ..ai.personas import Persona, persona
from ..ai.worker import BotWorker
from ..engine.actions import (
    Action,
    Call,
    Pass,
    TakeBack,
    taken_back,
)
from ..engine.british.match import BritishMatch
from ..engine.british.view import BritishView
from ..engine.match import Match
from ..engine.refusal import Refusal
from ..engine.turn import Decision, DecisionKind
from ..engine.view import View
from .gamesetup import MAX_OPPONENTS, MIN_OPPONENTS, GameSetup
from .record import HUMAN, MAX_SLOTS, GameRecord, Move

log = logging.getLogger("kalooki.game")

__all__ = ["HUMAN", "MAX_OPPONENTS", "MAX_SLOTS", "MIN_OPPONENTS", "GameSetup", "Move", "Session"]

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


Listener = Callable[[Move], None]


@dataclass
class Session(GameRecord):
    """A game in progress between the player (seat 0) and computer players: its record
    (:class:`.record.GameRecord`) played at the table.

    ``tick(now_ms)`` lets the computer players move, paced like people (persona pause scaled
    by ``speed``) and never before ``hold_until`` (the table sets it while a move animates; they
    think meanwhile) nor ``dealt_at`` (while the cards are dealt).
    ``threaded`` runs their thinking on a worker thread so the event loop never waits.
    """

    threaded: bool = True
    speed: float = 1.0
    call_wait_ms: int = 5000  # how long the player's Call prompt waits (0: until answered)
    offer_every_call: bool = False  # False: a card that cannot help the player is let go at once
    calls_off: int | None = None  # no Call prompt in this hand (counted by the hands ended before it)
    let_go_why: tuple[int, str] = (-1, "")  # the index of the player's last pass and why it was made
    coach_on: bool = False  # the coach weighs each of the player's decisions (Jamaican games)
    listeners: list[Listener] = field(default_factory=list)
    hold_until: float = 0.0
    dealt_at: float = 0.0  # when the cards of the hand on show have all landed (the table sets it)

    def __post_init__(self) -> None:
        super().__post_init__()
        self.bots: list[Bot | None] = [None, *(self.game.make_bot(level) for level in self.setup.levels)]
        self.rng = random.Random(self.setup.seed * 7919 + 17)
        self.pace_rng = random.Random(self.setup.seed + 3)
        self._worker = BotWorker() if self.threaded else None
        self._thinking: _Thinking | None = None
        self._late = 0.0  # how long after it was due the last computer move came (a frame's wait)
        self._call_deadline: float | None = None
        self._offer: tuple[int, bool] | None = None  # call_offered() for the actions so far
        self._paused_at: float | None = None
        self._coach_pool = ThreadPoolExecutor(1, "kalooki-coach") if self.threaded else None
        self._coach_jobs: list[tuple[int, Future[Note]]] = []
        self._fresh_notes: list[tuple[int, Note]] = []

    @classmethod
    def of(cls, record: GameRecord, **kw: Any) -> Session:
        """The game of ``record`` (read from a save) played at the table, where it stands."""
        session = cls(record.setup, **kw)
        session.adopt(record)
        return session

    # --- questions --------------------------------------------------------------------

    @property
    def british(self) -> bool:
        """True for British Kalooki (part B), False for the Jamaican game."""
        return isinstance(self.match, BritishMatch)

    def persona(self, seat: int) -> Persona | None:
        """The persona of a computer seat (None for the player)."""
        level = self.levels[seat]
        return persona(level) if level else None

    @property
    def crowd(self) -> float:
        """The computer players' pace factor for the size of the table (1 up to
        :data:`FULL_PACE_OPPONENTS` of them, less with more): their pauses and their cards'
        flights are this much of a small table's."""
        return min(1.0, FULL_PACE_OPPONENTS / max(1, self.match.players - 1))

    def view(self, seat: int = HUMAN) -> View | BritishView:
        """What ``seat`` may see (the table draws the player's view only)."""
        return self.match.view(seat)

    def decision(self) -> Decision | None:
        """The (seat, kind) the game waits for now (the engine's :meth:`.engine.match.Match.pending`)."""
        return self.match.pending()

    def prompt(self) -> DecisionKind | None:
        """What the player is asked now (call, pluck, allow, play), or None."""
        d = self.match.pending()
        return d[1] if d is not None and d[0] == HUMAN else None

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
        if self._call_deadline is not None:
            self._call_deadline += gap
        if self.hold_until:
            self.hold_until += gap
        if self.dealt_at:
            self.dealt_at += gap
        if self._thinking is not None:
            self._thinking.due_ms += gap

    def call_time_left(self, now_ms: float) -> float | None:
        """Milliseconds left in the player's Call prompt (None without a deadline)."""
        if self._call_deadline is None or self.prompt() != "call":
            return None
        return max(0.0, self._call_deadline - now_ms)

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
        self._apply(HUMAN, action)
        return None

    # --- the coach ----------------------------------------------------------------------

    def _coach(self, action: Action) -> None:
        """Have the coach weigh the player's ``action`` (about to be applied) against the advice,
        on its own thread from a copy of the player's view (:func:`.ai.coach.coach`, its budget
        of worlds: the same note as the review's). A decision whose weighing has not begun when
        the next one comes is dropped (its note could no longer be shown with it; the review
        weighs it). Without the thread (headless runs) it is weighed at once."""
        m = self.match
        if not self.coach_on or not isinstance(m, Match):
            return
        view = View(m.hand.clone(), HUMAN, list(m.totals))
        index = len(m.actions)
        rng = random.Random(index)
        if self._coach_pool is None:  # headless runs
            self._keep_note(index, coach(view, action, rng))
            return
        for _, older in self._coach_jobs:
            older.cancel()  # a job not yet begun is dropped; one under way finishes
        self._coach_jobs.append((index, self._coach_pool.submit(coach, view, action, rng)))

    def _keep_note(self, index: int, note: Note) -> None:
        """Keep a finished note, unless the safety stop left the coach no world to measure a
        choice that differs from the advice: a note that measured nothing says nothing."""
        if note.estimate.worlds == 0 and note.chosen != note.advice.action:
            return
        self.notes[index] = note
        self._fresh_notes.append((index, note))

    def coach_notes(self) -> list[tuple[int, Note]]:
        """The coach's notes finished since the last call, in the order of the decisions (the
        table shows them: the note of the latest decision, or that it found no clear mistake)."""
        self.decided_notes()
        fresh, self._fresh_notes = self._fresh_notes, []
        return fresh

    def decided_notes(self) -> dict[int, Note]:
        """Every note the coach has finished, by the index of the decision's action."""
        while self._coach_jobs and self._coach_jobs[0][1].done():
            index, job = self._coach_jobs.pop(0)
            if not job.cancelled():
                self._keep_note(index, job.result())
        return self.notes

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
            self._pass("calls_off" if rest_of_hand else "let_go")

    def why_let_go(self) -> str:
        """Why the player's last pass was made: "let_go" (they said so), "calls_off" (no calls
        this hand), "not_offered" (a card that could not help them) or "time" (the prompt's time
        ran out)."""
        actions = self.match.actions
        passes = [i for i, (seat, a) in enumerate(actions) if seat == HUMAN and isinstance(a, Pass)]
        index, why = self.let_go_why
        return why if passes and passes[-1] == index else "let_go"

    def _pass(self, why: str) -> Move:
        self.let_go_why = (len(self.match.actions), why)
        return self._apply(HUMAN, Pass())

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

    # --- the computer players ---------------------------------------------------------

    def tick(self, now_ms: float) -> list[Move]:
        """Advance the computer players as far as pacing allows at ``now_ms`` (the game's clock,
        in milliseconds); the moves applied."""
        now = now_ms
        applied: list[Move] = []
        shown = False  # a visible move was applied: only the player's unasked pass may follow it
        for _ in range(16):  # a few instant decisions (callers passing) per frame at most
            d = self.match.pending()
            if d is None:
                break
            seat, kind = d
            if seat == HUMAN:
                if kind == DecisionKind.CALL and not self.call_offered():  # no prompt for this card
                    applied.append(self._pass("calls_off" if self.calls_off == len(self.match.results)
                                              else "not_offered"))
                    continue
                if kind == DecisionKind.CALL:
                    if self._call_deadline is None and self.call_wait_ms > 0:
                        # the player's own time, from when the card has landed: never the pace's
                        self._call_deadline = max(now, self.hold_until) + self.call_wait_ms
                    if self._call_deadline is not None and now >= self._call_deadline:
                        applied.append(self._pass("time"))
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
        key = (len(self.match.actions), seat, kind)
        t = self._thinking
        if t is None or t.key != key:
            p = self.persona(seat)
            pause = 0.0 if kind == DecisionKind.CALL or p is None else p.pause_ms(self.pace_rng, self.speed)
            pause *= self.crowd * QUICK_SHARE.get(kind, 1.0)
            t = self._thinking = _Thinking(key, now + pause - self._late)  # the clock's pace, not the frames'
            bot = self.bots[seat]
            assert bot is not None
            view = self.game.thinking_view(self.match, seat)
            if self._worker is not None:
                self._worker.start(bot, view, self.rng)  # type: ignore[arg-type]  # the game's own view
            else:
                t.action, t.ready = bot.choose(view, self.rng), True  # type: ignore[arg-type]
        if not t.ready and self._worker is not None:  # a move that is due waits a moment, not a frame
            due = now >= max(t.due_ms, self.hold_until)
            t.ready, t.action = self._worker.poll(DUE_WAIT_S if due else 0.0)
        if not t.ready:
            return None
        if isinstance(t.action, Call) and not t.paused:  # a call is an event: a moment before it lands
            t.paused = True
            t.due_ms = now + CALL_PAUSE_MS * self.crowd / max(self.speed, 0.25)
        if now < t.due_ms or now < self.hold_until:  # (it thinks while the last move lands)
            return None
        action = t.action
        self._late = min(LATE_CAP_MS, now - max(t.due_ms, self.hold_until))
        self._thinking = None
        if action is None:
            raise RuntimeError(f"the computer player at seat {seat} gave no move")
        return self._apply(seat, action)

    def play_out(self) -> None:
        """Play the rest of the game at once, every seat by its computer player (a player out of a
        British game skips watching the others finish it)."""
        m = self.match
        if not isinstance(m, BritishMatch) or m.active[HUMAN]:
            raise RuntimeError("only a game the player is out of plays out on its own")
        if self._worker is not None:
            self._worker.cancel()
        while not self.match.over:
            d = self.match.pending()
            assert d is not None and d[0] != HUMAN
            bot = self.bots[d[0]]
            assert bot is not None
            view = self.game.thinking_view(self.match, d[0])
            self._thinking = None
            self._apply(d[0], bot.choose(view, self.rng), quiet=True)  # type: ignore[arg-type]

    # --- applying ---------------------------------------------------------------------

    def _apply(self, seat: int, action: Action, *, quiet: bool = False) -> Move:
        hand_number = self.match.hand_number
        move = self.play(seat, action)
        if not quiet:
            log.info("hand %d: seat %d %s", hand_number, seat, action)
        self._call_deadline = None
        self.decided_notes()  # the notes finished so far go with the record the listeners see
        for listener in list(self.listeners):
            listener(move)
        return move

    def close(self) -> None:
        """Stop any computer player still thinking (a new game, quitting)."""
        if self._worker is not None:
            self._worker.shutdown()
            self._worker = None
        if self._coach_pool is not None:
            self._coach_pool.shutdown(wait=False, cancel_futures=True)
            self._coach_pool = None

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
        self._apply(HUMAN, TakeBack())
        gone = taken_back(self.match.actions)
        for index, job in self._coach_jobs:
            if index in gone:
                job.cancel()
        self._coach_jobs = [(i, job) for i, job in self._coach_jobs if i not in gone]
        self._fresh_notes = [(i, note) for i, note in self._fresh_notes if i not in gone]
        for index in [i for i in self.notes if i in gone]:
            del self.notes[index]
        return None
