"""The full garbage collections the game makes itself, between frames, when nothing moves."""

from __future__ import annotations

import gc

import pygame
import pytest

from kalooki_desktop.ui import collector as coll
from kalooki_desktop.ui.collector import Collector

from .gui import step, table_at
from .helpers import PLAIN


class Counts:
    """``gc.get_count`` and ``gc.collect`` as the collector sees them."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.young = 0
        self.collected = 0
        monkeypatch.setattr(gc, "get_count", lambda: (0, 0, self.young))

        def collect(generation: int = 2) -> int:
            self.collected += 1
            self.young = 0
            return 0

        monkeypatch.setattr(gc, "collect", collect)


def test_the_game_takes_the_full_collections_over_while_it_runs_and_gives_them_back() -> None:
    before = gc.get_threshold()
    c = Collector()
    c.start()
    try:
        assert gc.get_threshold() == (before[0], before[1], coll.OFF)
    finally:
        c.stop()
    assert gc.get_threshold() == before


def test_a_full_collection_waits_for_a_screen_at_rest_without_input(monkeypatch) -> None:
    counts = Counts(monkeypatch)
    c = Collector()
    c.start()
    try:
        counts.young = coll.FEWEST_YOUNG
        c.saw(pygame.MOUSEBUTTONDOWN, 1000.0)
        assert not c.step(1000.0 + coll.REST_MS - 1, at_rest=True)  # a press a moment ago
        assert not c.step(5000.0, at_rest=False)  # a card in flight or in the hand
        c.saw(pygame.MOUSEMOTION, 4990.0)  # the pointer moving over the table is no input
        assert c.step(5000.0, at_rest=True) and counts.collected == 1 and c.made == 1
        assert not c.step(9000.0, at_rest=True)  # nothing young to collect
        counts.young = coll.MOST_YOUNG  # a player who never lets go
        assert c.step(9000.0, at_rest=False) and counts.collected == 2
    finally:
        c.stop()
    counts.young = coll.MOST_YOUNG
    assert not c.step(9000.0, at_rest=True)  # stopped: Python's own again


def test_the_table_is_at_rest_only_with_no_card_held_or_flying(app, monkeypatch) -> None:
    you = "7S 7H 7D 9S 9H 9D KS KH 4C"
    scene = table_at(app, [you, *PLAIN], discard="2C", stock="7C 6D 8H 3S 4D 10C")
    assert scene.at_rest()
    scene.choreo.flights.append(object())  # type: ignore[arg-type]
    assert not scene.at_rest()
    scene.choreo.flights.clear()
    counts = Counts(monkeypatch)
    app.collector.start()
    try:
        counts.young = coll.FEWEST_YOUNG
        app.now_ms += coll.REST_MS
        step(app)
        assert counts.collected == 1
    finally:
        app.collector.stop()


def test_a_whole_screen_that_leaves_the_window_is_collected_at_once_and_a_dialog_is_not(
    app, monkeypatch
) -> None:
    from kalooki_desktop.app import Scene

    class Dialog(Scene):
        transparent = True

    counts = Counts(monkeypatch)
    app.push(Scene(app))
    app.apply_requests()
    app.collector.start()
    try:
        app.push(Dialog(app))  # a dialog over the screen: the screen stays in the window
        app.apply_requests()
        app.pop()
        app.apply_requests()
        assert counts.collected == 0
        app.push(Scene(app))  # a whole screen over it: the one below leaves the window
        app.apply_requests()
        assert counts.collected == 1 and app.collector.made == 1
        app.pop()  # and back: the covering screen is closed
        app.apply_requests()
        assert counts.collected == 2
        app.reset(Scene(app))  # both go, one collection for the change
        app.apply_requests()
        assert counts.collected == 3
    finally:
        app.collector.stop()
    app.push(Scene(app))
    app.apply_requests()
    assert counts.collected == 3  # stopped: Python's own again
