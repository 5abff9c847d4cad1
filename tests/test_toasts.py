"""When the table's messages leave: a refusal or a hint is about the position it was given in
and leaves once the game moves on or the player acts; no message of the table is carried onto
another scene; messages about files and saving stay their time on any scene."""

from __future__ import annotations

import pygame
import pytest

from kalooki_desktop.engine.actions import Discard, PluckStock
from kalooki_desktop.engine.cards import parse_cards
from kalooki_desktop.storage.paths import set_data_dir
from kalooki_desktop.ui.toast import Toasts

from .gui import make_app, post, step, table_at

HANDS = ["7S 7D 9S 9H KS KH 4C 5C 2S", "7H 3H 5D 6C 8S 10H QD JC AH", "2H 3D 5C 6S 8H 10D QC JS AD",
         "2D 3C 5S 6H 8D 10C QS JH AC"]
STOCK = "6D 8H 3S 4D 10C QH JD AS 4H 2H 6H 8C 9S 5H"


@pytest.fixture
def table(tmp_path):
    set_data_dir(tmp_path)
    app = make_app((1280, 800))
    scene = table_at(app, HANDS, discard="2C", stock=STOCK)
    assert scene.session.prompt() == "pluck"
    yield app, scene
    app.shutdown()
    set_data_dir(None)


def refuse_a_discard(app, scene) -> None:
    """The player discards before drawing: refused, with a toast."""
    assert not scene.submit(Discard(parse_cards("2S")[0]))
    step(app)
    assert app.toasts.on_show(app.now_ms) and app.toast_text


def test_a_refusal_leaves_once_the_game_moves_on(table):
    app, scene = table
    refuse_a_discard(app, scene)
    assert scene.submit(PluckStock())
    step(app)
    assert app.toast_text == ""


def test_a_refusal_and_a_hint_leave_when_the_player_presses_a_key_or_a_button(table):
    app, scene = table
    refuse_a_discard(app, scene)
    post(pygame.MOUSEBUTTONDOWN, pos=(5, 400), button=1)
    step(app)
    assert app.toast_text == ""
    scene.show_hint()
    step(app)
    assert app.toast_text.startswith("Hint")
    post(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="", scancode=0)
    step(app)
    assert app.toast_text == ""


def test_no_message_of_the_table_is_carried_onto_another_scene(table):
    app, _scene = table
    app.toast("a coach's note", "coach", 8)
    step(app)
    assert app.toast_text
    app.push("rules")
    step(app, 2)
    assert app.toast_text == ""


def test_a_message_about_saving_stays_on_the_next_scene(table):
    app, _scene = table
    app.toast("Saved", scope="lasting")
    app.push("rules")
    step(app, 2)
    assert app.toast_text == "Saved" and app.toasts.on_show(app.now_ms)


class CountingSounds:
    """Sounds that only count what they are asked to play."""

    def __init__(self) -> None:
        self.played: list[str] = []

    def play(self, name: str, volume: float = 1.0) -> None:
        self.played.append(name)


def _toasts_with_a_notice() -> tuple[Toasts, CountingSounds]:
    pygame.init()
    sounds = CountingSounds()
    toasts = Toasts(sounds)  # type: ignore[arg-type]
    toasts.notices.append("A damaged file was moved aside")
    return toasts, sounds


def test_drawing_the_toasts_changes_nothing():
    toasts, sounds = _toasts_with_a_notice()
    surface = pygame.Surface((1280, 800))

    def state() -> dict[str, object]:
        return dict(vars(toasts), notices=list(toasts.notices), box=pygame.Rect(toasts.box))

    before = state()
    toasts.draw(surface)
    toasts.draw(surface)
    assert state() == before and toasts.notices and sounds.played == []
    toasts.update(0.0, surface.get_size())
    shown, played = state(), list(sounds.played)
    toasts.draw(surface)
    toasts.draw(surface)
    assert state() == shown and sounds.played == played


def test_a_notice_starts_showing_on_the_update_with_its_sound_once():
    toasts, sounds = _toasts_with_a_notice()
    surface = pygame.Surface((1280, 800))
    for now in (0.0, 16.0, 32.0):
        toasts.update(now, surface.get_size())
        toasts.draw(surface)
        toasts.draw(surface)
    assert toasts.text == "A damaged file was moved aside" and toasts.notices == []
    assert sounds.played == ["refused"]
    assert toasts.box.w > 0 and surface.get_rect().contains(toasts.box)
