"""The ``hard`` bot: Normal's judgement plus determinized Monte Carlo search.

For the decisions where Normal's heuristics are least sure (which card to throw, whether to
take or call a discard, whether to refuse a call) Hard lists a few candidates and scores each
by sampling the hidden cards consistently with everything its seat has seen (the other hands
of the right sizes, holding the discards they were seen to take; the stock), playing the hand
on with a fast Normal policy for every seat, and judging the outcome. The same samples and the
same rollout randomness serve every candidate, so differences come from the decision, not luck.
It stops at its thinking budget (default 500 ms) or when cancelled.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Sequence

from ..engine.actions import Action, Allow, Call, Discard, Lay, PluckDiscard, PluckStock, Refuse
from ..engine.cards import JOKER, Card, count_cards, parse_card, penalty, penalty_total
from ..engine.hand import HandState, Phase
from ..engine.rules import HandSpec
from ..engine.view import View
from .base import register
from .normal import NormalBot, Style, taken_cards
from .plan import connections, deficiency, make_plan

#: Rollout policy: Normal without the slow parts.
FAST = Style(watch_others=False, lay_limit=8)
DEFAULT_THINK_MS = 500


def known_holdings(view: View) -> list[list[Card]]:
    """Cards each seat is known to hold: discards it took and has not played since."""
    taken = taken_cards(view.log, view.players)
    held = [count_cards(t) for t in taken]
    for seat, text in view.log:
        cards: list[Card] = []
        if text.startswith("discard "):
            cards = [parse_card(text[8:])]
        elif text.startswith(("tack ", "move ")):
            cards = [parse_card(text.split()[1])]
        elif text.startswith("lay "):
            cards = [parse_card(w) for w in text[4:].replace("|", " ").split()
                     if w not in ("three", "four")]
        for c in cards:
            if held[seat][c] > 0:
                held[seat][c] -= 1
    return [[c for c in range(len(h)) for _ in range(h[c])] for h in held]


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

    def __init__(self, think_ms: float = DEFAULT_THINK_MS, max_samples: int = 400,
                 horizon_turns: int | None = None, search: str = "discard,pluck,call") -> None:
        self.search_kinds = set(search.split(","))
        self.think_ms = think_ms
        self.max_samples = max_samples
        self.horizon_turns = horizon_turns
        self.cancel = threading.Event()
        self.normal = NormalBot()
        self.fast = NormalBot(FAST)
        self.last_samples = 0

    def choose(self, view: View, rng: random.Random) -> Action | None:
        """Normal's answer, or the best candidate by search when there is a real choice."""
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

    @staticmethod
    def _close(hand: list[Card], card: Card, view: View) -> bool:
        """Taking ``card`` brings the plan closer: Normal would take it; search may say no."""
        return deficiency([*hand, card], view.spec) < deficiency(hand, view.spec)

    def _discard_candidates(self, view: View, hand: list[Card], base: Discard) -> list[Action | None]:
        plan = make_plan(hand, view.spec)
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
        """Discards are scored by the seat's own future draws; other choices by table rollouts."""
        if all(isinstance(c, Discard) for c in candidates):
            return self.search_draws(view, rng, [c for c in candidates if isinstance(c, Discard)])
        return self.search_rollouts(view, rng, candidates)

    def search_draws(self, view: View, rng: random.Random, candidates: list[Discard]) -> Action:
        """Which discard lets the hand reach its contract soonest over sampled stock orders.

        Every sample deals the unseen cards (the others' known pick-ups set aside) into a stock
        order; the seat then draws every ``players``-th card for up to ``turns`` turns, throwing
        by the plan each time. Reaching the contract at turn k scores ``turns - k + 1``; not
        reaching it scores minus the plan's final shortfall and the penalty held.
        """
        deadline = time.perf_counter() + self.think_ms / 1000.0
        spec = view.spec
        jp = view.rules.joker_points
        hand = list(view.my_hand)
        known = known_holdings(view)
        pool = view.unseen()
        left = count_cards(pool)
        for seat, cards in enumerate(known):
            if seat != view.seat:
                for c in cards:
                    if left[c] > 0:
                        left[c] -= 1
        free = [c for c in range(len(left)) for _ in range(left[c])]
        players = view.players
        turns = max(3, min(8, view.stock_count // players))
        totals = [0.0] * len(candidates)
        samples = 0
        while samples < self.max_samples and not self.cancel.is_set():
            rng.shuffle(free)
            draws = free[: turns * players : players]
            for i, cand in enumerate(candidates):
                h = list(hand)
                h.remove(cand.card)
                totals[i] += _play_draws(h, draws, spec, jp)
            samples += 1
            if time.perf_counter() >= deadline:
                break
        self.last_samples = samples
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]

    def search_rollouts(self, view: View, rng: random.Random,
                        candidates: list[Action | None]) -> Action | None:
        """The candidate with the best mean outcome over sampled worlds."""
        deadline = time.perf_counter() + self.think_ms / 1000.0
        known = known_holdings(view)
        totals = [0.0] * len(candidates)
        samples = 0
        horizon = self.horizon_turns or 3 * view.players
        while samples < self.max_samples and not self.cancel.is_set():
            world = sample_world(view, rng, known)
            seed = rng.random()
            for i, cand in enumerate(candidates):
                w = world.clone() if i < len(candidates) - 1 else world
                totals[i] += self._rollout(w, view.seat, cand, random.Random(seed), horizon)
            samples += 1
            if time.perf_counter() >= deadline:
                break
        self.last_samples = samples
        if samples == 0:
            return candidates[0]
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]

    def _rollout(self, state: HandState, me: int, first: Action | None, rng: random.Random,
                 horizon: int) -> float:
        """Apply ``first`` for ``me`` and play on with the fast policy; my outcome (higher is better)."""
        skip_call = False
        if first is None:
            skip_call = True  # I let the card go; the others may still call it
        elif isinstance(first, Call):
            state.apply(me, first)
        else:
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


def _play_draws(hand: list[Card], draws: Sequence[Card], spec: HandSpec, jp: int) -> float:
    """Draw ``draws`` one per turn into ``hand`` (throwing by the plan); see ``search_draws``."""
    turns = len(draws)
    for k, card in enumerate(draws):
        hand.append(card)
        plan = make_plan(hand, spec, windows_per_suit=1)
        if plan.deficiency == 0:
            return float(turns - k + 1) * 10.0
        kept = count_cards(plan.keep)
        held = count_cards(hand)
        spare = [c for c in hand if c != JOKER and held[c] > kept[c]]
        if not spare:
            spare = [c for c in hand if c != JOKER]
        throw = max(spare, key=lambda c: penalty(c, jp) / 5.0 - 2.0 * connections(c, hand))
        hand.remove(throw)
    return -10.0 * make_plan(hand, spec, windows_per_suit=1).deficiency - penalty_total(hand, jp) / 10.0


@register("hard")
def _hard() -> HardBot:
    return HardBot()


def set_think_ms(bots: Sequence[object], think_ms: float) -> None:
    """Give every Hard bot in ``bots`` the thinking budget ``think_ms``."""
    for b in bots:
        if isinstance(b, HardBot):
            b.think_ms = think_ms


__all__ = ["HardBot", "Lay", "known_holdings", "sample_world", "set_think_ms"]
