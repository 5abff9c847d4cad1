"""Hard's hold search (kalooki_desktop/ai/hold.py): the holding playout policy, the decision
between laying and holding for a bend, its thinking budget and cancel, and fairness (hidden
cards dealt differently never change it)."""

from __future__ import annotations

import random

from kalooki_desktop.ai import hold
from kalooki_desktop.ai.base import make_bot, next_decision
from kalooki_desktop.ai.hard import HardBot, HardConfig
from kalooki_desktop.ai.normal import NormalBot, Style
from kalooki_desktop.engine.actions import Discard, Lay, PluckDiscard, PluckStock
from kalooki_desktop.engine.hand import HandState
from kalooki_desktop.engine.match import Match
from kalooki_desktop.engine.rules import make_rules
from kalooki_desktop.engine.turn import Phase
from kalooki_desktop.engine.view import View

from .test_bots import _reshuffled


def ready_positions(count: int, seed: int) -> list[tuple[HandState, int]]:
    """Positions of Normal games where the seat to play could lay its contract while nobody
    has laid, and the lay would leave two or more cards (the decision the search settles)."""
    out: list[tuple[HandState, int]] = []
    for deal in range(seed, seed + 40):
        match = Match(make_rules("jamaican"), 4, deal)
        bots = [make_bot("normal", "jamaican") for _ in range(4)]
        rng = random.Random(deal)
        lay_bot = NormalBot(Style(lay_for_out=True))
        while not match.over and len(out) < count:
            hand = match.hand
            seat = hand.turn
            if hand.phase == Phase.PLAY and not any(hand.laid):
                view = View(hand, seat, match.totals)
                if (hold.may_bend(view, 2.0) and isinstance(lay_bot.choose(view, random.Random(0)), Lay)
                        and hold.cards_left(view, list(view.my_hand)) > 1):
                    out.append((hand.clone(), seat))
                    break  # one position a deal
            s, action = next_decision(match, bots, rng)
            match.apply(s, action)
        if len(out) >= count:
            break
    return out


def test_the_holder_holds_a_ready_contract_until_it_goes_out() -> None:
    positions = ready_positions(3, seed=500)
    assert positions
    for state, seat in positions:
        view = View(state, seat)
        answer = hold.Holder().choose(view, random.Random(1))
        assert isinstance(answer, Discard)  # holds: throws instead of laying
        throw = hold.holding_throw(view, list(view.my_hand))
        assert throw is not None and answer == Discard(throw[1])
        assert hold.Holder(rounds=1000.0).choose(view, random.Random(1)) == \
            NormalBot(Style(lay_for_out=True)).choose(view, random.Random(1))  # no bend left: lays


def _at_pluck(state: HandState, seat: int, top: int) -> HandState:
    """``state`` with ``seat`` to pluck and ``top`` on the discard pile (taken from the stock)."""
    s = state.clone()
    s.stock.remove(top)
    s.discard.append(top)
    s.phase, s.turn, s.stock_only = Phase.PLUCK, seat, False
    return s


def _fits_and_misses() -> tuple[HandState, int, list[int], list[int], list[int]]:
    """A ready position (nobody laid) with the seat's hand, and the stock cards with which its
    lay leaves no more cards than without (fits) and those with which it leaves more."""
    state, seat = ready_positions(1, seed=500)[0]
    hand = list(state.hands[seat])
    view = View(state, seat)
    now = hold.cards_left(view, hand)
    fits = [c for c in sorted(set(state.stock)) if hold.cards_left(view, [*hand, c]) <= now]
    misses = [c for c in sorted(set(state.stock)) if hold.cards_left(view, [*hand, c]) > now]
    assert fits and misses
    return state, seat, hand, fits, misses


def test_the_holder_takes_a_discard_only_when_it_fits_the_lay() -> None:
    state, seat, hand, fits, misses = _fits_and_misses()
    for top, wanted in ((fits[0], PluckDiscard()), (misses[0], None)):
        at_pluck = View(_at_pluck(state, seat, top), seat)
        assert hold.holding_take(at_pluck, hand) == wanted
        answer = hold.Holder().choose(at_pluck, random.Random(1))
        assert answer == (wanted or PluckStock())
    stock_only = _at_pluck(state, seat, fits[0])
    stock_only.stock_only = True  # after an allowed call the pile cannot be taken (J-5.3)
    assert hold.holding_take(View(stock_only, seat), hand) is None


def test_hard_takes_a_discard_that_fits_its_ready_contract_bend_or_no_bend() -> None:
    state, seat, _, fits, misses = _fits_and_misses()
    for top, wanted in ((fits[0], PluckDiscard()), (misses[0], PluckStock())):
        at_pluck = _at_pluck(state, seat, top)
        del at_pluck.stock[4:]  # too few cards left for a bend: no hold search, no holding
        late = View(at_pluck, seat)
        assert not hold.holding(late)
        assert HardBot().choose(late, random.Random(1)) == wanted
        assert NormalBot().choose(late, random.Random(1)) == PluckStock()


def test_hard_lays_or_holds_as_the_playouts_say() -> None:
    state, seat = ready_positions(1, seed=500)[0]
    view = View(state, seat)
    throw = hold.holding_throw(view, list(view.my_hand))
    assert throw is not None
    lay = HardBot(HardConfig(worlds=0)).choose(view, random.Random(7))
    assert isinstance(lay, Lay)  # without the search (--worlds 0): lays at once
    eager = HardBot(HardConfig(worlds=4, hold_margin=-1e9))  # any playout result holds
    assert eager.choose(view, random.Random(7)) == Discard(throw[1])
    assert (eager.hold_searches, eager.holds, eager.last_samples) == (1, 1, 4)
    never = HardBot(HardConfig(worlds=4, hold_margin=1e9))
    assert never.choose(view, random.Random(7)) == lay and never.holds == 0


def test_the_search_keeps_to_its_budget_and_stops_when_cancelled() -> None:
    state, seat = ready_positions(1, seed=500)[0]
    view = View(state, seat)
    lay = HardBot(HardConfig(worlds=0)).choose(view, random.Random(7))
    few = HardBot(HardConfig(worlds=3, hold_margin=-1e9))
    assert few.choose(view, random.Random(7)) != lay and few.last_samples == 3  # its whole budget
    cancelled = HardBot(HardConfig(worlds=400, hold_margin=-1e9))
    cancelled.cancel.set()
    assert cancelled.choose(view, random.Random(7)) == lay and cancelled.last_samples == 0


def test_the_hold_decision_never_reads_hidden_cards() -> None:
    shuffle_rng = random.Random(3)
    positions = ready_positions(3, seed=520)
    assert positions
    searched = 0
    for state, seat in positions:
        bot = HardBot(HardConfig(worlds=3, hold_margin=0.0))
        real = bot.choose(View(state, seat), random.Random(7))
        searched += bot.hold_searches
        for _ in range(2):
            other = _reshuffled(state, seat, shuffle_rng)
            again = HardBot(HardConfig(worlds=3, hold_margin=0.0))
            assert again.choose(View(other, seat), random.Random(7)) == real
    assert searched == len(positions)  # the search itself was exercised


def test_remembered_lay_searches_are_the_searches_and_cost_the_collector_nothing() -> None:
    """On an empty table the lay search remembers its answers by hand: a remembered answer is
    the answer worked out afresh, and the entries are plain ints, which a full garbage
    collection does not walk (see the plan caches' test)."""
    import gc

    from kalooki_desktop.ai import normal
    from kalooki_desktop.ai.normal import lay_for_out

    hands = []
    for state, seat in ready_positions(4, seed=700):
        view = View(state, seat)
        hand = list(view.my_hand)
        hands += [(view, hand), (view, hand[1:]), (view, hand[:-2])]
    normal._LAYS.clear()
    fresh = [lay_for_out(view, hand, 1, 400) for view, hand in hands]
    assert len(normal._LAYS) == len({tuple(sorted(hand)) for _, hand in hands})
    for _ in range(4):  # each collection untracks one more level of the nested tuples
        gc.collect()
    assert not any(gc.is_tracked(k) or gc.is_tracked(v) for k, v in normal._LAYS.items())
    assert [lay_for_out(view, hand, 1, 400) for view, hand in hands] == fresh
    normal._LAYS.clear()
    assert [lay_for_out(view, list(reversed(hand)), 1, 400)[0] for view, hand in hands] == [
        lay for lay, _ in fresh]  # the hand's order does not matter
