"""A whole game: the schedule of hands, dealer rotation, void hands dealt again, running totals,
ties (J-3.1, J-7.2, J-8.3, J-V6, J-S4). This is the turn API the GUI, bots and simulator use.

A match is fully determined by its rules, player count, seed and action list:
:func:`replay` rebuilds the identical state.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from .actions import Action, parse_action
from .cards import MAX_PLAYERS, MIN_PLAYERS, Card
from .game import DealResult, Game
from .hand import HandState
from .refusal import Refusal
from .rules import HandSpec, RuleSet
from .scoring import winners
from .turn import Decision, Phase
from .view import View

#: J-V6: after this many sudden-death hands that still leave a tie, the tied players share.
MAX_SUDDEN_DEATH = 5


class Match(Game):
    """A game of Kalooki between ``players`` seats, from a seed.

    >>> from .rules import make_rules
    >>> m = Match(make_rules("baby"), players=3, seed=7)
    >>> m.hand.spec.contract_text, m.hand_number, m.over
    ('3 3', 1, False)
    """

    rules: RuleSet
    hand: HandState
    ended: HandState | None

    def __init__(
        self, rules: RuleSet, players: int, seed: int, first_dealer: int | None = None
    ) -> None:
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Kalooki is played by 3 to 8 players, not {players} (J-1.1)")
        if not rules.schedule:
            raise ValueError("a game needs at least one hand in its schedule (J-3.2)")
        self.rules = rules
        self.players = players
        self.seed = seed
        self.rng = random.Random(seed)
        self.dealer = self.rng.randrange(players) if first_dealer is None else first_dealer
        self.first_dealer = self.dealer
        self.hand_index = 0
        self.totals = [0] * players
        self.results: list[DealResult] = []
        self.actions: list[tuple[int, Action]] = []
        self.sudden_deaths = 0
        self.tied: list[int] = []
        self.winners: list[int] = []
        self.ended: HandState | None = None  # the hand that ended last, as it stood at its end
        self.hand = self._deal()

    @classmethod
    def from_position(
        cls,
        rules: RuleSet,
        seed: int,
        hand_number: int,
        dealer: int,
        hands: Sequence[Sequence[Card]],
        discard: Sequence[Card],
        stock_top_first: Sequence[Card],
    ) -> Match:
        """A match that starts at an exact deal of hand ``hand_number`` (1-based) of the
        schedule, as a chess engine takes a position; the stock rebuild (J-7.1) and later deals
        draw on ``seed``. Raises ValueError for a deal the packs cannot hold."""
        if not 1 <= hand_number <= len(rules.schedule):
            raise ValueError(f"hand {hand_number} is not in the schedule (1..{len(rules.schedule)})")
        match = cls(rules, len(hands), seed)  # the later deals draw on the seed's numbers as ever
        match.hand_index = hand_number - 1
        spec = rules.schedule[hand_number - 1]
        match.hand = HandState.from_position(
            rules, spec, dealer, hands, discard, stock_top_first, random.Random(seed)
        )
        match.dealer = dealer
        return match

    # --- the turn API -------------------------------------------------------------------

    @property
    def over(self) -> bool:
        """True when the game (and any sudden death) has ended."""
        return bool(self.winners)

    @property
    def to_act(self) -> int | None:
        """The seat whose decision the game waits for."""
        return None if self.over else self.hand.to_act

    @property
    def hand_number(self) -> int:
        """The number of the hand being played in the schedule (1-based)."""
        return self.hand.spec.number

    @property
    def in_sudden_death(self) -> bool:
        """True while a J-V6 tie-break hand is played."""
        return self.hand_index >= len(self.rules.schedule)

    def pending(self) -> Decision | None:
        """The decision the game waits for, as (seat, kind); see :meth:`HandState.pending`."""
        return None if self.over else self.hand.pending()

    def view(self, seat: int) -> View:
        """Everything ``seat`` may know now, and nothing more."""
        return View(self.hand, seat, self.totals)

    def ended_view(self, seat: int) -> View | None:
        """What ``seat`` saw of the hand that ended last, as it stood at its end (the going-out
        melds on the table), or None before the first hand ends."""
        return None if self.ended is None else View(self.ended, seat, self.totals)

    def eligible_callers(self) -> list[int]:
        """Seats that may call the fresh discard now (J-5.2 order)."""
        return [] if self.over else self.hand.eligible_callers()

    def legal_actions(self, seat: int) -> list[Action]:
        """Legal actions of ``seat`` except lays (see :meth:`check`)."""
        return [] if self.over else self.hand.legal_actions(seat)

    def check(self, seat: int, action: Action) -> Refusal | None:
        """The refusal of ``action`` by ``seat``, or None if it is legal."""
        return self.hand.check(seat, action)

    def _caller(self) -> int | None:
        return self.hand.caller

    def _apply(self, seat: int, action: Action) -> None:
        """Apply an action (raises IllegalAction); a finished hand deals the next at once."""
        self.hand.apply(seat, action)
        self.actions.append((seat, action))
        if self.hand.phase == Phase.OVER:
            self._finish_hand()

    # --- hands --------------------------------------------------------------------------

    def _spec(self) -> HandSpec:
        if self.hand_index < len(self.rules.schedule):
            return self.rules.schedule[self.hand_index]
        sd = self.rules.sudden_death_spec
        return HandSpec(len(self.rules.schedule) + self.sudden_deaths + 1, sd.cards, sd.contract)

    def _deal(self) -> HandState:
        return HandState.deal(self.rules, self._spec(), self.players, self.dealer, self.rng)

    def _finish_hand(self) -> None:
        h = self.hand
        assert h.scores is not None
        self.ended = h
        sudden = self.in_sudden_death
        self.results.append(
            DealResult(
                number=h.spec.number,
                dealer=h.dealer,
                void=h.void,
                out=h.out,
                big_out=h.bent,
                scores=tuple(h.scores),
                hands=tuple(tuple(x) for x in h.hands),
                laid=tuple(h.laid),
                spec=h.spec,
                calls_used=tuple(h.calls_used),
                cut_bonus_seat=h.cut_bonus_seat,
                sudden_death=sudden,
            )
        )
        if h.void:
            self.hand = self._deal()  # J-7.2: same dealer, same contract
            return
        self.dealer = (self.dealer + 1) % self.players
        if sudden:
            self.sudden_deaths += 1
            low = min(h.scores[s] for s in self.tied)
            still = [s for s in self.tied if h.scores[s] == low]
            if len(still) == 1 or self.sudden_deaths >= MAX_SUDDEN_DEATH:
                self.winners = still
                return
            self.tied = still
            self.hand = self._deal()
            return
        for seat, score in enumerate(h.scores):
            self.totals[seat] += score
        self.hand_index += 1
        if self.hand_index < len(self.rules.schedule):
            self.hand = self._deal()
            return
        best = winners(self.totals)
        if len(best) > 1 and self.rules.sudden_death:
            self.tied = best  # J-V6: a sudden-death hand with the hand-9 contract
            self.hand = self._deal()
            return
        self.winners = best


def replay(
    rules: RuleSet,
    players: int,
    seed: int,
    actions: Iterable[tuple[int, Action | str]],
    first_dealer: int | None = None,
) -> Match:
    """Rebuild a match from its rules, seed and action list (texts or actions)."""
    match = Match(rules, players, seed, first_dealer)
    for seat, action in actions:
        match.apply(seat, parse_action(action) if isinstance(action, str) else action)
    return match

