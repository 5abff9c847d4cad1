"""Headless matches between bots, with optional invariant checks after every action.

``python -m kalooki_desktop.sim --games 20 --players 4 --bots random,random,random,random
--rules jamaican --variants J-V5 --seed 1 --check`` prints one JSON object.

``--games-out FILE`` also writes one JSON line per match (its deal, every bot's total and the
winners), and ``--compare A B`` compares two such files game by game: the same deals and
seating played by two versions of the first bot, the difference of its wins with a 95%
interval. Paired like that, a rule that changes few decisions is measured to about one point
of win rate over 1,000 games.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import IO

from ..ai.base import Bot, make_bot, next_decision
from ..ai.hard import set_worlds
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
from ..engine.british.rules import BRITISH_PRESETS
from ..engine.cards import MAX_PLAYERS, MIN_PLAYERS, count_cards
from ..engine.hand import HandState
from ..engine.match import HandResult, Match
from ..engine.rules import RuleSet, make_rules
from ..engine.scoring import hand_scores
from .simstats import InvariantBreach, deal_interval, mean_ci, rotation, wilson_interval

#: A hand this long means the bots are passing cards round without taking from the stock.
MAX_HAND_ACTIONS = 20_000


@dataclass
class SeatStats:
    """What the simulator gathers for one entry of ``--bots``."""

    bot: str
    wins: float = 0
    outright_wins: int = 0
    score_sum: int = 0
    matches: int = 0
    laid: dict[int, list[int]] = field(default_factory=dict)  # hand number -> [laid, played]
    decision_ms: list[float] = field(default_factory=list)
    # Where the points come from, over the hands played to an end (not void):
    hands: int = 0
    laid_hands: int = 0
    out_hands: int = 0
    bends: int = 0  # hands it went down and out (J-8.2)
    calls: int = 0
    unlaid: list[int] = field(default_factory=lambda: [0, 0])  # [points, hands] not laid
    laid_not_out: list[int] = field(default_factory=lambda: [0, 0])
    paid_to_bends: int = 0  # points paid in the hands another player bent
    deal_wins: dict[int, list[float]] = field(default_factory=dict)  # deal -> [wins, matches]

    def add_match(self, match: Match, seat: int, deal: int) -> None:
        """Count a finished match this bot played in ``seat`` on ``deal``."""
        self.matches += 1
        self.score_sum += match.totals[seat]
        cell_w = self.deal_wins.setdefault(deal, [0.0, 0])
        cell_w[1] += 1
        if seat in match.winners:
            self.wins += 1
            self.outright_wins += len(match.winners) == 1
            cell_w[0] += 1
        for r in match.results:
            self.add_hand(r, seat)
            if r.void or r.sudden_death:
                continue
            cell = self.laid.setdefault(r.spec.number, [0, 0])
            cell[0] += r.laid[seat]
            cell[1] += 1

    def report(self) -> dict[str, object]:
        """The seat's part of the simulator's report."""
        return {
            "bot": self.bot,
            "wins": int(self.wins),
            "outright_wins": self.outright_wins,
            "win_rate": round(self.wins / max(1, self.matches), 4),
            "win_rate_ci95": [round(x, 4) for x in wilson_interval(self.wins, self.matches)],
            "win_rate_ci95_by_deal": [round(x, 4) for x in deal_interval(list(self.deal_wins.values()))],
            "mean_score": round(self.score_sum / max(1, self.matches), 2),
            "contract_rate": {str(k): round(v[0] / v[1], 3) for k, v in sorted(self.laid.items()) if v[1]},
            "decision_ms_p50": round(_percentile(self.decision_ms, 0.5), 4),
            "decision_ms_p99": round(_percentile(self.decision_ms, 0.99), 4),
            "decision_ms_max": round(max(self.decision_ms, default=0.0), 4),
            "outcomes": self.outcomes(),
        }

    def add_hand(self, result: HandResult, seat: int) -> None:
        """Count one hand's outcome for the seat (void hands and sudden death are skipped)."""
        if result.void or result.sudden_death or result.out is None:
            return
        score = result.scores[seat]
        self.hands += 1
        self.calls += result.calls_used[seat]
        if result.out == seat:
            self.out_hands += 1
            self.bends += result.bent
        elif result.bent:
            self.paid_to_bends += score
        if result.laid[seat]:
            self.laid_hands += 1
            if result.out != seat:
                self.laid_not_out[0] += score
                self.laid_not_out[1] += 1
        else:
            self.unlaid[0] += score
            self.unlaid[1] += 1

    def outcomes(self) -> dict[str, float]:
        """The report's ``outcomes``: rates a hand, mean points paid, bend points a match."""
        n = max(1, self.hands)
        return {
            "hands": self.hands,
            "laid": round(self.laid_hands / n, 4),
            "went_out": round(self.out_hands / n, 4),
            "bends": round(self.bends / n, 4),
            "calls_a_hand": round(self.calls / n, 3),
            "paid_not_laid": round(self.unlaid[0] / max(1, self.unlaid[1]), 1),
            "paid_laid_not_out": round(self.laid_not_out[0] / max(1, self.laid_not_out[1]), 1),
            "paid_to_bends_a_match": round(self.paid_to_bends / max(1, self.matches), 1),
        }


def match_rng(deal: int) -> random.Random:
    """The random numbers the bots of the match on ``deal`` receive."""
    return random.Random(deal ^ 0x5EED)


def seating(bots: Sequence[str], g: int, seed: int, *, rotate: bool) -> tuple[list[Bot], list[int], int]:
    """Match ``g`` of a run: the bots by seat, the seat of each entry of ``bots``, and the deal
    (:func:`.simstats.rotation`)."""
    seat_of_entry, deal = rotation(g, len(bots), seed, rotate=rotate)
    seated: list[Bot] = [make_bot("random")] * len(bots)
    for e, name in enumerate(bots):
        seated[seat_of_entry[e]] = make_bot(name)
    return seated, seat_of_entry, deal


def _load_games(lines: Sequence[str]) -> dict[tuple[int, int], dict[str, object]]:
    """The rows of a ``--games-out`` file by (deal, game); files of several runs may be joined."""
    out: dict[tuple[int, int], dict[str, object]] = {}
    for line in lines:
        if line.strip():
            row = json.loads(line)
            out[int(row["deal"]), int(row["game"])] = row
    return out


def _win(row: dict[str, object], entry: int) -> float:
    winners = row["winners"]
    if not isinstance(winners, list):
        raise ValueError(f"game {row['game']}: 'winners' is not a list")
    return 1.0 if entry in winners else 0.0


def _score(row: dict[str, object], entry: int) -> float:
    totals = row["totals"]
    if not isinstance(totals, list) or len(totals) <= entry:
        raise ValueError(f"game {row['game']}: 'totals' has no entry {entry}")
    return float(totals[entry])


def _edge(row: dict[str, object], entry: int) -> float:
    """The other seats' mean total minus the entry's own, in points."""
    totals = row["totals"]
    if not isinstance(totals, list) or len(totals) < 2:
        raise ValueError(f"game {row['game']}: 'totals' has no other seat")
    others = [float(t) for e, t in enumerate(totals) if e != entry]
    return sum(others) / len(others) - _score(row, entry)


def compare_games(a: Sequence[str], b: Sequence[str], entry: int = 0) -> dict[str, object]:
    """Two ``--games-out`` files of the same games (deal and seating), compared for the bot
    ``entry`` (default: the first of ``--bots``): its wins in each, and the mean difference of
    B's over A's per game with a 95% interval (normal approximation over the games); and the
    same for its *edge* (the other seats' mean total minus its own, in points a match), with
    how many games ended with other totals (``changed``: the games the change reached)."""
    ra, rb = _load_games(a), _load_games(b)
    games = sorted(g for g in ra if g in rb)
    n = len(games)
    if n == 0:
        raise ValueError("the two files share no game (same game number and deal)")
    mean, half = mean_ci([_win(rb[g], entry) - _win(ra[g], entry) for g in games])
    edge_mean, edge_half = mean_ci([_edge(rb[g], entry) - _edge(ra[g], entry) for g in games])
    if n < 2:
        half = edge_half = 0.0
    wins_a = sum(_win(ra[g], entry) for g in games)
    wins_b = sum(_win(rb[g], entry) for g in games)
    by_deal: dict[int, list[float]] = {}
    for g in games:
        cell = by_deal.setdefault(g[0], [0.0, 0])
        cell[0] += _win(rb[g], entry)
        cell[1] += 1
    return {
        "games": n,
        "wins_a": wins_a,
        "wins_b": wins_b,
        "win_rate_a": round(wins_a / n, 4),
        "win_rate_b": round(wins_b / n, 4),
        "win_rate_b_ci95": [round(x, 4) for x in wilson_interval(wins_b, n)],
        "win_rate_b_ci95_by_deal": [round(x, 4) for x in deal_interval(list(by_deal.values()))],
        "diff": round(mean, 4),
        "diff_ci95": [round(mean - half, 4), round(mean + half, 4)],
        "mean_score_a": round(sum(_score(ra[g], entry) for g in games) / n, 2),
        "mean_score_b": round(sum(_score(rb[g], entry) for g in games) / n, 2),
        "edge_a": round(sum(_edge(ra[g], entry) for g in games) / n, 2),
        "edge_b": round(sum(_edge(rb[g], entry) for g in games) / n, 2),
        "edge_diff": round(edge_mean, 2),
        "edge_diff_ci95": [round(edge_mean - edge_half, 2), round(edge_mean + edge_half, 2)],
        "changed": sum(ra[g]["totals"] != rb[g]["totals"] for g in games),
    }


def _percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[k]


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


def play_match(
    rules: RuleSet,
    bots: Sequence[Bot],
    seed: int,
    *,
    check: bool = False,
    stats: list[SeatStats] | None = None,
    seat_of_entry: Sequence[int] | None = None,
) -> tuple[Match, int]:
    """Play one whole match; returns the match and its number of actions."""
    players = len(bots)
    match = Match(rules, players, seed)
    rng = match_rng(seed)
    actions = 0
    hand = match.hand
    expected = count_cards(hand.all_cards()) if check else []
    timings: list[list[float]] | None = [[] for _ in range(players)] if stats is not None else None
    hand_actions = 0
    while not match.over:
        if match.hand is not hand:
            hand_actions = 0
        hand = match.hand
        hand_actions += 1
        if hand_actions > MAX_HAND_ACTIONS:
            raise InvariantBreach(
                f"seed {seed}: hand {hand.spec.number} stalled after {MAX_HAND_ACTIONS} actions "
                "(the bots keep passing the same cards round)"
            )
        try:
            seat, action = next_decision(match, bots, rng, timings)
        except RuntimeError as e:
            raise InvariantBreach(f"seed {seed}: {e}") from None
        before = len(hand.hands[seat])
        results_before = len(match.results)
        match.apply(seat, action)
        actions += 1
        if check:
            where = f"seed {seed} action {actions - 1} ({seat}: {action})"
            delta = _expected_delta(action)
            if delta is not None and not hand.over and not isinstance(action, EndTurn):
                got = len(hand.hands[seat]) - before
                if got != delta:
                    raise InvariantBreach(f"{where}: hand size changed by {got}, not {delta}")
            check_hand(hand, expected, where)
            if len(match.results) > results_before and not match.over:
                expected = count_cards(match.hand.all_cards())
    if stats is not None and timings is not None:
        entry_of_seat = {s: e for e, s in enumerate(seat_of_entry or range(players))}
        for seat, ms in enumerate(timings):
            stats[entry_of_seat[seat]].decision_ms.extend(ms)
    return match, actions


def simulate(
    games: int,
    bots: Sequence[str],
    rules: RuleSet,
    seed: int = 1,
    *,
    check: bool = False,
    rotate: bool = False,
    worlds: int | None = None,
    games_out: IO[str] | None = None,
) -> dict[str, object]:
    """Play ``games`` matches and return the report of ``python -m kalooki_desktop.sim``
    (with ``games_out``, one JSON line per match there: see :func:`compare_games`)."""
    players = len(bots)
    stats = [SeatStats(b) for b in bots]
    hands = void = total_actions = 0
    t0 = time.perf_counter()
    for g in range(games):
        seated, seat_of_entry, deal = seating(bots, g, seed, rotate=rotate)
        if worlds is not None:
            set_worlds(seated, worlds)
        match, n = play_match(rules, seated, deal, check=check, stats=stats, seat_of_entry=seat_of_entry)
        total_actions += n
        for r in match.results:
            hands += 1
            void += r.void
        if games_out is not None:
            games_out.write(
                json.dumps(
                    {
                        "game": g,
                        "deal": deal,
                        "bots": list(bots),
                        "totals": [match.totals[seat_of_entry[e]] for e in range(players)],
                        "winners": [e for e in range(players) if seat_of_entry[e] in match.winners],
                    }
                )
                + "\n"
            )
        for e, st in enumerate(stats):
            st.add_match(match, seat_of_entry[e], deal)
    elapsed = time.perf_counter() - t0
    return {
        "matches": games,
        "hands": hands,
        "void_hands": void,
        "actions": total_actions,
        "actions_per_s": round(total_actions / elapsed, 1) if elapsed > 0 else 0.0,
        "seconds": round(elapsed, 3),
        "rules": rules.describe(),
        "players": players,
        "seed": seed,
        "checked": check,
        "seats": [st.report() for st in stats],
    }


def _parser() -> argparse.ArgumentParser:
    """The simulator's command line."""
    p = argparse.ArgumentParser(prog="python -m kalooki_desktop.sim", description=__doc__)
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--bots", default="random,random,random,random")
    p.add_argument("--rules", default="jamaican")
    p.add_argument("--variants", default="", help="comma-separated ids, e.g. J-V1,J-V5")
    p.add_argument(
        "--schedule",
        default=None,
        help="custom schedule (J-S3): contracts separated by ';', e.g. '3 3 4;4 4 4 4'",
    )
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--check", action="store_true", help="verify invariants after every action")
    p.add_argument(
        "--rotate",
        action="store_true",
        help="duplicate play: each deal once per seat, the bots rotated through the seats",
    )
    p.add_argument(
        "--games-out", default=None, metavar="FILE", help="also write one JSON line per match to FILE"
    )
    p.add_argument(
        "--compare",
        nargs=2,
        default=None,
        metavar=("A", "B"),
        help="compare two --games-out files game by game (nothing is played)",
    )
    p.add_argument(
        "--worlds",
        type=int,
        default=None,
        help="Hard's budget: the worlds its search of when to lay plays out (default 32; 0: no search)",
    )
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Command line entry point."""
    p = _parser()
    args = p.parse_args(argv)
    if args.compare:
        try:
            with open(args.compare[0], encoding="utf-8") as fa, open(args.compare[1], encoding="utf-8") as fb:
                print(json.dumps(compare_games(fa.readlines(), fb.readlines())))
        except (OSError, ValueError, KeyError, TypeError) as e:
            p.error(f"cannot compare {args.compare[0]} and {args.compare[1]}: {e}")
        return 0
    names = [b.strip() for b in args.bots.split(",") if b.strip()]
    players = args.players or len(names)
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        p.error(f"--bots names {len(names)} bots for {players} players")
    if args.rules in BRITISH_PRESETS:
        return _british(p, args, names)
    try:
        schedule = [c for c in args.schedule.split(";") if c.strip()] if args.schedule else None
        rules = make_rules(args.rules, [v for v in args.variants.split(",") if v.strip()], schedule)
        for n in names:
            make_bot(n)
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Kalooki is played by 3 to 8 players, not {players} (J-1.1)")
    except ValueError as e:
        p.error(str(e))
    try:
        with contextlib.ExitStack() as stack:
            out = stack.enter_context(open(args.games_out, "w", encoding="utf-8")) if args.games_out else None
            report = simulate(
                args.games,
                names,
                rules,
                args.seed,
                check=args.check,
                rotate=args.rotate,
                worlds=args.worlds,
                games_out=out,
            )
    except OSError as e:
        p.error(f"cannot write {args.games_out}: {e}")
    except InvariantBreach as e:
        print(json.dumps({"error": str(e)}), file=sys.stdout)
        return 1
    print(json.dumps(report))
    return 0


def _british(p: argparse.ArgumentParser, args: argparse.Namespace, names: list[str]) -> int:
    """``--rules british40`` or ``kalooki51``: :mod:`.sim_british`."""
    from ..ai.british import make_british_bot
    from ..engine.british.rules import make_british_rules
    from .sim_british import simulate_british

    try:
        rules = make_british_rules(args.rules, [v for v in args.variants.split(",") if v.strip()])
        for n in names:
            make_british_bot(n)
        if not 2 <= len(names) <= rules.max_players:
            raise ValueError(f"{rules.name} is played by 2 to {rules.max_players} players, not {len(names)}")
    except ValueError as e:
        p.error(str(e))
    try:
        report = simulate_british(args.games, names, rules, args.seed, check=args.check, rotate=args.rotate)
    except InvariantBreach as e:
        print(json.dumps({"error": str(e)}))
        return 1
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
