"""The record of a game: its setup, who sits where, the game itself and every move applied, the
cards the player staged, the coach's finished notes. It is what storage saves and replays and
what the review steps through: no pygame, no threads, no clock.

A :class:`.session.Session` is a record being played at the table (it adds the computer
players' pace and threads, the Call prompt's timing and the coach); storage and the review
need only the record.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..ai.coach import Note
from ..ai.personas import table_names
from ..engine.actions import Action, parse_action
from ..engine.cards import Card, parse_cards
from ..engine.game import Applied, Game
from ..i18n import tr
from .gamesetup import GameSetup

#: The player's seat. Opponents sit at 1..n clockwise.
HUMAN = 0
#: The most staging slots the table shows (British Kalooki adds one as each fills).
MAX_SLOTS = 6

#: One applied action as the table shows it: the engine says what it did
#: (:class:`.engine.game.Applied`; a drawn card is the seat's own, shown to the player only).
Move = Applied

R = TypeVar("R", bound="GameRecord")


@dataclass
class GameRecord:
    """A game between the player (seat 0) and computer players, and everything done in it."""

    setup: GameSetup
    scenario: dict[str, Any] | None = None  # the exact deal it started from (tests, bug reports)
    game_id: str = field(default_factory=lambda: uuid.uuid4().hex)  # kept in saves and statistics
    practice: int | None = None  # the hand of the schedule practised (:mod:`.practice`), if any
    guided: bool = False  # the guided first hand (:mod:`.guide`)
    match: Game = field(init=False)
    names: list[str] = field(init=False)
    levels: list[str | None] = field(init=False)

    def __post_init__(self) -> None:
        self.game = self.setup.game
        self.match = self.game.new_game(self.setup.rules(), self.setup.players, self.setup.seed)
        self.levels = [None, *self.setup.levels]
        self.names = [tr("seat.you"), *table_names(list(self.setup.levels))]
        self.moves: list[Move] = []
        # The player's cards in the table's staging slots, for the hand counted by the first
        # number (how many hands had ended): kept with the game, so they survive a restart.
        self.staging: tuple[int, tuple[tuple[Card, ...], ...]] = (0, ())
        self.notes: dict[int, Note] = {}  # the coach's notes, by the index of the decision's action

    @classmethod
    def from_scenario(cls: type[R], data: dict[str, Any], **kw: Any) -> R:
        """A game that starts from an exact deal, for tests and bug reports (``--scenario``).

        ``data``: ``levels`` (opponents), ``preset``, ``variants``, ``hand`` (1-based number in
        the schedule), ``dealer``, ``hands`` (one card string per seat, the player first),
        ``discard`` and ``stock`` (top card first), ``seed``. Raises ValueError on bad data.
        """
        try:
            levels = tuple(str(x) for x in data.get("levels", ("normal", "normal", "normal")))
            variants = tuple(str(v) for v in data.get("variants", ()))
            preset = str(data.get("preset", "jamaican"))
            setup = GameSetup(levels, preset, variants, None, int(data.get("seed", 1)))
            record = cls(setup, **kw)
            hands = [parse_cards(str(h)) for h in data["hands"]]
            if len(hands) != setup.players:
                raise ValueError(f"{len(hands)} hands for {setup.players} players")
            record.match = record.game.from_position(
                record.match.rules,
                setup.seed,
                int(data.get("hand", 1)),
                int(data.get("dealer", 0)),
                hands,
                parse_cards(str(data.get("discard", ""))),
                parse_cards(str(data.get("stock", ""))),
            )
        except (KeyError, IndexError, TypeError, AttributeError) as exc:
            raise ValueError(f"bad scenario: {exc!r}") from exc
        record.scenario = dict(data)
        return record

    # --- questions ----------------------------------------------------------------------

    @property
    def rules(self) -> Any:
        """The game's rules (:class:`.engine.game.Rules`)."""
        return self.match.rules

    @property
    def version(self) -> int:
        """A number that changes with every applied action: what views of the game key their
        caches on."""
        return len(self.match.actions)

    @property
    def over(self) -> bool:
        """True when the game has a winner."""
        return self.match.over

    # --- moves --------------------------------------------------------------------------

    def play(self, seat: int, action: Action) -> Move:
        """Apply ``action`` for ``seat`` (raises :class:`.engine.refusal.IllegalAction`) and keep
        what it did."""
        move = self.match.apply(seat, action)
        self.moves.append(move)
        return move

    def replay_action(self, seat: int, text: str) -> Move:
        """Apply a saved action (text form): rebuilding a saved game."""
        return self.play(seat, parse_action(text))

    def adopt(self, other: GameRecord) -> None:
        """Take the game of ``other`` as it stands (a record read from a save) in place of this
        one's."""
        self.setup, self.scenario, self.game_id = other.setup, other.scenario, other.game_id
        self.practice = other.practice
        self.game, self.match, self.names, self.levels = other.game, other.match, other.names, other.levels
        self.moves, self.staging, self.notes = other.moves, other.staging, other.notes
