"""What Hard's throws would gain from a rollout search, by what the search knows (diagnostic).

    .venv/bin/python scripts/rollout_oracle.py true --seed 103000 --games 12

registers, for the decision probe, a Hard that at a random half of its building throws
(``--share``) compares its two best throws by outs (``--width``) by ``--rollouts`` playouts of
the rest of the hand, every seat played by Normal, the same worlds for both throws, and throws
the better. What the playouts start from is the variant:

- ``true``: the true hands (reads the hidden state: an oracle, never a player);
- ``stock``: the true stock's cards, reshuffled, and the others' hands dealt at random from the
  rest (knows *where* the cards are, hand or stock, not whose hand);
- ``next`` / ``others``: the true hand of the next player only / of the two others only;
- ``uniform``: every hidden card dealt at random around the known pick-ups (fair: the view only);
- ``belief``: worlds drawn from the hand's past (:func:`.ai.history.belief_worlds`: pasts in
  which the others, played as Normals, would have decided as they did; ``--iters`` proposals a
  seat, ``--eps`` per decision missed) (fair).

With ``--laid`` (and ``--share 1``) it settles the throws after laying instead: Hard's throw
against the next best by Normal's score for them. ``--known F`` gives the oracles only a share
``F`` of each true hand, a different part in each world, the rest dealt at random: how sharp a
belief must be.

It then runs ``python -m kalooki_desktop.probe --alt <variant>`` on those settings and prints the
probe's report with the searcher's counts. `docs/ai-journal.md` (sixth and seventh sessions)
has the figures: with the true hands the search gains about 2.5 points of hand score on the 45%
of the building throws it changes and about 2.4 on the third of the throws after laying; with
uniform worlds about 0.4 and 0; with the belief about 1.1 and 0.5; told 90% of each hand
about 1.6 after laying, 75% nothing.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence

from kalooki_desktop import probe
from kalooki_desktop.ai import base
from kalooki_desktop.ai.hard import HardBot, sample_world
from kalooki_desktop.ai.history import belief_worlds
from kalooki_desktop.ai.normal import NormalBot, Style, known_holdings, laid_throw_order, throw_danger
from kalooki_desktop.engine.actions import Action, Discard
from kalooki_desktop.engine.cards import JOKER, Card, count_cards
from kalooki_desktop.engine.hand import HandState, Phase
from kalooki_desktop.engine.rules import make_rules
from kalooki_desktop.engine.view import View

VARIANTS = ("true", "stock", "next", "others", "uniform", "belief")


def deal_world(view: View, rng: random.Random, fixed: dict[int, list[Card]],
               stock: list[Card] | None = None) -> HandState:
    """An oracle's world: ``fixed`` hands as given (true ones, or part of them, filled up at
    random), the other hidden hands dealt at random around their known pick-ups as
    :func:`.hard.sample_world` deals them, and the rest as the stock (or ``stock``'s cards,
    shuffled)."""
    players = view.players
    if stock is None:
        left = count_cards(view.unseen())
        for cards in fixed.values():
            for c in cards:
                left[c] -= 1
    else:
        left = count_cards([c for s in range(players) if s != view.seat and s not in fixed
                            for c in view._hand.hands[s]])
    hands: list[list[Card]] = [list(fixed.get(s, [])) for s in range(players)]
    free = [s for s in range(players) if s != view.seat and s not in fixed]
    known = known_holdings(view)
    for s in free:
        for c in known[s]:
            if left[c] > 0 and len(hands[s]) < view.hand_sizes[s]:
                left[c] -= 1
                hands[s].append(c)
    rest = [c for c in range(len(left)) for _ in range(left[c])]
    rng.shuffle(rest)
    for s in range(players):
        if s != view.seat:
            need = view.hand_sizes[s] - len(hands[s])
            hands[s].extend(rest[:need])
            del rest[:need]
    if stock is not None:
        rest = list(stock)
        rng.shuffle(rest)
    return view.world(hands, rest, random.Random(rng.random()))


def laid_throws(view: View, answer: Discard, width: int) -> list[Action]:
    """Hard's throw after laying and the next best by Normal's score for it (penalty less
    feeding the others), ``width`` in all."""
    options = sorted({c for c in view.my_hand if c != JOKER})
    options = laid_throw_order(options, throw_danger(view, options), Style().w_danger_laid,
                               view.rules.joker_points)
    throws: list[Action] = [answer]
    throws.extend(Discard(c) for c in options if c != answer.card)
    return throws[:width]


class RolloutSearcher(HardBot):
    """Hard whose building throws are settled by playouts from worlds of its ``variant``."""

    def __init__(self, variant: str, width: int, rollouts: int, share: float, iters: int = 300,
                 eps: float = 0.05, laid: bool = False, known: float = 1.0) -> None:
        super().__init__(think_ms=0)
        self.known = known  # the oracles: the share of each true hand they know
        self.laid = laid  # settle the throws after laying instead of those while building
        self.variant, self.width, self.rollouts = variant, width, rollouts
        self.share, self.iters, self.eps = share, iters, eps
        self.pick = random.Random(12345)
        self.searched = 0
        self.changed = 0
        self.fallbacks = 0

    def worlds(self, view: View, seed: int) -> list[HandState]:
        rng = random.Random(seed)
        known = known_holdings(view)
        if self.variant == "uniform":  # Hard's own sampler: the view only
            return [sample_world(view, rng, known) for _ in range(self.rollouts)]
        if self.variant == "belief":
            worlds = belief_worlds(view, rng, self.rollouts, self.iters, self.eps)
            if worlds is not None:
                return worlds
            self.fallbacks += 1  # the stock was rebuilt: the past cannot be laid out
            return [sample_world(view, rng, known) for _ in range(self.rollouts)]
        hidden = view._hand  # the oracles read the hidden state: diagnostics, never players
        nxt = (view.seat + 1) % view.players
        others = [s for s in range(view.players) if s not in (view.seat, nxt)]
        fixed: dict[int, list[Card]] = {}
        if self.variant == "true":
            fixed = {s: list(hidden.hands[s]) for s in range(view.players) if s != view.seat}
        elif self.variant == "next":
            fixed = {nxt: list(hidden.hands[nxt])}
        elif self.variant == "others":
            fixed = {s: list(hidden.hands[s]) for s in others}
        stock = list(hidden.stock) if self.variant == "stock" else None
        if self.known < 1.0:  # a share of each true hand, a different share in each world
            return [deal_world(view, rng, {s: rng.sample(h, round(self.known * len(h)))
                                           for s, h in fixed.items()}) for _ in range(self.rollouts)]
        return [deal_world(view, rng, fixed, stock) for _ in range(self.rollouts)]

    def choose(self, view: View, rng: random.Random) -> Action | None:
        answer = super().choose(view, rng)
        if (not view.my_turn or view.phase != Phase.PLAY or not isinstance(answer, Discard)
                or view.laid[view.seat] != self.laid or self.pick.random() >= self.share):
            return answer
        if self.laid:
            candidates = laid_throws(view, answer, self.width)
        else:
            candidates = [Discard(c) for _, _, c in self.ranked[:self.width]]
        if len(candidates) < 2:
            return answer
        seed = self.pick.randrange(1 << 30)
        bots = [NormalBot() for _ in range(view.players)]
        sums = [0.0] * len(candidates)
        for r, start in enumerate(self.worlds(view, seed)):
            for i, action in enumerate(candidates):
                world = start.clone()
                world.apply(view.seat, action)
                base.play_out(world, bots, random.Random(r), view.totals)
                sums[i] += base.outcome(world, view.seat)
        best = candidates[min(range(len(candidates)), key=lambda i: (sums[i], i))]
        self.searched += 1
        self.changed += best != answer
        return best


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("variant", choices=VARIANTS)
    p.add_argument("--seed", type=int, default=103000)
    p.add_argument("--games", type=int, default=12)
    p.add_argument("--width", type=int, default=2, help="throws compared (Hard's best by outs)")
    p.add_argument("--rollouts", type=int, default=16)
    p.add_argument("--share", type=float, default=0.5, help="share of the throws searched")
    p.add_argument("--laid", action="store_true", help="search the throws after laying instead")
    p.add_argument("--known", type=float, default=1.0,
                   help="true/next/others: the share of each true hand known (the rest at random)")
    p.add_argument("--iters", type=int, default=300, help="belief: proposals a seat and world")
    p.add_argument("--eps", type=float, default=0.05, help="belief: weight per decision missed")
    args = p.parse_args(argv)
    made: list[RolloutSearcher] = []

    def factory() -> RolloutSearcher:
        bot = RolloutSearcher(args.variant, args.width, args.rollouts, args.share, args.iters,
                              args.eps, args.laid, args.known)
        made.append(bot)
        return bot

    name = f"roll-{args.variant}"
    base.BOTS[name] = factory
    report = probe.probe(args.games, ["hard", "normal", "normal", "normal"], name,
                         make_rules("jamaican"), args.seed, 32, 10_000)
    report.pop("totals", None)
    report["searched"] = sum(b.searched for b in made)
    report["changed"] = sum(b.changed for b in made)
    report["fallbacks"] = sum(b.fallbacks for b in made)
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
