"""One game protocol for every rule system: what the table, the bots, the simulator, the saves
and the coach read of a game, whichever rules it follows.

A rule system brings a :class:`Game` (the Jamaican :class:`.match.Match`, the British
:class:`.british.match.BritishMatch`), rules that follow :class:`Rules`, and views of one seat
(:class:`.seatview.SeatView`). Clients never ask which system a game is: where the systems
really differ, it is data here (``Rules.system``, ``Rules.calling``, :class:`DealResult`'s
fields) or a method of the game or its view.

The turn API is OpenSpiel's: :meth:`Game.pending` says whose decision is next and what kind,
:meth:`Game.legal_actions` lists every action of a seat but new melds (too many to list; a
seat's lays are checked with :meth:`Game.check`), :meth:`Game.apply` applies one and says what
it did (:class:`Applied`), so no client works it out afterwards.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, TypeVar

from .actions import (
    Action,
    Allow,
    Call,
    Discard,
    Lay,
    MoveJoker,
    PluckDiscard,
    PluckStock,
    Refuse,
    Retrieve,
    Tack,
)
from .cards import Card
from .deal import Deal, detached_copy, state_digest
from .refusal import Refusal
from .turn import Decision

if TYPE_CHECKING:
    from .rules import HandSpec
    from .seatview import SeatView

G = TypeVar("G", bound="Game")


class Rules(Protocol):
    """The rules of a game, whatever the system: frozen data built from a preset and switches."""

    @property
    def system(self) -> str:
        """The rule system's key: ``jamaican`` (part J) or ``british`` (part B)."""

    @property
    def preset(self) -> str: ...

    @property
    def name(self) -> str:
        """The game's name for a player."""

    @property
    def switches(self) -> tuple[str, ...]:
        """The variant ids in force, sorted."""

    @property
    def calling(self) -> bool:
        """True when a discard may be called out of turn (the Jamaican game without J-V1)."""

    @property
    def max_calls(self) -> int:
        """Calls allowed to a seat in a deal (0 where there are none)."""

    def describe(self) -> str:
        """A short label: preset and switches."""


@dataclass(frozen=True, slots=True)
class DealResult:
    """What a finished deal left, in either system: for the scoreboard, statistics, the review.

    ``number`` is the hand of the schedule (Jamaican) or the deal's number counting void deals
    dealt again (British); ``laid`` who had melds down (laid their contract, J-8; came out,
    B-4); ``big_out`` the deal's big moment (a bent hand: out at once, J-8.4; a Kalooki, B-V5).
    The Jamaican hand adds its ``spec`` (contract), the calls each seat made, the dealer's cut
    bonus (J-3.5) and whether it was a sudden-death hand (J-V6).
    """

    number: int
    dealer: int
    void: bool
    out: int | None
    big_out: bool
    scores: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]
    laid: tuple[bool, ...]
    spec: HandSpec | None = None
    calls_used: tuple[int, ...] = ()
    cut_bonus_seat: int | None = None
    sudden_death: bool = False

    @property
    def contract_text(self) -> str:
        """The Jamaican hand's contract (e.g. "3 3 4"), or "" for a British deal."""
        return self.spec.contract_text if self.spec is not None else ""

    def digest_form(self) -> list[Any]:
        """The result as :func:`.deal.state_digest` reads it: the form a saved game's digest was
        taken of, so that every save keeps its digest."""
        if self.spec is not None:
            return ["HandResult", self.spec, self.dealer, self.void, self.out, self.big_out, self.scores,
                    self.hands, self.laid, self.calls_used, self.cut_bonus_seat, self.sudden_death]
        return ["DealResult", self.dealer, self.void, self.out, self.big_out, self.scores, self.hands,
                self.laid, self.number]


class Applied(NamedTuple):
    """What one applied action did, as everybody saw it (and the seat itself): kept as the
    position's few facts, the rest read from them when asked (the engine's hot path builds one
    per action).

    :attr:`card` is the card that moved when everybody may see it (a discard, the taken
    discard, a called card, a lay-off or a moved joker) or, for a pluck from the stock, the card
    the seat drew (``seat`` alone sees it: :attr:`private`); :attr:`cards` the cards of a lay or
    a joker retrieval; :attr:`taker` the caller who received the card when a call was allowed;
    :attr:`meld` the table meld (1-based) a card went to; ``result`` the deal's result when this
    action ended it; ``opening`` a lay that is the seat's first melds of the deal (B-4).
    """

    index: int  # type: ignore[assignment]  # the action's place in the game's list, not tuple.index
    seat: int
    action: Action
    hand_number: int
    result: DealResult | None = None
    game_over: bool = False
    opening: bool = False
    top: Card | None = None  # the discard pile's top card before the action
    caller: int | None = None  # the seat whose call waited before the action
    drawn: Card | None = None  # the card a pluck from the stock gave the seat

    @property
    def card(self) -> Card | None:
        """The card that moved (see the class docstring)."""
        return self.drawn if self.drawn is not None else _moved(self.action, self.top, self.caller)[0]

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards of a lay or a joker retrieval."""
        return _moved(self.action, self.top, self.caller)[1]

    @property
    def taker(self) -> int | None:
        """The caller who received the card when a call was allowed."""
        return _moved(self.action, self.top, self.caller)[2]

    @property
    def meld(self) -> int | None:
        """The table meld (1-based) a card went to."""
        return _moved(self.action, self.top, self.caller)[3]

    @property
    def private(self) -> bool:
        """True when ``card`` is the seat's own drawn card, which only the seat may see."""
        return isinstance(self.action, PluckStock)


class Game(ABC):
    """A whole game of one rule system, from a seed: deal after deal to its winners.

    A game is fully determined by its rules, player count, seed (and first dealer) and action
    list: replaying the actions rebuilds the identical state (:meth:`digest`).
    """

    rules: Any  # the system's rules (:class:`Rules`)
    players: int
    seed: int
    totals: list[int]
    results: list[DealResult]
    actions: list[tuple[int, Action]]
    winners: list[int]
    hand: Deal  # the deal in play
    ended: Deal | None  # the deal that ended last, as it stood at its end

    # --- the turn API -------------------------------------------------------------------

    @property
    def over(self) -> bool:
        """True when the game has its winners."""
        return bool(self.winners)

    @property
    @abstractmethod
    def hand_number(self) -> int:
        """The deal in play, counted from 1 (the hand of the schedule in the Jamaican game)."""

    @abstractmethod
    def pending(self) -> Decision | None:
        """The decision the game waits for, as (seat, kind); None when it is over."""

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now except new melds (check those with :meth:`check`)."""

    @abstractmethod
    def check(self, seat: int, action: Action) -> Refusal | None:
        """Why ``action`` by ``seat`` is illegal now (the rule and a message), or None."""

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> None:
        """Apply a checked action (raising :class:`.refusal.IllegalAction` if it is illegal)."""

    @abstractmethod
    def view(self, seat: int) -> SeatView:
        """Everything ``seat`` may know now, and nothing more."""

    @abstractmethod
    def ended_view(self, seat: int) -> SeatView | None:
        """What ``seat`` saw of the deal that ended last, as it stood at its end, or None."""

    def apply(self, seat: int, action: Action) -> Applied:
        """Apply ``action`` for ``seat`` (raises :class:`.refusal.IllegalAction` naming the rule
        when it is illegal) and say what it did; a finished deal deals the next at once."""
        h = self.hand
        results = self.results
        done = len(results)
        hand_number = self.hand_number
        discard = h.discard
        top = discard[-1] if discard else None
        caller = self._caller()
        opening = isinstance(action, Lay) and not self._has_melds(seat)
        self._apply(seat, action)
        if len(results) > done:
            return _applied(Applied, (len(self.actions) - 1, seat, action, hand_number, results[-1],
                                      bool(self.winners), opening, top, caller, None))
        drawn = None
        if type(action) is PluckStock:
            held = self.hand.hands[seat]
            drawn = held[-1] if held else None
        return _applied(Applied, (len(self.actions) - 1, seat, action, hand_number, None,
                                  bool(self.winners), opening, top, caller, drawn))

    def _has_melds(self, seat: int) -> bool:
        """True when a lay by ``seat`` now is not its opening (B-4): every lay but a British
        player's first of a deal."""
        return True

    def _caller(self) -> int | None:
        """The seat whose call of the discard waits to be allowed, if any (J-5)."""
        return None

    # --- records and copies -------------------------------------------------------------

    @property
    def result(self) -> DealResult | None:
        """The result of the deal that ended last, or None before the first ends."""
        return self.results[-1] if self.results else None

    def action_texts(self) -> list[tuple[int, str]]:
        """The action list in text form, for saves and bug reports."""
        return [(seat, str(a)) for seat, a in self.actions]

    def digest(self) -> str:
        """A fingerprint of the whole state, built from every attribute of the game and of its
        deal in play (:func:`.deal.state_digest`): two games with the same digest are the same
        game at the same moment."""
        return state_digest(self, self.hand)

    def clone(self: G) -> G:
        """An independent copy of the game as it stands (nothing shared: its random numbers
        too): what a computer player thinks about on another thread while the table goes on."""
        return detached_copy(self)


_applied = tuple.__new__  # an Applied from all its fields at once: the hot path's one allocation


def _moved(action: Action, top: Card | None, caller: int | None
           ) -> tuple[Card | None, tuple[Card, ...], int | None, int | None]:
    """(card, cards, taker, meld) of an action, from the discard pile's top card and the
    waiting caller before it was applied."""
    if isinstance(action, Discard):
        return action.card, (), None, None
    if isinstance(action, Tack | MoveJoker):
        return action.card, (), None, action.meld
    if isinstance(action, Retrieve):
        return None, action.cards, None, action.meld
    if isinstance(action, PluckDiscard | Refuse | Call):
        return top, (), None, None
    if isinstance(action, Allow):
        return top, (), caller, None
    if isinstance(action, Lay):
        return None, tuple(c for _, cs in action.melds for c in cs), None, None
    return None, (), None, None

