"""Frame time while dragging a card across a full table: ``python -m kalooki_desktop.framebench``.

Sets up hand 9 with a full table (computer players and the hint play up to it), opens the table
at 1920x1080, lifts a card from the player's hand and drags it around for ``--frames`` frames,
timing each whole frame (events, update, draw, flip). Under ``SDL_VIDEODRIVER=dummy`` this is
the game's own cost; run it under ``xvfb-run`` to include a real X server's.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import tempfile
import time

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


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures."""
    p = argparse.ArgumentParser(prog="python -m kalooki_desktop.framebench", description=__doc__)
    p.add_argument("--size", default="1920x1080")
    p.add_argument("--frames", type=int, default=600)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--melds", type=int, default=10, help="melds on the table at least")
    args = p.parse_args(argv)
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
    for _ in range(5):
        app.step(1 / 60)
    rects = scene.hand_rects()
    start = rects[len(rects) // 2].center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": start, "button": 1}))
    app.step(1 / 60)
    times: list[float] = []
    cx, cy = w / 2, h / 2
    for i in range(args.frames):
        t = i / 60
        pos = (round(cx + math.cos(t * 1.3) * w * 0.35), round(cy + math.sin(t * 1.7) * h * 0.35))
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0), "buttons": (1, 0, 0)})
        )
        t0 = time.perf_counter()
        app.step(1 / 60)
        times.append((time.perf_counter() - t0) * 1000)
    assert scene.drag is not None, "the drag did not start"
    hand = session.match.hand
    times.sort()
    p99 = times[min(len(times) - 1, math.ceil(len(times) * 0.99) - 1)]
    print(
        f"frame time while dragging, {w}x{h}, driver {pygame.display.get_driver()}, hand {hand.spec.number}, "
        f"{len(hand.table)} melds ({sum(len(m.cards) for m in hand.table)} cards) on the table, "
        f"{len(hand.hands[0])} cards in hand, {len(times)} frames"
    )
    print(
        f"  mean {statistics.fmean(times):.2f} ms  p50 {times[len(times) // 2]:.2f} ms  "
        f"p99 {p99:.2f} ms  max {times[-1]:.2f} ms  (budget 16.7 ms, goal 6.9 ms)"
    )
    app.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
