"""What the table shows differently in each rule system, in one small object per system keyed by
the rules' ``system`` (:data:`PRESENTERS`): the staging slots (the contract's, or free slots
adding up to an opening), the top bar's title and schedule, the words of a lay and a lay-off, a
seat's mark once it has melds down, the going-out banner, the Lay button's label, the question
before a needed card is discarded, and the plays besides the move list's (a British player's new
melds). Everything else the table reads through the one game protocol, the same for both games.
"""

from __future__ import annotations

from typing import Any

from ...ai.advice import contract_needs
from ...engine.actions import Action, Lay, Retrieve
from ...engine.cards import Card
from ...engine.rules import FOUR, THREE, contract_text
from ...engine.seatview import SeatView
from ...engine.systems import british
from ...i18n import card_name, tr
from ...play.session import HUMAN, Session
from .slotrules import ContractSlots, FreeSlots, SlotRules

#: The words of the meld a card is needed for (:func:`.ai.advice.contract_needs`).
_NEEDED = {THREE: "table.needed_three", FOUR: "table.needed_four", 0: "table.needed_contract"}


class Presenter:
    """How the table shows one rule system's game: the Jamaican contract game's by default."""

    key = "jamaican"
    laid_mark = "table.laid_mark"  # a seat's mark once it has melds down (laid its contract, J-8)
    laid_status = "status.play_laid"  # the status line after the pluck once laid, with more to do
    big_out = "table.bent_banner"  # the banner's line for the deal's big moment (a bent hand, J-8.4)
    lay_labels: tuple[str, str] | None = None  # the Lay button (before, after melds are down); None: its own

    def slots(self, rules: Any) -> SlotRules:
        """The staging slots: one per meld of the contract."""
        return ContractSlots()

    def opening(self, rules: Any) -> int | None:
        """The points an opening needs (B-4), or None where a contract is laid instead."""
        return None

    def schedule(self, rules: Any) -> tuple[str, ...]:
        """The contracts of the schedule, in order, as the top bar shows them."""
        return tuple(spec.contract_text for spec in rules.schedule)

    def title(self, session: Session, view: SeatView, *, ended: bool) -> str:
        """The top bar's title: the hand of the schedule and its contract (a practice hand: the
        hand practised; a sudden-death hand after the schedule, J-V6)."""
        contract = contract_text(view.contract)
        if session.guided:
            return tr("guide.bar", contract=contract)
        if session.practice is not None:  # a practice hand: the hand of the schedule practised
            hand = tr("practice.hand", n=session.practice, contract=contract)
            return tr("practice.result_title", hand=hand)
        schedule = len(view.rules.schedule)
        if view.hand_number > schedule:
            return tr("table.banner_sudden", contract=contract)
        return tr("table.banner", n=view.hand_number, of=schedule, contract=contract)

    def banner(self, rules: Any) -> str:
        """The catalogue key of the going-out banner's second line when the deal's big moment came."""
        return self.big_out

    def needed(self, view: SeatView, card: Card) -> str | None:
        """Why the player's contract needs ``card`` (in words), or None when it does not."""
        kind = contract_needs(view, card)  # type: ignore[arg-type]  # a Jamaican game's view
        return None if kind is None else tr(_NEEDED[kind])

    def new_melds(self, session: Session, view: SeatView) -> bool:
        """True if the engine would take a new meld of the player's cards now, beyond the move
        list (a contract once laid takes none, J-6)."""
        return False

    def several(self, cards: list[Card], meld: int) -> Action | None:
        """The play that puts several ``cards`` on table meld ``meld`` (1-based) together, for
        the engine to rule on, or None where one card at a time goes on a meld."""
        return None


class BritishPresenter(Presenter):
    """Kalooki 40 and 51 (part B): free slots adding up to an opening, the game and its limit in
    the title, "came out" for laid, a Kalooki for the big moment, lay-offs and joker retrieval."""

    key = "british"
    laid_mark = "table.out_mark"  # came out (B-4)
    laid_status = "status.play_out"
    lay_labels = ("table.lay_opening", "table.lay_melds")

    def slots(self, rules: Any) -> SlotRules:
        """Free slots, each a set or a run as its cards make it (B-2)."""
        return FreeSlots(rules)

    def opening(self, rules: Any) -> int | None:
        return int(rules.opening)

    def schedule(self, rules: Any) -> tuple[str, ...]:
        return ()

    def title(self, session: Session, view: SeatView, *, ended: bool) -> str:
        """The game, its deal and its limit (and the kitty when playing for chips, B-12); a
        practice deal: the opening practised."""
        m, rules = session.match, view.rules
        if session.practice is not None:
            return tr("practice.result_title", hand=tr("practice.coming_out", game=rules.name))
        number = m.results[-1].number if ended and m.results else m.hand_number
        title = tr("table.banner_british", game=rules.name, n=number, limit=rules.limit)
        return title + (" · " + tr("table.kitty", n=view.kitty) if rules.kitty else "")

    def banner(self, rules: Any) -> str:
        return f"table.kalooki_{rules.kalooki}"  # B-V5: the bonus the rules give, if any

    def needed(self, view: SeatView, card: Card) -> str | None:
        """Before coming out: the hand holds an opening that it would not hold without ``card``."""
        hand = list(view.my_hand)
        if view.laid[HUMAN] or card not in hand or british.find_opening(hand, view.rules, HUMAN) is None:
            return None
        hand.remove(card)
        if british.find_opening(hand, view.rules, HUMAN) is not None:
            return None
        return tr("table.needed_opening")

    def new_melds(self, session: Session, view: SeatView) -> bool:
        """A new meld of the player's cards the engine would take (B-6)."""
        melds = british.candidate_melds(list(view.my_hand), view.rules)
        return any(session.check(Lay.of([(m.kind, m.cards)])) is None for m in melds)

    def several(self, cards: list[Card], meld: int) -> Action | None:
        """Natural cards for a set's joker (B-7)."""
        return Retrieve(tuple(cards), meld)


#: How the table shows each rule system's game, by :attr:`.engine.game.Rules.system`.
PRESENTERS: dict[str, Presenter] = {p.key: p for p in (Presenter(), BritishPresenter())}


def presenter(rules: Any) -> Presenter:
    """The presenter of the game played by ``rules``."""
    return PRESENTERS[rules.system]


def needed_question(view: SeatView, card: Card) -> str | None:
    """The question before discarding ``card`` when the player's contract (British Kalooki: the
    opening the hand holds) needs it, or None."""
    why = presenter(view.rules).needed(view, card)
    return None if why is None else tr("table.discard_needed", card=card_name(card), why=why)
