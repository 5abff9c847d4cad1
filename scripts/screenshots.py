"""Render the screenshots under docs/screenshots: menu, new game, a mid-game table in hand 7,
the moment it ends, the scoreboard (four and eight players) and the rules (headless, deterministic).
``python scripts/screenshots.py [DIR] [WIDTHxHEIGHT]``."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from kalooki_desktop.app import App
from kalooki_desktop.session import GameSetup, Session
from kalooki_desktop.storage.paths import set_data_dir


def advance(session: Session, until: Callable[[Session], bool]) -> None:
    """Play the game (the player's seat by the hint) until ``until(session)`` holds."""
    now = 0.0
    for _ in range(200_000):
        if until(session):
            return
        now += 5000
        session.autoplay(now)
    raise RuntimeError("never got there")


def main(out: str = "docs/screenshots", size: str = "1280x800") -> None:
    from kalooki_desktop.scenes.menu import MenuScene
    from kalooki_desktop.scenes.newgame import NewGameScene
    from kalooki_desktop.scenes.rules import RulesScene
    from kalooki_desktop.scenes.scoreboard import ScoreboardScene
    from kalooki_desktop.scenes.table import TableScene

    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    set_data_dir(tempfile.mkdtemp())
    w, h = (int(v) for v in size.split("x"))
    app = App((w, h), fullscreen=False)
    app.persist = False

    def shot(name: str, frames: int = 3) -> None:
        for _ in range(frames):
            app.step(1 / 60)
        app.screenshot(folder / name)
        app.toast_text = ""

    app.push(MenuScene(app))
    shot("menu.png")
    app.push(NewGameScene(app))
    shot("new-game.png")
    app.pop()
    app.push(RulesScene(app))
    shot("rules.png")
    app.pop()

    session = Session(GameSetup(("normal", "normal", "easy"), seed=7), threaded=False, speed=1000)
    app.set_session(session)

    def mid_hand7(s: Session) -> bool:
        hand = s.match.hand
        return s.match.hand_number == 7 and len(hand.table) >= 6 and s.prompt() == "play"

    advance(session, mid_hand7)
    table = TableScene(app, session)
    app.push(table)
    app.step(1 / 60)
    table.show_hint()
    shot("table-hand7.png")

    results = len(session.match.results)
    advance(session, lambda s: len(s.match.results) > results and not s.match.results[-1].void)
    for _ in range(600):  # the last cards land, then the table holds the ended hand
        app.step(1 / 60)
        if table.ending.held is not None and not table.choreo.flights:
            break
    shot("going-out.png")
    table.end_outro()
    shot("scoreboard.png")
    app.pop()
    advance(session, lambda s: s.over)
    app.push(ScoreboardScene(app, session, session.match.results[-1]))
    shot("final.png")
    app.pop()

    eight = Session(GameSetup(("normal",) * 4 + ("easy",) * 3, seed=5), threaded=False, speed=1000)
    app.set_session(eight)
    advance(eight, lambda s: any(not r.void for r in s.match.results))
    app.push(ScoreboardScene(app, eight, eight.match.results[-1]))
    shot("scoreboard-8.png")
    app.shutdown()


if __name__ == "__main__":
    main(*sys.argv[1:])
