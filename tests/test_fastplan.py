"""Hard's planning: the fast planner agrees with the reference planner; the outs ranking and
the calls to the end of the stock."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from kalooki_desktop.ai.base import make_bot
from kalooki_desktop.ai.fastplan import FastPlanner, trajectory, turns_to_out
from kalooki_desktop.ai.hard import LAID_PENALTY, HardBot, throw_ranking
from kalooki_desktop.ai.plan import connections, make_plan
from kalooki_desktop.engine.actions import Call, Discard, PluckStock
from kalooki_desktop.engine.cards import CARD_CODES, JOKER, count_cards, parse_card, parse_cards, penalty
from kalooki_desktop.engine.hand import HandState
from kalooki_desktop.engine.rules import make_rules
from kalooki_desktop.engine.view import View

RULES = make_rules("jamaican")
DECK = [JOKER] * 4 + [c for c in range(4, CARD_CODES) for _ in range(2)]


@settings(max_examples=400, deadline=None)
@given(st.integers(0, 8), st.integers(9, 22), st.randoms(use_true_random=False), st.booleans(),
       st.booleans())
def test_same_deficiency_and_a_keep_as_good(hand_no: int, size: int, rnd: random.Random,
                                            counting: bool, limits: bool) -> None:
    spec = RULES.schedule[hand_no]
    deck = list(DECK)
    rnd.shuffle(deck)
    hand = deck[:size]
    live = None
    if counting:  # some cards gone: a random part of the rest of the deck is still to come
        live = count_cards(deck[size:size + rnd.randint(0, 80)])
    ref = make_plan(hand, spec, windows_per_suit=1, live=live, limits=limits)
    fp = FastPlanner(spec, 50, live, limits)
    cnt = count_cards(hand)
    short, kept = fp.plan(cnt, fp.masks(cnt))
    assert short == ref.deficiency
    if short:
        assert kept is not None
        assert sum(kept) == len(ref.keep)
        assert all(kept[c] <= cnt[c] for c in range(CARD_CODES))
        # The kept cards (with the jokers) are a plan at least as good as the whole hand's (with
        # one window a suit the planner is not monotone: dropping a spare card can shift a suit's
        # best window and find a plan one card closer, as for JK AH AC 2S 2D 2D 4D JS JC KH).
        kept_hand = [c for c in range(CARD_CODES) for _ in range(kept[c])] + [JOKER] * cnt[JOKER]
        assert make_plan(kept_hand, spec, windows_per_suit=1, live=live,
                         limits=limits).deficiency <= short

@settings(max_examples=200, deadline=None)
@given(st.integers(9, 22), st.randoms(use_true_random=False))
def test_throw_is_a_spare_card_that_connects_least(size: int, rnd: random.Random) -> None:
    spec = RULES.schedule[4]
    deck = list(DECK)
    rnd.shuffle(deck)
    hand = deck[:size]
    fp = FastPlanner(spec, 50)
    cnt = count_cards(hand)
    short, kept = fp.plan(cnt, fp.masks(cnt))
    if not short:
        return
    assert kept is not None
    card = fp.throw(cnt, kept)
    assert card != JOKER and cnt[card] > 0
    spare = [c for c in hand if c != JOKER and cnt[c] > kept[c]] or [c for c in hand if c != JOKER]
    assert card in spare

    def score(c: int) -> float:
        return fp.value[c] - 2.0 * connections(c, hand)

    assert abs(score(card) - max(score(c) for c in spare)) < 1e-9


def test_turns_to_out_counts_the_draws() -> None:
    spec = RULES.schedule[0]  # three threes
    fp = FastPlanner(spec, 50)
    hand = count_cards([20, 21, 24, 25, 28, 29, 44, 45, 52])  # pairs of 5, 6, 7; a J and a K
    draws = [22, 26, 30]
    # Draw the third 5 (turn 0), the third 6 (turn 1), the third 7 (turn 2): out at turn 2.
    assert turns_to_out(fp, list(hand), 9, draws, True) == 2 + 0.7 * (10 - 9 - 1)
    # Nothing useful comes: three turns spent and three cards short.
    assert turns_to_out(fp, list(hand), 9, [4, 8, 12], True) == 3 + 2.0 * 3 + 0.7 * (9 - 9)


def test_trajectory_reports_lay_out_and_penalties() -> None:
    spec = RULES.schedule[0]  # three threes
    fp = FastPlanner(spec, 50)
    pen = [penalty(c) for c in range(CARD_CODES)]
    hand = count_cards([20, 21, 24, 25, 28, 29, 44, 45, 52])  # pairs of 5, 6, 7; J J K
    start = sum(pen[c] * hand[c] for c in range(CARD_CODES))
    lay, out, pens = trajectory(fp, list(hand), 9, [22, 26, 30], True, pen)
    assert lay == 2 and out == 2 + 0.7 * (10 - 9 - 1)
    assert pens[0] == start and len(pens) == 3  # now, and after the two turns before the lay
    lay, out, pens = trajectory(fp, list(hand), 9, [4, 8, 12], True, pen)
    assert lay == -1 and out == float("inf") and len(pens) == 4
    assert pens[-1] <= start  # it throws its costliest loose cards: K, J ...


def test_race_pays() -> None:
    pays = HardBot._pays
    inf = float("inf")
    # Seat at offset 2 of 4 that lays at tick 6, goes out at tick 10.
    assert pays(6, 10, 10, 2, 4, [30, 20]) == 0.0
    assert pays(6, 10, 8, 2, 4, [30, 20]) == LAID_PENALTY
    # Not laid when the hand ends at tick 3: one turn (tick 2) done.
    assert pays(inf, inf, 3, 2, 4, [30, 20, 15]) == 20
    assert pays(inf, inf, 1, 2, 4, [30, 20, 15]) == 30
    assert pays(inf, inf, 99, 2, 4, [30, 20, 15]) == 15
    assert pays(inf, inf, inf, 2, 4, [30, 20, 15]) == 15


def test_throw_ranking_keeps_the_most_outs_then_sheds_points() -> None:
    # Three threes, four pairs and two singles: throwing a single keeps 4 x 6 live cards that
    # would make a three; breaking a pair keeps only 3 x 6 + 1. The 5D goes before the 2C (more
    # points), and a pair of kings is kept even though kings cost more.
    state = HandState.deal(RULES, RULES.schedule[0], 4, 0, random.Random(1))
    view = View(state, 0)
    hand = parse_cards("4S 4H 8S 8H JS JH KS KH 2C 5D")
    live = [0] + [2] * (CARD_CODES - 1)
    for c in hand:
        live[c] -= 1
    ranked = [c for _, _, c in throw_ranking(view, hand, hand, live)]
    assert ranked[:2] == parse_cards("5D 2C")
    assert set(ranked[2:]) == set(parse_cards("4S 4H 8S 8H JS JH KS KH"))


def test_throw_ranking_plans_as_the_planner_does() -> None:
    # Hand 3 (a three, two fours): threes of 3s and 10s, 5S 6S _ 8S, and 10C QC KC. The best plan
    # is the 3s, 5-8S and 10-KC (JC and 7S missing: two short), the 10H, 10D and KD spare. The
    # one-window planner the ranking used until the twentieth session could not see it (its
    # clubs window lost the 10C to the three of 10s) and threw the 8S, three short after it.
    spec = RULES.schedule[2]
    state = HandState.deal(RULES, spec, 4, 0, random.Random(1))
    view = View(state, 0)
    hand = parse_cards("3S 3D 3C 5S 6S 8S 10H 10D 10C QC KD KC")
    live = [0] + [2] * (CARD_CODES - 1)
    for c in hand:
        live[c] -= 1
    ranked = throw_ranking(view, hand, hand, live)
    assert ranked[0][0] == 2 and ranked[0][2] in parse_cards("10H 10D KD")
    for short, _, c in ranked:  # every throw's shortness is the planner's
        rest = list(hand)
        rest.remove(c)
        assert short == make_plan(rest, spec, live=live, limits=True).deficiency
    assert [s for s, _, c in ranked if c == parse_card("8S")] == [3]


def test_hard_searches_only_the_throws_the_outs_cannot_tell_apart() -> None:
    state = HandState.deal(RULES, RULES.schedule[0], 4, 0, random.Random(1))
    view = View(state, 0)
    hand = list(view.my_hand)
    bot = HardBot(search="discard")  # tie 0: only exact ties go to the search
    bot.ranked = [(2, -24.5, 40), (2, -24.5, 41), (2, -24.2, 42), (3, -30.0, 43)]
    cands = bot._discard_candidates(view, hand, Discard(40))
    assert [c.card for c in cands if isinstance(c, Discard)] == [40, 41]
    wide = HardBot(search="discard", tie=None, width=3)
    wide.ranked = bot.ranked
    cands = wide._discard_candidates(view, hand, Discard(40))
    assert [c.card for c in cands if isinstance(c, Discard)] == [40, 41, 42]


def seat_2_may_call(hand_no: int, hands: list[str], top: str, stock: str,
                    throw: str) -> View:
    """Seat 2's view once seat 0 has plucked from ``stock`` and thrown ``throw``."""
    state = HandState.from_position(RULES, RULES.schedule[hand_no], 3,
                                    [parse_cards(h) for h in hands], parse_cards(top),
                                    parse_cards(stock))
    state.apply(0, PluckStock())
    state.apply(0, Discard(parse_card(throw)))
    assert 2 in state.eligible_callers()
    return View(state, 2)


def test_hard_calls_to_the_end_of_the_stock() -> None:
    # Seat 2 may call seat 0's discard, which makes its second three; only one round of
    # stock is left. Normal no longer calls there (two rounds), Hard does.
    view = seat_2_may_call(0, ["5D 3D 4H 6S 7C 9D 10H JS QC KD", "2D 3H 4S 6C 7D 9H 10S JC QD KH",
                               "5S 5H 8S 8H 8D AS AH 2S 4C", "2H 3S 4D 6H 7S 9C 10D JH QS KC"],
                           "JD", "3C 6D 9S QH", "5D")
    assert make_bot("normal").choose(view, random.Random(0)) is None
    assert HardBot(think_ms=0).choose(view, random.Random(0)) == Call()


def test_hard_plans_jokers_only_where_the_rules_let_them() -> None:
    # Seat 2 holds three threes and AC 2C JK JK, which is no four (J-2.5). Seat 0 throws 3C:
    # Normal's plan takes the hand for ready and lets the card go; Hard's plan (the joker limits)
    # sees the four one card short and calls it (AC 2C 3C JK).
    view = seat_2_may_call(5, ["3C 3D 4H 6S 7C 9D 10H JS QC KD 5S 6H 9C",
                               "2D 3H 4S 6C 7D 9H 10C JC QD KH 5D 7H 8C",
                               "JK JK AC 2C 10S 10H 10D JH JD JD QS QH QC",
                               "2H 3S 4D 6D 7S 9S 10S JH QS KC 5H 8S 8D"],
                           "JS", "3H 6C 9H QH 4C 5C 7D 8H KH KS 2S 2H", "3C")
    assert make_bot("normal").choose(view, random.Random(0)) is None
    assert HardBot(think_ms=0).choose(view, random.Random(0)) == Call()
