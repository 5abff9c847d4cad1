"""Computer players for British Kalooki (part B), deciding from a seat's view alone
(:class:`.engine.british.view.BritishView`, reached through :mod:`.engine.systems`).

- ``random``: random legal moves, but it comes out with the first opening the finder gives and
  buys back in half the time: the baseline.
- ``normal``: takes the discard when it goes into a meld or a lay-off it can make now (before
  coming out: when it makes the opening possible; a joker not when it holds only jokers, as it
  keeps them); comes out as soon as it can, then lays every meld and lay-off it can while
  keeping a card to discard; takes a joker from a run when it holds the card and can lay the
  joker at once; throws the card its hand needs least (the fewest partners of rank and suit,
  the most points at equal need); always buys back in.
- ``hard``: ``normal``, throwing by outs: of the cards it can spare, the one the fewest unseen
  cards would bring into a meld with its hand; while an opponent is close to going out it sheds
  its costliest cards and lays off its jokers, and before coming out it keeps high cards.
- ``easy``: ``normal``, but it misses half its lay-offs and throws a random card a third of the
  time.
"""

from __future__ import annotations

import random

from ..engine.actions import Action, BuyIn, Discard, Lay, PluckDiscard, PluckStock, Retrieve, StayOut, Tack
from ..engine.cards import JOKER, Card, count_cards, rank_of, suit_of
from ..engine.melds import Meld
from ..engine.refusal import Refusal
from ..engine.systems import british
from ..engine.turn import DecisionKind, Phase
from .advice import Advice, goes_out_after
from .base import Player, register

#: A computer player of British Kalooki.
BritishBot = Player[british.BritishView]


@register("random", "british")
class RandomBritish:
    """Random legal moves; comes out with the finder's first opening."""

    name = "random"

    def choose(self, view: british.BritishView, rng: random.Random) -> Action:
        if view.asked == DecisionKind.BUY_IN:
            return BuyIn() if view.check(BuyIn()) is None and rng.random() < 0.5 else StayOut()
        acts = view.legal_actions()
        lays = [a for a in acts if isinstance(a, Lay)]
        return lays[0] if lays else rng.choice(acts)


@register("normal", "british")
class NormalBritish:
    """The plan described in the module docstring."""

    name = "normal"
    miss_layoffs = 0.0  # the share of lay-offs it overlooks
    random_throws = 0.0  # the share of throws it makes at random

    def __init__(self) -> None:
        self.taken: Card | None = None  # the card taken from the pile this turn: never thrown back

    def choose(self, view: british.BritishView, rng: random.Random) -> Action:
        if view.asked == DecisionKind.BUY_IN:
            return BuyIn() if view.check(BuyIn()) is None else StayOut()
        if view.phase == Phase.PLUCK:
            self.taken = view.discard_top if self.wants_discard(view) else None
            return PluckDiscard() if self.taken is not None else PluckStock()
        action = self.play(view, rng)
        if isinstance(action, Discard):
            self.taken = None
        return action

    def wants_discard(self, view: british.BritishView) -> bool:
        """Take the top discard when it can be laid this turn with a card left to throw (B-5
        allows it then); a joker not into a hand of jokers it keeps (it would go straight
        back)."""
        top = view.discard_top
        if top is None or view.check(PluckDiscard()) is not None:
            return False
        hand = list(view.my_hand)
        if not view.laid[view.seat]:
            return british.find_opening(hand, view.rules) is None and _opening([*hand, top], view) is not None
        # a hand of jokers only throws a joker: one taken and thrown straight back would pass
        # between two players who keep their jokers for ever
        if top == JOKER and all(c == JOKER for c in hand) and self.keeps_jokers(view):
            return False
        if any(not isinstance(british.layoff_result(m, top, view.rules), Refusal) for m in view.table):
            return True
        melds = british.candidate_melds([*hand, top], view.rules)
        return any(top in m.cards and len(m.cards) <= len(hand) for m in melds)

    def keeps_jokers(self, view: british.BritishView) -> bool:
        """True while it lays off no joker of its hand (it lays off only jokers taken from the
        table)."""
        return True

    def play(self, view: british.BritishView, rng: random.Random) -> Action:
        hand = list(view.my_hand)
        seat = view.seat
        if not view.laid[seat]:
            opening = _opening(hand, view)
            if opening is not None:
                return Lay.of([(m.kind, m.cards) for m in opening])
            return self.throw(view, hand, rng)
        for m in british.candidate_melds(hand, view.rules, seat):
            lay = Lay.of([(m.kind, m.cards)])
            if len(m.cards) < len(hand) and view.check(lay) is None:
                return lay
        tacks = [a for a in view.legal_actions() if isinstance(a, Tack)]
        if view.free_jokers:  # a retrieved joker is laid at once (B-7)
            jokers = [a for a in tacks if a.card == JOKER]
            if jokers:
                return jokers[0]
        tacks = [a for a in tacks if a.card != JOKER]
        if tacks and rng.random() >= self.miss_layoffs:
            return tacks[0]
        retrieve = _retrieval(view, hand)
        if retrieve is not None:
            return retrieve
        return self.throw(view, hand, rng)

    def spare(self, view: british.BritishView, hand: list[Card]) -> list[Card]:
        """The cards it may throw: any legal discard but the one it took from the pile this turn
        (unless nothing else is left), so that two players never pass one card back and forth."""
        options = [c for c in set(hand) if view.check(Discard(c)) is None]
        others = [c for c in options if c != self.taken]
        return others or options

    def throw(self, view: british.BritishView, hand: list[Card], rng: random.Random) -> Action:
        """The discard: the card the hand needs least."""
        options = self.spare(view, hand)
        if rng.random() < self.random_throws:
            return Discard(rng.choice(sorted(options)))
        cnt = count_cards(hand)

        def worth(c: Card) -> tuple[int, int]:
            return _need(c, cnt, view.table, view), -british.hand_value(c, view.rules)

        return Discard(min(sorted(options), key=worth))


@register("hard", "british")
class HardBritish(NormalBritish):
    """Normal, throwing by outs (of the cards it can spare, the one the fewest unseen cards would
    bring into a meld with its hand, each unseen copy counted) and by the deal's danger: while an
    opponent is close to going out (:data:`DANGER` cards or fewer) it sheds its costliest cards
    first and lays off its jokers; before it has come out, and with nobody close, it keeps the
    high cards that count most towards its opening."""

    name = "hard"

    def keeps_jokers(self, view: british.BritishView) -> bool:
        return not (view.laid[view.seat] and _danger(view))

    def play(self, view: british.BritishView, rng: random.Random) -> Action:
        action = super().play(view, rng)
        if isinstance(action, Discard) and view.laid[view.seat] and _danger(view):
            joker = next((a for a in view.legal_actions() if isinstance(a, Tack) and a.card == JOKER), None)
            if joker is not None:
                return joker  # a joker left in hand costs 15 (25) when the deal ends
        return action

    def throw(self, view: british.BritishView, hand: list[Card], rng: random.Random) -> Action:
        options = self.spare(view, hand)
        cnt, live = count_cards(hand), unseen(view)
        # the weight of a card's hand value: shed it when the deal may end, keep it for the opening
        weight = -1.0 if _danger(view) else 0.5 if not view.laid[view.seat] else 0.0

        def worth(c: Card) -> tuple[float, int]:
            value = british.hand_value(c, view.rules)
            return 3 * _need(c, cnt, view.table, view) + _outs(c, cnt, live) + weight * value, -value

        return Discard(min(sorted(options), key=worth))


#: An opponent holding this many cards or fewer may go out soon (Hard's danger).
DANGER = 3


def _danger(view: british.BritishView) -> bool:
    """True while another player still in the deal holds :data:`DANGER` cards or fewer."""
    return any(view.active[s] and s != view.seat and 0 < n <= DANGER for s, n in enumerate(view.hand_sizes))


@register("easy", "british")
class EasyBritish(NormalBritish):
    """Normal, with half its lay-offs overlooked and a third of its throws at random."""

    name = "easy"
    miss_layoffs = 0.5
    random_throws = 1 / 3


def _opening(hand: list[Card], view: british.BritishView) -> list[Meld] | None:
    """An opening from ``hand`` that keeps a card to discard (B-8)."""
    opening = british.find_opening(hand, view.rules, view.seat)
    if opening is None or sum(len(m.cards) for m in opening) < len(hand):
        return opening
    return None


def _need(card: Card, cnt: list[int], table: tuple[Meld, ...], view: british.BritishView) -> int:
    """How much the hand needs ``card``: jokers most; cards of its rank in other suits, cards of
    its suit within two ranks, and a place on the table to lay it off later."""
    if card == JOKER:
        return 100
    rank, suit = rank_of(card), suit_of(card)
    same_rank = sum(1 for s in range(4) if s != suit and cnt[rank * 4 + s])
    near = sum(1 for d in (-2, -1, 1, 2) if 1 <= rank + d <= 13 and cnt[(rank + d) * 4 + suit])
    fits = any(not isinstance(british.layoff_result(m, card, view.rules), Refusal) for m in table)
    return 2 * same_rank + 2 * near + (3 if fits else 0)


def unseen(view: british.BritishView) -> list[int]:
    """Copies of each card the seat has not seen: the packs less its hand, the table and the
    discard pile."""
    live = count_cards(british.british_deck(view.rules))
    for c in (*view.my_hand, *view.discard_pile, *(c for m in view.table for c in m.cards)):
        live[c] = max(0, live[c] - 1)
    return live


def _outs(card: Card, cnt: list[int], live: list[int]) -> int:
    """Unseen cards that would make ``card`` part of a meld with the hand: another suit of its
    rank (more with a pair in hand), its suit one or two ranks away (more beside a neighbour)."""
    if card == JOKER:
        return 100
    rank, suit = rank_of(card), suit_of(card)
    pair = any(cnt[rank * 4 + s] for s in range(4) if s != suit)
    outs = sum(live[rank * 4 + s] for s in range(4) if s != suit) * (2 if pair else 1)
    for d in (-2, -1, 1, 2):
        r = rank + d
        if 1 <= r <= 13:
            beside = any(cnt[(r + e) * 4 + suit] for e in (-1, 1) if 1 <= r + e <= 13 and r + e != rank)
            outs += live[r * 4 + suit] * (2 if beside or cnt[r * 4 + suit] else 1)
    return outs


def _retrieval(view: british.BritishView, hand: list[Card]) -> Action | None:
    """Take a joker from a run when the hand holds the card it stands for and some run can take
    the joker at once (B-7)."""
    open_end = any(m.kind == british.RUN and len(m.cards) < 13 for m in view.table)
    if not open_end:
        return None
    for i, m in enumerate(view.table):
        if m.kind != british.RUN or JOKER not in m.cards:
            continue
        for k, c in enumerate(m.cards):
            if c == JOKER and m.stands_for(k) in hand:
                action = Retrieve((m.stands_for(k),), i + 1)
                if not isinstance(british.retrieve_result(m, [m.stands_for(k)], view.rules), Refusal) and \
                        view.check(action) is None:
                    return action
    return None


def british_advice(view: british.BritishView, rng: random.Random) -> Advice:
    """The hint: the Hard player's choice from the player's own view, and a few words why."""
    action = HardBritish().choose(view, rng)
    return Advice(action, *_reason(view, action))


def _reason(view: british.BritishView, action: Action) -> tuple[str, dict[str, object]]:
    """Why ``action`` is good for the seat of ``view``, as a message key and its values."""
    top = view.discard_top
    if isinstance(action, BuyIn):
        return "why.b_buy_in", {}
    if isinstance(action, StayOut):
        return "why.b_stay_out", {}
    if isinstance(action, PluckDiscard):
        return ("why.b_take_open" if not view.laid[view.seat] else "why.b_take"), {"card": top}
    if isinstance(action, PluckStock):
        return ("why.b_leave", {"card": top}) if top is not None else ("why.stock_only", {})
    if isinstance(action, Lay):
        if not view.laid[view.seat]:
            melds = [british.make_b_meld(k, view.seat, cs, view.rules) for k, cs in action.melds]
            return "why.b_open", {"points": british.opening_points(melds), "need": view.rules.opening}
        return "why.b_lay", {}
    if isinstance(action, Tack):
        if goes_out_after(view.my_hand, action.card, joker_discards=True):  # B-8
            return "why.b_layoff_out", {"card": action.card}
        return "why.b_layoff", {"card": action.card, "points": british.hand_value(action.card, view.rules)}
    if isinstance(action, Retrieve):
        return "why.b_retrieve", {}
    if isinstance(action, Discard):
        return "why.b_throw", {"card": action.card}
    return "why.nothing", {}
