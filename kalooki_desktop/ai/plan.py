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
from itertools import combinations, product

from ..engine.cards import CARD_CODES, HIGH_ACE, JOKER, Card, make_card, rank_of, suit_of
from ..engine.melds import check_three, four_base
from ..engine.memo import remember
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


#: Bits per rank in a packed count of natural cards per rank (up to 16 copies: four packs).
_RANK_BITS = 5
#: Each card code's suit, its rank's bit in that suit's ranks and its one in the packed count per
#: rank (nothing for the joker): a hand read in one pass.
_CARD_BITS: tuple[tuple[int, int, int], ...] = tuple(
    (0, 0, 0) if c == JOKER or not rank_of(c) else
    (suit_of(c), 1 << rank_of(c), 1 << (_RANK_BITS * rank_of(c)))
    for c in range(CARD_CODES)
)
#: Each card code's (rank, suit).
_RANK_SUIT: tuple[tuple[int, int], ...] = tuple((rank_of(c), suit_of(c)) for c in range(CARD_CODES))


#: A four's window in one suit: (missing, the held cards, the gaps jokers may fill, how many
#: held, the held cards as a packed count per rank).
_Window = tuple[int, tuple[Card, ...], int, int, int]


def _windows(suit: int, held: int, dead: int, *, limits: bool, jokers: int) -> tuple[_Window, ...]:
    """(missing, held cards, how many gaps jokers may fill, how many held, the held cards as a
    packed count per rank) for each four-window of ``suit``, fewest missing first, then most
    held (with ``limits`` and two ``jokers`` or more in hand, then the most gaps jokers may
    fill: with fewer the order is the blind planner's of old, so that a hand without jokers
    keeps the same cards).

    ``held``: the suit's ranks in hand (bit ``r`` for rank ``r``); ``dead``: the missing ranks
    with no copy left to draw (card counting), which cost DEAD each. The answer depends on
    nothing else, so it is worked out once for each such pattern (:func:`_suit_windows`).
    """
    key = (suit, held, dead, limits and jokers >= 2)
    hit = _WINDOWS.get(key)
    if hit is None:
        hit = remember(_WINDOWS, key, _suit_windows(*key[:3], room_first=key[3]), CACHE_SIZE)
    return hit


#: Caches of the bots' plans, which see the same hands again and again in their searches:
#: plain dicts whose keys and values are plain tuples of ints, which the garbage collector stops
#: tracking, so that a full collection does not walk them (with ``lru_cache``, the ``HandSpec``
#: in its keys and ``Plan`` objects as values, every full collection walked 65,536 plans:
#: 0.1-0.2 s, inside a decision's budget). When full, the oldest entries go first
#: (:func:`.engine.memo.remember`).
CACHE_SIZE = 1 << 16
_WINDOWS: dict[tuple[int, int, int, bool],
               tuple[tuple[int, tuple[Card, ...], int, int, int], ...]] = {}
_BLIND: dict[tuple[tuple[Card, ...], int, int, int, bool], tuple[int, tuple[Card, ...], int]] = {}
#: The blind threes of a plan (:func:`plan_threes`), by the packed counts left for them.
_THREES: dict[int, tuple[int, int, int, tuple[int, ...]]] = {}


def _suit_windows(suit: int, held_ranks: int, dead_ranks: int,
                  *, room_first: bool) -> tuple[tuple[int, tuple[Card, ...], int, int, int], ...]:
    """:func:`_windows` for a suit whose held ranks and gone missing ranks are the bit masks
    ``held_ranks`` and ``dead_ranks`` (bit ``r`` for rank ``r``, 1..13); ``room_first``: the
    joker limits with two jokers or more."""
    # Bit 14 mirrors the ace (a high ace), so that a window's four ranks are four bits.
    held = held_ranks | (held_ranks >> 1 & 1) << HIGH_ACE
    dead = dead_ranks | (dead_ranks >> 1 & 1) << HIGH_ACE
    out = []
    for base in range(1, HIGH_ACE - 2):
        key = (suit, base, held >> base & 15, dead >> base & 15)
        window = _WINDOW.get(key)
        if window is None:
            window = _WINDOW[key] = _window(*key)
        out.append(window)
    if room_first:
        out.sort(key=lambda w: (w[0], -w[3], -w[2]))
    else:
        out.sort(key=lambda w: (w[0], -w[3]))
    # A window holding the same cards as one before it is never better (no fewer missing, no
    # more room for jokers): it is left out, so that the few windows a plan weighs per suit are
    # different ways to use the suit (7C 9C JC: 6-9 and 7-10 use the same two cards, 8-J others).
    seen: set[tuple[Card, ...]] = set()
    kept = []
    for w in out:
        if w[1] not in seen:
            seen.add(w[1])
            kept.append(w)
    return tuple(kept)


def _window(suit: int, base: int, held: int, dead: int) -> tuple[int, tuple[Card, ...], int, int,
                                                               int]:
    """One four-window of :func:`_windows`: ranks ``base`` to ``base + 3`` of ``suit``, of which
    those held and those gone are the 4-bit patterns ``held`` and ``dead``."""
    cards = []
    missing = 0
    gaps = 0
    packed = 0
    for i in range(4):
        c = make_card(base + i, suit)
        if held >> i & 1:
            cards.append(c)
            packed += 1 << (_RANK_BITS * rank_of(c))
        else:
            missing += DEAD if dead >> i & 1 else 1
            gaps |= 1 << i
    return missing, tuple(cards), JOKER_GAPS[gaps], len(cards), packed


#: :func:`_window` by its arguments (at most 4 x 11 x 16 x 16 of them).
_WINDOW: dict[tuple[int, int, int, int], tuple[int, tuple[Card, ...], int, int, int]] = {}


def make_plan(hand: Sequence[Card], spec: HandSpec, windows_per_suit: int = 2,
              live: Sequence[int] | None = None, *, limits: bool = False) -> Plan:
    """The plan with the smallest deficiency (ties: the one keeping more cards).

    ``live`` (a count per card code of the copies the seat may still draw) turns on card
    counting: plans that need cards which are gone cost more. ``limits``: jokers fill only the
    gaps the rules let them (:data:`JOKER_GAPS` in a four, J-2.5; one in a three, J-2.2), so
    that a hand like AC 2C JK JK is not taken for a four. Blind plans are memoized: the same
    hands come back again and again in the bots' searches.
    """
    if live is not None:
        return _make_plan(hand, spec, windows_per_suit, live, limits=limits)
    key = (tuple(sorted(hand)), spec.threes, spec.fours, windows_per_suit, limits)
    hit = _BLIND.get(key)
    if hit is not None:
        return Plan(*hit)
    plan = _make_plan(hand, spec, windows_per_suit, None, limits=limits)
    remember(_BLIND, key, (plan.deficiency, plan.keep, plan.jokers_used), CACHE_SIZE)
    return plan


def deficiency_below(hand: Sequence[Card], spec: HandSpec, bound: int,
                     live: Sequence[int] | None = None, *, limits: bool = False) -> bool:
    """``deficiency(hand, spec, live, limits) < bound``, found sooner: the search stops at the
    first plan below ``bound`` and skips the choices whose bounds cannot get there."""
    if live is None:
        hit = _BLIND.get((tuple(sorted(hand)), spec.threes, spec.fours, 2, limits))
        if hit is not None:
            return hit[0] < bound
    return _find_plan(hand, spec, 2, live, limits=limits, below=bound) is not None


def _make_plan(hand: Sequence[Card], spec: HandSpec, windows_per_suit: int,
               live: Sequence[int] | None, *, limits: bool) -> Plan:
    plan = _find_plan(hand, spec, windows_per_suit, live, limits=limits, below=None)
    assert plan is not None
    return plan


def _hand_bits(hand: Sequence[Card], live: Sequence[int] | None
               ) -> tuple[list[int], list[int], int, list[int], list[int] | None]:
    """The hand as the search reads it: counts per card, ranks held per suit (bit r), natural
    cards per rank packed :data:`_RANK_BITS` bits a rank, and with ``live`` (card counting) the
    missing ranks per suit with no copy left and the live copies per rank."""
    cnt = [0] * CARD_CODES
    held = [0, 0, 0, 0]
    packed = 0
    bits = _CARD_BITS
    for c in hand:
        cnt[c] += 1
        suit, rank_bit, rank_count = bits[c]
        held[suit] |= rank_bit
        packed += rank_count
    dead = [0, 0, 0, 0]
    live_rank: list[int] | None = None
    if live is not None:
        live_rank = [0] * 14
        for r in range(1, 14):
            live_rank[r] = live[r * 4] + live[r * 4 + 1] + live[r * 4 + 2] + live[r * 4 + 3]
            for s in range(4):
                c = r * 4 + s
                if not cnt[c] and live[c] <= 0:
                    dead[s] |= 1 << r
    return cnt, held, packed, dead, live_rank


def _suit_bounds(per_suit: Sequence[Sequence[_Window]]) -> list[tuple[int, int, int]]:
    """Per suit, over its windows: the fewest missing, the most gaps for jokers, the most held."""
    bounds = []
    for ws in per_suit:
        most_room = most_held = 0
        for w in ws:
            if w[2] > most_room:
                most_room = w[2]
            if w[3] > most_held:
                most_held = w[3]
        bounds.append((ws[0][0] if ws else 0, most_room, most_held))
    return bounds


def _summed(bounds: Sequence[tuple[int, int, int]], suits: Sequence[int]) -> tuple[int, int, int]:
    """The :func:`_suit_bounds` of ``suits`` added up."""
    least = room = most = 0
    for s in suits:
        bound = bounds[s]
        least += bound[0]
        room += bound[1]
        most += bound[2]
    return least, room, most


def _kept_cards(cnt: Sequence[int], choice: Sequence[_Window], ranks: Sequence[int]) -> list[Card]:
    """The cards a plan keeps: its fours' windows, then up to three of each of its threes' ranks."""
    left_cnt = list(cnt)
    keep: list[Card] = []
    for _m, cards, _g, _n, _p in choice:
        for c in cards:
            left_cnt[c] -= 1
            keep.append(c)
    for r in ranks:
        taken = 0
        for s in range(4):
            c = r * 4 + s
            k = min(left_cnt[c], 3 - taken)
            keep.extend([c] * k)
            taken += k
    return keep


def _threes_bounds(packed: int, threes: int, live_rank: list[int] | None) -> tuple[int, int, int]:
    """Bounds for the threes of any choice of fours: the fewest cards missing, the most kept and
    the most gaps for jokers. Taking the fours' cards away never lowers the cards missing nor
    raises the cards kept (the blind choice keeps the most)."""
    if not threes:
        return 0, 0, 0
    blind = _plan_threes(packed, threes, None)
    least = blind[0] if live_rank is None else _plan_threes(packed, threes, live_rank)[0]
    return least, blind[1], threes * THREE_JOKERS


def _find_plan(hand: Sequence[Card], spec: HandSpec, windows_per_suit: int,
               live: Sequence[int] | None, *, limits: bool, below: int | None) -> Plan | None:
    """The best plan; with ``below``, the first plan found below it (None: there is none)."""
    cnt, held, packed, dead, live_rank = _hand_bits(hand, live)
    jokers = cnt[JOKER]
    threes, fours = spec.threes, spec.fours
    per_suit = [_windows(s, held[s], dead[s], limits=limits, jokers=jokers)[:windows_per_suit]
                for s in range(4)] if fours else []
    best_missing, best_usable, best_kept, best_short = 0, 0, 0, -1
    best_choice: tuple[_Window, ...] = ()
    best_ranks: Sequence[int] = ()
    ranks: Sequence[int] = ()
    m3_least, k3_most, f3_most = _threes_bounds(packed, threes, live_rank)

    def hopeless(missing: int, fill: int, kept: int) -> bool:
        """Fours missing ``missing`` cards, with ``fill`` gaps for jokers, keeping ``kept``:
        even with the threes at their bounds they cannot beat the best choice so far (or, with
        ``below``, get below it)."""
        most = fill + f3_most
        usable = (most if most < jokers else jokers) if limits else jokers
        short = missing + m3_least - usable
        if below is not None:
            return short >= below
        return best_short >= 0 and (short > best_short or (
            (short if short > 0 else 0) == best_short and kept + k3_most <= best_kept))

    suit_bounds = _suit_bounds(per_suit)
    for suits in combinations(range(4), fours):
        # Skip the suits at once when even the bounds of their windows cannot do better.
        if hopeless(*_summed(suit_bounds, suits)):
            continue
        # Every choice of one of the suit's best windows in each of these suits, in order.
        for choice in product(*[per_suit[s] for s in suits]):
            missing = kept = fill = 0  # fill: the gaps jokers may fill (JOKER_GAPS, THREE_JOKERS)
            left = packed  # the natural cards left for the threes once the fours have theirs
            for m, _held, g, n, p in choice:
                missing += m
                kept += n
                fill += g
                left -= p
            if (below is not None or (threes and best_short >= 0)) and hopeless(missing, fill, kept):
                continue  # skipped before its threes are worked out
            if threes:
                m3, k3, f3, ranks = _plan_threes(left, threes, live_rank)
                missing += m3
                kept += k3
                fill += f3
            usable = (fill if fill < jokers else jokers) if limits else jokers
            short = missing - usable if missing > usable else 0
            if below is not None and short < below:
                return Plan(short, tuple(_kept_cards(cnt, choice, ranks)), min(usable, missing))
            better = best_short < 0 or short < best_short or (short == best_short and kept > best_kept)
            if below is None and better:
                best_short, best_kept, best_choice, best_ranks = short, kept, choice, ranks
                best_missing, best_usable = missing, usable
    if best_short < 0 or below is not None:
        return None
    keep = tuple(_kept_cards(cnt, best_choice, best_ranks))
    return Plan(best_short, keep, min(best_usable, best_missing))


def _plan_threes(packed: int, threes: int,
                 live_rank: Sequence[int] | None) -> tuple[int, int, int, Sequence[int]]:
    """:func:`plan_threes` for natural cards per rank packed ``_RANK_BITS`` bits a rank, the
    blind answers remembered (the same counts come back for many window choices and hands)."""
    if live_rank is None:
        key = packed * 8 + threes
        hit = _THREES.get(key)
        if hit is not None:
            return hit
    mask = (1 << _RANK_BITS) - 1
    nat = [packed >> (_RANK_BITS * r) & mask for r in range(14)]
    m3, k3, f3, ranks = plan_threes(nat, threes, live_rank)
    answer = (m3, k3, f3, tuple(ranks))
    if live_rank is None:
        remember(_THREES, key, answer, CACHE_SIZE // 2)
    return answer


def plan_threes(nat: list[int], threes: int,
                live_rank: Sequence[int] | None) -> tuple[int, int, int, list[int]]:
    """The threes of a plan once its fours have their cards: the ``threes`` ranks with the most
    natural cards left in ``nat`` (per rank; the first of equals the lowest rank), or with
    ``live_rank`` (copies of each rank still to be drawn: card counting) the fewest missing, a
    missing card with no copy left costing :data:`DEAD`. Returns (cards missing, cards kept,
    gaps jokers may fill, the ranks); shared by :func:`make_plan` and the fast planner."""
    missing = kept = fill = 0
    if live_rank is None:
        ranks = sorted(_RANKS, key=nat.__getitem__, reverse=True)[:threes]
        for r in ranks:
            n = nat[r]
            if n < 3:
                missing += 3 - n
                kept += n
                fill += THREE_JOKERS
            else:
                kept += 3
        return missing, kept, fill, ranks
    ranked = []
    for r in _RANKS:
        n = nat[r]
        need = 3 - n if n < 3 else 0
        short = need - live_rank[r]
        ranked.append((need + (DEAD - 1) * short if short > 0 else need, -n, r))
    ranked.sort()
    ranks = []
    for cost, _, r in ranked[:threes]:
        missing += cost
        n = nat[r]
        kept += n if n < 3 else 3
        if n < 3:
            fill += THREE_JOKERS
        ranks.append(r)
    return missing, kept, fill, ranks


#: The ranks, ace to king.
_RANKS = range(1, 14)


def deficiency(hand: Sequence[Card], spec: HandSpec, live: Sequence[int] | None = None,
               *, limits: bool = False) -> int:
    """Cards still missing from the best partial plan (see :func:`make_plan` for ``live`` and
    ``limits``)."""
    return make_plan(hand, spec, live=live, limits=limits).deficiency


def connections(card: Card, hand: Sequence[Card]) -> float:
    """A secondary value: how many cards of ``hand`` pair with ``card`` or sit near it in suit."""
    if card == JOKER:
        return 10.0
    rank, suit = rank_of(card), suit_of(card)
    value = 0.0
    rank_suit = _RANK_SUIT
    for other in hand:
        if other == JOKER:
            continue
        r, s = rank_suit[other]
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
