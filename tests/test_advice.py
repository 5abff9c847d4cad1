"""The player's advice (the hint, and the coach's ground): the Hard player's choice from the
player's own view, in a few words, never using a card the player cannot see."""

from __future__ import annotations

import random

from kalooki_desktop.ai.advice import advise
from kalooki_desktop.ai.hard import HardBot, HardConfig
from kalooki_desktop.engine.actions import Discard, Pass, PluckDiscard, PluckStock
from kalooki_desktop.engine.cards import parse_card, parse_cards
from kalooki_desktop.engine.hand import HandState
from kalooki_desktop.engine.rules import make_rules
from kalooki_desktop.engine.view import View

RULES = make_rules("jamaican")
OTHERS = ["2H 3D 5C 6S 8H 10D QC JS AD", "2D 3C 5S 6H 8D 10C QS JH AC", "4S 4H 6D 6C 8C 10S QH JD AH"]


def view_of(hand: str, top: str, stock: str, others: list[str] = OTHERS) -> View:
    state = HandState.from_position(RULES, RULES.schedule[0], 3, [parse_cards(h) for h in [hand, *others]],
                                    parse_cards(top), parse_cards(stock))
    return View(state, 0)


def test_the_advice_is_the_hard_players_choice_with_its_reason() -> None:
    view = view_of("7S 7H 9S 9H 9D KS KH KD 4C 2D", "7C", "3S 5D 8S JC")
    advice = advise(view, random.Random(0), worlds=0)
    assert advice.action == HardBot(HardConfig(worlds=0)).choose(view, random.Random(0))
    assert advice.action == PluckDiscard()
    assert advice.why == "why.take_closer" and advice.params == {"card": parse_card("7C")}
    far = view_of("7S 2H 9S 5H 9D KS 3H QD 4C 2D", "8C", "3S 5D 8S JC")
    advice = advise(far, random.Random(0), worlds=0)
    assert advice.action == PluckStock() and advice.why == "why.leave"


def test_a_throw_is_explained_by_what_the_contract_needs() -> None:
    state = HandState.from_position(RULES, RULES.schedule[0], 3,
                                    [parse_cards(h) for h in ["7S 7H 9S 9H KS KH QD 4C 2D 5C", *OTHERS]],
                                    parse_cards("JD"), parse_cards("3S 5D 8S JC 10H"))
    state.apply(0, PluckStock())
    advice = advise(View(state, 0), random.Random(0), worlds=0)
    assert isinstance(advice.action, Discard)
    assert advice.action.card not in parse_cards("7S 7H 9S 9H KS KH")  # never a pair of a three
    assert advice.why in ("why.throw", "why.throw_costly") and advice.params["card"] == advice.action.card


def test_the_advice_never_changes_when_the_unseen_cards_are_dealt_differently() -> None:
    hand, top, drawn = "7S 7H 9S 9H KS KH QD 4C 2D 5C", "JD", parse_card("10H")
    unseen = parse_cards(" ".join(OTHERS) + " 3S 5D 8S JC 6D 7D")
    rng = random.Random(5)
    seen = set()
    for _ in range(8):
        rng.shuffle(unseen)
        others = [unseen[i * 9:(i + 1) * 9] for i in range(3)]
        state = HandState.from_position(RULES, RULES.schedule[0], 3, [parse_cards(hand), *others],
                                        parse_cards(top), [drawn, *unseen[27:]])
        state.apply(0, PluckStock())  # the same card for the player each time
        advice = advise(View(state, 0), random.Random(0), worlds=0)
        seen.add((advice.action, advice.why, tuple(sorted(advice.params.items()))))
    assert len(seen) == 1, seen


def test_a_call_is_worth_offering_only_for_a_card_of_the_players_own_contract_or_a_joker() -> None:
    """Before laying, a card that fits only another player's meld does not help: the player may
    not tack before laying (J-6.1), so the Call prompt is not offered for it."""
    from kalooki_desktop.ai.advice import could_help
    from kalooki_desktop.engine.actions import Lay
    from kalooki_desktop.engine.rules import THREE

    seat1 = "7H 7D 7S 9H 9D 9S 4C 4D 4S 7C"
    state = HandState.from_position(RULES, RULES.schedule[0], 3,
                                    [parse_cards(h) for h in ["2S 4H 6D 8C 10H QD JC AH KS KH", seat1, *OTHERS[1:]]],
                                    parse_cards("JD"), parse_cards("3S 5D 8S JC 10H 2C"))
    state.apply(0, PluckStock())
    state.apply(0, Discard(parse_card("2S")))
    for seat in state.callers_before(1, PluckStock()):
        state.apply(seat, Pass())
    state.apply(1, PluckStock())
    threes = ("7H 7D 7S", "9H 9D 9S", "4C 4D 4S")
    state.apply(1, Lay.of([(THREE, parse_cards(t)) for t in threes]))
    state.apply(1, Discard(parse_card("7C")))
    view = View(state, 0)
    assert state.table and not view.laid[0]
    assert not could_help(view, parse_card("7C"))  # it fits only seat 1's three of sevens
    assert not could_help(view, parse_card("9C"))
    assert could_help(view, parse_card("KD"))  # a third king: the player's own three
    assert could_help(view, parse_card("JK"))


def test_a_lay_off_or_a_tack_that_lets_the_player_go_out_says_so() -> None:
    """Laying off (tacking) a card that leaves one card to discard: the hint says the player goes
    out with it, not how many points fewer the hand holds; with more cards left, the points."""
    from types import SimpleNamespace

    from kalooki_desktop.ai.advice import reason
    from kalooki_desktop.ai.british import _reason
    from kalooki_desktop.engine.actions import Tack
    from kalooki_desktop.engine.british.rules import BritishRules
    from kalooki_desktop.i18n import tr

    six = parse_card("6S")
    for cards, out in (("6S 9H", True), ("6S 9H 2C", False)):
        british = SimpleNamespace(discard_top=None, opened=(True,), seat=0, rules=BritishRules(),
                                  my_hand=tuple(parse_cards(cards)))
        key, params = _reason(british, Tack(six, 1))  # type: ignore[arg-type]
        assert ("go out" in tr(key, **params)) == out and tr(key, **params) != key, tr(key, **params)
        laid = SimpleNamespace(discard_top=None, laid=(True,), seat=0, rules=RULES, my_hand=tuple(parse_cards(cards)))
        key, params = reason(laid, Tack(six, 1))  # type: ignore[arg-type]
        assert ("go out" in tr(key, **params)) == out and tr(key, **params) != key, tr(key, **params)
