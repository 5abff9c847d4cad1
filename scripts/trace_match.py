"""One match of a simulator run, move by move: to read how a bot plays (diagnostic).

    .venv/bin/python scripts/trace_match.py --seed 181875 --game 1 --hands 8

plays game ``--game`` of ``python -m kalooki_desktop.sim --bots B --rotate --seed S`` (the
same deal, seating and bots' random numbers; a Hard's hold search keeps to its clock, so under
another load it may decide otherwise) and prints, for each hand asked for (all by default), the
contract, the hand dealt to the traced bot (``--entry``: which of ``--bots``, the first by
default), each of its actions with the hand it holds after it, every other seat's action but
its plucks from the stock, and how the hand ended: who went out, whether the table was bent
(J-8.2), the scores and the cards each seat was left holding. The match's totals and winners
close the trace.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kalooki_desktop.ai.hard import set_worlds
from kalooki_desktop.engine.actions import PluckStock
from kalooki_desktop.engine.cards import Card, card_text, penalty_total, sort_key_suit
from kalooki_desktop.engine.match import Match
from kalooki_desktop.engine.rules import RuleSet, make_rules
from kalooki_desktop.tools.sim import play_match, seating


def cards(hand: Sequence[Card]) -> str:
    """A hand as text, by suit and rank."""
    return " ".join(card_text(c) for c in sorted(hand, key=sort_key_suit)) or "-"


def trace(rules: RuleSet, bots: Sequence[str], seed: int, game: int, entry: int = 0,
          hands: set[int] | None = None, worlds: int | None = None) -> list[str]:
    """The trace of game ``game`` of a rotated run from ``seed``, as lines (see the module
    docstring); ``hands``: the hand numbers to show (None: every hand)."""
    seated, seat_of_entry, deal = seating(bots, game, seed, rotate=True, system="jamaican")
    if worlds is not None:
        set_worlds(seated, worlds)
    played, _ = play_match(rules, seated, deal)
    me = seat_of_entry[entry]
    names = [""] * len(bots)
    for e, name in enumerate(bots):
        names[seat_of_entry[e]] = name
    lines = [f"game {game} of --seed {seed}: deal {deal}; "
             + ", ".join(f"s{s} {n}" + (" (traced)" if s == me else "") for s, n in enumerate(names))]
    match = Match(rules, len(bots), deal)
    current = None
    shown = False
    results = 0
    for seat, action in played.actions:
        hand = match.hand
        if hand is not current:  # a new hand (a void one is dealt again: J-7.2)
            current = hand
            shown = hands is None or hand.spec.number in hands
            if shown:
                lines.append(f"=== hand {hand.spec.number}: {hand.spec.contract_text}, dealer "
                             f"s{hand.dealer}; s{me} holds {cards(hand.hands[me])}")
        match.apply(seat, action)
        if shown:
            text = str(action)
            if seat == me:
                after = "" if match.hand is not hand else f" | {cards(hand.hands[me])}"
                lines.append(f"  s{seat} {text}{after}")
            elif not isinstance(action, PluckStock):
                lines.append(f"      s{seat} {text}")
        if len(match.results) > results:
            r = match.results[-1]
            results += 1
            if shown:
                how = ("void (J-7.2)" if r.void else f"s{r.out} out"
                       + (", the table bent (J-8.2)" if r.big_out else ""))
                lines.append(f"  end: {how}; scores {list(r.scores)}")
                for s, left in enumerate(r.hands):
                    lines.append(f"      s{s} {'laid' if r.laid[s] else 'not laid'}: "
                                 f"{cards(left)} ({penalty_total(left, rules.joker_points)})")
    lines.append(f"totals {match.totals}; winners {sorted(match.winners)}")
    assert match.totals == played.totals  # the replay is the game played
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Command line entry point."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--game", type=int, default=0, help="the game's number in the run (0 first)")
    p.add_argument("--bots", default="hard,normal,normal,normal")
    p.add_argument("--rules", default="jamaican")
    p.add_argument("--entry", type=int, default=0, help="which of --bots to trace (0: the first)")
    p.add_argument("--hands", default="", help="hand numbers to show, e.g. 1,8 (default: all)")
    p.add_argument("--worlds", type=int, default=None, help="Hard's budget of worlds (0: no hold search)")
    args = p.parse_args(argv)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    if not 0 <= args.entry < len(bots):
        p.error(f"--entry {args.entry}: --bots names {len(bots)} bots (0 to {len(bots) - 1})")
    if args.game < 0:
        p.error(f"--game {args.game}: games are numbered from 0")
    try:
        hands = {int(h) for h in args.hands.split(",") if h.strip()} or None
    except ValueError:
        p.error(f"--hands {args.hands!r}: hand numbers separated by commas, e.g. 1,8")
    try:
        rules = make_rules(args.rules)
        lines = trace(rules, bots, args.seed, args.game, args.entry, hands, args.worlds)
    except ValueError as e:  # an unknown bot or rule set
        p.error(str(e))
    for line in lines:
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
