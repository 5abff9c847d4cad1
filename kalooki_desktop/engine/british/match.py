"""A whole game of British Kalooki: deal after deal with scores carried over (B-1), the deal
passing to the left and a void deal dealt again by the same dealer (B-9), a player over the
limit out of the game unless they buy back in, at most twice, at the highest score still in
(B-11; the player chooses), the chips of the kitty (B-12; with B-V2 no kitty, the winner of a
deal credited the others' hand values), and the last player at or under the limit the winner.
Where the rule book is silent this module decides, and says so: a buy-in costs the 5 chips a
player put in at the start; if nobody is left at or under the limit, the lowest total wins
(equal totals share).

>>> from .rules import make_british_rules
>>> m = BritishMatch(make_british_rules("british40"), players=3, seed=4)
>>> m.pending()[1], m.deal_number, m.over
(<DecisionKind.PLUCK: 'pluck'>, 1, False)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..actions import Action, BuyIn, StayOut
from ..cards import Card
from ..deal import state_digest
from ..refusal import IllegalAction, Refusal, refuse
from ..turn import Decision, DecisionKind
from .hand import BritishHand
from .rules import BritishRules
from .view import BritishView

#: What each player puts in the kitty at the start, and what a buy-in costs (B-12).
STAKE = 5


@dataclass(frozen=True, slots=True)
class DealResult:
    """What a finished deal left: for the scoreboard and statistics."""

    dealer: int
    void: bool
    out: int | None
    kalooki: bool
    scores: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]
    opened: tuple[bool, ...] = ()  # who had come out (B-4)
    number: int = 1  # the deal's number in the game (void deals dealt again counted)

    @property
    def bent(self) -> bool:
        """A Kalooki is this game's big moment (the table's banner reads it like a bent table)."""
        return self.kalooki


class BritishMatch:
    """A game of British Kalooki between ``players`` seats, from a seed."""

    def __init__(self, rules: BritishRules, players: int, seed: int, first_dealer: int | None = None) -> None:
        if not 2 <= players <= rules.max_players:
            raise ValueError(f"{rules.name} is played by 2 to {rules.max_players} players, not {players}")
        self.rules = rules
        self.players = players
        self.seed = seed
        self.rng = random.Random(seed)
        self.dealer = self.rng.randrange(players) if first_dealer is None else first_dealer
        self.totals = [0] * players
        self.active = [True] * players  # still in the game (B-11)
        self.buy_ins = [0] * players
        self.chips = [-STAKE] * players if rules.kitty else [0] * players  # each player's gain (B-12)
        self.kitty = STAKE * players if rules.kitty else 0
        self.credits = [0] * players  # B-V2, no kitty: each deal's winner is credited the others' values
        self.deciding: list[int] = []  # over the limit, to choose: buy back in or stay out
        self.results: list[DealResult] = []
        self.history: list[tuple[int, ...]] = []  # the totals after each scored deal
        self.bought: list[tuple[int, int, int]] = []  # buy-ins: (scored deals so far, seat, new total)
        self.actions: list[tuple[int, Action]] = []
        self.winners: list[int] = []
        self.ended: BritishHand | None = None  # the deal that ended last, as it stood at its end
        self.hand = BritishHand.deal(rules, players, self.dealer, self.rng, self.active)

    @property
    def over(self) -> bool:
        """True once the game has its winner."""
        return bool(self.winners)

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

    def snapshot(self) -> BritishMatch:
        """An independent copy of the game as it stands: what a computer player thinks about
        on another thread while the table goes on drawing the game."""
        other = BritishMatch.__new__(BritishMatch)
        other.__dict__.update(vars(self))
        for name in ("totals", "active", "buy_ins", "chips", "credits", "deciding", "results", "actions",
                     "history", "bought"):
            setattr(other, name, list(getattr(self, name)))
        other.winners = list(self.winners)
        other.hand = self.hand.clone()
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        return other

    def action_texts(self) -> list[tuple[int, str]]:
        """The action list in text form, for saves and bug reports."""
        return [(seat, str(a)) for seat, a in self.actions]

    def digest(self) -> str:
        """A fingerprint of the whole state (:func:`.deal.state_digest`)."""
        return state_digest(self, self.hand)

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
            if isinstance(action, BuyIn) and self.buy_ins[seat] >= self.rules.buy_ins:
                return refuse("B-11", "buy_in.limit")
            if isinstance(action, BuyIn) and self.buy_in_score() is None:
                return refuse("B-11", "buy_in.none_left")
            return None
        if self.deciding:
            return refuse("B-11", "turn.not_yours", seat=self.deciding[0])
        return self.hand.check(seat, action)

    def apply(self, seat: int, action: Action) -> None:
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
        self.results.append(DealResult(h.dealer, h.void, h.out, h.kalooki, tuple(h.scores),
                                       tuple(tuple(x) for x in h.hands), tuple(h.opened), self.deal_number))
        if h.void:  # B-9: the same dealer deals again
            self._deal()
            return
        for seat in range(self.players):
            self.totals[seat] += h.scores[seat]
        self.history.append(tuple(self.totals))
        if self.rules.north_american and h.out is not None:
            self.credits[h.out] += sum(h.scores)
        if self.rules.kitty and h.out is not None:
            pay = 2 if h.kalooki else 1
            for seat in range(self.players):
                if self.active[seat] and seat != h.out:
                    self.chips[seat] -= pay
                    self.chips[h.out] += pay
        limit = self.rules.limit
        self.deciding = [s for s in range(self.players) if self.active[s] and self.totals[s] > limit]
        self._next_or_end()

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

    def buy_in_score(self) -> int | None:
        """The highest total among the players still at or under the limit (B-11)."""
        under = [t for s, t in enumerate(self.totals) if self.active[s] and t <= self.rules.limit]
        return max(under) if under else None

    def _next_or_end(self) -> None:
        if self.deciding:
            buyable = self.buy_in_score() is not None
            seat = self.deciding[0]
            if buyable and self.buy_ins[seat] < self.rules.buy_ins:
                return  # the player chooses
            self.deciding.pop(0)
            self.active[seat] = False  # no buy-in to be had: out
            self._next_or_end()
            return
        still = [s for s in range(self.players) if self.active[s]]
        if len(still) >= 2:
            n, d = self.players, self.dealer
            self.dealer = next((d + k) % n for k in range(1, n + 1) if self.active[(d + k) % n])
            self._deal()
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

    def _deal(self) -> None:
        self.hand = BritishHand.deal(self.rules, self.players, self.dealer, self.rng, self.active)
