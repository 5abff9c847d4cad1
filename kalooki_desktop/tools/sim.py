"""Headless matches between bots, of every preset of both rule systems, with optional
invariant checks after every action.

``python -m kalooki_desktop.sim --games 20 --players 4 --bots random,random,random,random
--rules jamaican --variants J-V5 --seed 1 --check`` prints one JSON object; ``--rules british40``
or ``kalooki51`` plays British Kalooki (its switches in ``--variants``) with the same options.

``--games-out FILE`` also writes one JSON line per match (its deal, every bot's total and the
winners), and ``--compare A B`` compares two such files game by game: the same deals and
seating played by two versions of the first bot, the difference of its wins with a 95%
interval. Paired like that, a rule that changes few decisions is measured to about one point
of win rate over 1,000 games.

One match loop plays either game (:func:`play_match`); what differs between the games (the
match, its deals' outcomes, the report's words, the checks) is the table of :mod:`.simgames`,
and the report is built by :mod:`.simstats`.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import sys
import time
from collections.abc import Sequence
from typing import IO, Any

from ..ai.base import Player, make_bot, next_decision
from ..ai.hard import set_worlds
from ..engine.game import Rules
from ..play.games import game_of
from .simgames import M, SimGame, sim_game
from .simstats import InvariantBreach, SeatStats, compare_games, rotation

#: A deal this long means the bots are passing cards round without taking from the stock.
MAX_DEAL_ACTIONS = 20_000


def match_rng(deal: int) -> random.Random:
    """The random numbers the bots of the match on ``deal`` receive."""
    return random.Random(deal ^ 0x5EED)


def seating(bots: Sequence[str], g: int, seed: int, *, rotate: bool,
            system: str) -> tuple[list[Player[Any]], list[int], int]:
    """Match ``g`` of a run: the bots of rule system ``system`` by seat, the seat of each entry
    of ``bots``, and the deal (:func:`.simstats.rotation`)."""
    seat_of_entry, deal = rotation(g, len(bots), seed, rotate=rotate)
    seated: list[Player[Any]] = [make_bot("random", system)] * len(bots)
    for e, name in enumerate(bots):
        seated[seat_of_entry[e]] = make_bot(name, system)
    return seated, seat_of_entry, deal


def play_match(
    rules: Rules,
    bots: Sequence[Player[Any]],
    seed: int,
    *,
    check: bool = False,
    timings: list[list[float]] | None = None,
) -> tuple[Any, int]:
    """Play one whole match of ``rules`` on the deal ``seed``; returns the match and its number
    of actions. With ``check``, the game's own invariant checks after every action; with
    ``timings``, each decision's milliseconds by seat."""
    return _play(sim_game(rules.preset), rules, bots, seed, check=check, timings=timings)


def _play(game: SimGame[M], rules: Rules, bots: Sequence[Player[Any]], seed: int, *, check: bool,
          timings: list[list[float]] | None) -> tuple[M, int]:
    match = game.new_match(rules, len(bots), seed)
    rng = match_rng(seed)
    checker = game.checker(match) if check else None
    actions = deal_actions = deals = 0
    while not match.over:
        if len(match.results) != deals:
            deals, deal_actions = len(match.results), 0
        deal_actions += 1
        if deal_actions > MAX_DEAL_ACTIONS:
            raise InvariantBreach(
                f"seed {seed}: {game.words.deal} {match.hand_number} stalled after {MAX_DEAL_ACTIONS} "
                "actions (the bots keep passing the same cards round)"
            )
        try:
            seat, action = next_decision(match, bots, rng, timings)
        except RuntimeError as e:
            raise InvariantBreach(f"seed {seed}: {e}") from None
        if checker is not None:
            checker.before(seat)
        match.apply(seat, action)
        actions += 1
        if checker is not None:
            checker.after(seat, action, f"seed {seed} action {actions - 1} ({seat}: {action})")
    return match, actions


def simulate(
    games: int,
    bots: Sequence[str],
    rules: Rules,
    seed: int = 1,
    *,
    check: bool = False,
    rotate: bool = False,
    worlds: int | None = None,
    games_out: IO[str] | None = None,
) -> dict[str, object]:
    """Play ``games`` matches and return the report of ``python -m kalooki_desktop.sim``
    (with ``games_out``, one JSON line per match there: see :func:`.simstats.compare_games`)."""
    game = sim_game(rules.preset)
    players = len(bots)
    stats = [SeatStats(b, game.words) for b in bots]
    deals = void = total_actions = 0
    t0 = time.perf_counter()
    for g in range(games):
        seated, seat_of_entry, deal = seating(bots, g, seed, rotate=rotate, system=game.key)
        if worlds is not None:
            set_worlds(seated, worlds)
        timings: list[list[float]] = [[] for _ in range(players)]
        match, n = _play(game, rules, seated, deal, check=check, timings=timings)
        total_actions += n
        outcomes = game.outcomes(match)
        deals += len(outcomes)
        void += sum(d.void for d in outcomes)
        if games_out is not None:
            games_out.write(json.dumps({
                "game": g,
                "deal": deal,
                "bots": list(bots),
                "totals": [match.totals[seat_of_entry[e]] for e in range(players)],
                "winners": [e for e in range(players) if seat_of_entry[e] in match.winners],
            }) + "\n")
        for e, st in enumerate(stats):
            seat = seat_of_entry[e]
            st.add_match(outcomes, match.totals[seat], seat, deal, won=seat in match.winners,
                         alone=len(match.winners) == 1)
            st.decision_ms.extend(timings[seat])
    elapsed = time.perf_counter() - t0
    return {
        "matches": games,
        game.words.deals: deals,
        f"void_{game.words.deals}": void,
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
    p.add_argument("--rules", default="jamaican",
                   help="a preset of either game: jamaican, baby, short, custom, british40, kalooki51")
    p.add_argument("--variants", default="", help="comma-separated ids, e.g. J-V1,J-V5 (British: B-V2,B-12)")
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
    game = game_of(args.rules)
    variants = [v for v in args.variants.split(",") if v.strip()]
    try:
        schedule = [c for c in args.schedule.split(";") if c.strip()] if args.schedule else None
        rules = game.rules(args.rules, variants, schedule)
        for n in names:
            make_bot(n, game.key)
        refusal = game.seats(args.rules, variants).refusal(players)
        if refusal is not None:
            raise ValueError(refusal)
    except ValueError as e:
        p.error(str(e))
    try:
        with contextlib.ExitStack() as stack:
            out = stack.enter_context(open(args.games_out, "w", encoding="utf-8")) if args.games_out else None
            report = simulate(args.games, names, rules, args.seed, check=args.check, rotate=args.rotate,
                              worlds=args.worlds, games_out=out)
    except OSError as e:
        p.error(f"cannot write {args.games_out}: {e}")
    except InvariantBreach as e:
        print(json.dumps({"error": str(e)}), file=sys.stdout)
        return 1
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
