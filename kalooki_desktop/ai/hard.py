"""The ``hard`` bot: Normal's judgement, an exhaustive look at the next draw, and determinized
Monte Carlo search of when to lay.

Hard plays as Normal does (card counting, the lay that leaves the fewest cards after tacks),
with five differences, measured over duplicate games against three Normals (README, AI section):

- It throws by *outs* while building its contract (:func:`throw_ranking`): for every card it
  could throw it goes through every card it could draw next, planning as Normal's planner
  does. Of the throws that keep the plan closest, it makes the one after which the most live
  cards (the unseen copies no other player is known to hold, each copy counted) would bring the
  plan closer, with 0.1 of an out for each penalty point the throw sheds. That took Hard from
  26% to 35% of the matches; counting on the planner's plans rather than the searches'
  one-window ones (twentieth session): +2.1 (±1.8) points of wins paired, 39.7% against 38.6%
  over ten fresh sets each.
- Once laid it keeps the cards a draw would let it tack (:func:`laid_throw`, :func:`tack_outs`)
  rather than always shedding the costliest, and tacks a card that fits more than one meld where
  more of its hand can follow (:func:`best_tack`): +3.8 and +1.1 points of edge a match.
- It calls while the stock lasts (``call_floor``; Normal stops two rounds before its end).
- When it could lay while nobody has laid and the lay would not go out, it searches laying now
  against holding the contract to go down and out (J-8.2) by playouts from sampled worlds
  (:mod:`.hold`, ``hold``), within its thinking budget (``think_ms``, default 500 ms; 0 turns
  the search off).
- When its contract is ready at its pluck (or when it is asked to allow a call), it takes the
  discard if the lay with it leaves no more cards than without (:func:`.hold.holding_take`), bend
  or no bend; Normal takes only a card that brings an unfinished plan closer, so it plucks the
  stock, which may not fit. Decision probe (thirty-fifth session, 400 matches): +4.5 (±1.4)
  points of hand score a changed pluck, +13.7 (±8.0) a changed answer to a call, 0.6 changes
  a match: about 3.3 points of edge a match.

Its other decisions take about a millisecond (p99 about 20 ms), far inside the budget.

The throw search (``search="discard"``; off by default, because measured it loses to the outs alone):
among the throws whose outs score is within ``tie`` of the best (0: the throws the outs cannot
tell apart; all of the best ``width`` when ``tie`` is None), each is scored over sampled
worlds, the others' hidden cards and the stock dealt consistently with everything the seat has
seen (the discards the others were seen to take stay with them; every card on the table or in
the pile is dead). In each world every player draws its own share of the stock and throws by
its plan (:func:`.fastplan.trajectory`, a fast planner); the first to go out ends the hand,
and each other player pays the penalty of the hand it holds at that moment, or about
:data:`LAID_PENALTY` if it has laid. The throw is also offered to the next player and the
callers: the first whose plan it helps takes it, as a Normal would (``feed``). A candidate's
score is its penalty minus the others' average (``method="race"``). The same worlds serve every
candidate (common random numbers), so the differences come from the decision, not the luck of
the draw. It stops at its thinking budget (``think_ms``, default 500 ms) or when cancelled.

Measured alternatives, kept for comparison (README, AI section): ``throws="normal"`` (the
candidates are Normal's pick and the loosest cards the plan can spare), ``method="draws"`` (the
candidate after which the seat's own hand goes out soonest, :func:`.fastplan.turns_to_out`),
``method="rollouts"`` (whole-table rollouts with a fast Normal policy), and ``search``
widened to plucks (``pluck``) and calls (``call``): all weaker.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Sequence

from ..engine.actions import Action, Allow, Call, Discard, Lay, PluckDiscard, PluckStock, Refuse, Tack
from ..engine.cards import JOKER, Card, count_cards, penalty, penalty_total
from ..engine.hand import HandState, Phase
from ..engine.melds import Meld, tack_result, tack_targets
from ..engine.refusal import Refusal
from ..engine.view import View
from .base import next_in_hand, register
from .fastplan import LEFTOVER_TURNS, FastPlanner, trajectory, turns_to_out
from .hold import (
    MARGIN,
    MIN_ROLLOUTS,
    ROLLOUTS,
    ROUNDS,
    hold_gain,
    holding,
    holding_take,
    holding_throw,
)
from .normal import NormalBot, Style, known_holdings, live_cards, tack_all, throw_danger
from .plan import connections, deficiency, deficiency_below, make_plan

#: Rollout policy: Normal without the slow parts.
FAST = Style(watch_others=False, lay_limit=8)
DEFAULT_THINK_MS = 500
#: The others are Normals, as far as Hard knows: no calls once the stock is this many rounds.
NORMAL_CALL_FLOOR = Style().call_stock_floor
#: The share of the thinking budget the hold search may start playouts in. The step a playout is
#: in when this passes may run on: 0.8 let two decisions end 109 and 121 ms past it (508.7 ms in
#: the seventeenth session, 520.7 ms in the twenty-second, each once in a 1,000-game set), so 0.7
#: keeps 150 ms for it.
HOLD_SHARE = 0.7
#: About what a player who has laid pays when another goes out (measured: 10.6 on average).
LAID_PENALTY = 10.0
#: Once laid, what Hard's throw weighs, in points of hand score (fitted to an oracle's values of
#: 7,585 throws after laying, twelfth session; README, AI section): an out
#: (:func:`tack_outs`), a penalty point shed (more once another seat has laid, when the hand
#: may end sooner) and a unit of Normal's feeding estimate (:func:`.normal.throw_danger`).
LAID_W_OUT = 0.8
LAID_W_PENALTY = 0.25
LAID_W_PENALTY_OTHERS_LAID = 0.55
LAID_W_DANGER = 1.0


def sample_world(view: View, rng: random.Random, known: Sequence[Sequence[Card]]) -> HandState:
    """One full state consistent with the view: hidden cards dealt at random around the known ones."""
    pool = view.unseen()
    left = count_cards(pool)
    sizes = view.hand_sizes
    others: list[list[Card]] = [[] for _ in range(view.players)]
    for seat in range(view.players):
        if seat == view.seat:
            continue
        for c in known[seat]:
            if left[c] > 0 and len(others[seat]) < sizes[seat]:
                left[c] -= 1
                others[seat].append(c)
    rest = [c for c in range(len(left)) for _ in range(left[c])]
    rng.shuffle(rest)
    for seat in range(view.players):
        if seat != view.seat:
            need = sizes[seat] - len(others[seat])
            others[seat].extend(rest[:need])
            del rest[:need]
    return view.world(others, rest, random.Random(rng.random()))


def lowest(candidates: list[Action | None], totals: list[float]) -> Action | None:
    """The candidate with the lowest total (the first of equals: Normal's own pick comes first)."""
    return candidates[min(range(len(candidates)), key=lambda i: (totals[i], i))]


def split_unseen(view: View) -> tuple[list[int], list[list[int]]]:
    """The cards the seat cannot see, as counts: (those free to be anywhere, and for each
    other seat those it is known to hold - discards it took and has not played since)."""
    known = known_holdings(view)
    sizes = view.hand_sizes
    left = count_cards(view.unseen())
    held: list[list[int]] = []
    for seat in range(view.players):
        kc = [0] * len(left)
        if seat != view.seat:
            n = 0
            for c in known[seat]:
                if left[c] > 0 and n < sizes[seat]:
                    left[c] -= 1
                    kc[c] += 1
                    n += 1
        held.append(kc)
    return left, held


def throw_ranking(view: View, hand: list[Card], options: Sequence[Card], live: Sequence[int],
                  w_penalty: float = 0.1, w_danger: float = 0.0,
                  limits: bool = True) -> list[tuple[int, float, Card]]:
    """The throws from best to worst by *outs*: the plan (Normal's planner with card counting,
    :func:`.plan.make_plan`; ``limits``: its joker limits) stays as close as it can, then the
    more live cards that would bring it closer the better (each copy counts), then a little for
    shedding penalty points (``w_penalty`` an out per point) and, with ``w_danger``, against
    feeding the others (:func:`.normal.throw_danger`). Each throw as (cards short after it,
    score: lower is better, card), best first.

    Until the twentieth session this planned with the one-window planner of the searches
    (:class:`.fastplan.FastPlanner`), which misjudges a contract of threes and fours in 7-16% of
    random hands (the planner here: 3-7%, against every window): measured, +2.1 (±1.8) points
    of wins over 2,000 paired games (README, AI section)."""
    jp = view.rules.joker_points
    spec = view.spec
    danger = throw_danger(view, options) if w_danger else {}
    drawable = [d for d, n in enumerate(live) if n > 0]
    keys: list[tuple[int, float, Card]] = []
    for c in sorted(set(options)):
        rest = list(hand)
        rest.remove(c)
        short = deficiency(rest, spec, live, limits)
        outs = 0
        if short:
            for d in drawable:
                rest.append(d)
                if deficiency_below(rest, spec, short, live, limits):
                    outs += live[d]
                rest.pop()
        score = -outs - w_penalty * penalty(c, jp) + (w_danger * danger[c] if w_danger else 0.0)
        keys.append((short, score, c))
    keys.sort()
    return keys


def tack_outs(table: Sequence[Meld], seat: int, options: Sequence[Card],
              live: Sequence[int]) -> dict[Card, int]:
    """Once laid, each card's *outs*: the live copies of the cards after whose tack (by any
    player who has laid, on any meld) the card could be tacked too, over every meld."""
    outs = dict.fromkeys(options, 0)
    for meld in table:
        own = meld.owner == seat
        targets = tack_targets(meld, own)
        now = {c for c, _ in targets}
        for d, end in targets:
            if live[d] <= 0:
                continue
            grown = tack_result(meld, d, own, end)
            if isinstance(grown, Refusal):
                continue
            for c, _ in tack_targets(grown, own):
                if c in outs and c not in now:
                    outs[c] += live[d]
    return outs


def laid_throw(view: View, options: Sequence[Card], live: Sequence[int]) -> Card:
    """Hard's throw once laid: the card whose penalty is most worth shedding against its outs
    (a card a draw would let it tack is one step nearer going out) and how much it would feed
    the others (the weights ``LAID_W_*``; the first of equals in card order)."""
    outs = tack_outs(view.table, view.seat, options, live)
    danger = throw_danger(view, options)
    jp = view.rules.joker_points
    laid = view.laid
    others_laid = any(laid[s] for s in range(view.players) if s != view.seat)
    w_penalty = LAID_W_PENALTY_OTHERS_LAID if others_laid else LAID_W_PENALTY

    def value(c: Card) -> float:
        return w_penalty * penalty(c, jp) - LAID_W_OUT * outs[c] - LAID_W_DANGER * danger[c]

    return max(sorted(options), key=value)


def best_tack(view: View, tack: Tack, placing: Sequence[Action], live: Sequence[int]) -> Tack:
    """Where to tack ``tack``'s card when more than one meld or end of the legal ``placing``
    takes it: where the fewest cards of the hand stay behind once the others follow, then where
    those have the most :func:`tack_outs` (``tack`` itself first of equals)."""
    seat = view.seat
    table = view.table
    others = [a for a in placing if isinstance(a, Tack) and a.card == tack.card and a != tack]
    if not others:
        return tack
    rest = list(view.my_hand)
    rest.remove(tack.card)
    keep = 0 if view.rules.out_without_discard else 1
    best, best_key = tack, None
    for i, a in enumerate([tack, *others]):
        meld = table[a.meld - 1]
        grown = tack_result(meld, a.card, meld.owner == seat, a.end)
        if isinstance(grown, Refusal):
            continue
        melds = list(table)
        melds[a.meld - 1] = grown
        after, left = tack_all(melds, seat, list(rest), keep)
        outs = tack_outs(after, seat, left, live)
        key = (len(left), -sum(outs.values()), i)
        if best_key is None or key < best_key:
            best, best_key = a, key
    return best


class _HardPlanner(NormalBot):
    """Normal's decisions with Hard's throws: while building the best by outs (and the ranking
    kept on the Hard bot for its search), once laid :func:`laid_throw`; and its tacks where
    more of the hand can follow (:func:`best_tack`)."""

    def __init__(self, hard: HardBot, style: Style) -> None:
        super().__init__(style)
        self.hard = hard

    def pick_placing(self, view: View, placing: Sequence[Action]) -> Action:
        first = placing[0]
        if not isinstance(first, Tack):
            return first
        return best_tack(view, first, placing,
                         self.live if self.live is not None else live_cards(view))

    def pick_discard(self, view: View, hand: list[Card], options: list[Card],
                     rng: random.Random) -> Card:
        hard = self.hard
        if hard.throws != "outs":
            return super().pick_discard(view, hand, options, rng)
        live = self.live if self.live is not None else live_cards(view)
        if view.laid[view.seat]:
            return laid_throw(view, options, live)
        hard.ranked = throw_ranking(view, hand, options, live, hard.w_penalty, hard.w_danger,
                                    self.style.joker_limits)
        return hard.ranked[0][2]


class HardBot:
    """Normal plus search (see the module docstring)."""

    name = "hard"

    def __init__(self, think_ms: float = DEFAULT_THINK_MS, max_samples: int = 2000,
                 horizon_turns: int | None = None, search: str = "",
                 method: str = "race", feed: bool = True, width: int = 4,
                 costly: bool = False, throws: str = "outs",
                 w_penalty: float = 0.1, w_danger: float = 0.0, tie: float | None = 0.0,
                 call_floor: float = 0.0, hold: bool = True, hold_rollouts: int = ROLLOUTS,
                 hold_margin: float = MARGIN, hold_rounds: float = ROUNDS,
                 ready_takes: bool = True) -> None:
        self.hold = hold  # search laying now against holding for a bend (.hold)
        self.ready_takes = ready_takes  # ready to lay: take a discard that fits the lay (.ready)
        self.hold_rounds = hold_rounds
        self.hold_rollouts = hold_rollouts
        self.hold_margin = hold_margin
        self.hold_searches = self.holds = 0  # searches and holds (for the measurements)
        self.w_penalty = w_penalty
        self.ranked: list[tuple[int, float, Card]] = []  # this decision's throws, best first
        self.tie = tie  # with outs, search only the throws this close to the best (None: width)
        self.w_danger = w_danger
        self.method = method
        self.throws = throws
        self.feed = feed
        self.width = width  # throws compared
        self.costly = costly
        self.search_kinds = {k for k in search.split(",") if k}  # empty: no search
        self.think_ms = think_ms
        self.max_samples = max_samples
        self.horizon_turns = horizon_turns
        self.cancel = threading.Event()
        # Calls while the stock lasts (Normal stops two rounds before its end).
        self.normal = _HardPlanner(self, Style(counting=True, lay_for_out=True,
                                               call_stock_floor=call_floor, joker_limits=True))
        self.fast = NormalBot(FAST)
        self.last_samples = 0
        self._deadline = self._hold_deadline = 0.0

    def choose(self, view: View, rng: random.Random) -> Action | None:
        """Normal's answer (its throw replaced by the best by outs), or, with search on, the
        best candidate by search when the outs leave a real choice."""
        # The whole decision, Normal's part included, stays inside the budget (3% kept spare).
        started = time.perf_counter()
        self._deadline = started + 0.97 * self.think_ms / 1000.0
        # The hold search stops earlier: a playout step of the holder (its throw weighs every
        # lay) can take tens of milliseconds past the moment it checks the clock.
        self._hold_deadline = started + HOLD_SHARE * self.think_ms / 1000.0
        self.ranked = []  # filled by the planner's throw (_HardPlanner.pick_discard)
        bend = self.hold and self.think_ms > 0 and holding(view, self.hold_rounds)
        base = self.normal.choose(view, rng)  # (sets the live cards that ready() reads)
        if view.phase in (Phase.PLUCK, Phase.ALLOW) and (bend or self.ready(view)):
            take = holding_take(view, list(view.my_hand))  # a card that fits the lay
            if take is not None:
                return take
        if bend and isinstance(base, Lay):
            return self.lay_or_hold(view, rng, base)
        candidates = self.candidates(view, base)
        if len(candidates) < 2 or self.think_ms <= 0:
            return base
        return self.search(view, rng, candidates)

    def ready(self, view: View) -> bool:
        """With ``ready_takes``: the seat is at its turn, has not laid, and its plan is complete
        (it could lay this turn), so a discard that fits the lay is worth more than a stock card,
        which may not (:func:`.hold.holding_take`). Asked after Normal's answer to the same view,
        whose plan it reuses (the live cards and the plan's shortness, from the planner's cache)."""
        if not self.ready_takes or not view.my_turn or view.laid[view.seat]:
            return False
        live = self.normal.live if self.normal.live is not None else live_cards(view)
        return deficiency(list(view.my_hand), view.spec, live, True) == 0

    def lay_or_hold(self, view: View, rng: random.Random, lay: Lay) -> Action:
        """``lay``, or the throw that holds the contract for a bend when :meth:`hold_better`."""
        hand = list(view.my_hand)
        left = self.normal.lay_left  # the lay just found (cards_left(view, hand), not twice)
        throw = holding_throw(view, hand, left, self._hold_deadline) if left > 1 else None
        if throw is None:
            return lay  # the lay goes out now (a bend), nothing to throw, or no time left
        hold = Discard(throw[1])
        self.hold_searches += 1
        if self.hold_better(view, random.Random(rng.random()), lay, hold):
            self.holds += 1
            return hold
        return lay

    def hold_better(self, view: View, rng: random.Random, lay: Action, hold: Action) -> bool:
        """Holding scores better than laying by more than ``hold_margin`` over the playouts
        from worlds dealt around what the seat knows (:func:`.hold.hold_gain`)."""
        known = known_holdings(view)
        worlds = [sample_world(view, rng, known)
                  for _ in range(min(self.hold_rollouts, self.max_samples))]
        gain, done = hold_gain(view, lay, hold, worlds, self._hold_deadline, self.cancel,
                               self.hold_rounds)
        self.last_samples = done
        return done >= min(MIN_ROLLOUTS, len(worlds)) and gain > self.hold_margin

    # --- which decisions to search -------------------------------------------------------

    def candidates(self, view: View, base: Action | None) -> list[Action | None]:
        """The options worth comparing for this decision (one means: no search)."""
        hand = list(view.my_hand)
        top = view.discard_top
        kinds = self.search_kinds
        if not view.my_turn:
            if "call" in kinds and view.may_call and top is not None and self._close(hand, top, view):
                return [Call(), None]
            return [base]
        if view.laid[view.seat]:
            return [base]
        if "call" in kinds and view.phase == Phase.ALLOW and top is not None and self._close(hand, top, view):
            return [Refuse(), Allow()]
        if view.phase == Phase.PLUCK:
            if "pluck" in kinds and top is not None and not view.stock_only and self._close(hand, top, view):
                return [PluckDiscard(), PluckStock()]
            return [base]
        if "discard" in kinds and view.phase == Phase.PLAY and isinstance(base, Discard):
            return self._discard_candidates(view, hand, base)
        return [base]

    def _close(self, hand: list[Card], card: Card, view: View) -> bool:
        """Taking ``card`` brings the plan closer: Normal would take it; search may say no."""
        return self.normal.wants(view, card)

    def _discard_candidates(self, view: View, hand: list[Card], base: Discard) -> list[Action | None]:
        if self.ranked:
            short, best, _ = self.ranked[0]
            close = [c for s, score, c in self.ranked if self.tie is None
                     or (s == short and score <= best + self.tie)]
            return [Discard(c) for c in close[:self.width]]
        plan = make_plan(hand, view.spec, live=self.normal.live,
                         limits=self.normal.style.joker_limits)
        kept = count_cards(plan.keep)
        held = count_cards(hand)
        options = sorted({c for c in hand if c != JOKER})
        spare = [c for c in options if held[c] > kept[c]]
        pool = spare if len(spare) >= 2 else options
        jp = view.rules.joker_points
        # Normal's pick, then the costliest spare cards and the loosest ones.
        ranked = sorted(pool, key=lambda c: (connections(c, hand), -penalty_total([c], jp)))
        picks: list[Card] = [base.card]
        if self.costly:  # the costliest card the plan can spare: the race may say shed it
            costliest = max(pool, key=lambda c: (penalty(c, jp), -connections(c, hand)))
            if costliest not in picks:
                picks.append(costliest)
        for c in ranked:
            if len(picks) >= self.width:
                break
            if c not in picks:
                picks.append(c)
        return [Discard(c) for c in picks]

    # --- search ---------------------------------------------------------------------------

    def search(self, view: View, rng: random.Random, candidates: list[Action | None]) -> Action | None:
        """The best candidate: by the seat's own future draws (``method="draws"``, the default) or
        by table rollouts to the end of the hand (``method="rollouts"``)."""
        if self.method == "draws":
            return self.search_draws(view, rng, candidates)
        if self.method == "race":
            return self.search_race(view, rng, candidates)
        return self.search_rollouts(view, rng, candidates)

    def search_draws(self, view: View, rng: random.Random,
                     candidates: list[Action | None]) -> Action | None:
        """The candidate after which the hand goes out soonest, over sampled stock orders.

        Every sample deals the unseen cards (the others' known pick-ups set aside) into a
        stock order; the seat draws every ``players``-th card and throws by the plan
        (:func:`turns_to_out`). The same orders serve every candidate.
        """
        deadline = self._deadline
        spec = view.spec
        jp = view.rules.joker_points
        hand = list(view.my_hand)
        top = view.discard_top
        left, _ = split_unseen(view)
        free = [c for c in range(len(left)) for _ in range(left[c])]
        fp = FastPlanner(spec, jp, left if self.normal.style.counting else None,
                         self.normal.style.joker_limits)
        players = view.players
        turns = max(3, min(10, view.stock_count // players + 1))
        starts = self._starts(candidates, hand, top)
        totals = [0.0] * len(candidates)
        samples = 0
        started = time.perf_counter()
        while samples < self.max_samples and not self.cancel.is_set():
            rng.shuffle(free)
            draws = free[players - 1:: players][:turns]
            for i, (h, size, draw_first, extra) in enumerate(starts):
                cnt = list(h)
                if extra:
                    cnt[free[0]] += 1
                totals[i] += turns_to_out(fp, cnt, size + extra, draws, draw_first)
            samples += 1
            if self._out_of_time(deadline, started, samples):
                break
        self.last_samples = samples
        return lowest(candidates, totals)

    def search_race(self, view: View, rng: random.Random,
                    candidates: list[Action | None]) -> Action | None:
        """The candidate with the best expected penalty difference when the hand ends.

        Every sample deals the others' hidden cards (around what they are known to hold) and
        a stock order; each player then draws its own share of the stock and throws by its plan
        (:func:`trajectory`). Whoever goes out first ends the hand: the others pay the penalty
        of their hand at that moment, or about :data:`LAID_PENALTY` if they have laid. The
        score of a candidate is my penalty minus the others' average. The others' futures are
        simulated once a sample; only one that takes my throw is simulated again.
        """
        deadline = self._deadline
        spec = view.spec
        jp = view.rules.joker_points
        players = view.players
        me = view.seat
        hand = list(view.my_hand)
        top = view.discard_top
        sizes = view.hand_sizes
        left, known_cnt = split_unseen(view)
        free = [c for c in range(len(left)) for _ in range(left[c])]
        pen = [penalty(c, jp) for c in range(len(left))]
        fp = FastPlanner(spec, jp, left if self.normal.style.counting else None,
                         self.normal.style.joker_limits)
        fp_others = FastPlanner(spec, jp, None)
        opponents = [((me + d) % players, d) for d in range(1, players)]
        hidden = [sizes[seat] - sum(known_cnt[seat]) for seat, _ in opponents]
        stock_len = max(0, len(free) - sum(hidden))
        turns = max(1, min(12, stock_len // players))
        starts = self._starts(candidates, hand, top)
        totals = [0.0] * len(candidates)
        samples = 0
        started = time.perf_counter()
        inf = float("inf")
        # Who could take my discard (J-5.1, J-5.2): the next player by plucking or refusing a
        # call, else the first caller after it that has calls left (Normal's stock floor).
        may_call = [seat for seat, d in opponents[1:] if not view.laid[seat]
                    and view.calls_used[seat] < view.rules.max_calls
                    and view.stock_count > NORMAL_CALL_FLOOR * players and view.rules.calling]
        next_seat = opponents[0][0] if opponents else -1
        takers = ([next_seat] if next_seat >= 0 and not view.laid[next_seat] else []) + may_call
        throws = [c.card if isinstance(c, Discard) and self.feed else -1 for c in candidates]
        while samples < self.max_samples and not self.cancel.is_set():
            rng.shuffle(free)
            pos = 0
            dealt: dict[int, list[int]] = {}
            for (seat, _d), need in zip(opponents, hidden, strict=True):
                cnt = list(known_cnt[seat])
                for c in free[pos:pos + need]:
                    cnt[c] += 1
                pos += need
                dealt[seat] = cnt
            stock = free[pos:]
            spare = stock[-1] if stock else JOKER
            # Each opponent's future: (lay tick, out tick, offset, penalties).
            base: dict[int, tuple[float, float, int, list[int]]] = {}
            for seat, d in opponents:
                if view.laid[seat]:
                    base[seat] = (-1.0, d + players * (LEFTOVER_TURNS * sizes[seat] + 0.5), d, [0])
                    continue
                draws = stock[d - 1::players][:turns]
                lay, out_turns, pens = trajectory(fp_others, list(dealt[seat]), sizes[seat], draws,
                                                  True, pen)
                base[seat] = (d + players * lay if lay >= 0 else inf, d + players * out_turns, d, pens)
            base_first_out = min(o[1] for o in base.values()) if base else inf
            short: dict[int, int] = {}
            draws = stock[players - 1::players][:turns]
            for i, (h, size, draw_first, extra) in enumerate(starts):
                others = base
                first_out = base_first_out
                card = throws[i]
                if card > 0:
                    for seat in takers:  # the first that wants it takes it
                        cnt = dealt[seat]
                        if seat not in short:
                            short[seat] = fp_others.deficiency(cnt)
                        cnt[card] += 1
                        wants = fp_others.deficiency(cnt) < short[seat]
                        cnt[card] -= 1
                        if not wants:
                            continue
                        d = base[seat][2]
                        fed = list(cnt)
                        their = stock[d - 1::players][:turns]
                        size_fed = sizes[seat]
                        if seat == next_seat:  # my card instead of its first stock card
                            their = [card, *their[1:]]
                        else:  # a call: my card and a penalty card, then its own turns
                            fed[card] += 1
                            fed[spare] += 1
                            size_fed += 2
                        lay, out_turns, pens = trajectory(fp_others, fed, size_fed, their, True, pen)
                        others = dict(base)
                        others[seat] = (d + players * lay if lay >= 0 else inf,
                                        d + players * out_turns, d, pens)
                        first_out = min(o[1] for o in others.values())
                        break
                cnt = list(h)
                if extra:
                    cnt[spare] += 1
                lay, out_turns, pens = trajectory(fp, cnt, size + extra, draws, draw_first, pen)
                my_lay = players * (lay + 1) if lay >= 0 else inf
                my_out = players * (out_turns + 1)
                end = min(first_out, my_out)
                mine = self._pays(my_lay, my_out, end, players, players, pens)
                theirs = sum(self._pays(o[0], o[1], end, o[2], players, o[3]) for o in others.values())
                totals[i] += mine - theirs / max(1, len(others))
            samples += 1
            if self._out_of_time(deadline, started, samples):
                break
        self.last_samples = samples
        return lowest(candidates, totals)

    @staticmethod
    def _pays(lay_tick: float, out_tick: float, end: float, offset: int, players: int,
              pens: list[int]) -> float:
        """What a player pays when the hand ends at tick ``end`` (``inf``: not within the search)."""
        if out_tick <= end and out_tick != float("inf"):
            return 0.0
        if lay_tick <= end and lay_tick != float("inf"):
            return LAID_PENALTY
        if end == float("inf"):
            return float(pens[-1])
        done = int((end - offset) // players) + 1 if end >= offset else 0  # its turns by the end
        return float(pens[min(done, len(pens) - 1)])

    @staticmethod
    def _starts(candidates: list[Action | None], hand: list[Card],
                top: Card | None) -> list[tuple[list[int], int, bool, int]]:
        """Each candidate's hand after it (counts and size), whether its next turn draws first,
        and whether one more stock card joins it (a call's penalty card, a pluck from stock)."""
        held = count_cards(hand)
        starts: list[tuple[list[int], int, bool, int]] = []
        for cand in candidates:
            h = list(held)
            size = len(hand)
            extra = 0
            draw_first = True
            if isinstance(cand, Discard):
                h[cand.card] -= 1
                size -= 1
            elif isinstance(cand, (PluckDiscard, Refuse)) and top is not None:
                h[top] += 1
                size += 1
                draw_first = False
            elif isinstance(cand, Call) and top is not None:
                h[top] += 1
                size += 1
                extra = 1
            elif isinstance(cand, PluckStock):
                extra = 1
                draw_first = False
            starts.append((h, size, draw_first, extra))
        return starts

    def search_rollouts(self, view: View, rng: random.Random,
                        candidates: list[Action | None]) -> Action | None:
        """The candidate with the best mean outcome over sampled worlds."""
        deadline = self._deadline
        known = known_holdings(view)
        totals = [0.0] * len(candidates)
        samples = 0
        horizon = self.horizon_turns or 3 * view.players
        started = time.perf_counter()
        while samples < self.max_samples and not self.cancel.is_set():
            world = sample_world(view, rng, known)
            seed = rng.random()
            for i, cand in enumerate(candidates):
                w = world.clone() if i < len(candidates) - 1 else world
                totals[i] += self._rollout(w, view.seat, cand, random.Random(seed), horizon)
            samples += 1
            if self._out_of_time(deadline, started, samples):
                break
        self.last_samples = samples
        if samples == 0:
            return candidates[0]
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]

    @staticmethod
    def _out_of_time(deadline: float, started: float, samples: int) -> bool:
        """True when one more sample (they take about the same time) would end past the deadline."""
        now = time.perf_counter()
        return now + (now - started) / max(1, samples) >= deadline

    def _rollout(self, state: HandState, me: int, first: Action | None, rng: random.Random,
                 horizon: int) -> float:
        """Apply ``first`` for ``me`` and play on with the fast policy; my outcome (higher is better)."""
        skip_call = first is None  # I let the card go; the others may still call it
        if first is not None:
            state.apply(me, first)
        start_turn = state.turn_no
        steps = 0
        while state.phase != Phase.OVER and state.turn_no - start_turn < horizon and steps < 400:
            seat, action = self._next(state, rng, me if skip_call else -1)
            skip_call = False
            state.apply(seat, action)
            steps += 1
        return self._value(state, me)

    def _next(self, state: HandState, rng: random.Random, skip: int) -> tuple[int, Action]:
        return next_in_hand(state, lambda seat, calling: self.fast.choose(View(state, seat), rng),
                            skip if skip >= 0 else None)

    @staticmethod
    def _value(state: HandState, me: int) -> float:
        """Others' expected penalty minus mine."""
        if state.phase == Phase.OVER:
            if state.scores is None or state.void:
                return 0.0
            others = [float(s) for i, s in enumerate(state.scores) if i != me]
            return sum(others) / len(others) - state.scores[me]
        jp = state.rules.joker_points

        def estimate(seat: int) -> float:
            hand = state.hands[seat]
            if state.laid[seat]:
                return 0.6 * float(penalty_total(hand, jp))
            return penalty_total(hand, jp) + 12.0 * deficiency(hand, state.spec)

        mine = estimate(me)
        others = [estimate(s) for s in range(state.players) if s != me]
        return sum(others) / len(others) - mine


@register("hard")
def _hard() -> HardBot:
    return HardBot()


@register("hard-search")
def _hard_search() -> HardBot:
    """Hard with the race search on the throws the outs cannot tell apart (for measurements)."""
    return HardBot(search="discard")


def set_think_ms(bots: Sequence[object], think_ms: float) -> None:
    """Give every Hard bot in ``bots`` the thinking budget ``think_ms``."""
    for b in bots:
        if isinstance(b, HardBot):
            b.think_ms = think_ms


__all__ = ["HardBot", "Lay", "known_holdings", "sample_world", "set_think_ms"]
