"""What a drop means. The pointer says where dragged cards were let go; this module turns that
into one outcome: an engine action to submit, a change to the table's own arrangement (a slot,
the hand's order), or the cards going back with the reason why. It also says which targets
would take the dragged cards, so the table can light them while the drag is on. The rules are
asked of the engine (:meth:`Session.check`, :func:`could_become`); nothing here knows one.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.actions import Action, Discard, MoveJoker, PluckDiscard, PluckStock, Tack
from ...engine.cards import JOKER, Card
from ...engine.melds import check_meld, could_become
from ...engine.rules import FOUR, THREE
from ...i18n import tr
from ...session import Session
from .geometry import TableGeometry
from .model import HandModel
from .pointer import Drag


@dataclass(frozen=True)
class Play:
    """Submit ``action``; the dragged cards ``land`` where they were dropped (no flight) and
    leave their hand or slot place when the engine takes them."""

    action: Action
    land: bool = True


@dataclass(frozen=True)
class Stage:
    """Put the dragged cards into slot ``slot`` at position ``at``."""

    slot: int
    at: int


@dataclass(frozen=True)
class Reorder:
    """Put the dragged cards back into the hand at position ``at``."""

    at: int


@dataclass(frozen=True)
class Back:
    """The cards glide back; ``why`` is said (None: they were let go where they came from)."""

    why: str | None = None


Outcome = Play | Stage | Reorder | Back


@dataclass(frozen=True)
class Targets:
    """What would take the dragged cards: staging slots, table melds (by index), the pile."""

    slots: frozenset[int] = frozenset()
    melds: frozenset[int] = frozenset()
    pile: bool = False


class Drops:
    """Outcomes of drops and the targets of a drag, for one session; the engine's answers are
    kept until the game or the slots change."""

    def __init__(self, session: Session, model: HandModel) -> None:
        self.session = session
        self.model = model
        self._targets: tuple[object, Targets] | None = None

    def targets(self, drag: Drag) -> Targets:
        """Every target that would take ``drag``'s cards now."""
        if drag.source not in ("hand", "slot"):
            return Targets()
        key = (tuple(drag.cards), drag.source, drag.hidden, self.session.version, self.model.staged())
        if self._targets is not None and self._targets[0] == key:
            return self._targets[1]
        m = self.model
        slots = frozenset(
            j for j, slot in enumerate(m.slots) if _fits(m.slot_kinds[j], _without(slot, drag, j), drag.cards)
        )
        melds: frozenset[int] = frozenset()
        pile = False
        if len(drag.cards) == 1:
            card = drag.cards[0]
            melds = frozenset(
                i
                for i, meld in enumerate(self.session.match.hand.table)
                if any(self.session.check(a) is None for a in _meld_options(card, i + 1, meld.kind))
            )
            pile = self.session.check(Discard(card)) is None
        result = Targets(slots, melds, pile)
        self._targets = (key, result)
        return result

    def outcome(
        self, drag: Drag, target: tuple[str, int | None], pos: tuple[int, int], g: TableGeometry
    ) -> Outcome:
        """What letting ``drag`` go at ``pos`` over ``target`` (the pointer's) does."""
        kind, index = target
        if drag.source in ("stock", "pile"):
            if kind == "hand":
                return Play(PluckStock() if drag.source == "stock" else PluckDiscard(), land=False)
            source = g.layout.stock if drag.source == "stock" else g.layout.pile
            return Back(None if source.inflate(30, 30).collidepoint(pos) else tr("table.drop_pluck"))
        if kind == "slot":
            assert index is not None
            return Stage(index, g.slot_insert_index(index, pos[0]))
        if kind == "hand":
            centre = pos[0] + drag.offsets[0][0] + drag.origins[0].w // 2
            return Reorder(g.hand_insert_index(centre))
        if kind in ("meld", "pile"):
            if len(drag.cards) != 1:
                return Back(tr("table.one_card"))
            card = drag.cards[0]
            return Play(Discard(card) if index is None else self.meld_action(card, index, pos, g))
        if g.layout.stock.inflate(30, 30).collidepoint(pos):
            return Back(tr("table.drop_stock"))
        if drag.source == "slot" and drag.origins and drag.origins[0].inflate(30, 30).collidepoint(pos):
            return Back()
        return Back(tr("table.drop_nowhere"))

    def meld_action(self, card: Card, index: int, pos: tuple[int, int], g: TableGeometry) -> Action:
        """A tack, or a joker move when a natural card is dropped on the joker standing for it.
        The end of a four follows the drop position; where that end does not take the card and
        another move does, that move."""
        meld = self.session.match.hand.table[index]
        if meld.kind == THREE:
            return Tack(card, index + 1)
        if card != JOKER:
            for i, r in enumerate(g.meld_card_rects(index)):
                on_joker = meld.cards[i] == JOKER and r.inflate(6, 20).collidepoint(pos)
                if on_joker and meld.stands_for(i) == card:
                    return MoveJoker(card, index + 1)
        box = g.melds()[1][index]
        tack = Tack(card, index + 1, "low" if pos[0] < box.centerx else "high")
        if self.session.check(tack) is None:
            return tack
        other = next(
            (a for a in _meld_options(card, index + 1, FOUR) if self.session.check(a) is None), None
        )
        return other if other is not None else tack


def _meld_options(card: Card, meld: int, kind: int) -> list[Action]:
    """Every action that puts ``card`` on table meld ``meld`` (1-based)."""
    if kind != FOUR:
        return [Tack(card, meld)]
    options: list[Action] = [Tack(card, meld, "low"), Tack(card, meld, "high")]
    if card != JOKER:
        options.append(MoveJoker(card, meld))
    return options


def _fits(kind: int, slot: list[Card], cards: list[Card]) -> bool:
    """True if ``cards`` belong in a slot of ``kind`` holding ``slot``: a meld already valid
    only takes cards that keep it valid (somewhere in it); any other slot takes cards that
    could still become a meld with it."""
    if not could_become(kind, slot + cards):
        return False
    if not slot or check_meld(kind, slot) is not None:
        return True
    return any(check_meld(kind, slot[:i] + cards + slot[i:]) is None for i in range(len(slot) + 1))


def _without(slot: list[Card], drag: Drag, j: int) -> list[Card]:
    """Slot ``j``'s cards, less the one being dragged out of it."""
    if drag.source == "slot" and isinstance(drag.hidden, tuple) and drag.hidden[0] == j:
        return slot[: drag.hidden[1]] + slot[drag.hidden[1] + 1 :]
    return list(slot)
