"""What the simulator needs to know of each rule system, in one table: how a match is made, what
its finished deals say (as the statistics' neutral :class:`.simstats.DealOutcome`), the report's
words, and the game's own invariant checks that ``--check`` runs after every action. The match
loop, the bots and the statistics are the same for every game (:mod:`.sim`).

The checks:

- Jamaican: every card in exactly one place, hand sizes changed as the action says, a finished
  hand's scores as J-8 has them and somebody out.
- British: every card still in the deal, every meld on the table a valid set or run, an opening
  worth the opening's points, at most two cards onto one end of a run in a turn, and no turn
  passed with a retrieved joker still in hand.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from ..engine.actions import (
    Action,
    Call,
    Discard,
    EndTurn,
    Lay,
    MoveJoker,
    PluckDiscard,
    PluckStock,
    Refuse,
    Tack,
)
from ..engine.cards import count_cards
from ..engine.game import DealResult, Game
from ..engine.hand import HandState
from ..engine.match import Match
from ..engine.refusal import Refusal
from ..engine.scoring import hand_scores
from ..engine.systems import british
from ..engine.turn import Phase
from ..play.games import game_of
from .simstats import DealOutcome, InvariantBreach, Words


class Checker(Protocol):
    """A game's ``--check``: told each action before and after it is applied; raises
    :class:`.simstats.InvariantBreach` with ``where`` in its message."""

    def before(self, seat: int) -> None: ...
    def after(self, seat: int, action: Action, where: str) -> None: ...


M = TypeVar("M", bound=Game)


@dataclass(frozen=True, slots=True)
class SimGame(Generic[M]):
    """One rule system as the simulator plays it."""

    key: str  # the game's key (``play/games.py``), the bots' system (``ai/base.py``)
    words: Words
    new_match: Callable[[Any, int, int], M]  # (rules, players, seed)
    outcomes: Callable[[M], list[DealOutcome]]
    checker: Callable[[M], Checker]


# --- the Jamaican game ------------------------------------------------------------------------


def _expected_delta(action: Action) -> int | None:
    """How the acting seat's hand size must change (None: depends on the outcome)."""
    if isinstance(action, (PluckStock, PluckDiscard, Refuse)):
        return 1
    if isinstance(action, (Tack, MoveJoker, Discard)):
        return -1
    if isinstance(action, Lay):
        return -sum(len(c) for _, c in action.melds)
    if isinstance(action, (Call, EndTurn)):
        return 0
    return None  # Allow changes the caller's hand, not the allower's


def check_hand(hand: HandState, expected: list[int], where: str) -> None:
    """Every card in exactly one place and hand sizes adding up; raises InvariantBreach."""
    if count_cards(hand.all_cards()) != expected:
        raise InvariantBreach(f"{where}: the cards in play differ from the deck dealt")
    if len(hand.discard) + len(hand.stock) + sum(len(h) for h in hand.hands) + sum(
        len(m.cards) for m in hand.table
    ) != sum(expected):
        raise InvariantBreach(f"{where}: card count does not add up")
    if hand.over and hand.scores is not None and not hand.void:
        want = hand_scores(
            hand.hands,
            hand.out,
            bent=hand.bent,
            laid=hand.laid,
            rules=hand.rules,
            cut_bonus_seat=hand.cut_bonus_seat,
        )
        if want != hand.scores:
            raise InvariantBreach(f"{where}: scores {hand.scores} do not follow J-8 ({want})")
        if hand.out is None or hand.hands[hand.out]:
            raise InvariantBreach(f"{where}: the hand ended but nobody went out")


class JamaicanChecks:
    """The Jamaican game's ``--check`` (the module docstring)."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.expected = count_cards(match.hand.all_cards())
        self.hand = match.hand
        self.size = self.results = 0

    def before(self, seat: int) -> None:
        self.hand = self.match.hand
        self.size = len(self.hand.hands[seat])
        self.results = len(self.match.results)

    def after(self, seat: int, action: Action, where: str) -> None:
        hand = self.hand
        delta = _expected_delta(action)
        if delta is not None and not hand.over and not isinstance(action, EndTurn):
            got = len(hand.hands[seat]) - self.size
            if got != delta:
                raise InvariantBreach(f"{where}: hand size changed by {got}, not {delta}")
        check_hand(hand, self.expected, where)
        if len(self.match.results) > self.results and not self.match.over:
            self.expected = count_cards(self.match.hand.all_cards())


def hand_outcome(r: DealResult) -> DealOutcome:
    counted = not (r.void or r.sudden_death)
    return DealOutcome(r.void, counted, r.out, r.big_out, r.scores, r.laid, (True,) * len(r.scores),
                       r.calls_used, r.number)


JAMAICAN_GAME: SimGame[Match] = SimGame(
    key="jamaican",
    words=Words("hand", "laid", "bends", "paid_not_laid", "paid_laid_not_out", "paid_to_bends_a_match",
                "calls_a_hand", "contract_rate"),
    new_match=Match,
    outcomes=lambda m: [hand_outcome(r) for r in m.results],
    checker=JamaicanChecks,
)


# --- British Kalooki --------------------------------------------------------------------------


def check_action(h: british.BritishHand, before: british.BritishHand, total: list[int], where: str) -> None:
    """The British invariants of the module docstring after one action (``before``: the deal
    just before it; raises :class:`InvariantBreach`)."""
    if count_cards(h.all_cards()) != total:
        raise InvariantBreach(f"{where}: cards appeared or vanished")
    for m in h.table:
        if isinstance(british.make_b_meld(m.kind, m.owner, m.cards, h.rules), Refusal):
            raise InvariantBreach(f"{where}: an invalid meld on the table: {m.describe()}")
    if any(n > british.PER_END for n in h.run_ends.values()):
        raise InvariantBreach(f"{where}: more than {british.PER_END} cards on one end of a run in a turn")
    seat = before.turn
    if not before.opened[seat] and h.opened[seat]:
        new = h.table[len(before.table):]
        if british.opening_points(new) < h.rules.opening:
            raise InvariantBreach(f"{where}: an opening of {british.opening_points(new)} points")
    if h.phase == Phase.PLUCK and h.free_jokers and h.turn != before.turn:
        raise InvariantBreach(f"{where}: the turn passed with a retrieved joker in hand")


class BritishChecks:
    """British Kalooki's ``--check`` (the module docstring), within a deal: a deal that ended is
    replaced by the next one at once."""

    def __init__(self, match: british.BritishMatch) -> None:
        self.match = match
        self.deal = match.hand
        self.total: list[int] = []
        self.results = 0

    def before(self, seat: int) -> None:
        m = self.match
        self.deal, self.total, self.results = m.hand.clone(), count_cards(m.hand.all_cards()), len(m.results)

    def after(self, seat: int, action: Action, where: str) -> None:
        if len(self.match.results) == self.results:
            check_action(self.match.hand, self.deal, self.total, where)


def deal_outcome(r: DealResult) -> DealOutcome:
    # a player out of the game (B-11) is dealt no cards; the one who went out holds none either
    seated = tuple(s == r.out or bool(cards) for s, cards in enumerate(r.hands))
    return DealOutcome(r.void, not r.void, r.out, r.big_out, r.scores, r.laid, seated, (0,) * len(r.scores))


BRITISH_GAME: SimGame[british.BritishMatch] = SimGame(
    key="british",
    words=Words("deal", "came_out", "kalookis", "paid_not_come_out", "paid_come_out_not_out",
                "paid_to_kalookis_a_match", None, None),
    new_match=british.BritishMatch,
    outcomes=lambda m: [deal_outcome(r) for r in m.results],
    checker=BritishChecks,
)

SIM_GAMES: dict[str, SimGame[Any]] = {g.key: g for g in (JAMAICAN_GAME, BRITISH_GAME)}


def sim_game(preset: str) -> SimGame[Any]:
    """The simulator's table of the game a rules preset belongs to."""
    return SIM_GAMES[game_of(preset).key]
