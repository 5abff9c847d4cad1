"""A throw policy (and a take policy) learnt from simulated hands (experiment; `docs/ai-journal.md`,
twelfth and thirteenth sessions, has the figures).

    .venv/bin/python scripts/learn_throws.py gen --seed 200000 --games 40 --out A.jsonl
    .venv/bin/python scripts/learn_throws.py fit A.jsonl B.jsonl [--use F1,F2] [--test C.jsonl]
    .venv/bin/python scripts/learn_throws.py gen --takes 0.3 --seed 170000 --games 40 --out T.jsonl
    .venv/bin/python scripts/learn_throws.py fit --kind call T.jsonl

``gen`` plays Hard (``--think-ms 0``) against three Normals, seats rotated. At each of Hard's
building throws (``--laid``: its throws after laying, its own and the next best by Normal's rule
for them, :func:`laid_ranking`) it takes its ``--width`` best throws by outs and scores each by ``--rollouts``
playouts of the rest of the hand from the *true* state (the others' hands as they are, the stock
reshuffled, every seat played by Normal, the same playouts for every throw): an oracle's value of
the throw, written with the throw's *public* features (:func:`features`: what the view shows).
The game itself goes on with Hard's own throw. ``fit`` regresses each throw's value, less the
mean of its decision's throws, on its features less their mean (least squares): what the
public features predict of the oracle's value. A policy that ranks throws by that prediction
needs no hidden card, and it is what a rollout search from the true state would choose, as far
as the view can tell. ``fit`` reports what that policy gains over Hard's own throw by the oracle's
values, by five-fold cross-validation over whole matches and, with ``--test``, on other matches.
Measured (twelfth session): nothing on the building throws, about +0.3 points a throw after
laying, which the decision probe (Hard's own bots in the playouts) does not tell from nothing.

``gen --takes SHARE`` records Hard's take decisions instead: every call it makes or could make,
every pluck of the discard and every refusal of a call, where it takes the card, and ``SHARE``
of those where it lets go a card that connects with its hand; each is scored taking and letting
go by the same oracle, with the take's public features (:func:`take_features`) against zeros for
letting go, so that ``fit --kind call`` (``pluck``, ``allow``) learns the take's value over
letting the card go and scores, the same way, the policy that takes where that is negative.
Measured (thirteenth session): Hard's rule (take exactly the cards that bring the plan closer)
is the oracle's in every group, and no learnt take policy beats it.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

from kalooki_desktop import probe
from kalooki_desktop.ai.fastplan import FastPlanner
from kalooki_desktop.ai.hard import HardBot
from kalooki_desktop.ai.normal import (
    NormalBot,
    Style,
    known_holdings,
    laid_throw_order,
    live_cards,
    throw_danger,
)
from kalooki_desktop.ai.plan import connections
from kalooki_desktop.engine.actions import (
    Action,
    Allow,
    Call,
    Discard,
    PluckDiscard,
    PluckStock,
    Refuse,
)
from kalooki_desktop.engine.cards import JOKER, Card, count_cards, parse_card, penalty
from kalooki_desktop.engine.hand import Phase
from kalooki_desktop.engine.melds import tack_result
from kalooki_desktop.engine.refusal import Refusal
from kalooki_desktop.engine.rules import make_rules
from kalooki_desktop.engine.view import View
from kalooki_desktop.sim import mean_ci, play_match, seating

W_PENALTY = 0.1  # Hard's outs score: -outs - 0.1 * penalty
#: One recorded decision (a JSON line): its candidates' features ``x`` and values ``y``, and more.
Row = dict[str, Any]


def thrown_by(log: Sequence[tuple[int, str]], players: int) -> list[list[Card]]:
    """For each seat, the cards it discarded this hand."""
    out: list[list[Card]] = [[] for _ in range(players)]
    for seat, text in log:
        if text.startswith("discard "):
            out[seat].append(parse_card(text[8:]))
    return out


def near(card: Card, other: Card, threes: bool, fours: bool) -> tuple[int, int]:
    """(same rank, same suit within two ranks) of two cards, as 0/1, by what the contract uses."""
    if card == JOKER or other == JOKER:
        return 0, 0
    r, s = card >> 2, card & 3
    r2, s2 = other >> 2, other & 3
    same = int(threes and r == r2 and s != s2)
    gap = abs(r - r2)
    if 1 in (r, r2):
        gap = min(gap, abs((14 if r == 1 else r) - (14 if r2 == 1 else r2)))
    nbr = int(fours and s == s2 and 0 < gap <= 2)
    return same, nbr


def near_counts(card: Card, cards: Sequence[Card], threes: bool, fours: bool) -> tuple[float, float]:
    """How many of ``cards`` share ``card``'s rank, and how many sit near it in its suit."""
    a = b = 0.0
    for o in cards:
        x, y = near(card, o, threes, fours)
        a += x
        b += y
    return a, b


FEATURES = (
    "short", "outs", "pen", "conn", "live_same", "live_nbr",
    "take_next_same", "take_next_nbr", "take_call_same", "take_call_nbr",
    "threw_next_same", "threw_next_nbr", "threw_call_same", "threw_call_nbr",
    "pile_same", "pile_nbr",
    "pen_late", "outs_late", "short_late", "pen_laid", "take_next_late",
)


def features(view: View, hand: list[Card], ranked: Sequence[tuple[int, float, Card]],
             live: Sequence[int]) -> list[list[float]]:
    """Public features of each of the ``ranked`` throws (see :data:`FEATURES`)."""
    players, me = view.players, view.seat
    spec = view.spec
    threes, fours = bool(spec.threes), bool(spec.fours)
    jp = view.rules.joker_points
    nxt = (me + 1) % players
    known = known_holdings(view)
    thrown = thrown_by(view.log, players)
    callers = [s for s in range(players) if s not in (me, nxt) and not view.laid[s]
               and view.calls_used[s] < view.rules.max_calls]
    rounds = view.stock_count / players
    late = 1.0 if rounds < 4 else 0.0
    anyone_laid = 1.0 if any(view.laid[s] for s in range(players) if s != me) else 0.0
    pile = list(view.discard_pile)
    next_open = 0.0 if view.laid[nxt] else 1.0
    rows: list[list[float]] = []
    for short, score, c in ranked:
        pen = float(penalty(c, jp))
        outs = -(score + W_PENALTY * pen)
        rest = list(hand)
        rest.remove(c)
        conn = connections(c, rest) if c != JOKER else 10.0
        live_same = live_nbr = 0.0
        for d in range(1, len(live)):
            if live[d]:
                x, y = near(c, d, threes, fours)
                live_same += x * live[d]
                live_nbr += y * live[d]
        tn = near_counts(c, known[nxt], threes, fours) if next_open else (0.0, 0.0)
        tc = [0.0, 0.0]
        wc = [0.0, 0.0]
        for s in callers:
            a, b = near_counts(c, known[s], threes, fours)
            tc[0] += a
            tc[1] += b
            a, b = near_counts(c, thrown[s], threes, fours)
            wc[0] += a
            wc[1] += b
        wn = near_counts(c, thrown[nxt], threes, fours)
        pl = near_counts(c, pile, threes, fours)
        rows.append([
            float(short), outs, pen / 10.0, conn, live_same, live_nbr,
            tn[0], tn[1], tc[0], tc[1], wn[0], wn[1], wc[0], wc[1], pl[0], pl[1],
            late * pen / 10.0, late * outs, late * short, anyone_laid * pen / 10.0,
            late * (tn[0] + tn[1]),
        ])
    return rows


def tack_steps(view: View, card: Card, live: Sequence[int]) -> int:
    """How many live cards, once tacked on the table, would let ``card`` be tacked after them
    (one step away; each copy counts)."""
    seat = view.seat
    steps = 0
    melds = view.table
    for d in range(1, len(live)):
        if not live[d] or d == card:
            continue
        for m in melds:
            grown = tack_result(m, d, m.owner == seat)
            if not isinstance(grown, Refusal) and not isinstance(
                    tack_result(grown, card, grown.owner == seat), Refusal):
                steps += live[d]
                break
    return steps


def laid_ranking(view: View, answer: Card, live: Sequence[int],
                 width: int) -> list[tuple[int, float, Card]]:
    """Once laid: Hard's throw (Normal's), then the next best by Normal's score for them
    (penalty less four times the feeding estimate), as (0, score, card) for :func:`features`,
    the score such that the feature ``outs`` is the card's :func:`tack_steps`."""
    options = sorted({c for c in view.my_hand if c != JOKER})
    jp = view.rules.joker_points
    options = laid_throw_order(options, throw_danger(view, options), Style().w_danger_laid, jp)
    cards = [answer, *[c for c in options if c != answer]][:width]
    return [(0, -tack_steps(view, c, live) - W_PENALTY * penalty(c, jp), c) for c in cards]


TAKE_FEATURES = (
    "one", "short", "gain", "outs", "outs_after", "calls", "rounds", "laid", "laid_two",
    "hand", "size", "pen", "conn", "behind", "last", "bend", "unlaid_min",
)


def count_outs(fp: FastPlanner, cnt: list[int], masks: list[int], short: int,
               live: Sequence[int]) -> int:
    """How many live cards (each copy counts) would bring a plan ``short`` cards away closer, by
    the one-window fast planner (Hard's throws counted them this way until the twentieth
    session; the take features were fitted with it)."""
    outs = 0
    if short:
        for d in range(len(live)):
            if live[d] > 0:
                FastPlanner.add(cnt, masks, d)
                if fp.plan(cnt, masks)[0] < short:
                    outs += live[d]
                FastPlanner.remove(cnt, masks, d)
    return outs


def take_features(view: View, card: Card, live: Sequence[int]) -> list[float]:
    """Public features of taking ``card`` (calling it, plucking it, refusing a call for it),
    against letting it go (see :data:`TAKE_FEATURES`): the plan's shortness and how much the
    card takes off it, the live cards that would bring the plan closer before and after (tens),
    the calls made, the rounds of stock left, how many others have laid and whether one holds two
    cards or fewer, the hand's number and size, the card's penalty (tens) and connections, how
    far the seat's total is behind the lowest other (hundreds), the last hand, a bend still
    possible (nobody laid, no call made) and the fewest cards an unlaid other holds (tens)."""
    hand = list(view.my_hand)
    me, players = view.seat, view.players
    fp = FastPlanner(view.spec, view.rules.joker_points, live)
    cnt = count_cards(hand)
    masks = fp.masks(cnt)
    short = fp.plan(cnt, masks)[0]
    outs = count_outs(fp, cnt, masks, short, live)
    FastPlanner.add(cnt, masks, card)
    after = fp.plan(cnt, masks)[0]
    outs_after = count_outs(fp, cnt, masks, after, live)
    laid = [view.hand_sizes[s] for s in range(players) if s != me and view.laid[s]]
    unlaid = [view.hand_sizes[s] for s in range(players) if s != me and not view.laid[s]]
    totals = view.totals
    behind = (totals[me] - min(totals[s] for s in range(players) if s != me)) / 100.0
    return [
        1.0, float(short), float(short - after), outs / 10.0, outs_after / 10.0,
        float(view.calls_used[me]), view.stock_count / players, float(len(laid)),
        float(bool(laid) and min(laid) <= 2), float(view.spec.number), float(len(hand)),
        penalty(card, view.rules.joker_points) / 10.0, connections(card, hand), behind,
        float(view.spec.number == len(view.rules.schedule)),
        float(not any(view.laid) and view.calls_used[me] == 0),
        (min(unlaid) if unlaid else 20) / 10.0,
    ]


def take_options(view: View, answer: Action | None) -> tuple[str, list[Action | None], bool] | None:
    """The take decision the seat faces (its kind, [take, let go], and whether ``answer``
    takes), or None: a call of the fresh discard, plucking the discard, refusing a call."""
    if view.laid[view.seat] or view.discard_top is None:
        return None
    if not view.my_turn:
        return ("call", [Call(), None], answer is not None) if view.may_call else None
    if view.phase == Phase.ALLOW:
        return "allow", [Refuse(), Allow()], isinstance(answer, Refuse)
    if view.phase == Phase.PLUCK and not view.stock_only:
        return "pluck", [PluckDiscard(), PluckStock()], isinstance(answer, PluckDiscard)
    return None


class Recorder(HardBot):
    """Hard (no hold search) that records its building throws' (``laid``: its throws after
    laying; ``takes``: its take decisions) features and oracle values."""

    def __init__(self, width: int, rollouts: int, seed: int, out: list[Row],
                 laid: bool = False, takes: float = 0.0) -> None:
        super().__init__(think_ms=0)
        self.width, self.rollouts = width, rollouts
        self.pick = random.Random(seed)
        self.out = out
        self.laid = laid
        self.takes = takes  # record take decisions instead (this share of the cards let go)

    def choose(self, view: View, rng: random.Random) -> Action | None:
        answer = super().choose(view, rng)
        if self.takes:
            self.record_take(view, answer)
            return answer
        if (not view.my_turn or view.phase != Phase.PLAY or not isinstance(answer, Discard)
                or view.laid[view.seat] != self.laid):
            return answer
        hand = list(view.my_hand)
        live = self.normal.live if self.normal.live is not None else live_cards(view)
        ranked = (laid_ranking(view, answer.card, live, self.width) if self.laid
                  else self.ranked[:self.width])
        if len(ranked) < 2:
            return answer
        rows = features(view, hand, ranked, live)
        bots = [NormalBot() for _ in range(view.players)]
        values = probe.score_actions(view._hand, bots, view.seat,  # the oracle reads the truth
                                     [Discard(c) for _, _, c in ranked], self.rollouts,
                                     self.pick.randrange(1 << 30), view.totals, False)
        self.out.append({"hand": view.spec.number, "stock": view.stock_count,
                         "cards": [c for _, _, c in ranked], "x": rows,
                         "y": [round(v, 2) for v in values]})
        return answer

    def record_take(self, view: View, answer: Action | None) -> None:
        """A take decision as two candidates, Hard's answer first: the take's features against
        zeros for letting the card go (so the fit learns the take's value over letting go).
        Every take of Hard is recorded, and ``takes`` of the cards it lets go that connect with
        its hand."""
        found = take_options(view, answer)
        if found is None:
            return
        kind, actions, took = found
        card = view.discard_top
        assert card is not None
        hand = list(view.my_hand)
        if not took and (connections(card, hand) <= 0 or self.pick.random() > self.takes):
            return
        live = self.normal.live if self.normal.live is not None else live_cards(view)
        x = take_features(view, card, live)
        zero = [0.0] * len(x)
        bots = [NormalBot() for _ in range(view.players)]
        take, let = probe.score_actions(view._hand, bots, view.seat,  # the oracle reads the truth
                                        actions, self.rollouts, self.pick.randrange(1 << 30),
                                        view.totals, kind == "call")
        self.out.append({"hand": view.spec.number, "stock": view.stock_count, "kind": kind,
                         "cards": [card], "took": took,
                         "x": [x, zero] if took else [zero, x],
                         "y": [round(take, 2), round(let, 2)] if took
                         else [round(let, 2), round(take, 2)]})


def gen(args: argparse.Namespace) -> int:
    rules = make_rules("jamaican")
    names = ["hard", "normal", "normal", "normal"]
    t0 = time.perf_counter()
    with open(args.out, "a") as f:
        for g in range(args.games):
            seated, seat_of_entry, deal = seating(names, g, args.seed, True)
            rows: list[Row] = []
            seated[seat_of_entry[0]] = Recorder(args.width, args.rollouts, deal * 7 + g, rows,
                                                args.laid, args.takes)
            play_match(rules, seated, deal)
            for r in rows:
                r["game"], r["deal"] = g, deal
                f.write(json.dumps(r) + "\n")
            f.flush()
            print(f"game {g} deal {deal}: {len(rows)} decisions, {time.perf_counter() - t0:.0f} s",
                  file=sys.stderr)
    return 0


def load(paths: Sequence[str]) -> list[Row]:
    rows: list[Row] = []
    for p in paths:
        with open(p) as f:
            rows.extend(json.loads(line) for line in f if line.strip())
    return rows


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a small ridge added by the caller)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for i in range(n):
        p = max(range(i, n), key=lambda r: abs(m[r][i]))
        m[i], m[p] = m[p], m[i]
        piv = m[i][i] or 1e-12
        for r in range(n):
            if r != i and m[r][i]:
                f = m[r][i] / piv
                m[r] = [x - f * y for x, y in zip(m[r], m[i], strict=True)]
    return [m[i][n] / (m[i][i] or 1e-12) for i in range(n)]


def fit_rows(rows: Sequence[Row], use: Sequence[int], ridge: float = 1.0) -> list[float]:
    """Least squares of centred values on centred features (``use``: the feature indexes)."""
    k = len(use)
    xtx = [[0.0] * k for _ in range(k)]
    xty = [0.0] * k
    for r in rows:
        xs = [[row[j] for j in use] for row in r["x"]]
        ys = r["y"]
        n = len(ys)
        mx = [sum(x[j] for x in xs) / n for j in range(k)]
        my = sum(ys) / n
        for x, y in zip(xs, ys, strict=True):
            d = [x[j] - mx[j] for j in range(k)]
            e = y - my
            for i in range(k):
                if d[i]:
                    xty[i] += d[i] * e
                    row_i = xtx[i]
                    for j in range(k):
                        row_i[j] += d[i] * d[j]
    for i in range(k):
        xtx[i][i] += ridge
    return solve(xtx, xty)


def choice_gains(rows: Sequence[Row], use: Sequence[int],
                 w: Sequence[float]) -> list[float | None]:
    """For each decision, the oracle value gained over the first throw (the outs' choice) by
    throwing the one the weights rank best (0 where it is the same throw)."""
    gains = []
    for r in rows:
        xs = r["x"]
        ys = r["y"]
        preds = [sum(w[i] * x[j] for i, j in enumerate(use)) for x in xs]
        best = min(range(len(preds)), key=lambda i: (preds[i], i))
        gains.append(ys[0] - ys[best] if best else None)
    return gains


def fit(args: argparse.Namespace) -> int:
    rows = load(args.files)
    names: tuple[str, ...] = FEATURES
    if args.kind:
        rows = [r for r in rows if r.get("kind") == args.kind]
        names = TAKE_FEATURES
    if not rows:
        print(f"no {args.kind or 'throw'} decisions in {', '.join(args.files)}"
              + (" (were they recorded with gen --takes?)" if args.kind else ""), file=sys.stderr)
        return 2
    use = [names.index(n) for n in (args.use.split(",") if args.use else names)]
    rng = random.Random(1)
    games = sorted({(r["deal"], r["game"]) for r in rows})
    rng.shuffle(games)
    folds = 5
    gains: list[float | None] = []
    fold_gains = []
    for k in range(folds):
        test = set(games[k::folds])
        train = [r for r in rows if (r["deal"], r["game"]) not in test]
        held = [r for r in rows if (r["deal"], r["game"]) in test]
        g = choice_gains(held, use, fit_rows(train, use, args.ridge))
        fold_gains.append(sum(x or 0.0 for x in g) / max(1, len(g)))
        gains.extend(g)
    w = fit_rows(rows, use, args.ridge)
    mean, half = mean_ci([g or 0.0 for g in gains])
    changed = [g for g in gains if g is not None]
    cmean, chalf = mean_ci(changed) if len(changed) > 1 else (0.0, 0.0)
    print(json.dumps({
        "decisions": len(rows), "games": len(games),
        "weights": {names[j]: round(w[i], 3) for i, j in enumerate(use)},
        # The oracle's value of the seat's own choice less the other's (negative: its own is
        # better); for takes, split by whether it took.
        **({"own_minus_other": {
            t: [round(v, 2) for v in mean_ci(d)] for t, d in (
                (t, [r["y"][0] - r["y"][1] for r in rows if r["took"] == (t == "took")])
                for t in ("took", "let go")) if d}} if args.kind else {}),
        "cv_gain_per_throw": [round(mean, 3), round(half, 3)],
        "cv_fold_gains": [round(g, 3) for g in fold_gains],
        "cv_changed": len(changed),
        "cv_gain_per_changed": [round(cmean, 3), round(chalf, 3)],
        "oracle_gain_per_throw": round(sum(r["y"][0] - min(r["y"]) for r in rows) / len(rows), 3),
        **({"test": gain_summary(choice_gains(load(args.test), use, w))} if args.test else {}),
    }, indent=1))
    return 0


def gain_summary(gains: Sequence[float | None]) -> dict[str, object]:
    """Mean gain a throw and a changed throw (with 95% intervals) and how many changed."""
    mean, half = mean_ci([g or 0.0 for g in gains])
    changed = [g for g in gains if g is not None]
    cmean, chalf = mean_ci(changed) if len(changed) > 1 else (0.0, 0.0)
    return {"decisions": len(gains), "gain_per_throw": [round(mean, 3), round(half, 3)],
            "changed": len(changed), "gain_per_changed": [round(cmean, 3), round(chalf, 3)]}


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("gen")
    g.add_argument("--seed", type=int, default=200000)
    g.add_argument("--games", type=int, default=40)
    g.add_argument("--width", type=int, default=4)
    g.add_argument("--rollouts", type=int, default=12)
    g.add_argument("--out", required=True)
    g.add_argument("--laid", action="store_true", help="the throws after laying instead")
    g.add_argument("--takes", type=float, default=0.0,
                   help="record the take decisions instead (calls, plucks of the discard, "
                   "refusals), and this share of the connecting cards Hard lets go")
    f = sub.add_parser("fit")
    f.add_argument("files", nargs="+")
    f.add_argument("--use", default="")
    f.add_argument("--ridge", type=float, default=1.0)
    f.add_argument("--kind", choices=("call", "pluck", "allow"), default="",
                   help="fit the take decisions of this kind (gen --takes)")
    f.add_argument("--test", nargs="*", default=[],
                   help="files of other matches: the gain of the weights fitted on FILES there")
    args = p.parse_args(argv)
    return gen(args) if args.cmd == "gen" else fit(args)


if __name__ == "__main__":
    sys.exit(main())
