"""Shared test set-up: headless SDL, and the judge as the quickest way to set up any position."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# SDL would install its own SIGINT/SIGTERM handlers: keep Python's, so a CI timeout stops the suite.
os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")
