"""What the staging slots take and how they line their cards up, for each game: the Jamaican
contract's slots, one per meld of the contract, each a three or a four; and British Kalooki's
free slots, each a set or a run as its cards make it, one more appearing as each fills. The
engine's own meld checks decide every ruling; nothing here knows a rule of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

from ...engine.actions import Lay
from ...engine.cards import JOKER, Card, rank_of, suit_of
from ...engine.melds import Meld, check_meld, could_become, make_meld
from ...engine.refusal import Refusal
from ...engine.rules import FOUR, THREE
from ...engine.systems import british
from ...play.session import MAX_SLOTS

#: The kind of a free slot: a set or a run, as its cards make it.
ANY = 0

#: A slot's state: "empty", None when it holds a valid meld, or the engine's refusal.
SlotState = Refusal | str | None


class ContractSlots:
    """The Jamaican contract's slots: each a three or a four, fixed by the contract."""

    free = False
    aces_high = False  # the ace is low or high in a four (J-2.4): it sorts below the two

    def kinds(self, contract: Sequence[int], filled: int) -> list[int]:
        """The slots of a hand: one per meld of the contract."""
        return list(contract)

    def state(self, kind: int, cards: Sequence[Card]) -> SlotState:
        if not cards:
            return "empty"
        return check_meld(kind, cards)

    def kind_of(self, kind: int, cards: Sequence[Card]) -> int:
        """The kind the slot's cards are laid as."""
        return kind

    def could_become(self, kind: int, cards: Sequence[Card]) -> bool:
        return could_become(kind, cards)

    def meld(self, kind: int, cards: Sequence[Card]) -> Meld | None:
        """The valid meld the slot holds (for its jokers' tags), or None."""
        m = make_meld(kind, 0, list(cards))
        return m if isinstance(m, Meld) else None

    def arrange(self, kind: int, slot: list[Card], cards: list[Card], at: int) -> list[Card]:
        """``cards`` put into ``slot`` at ``at``: a four lines up by rank (see
        :meth:`.model.HandModel.stage`)."""
        if kind != FOUR:
            return slot[:at] + cards + slot[at:]
        return _arrange_run(slot, cards, at, lambda c: check_meld(FOUR, c) is None)

    def points(self, kind: int, cards: Sequence[Card]) -> int:
        return 0


class FreeSlots:
    """British Kalooki's free slots (B-2): a slot is a set when its cards make one, else a run."""

    free = True

    def __init__(self, rules: Any) -> None:
        self.rules = rules
        self.aces_high = not rules.ace_low  # Kalooki 40: the ace is high only (B-2)

    def kinds(self, contract: Sequence[int], filled: int) -> list[int]:
        """As many slots as are filled and one more (three at least), at most :data:`MAX_SLOTS`."""
        return [ANY] * min(MAX_SLOTS, max(3, filled + 1))

    def kind_of(self, kind: int, cards: Sequence[Card]) -> int:
        return THREE if british.check_set(cards) is None else FOUR

    def state(self, kind: int, cards: Sequence[Card]) -> SlotState:
        if not cards:
            return "empty"
        as_set = british.check_set(cards)
        if as_set is None:
            return None
        run = british.make_b_meld(FOUR, 0, cards, self.rules)
        if isinstance(run, Meld):
            return None
        naturals = {rank_of(c) for c in cards if c != JOKER}
        return as_set if len(naturals) == 1 and len(cards) > 1 else run

    def could_become(self, kind: int, cards: Sequence[Card]) -> bool:
        """A set in the making (one rank, different suits, four at most) or a run in the making."""
        naturals = [c for c in cards if c != JOKER]
        suits = [suit_of(c) for c in naturals]
        a_set = len({rank_of(c) for c in naturals}) <= 1 and len(set(suits)) == len(suits) and len(cards) <= 4
        return a_set or could_become(FOUR, cards)

    def meld(self, kind: int, cards: Sequence[Card]) -> Meld | None:
        m = british.make_b_meld(self.kind_of(kind, cards), 0, cards, self.rules)
        return m if isinstance(m, Meld) else None

    def arrange(self, kind: int, slot: list[Card], cards: list[Card], at: int) -> list[Card]:
        merged = slot[:at] + cards + slot[at:]
        if british.check_set(merged) is None or len({rank_of(c) for c in merged if c != JOKER}) <= 1:
            return merged
        return _arrange_run(slot, cards, at, self._is_run)

    def _is_run(self, cards: list[Card]) -> bool:
        return isinstance(british.make_b_meld(FOUR, 0, cards, self.rules), Meld)

    def points(self, kind: int, cards: Sequence[Card]) -> int:
        """What the slot's meld counts towards an opening (B-4), 0 while it is none."""
        m = self.meld(kind, cards)
        return british.meld_points(m) if m is not None else 0


SlotRules = ContractSlots | FreeSlots


def staged_lay(rules: SlotRules, kinds: Sequence[int], slots: Sequence[Sequence[Card]]) -> Lay | None:
    """The lay the slots describe (the slots that hold cards), or None."""
    melds = [(rules.kind_of(k, c), tuple(c)) for k, c in zip(kinds, slots, strict=True) if c]
    return Lay.of(melds) if melds else None


def _arrange_run(
    slot: list[Card], cards: list[Card], at: int, valid: Callable[[list[Card]], bool]
) -> list[Card]:
    """Cards put into a run: naturals alone line up by rank (ace low or high, whichever makes a
    run); with a joker they go where the run is valid, the place nearest ``at``; where none is
    valid yet, where they were dropped."""
    merged = slot[:at] + cards + slot[at:]
    if JOKER not in merged:
        low = sorted(merged, key=lambda c: (rank_of(c), suit_of(c)))
        if valid(low):
            return low
        high = sorted(merged, key=lambda c: (14 if rank_of(c) == 1 else rank_of(c), suit_of(c)))
        return high if valid(high) else low
    if valid(merged):
        return merged
    for dist in range(1, len(slot) + 1):
        for pos in (at - dist, at + dist):
            if 0 <= pos <= len(slot):
                trial = slot[:pos] + cards + slot[pos:]
                if valid(trial):
                    return trial
    return _lined_up(merged, valid) or merged


def _lined_up(cards: list[Card], valid: Callable[[list[Card]], bool]) -> list[Card] | None:
    """``cards`` as a valid run: the naturals in rank order (ace low or high) and the jokers in
    the places that make it valid, the places nearest where the jokers are; None when no order
    of them is a run. (A joker staged before the naturals goes to the gap they leave.)"""
    naturals = [c for c in cards if c != JOKER]
    places = [i for i, c in enumerate(cards) if c == JOKER]
    best: tuple[int, list[Card]] | None = None
    for ace in (1, 14):
        line = sorted(naturals, key=lambda c: (ace if rank_of(c) == 1 else rank_of(c), suit_of(c)))
        for spots in combinations(range(len(cards)), len(places)):
            trial = list(line)
            for spot in spots:  # in rising order: each joker lands at its spot
                trial.insert(spot, JOKER)
            cost = sum(abs(a - b) for a, b in zip(spots, places, strict=True))
            if (best is None or cost < best[0]) and valid(trial):
                best = (cost, trial)
    return best[1] if best is not None else None
