"""The guided first hand: hand 1 of the Jamaican schedule (three threes) on a fixed deal against
two tutors (:class:`..ai.tutor.TutorBot`), with a tip for each moment as it arises: pluck, build
in the slots, call a discard, allow or refuse a call, lay the contract, tack, go out.

The deal is made so that every moment comes up when the player follows the tips; a player who
does otherwise plays the hand out as any hand, and each tip still comes when its moment does.
Each tip is worked out from the player's view of the game as it stands, so it says only what is
true now. The hand is not the game in progress: it is neither autosaved nor counted in the
statistics. No pygame here.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from ..ai.tutor import TutorBot
from ..engine.actions import Action, Allow, Call, Discard, Lay, PluckDiscard, PluckStock, Refuse, Tack
from ..engine.cards import Card, new_deck, parse_cards
from ..engine.contract import find_lays
from ..engine.turn import DecisionKind
from ..engine.view import View
from ..i18n import card_name, tr
from .session import HUMAN, GameSetup, Session

#: The moments the guided hand teaches, in the order they come.
MOMENTS = ("pluck", "build", "call", "allow", "lay", "tack", "out")
#: The deal (seat 0 is the player; seat 2 deals, so the player plays first), the card turned up,
#: and the top of the stock: the player plucks a king, can call the 7♥ (the penalty card a 9♦),
#: is asked about a call of the 8♠, then plucks the K♠ (or, having refused, later the 7♣).
HANDS = ("7S 7D 9C 9H 9S KH KC 2D 5C", "7H 2C 3S 4D 6H 10S JD QH AC", "8S 2H 3D 4S 5D 6C 10H JS QD")
DEALER = 2
TURNED_UP = "4C"
STOCK_TOP = "KD 5H 9D 6D 2S KS 7C 8C 3C 9S 6S 4H"
#: The tutors' scripts: seat 1 discards the 7♥ and calls the 8♠; seat 2 discards the 8♠.
TUTORS = ((("7H",), ("8S",)), (("8S",), ()))
#: The seed of the rest of the stock's order (cards the script would repeat lie at its bottom).
SEED = 61
CONTRACT = "3 3 3"


def guided_session(*, threaded: bool = True, speed: float = 1.0) -> Session:
    """The guided hand, ready to play: a game of one hand, its Call prompt waiting until
    answered, the tutors in the opponents' seats."""
    setup = GameSetup(("easy", "easy"), "custom", (), CONTRACT, SEED)
    session = Session(setup, threaded=threaded, speed=speed, call_wait_ms=0)
    hands = [parse_cards(h) for h in HANDS]
    session.match = session.game.from_position(
        session.match.rules, SEED, 1, DEALER, hands, parse_cards(TURNED_UP), stock(hands),
    )
    session.guided = True
    session.levels = [None, *("tutor" for _ in TUTORS)]  # the seats say who they are
    session.offer_every_call = False
    session.driver.bots = [None, *(TutorBot(parse_cards(" ".join(d)), parse_cards(" ".join(c)))
                                   for d, c in TUTORS)]
    return session


def stock(hands: list[list[Card]]) -> list[Card]:
    """The whole stock, top first: :data:`STOCK_TOP`, then the rest of the packs in the order of
    :data:`SEED`, the cards the tutors' scripts name last (so no script repeats itself)."""
    rest = Counter(new_deck(len(hands)))
    rest.subtract([*(c for h in hands for c in h), *parse_cards(TURNED_UP), *parse_cards(STOCK_TOP)])
    cards = sorted(rest.elements())
    random.Random(SEED).shuffle(cards)
    scripted = set(parse_cards(" ".join(" ".join(d + c) for d, c in TUTORS)))
    cards.sort(key=lambda c: c in scripted)
    return [*parse_cards(STOCK_TOP), *cards]


@dataclass(frozen=True)
class Tip:
    """What the guide says now: the moment (:data:`MOMENTS`, or "discard" or "wait"), its words,
    and what it points at: "stock", "pile", "slots", "lay", "call", "allow", "meld" (with the
    meld's index) or "" (nothing)."""

    moment: str
    text: str
    target: str = ""
    meld: int = -1


@dataclass
class Guide:
    """The guide of one guided hand: the tip for the moment, the moments its tips have come to,
    and those the player has done (:meth:`done`)."""

    seen: list[str] = field(default_factory=list)
    skipped: bool = False

    def tip(self, session: Session) -> Tip | None:
        """The tip for the game as it stands (None once skipped or the hand is over); a moment
        shown is remembered in :attr:`seen`."""
        if self.skipped or session.over or session.match.hand.phase.name == "OVER":
            return None
        tip = _tip(session)
        if tip.moment in MOMENTS and tip.moment not in self.seen:
            self.seen.append(tip.moment)
        return tip

    @staticmethod
    def done(session: Session, *, staged: bool = False) -> list[str]:
        """The moments the player has done so far, in the order of :data:`MOMENTS`: plucked (or
        refused a call and took its card), built in the slots (``staged``: cards are in them; or
        laid), called, answered a call, laid, tacked, gone out."""
        did: set[str] = set()
        kinds: dict[type[Action], tuple[str, ...]] = {
            PluckStock: ("pluck",), PluckDiscard: ("pluck",), Call: ("call",), Allow: ("allow",),
            Refuse: ("allow", "pluck"), Lay: ("lay", "build"), Tack: ("tack",),
        }
        for seat, action in session.match.actions:
            if seat == HUMAN:
                did.update(kinds.get(type(action), ()))
        if staged:
            did.add("build")
        results = session.match.results
        if results and results[-1].out == HUMAN:
            did.add("out")
        return [m for m in MOMENTS if m in did]


def _view(session: Session) -> View:
    """The player's view of the guided hand, a Jamaican hand."""
    view = session.view()
    assert isinstance(view, View), "the guided hand is a Jamaican hand"
    return view


def _tip(session: Session) -> Tip:
    view = _view(session)
    prompt = session.prompt()
    card = card_name(view.discard_top) if view.discard_top is not None else ""
    if prompt == DecisionKind.CALL:
        discarder = session.names[(view.turn - 1) % view.players]
        return Tip("call", tr("guide.call", name=discarder, card=card), "call")
    if prompt == DecisionKind.ALLOW:
        caller = session.names[view.caller] if view.caller is not None else ""
        return Tip("allow", tr("guide.allow", name=caller, card=card), "allow")
    if prompt == DecisionKind.PLUCK:
        if view.laid[HUMAN]:
            return Tip("pluck", tr("guide.pluck_laid"), "stock")
        closed = session.check(PluckDiscard()) is not None  # after an allowed call (J-5.3)
        return Tip("pluck", tr("guide.pluck_stock" if closed else "guide.pluck"), "stock")
    if prompt != DecisionKind.PLAY:
        return Tip("wait", tr("guide.wait"))
    hand = view.my_hand
    if not view.laid[HUMAN]:
        if next(find_lays(hand, view.spec, 1), None) is not None:
            return Tip("lay", tr("guide.lay"), "slots")
        return Tip("build", tr("guide.build"), "slots")
    tack = next((a for a in view.legal_actions() if isinstance(a, Tack)), None)
    if tack is not None:
        return Tip("tack", tr("guide.tack", card=card_name(tack.card)), "meld", tack.meld - 1)
    if len(hand) == 1:
        return Tip("out", tr("guide.out", card=card_name(hand[0])), "pile")
    return Tip("discard", tr("guide.discard"), "pile")


def follow(session: Session, tip: Tip, *, refuse: bool = False) -> Action:
    """The move a player who does what ``tip`` says makes (for the screenshots and the tests):
    the build, discard and out tips discard the card that scores least; the allow tip allows the
    call, or refuses it (``refuse``)."""
    view = _view(session)
    legal = view.legal_actions()
    moves: dict[str, Action] = {"pluck": PluckStock(), "call": Call(),
                                "allow": Refuse() if refuse else Allow()}
    if tip.moment in moves:
        return moves[tip.moment]
    if tip.moment == "lay":
        return Lay.of(next(find_lays(view.my_hand, view.spec, 1)))
    if tip.moment == "tack":
        return next(a for a in legal if isinstance(a, Tack))
    return min((a for a in legal if isinstance(a, Discard)), key=lambda a: view.card_points(a.card))
