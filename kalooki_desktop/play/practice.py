"""Practice of one contract of the Jamaican schedule: single hands of it, one after another, with
the coach on, and running figures for the practice (made or not, turns to lay, points).

A practice hand is a game of one hand: the rules of the Jamaican preset with a schedule of the
one contract (the cards dealt are that hand's, J-3). "Deal again" plays a new deal; "Replay this
deal" plays the same seed again: the same shuffle, and the computer players' same random numbers.
No pygame here.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..engine.match import Match
from ..engine.rules import make_rules
from ..storage.progress import turns_to_lay
from .session import HUMAN, GameSetup, Session

#: The Jamaican schedule's contracts, by hand number (1-9).
SCHEDULE = {spec.number: spec.contract_text for spec in make_rules("jamaican").schedule}


@dataclass(frozen=True)
class Try:
    """One practice hand: its seed, whether the player laid the contract, in how many of their
    turns, and the points the hand cost them."""

    seed: int
    made: bool
    turns: int | None
    points: int


@dataclass
class Practice:
    """A run of practice hands of hand ``hand``'s contract against ``levels``."""

    hand: int
    levels: tuple[str, ...] = ("normal", "normal", "normal")
    tries: list[Try] = field(default_factory=list)
    session: Session | None = None  # the hand on show

    @property
    def contract(self) -> str:
        """The contract practised ("3 4 4")."""
        return SCHEDULE[self.hand]

    def setup(self, seed: int | None = None) -> GameSetup:
        """The game of one practice hand (a new seed unless ``seed`` is given: a replay)."""
        seed = random.randrange(1 << 30) if seed is None else seed
        return GameSetup(self.levels, "custom", (), self.contract, seed)

    def begin(self, session: Session) -> Session:
        """Make ``session`` a practice hand: the coach weighs every decision."""
        session.practice = self.hand
        session.coach_on = True
        return session

    def record(self, session: Session) -> Try:
        """The figures of a finished practice hand, added to the run."""
        m = session.match
        assert isinstance(m, Match) and m.results, "the practice hand has not ended"
        result = next((r for r in reversed(m.results) if not r.void), m.results[-1])
        done = Try(session.setup.seed, bool(result.laid[HUMAN]), turns_to_lay(session), result.scores[HUMAN])
        self.tries.append(done)
        return done

    def figures(self) -> dict[str, float | int | None]:
        """The run's figures: hands, contracts made, the mean turns to lay (of the hands made),
        the mean points."""
        n = len(self.tries)
        made = [t for t in self.tries if t.made]
        turns = [t.turns for t in made if t.turns is not None]
        return {
            "hands": n,
            "made": len(made),
            "turns": sum(turns) / len(turns) if turns else None,
            "points": sum(t.points for t in self.tries) / n if n else None,
        }
