"""Start Kalooki: ``python -m kalooki_desktop`` and the ``kalooki`` command."""

from __future__ import annotations

import argparse
import os
import sys
import traceback
from collections.abc import Sequence

from . import __version__
from .i18n import languages


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line."""
    p = argparse.ArgumentParser(prog="kalooki",
                                description="Jamaican and British Kalooki against computer opponents")
    p.add_argument("--version", action="version", version=f"kalooki {__version__}")
    p.add_argument(
        "--data-dir", metavar="PATH", help="where saves and settings live (default: the user data folder)"
    )
    p.add_argument("--size", metavar="WxH", help="window size, e.g. 1280x800")
    p.add_argument("--fullscreen", action="store_true", help="start in fullscreen")
    p.add_argument(
        "--smoke-test",
        action="store_true",
        help="run headless: menu, a new game played by the hint, then exit 0 (non-zero on any error)",
    )
    p.add_argument("--frames", type=int, default=900, help="frames to render in the smoke test")
    p.add_argument("--screenshot", metavar="PATH", help="save the last frame of the smoke test here")
    p.add_argument("--seed", type=int, default=2026, help="the smoke test's game seed")
    p.add_argument("--lang", choices=languages(), help="the language of this run (default: Settings' own)")
    p.add_argument("--scenario", metavar="FILE", help=argparse.SUPPRESS)  # a JSON deal to start at (tests)
    p.add_argument(
        "--first-frame", action="store_true", help=argparse.SUPPRESS
    )  # launch benchmark: exit after it
    return p.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the game (or the smoke test); returns the exit status."""
    args = parse_args(argv)
    if args.smoke_test:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from .storage.paths import set_data_dir

    if args.data_dir:
        set_data_dir(args.data_dir)
    size = None
    if args.size:
        try:
            w, h = (int(v) for v in args.size.lower().split("x"))
            size = (w, h)
        except ValueError:
            print(f"kalooki: --size wants WIDTHxHEIGHT, e.g. 1280x800, not {args.size!r}", file=sys.stderr)
            return 2
    if args.smoke_test:
        try:
            from .tools.smoke import smoke_test

            explicit = bool(args.data_dir or os.environ.get("KALOOKI_DATA_DIR"))
            return smoke_test(args.frames, args.screenshot, args.seed, size, persist=explicit,
                              language=args.lang)
        except Exception:  # (CI wants the traceback and a failing status)
            traceback.print_exc()
            return 1
    try:
        return play(args, size)
    except Exception:  # (the top of the program: report, never vanish)
        return crashed()


def play(args: argparse.Namespace, size: tuple[int, int] | None) -> int:
    """Open the window and run the game until Quit."""
    from .app import App
    from .scenes.menu import MenuScene
    from .storage.logs import setup_logging

    setup_logging()
    app = App(size, fullscreen=args.fullscreen or None)
    if args.lang:
        app.settings.language = args.lang
        app.change_language(args.lang)
    menu = MenuScene(app)
    if args.first_frame:  # start, draw the menu once, say so and leave: does the game start here?
        app.push(menu)
        app.apply_requests()
        app.step(0.0)
        print("first-frame", flush=True)
        app.shutdown()
        return 0
    if args.scenario:
        from pathlib import Path

        from .play.session import Session
        from .scenes.table import TableScene
        from .storage.files import BadFile, parse_document, read_bytes

        try:
            data = parse_document(read_bytes(Path(args.scenario)), Path(args.scenario), "deal")
            if not isinstance(data, dict):
                raise ValueError("a deal is a JSON object")
            session = Session.from_scenario(data, speed=app.settings.speed_factor)
        except (OSError, BadFile, ValueError) as exc:
            print(f"kalooki: --scenario {args.scenario}: {exc}", file=sys.stderr)
            app.shutdown()
            return 2
        app.host.set_session(session)
        app.push(menu)
        app.apply_requests()
        return app.run(TableScene(app, session))
    return app.run(menu)


def crashed() -> int:
    """An unexpected error: the traceback goes to the log, the player gets a short message with
    the log's path (the autosave, written atomically after every move, is intact)."""
    import logging

    text = traceback.format_exc()
    sys.stderr.write(text)
    path = None
    try:
        from .storage.logs import LOG_NAME, setup_logging

        setup_logging()
        logging.getLogger("kalooki").critical("the game stopped on an error:\n%s", text)
        from .storage.paths import log_dir

        path = log_dir() / LOG_NAME
    except Exception:  # (even the log may be out of reach)
        pass
    from .i18n import tr
    from .ui.resources import MissingAsset

    error = sys.exc_info()[1]
    if isinstance(error, MissingAsset):
        first = tr("crash.missing_asset", error=error)
    else:
        first = tr("crash.stopped") + " " + _what_was_saved()
    message = first + "\n\n" + (tr("crash.details", path=path) if path else text[-600:])
    try:
        import pygame

        if not pygame.display.get_init():
            pygame.display.init()
        pygame.display.message_box("Kalooki", message, message_type="error")
    except Exception:  # (no display: the message on stderr must do)
        sys.stderr.write(message + "\n")
    return 1


def _what_was_saved() -> str:
    """The truth about the game in progress after a crash: saved (where), or not (an autosave
    that cannot be used is not called saved)."""
    try:
        from .i18n import tr
        from .storage.paths import check_data_dir, data_dir

        problem = check_data_dir()
        if problem is not None:
            return tr("crash.not_saved", where=problem)
        from .storage import saves
        from .storage.files import read_bytes

        autosave = data_dir() / "saves" / "autosave.json"
        if autosave.is_file():
            saves.parse(read_bytes(autosave), autosave)  # a save the next start can use
            return tr("crash.saved")
    except Exception:  # (the message must come whatever else is broken)
        return ""
    return ""


if __name__ == "__main__":
    sys.exit(main())
