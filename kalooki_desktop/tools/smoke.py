"""``kalooki --smoke-test``: the real app, headless: the menu, the Statistics and Load screens
(so every file of the data folder is read), then a new game whose player seat is played by the
hint, frame after frame, then exit 0 (an exception exits 1 with its traceback). CI and the
packaged build run it."""

from __future__ import annotations

from ..app import FPS, App


def smoke_test(
    frames: int = 900,
    screenshot: str | None = None,
    seed: int = 2026,
    size: tuple[int, int] | None = None,
    *, persist: bool = False,
) -> int:
    """Drive the app for ``frames`` frames; returns 0 when nothing went wrong."""
    from ..scenes.load import LoadScene
    from ..scenes.menu import MenuScene
    from ..scenes.newgame import NewGameScene
    from ..scenes.scoreboard import ScoreboardScene
    from ..scenes.statistics import StatisticsScene
    from ..scenes.table import TableScene

    app = App(size or (1280, 800), fullscreen=False)
    app.host.persist = persist  # autosave only into an explicit data folder, never the player's own
    app.save_settings = False  # the smoke test's pace is not the player's
    app.settings.speed = "instant"
    app.settings.call_wait_s = 1
    seen: set[str] = set()

    def drive(app: App, frame: int) -> None:
        if screenshot and frame == frames - 1:
            import pygame

            pygame.image.save(app.screen, screenshot)
        top = app.top
        seen.add(type(top).__name__)
        if isinstance(top, StatisticsScene | LoadScene) and frame % 3 == 0:
            app.pop()
        elif isinstance(top, MenuScene) and frame >= 2:
            visit = next((k for k, name in _VISITS if name not in seen), "new")
            top.choose(visit)
        elif isinstance(top, NewGameScene) and frame >= 4:
            top.begin(seed)
        elif isinstance(top, TableScene) and frame % 2 == 0:
            top.play_hint()
        elif isinstance(top, ScoreboardScene) and frame % 5 == 0:
            if top.final:
                top.to_menu()
            else:
                top.next()

    app.push(MenuScene(app))
    app.apply_requests()
    for frame in range(frames):  # the app's own frame, then the smoke test's player
        if not app.running:
            break
        app.step(app.clock.tick(FPS) / 1000.0)
        drive(app, frame)
    app.shutdown()
    missing = {"MenuScene", "StatisticsScene", "LoadScene", "NewGameScene", "TableScene"} - seen
    if missing:
        raise RuntimeError(f"the smoke test never reached {', '.join(sorted(missing))}")
    import pygame

    pygame.quit()
    print(f"smoke test: {frames} frames, scenes {', '.join(sorted(seen))}")
    return 0


#: The screens the smoke test visits from the menu before it starts a game.
_VISITS = (("stats", "StatisticsScene"), ("load", "LoadScene"))
