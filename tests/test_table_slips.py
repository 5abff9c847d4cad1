"""Slips at the table: the Take back button and Ctrl+Z, and the question before a double-click
discards a card the contract needs (with its setting)."""

from __future__ import annotations

import pygame
import pytest

from kalooki_desktop.engine.actions import Discard, TakeBack
from kalooki_desktop.engine.cards import parse_cards
from kalooki_desktop.engine.rules import THREE
from kalooki_desktop.play.session import Session
from kalooki_desktop.scenes.table import TableScene
from kalooki_desktop.scenes.table.words import log_lines
from kalooki_desktop.storage.paths import set_data_dir
from kalooki_desktop.storage.settings import Settings

from .gui import click, drag, hand_pos, jamaican, key, post, press_button, step, table_at

LAYER = "7S 7H 7D 9S 9H 9D KS KH KD 4C"
PLAIN = ["2S 3H 5D 6C 8S 10H QD JC AH", "2H 3D 5C 6S 8H 10D QC JS AD", "2D 3C 5S 6H 8D 10C QS JH AC"]
#: Seat 0 holds two threes and a pair: the third 5 is missing, 2C and 4C are loose.
BUILDING = "7S 7H 7D 9S 9H 9D 5S 5H 2C 4C"


def double_click(app, pos: tuple[int, int]) -> None:
    click(app, pos)
    click(app, pos)


def ctrl_z(app) -> None:
    post(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="", scancode=0)
    post(pygame.KEYUP, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="", scancode=0)
    step(app, 2)


def lay_by_hint(app, scene: TableScene) -> None:
    key(app, pygame.K_h)  # the hint puts the contract into the slots
    press_button(app, scene.controls.lay)
    assert jamaican(scene.session).hand.laid[0]


def test_the_take_back_button_shows_only_while_there_is_something_to_take_back(app):
    scene = table_at(app, [LAYER, *PLAIN], discard="2C", stock="7C 6D 8H 3S 4D 10C")
    s = scene.session
    assert not scene.controls.shown("take_back")  # before the pluck
    click(app, scene.layout.stock.center)
    step(app)
    assert s.prompt() == "play" and not scene.controls.shown("take_back")  # nothing played yet
    lay_by_hint(app, scene)
    step(app, 2)
    assert scene.controls.shown("take_back") and scene.layout.staging is None
    press_button(app, scene.controls.take_back)
    step(app, 2)
    hand = jamaican(s).hand
    assert not hand.laid[0] and hand.table == [] and len(hand.hands[0]) == 11
    assert not scene.controls.shown("take_back")
    # The melds taken back stand in the slots as they were laid, ready to change and lay again.
    assert scene.layout.staging is not None
    assert sorted(c for slot in scene.model.slots for c in slot) == sorted(parse_cards("7S 7H 7D 9S 9H 9D KS KH KD"))
    assert scene.model.slot_kinds == [THREE, THREE, THREE] and scene.lay_refusal() is None
    assert "Taken back" in app.toast_text
    press_button(app, scene.controls.lay)
    assert hand.laid[0]
    drag(app, hand_pos(scene, "4C"), scene.layout.pile.center)
    step(app, 2)
    assert not scene.controls.shown("take_back")  # the discard commits


def test_ctrl_z_takes_back_and_a_refused_take_back_says_why(app):
    scene = table_at(app, [LAYER, *PLAIN], discard="2C", stock="7C 6D 8H 3S 4D 10C")
    s = scene.session
    ctrl_z(app)
    assert "J-4" in app.toast_text and "pluck" in app.toast_text  # nothing before the pluck
    click(app, scene.layout.stock.center)
    ctrl_z(app)
    assert "Nothing to take back" in app.toast_text
    lay_by_hint(app, scene)
    ctrl_z(app)
    assert not jamaican(s).hand.laid[0] and s.match.actions[-1][1] == TakeBack()
    assert not any("laid" in text for _, text in log_lines(s, ended=False))  # the log tells what stands


def test_a_double_click_discard_of_a_card_the_contract_needs_asks_once(app):
    scene = table_at(app, [BUILDING, *PLAIN], discard="KC", stock="JD 6D 8H 3S 4D 10C")
    s = scene.session
    click(app, scene.layout.stock.center)  # the JD
    step(app, 25)
    double_click(app, hand_pos(scene, "5S"))
    dialog = scene.slips.dialog
    assert scene.slips.asking() and dialog is not None
    assert "Discard the 5♠? Your three needs it" in dialog.confirmation_text.html_text
    assert s.prompt() == "play" and parse_cards("5S")[0] in s.match.hand.hands[0]
    key(app, pygame.K_n)  # keep it
    assert not scene.slips.asking() and parse_cards("5S")[0] in s.match.hand.hands[0]
    step(app, 25)
    double_click(app, hand_pos(scene, "5S"))  # asked once for this card this turn: it goes
    assert not scene.slips.asking() and s.match.hand.discard_top == parse_cards("5S")[0]


def test_enter_confirms_and_a_card_the_contract_does_not_need_goes_at_once(app):
    scene = table_at(app, [BUILDING, *PLAIN], discard="KC", stock="JD 6D 8H 3S 4D 10C")
    s = scene.session
    click(app, scene.layout.stock.center)
    step(app, 25)
    double_click(app, hand_pos(scene, "9S"))
    assert scene.slips.asking()
    key(app, pygame.K_RETURN)
    assert not scene.slips.asking() and s.match.hand.discard_top == parse_cards("9S")[0]
    scene2 = table_at(app, [BUILDING, *PLAIN], discard="KC", stock="JD 6D 8H 3S 4D 10C")
    click(app, scene2.layout.stock.center)
    step(app, 25)
    double_click(app, hand_pos(scene2, "JD"))  # nothing needs the JD
    assert not scene2.slips.asking() and scene2.session.match.hand.discard_top == parse_cards("JD")[0]


def discarded(session: Session) -> int | None:
    """The card the player last discarded (the next players may already have taken it)."""
    return next((mv.action.card for mv in reversed(session.moves)
                 if mv.seat == 0 and isinstance(mv.action, Discard)), None)


def test_a_needed_card_dragged_to_the_pile_or_with_the_setting_off_goes_without_a_question(app):
    scene = table_at(app, [BUILDING, *PLAIN], discard="KC", stock="JD 6D 8H 3S 4D 10C")
    click(app, scene.layout.stock.center)
    drag(app, hand_pos(scene, "5S"), scene.layout.pile.center)  # a drag is deliberate
    assert not scene.slips.asking() and discarded(scene.session) == parse_cards("5S")[0]
    app.settings.ask_needed_discard = False
    scene2 = table_at(app, [BUILDING, *PLAIN], discard="KC", stock="JD 6D 8H 3S 4D 10C")
    click(app, scene2.layout.stock.center)
    step(app, 25)
    double_click(app, hand_pos(scene2, "7S"))
    assert not scene2.slips.asking() and discarded(scene2.session) == parse_cards("7S")[0]


def test_the_setting_is_kept_and_a_bad_value_falls_back_to_asking(tmp_path):
    set_data_dir(tmp_path)
    try:
        settings, bad = Settings.from_dict({"ask_needed_discard": False})
        assert settings.ask_needed_discard is False and not bad
        settings, bad = Settings.from_dict({"ask_needed_discard": "no"})
        assert settings.ask_needed_discard is True and bad == ["ask_needed_discard"]
    finally:
        set_data_dir(None)


BRITISH = ["QS QH QD 6C 7C 8C 2D 5H 9S 9H JK 3C 4D", "2S 3S 4S 5S KD KH KC 10H 10D 7S 8D 9D AH",
           "AS AD 2H 3H 4H 6S 7H 8H 10S JS JH 5D 6D"]


def test_a_british_opening_taken_back_goes_back_into_the_free_slots(app):
    from kalooki_desktop.engine.actions import parse_action

    scene = table_at(app, BRITISH, discard="8S", stock="JD 4C 5C", dealer=2, preset="british40",
                     levels=("normal", "normal"))
    s = scene.session
    click(app, scene.layout.stock.center)  # the JD
    lay = parse_action("lay three QS QH QD | four 6C 7C 8C")
    scene.model.stage_lay(lay)  # type: ignore[arg-type]
    step(app, 2)
    press_button(app, scene.controls.lay)
    step(app, 2)
    assert s.match.hand.opened[0] and scene.controls.shown("take_back")  # type: ignore[attr-defined]
    press_button(app, scene.controls.take_back)
    step(app, 2)
    assert not s.match.hand.opened[0] and s.match.hand.table == []  # type: ignore[attr-defined]
    staged = [sorted(slot) for slot in scene.model.slots if slot]
    assert staged == [sorted(parse_cards("QS QH QD")), sorted(parse_cards("6C 7C 8C"))]
    assert not scene.controls.shown("take_back")


def test_settings_turn_the_question_off_and_on(app):
    import pygame_gui

    from kalooki_desktop.scenes.settings import SettingsScene

    scene = SettingsScene(app)
    app.push(scene)
    step(app, 2)
    assert scene.ask_discard.is_checked and app.settings.ask_needed_discard
    click(app, scene.ask_discard.rect.center)
    assert not app.settings.ask_needed_discard
    post(pygame_gui.UI_CHECK_BOX_CHECKED, ui_element=scene.ask_discard)
    step(app, 2)
    assert app.settings.ask_needed_discard


@pytest.mark.parametrize("answer", ["confirm", "cancel"])
def test_the_question_s_buttons_discard_or_keep_the_card(app, answer):
    scene = table_at(app, [BUILDING, *PLAIN], discard="KC", stock="JD 6D 8H 3S 4D 10C")
    s = scene.session
    click(app, scene.layout.stock.center)
    step(app, 25)
    double_click(app, hand_pos(scene, "5H"))
    dialog = scene.slips.dialog
    assert dialog is not None and scene.slips.asking()
    click(app, (dialog.confirm_button if answer == "confirm" else dialog.cancel_button).rect.center)
    step(app, 2)
    assert not scene.slips.asking()
    assert ((0, "discard 5H") in s.match.action_texts()) == (answer == "confirm")


def test_before_coming_out_a_card_the_opening_needs_asks_first_in_british_kalooki(app):
    hands = ["QS QH QD 6C 7C 8C 2D 5H 9S 3H 10D 3C 4D", *BRITISH[1:]]
    scene = table_at(app, hands, discard="8S", stock="JD 4C 5C", dealer=2, preset="british40",
                     levels=("normal", "normal"))
    click(app, scene.layout.stock.center)
    step(app, 25)
    double_click(app, hand_pos(scene, "7C"))  # QQQ and 6-7-8 make 51; QQQ alone 30
    dialog = scene.slips.dialog
    assert scene.slips.asking() and dialog is not None
    assert "Your opening needs it" in dialog.confirmation_text.html_text
    key(app, pygame.K_ESCAPE)
    assert not scene.slips.asking()
    step(app, 25)
    double_click(app, hand_pos(scene, "2D"))  # the opening does without it
    assert not scene.slips.asking() and (0, "discard 2D") in scene.session.match.action_texts()
