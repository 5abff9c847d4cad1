"""Decision probe: where another bot would decide differently, which decision is better.

``python -m kalooki_desktop.probe --bots hard,normal,normal,normal --alt normal --games 20
--rollouts 32 --seed 1`` plays matches as the simulator does with ``--rotate`` (each deal once
per seat; the first bot, the *probed* one, sits in every seat in turn). At each of the probed
bot's decisions the alternative bot is asked too, on the same view. Where the two would decide
differently, both decisions are scored by ``--rollouts`` playouts of the rest of the hand from
the true state: the hidden hands as they are, the stock reshuffled (the same shuffles for both
decisions), every seat then playing on with its own bot. A decision's score is the mean, over
the playouts, of the probed seat's hand score minus the others' mean (penalty points: lower is
better). The report gives, for each kind of decision (call, pluck, allow, lay, tack, discard
while building, discard once laid), how many differed, how many were probed, and the
alternative's *gain*: the base decision's score minus the alternative's, with a 95% interval
(positive: the alternative decided better). ``--max-probes`` caps how many differing decisions
are scored; with ``--share`` only that share of them, picked at random, is scored, so that the
budget spreads over every hand rather than the first ones. ``totals`` lists each match's totals in the order
of ``--bots``, as the simulator's ``--games-out`` does.

It answers "is this rule better?" one decision at a time: a match-level comparison re-deals the
luck of every match a rule touches, so a change of a few points of hand score is lost in the
noise of thousands of matches, while here each differing decision is compared on the same
cards. It is one step: the alternative decides once, then the probed bot plays on, so it
measures the alternative as a change to the probed bot, not the alternative as a whole player.

The probe reads the hidden cards to *measure*; the bots still see only their own views, and the
game goes on exactly as it would without the probe (its decisions and their random numbers are
the same).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .ai.base import Bot, make_bot, next_in_hand, outcome, play_out
from .engine.actions import Action, Call, Discard, Lay, MoveJoker, Tack
from .engine.hand import HandState, Phase
from .engine.match import Match
from .engine.rules import RuleSet, make_rules
from .engine.view import View
from .sim import match_rng, mean_ci, seating

#: Kinds of decision, in report order.
KINDS = ("call", "pluck", "allow", "lay", "tack", "discard", "discard laid", "other")


@dataclass
class KindStats:
    """What the probe gathers for one kind of decision."""

    decisions: int = 0
    differed: int = 0
    gains: list[float] = field(default_factory=list)

    def report(self) -> dict[str, object]:
        out: dict[str, object] = {"decisions": self.decisions, "differed": self.differed,
                                  "probed": len(self.gains)}
        out.update(gain_report(self.gains))
        return out


def gain_report(gains: Sequence[float]) -> dict[str, object]:
    """The mean gain and, from two gains on, its 95% interval (none for no gain at all)."""
    if not gains:
        return {}
    mean, half = mean_ci(gains)
    out: dict[str, object] = {"gain": round(mean, 2)}
    if len(gains) >= 2:  # one gain has no interval (JSON has no infinity)
        out["gain_ci95"] = [round(mean - half, 2), round(mean + half, 2)]
    return out


def kind_of(state: HandState, seat: int, action: Action | None, calling: bool) -> str:
    """The kind of the decision ``action`` answers (``calling``: the seat was asked to call)."""
    if calling:
        return "call"
    if state.phase == Phase.PLUCK:
        return "pluck"
    if state.phase == Phase.ALLOW:
        return "allow"
    if isinstance(action, Lay):
        return "lay"
    if isinstance(action, (Tack, MoveJoker)):
        return "tack"
    if isinstance(action, Discard):
        return "discard laid" if state.laid[seat] else "discard"
    return "other"


def score_actions(state: HandState, bots: Sequence[Bot], seat: int,
                  actions: Sequence[Action | None], rollouts: int, seed: int,
                  totals: Sequence[int], calling: bool) -> list[float]:
    """Each action's mean outcome over ``rollouts`` playouts with common random numbers
    (None, when ``calling``: the seat lets the card go)."""
    sums = [0.0] * len(actions)
    for r in range(rollouts):
        for i, action in enumerate(actions):
            world = state.clone()
            random.Random(seed * 1_000_003 + r).shuffle(world.stock)
            rng = random.Random(r)
            if action is not None:
                world.apply(seat, action)
            play_out(world, bots, rng, totals, seat if calling and action is None else None)
            sums[i] += outcome(world, seat)
    return [s / rollouts for s in sums]


def probe(games: int, bots: Sequence[str], alt: str, rules: RuleSet, seed: int = 1,
          rollouts: int = 32, max_probes: int = 200, share: float = 1.0) -> dict[str, object]:
    """Play ``games`` rotated matches and probe the first bot against ``alt`` (see the module
    docstring); returns the report of ``python -m kalooki_desktop.probe``."""
    players = len(bots)
    stats = {k: KindStats() for k in KINDS}
    probes = 0
    totals_out: list[list[int]] = []
    t0 = time.perf_counter()
    for g in range(games):
        seated, seat_of_entry, deal = seating(bots, g, seed, rotate=True)
        seat = seat_of_entry[0]  # the probed bot's seat
        other = make_bot(alt)
        match = Match(rules, players, deal)
        rng = match_rng(deal)  # the simulator's: the same game as without the probe
        alt_rng = random.Random(deal)
        probed = _Probed(seat, seated, other, alt_rng, stats, rollouts, max_probes, probes,
                         share, random.Random(deal * 31 + seat))
        while not match.over:
            hand = match.hand
            match.apply(*next_in_hand(hand, probed.decider(match, rng, deal * 10_007 + len(hand.log))))
        probes = probed.probes
        totals_out.append([match.totals[seat_of_entry[e]] for e in range(players)])
    elapsed = time.perf_counter() - t0
    report = {k: stats[k].report() for k in KINDS if stats[k].decisions}
    every = [g for k in KINDS for g in stats[k].gains]
    out: dict[str, object] = {
        "matches": games, "bots": list(bots), "alt": alt, "rollouts": rollouts, "seed": seed,
        "rules": rules.describe(), "probed": len(every), "kinds": report,
        "seconds": round(elapsed, 1), "totals": totals_out,
    }
    out.update(gain_report(every))
    return out


class _Probed:
    """Answers for every seat of one match, probing the probed seat's decisions."""

    def __init__(self, seat: int, seated: Sequence[Bot], other: Bot, alt_rng: random.Random,
                 stats: dict[str, KindStats], rollouts: int, max_probes: int, probes: int,
                 share: float, pick: random.Random) -> None:
        self.seat = seat
        self.seated = seated
        self.other = other
        self.alt_rng = alt_rng
        self.stats = stats
        self.rollouts = rollouts
        self.max_probes = max_probes
        self.share = share  # the share of differing decisions scored (spreads the budget)
        self.pick = pick
        self.probes = probes

    def decider(self, match: Match, rng: random.Random,
                seed: int) -> Callable[[int, bool], Action | None]:
        """The ``decide`` of :func:`next_in_hand` for the match's next decision."""
        hand = match.hand
        totals = list(match.totals)

        def decide(seat: int, calling: bool) -> Action | None:
            view = match.view(seat)
            answer = self.seated[seat].choose(view, rng)
            if seat == self.seat:
                self.probe(hand, view, answer, calling, seed, totals)
            return answer

        return decide

    def probe(self, hand: HandState, view: View, base: Action | None, calling: bool, seed: int,
              totals: Sequence[int]) -> None:
        """Ask the alternative; where it differs (and the probe budget allows), score both."""
        seat = view.seat
        answer = self.other.choose(view, self.alt_rng)
        if calling:  # only whether to call counts
            answer = Call() if answer is not None else None
        st = self.stats[kind_of(hand, seat, base, calling)]
        st.decisions += 1
        if answer == base:
            return
        st.differed += 1
        if self.probes >= self.max_probes or (answer is None and not calling):
            return
        if self.share < 1.0 and self.pick.random() >= self.share:
            return
        base_score, alt_score = score_actions(hand, self.seated, seat, [base, answer],
                                              self.rollouts, seed, totals, calling)
        st.gains.append(base_score - alt_score)
        self.probes += 1


def main(argv: Sequence[str] | None = None) -> int:
    """Command line entry point."""
    p = argparse.ArgumentParser(prog="python -m kalooki_desktop.probe", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=4)
    p.add_argument("--bots", default="hard,normal,normal,normal",
                   help="the probed bot first, then its opponents")
    p.add_argument("--alt", required=True, help="the bot whose decisions are tried instead")
    p.add_argument("--rules", default="jamaican")
    p.add_argument("--variants", default="", help="comma-separated ids, e.g. J-V1,J-V5")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rollouts", type=int, default=32,
                   help="playouts of the rest of the hand for each of the two decisions")
    p.add_argument("--share", type=float, default=1.0,
                   help="score only this share of the differing decisions, picked at random, "
                        "so that --max-probes spreads over every hand")
    p.add_argument("--max-probes", type=int, default=200,
                   help="stop scoring (but go on counting) after this many differing decisions")
    args = p.parse_args(argv)
    names = [b.strip() for b in args.bots.split(",") if b.strip()]
    try:
        rules = make_rules(args.rules, [v for v in args.variants.split(",") if v.strip()])
        for n in [*names, args.alt]:
            make_bot(n)
        if not 3 <= len(names) <= 8:
            raise ValueError(f"Kalooki is played by 3 to 8 players, not {len(names)} (J-1.1)")
        if args.games < 1 or args.rollouts < 1 or args.max_probes < 0:
            raise ValueError("--games and --rollouts must be at least 1, --max-probes at least 0")
        if not 0.0 < args.share <= 1.0:
            raise ValueError("--share must be above 0 and at most 1")
    except ValueError as e:
        p.error(str(e))
    print(json.dumps(probe(args.games, names, args.alt, rules, args.seed, args.rollouts,
                           args.max_probes, args.share)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
