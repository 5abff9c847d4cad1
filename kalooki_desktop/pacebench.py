"""How long the player waits between two of their turns with seven computer opponents:
``python -m kalooki_desktop.pacebench``.

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
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from typing import TYPE_CHECKING

from .session import HUMAN, GameSetup, Session

if TYPE_CHECKING:
    from .app import App

#: The frame length of the simulated clock (s).
DT = 1 / 30


def _round_times(app: App, session: Session, rounds: int, *, answer: bool) -> tuple[list[float], int]:
    """The rounds' lengths (s) and the Call prompts shown in them."""
    from .scenes.table import TableScene

    scene = app.top
    assert isinstance(scene, TableScene)
    times: list[float] = []
    prompts = 0
    ended_at: float | None = None  # when the player's last turn ended
    hand_at_end = len(session.match.results)
    was_call = False
    for _ in range(rounds * 2000):
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
        app.step(DT)
    return times, prompts


def _measure(rounds: int, seed: int, *, every: bool, answer: bool) -> dict[str, float]:
    from .app import App
    from .scenes.table import TableScene

    app = App((1280, 800), fullscreen=False)
    app.persist = False
    app.settings.speed = "normal"
    app.draw = lambda: None  # type: ignore[method-assign]  # the clock, not the drawing, is measured
    setup = GameSetup(("normal",) * 7, seed=seed)
    session = Session(setup, threaded=False, speed=app.settings.speed_factor, call_wait_ms=5000)
    app.set_session(session)
    session.offer_every_call = every
    app.push(TableScene(app, session))
    app.step(DT)
    times, prompts = _round_times(app, session, rounds, answer=answer)
    app.shutdown()
    times.sort()
    return {
        "rounds": len(times),
        "median_s": round(statistics.median(times), 2),
        "p90_s": round(times[min(len(times) - 1, int(0.9 * len(times)))], 2),
        "max_s": round(times[-1], 2),
        "call_prompts_per_round": round(prompts / max(1, len(times)), 2),
    }


def pace_figures(rounds: int, seed: int) -> dict[str, dict[str, float]]:
    """The three ways of the module docstring, ``rounds`` rounds each, from the same deal."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from .storage.paths import set_data_dir

    set_data_dir(tempfile.mkdtemp(prefix="kalooki-pace-"))
    return {
        "every_card_waited": _measure(rounds, seed, every=True, answer=False),
        "helpful_waited": _measure(rounds, seed, every=False, answer=False),
        "helpful_answered": _measure(rounds, seed, every=False, answer=True),
    }


def main(argv: list[str] | None = None) -> int:
    """Print the figures as one JSON object."""
    p = argparse.ArgumentParser(prog="python -m kalooki_desktop.pacebench", description=__doc__)
    p.add_argument("--rounds", type=int, default=40)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    print(json.dumps(pace_figures(args.rounds, args.seed), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
