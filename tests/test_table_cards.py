"""The player's cards at the table: the hand sorted as the game ranks its aces, and a four in a
staging slot lined up where the cards make it valid."""

from __future__ import annotations

import pygame
import pytest

from kalooki_desktop.engine.cards import cards_text

from .gui import click, drag, hand_pos, key, table_at

PLAIN = ["2S 3H 5D 6C 8S 10H QD JC AH", "2H 3D 5C 6S 8H 10D QC JS AD", "2D 3C 5S 6H 8D 10C QS JH AC"]
DESMOND = "5H JK 7H KS KH KC 2C 3C 4D 9D 10C JC AD"
MARCIA = "2S 3S 4H 6D 8D 10D JS 4S 9H JH 2D 8S AC"


@pytest.mark.parametrize(("preset", "high"), [("british40", True), ("kalooki51", False), ("jamaican", False)])
def test_the_hand_sorts_aces_high_only_where_the_ace_is_high_only(app, preset, high):
    """Kalooki 40 ranks the ace high only (B-2): its aces sort above the kings, by suit and by
    rank. Kalooki 51 and the Jamaican game take the ace low or high: it sorts below the two."""
    you = "AH 2H KH 9S AS 5D 6D 7D 3C 4C QH JD 10S"
    if preset == "jamaican":
        scene = table_at(app, [you, *PLAIN], discard="2C", stock="7C 6D 8H 3S 4D 10C")
    else:
        scene = table_at(app, [you, DESMOND, MARCIA], discard="5C", stock="7D 5C AS 6H 3H", dealer=2,
                         preset=preset, levels=("normal", "normal"))
    hearts = [c for c in cards_text(scene.model.order) if c.endswith("H")]
    assert hearts == (["2H", "QH", "KH", "AH"] if high else ["AH", "2H", "QH", "KH"])
    key(app, pygame.K_s)  # by rank
    order = cards_text(scene.model.order)
    assert (order[-2:] if high else order[:2]) == ["AS", "AH"], order
    key(app, pygame.K_s)  # by suit again
    assert [c for c in cards_text(scene.model.order) if c.endswith("H")] == hearts


def test_a_joker_staged_before_the_naturals_moves_to_the_gap_that_makes_the_four(app):
    """4♦ and a joker in a four slot, then A♦ and 2♦: the slot lines up A♦ 2♦ JK 4♦, the joker in
    the gap, the one place that makes a four (J-2.3, J-2.5), and is ready to lay."""
    hand2 = "4D JK AD 2D 9H 9D 9C KS KH KD 4C"
    scene = table_at(app, [hand2, *PLAIN], discard="2C", stock="7S JK 8H 3S 4D 10C", hand=2)
    click(app, scene.layout.stock.center)
    four = scene.model.slot_kinds.index(4)
    box = scene.layout.slots[four]
    for card in ("4D", "JK", "AD", "2D"):
        drag(app, hand_pos(scene, card), (box.right - 12, box.centery))  # each at the right end
    assert cards_text(scene.model.slots[four]) == ["AD", "2D", "JK", "4D"]
    assert scene.model.slot_state(four) is None
