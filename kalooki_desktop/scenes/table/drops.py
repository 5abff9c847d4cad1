"""What a drop means. The pointer says where dragged cards were let go; this module turns that
into one outcome: an engine action to submit, a change to the table's own arrangement (a slot,
the hand's order), or the cards going back with the reason why. It also says which targets
would take the dragged cards, so the table can light them while the drag is on. The rules are
asked of the engine: the plays onto the table's melds are those of the seat's move list
(``legal_actions``), the slots' rulings the engine's meld checks; nothing here knows a rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.actions import Action, Discard, MoveJoker, PluckDiscard, PluckStock, Retrieve, Tack
from ...engine.cards import JOKER, Card
from ...engine.melds import End
from ...engine.rules import FOUR
from ...i18n import tr
from ...play.session import Session
from .geometry import TableGeometry
from .model import HandModel
from .pointer import Drag
from .presenters import presenter

#: A play of cards from the hand onto a meld of the table.
TablePlay = Tack | MoveJoker | Retrieve


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
        self._plays: tuple[int, list[TablePlay]] | None = None

    def plays(self) -> list[TablePlay]:
        """The player's legal plays onto the table's melds now, from the engine's move list
        (:meth:`.engine.seatview.SeatView.legal_actions`: every lay-off, joker move and joker
        taken), each one the engine accepts."""
        version = self.session.version
        if self._plays is None or self._plays[0] != version:
            view = self.session.view()
            moves = [a for a in view.legal_actions() if isinstance(a, Tack | MoveJoker | Retrieve)]
            self._plays = (version, [a for a in moves if view.check(a) is None])
        return self._plays[1]

    def onto(self, cards: list[Card], meld: int) -> list[TablePlay]:
        """The legal plays that put exactly ``cards`` on table meld ``meld`` (1-based): lay-offs
        first, then a joker moved or taken."""
        want = sorted(cards)
        found = [a for a in self.plays() if a.meld == meld and sorted(_cards(a)) == want]
        return sorted(found, key=lambda a: not isinstance(a, Tack))

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
        want = sorted(cards)
        melds = frozenset(a.meld - 1 for a in self.plays() if sorted(_cards(a)) == want)
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
        if kind == "meld" and len(drag.cards) > 1 and index is not None:
            several = self.several(drag.cards, index + 1)
            if several is not None:
                return Play(several)
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

    def several(self, cards: list[Card], meld: int) -> Action | None:
        """The play of several cards onto table meld ``meld`` (1-based): the legal one (natural
        cards for a set's joker, B-7), else the one the game has, for the engine to say why not;
        None where a meld takes one card at a time."""
        legal = self.onto(cards, meld)
        return legal[0] if legal else presenter(self.session.rules).several(cards, meld)

    def meld_action(self, card: Card, index: int, pos: tuple[int, int], g: TableGeometry) -> Action:
        """The play of ``card`` dropped on table meld ``index`` at ``pos``, among the legal ones
        (:meth:`onto`): dropped on a joker, the joker's place (a joker move, or a joker taken);
        else a lay-off at the end of the meld the drop is nearer; else any other. With none legal,
        the play the drop means, for the engine to say why not: the joker's place when dropped on
        a joker, else the lay-off at that end."""
        meld = g.table()[index]
        pairs = zip(meld.cards, g.meld_card_rects(index), strict=False)
        on_joker = card != JOKER and any(c == JOKER and r.inflate(6, 20).collidepoint(pos) for c, r in pairs)
        end: End = "low" if pos[0] < g.melds()[1][index].centerx else "high"
        options = self.onto([card], index + 1)
        takes = [a for a in options if not isinstance(a, Tack)]
        tacks = [a for a in options if isinstance(a, Tack) and a.end in (end, None)]
        chosen = (takes if on_joker else []) + tacks + options
        if chosen:
            return chosen[0]
        if on_joker:
            return MoveJoker(card, index + 1)  # a retrieval of one card in British Kalooki (B-7)
        return Tack(card, index + 1, end if meld.kind == FOUR else None)


def _cards(action: TablePlay) -> tuple[Card, ...]:
    """The cards a play puts on a meld."""
    return action.cards if isinstance(action, Retrieve) else (action.card,)


def _without(slot: list[Card], drag: Drag, j: int) -> list[Card]:
    """Slot ``j``'s cards, less the one being dragged out of it."""
    if drag.source == "slot" and isinstance(drag.hidden, tuple) and drag.hidden[0] == j:
        return slot[: drag.hidden[1]] + slot[drag.hidden[1] + 1 :]
    return list(slot)
