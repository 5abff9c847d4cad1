"""Contract planning for the bots: how many cards a hand still lacks, and which cards the best
partial plan keeps.

A plan picks one window of four ranks in each of the contract's four suits (J-3.3: distinct
suits) and one rank for each three (distinct ranks), counts the cards missing, and lets the
jokers fill the gaps the rules let them (never two side by side in a four, one in a three).
``deficiency`` is that shortfall: 0 means the contract can be laid (nearly always; the exact
answer is the contract finder's).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from ..engine.cards import HIGH_ACE, JOKER, Card, count_cards, make_card
from ..engine.melds import check_three, four_base
from ..engine.refusal import Refusal
from ..engine.rules import HandSpec


@dataclass(frozen=True, slots=True)
class Plan:
    """The best partial plan: cards missing after jokers, and the cards it keeps."""

    deficiency: int
    keep: tuple[Card, ...]  # natural cards of the plan (a multiset)
    jokers_used: int


#: With card counting, a missing card with no copy left to draw costs this much (a joker, or never).
DEAD = 3


def _joker_room() -> tuple[tuple[int, ...], int]:
    """How many gaps jokers may fill, asked of the engine's meld checks rather than written
    again: for each pattern of gaps of a four-window (4 bits), the most jokers a four of those
    four ranks can hold there (J-2.5: never two side by side); and the most a three of three
    cards can hold (J-2.2)."""
    window = [make_card(rank, 0) for rank in range(5, 9)]
    gaps = []
    for pattern in range(16):
        room = 0
        for sub in range(16):
            if sub & ~pattern:
                continue
            cards = [JOKER if sub >> i & 1 else c for i, c in enumerate(window)]
            if not isinstance(four_base(cards), Refusal):
                room = max(room, sub.bit_count())
        gaps.append(room)
    seven = make_card(7, 0)
    three = max(k for k in range(3) if check_three([seven] * (3 - k) + [JOKER] * k) is None)
    return tuple(gaps), three


#: For the gaps of a four-window as a 4-bit pattern: how many of them jokers may fill; and how
#: many jokers a three of three cards may hold (:func:`_joker_room`).
JOKER_GAPS, THREE_JOKERS = _joker_room()


def _windows(cnt: list[int], suit: int, live: Sequence[int] | None,
             limits: bool) -> list[tuple[int, list[Card], int]]:
    """(missing, held cards, how many gaps jokers may fill) for each four-window of ``suit``,
    fewest missing first, then most held (with ``limits`` and two jokers or more in hand, then the
    most gaps jokers may fill: with fewer the order is the blind planner's of old, so that a hand
    without jokers keeps the same cards).

    With ``live`` (copies of each card still to be drawn) a missing card that is gone costs DEAD.
    """
    out = []
    for base in range(1, HIGH_ACE - 2):
        held = []
        missing = 0
        gaps = 0
        for i, rank in enumerate(range(base, base + 4)):
            c = make_card(rank, suit)
            if cnt[c] > 0:
                held.append(c)
            else:
                missing += 1 if live is None or live[c] > 0 else DEAD
                gaps |= 1 << i
        out.append((missing, held, JOKER_GAPS[gaps]))
    if limits and cnt[JOKER] >= 2:
        out.sort(key=lambda w: (w[0], -len(w[1]), -w[2]))
    else:
        out.sort(key=lambda w: (w[0], -len(w[1])))
    return out


def make_plan(hand: Sequence[Card], spec: HandSpec, windows_per_suit: int = 2,
              live: Sequence[int] | None = None, limits: bool = False) -> Plan:
    """The plan with the smallest deficiency (ties: the one keeping more cards).

    ``live`` (a count per card code of the copies the seat may still draw) turns on card
    counting: plans that need cards which are gone cost more. ``limits``: jokers fill only the
    gaps the rules let them (:data:`JOKER_GAPS` in a four, J-2.5; one in a three, J-2.2), so
    that a hand like AC 2C JK JK is not taken for a four. Blind plans are memoized: the same
    hands come back again and again in the bots' searches.
    """
    if live is None:
        return _blind_plan(tuple(sorted(hand)), spec, windows_per_suit, limits)
    return _make_plan(hand, spec, windows_per_suit, live, limits)


@lru_cache(maxsize=1 << 16)
def _blind_plan(hand: tuple[Card, ...], spec: HandSpec, windows_per_suit: int,
                limits: bool) -> Plan:
    return _make_plan(hand, spec, windows_per_suit, None, limits)


def _make_plan(hand: Sequence[Card], spec: HandSpec, windows_per_suit: int,
               live: Sequence[int] | None, limits: bool) -> Plan:
    cnt = count_cards(hand)
    jokers = cnt[JOKER]
    threes, fours = spec.threes, spec.fours
    naturals = [0] * 14
    for r in range(1, 14):
        naturals[r] = cnt[r * 4] + cnt[r * 4 + 1] + cnt[r * 4 + 2] + cnt[r * 4 + 3]
    per_suit = [_windows(cnt, s, live, limits)[:windows_per_suit] for s in range(4)] if fours else []
    live_rank = [0] * 14
    if live is not None:
        for r in range(1, 14):
            live_rank[r] = live[r * 4] + live[r * 4 + 1] + live[r * 4 + 2] + live[r * 4 + 3]
    best_key: tuple[int, int] | None = None
    best_choice: list[tuple[int, list[Card], int]] = []
    best_ranks: list[int] = []
    best_missing = best_usable = 0
    for suits in combinations(range(4), fours):
        choices: list[list[tuple[int, list[Card], int]]] = [[]]
        for s in suits:
            choices = [[*prev, w] for prev in choices for w in per_suit[s]]
        for choice in choices:
            nat = list(naturals)
            missing = 0
            kept = 0
            fill = 0  # gaps jokers may fill: JOKER_GAPS in the fours, THREE_JOKERS a three
            for m, held, g in choice:
                missing += m
                kept += len(held)
                fill += g
                for c in held:
                    nat[c >> 2] -= 1
            if live is None:
                ranks = sorted(range(1, 14), key=nat.__getitem__, reverse=True)[:threes]
                for r in ranks:
                    missing += max(0, 3 - nat[r])
                    kept += min(3, nat[r])
                    if nat[r] < 3:
                        fill += THREE_JOKERS
            else:
                ranked = []
                for r in range(1, 14):
                    need = max(0, 3 - nat[r])
                    ranked.append((need + (DEAD - 1) * max(0, need - live_rank[r]), -nat[r], r))
                ranked.sort()
                ranks = [r for _, _, r in ranked[:threes]]
                for c3, _, r in ranked[:threes]:
                    missing += c3
                    kept += min(3, nat[r])
                    if nat[r] < 3:
                        fill += THREE_JOKERS
            usable = min(jokers, fill) if limits else jokers
            key = (max(0, missing - usable), -kept)
            if best_key is None or key < best_key:
                best_key, best_choice, best_ranks, best_missing = key, choice, ranks, missing
                best_usable = usable
    assert best_key is not None
    left = list(cnt)
    keep: list[Card] = []
    for _m, held, _g in best_choice:
        for c in held:
            left[c] -= 1
            keep.append(c)
    for r in best_ranks:
        taken = 0
        for s in range(4):
            c = r * 4 + s
            k = min(left[c], 3 - taken)
            keep.extend([c] * k)
            taken += k
    return Plan(best_key[0], tuple(keep), min(best_usable, best_missing))


def deficiency(hand: Sequence[Card], spec: HandSpec, live: Sequence[int] | None = None,
               limits: bool = False) -> int:
    """Cards still missing from the best partial plan (see :func:`make_plan` for ``live`` and
    ``limits``)."""
    return make_plan(hand, spec, live=live, limits=limits).deficiency


def connections(card: Card, hand: Sequence[Card]) -> float:
    """A secondary value: how many cards of ``hand`` pair with ``card`` or sit near it in suit."""
    if card == JOKER:
        return 10.0
    rank, suit = card >> 2, card & 3
    value = 0.0
    for other in hand:
        if other == JOKER:
            continue
        r, s = other >> 2, other & 3
        if r == rank:
            value += 1.0
        elif s == suit:
            gap = abs(r - rank)
            if 1 in (r, rank):
                gap = min(gap, abs((14 if r == 1 else r) - (14 if rank == 1 else rank)))
            if gap == 1:
                value += 0.8
            elif gap == 2:
                value += 0.4
    return value - 1.0  # the card pairs with itself once
