"""Headless games of British Kalooki between bots: ``python -m kalooki_desktop.sim --rules
british40`` (or ``kalooki51``) lands here. The same report as the Jamaican simulator's where
the fields mean the same (matches, actions, each entry's wins with their 95% intervals), and
``--check`` verifies after every action: every card still in the deal, every meld on the table
a valid set or run, an opening worth the opening's points, at most two cards onto one end of a
run in a turn, and no turn passed with a retrieved joker still in hand.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..ai.base import make_bot
from ..ai.british import BritishBot
from ..engine.british.hand import PER_END, BritishHand
from ..engine.british.match import BritishMatch
from ..engine.british.melds import make_b_meld, opening_points
from ..engine.british.rules import BritishRules
from ..engine.british.view import BritishView
from ..engine.cards import count_cards
from ..engine.refusal import Refusal
from ..engine.turn import Phase
from .simstats import InvariantBreach, deal_interval, rotation, wilson_interval

#: A game this long means the bots are passing cards round without end.
MAX_GAME_ACTIONS = 200_000


@dataclass
class Entry:
    """What the simulator gathers for one entry of ``--bots``."""

    bot: str
    wins: float = 0
    matches: int = 0
    total_sum: int = 0
    deal_wins: dict[int, list[float]] = field(default_factory=dict)  # deal -> [wins, matches]

    def report(self) -> dict[str, object]:
        rate = self.wins / self.matches if self.matches else 0.0
        lo, hi = wilson_interval(self.wins, self.matches)
        dlo, dhi = deal_interval(list(self.deal_wins.values()))
        return {
            "bot": self.bot,
            "wins": self.wins,
            "win_rate": round(rate, 4),
            "win_rate_ci95": [round(lo, 4), round(hi, 4)],
            "win_rate_ci95_by_deal": [round(dlo, 4), round(dhi, 4)],
            "mean_total": round(self.total_sum / self.matches, 1) if self.matches else 0.0,
        }


def check_action(h: BritishHand, before: BritishHand, total: list[int], where: str) -> None:
    """The invariants of the module docstring after one action (``before``: the deal just
    before it; raises :class:`InvariantBreach`)."""
    if count_cards(h.all_cards()) != total:
        raise InvariantBreach(f"{where}: cards appeared or vanished")
    for m in h.table:
        if isinstance(make_b_meld(m.kind, m.owner, m.cards, h.rules), Refusal):
            raise InvariantBreach(f"{where}: an invalid meld on the table: {m.describe()}")
    if any(n > PER_END for n in h.run_ends.values()):
        raise InvariantBreach(f"{where}: more than {PER_END} cards on one end of a run in a turn")
    seat = before.turn
    if not before.opened[seat] and h.opened[seat]:
        new = h.table[len(before.table):]
        if opening_points(new) < h.rules.opening:
            raise InvariantBreach(f"{where}: an opening of {opening_points(new)} points")
    if h.phase == Phase.PLUCK and h.free_jokers and h.turn != before.turn:
        raise InvariantBreach(f"{where}: the turn passed with a retrieved joker in hand")


def play_game(
    rules: BritishRules, bots: Sequence[BritishBot], deal: int, *, check: bool
) -> tuple[BritishMatch, int]:
    """One game on ``deal`` (its seed); the match and its number of actions."""
    m = BritishMatch(rules, len(bots), deal)
    rng = random.Random(deal ^ 0x5EED)
    for n in range(MAX_GAME_ACTIONS):
        if m.over:
            return m, n
        seat, _ = m.pending()  # type: ignore[misc]
        action = bots[seat].choose(BritishView(m, seat), rng)
        if not check:
            m.apply(seat, action)
            continue
        before, total, deals = m.hand.clone(), count_cards(m.hand.all_cards()), len(m.results)
        m.apply(seat, action)
        if len(m.results) == deals:  # (a deal that ended is replaced by the next one)
            check_action(m.hand, before, total, f"deal {deal}, action {n} ({seat}: {action})")
    raise InvariantBreach(f"deal {deal}: the game did not end in {MAX_GAME_ACTIONS} actions")


def simulate_british(
    games: int, bots: Sequence[str], rules: BritishRules, seed: int = 1, *, check: bool = False,
    rotate: bool = False,
) -> dict[str, object]:
    """Play ``games`` games and return the simulator's report."""
    players = len(bots)
    entries = [Entry(b) for b in bots]
    deals = void = actions = 0
    t0 = time.perf_counter()
    for g in range(games):
        seat_of, deal = rotation(g, players, seed, rotate=rotate)
        seated: list[BritishBot] = [make_bot("random", "british")] * players
        for e, name in enumerate(bots):
            seated[seat_of[e]] = make_bot(name, "british")
        match, n = play_game(rules, seated, deal, check=check)
        actions += n
        deals += len(match.results)
        void += sum(r.void for r in match.results)
        for e, entry in enumerate(entries):
            won = 1 / len(match.winners) if seat_of[e] in match.winners else 0.0
            entry.wins += won
            entry.matches += 1
            entry.total_sum += match.totals[seat_of[e]]
            pair = entry.deal_wins.setdefault(deal, [0.0, 0])
            pair[0] += won
            pair[1] += 1
    elapsed = time.perf_counter() - t0
    return {
        "matches": games,
        "deals": deals,
        "void_deals": void,
        "actions": actions,
        "actions_per_s": round(actions / elapsed, 1) if elapsed > 0 else 0.0,
        "seconds": round(elapsed, 3),
        "rules": " ".join([rules.name, *rules.switches]),
        "players": players,
        "seed": seed,
        "checked": check,
        "seats": [e.report() for e in entries],
    }
