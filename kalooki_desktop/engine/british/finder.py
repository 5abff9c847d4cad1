"""Finding melds in a British Kalooki hand: every set and run the cards can make (jokers in the
gaps), and an opening of at least the rules' points (B-4, B-V1) from them. The turn uses it to
know that a player who takes the discard before coming out can come out with it (B-5); the
bots use it to choose what to lay.

>>> from kalooki_desktop.engine.cards import cards_text, parse_cards
>>> from .rules import make_british_rules
>>> forty = make_british_rules("british40")
>>> opening = find_opening(parse_cards("QS QH QD 6C 7C 8C 2D 5H"), forty)
>>> [cards_text(m.cards) for m in opening]
[['QS', 'QH', 'QD'], ['6C', '7C', '8C']]
>>> find_opening(parse_cards("QS QH QD 2C 7C 8C 2D 5H"), forty) is None
True
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

from ..cards import ACE, CARD_CODES, HIGH_ACE, JOKER, Card, count_cards, make_card, rank_of, suit_of
from ..melds import Meld
from .melds import MAX_RUN, RUN, SET, card_points, make_b_meld, meld_points
from .rules import BritishRules

#: The most melds the biggest-first search weighs before the exhaustive search takes over.
SEARCH_LIMIT = 20_000


def candidate_melds(hand: Sequence[Card], rules: BritishRules, owner: int = 0) -> list[Meld]:
    """Every set and run ``hand`` can make, each at most once, jokers filling gaps, each as the
    engine reads it when laid (a run of one natural and two jokers in its declared order): the
    biggest in points first."""
    cnt = count_cards(hand)
    jokers = cnt[JOKER]
    out: dict[tuple[int, tuple[Card, ...]], Meld] = {}
    for m in (*_sets(cnt, jokers, owner), *_runs(cnt, jokers, rules, owner)):
        made = make_b_meld(m.kind, owner, m.cards, rules)  # as the engine will see it when laid
        if isinstance(made, Meld):
            out.setdefault((made.kind, tuple(made.cards)), made)
    return sorted(out.values(), key=lambda m: (-meld_points(m), -len(m.cards)))


def _sets(cnt: list[int], jokers: int, owner: int) -> Iterator[Meld]:
    for rank in range(1, 14):
        suits = [s for s in range(4) if cnt[make_card(rank, s)]]
        for k in range(len(suits), 0, -1):
            for chosen in itertools.combinations(suits, k):
                for j in range(0, min(jokers, 4 - k) + 1):
                    if 3 <= k + j <= 4:
                        cards = [make_card(rank, s) for s in chosen] + [JOKER] * j
                        yield Meld(SET, owner, cards, rank)


def _runs(cnt: list[int], jokers: int, rules: BritishRules, owner: int) -> Iterator[Meld]:
    lowest = 1 if rules.ace_low else 2
    for suit in range(4):
        has = _held_ranks(cnt, suit)
        if not any(has):
            continue
        for base in range(lowest, HIGH_ACE - 1):
            gaps = 0
            for high in range(base, min(HIGH_ACE, base + MAX_RUN - 1) + 1):
                gaps += not has[high]
                if gaps > jokers:
                    break  # a longer run from this base has as many gaps or more
                if high - base >= 2 and gaps <= high - base and not (base == ACE and high == HIGH_ACE):
                    cards = [make_card(r, suit) if has[r] else JOKER for r in range(base, high + 1)]
                    yield Meld(RUN, owner, cards, base)


def _held_ranks(cnt: Sequence[int], suit: int) -> list[bool]:
    """Whether a natural card of ``suit`` is held at each rank 0..14 (the ace at 1 and 14)."""
    has = [False] + [cnt[make_card(r, suit)] > 0 for r in range(1, 14)]
    return [*has, has[ACE]]


def find_opening(hand: Sequence[Card], rules: BritishRules, owner: int = 0,
                 need: int | None = None) -> list[Meld] | None:
    """Melds from ``hand`` (no card used twice, a card left over to discard, B-8) worth at least
    ``need`` points (the opening by default), or None when the hand has no such melds. The
    biggest distinct melds are tried first, so the answer is usually an opening of few, large
    melds; where they do not reach it, the exhaustive search of :func:`best_opening` decides
    (two equal melds from the two packs included, B-2 clarification)."""
    goal = rules.opening if need is None else need
    melds = candidate_melds(hand, rules, owner)
    quick = _biggest_first(hand, melds, goal)
    if quick is not None and sum(len(m.cards) for m in quick) < len(hand):
        return quick
    if _most_points(hand, melds) < goal:
        return None
    points, melds = best_opening(hand, rules, owner)
    return melds if melds and points >= goal else None


def best_opening(hand: Sequence[Card], rules: BritishRules, owner: int = 0) -> tuple[int, list[Meld]]:
    """The melds from ``hand`` worth the most opening points (B-4, B-V1) that leave at least one
    card to discard (B-8), and their points: an exhaustive search in which any meld may be laid
    as often as the cards allow (7S 7H 7D twice from two packs), a joker may stand in a run
    where a natural card is held (the natural kept for another meld), and each meld is read as
    the engine reads it when laid.

    >>> from kalooki_desktop.engine.cards import cards_text, parse_cards
    >>> from .rules import make_british_rules
    >>> points, melds = best_opening(parse_cards("7S 7H 7D 7S 7H 7D 2C"), make_british_rules("british40"))
    >>> points, [cards_text(m.cards) for m in melds]
    (42, [['7S', '7H', '7D'], ['7S', '7H', '7D']])
    """
    points, melds = _Packer(hand, rules, owner).best(keep=True)
    return max(points, 0), list(melds)


#: The search's answer for a part of the hand that cannot leave a card to discard.
_NO_CARD_LEFT = -1


class _Packer:
    """The exhaustive opening search: the lowest card still in hand either stays in hand or goes
    into one of the melds that can hold it, and the rest of the hand is searched the same way,
    each remaining hand once (memoised on its card counts)."""

    def __init__(self, hand: Sequence[Card], rules: BritishRules, owner: int) -> None:
        self.cnt = count_cards(hand)
        self.rules, self.owner = rules, owner
        self.memo: dict[tuple[bytes, bool], tuple[int, tuple[Meld, ...]]] = {}

    def best(self, *, keep: bool) -> tuple[int, tuple[Meld, ...]]:
        """The most points the cards left make, with ``keep``: a card left over too."""
        key = (bytes(self.cnt), keep)
        found = self.memo.get(key)
        if found is not None:
            return found
        c = next((code for code in range(JOKER + 1, CARD_CODES) if self.cnt[code]), None)
        if c is None:
            result: tuple[int, tuple[Meld, ...]] = (_NO_CARD_LEFT if keep and not self.cnt[JOKER] else 0, ())
        else:
            self.cnt[c] -= 1
            result = self.best(keep=False)  # c stays in hand
            for meld in self._melds_with(c):
                rest = [x for x in meld.cards if x != c] + [c] * (meld.cards.count(c) - 1)
                if not _take(self.cnt, rest):
                    continue
                points, others = self.best(keep=keep)
                _give(self.cnt, rest)
                if points != _NO_CARD_LEFT and points + meld_points(meld) > result[0]:
                    result = (points + meld_points(meld), (meld, *others))
            self.cnt[c] += 1
        self.memo[key] = result
        return result

    def _melds_with(self, c: Card) -> Iterator[Meld]:
        """Every meld holding natural ``c`` and cards still counted, as the engine reads it."""
        rank, suit, jokers = rank_of(c), suit_of(c), self.cnt[JOKER]
        others = [make_card(rank, t) for t in range(4) if t != suit and self.cnt[make_card(rank, t)]]
        for k in range(len(others) + 1):
            for chosen in itertools.combinations(others, k):
                for j in range(max(0, 2 - k), min(jokers, 3 - k) + 1):
                    yield from _made(SET, self.owner, [c, *chosen] + [JOKER] * j, self.rules)
        for place in (rank, HIGH_ACE) if rank == ACE else (rank,):
            for cards in self._runs_through(c, place, jokers):
                yield from _made(RUN, self.owner, cards, self.rules)

    def _runs_through(self, c: Card, place: int, jokers: int) -> Iterator[list[Card]]:
        """Runs of ``c``'s suit with ``c`` at rank ``place``: the other places hold a natural
        card still counted or a joker (a joker also where a natural is held)."""
        suit, lowest = suit_of(c), 1 if self.rules.ace_low else 2
        has = _held_ranks(self.cnt, suit)
        for base in range(max(lowest, place - MAX_RUN + 1), place + 1):
            for high in range(max(place, base + 2), min(HIGH_ACE, base + MAX_RUN - 1) + 1):
                ranks = range(base, high + 1)
                held = [r for r in ranks if r != place and has[r]]
                gaps = len(ranks) - 1 - len(held)
                if gaps > jokers:
                    break  # a longer run from this base has as many gaps or more
                for n in range(min(jokers - gaps, len(held)) + 1):
                    for spared in itertools.combinations(held, n):
                        yield [c if r == place else make_card(r, suit) if r in held and r not in spared
                               else JOKER for r in ranks]


def _made(kind: int, owner: int, cards: list[Card], rules: BritishRules) -> Iterator[Meld]:
    made = make_b_meld(kind, owner, cards, rules)
    if isinstance(made, Meld):
        yield made


def _most_points(hand: Sequence[Card], melds: Sequence[Meld]) -> int:
    """A bound no opening from ``hand`` exceeds: every copy of each natural card that some meld
    of ``melds`` (:func:`candidate_melds`) holds, counted at 11 for an ace and at its face value
    otherwise, and 11 for each joker. A natural card that no meld holds cannot be laid."""
    meldable = {c for m in melds for c in m.cards}
    points = 0
    for c in hand:
        if c == JOKER:
            points += 11
        elif c in meldable:
            points += card_points(HIGH_ACE if rank_of(c) == ACE else rank_of(c))
    return points


def _biggest_first(hand: Sequence[Card], melds: Sequence[Meld], goal: int) -> list[Meld] | None:
    """Distinct melds, the biggest first, until they reach ``goal`` (a bounded search)."""
    cnt = count_cards(hand)
    tried = [0]

    def search(start: int, total: int, chosen: list[Meld]) -> list[Meld] | None:
        if total >= goal:
            return list(chosen)
        for i in range(start, len(melds)):
            tried[0] += 1
            if tried[0] > SEARCH_LIMIT:
                return None
            m = melds[i]
            if not _take(cnt, m.cards):
                continue
            chosen.append(m)
            found = search(i + 1, total + meld_points(m), chosen)
            chosen.pop()
            _give(cnt, m.cards)
            if found is not None:
                return found
        return None

    return search(0, 0, [])


def _take(cnt: list[int], cards: Sequence[Card]) -> bool:
    need = [0] * CARD_CODES
    for c in cards:
        need[c] += 1
    if any(need[c] > cnt[c] for c in set(cards)):
        return False
    for c in cards:
        cnt[c] -= 1
    return True


def _give(cnt: list[int], cards: Sequence[Card]) -> None:
    for c in cards:
        cnt[c] += 1
