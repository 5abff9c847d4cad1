"""A fast planner for Hard's search: :func:`.plan.make_plan` with one window per suit, on count
arrays that change a card at a time.

Hard's throw search (:func:`.hard.turns_to_out`) plans the same hand again after every simulated
draw and throw, hundreds of thousands of times a decision. This planner gives the same answer as
``make_plan(hand, spec, windows_per_suit=1, live=live, limits=limits)`` (the deficiency always;
the kept cards up to ties) but keeps the hand as per-suit rank masks, remembers each suit's best
window per mask (there are only 2^14 masks, and the same ones come back in every sample) and
counts connections from the count array instead of walking the hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Final

from ..engine.cards import CARD_CODES, JOKER, Card, penalty
from ..engine.rules import HandSpec
from .plan import DEAD, JOKER_GAPS, plan_threes

#: For each rank 1..13, the other ranks of the same suit within two steps (aces both ends),
#: with the weight :func:`.plan.connections` gives them.
_NEAR: list[tuple[tuple[int, float], ...]] = [()]
for _rank in range(1, 14):
    _near = []
    for _r in range(1, 14):
        if _r == _rank:
            continue
        _gap = abs(_r - _rank)
        if 1 in (_r, _rank):
            _gap = min(_gap, abs((14 if _r == 1 else _r) - (14 if _rank == 1 else _rank)))
        if _gap == 1:
            _near.append((_r, 0.8))
        elif _gap == 2:
            _near.append((_r, 0.4))
    _NEAR.append(tuple(_near))


#: Without the joker limits (or two jokers) every window ties on the gaps jokers may fill.
_NO_FILL = (0,) * 16
#: A mask bit above the ranks' (bit 14 is the high ace): of equally full windows, take the one with
#: the most room for jokers (:meth:`FastPlanner.best_window`).
_ROOM = 1 << 16


def _bit(rank: int) -> int:
    """The mask bits of a rank: aces are both rank 1 and rank 14."""
    return (1 << 1) | (1 << 14) if rank == 1 else 1 << rank


class FastPlanner:
    """Plans for one decision: the contract, the joker value and the live counts are fixed."""

    def __init__(self, spec: HandSpec, jp: int, live: Sequence[int] | None = None,
                 limits: bool = False) -> None:
        self.limits = limits  # jokers fill only the gaps the rules let them (.plan.make_plan)
        self.threes = spec.threes
        self.fours = spec.fours
        self.minimal = 3 * spec.threes + 4 * spec.fours
        self.suit_sets = list(combinations(range(4), spec.fours))
        self.live = live
        # Dead cards (no copy left to draw) as per-suit rank masks.
        self.dead = [0, 0, 0, 0]
        self.live_rank = [0] * 14
        if live is not None:
            for code in range(4, CARD_CODES):
                r, s = code >> 2, code & 3
                if live[code] <= 0:
                    self.dead[s] |= _bit(r)
                self.live_rank[r] += live[code]
        self.cache: list[dict[int, tuple[int, tuple[int, ...], tuple[int, ...], int]]] = [{}, {}, {}, {}]
        self.value = [0.0] * CARD_CODES  # a throw's penalty part, as turns_to_out weighs it
        for code in range(4, CARD_CODES):
            self.value[code] = penalty(code, jp) / 5.0

    # --- the hand --------------------------------------------------------------------------

    @staticmethod
    def masks(cnt: Sequence[int]) -> list[int]:
        """Per-suit rank masks of a count array."""
        m = [0, 0, 0, 0]
        for code in range(4, CARD_CODES):
            if cnt[code]:
                m[code & 3] |= _bit(code >> 2)
        return m

    @staticmethod
    def add(cnt: list[int], masks: list[int], card: Card) -> None:
        cnt[card] += 1
        if card != JOKER:
            masks[card & 3] |= _bit(card >> 2)

    @staticmethod
    def remove(cnt: list[int], masks: list[int], card: Card) -> None:
        cnt[card] -= 1
        if card != JOKER and cnt[card] == 0:
            masks[card & 3] &= ~_bit(card >> 2)

    # --- planning --------------------------------------------------------------------------

    def best_window(self, suit: int, mask: int) -> tuple[int, tuple[int, ...], tuple[int, ...], int]:
        """(missing, ranks held, their card codes, gaps jokers may fill) of the suit's best
        four-window, as ``_windows`` ranks them (a high ace is rank 1); with the :data:`_ROOM`
        bit set in ``mask`` (the limits, two jokers or more in hand) of equally full windows the
        one with the most room for jokers."""
        cache = self.cache[suit]
        hit = cache.get(mask)
        if hit is not None:
            return hit
        dead = self.dead[suit]
        gap_fill = JOKER_GAPS if mask & _ROOM else _NO_FILL
        best_key = (99, 0, 0)
        best_base = 1
        for base in range(1, 12):
            window = 15 << base
            gaps = window & ~mask
            dead_gaps = (gaps & dead).bit_count()
            key = (gaps.bit_count() + (DEAD - 1) * dead_gaps, -(mask & window).bit_count(),
                   -gap_fill[gaps >> base])
            if key < best_key:
                best_key, best_base = key, base
        ranks = tuple(1 if r == 14 else r for r in range(best_base, best_base + 4) if mask >> r & 1)
        hit = (best_key[0], ranks, tuple(r * 4 + suit for r in ranks),
               JOKER_GAPS[(~mask >> best_base) & 15])
        cache[mask] = hit
        return hit

    def plan(self, cnt: Sequence[int], masks: Sequence[int]) -> tuple[int, list[int] | None]:
        """(deficiency, kept counts); the kept counts only when the deficiency is not 0."""
        jokers = cnt[JOKER]
        threes = self.threes
        nat0 = [0] * 14
        for r in range(1, 14):
            b = r * 4
            nat0[r] = cnt[b] + cnt[b + 1] + cnt[b + 2] + cnt[b + 3]
        if self.fours:
            room = _ROOM if self.limits and jokers >= 2 else 0
            wins = [self.best_window(s, masks[s] | room) for s in range(4)]
        else:
            wins = []
        live = self.live
        live_rank = self.live_rank
        best_key: tuple[int, int] | None = None
        best_suits: tuple[int, ...] = ()
        best_ranks: list[int] = []
        for suits in self.suit_sets:
            nat = list(nat0)
            missing = 0
            kept = 0
            fill = 0
            for s in suits:
                m, ranks_held, _, g = wins[s]
                missing += m
                kept += len(ranks_held)
                fill += g
                for r in ranks_held:
                    nat[r] -= 1
            if threes:
                m3, k3, f3, ranks = plan_threes(nat, threes, live_rank if live is not None else None)
                missing += m3
                kept += k3
                fill += f3
            else:
                ranks = []
            j = fill if self.limits and fill < jokers else jokers
            key = (missing - j if missing > j else 0, -kept)
            if best_key is None or key < best_key:
                best_key, best_suits, best_ranks = key, suits, ranks
        assert best_key is not None
        if best_key[0] == 0:
            return 0, None
        kept_cnt = [0] * CARD_CODES
        for s in best_suits:
            for c in wins[s][2]:
                kept_cnt[c] += 1
        for r in best_ranks:
            taken = 0
            for s in range(4):
                c = r * 4 + s
                k = min(cnt[c] - kept_cnt[c], 3 - taken)
                kept_cnt[c] += k
                taken += k
        return best_key[0], kept_cnt

    def deficiency(self, cnt: Sequence[int], masks: Sequence[int] | None = None) -> int:
        return self.plan(cnt, masks if masks is not None else self.masks(cnt))[0]

    def throw(self, cnt: Sequence[int], kept: Sequence[int]) -> Card:
        """The card the plan spares that costs most and connects least (``turns_to_out``'s throw)."""
        spare = [c for c in range(4, CARD_CODES) if cnt[c] > kept[c]]
        if not spare:
            spare = [c for c in range(4, CARD_CODES) if cnt[c]]
        best = spare[0]
        best_score = -1e9
        value = self.value
        for c in spare:
            rank, suit = c >> 2, c & 3
            base = rank * 4
            conn = cnt[base] + cnt[base + 1] + cnt[base + 2] + cnt[base + 3] - 1.0
            for r, w in _NEAR[rank]:
                n = cnt[r * 4 + suit]
                if n:
                    conn += w * n
            score = value[c] - 2.0 * conn
            if score > best_score:
                best, best_score = c, score
        return best


#: Turns a leftover card costs after the lay (a discard each turn, some go as tacks).
LEFTOVER_TURNS = 0.7


def turns_to_out(fp: FastPlanner, cnt: list[int], size: int, draws: Sequence[Card],
                 draw_first: bool) -> float:
    """Estimated turns until a hand (``cnt``, ``size`` cards; changed in place) goes out,
    drawing ``draws`` one a turn (lower is better): the :func:`trajectory`'s going out, or if
    it does not lay within the draws, every turn spent plus two for each card still missing.
    """
    lay, out, _ = trajectory(fp, cnt, size, draws, draw_first, _NO_PENALTY)
    if lay >= 0:
        return out
    if draws and not draw_first:
        size -= 1  # one throw more than draws
    return len(draws) + 2.0 * fp.deficiency(cnt) + LEFTOVER_TURNS * max(0, size - fp.minimal)


_NO_PENALTY: Final = (0,) * CARD_CODES


def trajectory(fp: FastPlanner, cnt: list[int], size: int, draws: Sequence[Card],
               draw_first: bool, pen: Sequence[int]) -> tuple[int, float, list[int]]:
    """One player's simulated future, drawing ``draws`` one a turn and throwing by the plan.

    Returns (the turn it lays, or -1 if not within the draws; the turns until it goes out,
    ``inf`` if not; its hand's penalty now and after each turn while it has not laid).
    """
    masks = fp.masks(cnt)
    minimal = fp.minimal
    total = 0
    for c in range(CARD_CODES):
        if cnt[c]:
            total += pen[c] * cnt[c]
    pens = [total]
    for k in range(len(draws)):
        if draw_first or k > 0:
            c = draws[k]
            fp.add(cnt, masks, c)
            total += pen[c]
            size += 1
        short, kept = fp.plan(cnt, masks)
        if short == 0:
            return k, k + LEFTOVER_TURNS * max(0, size - minimal - 1), pens
        assert kept is not None
        c = fp.throw(cnt, kept)
        fp.remove(cnt, masks, c)
        total -= pen[c]
        size -= 1
        pens.append(total)
    return -1, float("inf"), pens

