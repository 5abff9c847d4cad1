"""What a drop means. The pointer says where dragged cards were let go; this module turns that
into one outcome: an engine action to submit, a change to the table's own arrangement (a slot,
the hand's order), or the cards going back with the reason why. It also says which targets
would take the dragged cards, so the table can light them while the drag is on. The rules are
asked of the engine (:meth:`Session.check`, :func:`could_become`); nothing here knows one.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.actions import Action, Discard, MoveJoker, PluckDiscard, PluckStock, Retrieve, Tack
from ...engine.cards import JOKER, Card
from ...engine.rules import FOUR, THREE
from ...i18n import tr
from ...play.session import Session
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
        cards = drag.cards
        slots = frozenset(
            j for j, slot in enumerate(m.slots) if self._fits(m.slot_kinds[j], _without(slot, drag, j), cards)
        )
        british, check = self.session.british, self.session.check
        table = self.session.match.hand.table
        melds = frozenset(
            i for i, meld in enumerate(table)
            if any(check(a) is None for a in _meld_options(cards, i + 1, meld.kind, british=british))
        )
        pile = len(drag.cards) == 1 and self.session.check(Discard(drag.cards[0])) is None
        result = Targets(slots, melds, pile)
        self._targets = (key, result)
        return result

    def _fits(self, kind: int, slot: list[Card], cards: list[Card]) -> bool:
        """True if ``cards`` belong in a slot of ``kind`` holding ``slot``: a meld already valid
        only takes cards that keep it valid (somewhere in it); any other slot takes cards that
        could still become a meld with it."""
        rules = self.model.rules
        if not rules.could_become(kind, slot + cards):
            return False
        if not slot or rules.state(kind, slot) is not None:
            return True
        return any(rules.state(kind, slot[:i] + cards + slot[i:]) is None for i in range(len(slot) + 1))

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
        if kind == "meld" and len(drag.cards) > 1 and self.session.british and index is not None:
            return Play(Retrieve(tuple(drag.cards), index + 1))  # natural cards for a set's joker (B-7)
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
        """A tack, or a joker move when a natural card is dropped on the joker standing for it (in
        British Kalooki a retrieval, B-7, when dropped on any joker and no lay-off takes it).
        The end of a four follows the drop position; where that end does not take the card and
        another move does, that move."""
        meld = self.session.match.hand.table[index]
        british = self.session.british
        rects = g.meld_card_rects(index)
        pairs = zip(meld.cards, rects, strict=False)
        on_joker = any(c == JOKER and r.inflate(6, 20).collidepoint(pos) for c, r in pairs)
        if british and card != JOKER and on_joker:  # a joker taken from the table (B-7)
            retrieve = Retrieve((card,), index + 1)
            if self.session.check(retrieve) is None or self.session.check(Tack(card, index + 1)) is not None:
                return retrieve
        if meld.kind == THREE:
            return Tack(card, index + 1)
        if card != JOKER and not british:
            for i, r in enumerate(rects):
                on_joker = meld.cards[i] == JOKER and r.inflate(6, 20).collidepoint(pos)
                if on_joker and meld.stands_for(i) == card:
                    return MoveJoker(card, index + 1)
        box = g.melds()[1][index]
        tack = Tack(card, index + 1, "low" if pos[0] < box.centerx else "high")
        if self.session.check(tack) is None:
            return tack
        options = _meld_options([card], index + 1, FOUR, british=british)
        other = next((a for a in options if self.session.check(a) is None), None)
        return other if other is not None else tack


def _meld_options(cards: list[Card], meld: int, kind: int, *, british: bool) -> list[Action]:
    """Every action that puts ``cards`` on table meld ``meld`` (1-based): a tack (a lay-off) or a
    joker move of one card; in British Kalooki, joker retrieval with one card or more (B-7)."""
    if len(cards) != 1:
        return [Retrieve(tuple(cards), meld)] if british and JOKER not in cards else []
    card = cards[0]
    options: list[Action] = [Tack(card, meld)]
    if kind == FOUR:
        options = [Tack(card, meld, "low"), Tack(card, meld, "high")]
    if card != JOKER and british:
        options.append(Retrieve((card,), meld))
    elif card != JOKER and kind == FOUR:
        options.append(MoveJoker(card, meld))
    return options


def _without(slot: list[Card], drag: Drag, j: int) -> list[Card]:
    """Slot ``j``'s cards, less the one being dragged out of it."""
    if drag.source == "slot" and isinstance(drag.hidden, tuple) and drag.hidden[0] == j:
        return slot[: drag.hidden[1]] + slot[drag.hidden[1] + 1 :]
    return list(slot)
