"""The hand's past as a seat saw it (kalooki_desktop/ai/history.py): the true past replays
every Normal decision exactly, sampled pasts agree with everything shown, and the worlds drawn
from them depend on the view only."""

from __future__ import annotations

import random

from kalooki_desktop.ai.base import next_decision, next_in_hand
from kalooki_desktop.ai.history import History, belief_worlds, connected
from kalooki_desktop.ai.normal import NormalBot, known_holdings
from kalooki_desktop.engine.cards import count_cards, parse_card
from kalooki_desktop.engine.hand import HandState, Phase
from kalooki_desktop.engine.match import Match
from kalooki_desktop.engine.rules import make_rules
from kalooki_desktop.engine.view import View

from .test_bots import _reshuffled


def _games_with_true_pasts(deals: list[int], every: int = 7):
    """(view of seat 0, the true assignment of every other seat) at seat 0's throws, from
    matches between four Normals; the true slot cards are recorded as the cards arrive."""
    rules = make_rules("jamaican")
    bots = [NormalBot() for _ in range(4)]
    for deal in deals:
        match = Match(rules, 4, deal)
        rng = random.Random(deal)
        hand: HandState | None = None
        truth: dict[int, list[int]] = {}
        turns = 0
        while not match.over:
            h = match.hand
            if h is not hand:
                hand, turns = h, 0
                truth = {s: list(h.hands[s]) for s in (1, 2, 3)}
            if h.turn == 0 and h.phase == Phase.PLAY and h.rebuilds == 0:
                turns += 1
                if turns % every == 0:
                    yield h.clone(), {s: list(v) for s, v in truth.items()}
            seat, action = next_decision(match, bots, rng)
            before = [count_cards(x) for x in h.hands]
            top = h.discard_top
            text = str(action)
            match.apply(seat, action)
            if match.hand is not h:
                continue
            for s in (1, 2, 3):
                after = count_cards(h.hands[s])
                gained = [c for c in range(len(after)) for _ in range(max(0, after[c] - before[s][c]))]
                if text == "pluck stock" or (text == "allow" and s == h.log[-2][0]):
                    if text == "pluck stock" and s != seat and top in gained:
                        gained.remove(top)  # the called card of an allow made by plucking
                    elif text == "allow" and top in gained:
                        gained.remove(top)
                    truth[s].extend(gained)


def test_the_true_past_replays_every_normal_decision() -> None:
    checked = decisions = 0
    for state, truth in _games_with_true_pasts([41, 42]):
        history = History(View(state, 0), exact=True)
        assert history.ok
        if any(len(truth[s]) != len(history.slots[s]) for s in truth):
            continue  # a turned-up card taken unseen: its slot is laid out differently
        for s in truth:
            missed, hints = history.misses(truth, s)
            assert missed == 0, (s, hints)
            decisions += 1
        checked += 1
    assert checked >= 8 and decisions >= 24


def test_a_miss_names_its_decision() -> None:
    """Give a player who let a discard go a pair of its rank in the deal: a Normal would
    have taken it, and the miss says which card to move."""
    rules = make_rules("jamaican")
    match = Match(rules, 4, 5)
    bots = [NormalBot() for _ in range(4)]
    rng = random.Random(5)
    while True:
        h = match.hand
        seat, action = next_in_hand(h, lambda s, c: bots[s].choose(match.view(s), rng))
        passing = (str(action) == "pluck stock" and seat != 0 and not h.laid[seat]
                   and h.phase == Phase.PLUCK and not h.stock_only
                   and h.log and h.log[-1][1].startswith("discard "))
        top = h.discard_top
        match.apply(seat, action)
        if passing and top is not None:
            break
    history = History(match.view(0))
    sample = history.sample(random.Random(1))
    assert sample is not None
    assign, _ = sample
    assert history.misses(assign, seat)[0] >= 0
    pair = [c for c in range(4, 56) if c >> 2 == top >> 2 and c != top][:2]
    dealt = [k for k, t in enumerate(history.slots[seat]) if t < 0]
    cards = list(assign[seat])
    placed = 0
    for k in dealt:
        trial = list(cards)
        trial[k] = pair[placed]
        if history.feasible(seat, trial):
            cards = trial
            placed += 1
            if placed == 2:
                break
    assert placed == 2
    assign[seat] = cards
    missed, hints = history.misses(assign, seat)
    assert missed >= 1
    assert any(fix == "rm_conn" and card == top for _, _, fix, card in hints)


def test_sampled_pasts_agree_with_everything_shown() -> None:
    rng = random.Random(4)
    for state, _ in _games_with_true_pasts([43], every=3):
        view = View(state, 0)
        history = History(view)
        sample = history.sample(rng)
        assert sample is not None
        assign, stock = sample
        assert len(stock) == view.stock_count
        hands = history.hands_now(assign)
        known = known_holdings(view)
        for s in (1, 2, 3):
            assert history.feasible(s, assign[s])
            assert len(hands[s]) == view.hand_sizes[s]
            held = count_cards(hands[s])
            assert all(held[c] >= n for c, n in enumerate(count_cards(known[s])))
        everything = sorted([c for h in hands for c in h] + stock)
        assert everything == sorted(view.unseen())


def test_belief_worlds_read_the_view_only() -> None:
    shuffle_rng = random.Random(8)
    tried = 0
    for state, _ in _games_with_true_pasts([44], every=4):
        view = View(state, 0)
        worlds = belief_worlds(view, random.Random(3), 2, iters=20)
        assert worlds is not None
        for world in worlds:
            assert world.hands[0] == state.hands[0]
            assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
        other = _reshuffled(state, 0, shuffle_rng)
        again = belief_worlds(View(other, 0), random.Random(3), 2, iters=20)
        assert again is not None
        assert [w.hands for w in again] == [w.hands for w in worlds]
        assert [w.stock for w in again] == [w.stock for w in worlds]
        tried += 1
    assert tried >= 3


def test_connected_cards() -> None:
    c = parse_card
    assert connected(c("7S"), c("7H"))
    assert connected(c("7S"), c("9S"))
    assert not connected(c("7S"), c("10S"))
    assert connected(c("AS"), c("QS"))  # the ace sits above the king too
    assert not connected(c("7S"), c("8H"))
    assert not connected(c("jk"), c("7S"))
