"""What the New game screen chooses: the opponents, the preset, its switches and schedule, the
seed; and the check that those choices make a game (the same check for a save read from disk)."""

from __future__ import annotations

from dataclasses import dataclass

from ..ai.personas import LEVELS
from ..engine.game import Rules
from .games import British, Jamaican, Seats, game_of

#: The fewest and the most computer players of any game the app plays (B-1: 2 players; J-1.1: 8);
#: each game's own bounds are its :meth:`~.games.Jamaican.seats`.
MIN_OPPONENTS, MAX_OPPONENTS = 1, 7


@dataclass(frozen=True, slots=True)
class GameSetup:
    """Everything chosen in the new-game dialog."""

    levels: tuple[str, ...] = ("normal", "normal", "normal")
    preset: str = "jamaican"
    variants: tuple[str, ...] = ()
    schedule: str | None = None  # custom schedule, "3 3; 3 4; ..." (preset "custom")
    seed: int = 0

    @property
    def players(self) -> int:
        """Seats at the table, the player's included."""
        return len(self.levels) + 1

    @property
    def game(self) -> Jamaican | British:
        """The game the preset belongs to (:mod:`.games`)."""
        return game_of(self.preset)

    def seats(self) -> Seats:
        """How many players the chosen game is for (raises ValueError for a bad switch)."""
        return self.game.seats(self.preset, self.variants)

    def contracts(self) -> list[str] | None:
        """The custom schedule's contracts, one text each, or None without a custom schedule."""
        if self.schedule is None:
            return None
        return [part for part in self.schedule.replace("\n", ";").split(";") if part.strip()]

    def rules(self) -> Rules:
        """The frozen rules (raises ValueError for a bad custom schedule or switch)."""
        rules: Rules = self.game.rules(self.preset, self.variants, self.contracts())
        return rules

    def check(self) -> None:
        """Raise ValueError when these choices make no game the New game screen could start: a
        level it does not offer, more or fewer players than the game is for (J-1.1, B-1, B-V2),
        rules that do not hold together (preset, switches, schedule) or a table they do not allow."""
        unknown = [level for level in self.levels if level not in LEVELS]
        if unknown:
            raise ValueError(f"unknown level {unknown[0]!r} (known: {', '.join(LEVELS)})")
        wrong = self.seats().refusal(self.players)
        if wrong is not None:
            raise ValueError(wrong)
        self.game.new_game(self.rules(), self.players, 0)
