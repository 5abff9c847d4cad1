"""A British game's scores from deal to deal: the totals carried over (B-1), a player over the
limit out unless they buy back in, at most twice, at the highest score still in (B-11), the
chips of the kitty (B-12), B-V2's credits, and the last player at or under the limit the winner.
One bookkeeping for the game (:class:`.match.BritishMatch` is a :class:`Tally` with cards) and
for the judge's ``totals`` op, which checks a whole game's scores from outside.

Where the rule book is silent this module decides: a buy-in costs the 5 chips a player put in
at the start; if nobody is left at or under the limit, the lowest total wins (equal totals
share); a player over the limit decides in seat order.

>>> from .rules import make_british_rules
>>> t = Tally(make_british_rules("british40"), 3)
>>> t._score_deal([0, 160, 90], 0, kalooki=False)
>>> t.deciding, t.buy_in_score(), t.buy_in_refusal(1)
([1], 90, None)
"""

from __future__ import annotations

from collections.abc import Sequence

from ..refusal import Refusal, refuse
from .rules import BritishRules

#: What each player puts in the kitty at the start, and what a buy-in costs (B-12).
STAKE = 5


class Tally:
    """The state of a British game of ``players`` seats between its deals. Every attribute is
    part of a saved game (its digest is checked on load): the names and their values stay."""

    def __init__(self, rules: BritishRules, players: int) -> None:
        self.rules = rules
        self.players = players
        self.totals = [0] * players
        self.active = [True] * players  # still in the game (B-11)
        self.buy_ins = [0] * players
        self.chips = [-STAKE] * players if rules.kitty else [0] * players  # each player's gain (B-12)
        self.kitty = STAKE * players if rules.kitty else 0
        self.credits = [0] * players  # B-V2, no kitty: each deal's winner is credited the others' values
        self.deciding: list[int] = []  # over the limit, to choose: buy back in or stay out
        self.history: list[tuple[int, ...]] = []  # the totals after each scored deal
        self.bought: list[tuple[int, int, int]] = []  # buy-ins: (scored deals so far, seat, new total)
        self.winners: list[int] = []

    @property
    def over(self) -> bool:
        """True once the game has its winner."""
        return bool(self.winners)

    def buy_in_score(self) -> int | None:
        """The highest total among the players still at or under the limit (B-11)."""
        under = [t for s, t in enumerate(self.totals) if self.active[s] and t <= self.rules.limit]
        return max(under) if under else None

    def buy_in_refusal(self, seat: int) -> Refusal | None:
        """Why ``seat``, over the limit, cannot buy back in (B-11), or None."""
        if self.buy_ins[seat] >= self.rules.buy_ins:
            return refuse("B-11", "buy_in.limit")
        if self.buy_in_score() is None:
            return refuse("B-11", "buy_in.none_left")
        return None

    def _score_deal(self, scores: Sequence[int], out: int | None, *, kalooki: bool) -> None:
        """Add a scored deal (not a void one): totals, B-V2's credit, B-12's payments, and the
        players over the limit to decide (:meth:`_next_or_end` goes on from there)."""
        for seat in range(self.players):
            self.totals[seat] += scores[seat]
        self.history.append(tuple(self.totals))
        if self.rules.north_american and out is not None:
            self.credits[out] += sum(scores)
        if self.rules.kitty and out is not None:
            pay = 2 if kalooki else 1
            for seat in range(self.players):
                if self.active[seat] and seat != out:
                    self.chips[seat] -= pay
                    self.chips[out] += pay
        limit = self.rules.limit
        self.deciding = [s for s in range(self.players) if self.active[s] and self.totals[s] > limit]

    def _decide(self, seat: int, *, buy_in: bool) -> None:
        self.deciding.pop(0)
        if buy_in:
            score = self.buy_in_score()
            assert score is not None
            self.totals[seat] = score
            self.buy_ins[seat] += 1
            self.bought.append((len(self.history), seat, score))
            if self.rules.kitty:
                self.chips[seat] -= STAKE
                self.kitty += STAKE
        else:
            self.active[seat] = False
        self._next_or_end()

    def _next_or_end(self) -> None:
        """The next player over the limit with a buy-in to be had chooses; one without is out;
        then the next deal (:meth:`_next_deal`), or the game's end."""
        while self.deciding:
            seat = self.deciding[0]
            if self.buy_in_refusal(seat) is None:
                return  # the player chooses
            self.deciding.pop(0)
            self.active[seat] = False
        still = [s for s in range(self.players) if self.active[s]]
        if len(still) >= 2:
            self._next_deal()
            return
        if still:
            self.winners = still
        else:  # everyone went over at once: the lowest total wins
            low = min(self.totals)
            self.winners = [s for s in range(self.players) if self.totals[s] == low]
        if self.rules.kitty:
            share = self.kitty // len(self.winners)
            for s in self.winners:
                self.chips[s] += share
            self.kitty -= share * len(self.winners)

    def _next_deal(self) -> None:
        """Two or more players are still in: the game deals again (nothing to do for scores alone)."""
