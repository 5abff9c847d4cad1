"""Practice of one contract of the Jamaican schedule, or of coming out in British Kalooki 40 or
51: single hands of it, one after another, with the coach on, and running figures for the
practice (made or come out, in how many turns, points).

A Jamaican practice hand is a game of one hand: the rules of the Jamaican preset with a
schedule of the one contract (the cards dealt are that hand's, J-3). A British practice deal is
the first deal of a game of that preset: its goal is the opening (B-4), and the practice ends
with the deal. "Deal again" plays a new deal; "Replay this deal" plays the same seed again: the
same shuffle, and the computer players' same random numbers. No pygame here.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..engine.rules import make_rules
from ..engine.systems import SYSTEMS, system_of
from ..i18n import tr
from ..storage.progress import turns_to_lay
from .session import HUMAN, GameSetup, Session

#: The Jamaican schedule's contracts, by hand number (1-9).
SCHEDULE = {spec.number: spec.contract_text for spec in make_rules("jamaican").schedule}
#: The British games whose opening can be practised, by preset.
OPENINGS = ("british40", "kalooki51")


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
    """A run of practice hands of hand ``hand``'s contract against ``levels`` (``preset``
    "jamaican"), or of British deals of ``preset`` ("british40", "kalooki51": coming out, with
    ``hand`` 1, the first deal)."""

    hand: int
    levels: tuple[str, ...] = ("normal", "normal", "normal")
    tries: list[Try] = field(default_factory=list)
    session: Session | None = None  # the hand on show
    preset: str = "jamaican"

    @property
    def system(self) -> str:
        """The rule system practised (``jamaican``, ``british``)."""
        return system_of(self.preset).key

    @property
    def contract(self) -> str:
        """The contract practised ("3 4 4"), or "" for a British opening."""
        return SCHEDULE[self.hand] if self.system == "jamaican" else ""

    @property
    def target(self) -> str:
        """What is practised, as the practice screen keys it: the hand's number, or the preset."""
        return str(self.hand) if self.system == "jamaican" else self.preset

    @property
    def label(self) -> str:
        """What is practised, in words: "Hand 3 · 3 4 4", "Kalooki 40 · coming out"."""
        return label_of(self.target)

    def setup(self, seed: int | None = None) -> GameSetup:
        """The game of one practice hand (a new seed unless ``seed`` is given: a replay)."""
        seed = random.randrange(1 << 30) if seed is None else seed
        if self.system != "jamaican":
            return GameSetup(self.levels, self.preset, (), None, seed)
        return GameSetup(self.levels, "custom", (), self.contract, seed)

    def begin(self, session: Session) -> Session:
        """Make ``session`` a practice hand: the coach weighs every decision."""
        session.practice = self.hand
        session.coach_on = True
        return session

    def record(self, session: Session) -> Try:
        """The figures of a finished practice hand, added to the run."""
        m = session.match
        assert m.results, "the practice hand has not ended"
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


def practice_of(target: str, levels: tuple[str, ...]) -> Practice:
    """The practice of ``target``: a hand's number of the schedule ("3"), or a British preset."""
    if target in OPENINGS:
        return Practice(1, levels, preset=target)
    return Practice(int(target), levels)


def label_of(target: str) -> str:
    """A practice target in words: "Hand 3 · 3 4 4", "Kalooki 40 · coming out"."""
    if target in OPENINGS:
        return tr("practice.coming_out", game=SYSTEMS["british"].rules(target, ()).name)
    return tr("practice.hand", n=int(target), contract=SCHEDULE[int(target)])


def opponents_of(target: str) -> range:
    """How many computer players a practice of ``target`` may have (J-1.1; B-1)."""
    preset = target if target in OPENINGS else "custom"
    return system_of(preset).seats(preset, ()).opponents
