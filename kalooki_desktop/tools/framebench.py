"""Frame time while dragging a card across a full table: ``python -m kalooki_desktop.tools.framebench``.

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

With ``--hint-every S`` it opens the table again where the player's hint runs Hard's hold search
(the contract ready while nobody has laid), drags there for ``--frames`` frames, then as many
again while the player asks for the hint every ``S`` seconds of the game's clock (each asked
afresh, thought out on the hint's thread as at the table, :mod:`.play.hints`), and reports both
runs with the frames over 33 ms (two frames at 60 a second) and the hints shown.

It prints one JSON object; ``python -m kalooki_desktop.bench`` includes it.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

from ..ai.base import make_bot, next_decision
from ..ai.coach import coach
from ..ai.hard import HardBot
from ..ai.hold import NO_LAY, ROLLOUTS, cards_left, holding
from ..ai.normal import NormalBot, Style
from ..ai.worker import BotWorker
from ..engine.actions import Action, Discard, Lay
from ..engine.hand import HandState
from ..engine.match import Match
from ..engine.rules import make_rules
from ..engine.turn import DecisionKind
from ..engine.view import View
from ..play.session import GameSetup, Session

if TYPE_CHECKING:
    from ..app import App
    from ..scenes.table import TableScene


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


def _hint_searches(s: Session) -> bool:
    """The player is to play with the contract ready while a bend is possible, and the lay would
    not go out: the hint (Hard from the player's view) runs its hold search here."""
    if s.prompt() != "play":
        return False
    view = s.match.view(0)
    if not isinstance(view, View) or not holding(view):
        return False
    if not isinstance(NormalBot(Style(lay_for_out=True)).choose(view, random.Random(0)), Lay):
        return False
    return 1 < cards_left(view, list(view.my_hand)) < NO_LAY


def _reach_hint_search(seed: int) -> Session:
    """A game (its computer players thinking on their thread, as in play) at the first position
    of a game of Normals where the player's hint runs its hold search."""
    for attempt in range(200):
        s = Session(GameSetup(("normal",) * 3, seed=seed + attempt), threaded=False, speed=1000)
        now = 0.0
        while not s.over and s.match.hand_number <= 3:
            if _hint_searches(s):
                threaded = Session(s.setup, threaded=True, speed=1000)
                for seat, text in s.match.action_texts():
                    threaded.replay_action(seat, text)
                s.close()
                return threaded
            now += 5000
            s.autoplay(now)
        s.close()
    raise RuntimeError("no game reached a position where the hint searches")


def hold_positions(seed: int, count: int, max_matches: int = 60) -> list[tuple[HandState, list[int]]]:
    """The first ``count`` positions (the hand before the decision, the match totals) where a
    Hard bot in seat 0 runs its hold search, from matches against three Normals."""
    found: list[tuple[HandState, list[int]]] = []
    for g in range(max_matches):
        match = Match(make_rules("jamaican"), 4, seed + g)
        hard = HardBot()
        bots = [hard, *(make_bot("normal", "jamaican") for _ in range(3))]
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


def open_table(
    size: tuple[int, int], seed: int, melds: int, session: Session | None = None
) -> tuple[App, TableScene]:
    """The App at ``size`` showing hand 9 with at least ``melds`` melds on the table (or the
    game ``session``), a card of the player's hand lifted by a press (the next motion starts
    the drag)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from ..app import App
    from ..scenes.table import TableScene
    from ..storage.paths import set_data_dir

    set_data_dir(tempfile.mkdtemp(prefix="kalooki-bench-"))
    session = session if session is not None else _reach_hand9(seed, melds)
    app = App(size, fullscreen=False)
    app.host.persist = False
    scene = TableScene(app, session)
    app.push(scene)
    app.collector.start()  # the full garbage collections between frames, as App.run makes them
    for _ in range(5):
        app.step(1 / 60)
    assert scene.geometry is not None
    rects = scene.geometry.hand_rects()
    start = rects[len(rects) // 2].center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": start, "button": 1}))
    app.step(1 / 60)
    return app, scene


class _Dragger:
    """Frames of a card dragged in a Lissajous loop around the window."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.frame_no = 0

    def frame(self) -> float:
        """One frame of the drag; the whole frame's milliseconds."""
        import pygame

        w, h = self.app.screen.get_size()
        t = self.frame_no / 60
        self.frame_no += 1
        pos = (round(w / 2 + math.cos(t * 1.3) * w * 0.35), round(h / 2 + math.sin(t * 1.7) * h * 0.35))
        motion = {"pos": pos, "rel": (0, 0), "buttons": (1, 0, 0)}
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, motion))
        t0 = time.perf_counter()
        self.app.step(1 / 60)
        return (time.perf_counter() - t0) * 1000


#: A frame longer than this (ms) is two frames at 60 a second: one the player may see missed.
SLOW_FRAME_MS = 33.0


def _summary(times: list[float]) -> dict[str, float]:
    times = sorted(times)
    return {
        "frames": len(times),
        "ms_mean": round(statistics.fmean(times), 2),
        "ms_p50": round(times[len(times) // 2], 2),
        "ms_p99": round(_percentile(times, 0.99), 2),
        "ms_max": round(times[-1], 2),
        "over_33ms": sum(1 for t in times if t > SLOW_FRAME_MS),
    }


def frame_figures(
    size: tuple[int, int] = (1920, 1080), frames: int = 600, seed: int = 1, melds: int = 10,
    thinking: int = 0, coaching: int = 0, hint_every: float = 0.0,
) -> dict[str, object]:
    """Frame times while a card is dragged over a full hand-9 table, and (``thinking`` > 0)
    while Hard decides that many hold-search positions on the worker thread, and (``coaching``
    > 0) while the coach weighs that many of the player's decisions on its own thread, and
    (``hint_every`` > 0) at a position where the hint searches, without the hint and with it
    asked every ``hint_every`` seconds."""
    import pygame

    app, scene = open_table(size, seed, melds)
    drag = _Dragger(app)
    times = [drag.frame() for _ in range(frames)]
    assert scene.drag is not None, "the drag did not start"
    hand = scene.session.match.hand
    out: dict[str, object] = {
        "size": f"{size[0]}x{size[1]}",
        "driver": pygame.display.get_driver(),
        "hand": scene.session.match.hand_number,
        "melds": len(hand.table),
        "dragging": _summary(times),
    }
    if thinking:
        out["while_hard_thinks"] = _thinking_figures(app, drag, seed, thinking)
    if coaching:
        out["while_the_coach_thinks"] = _coaching_figures(app, drag, seed, coaching)
    out["full_collections"] = app.collector.made  # made between frames (none while a card is held)
    app.shutdown()
    if hint_every > 0:
        out["hint_asked"] = hint_figures(size, frames, seed, hint_every)
    return out


def hint_figures(size: tuple[int, int], frames: int, seed: int, every_s: float) -> dict[str, object]:
    """Frames of a drag at a position where the hint runs its hold search: ``frames`` without
    the hint, then ``frames`` with the player asking for it every ``every_s`` seconds of the
    game's clock (each asked afresh)."""
    app, scene = open_table(size, seed, 0, _reach_hint_search(seed))
    drag = _Dragger(app)
    quiet: list[float] = []
    for _ in range(frames):  # the game's loop: a frame, then the clock's wait for the next
        quiet.append(drag.frame())
        app.clock.tick(60)
    times: list[float] = []
    asked = shown = 0
    next_ask = app.now_ms
    for _ in range(frames):
        if app.now_ms >= next_ask:
            next_ask += every_s * 1000
            scene.hint.hints.forget()  # thought out afresh each time, as for a new position
            scene.show_hint()
            asked += 1
        before = scene.hint_until
        times.append(drag.frame())
        shown += scene.hint_until != before
        app.clock.tick(60)
    out = {
        "hand": scene.session.match.hand_number,
        "every_s": every_s,
        "without_hint": _summary(quiet),
        "with_hint": _summary(times),
        "hints_asked": asked,
        "hints_shown": shown,
    }
    app.shutdown()
    return out


def _thinking_figures(app: App, drag: _Dragger, seed: int, count: int) -> dict[str, object]:
    positions = hold_positions(seed, count)
    worker = BotWorker()
    times: list[float] = []
    worlds: list[int] = []
    busy_s = 0.0
    for i, (state, totals) in enumerate(positions):
        bot = HardBot()
        worker.start(bot, View(state.clone(), 0, totals), random.Random(i))
        began = time.perf_counter()
        while worker.busy:  # the game's loop: a frame, then the clock's wait for the next
            times.append(drag.frame())
            app.clock.tick(60)
        busy_s += time.perf_counter() - began
        worker.poll()
        if bot.hold_searches:
            worlds.append(bot.last_samples)
    worker.shutdown()
    return {
        "positions": len(positions),
        "seconds": round(busy_s, 2),
        "switch_interval_ms": sys.getswitchinterval() * 1000,
        "frames_per_s": round(len(times) / max(busy_s, 1e-9), 1),
        **_summary(times),
        "worlds_mean": round(statistics.fmean(worlds or [0]), 1),
        "worlds_fewest": min(worlds or [0]),
        "worlds_asked": ROLLOUTS,
    }


def coach_positions(seed: int, count: int) -> list[tuple[View, Action]]:
    """Play decisions of seat 0 in games of four Normals, each with a discard the coach weighs
    against its advice (the first legal one: often not the advice, so its playouts run)."""
    out: list[tuple[View, Action]] = []
    rules = make_rules("jamaican")
    for g in range(200):
        match = Match(rules, 4, seed + g)
        bots = [make_bot("normal", "jamaican") for _ in range(4)]
        rng = random.Random(g)
        while not match.over and len(out) < count:
            pending = match.pending()
            seat, action = next_decision(match, bots, rng)
            view = match.view(0)
            if pending == (0, DecisionKind.PLAY) and len(match.actions) % 3 == 0:
                throw = next((a for a in view.legal_actions() if isinstance(a, Discard)), None)
                if throw is not None:
                    out.append((View(match.hand.clone(), 0, list(match.totals)), throw))
            match.apply(seat, action)
        if len(out) >= count:
            return out
    return out


def _coaching_figures(app: App, drag: _Dragger, seed: int, count: int) -> dict[str, object]:
    """Frames while the coach weighs ``count`` decisions on its thread, as at the table."""
    pool = ThreadPoolExecutor(1, "kalooki-coach")
    times: list[float] = []
    weighed = 0
    busy_s = 0.0
    for i, (view, action) in enumerate(coach_positions(seed, count)):
        job = pool.submit(coach, view, action, random.Random(i))
        began = time.perf_counter()
        while not job.done():
            times.append(drag.frame())
            app.clock.tick(60)
        busy_s += time.perf_counter() - began
        weighed += job.result().estimate.worlds > 0
    pool.shutdown()
    return {
        "decisions": count,
        "with_playouts": weighed,
        "seconds": round(busy_s, 2),
        "frames_per_s": round(len(times) / max(busy_s, 1e-9), 1),
        **_summary(times),
    }


def main(argv: list[str] | None = None) -> int:
    """Run the frame benchmark alone and print its figures as JSON."""
    p = argparse.ArgumentParser(prog="python -m kalooki_desktop.tools.framebench", description=__doc__)
    p.add_argument("--size", default="1920x1080")
    p.add_argument("--frames", type=int, default=600)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--melds", type=int, default=10, help="melds on the table at least")
    p.add_argument("--thinking", type=int, default=0, metavar="N",
                   help="then drag on while Hard decides N hold-search positions on the worker thread")
    p.add_argument("--coaching", type=int, default=0, metavar="N",
                   help="then drag on while the coach weighs N of the player's decisions on its thread")
    p.add_argument("--hint-every", type=float, default=0.0, metavar="S",
                   help="then drag where the hint searches, without it and with it asked every S seconds")
    p.add_argument("--switch-ms", type=float, default=None,
                   help="the interpreter's thread switch interval (default: the game's)")
    args = p.parse_args(argv)
    if args.thinking < 0 or args.hint_every < 0 or (args.switch_ms is not None and args.switch_ms <= 0):
        p.error("--thinking and --hint-every must be 0 or more and --switch-ms above 0")
    w, h = (int(v) for v in args.size.split("x"))
    if args.switch_ms is not None:
        from .. import app

        app.GIL_SWITCH_S = args.switch_ms / 1000.0
    figures = frame_figures((w, h), args.frames, args.seed, args.melds, args.thinking, args.coaching,
                            args.hint_every)
    print(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
