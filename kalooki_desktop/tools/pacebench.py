"""How long the player waits between two of their turns with seven computer opponents:
``python -m kalooki_desktop.tools.pacebench``.

The table runs as in play, on the game's own clock (the App's ``now_ms``, advanced frame by
frame, so the figures are game time and the same on any machine): seven Normal opponents at the
"normal" pace, moves animated, a Call prompt that waits 5 seconds. The player's seat plays the
hint at once on its own turn. A *round* is the time from the end of the player's turn to their
next pluck prompt (rounds that a hand's end interrupts are left out). Three ways are measured:

- ``every_card_waited``: a Call prompt after every discard the player may call, and the player
  lets its bar run out (the longest a prompt can hold play);
- ``helpful_waited``: the prompt only for a card that could help the player
  (:func:`.ai.advice.could_help`), the bar run out;
- ``helpful_answered``: the same, each prompt answered at once (L or Space).

Each gives the median, 90th percentile and longest round in seconds and the prompts per round.
It prints one JSON object; ``python -m kalooki_desktop.bench`` includes it.

``--size 1920x1080`` runs the table as a player has it instead, in a window of that size (the
dummy video driver): every frame drawn, the computer players thinking on their own thread, the
clock the real one (each frame's ``dt`` is the time it took, at most 60 frames a second). Its
figures are seconds of the player's waiting on this machine, so what the frames cost shows in
them; ``--way`` picks one of the three ways. ``--frame-ms 67`` runs the same on the real clock
with every frame taking that long (not drawn: the interpreter kept busy for the frame's length, as
a slow window's drawing keeps it): the frames should not set the pace.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from typing import TYPE_CHECKING

from ..play.session import HUMAN, GameSetup, Session

if TYPE_CHECKING:
    from ..app import App

#: The frame length of the simulated clock (s).
DT = 1 / 30
#: The three ways measured (the module docstring): (every card offered, prompt answered at once).
WAYS = {
    "every_card_waited": (True, False),
    "helpful_waited": (False, False),
    "helpful_answered": (False, True),
}


def _round_times(
    app: App, session: Session, rounds: int, *, answer: bool, real: bool = False, frame_s: float = 0.0,
    frames: list[float] | None = None,
) -> tuple[list[float], int]:
    """The rounds' lengths (s) and the Call prompts shown in them (``real``: each frame takes
    the time it takes, as in play, and at least ``frame_s``; else each is :data:`DT` of the
    game's clock)."""
    from ..app import FPS
    from ..scenes.table import TableScene

    scene = app.top
    assert isinstance(scene, TableScene)
    times: list[float] = []
    prompts = 0
    ended_at: float | None = None  # when the player's last turn ended
    hand_at_end = len(session.match.results)
    was_call = False
    for _ in range(rounds * 2000):
        start = time.perf_counter()
        if len(times) >= rounds or session.over:
            break
        if app.top is not scene:  # the scoreboard after a hand: straight back to the table
            app.pop()
            ended_at = None
        prompt = session.prompt()
        if prompt == "call" and not was_call:
            prompts += 1
        was_call = prompt == "call"
        if prompt == "call" and answer:
            session.let_go()
        elif prompt in ("pluck", "play", "allow") and not scene.busy():
            if prompt == "pluck" and ended_at is not None and len(session.match.results) == hand_at_end:
                times.append((app.now_ms - ended_at) / 1000)
                ended_at = None
            turn = session.match.hand.turn
            scene.play_hint()
            if session.match.hand.turn != turn and turn == HUMAN:
                ended_at, hand_at_end = app.now_ms, len(session.match.results)
        if not real:
            app.step(DT)
            continue
        began = time.perf_counter()
        app.step(app.clock.tick(0 if frame_s else FPS) / 1000)
        if frames is not None:
            frames.append((time.perf_counter() - began) * 1000)
        while time.perf_counter() < start + frame_s:
            pass  # a slow frame: the interpreter busy, as when drawing a large window
    return times, prompts


def _measure(
    rounds: int, seed: int, *, every: bool, answer: bool, size: tuple[int, int] | None = None,
    frame_ms: float | None = None,
) -> dict[str, float]:
    """One way measured: at ``size`` as in play, with frames of ``frame_ms`` on the real clock, or
    (neither) on the game's clock alone."""
    from ..app import App
    from ..scenes.table import TableScene

    app = App(size or (1280, 800), fullscreen=False)
    app.host.persist = False
    app.settings.speed = "normal"
    if size is None:
        app.draw = lambda: None  # type: ignore[method-assign]  # the clock, not the drawing, is measured
    setup = GameSetup(("normal",) * 7, seed=seed)
    real = size is not None or frame_ms is not None
    session = Session(setup, threaded=real, speed=app.settings.speed_factor, call_wait_ms=5000)
    app.host.set_session(session)
    session.offer_every_call = every
    app.push(TableScene(app, session))
    app.step(DT)
    app.clock.tick()  # the real clock starts here
    started = time.perf_counter()
    frame_s = (frame_ms or 0.0) / 1000
    frames: list[float] = []
    times, prompts = _round_times(app, session, rounds, answer=answer, real=real, frame_s=frame_s,
                                  frames=frames)
    app.shutdown()
    times.sort()
    out: dict[str, float] = {
        "rounds": len(times),
        "median_s": round(statistics.median(times), 2),
        "p90_s": round(times[min(len(times) - 1, int(0.9 * len(times)))], 2),
        "max_s": round(times[-1], 2),
        "call_prompts_per_round": round(prompts / max(1, len(times)), 2),
    }
    if real:
        out["frame_ms_mean"] = round(statistics.fmean(frames), 1)
        out["wall_s"] = round(time.perf_counter() - started, 1)
    return out


def pace_figures(
    rounds: int, seed: int, size: tuple[int, int] | None = None, ways: tuple[str, ...] = tuple(WAYS),
    frame_ms: float | None = None,
) -> dict[str, dict[str, float]]:
    """The ways of the module docstring (all three unless ``ways`` names some), ``rounds``
    rounds each, from the same deal; at ``size``, as a player has the table; with frames of
    ``frame_ms`` and the computer players on their thread."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from ..storage.paths import set_data_dir

    set_data_dir(tempfile.mkdtemp(prefix="kalooki-pace-"))
    return {
        way: _measure(rounds, seed, every=WAYS[way][0], answer=WAYS[way][1], size=size, frame_ms=frame_ms)
        for way in ways
    }


def _size(text: str) -> tuple[int, int]:
    w, _, h = text.lower().partition("x")
    try:
        return int(w), int(h)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a size is WIDTHxHEIGHT, such as 1920x1080, not {text!r}") from None


def main(argv: list[str] | None = None) -> int:
    """Print the figures as one JSON object."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    p = argparse.ArgumentParser(prog="python -m kalooki_desktop.tools.pacebench", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--rounds", type=int, default=40)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--size", type=_size, default=None, help="run as in play in a window of this size (WxH)")
    p.add_argument("--way", choices=tuple(WAYS), action="append", help="measure only this way (repeatable)")
    p.add_argument("--frame-ms", type=float, default=None,
                   help="as in play, not drawn, every frame taking this long")
    args = p.parse_args(argv)
    ways = tuple(args.way) if args.way else tuple(WAYS)
    print(json.dumps(pace_figures(args.rounds, args.seed, args.size, ways, args.frame_ms), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
