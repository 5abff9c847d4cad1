"""Hard's own judgement: the outs ranking of its throws and its calls to the end of the stock."""

from __future__ import annotations

import random

from kalooki_desktop.ai.base import make_bot
from kalooki_desktop.ai.hard import HardBot, HardConfig, throw_ranking
from kalooki_desktop.ai.plan import make_plan
from kalooki_desktop.engine.actions import Call, Discard, Pass, PluckStock
from kalooki_desktop.engine.cards import CARD_CODES, parse_card, parse_cards
from kalooki_desktop.engine.hand import HandState
from kalooki_desktop.engine.rules import make_rules
from kalooki_desktop.engine.view import View

RULES = make_rules("jamaican")


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
    # is the 3s, 5-8S and 10-KC (JC and 7S missing: two short), the 10H, 10D and KD spare; a
    # planner that looks at one window of a suit loses the 10C to the three of 10s and throws
    # the 8S, three short after it.
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
    assert make_bot("normal", "jamaican").choose(view, random.Random(0)) == Pass()
    assert HardBot(HardConfig(worlds=0)).choose(view, random.Random(0)) == Call()


def test_hard_plans_jokers_only_where_the_rules_let_them() -> None:
    # Seat 2 holds three threes and AC 2C JK JK, which is no four (J-2.5). Seat 0 throws 3C:
    # Normal's plan takes the hand for ready and lets the card go; Hard's plan (the joker limits)
    # sees the four one card short and calls it (AC 2C 3C JK).
    view = seat_2_may_call(5, ["3C 3D 4H 6S 7C 9D 10H JS QC KD 5S 6H 9C",
                               "2D 3H 4S 6C 7D 9H 10C JC QD KH 5D 7H 8C",
                               "JK JK AC 2C 10S 10H 10D JH JD JD QS QH QC",
                               "2H 3S 4D 6D 7S 9S 10S JH QS KC 5H 8S 8D"],
                           "JS", "3H 6C 9H QH 4C 5C 7D 8H KH KS 2S 2H", "3C")
    assert make_bot("normal", "jamaican").choose(view, random.Random(0)) == Pass()
    assert HardBot(HardConfig(worlds=0)).choose(view, random.Random(0)) == Call()
