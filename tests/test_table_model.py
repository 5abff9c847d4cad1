"""The table's hand-and-slots model on its own (no pygame): the hand in step with the engine,
sorting, selection, and staging melds in the slots with the engine's rulings."""

from __future__ import annotations

from kalooki_desktop.engine.actions import Lay
from kalooki_desktop.engine.cards import parse_cards
from kalooki_desktop.engine.refusal import Refusal
from kalooki_desktop.engine.rules import FOUR, THREE
from kalooki_desktop.scenes.table.model import HandModel


def cards(text: str) -> list[int]:
    return parse_cards(text)


def dealt(hand: str, contract: tuple[int, ...] = (THREE, THREE)) -> HandModel:
    model = HandModel()
    model.deal(list(contract), cards(hand))
    return model


def test_a_new_hand_is_sorted_by_suit_and_can_be_sorted_by_rank() -> None:
    model = dealt("9H 2S KS 9S 2H")
    assert model.order == cards("2S 9S KS 2H 9H")
    model.selected.add(1)
    model.sort("rank")
    assert model.order == cards("2S 2H 9S 9H KS") and model.selected == set()
    assert model.slots == [[], []] and model.slot_kinds == [THREE, THREE]


def test_sync_keeps_the_players_order_and_adds_new_cards_at_the_end() -> None:
    model = dealt("2S 9S KS")
    model.order = cards("KS 2S 9S")  # the player's own order
    assert model.sync(cards("2S 9S KS 4D"), laid=False)
    assert model.order == cards("KS 2S 9S 4D")
    assert model.sync(cards("2S 4D"), laid=False)  # KS and 9S left the hand
    assert model.order == cards("2S 4D")
    assert not model.sync(cards("2S 4D"), laid=False)


def test_staged_cards_stay_staged_until_laid() -> None:
    model = dealt("7S 7H 7D 4C")
    model.take_from_hand([0, 1, 2])
    model.stage(0, cards("7S 7H 7D"), at=0)
    assert model.order == cards("4C") and model.slot_state(0) is None and model.slot_state(1) == "empty"
    model.sync(cards("7S 7H 7D 4C 5C"), laid=False)
    assert model.slots[0] == cards("7S 7H 7D") and model.order == cards("4C 5C")
    model.sync(cards("4C 5C"), laid=True)
    assert model.slots == [[], []]


def test_a_four_of_naturals_lines_up_by_rank_with_the_ace_where_it_fits() -> None:
    model = dealt("AS QS KS JS 10S", contract=(FOUR,))
    model.take_from_hand(range(5))
    model.stage(0, cards("AS QS"), at=0)
    model.stage(0, cards("KS JS"), at=0)
    assert model.slots[0] == cards("JS QS KS AS")
    model.stage(0, cards("10S"), at=4)
    assert model.slots[0] == cards("10S JS QS KS AS") and model.slot_state(0) is None


def test_a_natural_dropped_into_a_four_with_a_joker_goes_where_the_four_is_valid() -> None:
    model = dealt("2D 3D 5D JK 4D", contract=(FOUR,))
    model.take_from_hand(range(5))
    model.stage(0, cards("2D 3D"), at=0)
    model.stage(0, cards("JK"), at=2)
    model.stage(0, cards("5D"), at=1)  # dropped between 2D and 3D: it goes after the joker
    assert model.slots[0] == cards("2D 3D JK 5D") and model.slot_state(0) is None


def test_an_invalid_slot_says_why_with_the_rule() -> None:
    model = dealt("7S 8H 9D")
    model.take_from_hand([0, 1, 2])
    model.stage(0, cards("7S 8H 9D"), at=0)
    state = model.slot_state(0)
    assert isinstance(state, Refusal) and state.rule.startswith("J-2")
    assert model.staged_lay() == Lay.of([(THREE, cards("7S 8H 9D"))])
    assert not model.all_slots_valid()


def test_the_selection_is_lifted_together_and_cards_go_back() -> None:
    model = dealt("2S 3S 4S 5S")
    model.selected |= {1, 3}
    assert model.picked(3) == [1, 3] and model.picked(0) == [0]
    model.take_from_hand([1, 3])
    model.stage(1, cards("3S 5S"), at=0)
    model.unstage(1, 0)
    assert model.order == cards("2S 4S 3S") and model.slots[1] == cards("5S")
    model.insert(0, cards("9H"))
    model.unstage_all()
    assert model.order == cards("9H 2S 4S 3S 5S") and model.slots == [[], []]


def test_a_hinted_lay_fills_the_slots_from_the_hand() -> None:
    model = dealt("7S 7H 7D 9S 9H 9D 4C")
    model.take_from_hand([6])
    model.stage(1, cards("4C"), at=0)
    model.stage_lay(Lay.of([(THREE, cards("7S 7H 7D")), (THREE, cards("9S 9H 9D"))]))
    assert model.slots == [cards("7S 7H 7D"), cards("9S 9H 9D")] and model.order == cards("4C")


def test_a_new_card_goes_to_its_sorted_place_while_the_hand_is_sorted() -> None:
    model = dealt("2S 9S KS 2H 9H")
    assert model.is_sorted() and model.arrival_index(cards("5S")[0]) == 1
    model.sync(cards("2S 9S KS 2H 9H 5S"), laid=False)
    assert model.order == cards("2S 5S 9S KS 2H 9H")
    model.sort("rank")
    model.sync(cards("2S 9S KS 2H 9H 5S 9D"), laid=False)
    assert model.is_sorted()  # 9D went among the nines
    model.order.reverse()  # the player's own order: new cards go to the right end
    assert not model.is_sorted() and model.arrival_index(cards("3C")[0]) == len(model.order)
    model.sync(cards("2S 9S KS 2H 9H 5S 9D 3C"), laid=False)
    assert model.order[-1] == cards("3C")[0]
