"""The hint thinks on a thread of its own, never on the UI thread: H asks, the table says the
hint is coming and shows it when it is there, a move made meanwhile drops it, and the table never
waits for it."""

from __future__ import annotations

import threading

import pygame
import pytest

from kalooki_desktop.ai import hard
from kalooki_desktop.play.session import Session
from kalooki_desktop.scenes.table import TableScene
from kalooki_desktop.storage.paths import set_data_dir

from .gui import click, key, make_app, run_until, step

HANDS = ["7S 7D 9S 9H KS KH 4C 5C 2S", "7H 3H 5D 6C 8S 10H QD JC AH", "2H 3D 5C 6S 8H 10D QC JS AD",
         "2D 3C 5S 6H 8D 10C QS JH AC"]
STOCK = "6D 8H 3S 4D 10C QH JD AS 4H 2H 6H 8C 9S 5H"


@pytest.fixture
def table(tmp_path, monkeypatch):
    """A table whose game thinks on threads, as in play, with Normal opponents (so the only
    Hard player is the hint's); every Hard decision waits at a gate the test opens, and says on
    which thread it ran."""
    set_data_dir(tmp_path)
    app = make_app((1280, 800))
    scenario = {"levels": ["normal"] * 3, "hands": HANDS, "discard": "2C", "stock": STOCK, "dealer": 3, "seed": 1}
    session = Session.from_scenario(scenario, threaded=True, speed=50, call_wait_ms=0)
    app.host.set_session(session)
    scene = TableScene(app, session)
    app.push(scene)
    step(app, 2)
    run_until(app, lambda: not scene.busy())  # the cards dealt
    gate = threading.Event()
    seen: list[tuple[bool, threading.Event]] = []
    real = hard.HardBot.choose

    def gated(self, view, rng):
        seen.append((threading.current_thread() is threading.main_thread(), self.cancel))
        gate.wait(10)
        return real(self, view, rng)

    monkeypatch.setattr(hard.HardBot, "choose", gated)
    yield app, scene, gate, seen
    gate.set()
    app.shutdown()
    set_data_dir(None)


def test_h_asks_the_table_says_the_hint_is_coming_and_shows_it_when_ready(table):
    app, scene, gate, seen = table
    assert scene.session.prompt() == "pluck"
    key(app, pygame.K_h)  # the frames go on while the hint thinks
    assert app.toast_text == "Hint: thinking…"
    assert scene.hint_action is None
    step(app, 5)
    assert app.toast_text == "Hint: thinking…"
    gate.set()
    run_until(app, lambda: scene.hint_action is not None)
    assert app.toast_text.startswith("Hint: ") and app.toast_text != "Hint: thinking…"
    assert seen and not any(on_ui for on_ui, _ in seen)  # Hard's search never ran on the UI thread
    assert scene.session.advice() is not None and scene.hint_action == scene.session.hint()


def test_a_hint_asked_again_in_the_same_position_is_not_thought_out_twice(table):
    app, scene, gate, seen = table
    gate.set()
    key(app, pygame.K_h)
    run_until(app, lambda: scene.hint_action is not None)
    key(app, pygame.K_h)
    step(app)
    assert len(seen) == 1 and scene.hint_action is not None


def test_a_move_made_while_the_hint_thinks_drops_it(table):
    app, scene, gate, seen = table
    key(app, pygame.K_h)
    assert app.toast_text == "Hint: thinking…"
    click(app, scene.layout.stock.center)  # the player plucks before the hint is there
    assert scene.session.prompt() == "play"
    assert seen and seen[0][1].is_set()  # the search under way is told to stop
    gate.set()
    step(app, 30)
    assert scene.hint_action is None and not app.toast_text.startswith("Hint: ")
    key(app, pygame.K_h)  # the new position's hint
    run_until(app, lambda: scene.hint_action is not None)
    assert scene.hint_action == scene.session.hint()


def test_the_hint_plays_in_headless_runs_once_it_is_there(table):
    app, scene, gate, _ = table
    assert not scene.play_hint()  # asked; thinking
    assert scene.session.prompt() == "pluck"
    gate.set()
    run_until(app, scene.play_hint)
    assert scene.session.prompt() == "play"
