"""Hard's hold search (kalooki_desktop/ai/hold.py): the holding playout policy, the decision
between laying and holding for a bend, its thinking budget and cancel, and fairness (hidden
cards dealt differently never change it)."""

from __future__ import annotations

import random
import time

import pytest

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
        assert hold.holding_throw(view, list(view.my_hand), deadline=0.0) is None  # out of time
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
    lay = HardBot(HardConfig(think_ms=0)).choose(view, random.Random(7))
    assert isinstance(lay, Lay)  # without the search (--think-ms 0): lays at once
    eager = HardBot(HardConfig(think_ms=60_000, hold_rollouts=4, hold_margin=-1e9))  # any playout result holds
    assert eager.choose(view, random.Random(7)) == Discard(throw[1])
    assert (eager.hold_searches, eager.holds, eager.last_samples) == (1, 1, 4)
    never = HardBot(HardConfig(think_ms=60_000, hold_rollouts=4, hold_margin=1e9))
    assert never.choose(view, random.Random(7)) == lay and never.holds == 0


def test_the_search_keeps_to_its_budget_and_stops_when_cancelled() -> None:
    state, seat = ready_positions(1, seed=500)[0]
    view = View(state, seat)
    lay = HardBot(HardConfig(think_ms=0)).choose(view, random.Random(7))
    quick = HardBot(HardConfig(think_ms=1, hold_rollouts=400, hold_margin=-1e9))
    t0 = time.perf_counter()
    assert quick.choose(view, random.Random(7)) == lay  # too few playouts in 1 ms: no hold
    assert time.perf_counter() - t0 < 0.5 and quick.last_samples < hold.MIN_ROLLOUTS
    cancelled = HardBot(HardConfig(think_ms=60_000, hold_rollouts=400, hold_margin=-1e9))
    cancelled.cancel.set()
    assert cancelled.choose(view, random.Random(7)) == lay and cancelled.last_samples == 0


def test_the_hold_decision_never_reads_hidden_cards() -> None:
    shuffle_rng = random.Random(3)
    positions = ready_positions(3, seed=520)
    assert positions
    searched = 0
    for state, seat in positions:
        bot = HardBot(HardConfig(think_ms=60_000, hold_rollouts=3, hold_margin=0.0))
        real = bot.choose(View(state, seat), random.Random(7))
        searched += bot.hold_searches
        for _ in range(2):
            other = _reshuffled(state, seat, shuffle_rng)
            again = HardBot(HardConfig(think_ms=60_000, hold_rollouts=3, hold_margin=0.0))
            assert again.choose(View(other, seat), random.Random(7)) == real
    assert searched == len(positions)  # the search itself was exercised


def _slow_bots(monkeypatch) -> tuple[list[float], list[NormalBot]]:
    """Four Normals on a fake clock (the playouts' ``time.perf_counter``): each turn's action
    takes 50 ms of it. Returns the clock (``[seconds]``) and the bots."""

    clock = [0.0]
    monkeypatch.setattr("kalooki_desktop.ai.base.time.perf_counter", lambda: clock[0])

    class Slow(NormalBot):
        def choose(self, view, rng):
            answer = super().choose(view, rng)
            if view.my_turn:
                clock[0] += 0.05
            return answer

    return clock, [Slow() for _ in range(4)]


def test_a_playout_starts_no_action_the_longest_so_far_says_would_end_past_its_deadline(
        monkeypatch) -> None:
    """play_out (the hold search's playouts) stops before an action that would overrun: with
    every action taking 50 ms of a fake clock and 120 ms to go, it makes two and stops at
    100 ms, where checking only the clock would start a third and end at 150 ms."""
    from kalooki_desktop.ai import base

    clock, bots = _slow_bots(monkeypatch)
    state = Match(make_rules("jamaican"), 4, 7).hand.clone()
    assert not base.play_out(state, bots, random.Random(0), [0] * 4, deadline=0.12)
    assert clock[0] == pytest.approx(0.10)


def test_a_searchs_later_playouts_start_from_the_longest_action_it_has_seen(monkeypatch) -> None:
    """With the search's longest action so far (50 ms) and 40 ms to go, a new playout starts no
    action at all, where one that starts from nothing would start one and end past the deadline;
    the estimate grows with every slower action."""
    from kalooki_desktop.ai import base

    clock, bots = _slow_bots(monkeypatch)
    state = Match(make_rules("jamaican"), 4, 7).hand.clone()
    seen = [0.05]
    assert not base.play_out(state.clone(), bots, random.Random(0), [0] * 4, deadline=0.04,
                             longest=seen)
    assert clock[0] == 0.0 and seen == [0.05]
    fresh = [0.0]
    assert not base.play_out(state.clone(), bots, random.Random(0), [0] * 4, deadline=0.04,
                             longest=fresh)
    assert clock[0] == pytest.approx(0.05) and fresh[0] == pytest.approx(0.05)


def test_a_world_does_not_begin_its_second_playout_when_the_first_says_it_would_overrun(
        monkeypatch) -> None:
    """Each playout of a world takes 0.3 s of a fake clock: with 0.5 s to go the world plays
    the first and drops itself rather than begin the second (which would end at 0.6 s); with
    0.7 s both are played and the world counts."""
    clock = [0.0]
    played: list[int] = []
    monkeypatch.setattr("kalooki_desktop.ai.hold.time.perf_counter", lambda: clock[0])

    def fake_play_out(world, bots, rng, totals, skip_caller=None, deadline=None,
                      longest=None):
        clock[0] += 0.3
        played.append(1)
        return True

    monkeypatch.setattr(hold, "play_out", fake_play_out)
    state, seat = ready_positions(1, seed=500)[0]
    view = View(state, seat)
    lay = HardBot(HardConfig(think_ms=0)).choose(view, random.Random(7))
    assert isinstance(lay, Lay)
    throw = hold.holding_throw(view, list(view.my_hand))
    assert throw is not None

    def score(world: HandState, me: int) -> float:
        return 0.0

    args = (view, state, 0, lay, Discard(throw[1]), hold.ROUNDS, score)
    assert hold._play_world(*args, deadline=0.5) is None and len(played) == 1
    clock[0] = 0.0
    assert hold._play_world(*args, deadline=0.7) == 0.0 and len(played) == 3


def test_past_a_playouts_deadline_the_lay_search_stops_at_once() -> None:
    """The holder's lay search in a playout compares no more lays once the search's deadline has
    passed (that playout no longer counts): it keeps the first lay the finder gives. An answer
    cut short is not remembered; a complete one is, and serves even past a deadline."""
    from kalooki_desktop.ai import normal
    from kalooki_desktop.ai.normal import lay_for_out
    from kalooki_desktop.engine.contract import find_lays

    state, seat = ready_positions(1, seed=500)[0]
    view = View(state, seat)
    assert not view.table  # nobody has laid: the answers may be remembered
    hand = list(view.my_hand)
    first = next(find_lays(hand, view.spec, 1))
    normal._LAYS.clear()
    cut = lay_for_out(view, hand, 1, 400, deadline=0.0)
    assert cut[0] == first
    assert hold.cards_left(view, hand, deadline=0.0) == len(cut[1])  # still cut short
    assert not normal._LAYS
    full = lay_for_out(view, hand, 1, 400)
    assert full[0] not in (None, first)  # in time it weighs them all
    assert lay_for_out(view, hand, 1, 400, deadline=0.0) == full  # remembered


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
