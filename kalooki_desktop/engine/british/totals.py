"""The judge's ``totals`` op: a whole British game's scores checked from outside, deal after deal,
with the game's own bookkeeping (:class:`.tally.Tally`): the totals (B-1), the winner of each
deal at 0 (B-10), a void deal (B-9), a player over the limit out unless they buy back in, at most
twice, at the highest score still in, the last player at or under the limit the winner (B-11),
the chips (B-12) and B-V2's credits.

A deal is a list of scores, one a seat, or ``{"scores": [...], "kalooki": true}`` (B-12 pays 2
for a Kalooki), or ``{"void": true}``. A seat out of the game holds no cards: its score is 0 or
null. ``buy_ins`` maps a seat to the numbers of the deals (from 1, void deals counted) after
which it buys back in; a player over the limit without one is out.

>>> from kalooki_desktop.engine.judge import answer
>>> got = answer({"op": "totals", "rules": "british40", "players": 3,
...               "deals": [[0, 120, 40], [30, 40, 0]], "buy_ins": {"1": [2]}})
>>> got["ok"], got["deals"][1]["scored"], got["deals"][1]["bought"], got["totals"]
(True, [30, 160, 40], [{'seat': 1, 'score': 40}], [30, 40, 40])
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from .rules import BritishRules
from .tally import Tally

Json = dict[str, Any]

#: The most deals one query may list (a real game has a few dozen).
MAX_DEALS = 10_000
#: The highest score a deal may give one seat (a hand is worth a few hundred at most).
MAX_SCORE = 10_000


@dataclass(frozen=True)
class Deal:
    """One deal of a ``totals`` query, as read."""

    void: bool
    scores: tuple[int | None, ...] = ()
    kalooki: bool = False


def read_deal(value: Any, number: int, players: int) -> Deal:
    """Deal ``number`` of the query; ValueError when it is malformed."""
    kalooki: Any = False
    if isinstance(value, dict):
        extra = sorted(set(value) - {"scores", "kalooki", "void"})
        if extra:
            raise ValueError(f"deal {number}: unknown field {extra[0]!r} (scores, kalooki, void)")
        void, kalooki = value.get("void", False), value.get("kalooki", False)
        if not isinstance(void, bool) or not isinstance(kalooki, bool):
            raise ValueError(f'deal {number}: "void" and "kalooki" are true or false')
        if void:
            if "scores" in value or kalooki:
                raise ValueError(f"deal {number}: a void deal has no scores and no Kalooki (B-9)")
            return Deal(void=True)
        value = value.get("scores")
    if not isinstance(value, list) or len(value) != players:
        raise ValueError(f"deal {number}: a deal is {players} scores, one a seat, or an object "
                         '{"scores": [...], "kalooki": true} or {"void": true}')
    for x in value:
        if x is not None and (isinstance(x, bool) or not isinstance(x, int) or not 0 <= x <= MAX_SCORE):
            raise ValueError(f"deal {number}: a score is a whole number from 0 to {MAX_SCORE}, or null "
                             "for a seat out of the game")
    return Deal(void=False, scores=tuple(value), kalooki=kalooki)


def read_buy_ins(value: Any, players: int, deals: int) -> dict[int, list[int]]:
    """``buy_ins`` as the seats buying back in after each deal (by its index); ValueError when
    it is malformed."""
    if not isinstance(value, dict):
        raise ValueError('"buy_ins" maps a seat to the deals after which it buys back in: {"2": [3]}')
    after: dict[int, list[int]] = {}
    for key, numbers in value.items():
        if not (isinstance(key, str) and key.isascii() and key.isdigit() and len(key) <= 2
                and str(int(key)) == key and int(key) < players):
            raise ValueError(f"buy_ins: {str(key)[:20]!r} is not a seat of a table of {players}")
        if not isinstance(numbers, list):
            raise ValueError(f"buy_ins: seat {key} needs a list of deal numbers")
        for n in numbers:
            if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= deals:
                raise ValueError(f"buy_ins: seat {key}: a deal number from 1 to {deals}")
            after.setdefault(n - 1, []).append(int(key))
    return after


def _refused(rule: str, reason: str, index: int) -> Json:
    return {"ok": False, "rule": rule, "reason": reason, "index": index, "deal": index + 1}


def _seats(seats: list[int]) -> str:
    words = [str(s) for s in seats]
    return ("seat " if len(words) == 1 else "seats ") + (" and ".join(words) if len(words) <= 2 else
                                                          ", ".join(words[:-1]) + " and " + words[-1])


class Referee(Tally):
    """A game's tally fed deal by deal from a query, with what each deal did to it."""

    def __init__(self, rules: BritishRules, players: int) -> None:
        super().__init__(rules, players)
        self.out_since: dict[int, int] = {}  # a seat out of the game: the deal after which it left

    def state(self) -> Json:
        """Where the game stands: totals, who is in, buy-ins, the winners, chips and credits."""
        seats = range(self.players)
        left = [s for s in seats if self.active[s] and self.buy_ins[s] < self.rules.buy_ins]
        state: Json = {
            "totals": list(self.totals),
            "in": [s for s in seats if self.active[s]],
            "out": [s for s in seats if not self.active[s]],
            "buy_ins": list(self.buy_ins),
            "may_buy_in": [] if self.over else left,
            "game_over": self.over,
            "game_winners": list(self.winners),
        }
        if self.rules.kitty:
            state.update(chips=list(self.chips), kitty=self.kitty)
        if self.rules.north_american:
            state["credits"] = list(self.credits)
        return state

    def _out(self, seat: int) -> str:
        return f"Seat {seat} is out of the game (since deal {self.out_since[seat]})"

    def deal_refusal(self, deal: Deal, index: int) -> Json | None:
        """Why ``deal`` cannot come next (B-11: the game is over, a seat out scores; B-10: one
        winner at 0), or None."""
        if self.over:
            return _refused("B-11", f"The game is over after deal {index}: {_seats(self.winners)} "
                            + ("won it" if len(self.winners) == 1 else "share it"), index)
        if deal.void:
            return None
        for seat, score in enumerate(deal.scores):
            if not self.active[seat] and score not in (0, None):
                return _refused("B-11", f"{self._out(seat)}: its score is 0 or null, not {score}", index)
            if self.active[seat] and score is None:
                raise ValueError(f"deal {index + 1}: seat {seat} is in the game: its score is a number")
        zeros = [s for s, x in enumerate(deal.scores) if self.active[s] and x == 0]
        if len(zeros) != 1:
            said = "no player still in scores 0" if not zeros else f"{_seats(zeros)} score 0"
            return _refused("B-10", f"A deal has one winner, who scores 0: here {said}", index)
        return None

    def buy_in_refusal_for(self, seats: list[int], index: int) -> Json | None:
        """Why a listed buy-in after deal ``index`` is refused (B-11), or None."""
        for seat, times in sorted(Counter(seats).items()):
            if not self.active[seat]:
                return _refused("B-11", f"{self._out(seat)}: it cannot buy back in", index)
            if seat not in self.deciding:
                return _refused("B-11", f"Seat {seat} has {self.totals[seat]}, at or under the limit of "
                                f"{self.rules.limit}: there is no buy-in", index)
            bad = self.buy_in_refusal(seat)
            if bad is not None and bad.key == "buy_in.limit":
                return _refused("B-11", f"Seat {seat} has bought back in twice already", index)
            if bad is not None:
                return _refused("B-11", bad.reason, index)
            if times > 1:
                return _refused("B-11", f"Seat {seat} buys back in once after a deal, not {times} times",
                                index)
        return None

    def play(self, deal: Deal, seats: list[int], index: int) -> Json:
        """Add ``deal`` and the buy-ins ``seats`` after it: its entry of the answer, or a refusal."""
        bad = self.deal_refusal(deal, index)
        if bad is not None:
            return bad
        chips, credits, active = list(self.chips), list(self.credits), list(self.active)
        winner = None
        if not deal.void:
            winner = next(s for s, x in enumerate(deal.scores) if self.active[s] and x == 0)
            self._score_deal([x or 0 for x in deal.scores], winner, kalooki=deal.kalooki)
        paid = [now - then for now, then in zip(self.chips, chips, strict=True)]  # before any buy-in
        scored = list(self.totals)
        above = [{"seat": s, "total": self.totals[s]} for s in self.deciding]
        bad = self.buy_in_refusal_for(seats, index) if seats else None
        if bad is not None:
            return bad
        bought = len(self.bought)
        if not deal.void:
            self._next_or_end()
        while self.deciding:
            self._decide(self.deciding[0], buy_in=self.deciding[0] in seats)
        for s in range(self.players):
            if active[s] and not self.active[s]:
                self.out_since[s] = index + 1
        entry: Json = {"deal": index + 1, "void": deal.void, "winner": winner, "kalooki": deal.kalooki,
                       "scored": scored, "above_limit": above,
                       "bought": [{"seat": s, "score": t} for _, s, t in self.bought[bought:]],
                       **self.state()}
        if self.rules.kitty:
            entry["paid"] = paid
        if self.rules.north_american:
            entry["credit"] = sum(self.credits) - sum(credits)
        return entry


def op_totals(q: Json, rules: BritishRules, players: int) -> Json:
    """The answer to a ``totals`` query for ``players`` seats (seated by the rules: the judge
    checks B-1 first); ValueError when the query is malformed."""
    deals = q.get("deals")
    if not isinstance(deals, list) or len(deals) > MAX_DEALS:
        raise ValueError(f'"deals" is a list of at most {MAX_DEALS} deals')
    read = [read_deal(d, i + 1, players) for i, d in enumerate(deals)]
    after = read_buy_ins(q.get("buy_ins", {}), players, len(read))
    game = Referee(rules, players)
    entries = []
    for i, deal in enumerate(read):
        entry = game.play(deal, after.get(i, []), i)
        if entry.get("ok") is False:
            return entry
        entries.append(entry)
    return {"ok": True, "limit": rules.limit, "deals": entries, **game.state()}
