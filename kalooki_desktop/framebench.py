"""Frame time while dragging a card across a full table: ``python -m kalooki_desktop.framebench``.

Sets up hand 9 with a full table (computer players and the hint play up to it), opens the table
at 1920x1080, lifts a card from the player's hand and drags it around for ``--frames`` frames,
timing each whole frame (events, update, draw, flip). Under ``SDL_VIDEODRIVER=dummy`` this is
the game's own cost; run it under ``xvfb-run`` to include a real X server's.

With ``--thinking N`` it then goes on dragging while Hard decides, on the bot worker thread as in
play (:class:`.ai.worker.BotWorker`), the first ``N`` positions of Hard-against-Normals games
where Hard runs its hold search (about a third of a second of pure Python each), and reports the
frames a second and frame times of those stretches and the worlds the searches finished:
the render loop and the search share one interpreter lock. ``--switch-ms`` sets the interval at
which Python hands that lock between threads (the game sets :data:`.app.GIL_SWITCH_S`; Python's
own default is 5 ms).
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import tempfile
import time

from .ai.base import make_bot, next_decision
from .ai.hard import HardBot
from .ai.hold import ROLLOUTS, holding
from .ai.worker import BotWorker
from .engine.hand import HandState
from .engine.match import Match
from .engine.rules import make_rules
from .engine.view import View
from .session import GameSetup, Session


def _reach_hand9(seed: int, min_melds: int) -> Session:
    for attempt in range(40):
        s = Session(
            GameSetup(("normal", "normal", "normal"), seed=seed + attempt), threaded=False, speed=1000
        )
        now = 0.0
        while not s.over:
            hand = s.match.hand
            if s.match.hand_number == 9 and len(hand.table) >= min_melds and s.prompt() == "play":
                return s
            now += 5000
            s.autoplay(now)
    raise RuntimeError("no game reached hand 9 with a full table")


def hold_positions(seed: int, count: int, max_matches: int = 60) -> list[tuple[HandState, list[int]]]:
    """The first ``count`` positions (the hand before the decision, the match totals) where a
    Hard bot in seat 0 runs its hold search, from matches against three Normals."""
    found: list[tuple[HandState, list[int]]] = []
    for g in range(max_matches):
        match = Match(make_rules("jamaican"), 4, seed + g)
        hard = HardBot()
        bots = [hard, make_bot("normal"), make_bot("normal"), make_bot("normal")]
        rng = random.Random(seed + g)
        while not match.over:
            # Only a seat that may still bend searches: copy the hand just for those decisions.
            before = (match.hand.clone(), list(match.totals), hard.hold_searches) \
                if holding(match.view(0), hard.config.hold_rounds) else None
            seat, action = next_decision(match, bots, rng)
            if before is not None and hard.hold_searches > before[2]:
                found.append((before[0], before[1]))
                if len(found) >= count:
                    return found
            match.apply(seat, action)
    return found


def _percentile(sorted_values: list[float], q: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, math.ceil(len(sorted_values) * q) - 1)]


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures."""
    p = argparse.ArgumentParser(prog="python -m kalooki_desktop.framebench", description=__doc__)
    p.add_argument("--size", default="1920x1080")
    p.add_argument("--frames", type=int, default=600)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--melds", type=int, default=10, help="melds on the table at least")
    p.add_argument("--thinking", type=int, default=0, metavar="N",
                   help="then drag on while Hard decides N hold-search positions on the worker thread")
    p.add_argument("--switch-ms", type=float, default=None,
                   help="the interpreter's thread switch interval (default: the game's)")
    args = p.parse_args(argv)
    if args.thinking < 0 or (args.switch_ms is not None and args.switch_ms <= 0):
        p.error("--thinking must be 0 or more and --switch-ms above 0")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from .app import App
    from .scenes.table import TableScene
    from .storage.paths import set_data_dir

    set_data_dir(tempfile.mkdtemp(prefix="kalooki-bench-"))
    w, h = (int(v) for v in args.size.split("x"))
    session = _reach_hand9(args.seed, args.melds)
    app = App((w, h), fullscreen=False)
    app.persist = False
    scene = TableScene(app, session)
    app.push(scene)
    if args.switch_ms is not None:
        sys.setswitchinterval(args.switch_ms / 1000.0)
    for _ in range(5):
        app.step(1 / 60)
    assert scene.geometry is not None
    rects = scene.geometry.hand_rects()
    start = rects[len(rects) // 2].center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": start, "button": 1}))
    app.step(1 / 60)
    cx, cy = w / 2, h / 2
    frame_no = 0

    def drag_frame() -> float:
        """One frame of the drag: the card moves on; the whole frame's milliseconds."""
        nonlocal frame_no
        t = frame_no / 60
        frame_no += 1
        pos = (round(cx + math.cos(t * 1.3) * w * 0.35), round(cy + math.sin(t * 1.7) * h * 0.35))
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0), "buttons": (1, 0, 0)})
        )
        t0 = time.perf_counter()
        app.step(1 / 60)
        return (time.perf_counter() - t0) * 1000

    times = [drag_frame() for _ in range(args.frames)]
    assert scene.drag is not None, "the drag did not start"
    hand = session.match.hand
    times.sort()
    p99 = _percentile(times, 0.99)
    print(
        f"frame time while dragging, {w}x{h}, driver {pygame.display.get_driver()}, hand {hand.spec.number}, "
        f"{len(hand.table)} melds ({sum(len(m.cards) for m in hand.table)} cards) on the table, "
        f"{len(hand.hands[0])} cards in hand, {len(times)} frames"
    )
    print(
        f"  mean {statistics.fmean(times):.2f} ms  p50 {times[len(times) // 2]:.2f} ms  "
        f"p99 {p99:.2f} ms  max {times[-1]:.2f} ms  (budget 16.7 ms, goal 6.9 ms)"
    )
    if args.thinking:
        positions = hold_positions(args.seed, args.thinking)
        worker = BotWorker()
        thinking: list[float] = []
        worlds: list[int] = []
        busy_s = 0.0
        for i, (state, totals) in enumerate(positions):
            bot = HardBot()
            worker.start(bot, View(state.clone(), 0, totals), random.Random(i))
            began = time.perf_counter()
            while worker.busy:  # the game's loop: a frame, then the clock's wait for the next
                thinking.append(drag_frame())
                app.clock.tick(60)
            busy_s += time.perf_counter() - began
            worker.poll()
            if bot.hold_searches:
                worlds.append(bot.last_samples)
        worker.shutdown()
        thinking.sort()
        print(
            f"while Hard's hold search runs on the worker thread ({len(positions)} positions, "
            f"{busy_s:.1f} s, switch interval {sys.getswitchinterval() * 1000:g} ms): "
            f"{len(thinking) / max(busy_s, 1e-9):.1f} frames/s (60 asked)"
        )
        print(
            f"  frame p50 {thinking[len(thinking) // 2]:.2f} ms  p99 {_percentile(thinking, 0.99):.2f} ms  "
            f"max {thinking[-1]:.2f} ms; worlds finished by {len(worlds)} searches: "
            f"mean {statistics.fmean(worlds or [0]):.1f} of {ROLLOUTS}, fewest {min(worlds or [0])}"
        )
    app.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
