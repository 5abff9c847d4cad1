"""The ``hard`` bot: Normal's judgement with sharper throws and tacks, calls to the end of the
stock, and a determinized Monte Carlo search of when to lay.

Hard plays as Normal does (card counting, the lay that leaves the fewest cards after tacks),
with these differences (what each is worth, measured: ``docs/ai.md``):

- While building its contract it throws by *outs* (:func:`throw_ranking`): for every card it
  could throw it goes through every card it could draw next, planning as Normal's planner does.
  Of the throws that keep the plan closest, it makes the one after which the most live cards
  (the unseen copies no other player is known to hold, each copy counted) would bring the plan
  closer, with a little for each penalty point the throw sheds.
- Once laid it keeps the cards a draw would let it tack (:func:`laid_throw`, :func:`tack_outs`)
  rather than always shedding the costliest, and tacks a card that fits more than one meld where
  more of its hand can follow (:func:`best_tack`).
- It calls while the stock lasts (``call_floor``; Normal stops two rounds before its end).
- When it could lay while nobody has laid and the lay would not go out, it compares laying now
  with holding the contract to go down and out (J-8.2) by playouts from worlds dealt around what
  it knows (:mod:`.hold`), over a budget of worlds (``HardConfig.worlds``; 0 turns the search
  off), never a budget of time: on any machine, however loaded, the same view and random
  numbers give the same choice.
- When its contract is ready at its pluck (or when it is asked to allow a call), it takes the
  discard if the lay with it leaves no more cards than without (:func:`.hold.holding_take`);
  Normal takes only a card that brings an unfinished plan closer.

Its other decisions take about a millisecond.
"""

from __future__ import annotations

import dataclasses
import random
import threading
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.actions import Action, Discard, Lay, Tack
from ..engine.cards import Card, count_cards, penalty
from ..engine.hand import HandState
from ..engine.melds import Meld, tack_result, tack_targets
from ..engine.refusal import Refusal
from ..engine.seatview import SeatView
from ..engine.turn import Phase
from ..engine.view import View
from .base import register
from .hold import MARGIN, MIN_ROLLOUTS, ROLLOUTS, ROUNDS, hold_gain, holding, holding_take, holding_throw
from .normal import NormalBot, Style, known_holdings, live_cards, tack_all, throw_danger
from .plan import deficiency, deficiency_below

#: Once laid, what Hard's throw weighs, in points of hand score (fitted to an oracle's values of
#: throws after laying: ``docs/ai.md``): an out (:func:`tack_outs`), a penalty point shed (more
#: once another seat has laid, when the hand may end sooner) and a unit of Normal's feeding
#: estimate (:func:`.normal.throw_danger`).
LAID_W_OUT = 0.8
LAID_W_PENALTY = 0.25
LAID_W_PENALTY_OTHERS_LAID = 0.55
LAID_W_DANGER = 1.0


@dataclass(frozen=True)
class HardConfig:
    """How the Hard bot thinks: its budget and the settings of its hold search."""

    worlds: int = ROLLOUTS  # the hold search's budget: worlds it plays out; 0: no hold search
    hold_margin: float = MARGIN  # points holding must gain over laying now
    hold_rounds: float = ROUNDS  # hold only while the stock lasts this many rounds
    w_penalty: float = 0.1  # outs a penalty point shed is worth, while building
    call_floor: float = 0.0  # rounds of stock below which it stops calling


def sample_world(view: View, rng: random.Random, known: Sequence[Sequence[Card]]) -> HandState:
    """One full state consistent with the view: hidden cards dealt at random around the known ones."""
    pool = view.unseen()
    others, rest = deal_hidden(view, pool, rng, known)
    return view.world(others, rest, random.Random(rng.random()))


def deal_hidden(view: SeatView, pool: list[Card], rng: random.Random,
                known: Sequence[Sequence[Card]]) -> tuple[list[list[Card]], list[Card]]:
    """The cards of ``pool`` (what the seat cannot see) dealt at random to the other seats'
    hands, their ``known`` cards first, and the rest as the stock: the guesses a world is built
    from, in either game."""
    left = count_cards(pool)
    sizes = view.hand_sizes
    others: list[list[Card]] = [[] for _ in range(view.players)]
    for seat in range(view.players):
        if seat == view.seat:
            continue
        for c in known[seat]:
            if left[c] > 0 and len(others[seat]) < sizes[seat]:
                left[c] -= 1
                others[seat].append(c)
    rest = [c for c in range(len(left)) for _ in range(left[c])]
    rng.shuffle(rest)
    for seat in range(view.players):
        if seat != view.seat:
            need = sizes[seat] - len(others[seat])
            others[seat].extend(rest[:need])
            del rest[:need]
    return others, rest


def throw_ranking(
    view: View,
    hand: list[Card],
    options: Sequence[Card],
    live: Sequence[int],
    w_penalty: float = 0.1,
    *,
    limits: bool = True,
) -> list[tuple[int, float, Card]]:
    """The throws from best to worst by *outs*: the plan (Normal's planner with card counting,
    :func:`.plan.make_plan`; ``limits``: its joker limits) stays as close as it can, then the
    more live cards that would bring it closer the better (each copy counts), then a little for
    shedding penalty points (``w_penalty`` an out per point). Each throw as (cards short after
    it, score: lower is better, card), best first."""
    jp = view.rules.joker_points
    spec = view.spec
    drawable = [d for d, n in enumerate(live) if n > 0]
    keys: list[tuple[int, float, Card]] = []
    for c in sorted(set(options)):
        rest = list(hand)
        rest.remove(c)
        short = deficiency(rest, spec, live, limits=limits)
        outs = 0
        if short:
            for d in drawable:
                rest.append(d)
                if deficiency_below(rest, spec, short, live, limits=limits):
                    outs += live[d]
                rest.pop()
        score = -outs - w_penalty * penalty(c, jp)
        keys.append((short, score, c))
    keys.sort()
    return keys


def tack_outs(
    table: Sequence[Meld], seat: int, options: Sequence[Card], live: Sequence[int]
) -> dict[Card, int]:
    """Once laid, each card's *outs*: the live copies of the cards after whose tack (by any
    player who has laid, on any meld) the card could be tacked too, over every meld."""
    outs = dict.fromkeys(options, 0)
    for meld in table:
        own = meld.owner == seat
        targets = tack_targets(meld, own=own)
        now = {c for c, _ in targets}
        for d, end in targets:
            if live[d] <= 0:
                continue
            grown = tack_result(meld, d, own=own, end=end)
            if isinstance(grown, Refusal):
                continue
            for c, _ in tack_targets(grown, own=own):
                if c in outs and c not in now:
                    outs[c] += live[d]
    return outs


def laid_throw(view: View, options: Sequence[Card], live: Sequence[int]) -> Card:
    """Hard's throw once laid: the card whose penalty is most worth shedding against its outs
    (a card a draw would let it tack is one step nearer going out) and how much it would feed
    the others (the weights ``LAID_W_*``; the first of equals in card order)."""
    outs = tack_outs(view.table, view.seat, options, live)
    danger = throw_danger(view, options)
    jp = view.rules.joker_points
    laid = view.laid
    others_laid = any(laid[s] for s in range(view.players) if s != view.seat)
    w_penalty = LAID_W_PENALTY_OTHERS_LAID if others_laid else LAID_W_PENALTY

    def value(c: Card) -> float:
        return w_penalty * penalty(c, jp) - LAID_W_OUT * outs[c] - LAID_W_DANGER * danger[c]

    return max(sorted(options), key=value)


def best_tack(view: View, tack: Tack, placing: Sequence[Action], live: Sequence[int]) -> Tack:
    """Where to tack ``tack``'s card when more than one meld or end of the legal ``placing``
    takes it: where the fewest cards of the hand stay behind once the others follow, then where
    those have the most :func:`tack_outs` (``tack`` itself first of equals)."""
    seat = view.seat
    table = view.table
    others = [a for a in placing if isinstance(a, Tack) and a.card == tack.card and a != tack]
    if not others:
        return tack
    rest = list(view.my_hand)
    rest.remove(tack.card)
    keep = 0 if view.rules.out_without_discard else 1
    best, best_key = tack, None
    for i, a in enumerate([tack, *others]):
        meld = table[a.meld - 1]
        grown = tack_result(meld, a.card, own=meld.owner == seat, end=a.end)
        if isinstance(grown, Refusal):
            continue
        melds = list(table)
        melds[a.meld - 1] = grown
        after, left = tack_all(melds, seat, list(rest), keep)
        outs = tack_outs(after, seat, left, live)
        key = (len(left), -sum(outs.values()), i)
        if best_key is None or key < best_key:
            best, best_key = a, key
    return best


class _HardPlanner(NormalBot):
    """Normal's decisions with Hard's throws (while building the best by outs, once laid
    :func:`laid_throw`) and its tacks where more of the hand can follow (:func:`best_tack`)."""

    def __init__(self, hard: HardBot, style: Style) -> None:
        super().__init__(style)
        self.hard = hard

    def pick_placing(self, view: View, placing: Sequence[Action]) -> Action:
        first = placing[0]
        if not isinstance(first, Tack):
            return first
        return best_tack(view, first, placing, self.live if self.live is not None else live_cards(view))

    def pick_discard(self, view: View, hand: list[Card], options: list[Card], rng: random.Random) -> Card:
        live = self.live if self.live is not None else live_cards(view)
        if view.laid[view.seat]:
            return laid_throw(view, options, live)
        ranked = throw_ranking(
            view, hand, options, live, self.hard.config.w_penalty, limits=self.style.joker_limits
        )
        return ranked[0][2]


class HardBot:
    """Normal plus sharper throws and the hold search (see the module docstring)."""

    name = "hard"

    def __init__(self, config: HardConfig | None = None) -> None:
        self.config = config or HardConfig()
        self.hold_searches = self.holds = 0  # hold searches made, and holds chosen
        self.last_samples = 0  # worlds played out by the last hold search
        self.cancel = threading.Event()
        self.normal = _HardPlanner(
            self,
            Style(
                counting=True, lay_for_out=True, call_stock_floor=self.config.call_floor, joker_limits=True
            ),
        )

    def choose(self, view: View, rng: random.Random) -> Action:
        """Normal's answer with Hard's throws, a discard that fits a ready lay taken, and a lay
        held for a bend when the hold search says so."""
        config = self.config
        bend = config.worlds > 0 and holding(view, config.hold_rounds)
        base = self.normal.choose(view, rng)  # (sets the live cards that ready() reads)
        if view.phase in (Phase.PLUCK, Phase.ALLOW) and (bend or self.ready(view)):
            take = holding_take(view, list(view.my_hand))  # a card that fits the lay
            if take is not None:
                return take
        if bend and isinstance(base, Lay):
            return self.lay_or_hold(view, rng, base)
        return base

    def ready(self, view: View) -> bool:
        """The seat is at its turn, has not laid, and its plan is complete (it could lay this
        turn), so a discard that fits the lay is worth more than a stock card, which may not
        (:func:`.hold.holding_take`). Asked after Normal's answer to the same view, whose plan it
        reuses (the live cards and the plan's shortness, from the planner's cache)."""
        if not view.my_turn or view.laid[view.seat]:
            return False
        live = self.normal.live if self.normal.live is not None else live_cards(view)
        return deficiency(list(view.my_hand), view.spec, live, limits=True) == 0

    def lay_or_hold(self, view: View, rng: random.Random, lay: Lay) -> Action:
        """``lay``, or the throw that holds the contract for a bend when :meth:`hold_better`."""
        hand = list(view.my_hand)
        left = self.normal.lay_left  # the lay just found (cards_left(view, hand), not twice)
        throw = holding_throw(view, hand, left) if left > 1 else None
        if throw is None:
            return lay  # the lay goes out now (a bend), or nothing to throw
        hold = Discard(throw[1])
        self.hold_searches += 1
        if self.hold_better(view, random.Random(rng.random()), lay, hold):
            self.holds += 1
            return hold
        return lay

    def hold_better(self, view: View, rng: random.Random, lay: Action, hold: Action) -> bool:
        """Holding scores better than laying by more than ``hold_margin`` over the playouts
        from worlds dealt around what the seat knows (:func:`.hold.hold_gain`)."""
        config = self.config
        known = known_holdings(view)
        worlds = [sample_world(view, rng, known) for _ in range(config.worlds)]
        gain, done = hold_gain(view, lay, hold, worlds, self.cancel, config.hold_rounds)
        self.last_samples = done
        return done >= min(MIN_ROLLOUTS, len(worlds)) and gain > config.hold_margin


@register("hard", "jamaican")
def _hard() -> HardBot:
    return HardBot()


def set_worlds(bots: Sequence[object], worlds: int) -> None:
    """Give every Hard bot in ``bots`` the budget of ``worlds`` worlds (0: no hold search)."""
    for b in bots:
        if isinstance(b, HardBot):
            b.config = dataclasses.replace(b.config, worlds=worlds)


__all__ = ["HardBot", "HardConfig", "known_holdings", "sample_world", "set_worlds"]
