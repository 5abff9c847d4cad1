"""Computer opponents: they only ever see their view (fairness), they answer every decision
legally, their personas, and decisions that run off the caller's thread and can be cancelled."""

from __future__ import annotations

import random
import time

import pytest

from kalooki_desktop.ai.base import make_bot, next_decision
from kalooki_desktop.ai.hard import (
    HardBot,
    HardConfig,
    known_holdings,
    laid_throw,
    sample_world,
    set_worlds,
    tack_outs,
)
from kalooki_desktop.ai.normal import live_cards
from kalooki_desktop.ai.personas import LEVELS, persona
from kalooki_desktop.ai.worker import BotWorker
from kalooki_desktop.engine.actions import Call, Discard, PluckStock, Tack
from kalooki_desktop.engine.cards import JOKER, count_cards, new_deck, parse_cards
from kalooki_desktop.engine.hand import HandState
from kalooki_desktop.engine.match import Match
from kalooki_desktop.engine.melds import KIND_BY_NAME, make_meld
from kalooki_desktop.engine.refusal import Refusal
from kalooki_desktop.engine.rules import make_rules
from kalooki_desktop.engine.view import View
from kalooki_desktop.tools.framebench import hold_positions
from kalooki_desktop.tools.sim import play_match


def _deterministic(name: str):
    if name == "hard":
        return HardBot(HardConfig(worlds=6))
    return make_bot(name, "jamaican")


def _reshuffled(state: HandState, seat: int, rng: random.Random) -> HandState:
    """The same public state with every card the seat cannot see dealt differently."""
    other = state.clone()
    hidden = [c for s, h in enumerate(other.hands) if s != seat for c in h] + other.stock
    rng.shuffle(hidden)
    for s in range(other.players):
        if s != seat:
            n = len(other.hands[s])
            other.hands[s], hidden = hidden[:n], hidden[n:]
    other.stock = hidden
    other.rng = random.Random(rng.random())
    return other


def _positions(count: int, seed: int) -> list[tuple[HandState, int]]:
    """(state, seat deciding) pairs taken from a real game, call windows included."""
    rules = make_rules("jamaican", ["J-V9"] if seed < 0 else [])
    match = Match(rules, 4, abs(seed))
    bots = [make_bot("normal", "jamaican") for _ in range(4)]
    rng = random.Random(seed)
    out: list[tuple[HandState, int]] = []
    while len(out) < count and not match.over:
        pending = match.pending()
        assert pending is not None
        out.append((match.hand.clone(), pending[0]))
        seat, action = next_decision(match, bots, rng)
        match.apply(seat, action)
    return out[::3][:count]


@pytest.mark.parametrize("name", ["random", "greedy", "easy", "normal", "hard"])
def test_fairness_hidden_cards_never_change_a_decision(name: str) -> None:
    shuffle_rng = random.Random(99)
    positions = _positions(90 if not name.startswith("hard") else 20, seed=12)
    for state, seat in positions:
        real = _deterministic(name).choose(View(state, seat), random.Random(7))
        for _ in range(2):
            other = _reshuffled(state, seat, shuffle_rng)
            assert other.hands[seat] == state.hands[seat]
            seen = _deterministic(name).choose(View(other, seat), random.Random(7))
            assert seen == real, (name, seat, str(real), str(seen))


def test_sampled_worlds_agree_with_the_view() -> None:
    for state, seat in _positions(20, seed=5):
        view = View(state, seat)
        known = known_holdings(view)
        world = sample_world(view, random.Random(1), known)
        assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
        assert len(world.stock) == len(state.stock)
        assert world.hands[seat] == state.hands[seat]
        assert sorted(world.all_cards()) == sorted(state.all_cards())
        for s, cards in enumerate(known):
            if s != seat:
                for c in set(cards):
                    assert world.hands[s].count(c) >= min(cards.count(c), state.hands[s].count(c))


@pytest.mark.parametrize("name", ["easy", "normal", "hard", "hard-sampled"])
def test_every_level_plays_whole_games_legally(name: str) -> None:
    sampled = HardBot(HardConfig(worlds=3))
    first = sampled if name == "hard-sampled" else make_bot(name, "jamaican")
    bots = [first, make_bot("normal", "jamaican"), make_bot("greedy", "jamaican")]
    set_worlds([b for b in bots if b is not first or name == "hard"], 2)
    match, actions = play_match(make_rules("baby"), bots, seed=3, check=True)
    assert match.over and actions > 20


def test_personas() -> None:
    for level in LEVELS:
        p = persona(level)
        assert p.name and p.blurb and p.pace_ms > 0
        pauses = [p.pause_ms(random.Random(i)) for i in range(20)]
        assert min(pauses) >= 0.7 * p.pace_ms - 1 and max(pauses) <= 1.4 * p.pace_ms + 1
        assert p.pause_ms(random.Random(1), speed=4.0) < p.pause_ms(random.Random(1))
    with pytest.raises(ValueError):
        persona("grandmaster")


def test_worker_decides_off_thread_and_can_be_cancelled() -> None:
    worker = BotWorker()
    try:
        hard = HardBot(HardConfig(worlds=4000))  # about 20 s
        # A decision where Hard runs its hold search (laying now against holding for a bend).
        (state, totals), = hold_positions(2, 1)
        seat = 0
        view = View(state.clone(), seat, totals)
        t0 = time.perf_counter()
        worker.start(hard, view, random.Random(1))
        assert worker.busy and worker.poll() == (False, None)
        time.sleep(0.05)
        worker.cancel()  # a 20 s think stops at once
        deadline = time.perf_counter() + 5
        while hard.cancel.is_set() and time.perf_counter() < deadline and worker.busy:
            time.sleep(0.01)
        assert time.perf_counter() - t0 < 5
        worker.start(make_bot("normal", "jamaican"), view, random.Random(1))
        for _ in range(500):
            ready, action = worker.poll()
            if ready:
                break
            time.sleep(0.01)
        assert ready and action is not None and state.check(seat, action) is None
        assert not isinstance(action, Call)
    finally:
        worker.shutdown()


def _laid_position(hand0: str, melds: list[tuple[int, str]]) -> View:
    """Hand 2, seat 0 to play after plucking 2C, every seat laid, ``melds`` (owner, "four 5H 6H
    7H 8H") on the table; 2D on the pile, the rest of the packs the stock."""
    rules = make_rules("jamaican")
    hands = [parse_cards(hand0), parse_cards("2S 2H"), parse_cards("3S 3H"), parse_cards("4S 4H")]
    table = [m for owner, text in melds
             if not isinstance(m := make_meld(KIND_BY_NAME[text.split()[0]], owner,
                                              parse_cards(text.split(maxsplit=1)[1])), Refusal)]
    left = count_cards(new_deck(4))
    for c in [c for h in hands for c in h] + [c for m in table for c in m.cards]:
        left[c] -= 1
    discard, top = parse_cards("2D"), parse_cards("2C")
    for c in discard + top:
        left[c] -= 1
    stock = top + [c for c in range(len(left)) for _ in range(left[c])]
    state = HandState.from_position(rules, rules.schedule[1], 3, hands, discard, stock)
    state.table = table
    state.laid = [True] * 4
    state.apply(0, PluckStock())
    return View(state, 0)


def test_once_laid_hard_keeps_the_card_a_draw_would_let_it_tack() -> None:
    # 10H goes on the hearts four once 9H is tacked; KS goes nowhere. Both cost 10 points:
    # Normal sheds either, Hard keeps 10H.
    view = _laid_position("10H KS 4C", [(1, "four 5H 6H 7H 8H")])
    hand = sorted(view.my_hand)
    live = live_cards(view)
    outs = tack_outs(view.table, 0, hand, live)
    nine = parse_cards("9H")[0]
    assert outs[parse_cards("10H")[0]] == live[nine] == 2
    assert outs[parse_cards("KS")[0]] == outs[parse_cards("4C")[0]] == 0
    options = [c for c in hand if c != JOKER]
    assert laid_throw(view, options, live) == parse_cards("KS")[0]
    answer = make_bot("hard", "jamaican").choose(view, random.Random(0))
    assert isinstance(answer, Discard) and answer.card == parse_cards("KS")[0]
    assert make_bot("normal", "jamaican").choose(view, random.Random(0)) == Discard(parse_cards("10H")[0])


def test_once_laid_hard_sheds_the_costliest_card_no_draw_helps() -> None:
    view = _laid_position("QS 5C 9D", [(1, "four 5H 6H 7H 8H")])
    options = sorted(view.my_hand)
    assert laid_throw(view, options, live_cards(view)) == parse_cards("QS")[0]


def test_hard_tacks_where_the_rest_of_its_hand_can_follow() -> None:
    # 9H goes on the three of nines (meld 1) or the hearts four (meld 2); only on the four does
    # 10H follow it. Normal takes the first place, Hard the four.
    view = _laid_position("9H 10H KS", [(2, "three 9S 9D 9C"), (1, "four 5H 6H 7H 8H")])
    nine = parse_cards("9H")[0]
    normal = make_bot("normal", "jamaican").choose(view, random.Random(0))
    assert isinstance(normal, Tack) and normal.card == nine and normal.meld == 1
    hard = make_bot("hard", "jamaican").choose(view, random.Random(0))
    assert isinstance(hard, Tack) and hard.card == nine and hard.meld == 2
