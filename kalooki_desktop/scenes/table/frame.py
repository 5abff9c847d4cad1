"""One frame of the table as a frozen snapshot: everything the drawing reads, taken once from
the game and the scene (:func:`.painter.snapshot`)."""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.actions import Action
from ...engine.cards import Card
from ...engine.melds import Meld
from ...engine.refusal import Refusal
from ...engine.seatview import SeatView
from ...engine.turn import DecisionKind
from ...ui import palette
from .model import SlotState
from .pointer import Drag

#: The colour of secondary words (an opponent's level, calls used).
DIM = palette.TEXT_DIM


@dataclass(frozen=True)
class TableFrame:
    """Everything one frame of the table shows, read once from the game and the scene."""

    view: SeatView  # the player's view
    names: tuple[str, ...]
    titles: tuple[str, ...]  # each seat's level, as its persona says it ("" for the player)
    totals: tuple[int, ...]
    title: str  # the top bar's: the hand and its contract, or the British game and its deal
    schedule: tuple[str, ...]  # the contracts of the schedule (none in British Kalooki)
    hand_index: int
    sudden_death: bool
    opening: tuple[int, int] | None  # British: the staged opening's points and the points it needs
    max_calls: int
    calling: bool
    active: frozenset[int]  # the seats whose move the table waits for
    over: bool
    prompt: DecisionKind | None  # what the player is asked now
    plucks: tuple[bool, bool]  # the engine would take a pluck from (the stock, the pile) now
    four_colour: bool
    log: tuple[tuple[int, str], ...]
    status: tuple[str, palette.Colour]
    call_fraction: float | None  # what is left of the Call prompt's wait
    order: tuple[Card, ...]
    selected: frozenset[int]
    slot_kinds: tuple[int, ...]
    slots: tuple[tuple[Card, ...], ...]
    slot_states: tuple[SlotState, ...]
    slot_melds: tuple[Meld | None, ...]  # the valid meld each slot holds (its jokers' tags)
    slot_titles: tuple[str, ...]
    lay_refusal: Refusal | str | None
    hidden: frozenset[str]  # what flights hide in place
    drag: Drag | None
    hint: Action | None
    fresh: int  # the index of the card just taken, or -1
    hover: int | None
    flash: tuple[tuple[int, str], ...]  # (seat, bubble)
    ended: bool = False  # the hand that just ended is on show
    out: int | None = None  # then: the seat that went out
    guided: bool = False  # the guided hand's tips are on show in the side panel, in the log's place
