"""The ``hard`` bot: Normal's judgement plus determinized Monte Carlo search.

Where Normal is least sure - which card to throw while building the contract - Hard lists a
few candidates (Normal's pick and the loosest cards the plan can spare) and scores each over
sampled worlds: the unseen cards are dealt consistently with everything the seat has seen
(the discards the others were seen to take stay with them; every card on the table or in the
pile is dead), giving a stock order; the seat then draws its share of that stock turn by turn,
throwing by the plan, and the candidate after which the hand goes out soonest wins
(:func:`turns_to_out`). The same samples serve every candidate (common random numbers), so the
differences come from the decision, not the luck of the draw. It stops at its thinking budget
(default 500 ms) or when cancelled.

``search`` widens the searched decisions to plucks (``pluck``) and calls (``call``), and
``method="rollouts"`` scores candidates by playing the whole table on with a fast Normal policy
instead; both measured weaker than the default (see the README's AI section).
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Sequence

from ..engine.actions import Action, Allow, Call, Discard, Lay, PluckDiscard, PluckStock, Refuse
from ..engine.cards import JOKER, Card, count_cards, penalty_total
from ..engine.hand import HandState, Phase
from ..engine.view import View
from .base import register
from .fastplan import FastPlanner, turns_to_out
from .normal import NormalBot, Style, known_holdings
from .plan import connections, deficiency, make_plan

#: Rollout policy: Normal without the slow parts.
FAST = Style(watch_others=False, lay_limit=8)
DEFAULT_THINK_MS = 500


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


class HardBot:
    """Normal plus search (see the module docstring)."""

    name = "hard"

    def __init__(self, think_ms: float = DEFAULT_THINK_MS, max_samples: int = 2000,
                 horizon_turns: int | None = None, search: str = "discard",
                 method: str = "draws") -> None:
        self.method = method
        self.search_kinds = set(search.split(","))
        self.think_ms = think_ms
        self.max_samples = max_samples
        self.horizon_turns = horizon_turns
        self.cancel = threading.Event()
        self.normal = NormalBot(Style(counting=True, lay_for_out=True))
        self.fast = NormalBot(FAST)
        self.last_samples = 0
        self._deadline = 0.0

    def choose(self, view: View, rng: random.Random) -> Action | None:
        """Normal's answer, or the best candidate by search when there is a real choice."""
        # The whole decision, Normal's part included, stays inside the budget (3% kept spare).
        self._deadline = time.perf_counter() + 0.97 * self.think_ms / 1000.0
        base = self.normal.choose(view, rng)
        candidates = self.candidates(view, base)
        if len(candidates) < 2 or self.think_ms <= 0:
            return base
        return self.search(view, rng, candidates)

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
        live = self.normal.live
        return deficiency([*hand, card], view.spec, live) < deficiency(hand, view.spec, live)

    def _discard_candidates(self, view: View, hand: list[Card], base: Discard) -> list[Action | None]:
        plan = make_plan(hand, view.spec, live=self.normal.live)
        kept = count_cards(plan.keep)
        held = count_cards(hand)
        options = sorted({c for c in hand if c != JOKER})
        spare = [c for c in options if held[c] > kept[c]]
        pool = spare if len(spare) >= 2 else options
        jp = view.rules.joker_points
        # Normal's pick, then the costliest spare cards and the loosest ones.
        ranked = sorted(pool, key=lambda c: (connections(c, hand), -penalty_total([c], jp)))
        picks: list[Card] = [base.card]
        for c in ranked:
            if c not in picks:
                picks.append(c)
            if len(picks) >= 4:
                break
        return [Discard(c) for c in picks]

    # --- search ---------------------------------------------------------------------------

    def search(self, view: View, rng: random.Random, candidates: list[Action | None]) -> Action | None:
        """The best candidate: by the seat's own future draws (``method="draws"``, the default) or
        by table rollouts to the end of the hand (``method="rollouts"``)."""
        if self.method == "draws":
            return self.search_draws(view, rng, candidates)
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
        known = known_holdings(view)
        left = count_cards(view.unseen())
        for seat, cards in enumerate(known):
            if seat != view.seat:
                for c in cards:
                    if left[c] > 0:
                        left[c] -= 1
        free = [c for c in range(len(left)) for _ in range(left[c])]
        fp = FastPlanner(spec, jp, left if self.normal.style.counting else None)
        players = view.players
        turns = max(3, min(10, view.stock_count // players + 1))
        # Each candidate's hand after it, as counts, and whether its first turn draws.
        starts: list[tuple[list[int], int, bool, int]] = []  # counts, size, draw first, extra
        held = count_cards(hand)
        for cand in candidates:
            h = list(held)
            size = len(hand)
            extra = 0  # 1: the first stock card joins the hand (a call's penalty card, a pluck)
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
        best = min(range(len(candidates)), key=lambda i: (totals[i], i))
        return candidates[best]

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
        for caller in state.eligible_callers():
            if caller != skip and self.fast.choose(View(state, caller), rng) is not None:
                return caller, Call()
        seat = state.turn
        action = self.fast.choose(View(state, seat), rng)
        assert action is not None
        return seat, action

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


def set_think_ms(bots: Sequence[object], think_ms: float) -> None:
    """Give every Hard bot in ``bots`` the thinking budget ``think_ms``."""
    for b in bots:
        if isinstance(b, HardBot):
            b.think_ms = think_ms


__all__ = ["HardBot", "Lay", "known_holdings", "sample_world", "set_think_ms"]
