"""Helpers for the tests of saved games: play a game on, write a save, edit one as anyone can."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kalooki_desktop.play.session import GameSetup, Session
from kalooki_desktop.storage import saves


def play(session: Session, actions: int) -> None:
    """Advance a game by about ``actions`` applied actions (the player's seat by the hint)."""
    now = 0.0
    target = len(session.match.actions) + actions
    while len(session.match.actions) < target and not session.over:
        now += 5000
        session.autoplay(now)


def good_save(name: str, seed: int = 3, actions: int = 40) -> Path:
    """A save called ``name`` of a game of three Normals played ``actions`` actions on."""
    session = Session(GameSetup(("normal", "normal", "normal"), seed=seed), threaded=False, speed=1000)
    play(session, actions)
    path = saves.saves_dir() / f"{name}.json"
    saves.save(session, path, name)
    return path


def resign(path: Path, change: Callable[[dict[str, Any]], object]) -> None:
    """Edit a save and compute its checksum again, as anyone can (a plain SHA-256)."""
    doc = json.loads(path.read_text())
    change(doc)
    doc["checksum"] = saves.checksum(doc)
    path.write_text(json.dumps(doc))
