"""The ``greedy`` bot: a plain one-ply player that builds towards its contract.

It lays as soon as it can, tacks and moves jokers whenever it can, keeps cards that pair up
(for threes) or sit near each other in a suit (for fours), and otherwise sheds its highest
penalty card. It calls and takes the discard only when the card joins something it holds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine.actions import (
    Action,
    Allow,
    Call,
    Discard,
    Lay,
    MoveJoker,
    Pass,
    PluckDiscard,
    PluckStock,
    Refuse,
    Tack,
)
from ..engine.cards import JOKER, Card, parse_card, penalty, rank_of, suit_of
from ..engine.contract import find_lay
from ..engine.rules import HandSpec
from ..engine.turn import Phase
from ..engine.view import View
from .base import register


def usefulness(card: Card, hand: Sequence[Card], spec: HandSpec) -> float:
    """How much ``card`` helps towards the contract together with the rest of ``hand``."""
    if card == JOKER:
        return 100.0
    rank, suit = rank_of(card), suit_of(card)
    same_rank = 0
    near = 0.0
    for other in hand:
        if other == JOKER or other is card:
            continue
        r, s = rank_of(other), suit_of(other)
        if r == rank:
            same_rank += 1
        elif s == suit:
            gap = min(abs(r - rank), 13 - abs(r - rank)) if 1 in (r, rank) else abs(r - rank)
            if gap <= 2:
                near += 1.0 if gap == 1 else 0.5
    threes, fours = spec.threes, spec.fours
    return same_rank * (1.0 + threes) + near * (1.0 + fours)


def view_last_discard(log: Sequence[tuple[int, str]]) -> Card | None:
    """The card of the most recent discard in a public log."""
    for _, text in reversed(log):
        if text.startswith("discard "):
            return parse_card(text[8:])
    return None


@register("greedy", "jamaican")
class GreedyBot:
    """A one-ply heuristic player (see the module docstring)."""

    name = "greedy"

    def choose(self, view: View, rng: random.Random) -> Action:
        """The seat's decision."""
        hand = list(view.my_hand)
        spec = view.spec
        if not view.my_turn:
            top = view.discard_top
            if view.may_call and top is not None and self._worth_taking(top, hand, spec):
                return Call()
            return Pass()
        if view.phase == Phase.ALLOW:
            top = view.discard_top
            wanted = top is not None and self._worth_taking(top, hand, spec)
            return Refuse() if wanted and not view.laid[view.seat] else Allow()
        if view.phase == Phase.PLUCK:
            top = view.discard_top
            if (top is not None and not view.stock_only and not view.laid[view.seat]
                    and self._worth_taking(top, hand, spec)):
                return PluckDiscard()
            return PluckStock()
        return self.play(view, rng, hand)

    def play(self, view: View, rng: random.Random, hand: list[Card]) -> Action:
        """The seat's play after plucking: lay if it can, tack or move a joker, else discard."""
        seat, spec = view.seat, view.spec
        if not view.laid[seat]:
            keep = 0 if view.rules.out_without_discard else 1
            lay = find_lay(hand, spec, keep, view.rules.joker_points, limit=50)
            if lay is not None:
                return Lay.of(lay)
        legal = view.legal_actions()
        for action in legal:
            if isinstance(action, (MoveJoker, Tack)):
                return action
        discards = [a for a in legal if isinstance(a, Discard)]
        log = view.log
        if len(discards) > 1 and log and log[-1] in ((seat, "pluck discard"), (seat, "refuse")):
            taken = view_last_discard(log[:-1])
            discards = [a for a in discards if a.card != taken] or discards
        if not discards:
            return legal[0]
        if view.laid[seat]:
            return max(discards, key=lambda a: (penalty(a.card), rng.random()))
        return min(
            discards,
            key=lambda a: (usefulness(a.card, hand, spec), -penalty(a.card), rng.random()),
        )

    @staticmethod
    def _worth_taking(card: Card, hand: Sequence[Card], spec: HandSpec) -> bool:
        """True if ``card`` joins the hand and would not be the next card thrown away."""
        value = usefulness(card, hand, spec)
        if value < 2.0:
            return False
        with_card = [*hand, card]
        worst = min(
            (usefulness(c, with_card, spec) for c in hand if c != JOKER), default=value
        )
        return value > worst
