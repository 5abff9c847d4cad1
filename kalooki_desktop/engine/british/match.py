"""A whole game of British Kalooki: deal after deal with scores carried over (B-1), the deal
passing to the left and a void deal dealt again by the same dealer (B-9), a player over the
limit out of the game unless they buy back in, at most twice, at the highest score still in
(B-11; the player chooses), the chips of the kitty (B-12; with B-V2 no kitty, the winner of a
deal credited the others' hand values), and the last player at or under the limit the winner.
The scores between deals are kept by :class:`.tally.Tally`, the bookkeeping the judge's
``totals`` op uses too; it says what it decides where the rule book is silent.

>>> from .rules import make_british_rules
>>> m = BritishMatch(make_british_rules("british40"), players=3, seed=4)
>>> m.pending()[1], m.deal_number, m.over
(<DecisionKind.PLUCK: 'pluck'>, 1, False)
"""

from __future__ import annotations

import random

from ..actions import Action, BuyIn, StayOut
from ..game import DealResult, Game
from ..refusal import IllegalAction, Refusal, refuse
from ..turn import Decision, DecisionKind
from .hand import BritishHand
from .rules import BritishRules
from .tally import STAKE, Tally
from .view import BritishView

__all__ = ["STAKE", "BritishMatch"]


class BritishMatch(Tally, Game):
    """A game of British Kalooki between ``players`` seats, from a seed."""

    rules: BritishRules
    hand: BritishHand
    ended: BritishHand | None

    def __init__(self, rules: BritishRules, players: int, seed: int, first_dealer: int | None = None) -> None:
        if not 2 <= players <= rules.max_players:
            raise ValueError(f"{rules.name} is played by 2 to {rules.max_players} players, not {players}")
        super().__init__(rules, players)
        self.seed = seed
        self.rng = random.Random(seed)
        self.dealer = self.rng.randrange(players) if first_dealer is None else first_dealer
        self.results: list[DealResult] = []
        self.actions: list[tuple[int, Action]] = []
        self.ended: BritishHand | None = None  # the deal that ended last, as it stood at its end
        self.hand = BritishHand.deal(rules, players, self.dealer, self.rng, self.active)

    @property
    def deal_number(self) -> int:
        """1 for the first deal, counting void deals dealt again."""
        return len(self.results) + 1

    @property
    def hand_number(self) -> int:
        """The deal in play, counted from 1 (the table's and the saves' word for it)."""
        return self.deal_number

    def view(self, seat: int) -> BritishView:
        """Everything ``seat`` may know now, and nothing more."""
        return BritishView(self, seat)

    def ended_view(self, seat: int) -> BritishView | None:
        """What ``seat`` saw of the deal that ended last, as it stood at its end, or None."""
        return None if self.ended is None else BritishView(self, seat, self.ended)

    def pending(self) -> Decision | None:
        """Whose decision it is: a player over the limit choosing to buy back in, else the
        deal's (pluck or play); None when the game is over."""
        if self.over:
            return None
        if self.deciding:
            return self.deciding[0], DecisionKind.BUY_IN
        return self.hand.pending()

    def check(self, seat: int, action: Action) -> Refusal | None:
        """Why ``action`` is illegal for ``seat`` now, or None."""
        if self.over:
            return refuse("B-11", "turn.hand_over")
        if isinstance(action, BuyIn | StayOut):
            if not self.deciding or self.deciding[0] != seat:
                return refuse("B-11", "buy_in.nobody")
            return self.buy_in_refusal(seat) if isinstance(action, BuyIn) else None
        if self.deciding:
            return refuse("B-11", "turn.not_yours", seat=self.deciding[0])
        return self.hand.check(seat, action)

    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now but new melds: a buy-in or staying out for a player
        over the limit (B-11), else the deal's (a joker retrieval included)."""
        if self.over:
            return []
        if self.deciding:
            if self.deciding[0] != seat:
                return []
            return [a for a in (BuyIn(), StayOut()) if self.check(seat, a) is None]
        return self.hand.legal_actions(seat)

    def _has_melds(self, seat: int) -> bool:
        return self.hand.opened[seat]

    def _apply(self, seat: int, action: Action) -> None:
        """Apply ``action`` for ``seat`` or raise :class:`IllegalAction` naming the rule."""
        bad = self.check(seat, action)
        if bad is not None:
            raise IllegalAction(bad)
        self.actions.append((seat, action))
        if isinstance(action, BuyIn | StayOut):
            self._decide(seat, buy_in=isinstance(action, BuyIn))
            return
        self.hand.apply(seat, action)
        if self.hand.over:
            self._finish_deal()

    # --- between deals ------------------------------------------------------------------

    def _finish_deal(self) -> None:
        h = self.hand
        assert h.scores is not None
        self.ended = h
        self.results.append(DealResult(self.deal_number, h.dealer, h.void, h.out, h.kalooki, tuple(h.scores),
                                       tuple(tuple(x) for x in h.hands), tuple(h.opened)))
        if h.void:  # B-9: the same dealer deals again
            self._deal()
            return
        self._score_deal(h.scores, h.out, kalooki=h.kalooki)
        self._next_or_end()

    def _next_deal(self) -> None:
        n, d = self.players, self.dealer
        self.dealer = next((d + k) % n for k in range(1, n + 1) if self.active[(d + k) % n])
        self._deal()

    def _deal(self) -> None:
        self.hand = BritishHand.deal(self.rules, self.players, self.dealer, self.rng, self.active)
