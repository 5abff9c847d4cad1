"""Render the screenshots of every player's game under docs/screenshots: in each language (en,
de, nl, fi) the guided first hand at 200% interface size (a 2560x1600 window) with the keyboard's
focus on a card in the hand, at its tip for the moment, and its end; and the guided hand's tips
in English at 1280x800 (pluck, build, call, allow, lay, tack) (headless, deterministic).
``python scripts/screenshots_guided.py [DIR]``."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from kalooki_desktop.app import App
from kalooki_desktop.play.guide import follow
from kalooki_desktop.storage.paths import set_data_dir

LANGUAGES = ("en", "de", "nl", "fi")


def press(app: App, key: int) -> None:
    """A key pressed and let go, and the frames that show it."""
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0))
    for _ in range(3):
        app.step(1 / 60)


def guided(folder: Path, size: tuple[int, int], language: str, *, scale: int, moments: tuple[str, ...],
           name: str) -> None:
    """The guided hand in ``language`` at ``size`` and interface ``scale``: a screenshot at the
    first tip of each of ``moments`` (named ``name`` with the moment), and its end."""
    from kalooki_desktop.scenes.table import TableScene

    set_data_dir(tempfile.mkdtemp())
    app = App(size, fullscreen=False)
    app.host.persist, app.host.threaded_games = False, False
    app.settings.speed, app.settings.interface_scale = "fast", scale
    app.apply_look()
    app.change_language(language)
    app.reset("menu")
    app.push("table", app.host.play_guided())
    for _ in range(240):  # the deal lands
        app.step(1 / 60)
    table = app.top
    assert isinstance(table, TableScene) and table.guide is not None
    session, done = table.session, set()
    for _ in range(20_000):
        if session.over:
            break
        app.step(1 / 60)
        tip = table.guide.tip
        if tip is None or session.prompt() is None or table.busy() or table.choreo.flights:
            continue
        if tip.moment in moments and tip.moment not in done:
            done.add(tip.moment)
            if tip.moment == "build":  # the keyboard's focus on the hand, one card picked up
                while not table.keys.shown or table.keys.focus.area != "hand":
                    press(app, pygame.K_TAB)
                for _ in range(3):
                    press(app, pygame.K_RIGHT)
                press(app, pygame.K_SPACE)
                press(app, pygame.K_RIGHT)
            app.toasts.text = ""  # (the last screenshot's toast)
            app.step(1 / 60)
            app.screenshot(folder / name.format(moment=tip.moment))
            table.model.selected.clear()
            continue  # the next frame acts on the tip as it stands then
        session.submit(follow(session, tip))
    for _ in range(1200):
        app.step(1 / 60)
        if type(app.top).__name__ == "GuideResultScene":
            break
    app.toasts.text = ""
    for _ in range(3):
        app.step(1 / 60)
    app.screenshot(folder / name.format(moment="end"))
    app.shutdown()


def main(out: str = "docs/screenshots") -> None:
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    for language in LANGUAGES:
        guided(folder, (2560, 1600), language, scale=200, moments=("build",),
               name=f"guided-{language}-200-{{moment}}.png")
    guided(folder, (1280, 800), "en", scale=0, moments=("pluck", "call", "allow", "lay", "tack"),
           name="guided-{moment}.png")


if __name__ == "__main__":
    main(*sys.argv[1:])
