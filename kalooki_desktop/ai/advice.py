"""Advice for the player: the Hard bot's choice from the player's own view, with its budget of
worlds, and a few words why. It sees exactly what the player sees (a :class:`View`),
so it never uses a hidden card.

The reason is worked out from the same view with the planner the bots use: how far the contract
is (the fewest cards missing, :func:`.plan.deficiency`), with or without the card on offer, and
what a card costs if the hand ends with it (J-1.3).
"""

from __future__ import annotations

import random
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..engine.actions import (
    Action,
    Call,
    Discard,
    EndTurn,
    Lay,
    MoveJoker,
    PluckDiscard,
    PluckStock,
    Refuse,
    Tack,
)
from ..engine.cards import JOKER, Card, penalty, rank_of, suit_of
from ..engine.contract import can_lay
from ..engine.rules import FOUR, THREE
from ..engine.view import View
from .hard import HardBot, HardConfig
from .hold import ROLLOUTS
from .normal import live_cards
from .plan import deficiency, make_plan


@dataclass(frozen=True)
class Advice:
    """A suggested action and why: a message key of the catalogue (``why.*``) and its values."""

    action: Action
    why: str
    params: dict[str, object] = field(default_factory=dict)


def advise(view: View, rng: random.Random, worlds: int = ROLLOUTS, *,
           cancel: threading.Event | None = None) -> Advice:
    """The Hard bot's choice for ``view`` with a hold search of ``worlds`` worlds (Hard's own
    budget unless told; 0: none), with its reason. The same view and random numbers give the
    same advice on any machine. A hold search takes up to a few hundred milliseconds: the table
    asks for it on a thread of its own (:mod:`.play.hints`), which sets ``cancel`` when the
    answer is no longer wanted (the search then stops, and its answer is thrown away)."""
    bot = HardBot(HardConfig(worlds=worlds))
    if cancel is not None:
        bot.cancel = cancel
    action = bot.choose(view, rng)
    why, params = reason(view, action)
    return Advice(action, why, params)


def reason(view: View, action: Action) -> tuple[str, dict[str, object]]:
    """Why ``action`` is good for the seat of ``view``, as a message key and its values."""
    top = view.discard_top
    laid = view.laid[view.seat]
    hand = list(view.my_hand)
    if isinstance(action, Tack | MoveJoker | Lay | EndTurn):
        return _placing(view, action, hand)
    if isinstance(action, Discard):
        return _throw(view, action.card, hand)
    if isinstance(action, PluckStock) and (laid or top is None):
        return "why.stock_only", {}
    if top is None or laid:
        return "why.nothing", {}
    helps = _closer(view, hand, top)
    if isinstance(action, PluckDiscard | Call | Refuse):
        return ("why.take_closer" if helps else "why.take_fits"), {"card": top}
    # PluckStock, Pass or Allow: the card on offer is left to others
    return ("why.leave_fits" if helps else "why.leave"), {"card": top}


def _closer(view: View, hand: list[Card], card: Card) -> bool:
    """True if ``card`` would bring the contract closer (fewer cards missing)."""
    live = live_cards(view)
    return deficiency([*hand, card], view.spec, live, limits=True) < deficiency(
        hand, view.spec, live, limits=True
    )


def goes_out_after(hand: Sequence[Card], card: Card, *, joker_discards: bool = False) -> bool:
    """True if placing ``card`` from ``hand`` leaves one card, which the player may discard to go
    out (a joker only where ``joker_discards``: not in Jamaican Kalooki, J-4.5)."""
    left = list(hand)
    if card in left:
        left.remove(card)
    return len(left) == 1 and (joker_discards or left[0] != JOKER)


def _placing(view: View, action: Action, hand: list[Card]) -> tuple[str, dict[str, object]]:
    if isinstance(action, Lay):
        left = len(hand) - sum(len(cards) for _, cards in action.melds)
        return ("why.lay_out" if left <= 1 else "why.lay"), {}
    if isinstance(action, Tack):
        if goes_out_after(hand, action.card):
            return "why.tack_out", {"card": action.card}
        return "why.tack", {"card": action.card, "points": penalty(action.card, view.rules.joker_points)}
    if isinstance(action, MoveJoker):
        return "why.move_joker", {"card": action.card}
    return "why.only_jokers", {}


def _throw(view: View, card: Card, hand: list[Card]) -> tuple[str, dict[str, object]]:
    points = penalty(card, view.rules.joker_points)
    if view.laid[view.seat]:
        return "why.throw_laid", {"card": card, "points": points}
    if can_lay(hand, view.spec):  # a contract ready and held: the hold search chose this
        return "why.throw_hold", {"card": card}
    return ("why.throw_costly" if points >= 10 else "why.throw"), {"card": card, "points": points}


def could_help(view: View, card: Card) -> bool:
    """True if ``card`` could help the seat of ``view``: a joker, or a card that brings its own
    contract closer (fewer cards missing). A card that fits only melds already on the table does
    not: nobody tacks before laying (J-6.1), and a seat that has laid no longer calls (J-5.7).
    The table offers a call only for such a card (unless the player asks to be offered every
    card).

    >>> from kalooki_desktop.engine.cards import parse_card, parse_cards
    >>> from kalooki_desktop.engine.hand import HandState
    >>> from kalooki_desktop.engine.rules import make_rules
    >>> rules = make_rules("jamaican")
    >>> hands = [parse_cards(h) for h in ("7S 7H 9S 9H KS KH QD 4C 2D 5C",
    ...          "2H 3D 5C 6S 8H 10D QC JS AD", "2D 3C 5S 6H 8D 10C QS JH AC")]
    >>> view = View(HandState.from_position(rules, rules.schedule[0], 2, hands,
    ...                                     parse_cards("JD"), parse_cards("3S 5D")), 0)
    >>> could_help(view, parse_card("7C")), could_help(view, parse_card("8C"))
    (True, False)
    """
    if card == JOKER:
        return True
    if view.laid[view.seat]:
        return False
    return _closer(view, list(view.my_hand), card)


def contract_needs(view: View, card: Card) -> int | None:
    """The kind of meld (THREE or FOUR; 0 when the plan does not tell) of the seat's contract
    that needs ``card``: one whose discard leaves the contract further away (more cards
    missing, with what the seat can still draw). None when the contract does not need it, or
    is laid. What the table asks about before a double-click throws such a card away.

    >>> from kalooki_desktop.engine.cards import parse_card, parse_cards
    >>> from kalooki_desktop.engine.hand import HandState
    >>> from kalooki_desktop.engine.rules import make_rules
    >>> rules = make_rules("jamaican")
    >>> hands = [parse_cards(h) for h in ("7S 7H 9S 9H KS KH QD 4C 2D 5C",
    ...          "2H 3D 5C 6S 8H 10D QC JS AD", "2D 3C 5S 6H 8D 10C QS JH AC")]
    >>> view = View(HandState.from_position(rules, rules.schedule[0], 2, hands,
    ...                                     parse_cards("JD"), parse_cards("3S 5D")), 0)
    >>> contract_needs(view, parse_card("7S")) == THREE, contract_needs(view, parse_card("2D"))
    (True, None)
    """
    hand = list(view.my_hand)
    if card == JOKER or view.laid[view.seat] or card not in hand:
        return None
    rest = list(hand)
    rest.remove(card)
    live = live_cards(view)
    if deficiency(rest, view.spec, live, limits=True) <= deficiency(hand, view.spec, live, limits=True):
        return None
    keep = make_plan(hand, view.spec, live=live, limits=True).keep
    rank, suit = rank_of(card), suit_of(card)
    same_rank = sum(1 for c in keep if c != card and rank_of(c) == rank)
    in_suit = sum(1 for c in keep if c != card and suit_of(c) == suit and abs(rank_of(c) - rank) <= 3)
    if view.spec.threes and same_rank and (not view.spec.fours or same_rank >= in_suit):
        return THREE
    if view.spec.fours and in_suit:
        return FOUR
    return 0
