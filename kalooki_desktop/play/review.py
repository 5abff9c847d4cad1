"""A finished hand or deal move by move, every hand revealed, in either game: the review behind
the Review scene and the "Try from here" that branches a practice hand (a Jamaican contract, a
British opening) from one of the player's decisions.

The hand is found by replaying the game from its start (its setup, or the exact deal it began
from), so any finished hand of a game in play or of a save can be reviewed. No pygame here.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass

from ..ai.coach import WORLDS, Estimate, Note
from ..engine.actions import Action, taken_back
from ..engine.deal import Deal
from ..engine.game import DealResult, Game
from ..engine.refusal import IllegalAction
from ..engine.seatview import SeatView
from ..i18n import tr
from .record import HUMAN, GameRecord
from .session import GameSetup, Session


class ReplayFailed(ValueError):
    """The game does not replay as it was played (its file was changed, or its id is that of
    another deal): it cannot be reviewed. ``rule`` is the rule a replayed move broke, if one did;
    the message is the player's."""

    def __init__(self, rule: str | None = None) -> None:
        super().__init__(tr("review.does_not_replay"))
        self.rule = rule

    def about(self, name: str) -> str:
        """What is wrong with the file called ``name`` (the words of a save that does not replay)."""
        if self.rule:
            return tr("save.refused_move", name=name, rule=self.rule)
        return tr("save.mismatch", name=name)


def replay(game: Game, seat: int, action: Action) -> None:
    """Apply a move of a game being replayed; ReplayFailed when the rules refuse it there."""
    try:
        game.apply(seat, action)
    except IllegalAction as exc:
        raise ReplayFailed(exc.rule) from None


@dataclass(frozen=True)
class Step:
    """One action of the hand: its index in the game's action list, who took it, the game as it
    stood before it (a copy) and the totals before the hand."""

    index: int
    seat: int
    action: Action
    game: Game
    totals: tuple[int, ...]

    @property
    def before(self) -> Deal:
        """The deal as it stood before the action."""
        return self.game.hand


class Review:
    """Deal ``deal`` of ``session``'s game (counted from 0, void deals included; by default the
    last one that ended), step by step. ValueError when the game has no such finished deal;
    :class:`ReplayFailed` (a ValueError) when it does not replay as it was played."""

    def __init__(self, session: GameRecord, deal: int | None = None) -> None:
        played = session.match
        if not played.results:
            raise ValueError("no finished hand to review")
        self.session = session
        self.deal = len(played.results) - 1 if deal is None else deal
        if not 0 <= self.deal < len(played.results):
            raise ValueError(f"no finished deal {deal}")
        game = game_as_begun(session)
        self.steps: list[Step] = []
        for i, (seat, action) in enumerate(played.actions):
            if len(game.results) == self.deal:
                self.steps.append(Step(i, seat, action, game.clone(), tuple(game.totals)))
            elif len(game.results) > self.deal:
                break
            replay(game, seat, action)
        if game.ended is None or not self.steps or game.results[self.deal] != played.results[self.deal]:
            raise ReplayFailed  # the deal did not replay to the hand that was played
        self.end: Deal = game.ended.clone()
        self.result: DealResult = game.results[self.deal]
        self.notes: dict[int, Note] = {i: n for i, n in session.notes.items() if self.covers(i)}
        self.after: dict[int, Estimate] = {}

    def covers(self, index: int) -> bool:
        """True if action ``index`` of the game is a step of this hand."""
        return bool(self.steps) and self.steps[0].index <= index <= self.steps[-1].index

    def state(self, k: int) -> Deal:
        """The hand after ``k`` steps (0: as dealt)."""
        return self.steps[k].before if k < len(self.steps) else self.end

    def laid(self, k: int) -> tuple[bool, ...]:
        """Who had melds down after ``k`` steps: laid the contract (J-8), came out (B-4)."""
        if k < len(self.steps):
            return self.steps[k].game.view(HUMAN).laid
        return self.result.laid

    def player_steps(self) -> list[int]:
        """The steps that are the player's decisions (a take back and the plays it returned are
        not: the review shows them, the coach does not weigh them)."""
        gone = taken_back(self.session.match.actions)
        return [k for k, s in enumerate(self.steps) if s.seat == HUMAN and s.index not in gone]

    def weigh(self, k: int, worlds: int = WORLDS) -> Note:
        """The coach's note on the player's decision at step ``k`` (from the player's view then; the
        note made during play when there is one), and, when flagged, its cost with every card
        known (:attr:`after`)."""
        step = self.steps[k]
        game = self.session.game
        note = self.notes.get(step.index)
        if note is None:
            view = step.game.clone().view(HUMAN)
            note = game.weigh(view, step.action, random.Random(step.index), worlds)
            if note is None:
                raise ValueError("this game has no coach")
            self.notes[step.index] = note
        if note.flagged and step.index not in self.after:
            self.after[step.index] = game.cost_after(step.game, HUMAN, step.action, note.advice.action,
                                                     rollouts=16)
        return note

    def view(self, k: int) -> SeatView:
        """The player's view before step ``k``."""
        return self.steps[k].game.view(HUMAN)

    def branch(self, k: int) -> tuple[GameSetup, Deal, list[Step]]:
        """What "Try from here" needs: a one-hand game of this hand's contract (a British deal of
        the same rules), the hand as dealt, and the steps to replay up to step ``k`` (the
        player's decision, left to the player)."""
        own = self.session.setup
        if self.result.contract_text:
            setup = GameSetup(tuple(own.levels), "custom", (), self.result.contract_text, own.seed)
        else:
            setup = GameSetup(tuple(own.levels), own.preset, own.variants, None, own.seed)
        return setup, self.steps[0].before, self.steps[:k]


#: How the hands tried from a review began (a deal of the middle of a game, with its random
#: numbers), by the game id of their session: their own review replays them from there.
_TRIED: dict[str, Game] = {}
#: The tried hands remembered at most (the oldest goes first).
TRIED_KEPT = 32


def game_as_begun(session: GameRecord) -> Game:
    """``session``'s game as it began (the same setup or exact deal, or the deal a tried hand
    began from), to be replayed."""
    tried = _TRIED.get(session.game_id)
    if tried is not None:
        return copy.deepcopy(tried)
    fresh = GameRecord.from_scenario(session.scenario) if session.scenario else GameRecord(session.setup)
    return fresh.match


def try_from_here(review: Review, k: int, *, threaded: bool = True, speed: float = 1.0) -> Session:
    """A practice hand that begins as the reviewed hand was dealt and is played on, by the same
    moves, up to the player's decision at step ``k``: the player decides from there."""
    setup, dealt, steps = review.branch(k)
    session = Session(setup, threaded=threaded, speed=speed)
    stock_top_first = list(reversed(dealt.stock))
    session.match = session.game.from_position(session.match.rules, setup.seed, 1, dealt.dealer,
                                               [list(h) for h in dealt.hands], list(dealt.discard),
                                               stock_top_first)
    session.match.hand.rng.setstate(dealt.rng.getstate())  # a stock rebuilt as it was (J-7.1, B-9)
    _TRIED[session.game_id] = copy.deepcopy(session.match)  # its own review begins here
    while len(_TRIED) > TRIED_KEPT:
        del _TRIED[next(iter(_TRIED))]
    for step in steps:
        session.replay_action(step.seat, str(step.action))
    session.practice = min(review.result.number, 9) if review.result.contract_text else 1
    session.coach_on = True
    return session
