"""The contract check (J-3.2..J-3.4, J-4.3) and the contract finder used by bots and hints.

The finder is exact: if any lay of the whole contract can be made from a hand, it finds one.
It searches fours first (one suit each, J-3.3; optionally a whole suit for three fours, J-3.4),
then threes of distinct ranks, with jokers as a shared budget. A joker may stand in a four for
a natural card that the hand holds, when that card is needed for a three of its rank.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Final

from .cards import CARD_CODES, HIGH_ACE, JOKER, Card, make_card, penalty, rank_of, suit_of
from .melds import Meld, make_meld
from .memo import remember
from .refusal import Refusal, refuse
from .rules import FOUR, THREE, HandSpec, contract_text

#: One meld of a lay: its kind and its cards.
MeldSpec = tuple[int, list[Card]]
#: The melds of one lay the finder proposes (the engine's action for it is ``actions.Lay``).
LayPlan = list[MeldSpec]


def check_contract(melds: Sequence[tuple[int, Sequence[Card]]], spec: HandSpec) -> Refusal | None:
    """None if ``melds`` (kind, cards in table order) fulfil the contract of ``spec``.

    >>> from .cards import parse_cards
    >>> from .rules import make_rules
    >>> hand2 = make_rules().schedule[1]
    >>> lay = [(3, parse_cards("7S 7H 7D")), (3, parse_cards("9S 9H JK")),
    ...        (4, parse_cards("2C 3C 4C 5C"))]
    >>> check_contract(lay, hand2) is None
    True
    """
    built = build_melds(melds, owner=0)
    if isinstance(built, Refusal):
        return built
    return check_built_contract(built, spec)


def build_melds(melds: Sequence[tuple[int, Sequence[Card]]], owner: int) -> list[Meld] | Refusal:
    """Table melds for ``owner`` from (kind, cards) pairs, or the first meld's refusal."""
    out: list[Meld] = []
    for kind, cards in melds:
        m = make_meld(kind, owner, cards)
        if isinstance(m, Refusal):
            return m
        out.append(m)
    return out


def check_built_contract(melds: Sequence[Meld], spec: HandSpec) -> Refusal | None:
    """The contract rules for melds that are each valid already."""
    threes = [m for m in melds if m.kind == THREE]
    fours = [m for m in melds if m.kind == FOUR]
    got = contract_text(sorted(m.kind for m in melds)) or "no melds"
    want = spec.contract_text
    if len(threes) != spec.threes:
        return refuse("J-3.2", "contract.shape", contract=want, got=got)
    if len(fours) != spec.fours:
        full_suit = spec.fours >= 3 and len(fours) == spec.fours - 2
        if not full_suit:
            return refuse("J-3.2", "contract.shape", contract=want, got=got)
        if not any(len(m.cards) == 13 for m in fours):
            return refuse("J-3.4", "contract.full_suit")
    if len({m.base for m in threes}) != len(threes):
        return refuse("J-3.3", "contract.three_ranks")
    if len({m.suit for m in fours}) != len(fours):
        return refuse("J-3.3", "contract.four_suits")
    return None


# --- the finder ---------------------------------------------------------------------------


def _adjacent_free(mask: int) -> bool:
    return mask & (mask >> 1) == 0


#: Joker masks over the 4 positions of a minimal four with no two jokers side by side.
_MASKS4: Final = tuple(m for m in range(16) if _adjacent_free(m))


def _window_cards(suit: int, base: int, length: int) -> list[Card]:
    return [make_card(base + p, suit) for p in range(length)]


#: For each suit, the minimal four windows: (base, cards) for bases 1..11.
_WINDOWS: Final = tuple(tuple((b, _window_cards(s, b, 4)) for b in range(1, HIGH_ACE - 2)) for s in range(4))
_FULL_SUITS: Final = tuple(tuple((b, _window_cards(s, b, 13)) for b in (1, 2)) for s in range(4))


#: Each card code's suit and its bits in that suit's ranks (an ace's bit 1 and bit 14, the ace
#: high; nothing for the joker): a hand's ranks per suit read in one pass.
_RANK_BITS: Final = tuple(
    (0, 0) if c == JOKER or not rank_of(c) else
    (suit_of(c), 1 << rank_of(c) | (1 << HIGH_ACE if rank_of(c) == 1 else 0))
    for c in range(CARD_CODES)
)

#: The fewest jokers a four (a whole suit) needs, by the suit's held ranks (at most 8,192 masks
#: each: bit 14 only mirrors the ace).
_FOUR_NEED: dict[int, int] = {}
_FULL_NEED: dict[int, int] = {}


def _jokers_needed(present: int, *, full: bool) -> int:
    """The fewest jokers that make a four (a whole suit if ``full``) of a suit holding the ranks
    ``present``: no two gaps side by side (J-2.5); 99 when none can be made."""
    table = _FULL_NEED if full else _FOUR_NEED
    need = table.get(present)
    if need is None:
        span = (1 << (13 if full else 4)) - 1
        misses = ((span << base) & ~present for base in ((1, 2) if full else range(1, HIGH_ACE - 2)))
        need = table[present] = min((m.bit_count() for m in misses if not m & (m >> 1)), default=99)
    return need


def _three_ranks(cnt: list[int], threes: int, jokers: int) -> tuple[int, int]:
    """The ranks a three could be made of (two naturals or more: bit r, and bit 14 mirroring the
    ace) and the fewest jokers ``threes`` threes of distinct ranks need (a joker for each made of
    a pair); (-1, 0) when not even those could be made (J-2.2, J-3.3)."""
    ranks = full = pairs = 0
    for rank in range(1, 14):
        b = rank * 4
        n = cnt[b] + cnt[b + 1] + cnt[b + 2] + cnt[b + 3]
        if n >= 2:
            ranks |= 1 << rank
            if n >= 3:
                full += 1
            else:
                pairs += 1
    need = max(0, threes - full)
    if need > min(pairs, jokers):
        return -1, 0
    return (ranks | (1 << HIGH_ACE) if ranks & 2 else ranks), need


def _fours_fit(present: list[int], spare: int, fours: int, full_suit: int = -1) -> bool:
    """``fours`` fours of different suits (besides a whole suit of ``full_suit``) can share
    ``spare`` jokers: their fewest jokers, the cheapest suits first, add up to no more. Each four
    of a suit needs at least its suit's fewest (a joker standing for a held natural only adds), so
    a plan that fails this yields no lay."""
    needs = sorted(_jokers_needed(m, full=False) for s, m in enumerate(present) if s != full_suit)
    return sum(needs[:fours]) <= spare


def _four_options(
    present: int, suit: int, jokers: int, three_ranks: int, *, full: bool
) -> tuple[tuple[tuple[Card, ...], int], ...]:
    """Ways to make one four of ``suit``: (cards in table order, jokers used).

    ``three_ranks`` is a bit set of ranks for which a joker may replace a held natural card.
    The answer depends only on the held ranks of the suit that may take a joker, so it is
    worked out once for each (:data:`_FOUR_OPTIONS`: the finder asks again for every four it
    tries before this one).
    """
    key = (present, suit, jokers, three_ranks & present, full)
    hit = _FOUR_OPTIONS.get(key)
    if hit is None:
        hit = remember(
            _FOUR_OPTIONS, key, tuple(_four_ways(present, suit, jokers, three_ranks, full=full)), _CACHE_SIZE
        )
    return hit


#: :func:`_four_options` by its key (:func:`.memo.remember`).
_CACHE_SIZE: Final = 1 << 14
_FOUR_OPTIONS: dict[tuple[int, int, int, int, bool], tuple[tuple[tuple[Card, ...], int], ...]] = {}


def _four_ways(
    present: int, suit: int, jokers: int, three_ranks: int, *, full: bool
) -> Iterator[tuple[tuple[Card, ...], int]]:
    length = 13 if full else 4
    span = (1 << length) - 1
    for base, cards in _FULL_SUITS[suit] if full else _WINDOWS[suit]:
        missing = ((span << base) & ~present) >> base
        if missing & (missing >> 1):
            continue
        need = missing.bit_count()
        if need > jokers:
            continue
        optional = ((span << base) & present & three_ranks) >> base
        if full or not optional:
            yield tuple(JOKER if missing >> p & 1 else c for p, c in enumerate(cards)), need
            continue
        for mask in _MASKS4:
            if mask & missing != missing or mask & ~(missing | optional):
                continue
            used = mask.bit_count()
            if used <= jokers:
                yield tuple(JOKER if mask >> p & 1 else c for p, c in enumerate(cards)), used


def _three_choices(cnt: list[int], threes: int, jokers: int) -> Iterator[list[list[Card]]]:
    """Sets of ``threes`` minimal threes of distinct ranks from counts ``cnt``."""
    naturals = [0] * 14
    for rank in range(1, 14):
        base = rank * 4
        naturals[rank] = cnt[base] + cnt[base + 1] + cnt[base + 2] + cnt[base + 3]
    full = [r for r in range(1, 14) if naturals[r] >= 3]
    pairs = [r for r in range(1, 14) if naturals[r] == 2]
    if len(full) + min(len(pairs), jokers) < threes:
        return
    candidates = full + pairs
    for ranks in combinations(candidates, threes):
        need = sum(1 for r in ranks if naturals[r] == 2)
        if need > jokers:
            continue
        out = []
        for r in ranks:
            take = min(3, naturals[r])
            cards: list[Card] = []
            for s in range(4):
                c = r * 4 + s
                k = min(cnt[c], take - len(cards))
                cards.extend([c] * k)
            if take < 3:
                cards.append(JOKER)
            out.append(cards)
        yield out


def find_lays(hand: Sequence[Card], spec: HandSpec, keep: int = 1) -> Iterator[LayPlan]:
    """Every distinct minimal lay of the contract of ``spec`` from ``hand``, leaving ``keep`` cards.

    Each lay lists its threes, then its fours (a whole suit first when J-3.4 is used).
    Melds are minimal (3 or 4 cards, 13 for a whole suit); longer melds come from tacking.
    """
    threes, fours = spec.threes, spec.fours
    size_left = len(hand) - keep
    if 3 * threes + 4 * fours > size_left:  # (a whole suit's plan needs more cards still)
        return
    cnt = [0] * CARD_CODES
    present = [0, 0, 0, 0]  # each suit's ranks held: bit r, bit 14 mirroring the ace
    for c in hand:
        cnt[c] += 1
        suit, bits = _RANK_BITS[c]
        present[suit] |= bits
    jokers = cnt[JOKER]
    three_ranks, spare = 0, jokers  # the jokers the fours may use at most
    if threes:
        three_ranks, need = _three_ranks(cnt, threes, jokers)
        if three_ranks < 0:
            return
        spare -= need
    plans: list[tuple[bool, int]] = []
    if fours == 0 or _fours_fit(present, spare, fours):
        plans.append((False, fours))
    if fours >= 3 and 3 * threes + 13 + 4 * (fours - 3) <= size_left:
        for suit, ranks in enumerate(present):
            need = _jokers_needed(ranks, full=True)
            if need <= spare and _fours_fit(present, spare - need, fours - 3, full_suit=suit):
                plans.append((True, fours - 2))
                break
    for use_full, nfours in plans:
        yield from _search_fours(
            cnt,
            present,
            jokers,
            threes,
            nfours,
            full_first=use_full,
            three_ranks=three_ranks,
            suit_from=0,
            chosen=[],
            used_suits=0,
        )


def _search_fours(
    cnt: list[int],
    present: list[int],
    jokers: int,
    threes: int,
    left: int,
    *,
    full_first: bool,
    three_ranks: int,
    suit_from: int,
    chosen: list[tuple[Card, ...]],
    used_suits: int,
) -> Iterator[LayPlan]:
    if left == 0:
        for three_set in _three_choices(cnt, threes, jokers):
            yield [(THREE, t) for t in three_set] + [(FOUR, list(f)) for f in chosen]
        return
    full = full_first and not chosen
    # A whole suit may be any suit; the regular fours go in increasing suit order.
    suits = range(4) if full else range(suit_from, 4)
    for suit in suits:
        if used_suits >> suit & 1:  # the suits of the fours chosen so far (bits)
            continue
        for cards, used in _four_options(present[suit], suit, jokers, three_ranks, full=full):
            for c in cards:
                cnt[c] -= 1
            cnt[JOKER] += used  # jokers are tracked separately
            chosen.append(cards)
            yield from _search_fours(
                cnt,
                present,
                jokers - used,
                threes,
                left - 1,
                full_first=full_first,
                three_ranks=three_ranks,
                suit_from=0 if full else suit + 1,
                chosen=chosen,
                used_suits=used_suits | 1 << suit,
            )
            chosen.pop()
            cnt[JOKER] -= used
            for c in cards:
                cnt[c] += 1


def find_lay(
    hand: Sequence[Card], spec: HandSpec, keep: int = 1, joker_points: int = 50, limit: int = 400
) -> LayPlan | None:
    """The best lay found among the first ``limit``: the one that lays the most penalty points.

    None when the contract cannot be made from ``hand``.

    >>> from .cards import parse_cards, cards_text
    >>> from .rules import make_rules
    >>> hand = parse_cards("7S 7H 7D 9S 9H JK 2C 3C 4C 5C KD")
    >>> lay = find_lay(hand, make_rules().schedule[1])
    >>> [(k, cards_text(c)) for k, c in lay]
    [(3, ['7S', '7H', '7D']), (3, ['9S', '9H', 'JK']), (4, ['2C', '3C', '4C', '5C'])]
    """
    best: LayPlan | None = None
    best_value = -1
    for i, lay in enumerate(find_lays(hand, spec, keep)):
        value = sum(penalty(c, joker_points) for _, cards in lay for c in cards)
        if value > best_value:
            best, best_value = lay, value
        if i + 1 >= limit:
            break
    return best


def can_lay(hand: Sequence[Card], spec: HandSpec, keep: int = 1) -> bool:
    """True if the whole contract can be laid from ``hand``."""
    return next(find_lays(hand, spec, keep), None) is not None


__all__ = [
    "LayPlan",
    "MeldSpec",
    "build_melds",
    "can_lay",
    "check_built_contract",
    "check_contract",
    "find_lay",
    "find_lays",
]
