"""The player's cards as the table shows them: the hand's order, the selection, the sort, and the
staging slots where melds are built (the contract's, or British Kalooki's free slots). No pygame
here: the model keeps itself in step with the engine's hand and asks the engine whether a slot
holds a valid meld (:mod:`.slotrules`).

>>> from kalooki_desktop.engine.cards import parse_cards
>>> model = HandModel()
>>> model.deal([3, 4], parse_cards("9S 2H 9H"))
>>> model.order == parse_cards("9S 2H 9H")  # sorted by suit (spades first), then rank
True
>>> model.take_from_hand([0, 2])
>>> model.stage(0, parse_cards("9S 9H"), at=0)
>>> model.slots[0] == parse_cards("9S 9H") and model.order == parse_cards("2H")
True
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence

from ...engine.actions import Lay
from ...engine.cards import (
    ACE,
    HIGH_ACE,
    JOKER,
    Card,
    count_cards,
    rank_of,
    sort_key_rank,
    sort_key_suit,
    suit_of,
)
from ...engine.melds import Meld
from ...engine.rules import FOUR, THREE
from ...i18n import tr
from ...play.session import MAX_SLOTS
from .slotrules import ANY, ContractSlots, SlotRules, SlotState, staged_lay

__all__ = ["HandModel", "SlotState"]


class HandModel:
    """The player's hand and staging slots between two engine moves."""

    def __init__(self, rules: SlotRules | None = None) -> None:
        self.rules: SlotRules = rules if rules is not None else ContractSlots()
        self.order: list[Card] = []  # the hand as shown, left to right
        self.slots: list[list[Card]] = []  # the staging slots' cards, in table order
        self.slot_kinds: list[int] = []  # THREE or FOUR, one per slot
        self.selected: set[int] = set()  # indices into ``order``
        self.sort_mode = "suit"

    # --- in step with the engine ----------------------------------------------------------

    def deal(self, contract: Sequence[int], hand: Sequence[Card]) -> None:
        """A new hand: the empty slots (one a meld of the contract, or free ones), the cards
        sorted."""
        self.slot_kinds = self.rules.kinds(contract, 0)
        self.slots = [[] for _ in self.slot_kinds]
        self.order = []
        self.selected.clear()
        self.sync(hand, laid=False)

    def sync(self, hand: Sequence[Card], *, laid: bool) -> bool:
        """Keep only the cards the engine's ``hand`` holds, where they are; cards new to the hand
        go in their sorted place (at the right end of an unsorted hand); once laid the slots are
        empty. True if anything changed."""
        before = (list(self.order), [list(s) for s in self.slots])
        left = count_cards(list(hand))
        for slot in self.slots:
            kept = []
            for c in slot:
                if left[c] > 0:
                    left[c] -= 1
                    kept.append(c)
            slot[:] = kept
        order = []
        for c in self.order:
            if left[c] > 0:
                left[c] -= 1
                order.append(c)
        fresh = sorted((c for c in range(len(left)) for _ in range(left[c])), key=self.sort_key)
        for card in fresh:  # in its sorted place while the hand is sorted, else at the right end
            order.insert(self._arrival(order, card), card)
        if len(order) != len(self.order):
            self.selected.clear()
        self.order = order
        if laid and any(self.slots):
            self.slots = [[] for _ in self.slot_kinds]
        self.fit()
        return before != (self.order, self.slots)

    def fit(self) -> None:
        """Free slots: as many as are filled and one more (:meth:`.slotrules.FreeSlots.kinds`),
        the filled ones first, in their order."""
        if not self.rules.free:
            return
        filled = [slot for slot in self.slots if slot]
        self.slot_kinds = self.rules.kinds((), len(filled))
        self.slots = filled + [[] for _ in range(len(self.slot_kinds) - len(filled))]

    def arrival_index(self, card: Card) -> int:
        """Where ``card`` goes when it arrives in the hand: its place in the sort while the hand
        is in sorted order, else the right end."""
        return self._arrival(self.order, card)

    def _arrival(self, order: list[Card], card: Card) -> int:
        key = self.sort_key
        keys = [key(c) for c in order]
        if keys != sorted(keys):
            return len(order)
        return bisect.bisect_right(keys, key(card))

    def is_sorted(self) -> bool:
        """True while the hand is in the order of the sort chosen last (the player has not
        rearranged it)."""
        keys = [self.sort_key(c) for c in self.order]
        return keys == sorted(keys)

    @property
    def sort_key(self) -> Callable[[Card], tuple[int, int]]:
        """The key the hand is sorted by (suit first, or rank first), the aces where the game
        ranks them: above the kings where the ace is high only (Kalooki 40), else below the twos."""
        if self.rules.aces_high:
            return _rank_ace_high if self.sort_mode == "rank" else _suit_ace_high
        return sort_key_rank if self.sort_mode == "rank" else sort_key_suit

    def sort(self, mode: str) -> None:
        """Sort the hand by ``"suit"`` or by ``"rank"``."""
        self.sort_mode = mode
        self.order.sort(key=self.sort_key)
        self.selected.clear()

    # --- moving cards between the hand and the slots ---------------------------------------

    def picked(self, index: int) -> list[int]:
        """The hand indices a press on card ``index`` lifts: the selection when it is part of it."""
        return sorted(self.selected) if index in self.selected else [index]

    def take_from_hand(self, indices: Sequence[int]) -> None:
        """Remove the cards at ``indices`` (they went elsewhere)."""
        for i in sorted(indices, reverse=True):
            if i < len(self.order):
                self.order.pop(i)
        self.selected.clear()

    def take_from_slot(self, j: int, k: int) -> None:
        """Remove card ``k`` of slot ``j``."""
        if 0 <= j < len(self.slots) and k < len(self.slots[j]):
            self.slots[j].pop(k)
        self.fit()

    def insert(self, at: int, cards: Sequence[Card]) -> None:
        """Put ``cards`` into the hand at position ``at``."""
        self.order[at:at] = list(cards)
        self.selected.clear()

    def unstage(self, j: int, k: int) -> None:
        """Card ``k`` of slot ``j`` back to the hand's right end."""
        self.order.append(self.slots[j].pop(k))
        self.fit()

    def unstage_all(self) -> None:
        """Every staged card back to the hand."""
        for slot in self.slots:
            self.order.extend(slot)
            slot.clear()
        self.fit()

    def staged(self) -> tuple[tuple[Card, ...], ...]:
        """The slots' cards, as the game keeps them."""
        return tuple(tuple(slot) for slot in self.slots)

    def restage(self, slots: Sequence[Sequence[Card]]) -> bool:
        """Put cards staged before (a restart) back into the slots: only when there is a slot
        for each and every card is in the hand; False (nothing moved) otherwise.

        >>> from kalooki_desktop.engine.cards import parse_cards
        >>> model = HandModel()
        >>> model.deal([3, 3], parse_cards("9S 9H 9D 2H"))
        >>> model.restage([parse_cards("9S 9H"), []]), model.order == parse_cards("2H 9D")
        (True, True)
        >>> model.restage([parse_cards("KS"), []])
        False
        """
        fixed = not self.rules.free and len(slots) != len(self.slots)
        if fixed or len(slots) > MAX_SLOTS or any(self.slots):
            return False
        rest = list(self.order)
        for card in (c for slot in slots for c in slot):
            if card not in rest:
                return False
            rest.remove(card)
        self.order = rest
        self.slots = [list(slot) for slot in slots]
        self.selected.clear()
        self.fit()
        return True

    def clear_slots(self) -> None:
        """Empty the slots (their cards were laid)."""
        self.slots = [[] for _ in self.slot_kinds]
        self.fit()

    def stage(self, j: int, cards: Sequence[Card], at: int) -> None:
        """Put ``cards`` (already out of the hand or their slot) into slot ``j`` at position
        ``at``: in a four of naturals they line up by rank (ace low or high, whichever makes a
        four); in a four with a joker the cards go where the four is valid: the one such place,
        or of two (a joker at either end) the one nearer the drop; where no place makes a four
        yet, the cards go where they are dropped.

        >>> from kalooki_desktop.engine.cards import parse_cards
        >>> model = HandModel()
        >>> model.deal([4], [])
        >>> model.stage(0, parse_cards("2D 3D 5D"), at=0)
        >>> model.stage(0, parse_cards("JK"), at=3)  # dropped at the end: the gap is its place
        >>> model.slots[0] == parse_cards("2D 3D JK 5D")
        True
        >>> model.slots[0] = parse_cards("2D 3D 4D")
        >>> model.stage(0, parse_cards("JK"), at=1)  # either end: the nearer one
        >>> model.slots[0] == parse_cards("JK 2D 3D 4D")
        True
        """
        self.slots[j] = self.rules.arrange(self.slot_kinds[j], self.slots[j], list(cards), at)
        self.fit()

    def stage_lay(self, lay: Lay) -> None:
        """Fill the slots with the melds of ``lay`` (a hint), every other staged card back in
        the hand first."""
        self.unstage_all()
        if self.rules.free:
            self.slot_kinds = self.rules.kinds((), len(lay.melds))
        slots: list[list[Card]] = [[] for _ in self.slot_kinds]
        for kind, cards in lay.melds:
            j = next((j for j, k in enumerate(self.slot_kinds) if k in (kind, ANY) and not slots[j]), None)
            if j is None:  # a whole suit standing for three fours (J-3.4)
                j = next(j for j, k in enumerate(self.slot_kinds) if k == kind)
            slots[j] = list(cards)
        for slot in slots:
            for c in slot:
                self.order.remove(c)
        self.slots = slots
        self.selected.clear()

    # --- what the slots hold -------------------------------------------------------------

    def slot_state(self, j: int) -> SlotState:
        """``"empty"``, None when slot ``j`` holds a valid meld, or the engine's refusal."""
        return self.rules.state(self.slot_kinds[j], self.slots[j])

    def slot_meld(self, j: int) -> Meld | None:
        """The valid meld slot ``j`` holds (its jokers' tags read it), or None."""
        return self.rules.meld(self.slot_kinds[j], self.slots[j]) if self.slot_state(j) is None else None

    def slot_title(self, j: int) -> str:
        """What slot ``j`` is: "Three" or "Four" (the contract's), or "Set", "Run" or "Meld" (free
        slots; with the meld's points towards an opening)."""
        kind, cards = self.slot_kinds[j], self.slots[j]
        if kind == THREE:
            return tr("table.slot_three")
        if kind == FOUR:
            return tr("table.slot_four")
        meld = self.slot_meld(j)
        if meld is None:
            return tr("table.slot_meld")
        name = tr("table.slot_set") if meld.kind == THREE else tr("table.slot_run")
        return f"{name} · {self.rules.points(kind, cards)}"

    def slot_points(self, j: int) -> int:
        """What slot ``j``'s meld counts towards an opening (British Kalooki; else 0)."""
        return self.rules.points(self.slot_kinds[j], self.slots[j])

    def staged_lay(self) -> Lay | None:
        """The lay the slots describe (the slots that hold cards), or None."""
        return staged_lay(self.rules, self.slot_kinds, self.slots)

    def all_slots_valid(self) -> bool:
        """True when every slot holds a valid meld."""
        return all(self.slot_state(j) is None for j in range(len(self.slots)))


def _high(card: Card) -> int:
    """A card's rank with the ace above the king."""
    return HIGH_ACE if rank_of(card) == ACE else rank_of(card)


def _suit_ace_high(card: Card) -> tuple[int, int]:
    """By suit then rank, the ace above the king, jokers last."""
    return (9, 0) if card == JOKER else (suit_of(card), _high(card))


def _rank_ace_high(card: Card) -> tuple[int, int]:
    """By rank then suit, the ace above the king, jokers last."""
    return (99, 0) if card == JOKER else (_high(card), suit_of(card))
