"""Cards, decks and penalty values: J-1.1, J-1.2, J-1.3 (and J-V5, J-V10)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kalooki_desktop.engine.cards import (
    JOKER,
    card_label,
    card_text,
    deck_size,
    make_card,
    new_deck,
    parse_card,
    penalty,
)
from kalooki_desktop.engine.match import Match
from kalooki_desktop.engine.rules import make_rules

from .helpers import judge

ALL_CARDS = [JOKER] + [make_card(r, s) for r in range(1, 14) for s in range(4)]


@given(st.sampled_from(ALL_CARDS))
def test_notation_round_trips(card: int) -> None:
    assert parse_card(card_text(card)) == card


@pytest.mark.parametrize("text", ["", "1S", "11H", "7X", "JKR", "AS ", "10"])
def test_bad_notation_is_refused_clearly(text: str) -> None:
    if text == "AS ":
        assert card_text(parse_card(text)) == "AS"
        return
    with pytest.raises(ValueError, match="not a card"):
        parse_card(text)


def test_labels_use_suit_symbols() -> None:
    assert card_label(parse_card("10H")) == "10♥"
    assert card_label(JOKER) == "Joker"


@pytest.mark.parametrize(
    ("players", "cards", "jokers"),
    [(3, 108, 4), (4, 108, 4), (5, 164, 8), (6, 164, 8), (7, 218, 10), (8, 218, 10)],
)
def test_j_1_2_packs_and_jokers_by_players(players: int, cards: int, jokers: int) -> None:
    assert judge("deck", players=players) == {"cards": cards, "jokers": jokers}
    deck = new_deck(players)
    assert len(deck) == cards and deck.count(JOKER) == jokers


def test_j_v10_five_or_six_jokers_for_three_or_four_players() -> None:
    assert judge("deck", variants=("J-V10",), players=4) == {"cards": 110, "jokers": 6}
    assert judge("deck", variants=("J-V10:5",), players=3) == {"cards": 109, "jokers": 5}
    assert judge("deck", variants=("J-V10",), players=5) == {"cards": 164, "jokers": 8}


@pytest.mark.parametrize("players", [2, 9])
def test_j_1_1_three_to_eight_players(players: int) -> None:
    assert judge("deck", players=players)["rule"] == "J-1.1"
    with pytest.raises(ValueError, match=r"J-1\.1"):
        deck_size(players)
    with pytest.raises(ValueError, match=r"J-1\.1"):
        Match(make_rules(), players, seed=1)


def test_j_1_3_penalty_values() -> None:
    assert judge("penalty", cards=["JK"]) == {"points": 50}
    assert judge("penalty", cards=["AS", "AC"]) == {"points": 30}
    assert judge("penalty", cards=["AH", "AD"]) == {"points": 2}
    assert judge("penalty", cards=["KS", "QH", "JD", "10C"]) == {"points": 40}
    assert judge("penalty", cards=[f"{r}S" for r in range(2, 10)]) == {"points": sum(range(2, 10))}
    assert judge("penalty", cards=[]) == {"points": 0}


def test_j_v5_joker_penalty_25() -> None:
    assert judge("penalty", variants=("J-V5",), cards=["JK", "JK", "2S"]) == {"points": 52}
    assert penalty(JOKER, 25) == 25
