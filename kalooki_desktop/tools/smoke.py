"""``kalooki --smoke-test [--lang de]``: the real app, headless: the menu, then every screen it
opens (Statistics and Load, so every file of the data folder is read; both pages of the rules;
Settings; Practice; the guided first hand, a few of its moves), then a new game whose player
seat is played by the hint, frame after frame, then exit 0 (an exception exits 1 with its
traceback). CI and the packaged build run it, in each language."""

from __future__ import annotations

from ..app import FPS, App

#: The screens the smoke test visits from the menu before it starts a game (the guided first
#: hand: its first tips, then back to the menu).
_VISITS = (("stats", "StatisticsScene"), ("load", "LoadScene"), ("rules", "RulesScene"),
           ("settings", "SettingsScene"), ("practice", "PracticeScene"), ("learn", "TableScene"))


class _Player:
    """What the smoke test does in each frame on the scene on show."""

    def __init__(self, app: App, frames: int, screenshot: str | None, seed: int) -> None:
        self.app, self.frames, self.screenshot, self.seed = app, frames, screenshot, seed
        self.seen: set[str] = set()

    def __call__(self, frame: int) -> None:
        from ..scenes.load import LoadScene
        from ..scenes.menu import MenuScene
        from ..scenes.newgame import NewGameScene
        from ..scenes.practice import PracticeScene
        from ..scenes.rules import RulesScene
        from ..scenes.scoreboard import ScoreboardScene
        from ..scenes.settings import SettingsScene
        from ..scenes.statistics import StatisticsScene
        from ..scenes.table import TableScene

        app = self.app
        if self.screenshot and frame == self.frames - 1:
            import pygame

            pygame.image.save(app.screen, self.screenshot)
        top = app.top
        self.seen.add(type(top).__name__)
        if isinstance(top, RulesScene) and not top.british:  # both pages of the rules
            top.show(british=True)
        elif isinstance(top, StatisticsScene | LoadScene | RulesScene | SettingsScene | PracticeScene):
            if frame % 3 == 0:
                app.pop()
        elif isinstance(top, MenuScene) and frame >= 2:
            top.choose(next((k for k, name in _VISITS if name not in self.seen), "new"))
        elif isinstance(top, NewGameScene) and frame >= 4:
            top.begin(self.seed)
        elif isinstance(top, TableScene) and top.session.guided:
            if frame % 2 == 0:
                top.play_hint()
            if frame % 40 == 0:  # a few of its tips seen: on to a game
                app.reset("menu")
        elif isinstance(top, TableScene) and frame % 2 == 0:
            top.play_hint()
        elif isinstance(top, ScoreboardScene) and frame % 5 == 0:
            top.to_menu() if top.final else top.next()


def smoke_test(
    frames: int = 900,
    screenshot: str | None = None,
    seed: int = 2026,
    size: tuple[int, int] | None = None,
    *, persist: bool = False, language: str | None = None,
) -> int:
    """Drive the app for ``frames`` frames (in ``language``, else the settings' own); returns 0
    when nothing went wrong."""
    from ..scenes.menu import MenuScene

    app = App(size or (1280, 800), fullscreen=False)
    if language is not None:
        app.change_language(language)
    app.host.persist = persist  # autosave only into an explicit data folder, never the player's own
    app.save_settings = False  # the smoke test's pace (and language) are not the player's
    app.settings.speed = "instant"
    app.settings.call_wait_s = 1
    player = _Player(app, frames, screenshot, seed)
    app.push(MenuScene(app))
    app.apply_requests()
    app.collector.start()  # the full garbage collections between frames, as App.run makes them
    for frame in range(frames):  # the app's own frame, then the smoke test's player
        if not app.running:
            break
        app.step(app.clock.tick(FPS) / 1000.0)
        player(frame)
    app.shutdown()
    missing = {"MenuScene", "NewGameScene", "TableScene", *(name for _, name in _VISITS)} - player.seen
    if missing:
        raise RuntimeError(f"the smoke test never reached {', '.join(sorted(missing))}")
    import pygame

    pygame.quit()
    print(f"smoke test: {frames} frames, scenes {', '.join(sorted(player.seen))}")
    return 0
