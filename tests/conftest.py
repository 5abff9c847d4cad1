"""Shared test set-up: headless SDL, and the judge as the quickest way to set up any position."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# SDL would install its own SIGINT/SIGTERM handlers: keep Python's, so a CI timeout stops the suite.
os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")
# The game follows the system's language on a first start: the tests read English whatever the
# machine speaks (a test of another language sets it).
os.environ["LANGUAGE"] = "en"


@pytest.fixture
def app(tmp_path):
    """A headless game window whose data folder is the test's own (a test file may define its
    own ``app``)."""
    from kalooki_desktop.storage.paths import set_data_dir

    from .gui import make_app

    set_data_dir(tmp_path)
    a = make_app()
    yield a
    a.shutdown()
    set_data_dir(None)
