"""The computer opponents as the player meets them: a name, a level and a persona, and the
pace at which their moves are shown (separate from how long they think)."""

from __future__ import annotations

import random
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Persona:
    """How a level presents itself at the table."""

    level: str
    name: str
    title: str
    blurb: str
    pace_ms: int  # typical pause before a move is shown, at normal animation speed

    def pause_ms(self, rng: random.Random, speed: float = 1.0) -> int:
        """A human-looking pause before showing a move: the pace with some jitter, scaled by speed."""
        jitter = rng.uniform(0.7, 1.4)
        return max(0, round(self.pace_ms * jitter / max(speed, 0.05)))


PERSONAS: dict[str, Persona] = {
    "easy": Persona(
        "easy", "Auntie Pearl", "Easy",
        "Plays for the fun of it: plans her contract, but often forgets a tack and now and then "
        "throws a card she needed.", 1100),
    "normal": Persona(
        "normal", "Desmond", "Normal",
        "A steady domino-hall regular: builds his contract, tacks everything, calls when the "
        "card really helps and keeps an eye on what you pick up.", 850),
    "hard": Persona(
        "hard", "Miss Ivy", "Hard",
        "Tournament sharp: counts the cards that are gone and plays each throw forward in her "
        "head before she lets it go.", 700),
    "greedy": Persona(
        "greedy", "Junior", "Beginner",
        "Keeps pairs and runs, sheds high cards, and never looks further than this turn.", 900),
    "random": Persona(
        "random", "Lucky", "Random",
        "Plays any legal card at all: good for learning the rules, not for a game.", 600),
}

#: The levels offered in the new-game dialog, weakest first.
LEVELS: tuple[str, ...] = ("easy", "normal", "hard")


def persona(level: str) -> Persona:
    """The persona of a level name."""
    try:
        return PERSONAS[level]
    except KeyError:
        raise ValueError(f"unknown level {level!r} (known: {', '.join(PERSONAS)})") from None
