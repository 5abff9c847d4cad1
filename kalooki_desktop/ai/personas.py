"""The computer opponents as the player meets them: a name, a level and a persona, and the
pace at which their moves are shown (separate from how long they think). Titles and blurbs are
translated (``level.<level>``, ``persona.<level>.blurb``)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..i18n import tr


@dataclass(frozen=True, slots=True)
class Persona:
    """How a level presents itself at the table."""

    level: str
    name: str
    pace_ms: int  # typical pause before a move is shown, at normal animation speed

    @property
    def title(self) -> str:
        """The level's name in the player's language ("Hard")."""
        return tr(f"level.{self.level}")

    @property
    def blurb(self) -> str:
        """One or two sentences on how this opponent plays."""
        return tr(f"persona.{self.level}.blurb")

    def pause_ms(self, rng: random.Random, speed: float = 1.0) -> int:
        """A human-looking pause before showing a move: the pace with some jitter, scaled by speed."""
        jitter = rng.uniform(0.7, 1.4)
        return max(0, round(self.pace_ms * jitter / max(speed, 0.05)))


PERSONAS: dict[str, Persona] = {
    "easy": Persona("easy", "Auntie Pearl", 1100),
    "normal": Persona("normal", "Desmond", 850),
    "hard": Persona("hard", "Miss Ivy", 700),
    "greedy": Persona("greedy", "Junior", 900),
    "random": Persona("random", "Lucky", 600),
    "tutor": Persona("tutor", "Auntie Pearl", 1100),  # the guided first hand's opponents
}

#: The levels offered in the new-game dialog, weakest first.
LEVELS: tuple[str, ...] = ("easy", "normal", "hard")


#: Table names by level, so that several opponents of one level are told apart.
NAMES: dict[str, tuple[str, ...]] = {
    "easy": ("Auntie Pearl", "Cousin Dawn", "Uncle Roy", "Miss Hyacinth", "Little Kenroy", "Aunt Sonia",
             "Grandpa Cecil"),
    "normal": ("Desmond", "Marcia", "Winston", "Claudette", "Delroy", "Beverley", "Errol"),
    "hard": ("Miss Ivy", "Professor Lloyd", "Sister Joy", "Captain Neville", "Madam Gloria", "Mr. Barrington",
             "Lady Icilda"),
    "greedy": ("Junior", "Ricky", "Tanya", "Omar", "Shelly", "Dwayne", "Keisha"),
    "random": ("Lucky", "Chance", "Breezy", "Dice", "Spinner", "Flip", "Rolly"),
    "tutor": ("Auntie Pearl", "Cousin Dawn"),
}


def table_names(levels: list[str] | tuple[str, ...]) -> list[str]:
    """A distinct name for each opponent level in order (the first of a level gets its persona's name).

    >>> table_names(["normal", "hard", "normal"])
    ['Desmond', 'Miss Ivy', 'Marcia']
    """
    used: dict[str, int] = {}
    out = []
    for level in levels:
        pool = NAMES.get(level) or (persona(level).name,)
        i = used.get(level, 0)
        used[level] = i + 1
        out.append(pool[i] if i < len(pool) else f"{pool[0]} {i + 1}")
    return out


def persona(level: str) -> Persona:
    """The persona of a level name."""
    try:
        return PERSONAS[level]
    except KeyError:
        raise ValueError(f"unknown level {level!r} (known: {', '.join(PERSONAS)})") from None
