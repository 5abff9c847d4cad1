"""Decisions by budget, not by clock: Hard, the hint and the coach spend a number of worlds, so a
slow or loaded machine makes the same choices as a quiet one (a seed and the moves replay every
computer player's choice), and the wall clock is only a safety stop far above a search's cost."""

from __future__ import annotations

import itertools
import random
import time

import pytest

from kalooki_desktop.ai import coach as coach_mod
from kalooki_desktop.ai import hold
from kalooki_desktop.ai.advice import advise
from kalooki_desktop.ai.hard import HardBot
from kalooki_desktop.engine.actions import Action, Discard, Lay, Pass
from kalooki_desktop.engine.view import View

from .test_hold import ready_positions


def slow_clock(monkeypatch: pytest.MonkeyPatch, step_s: float) -> list[float]:
    """Every reading of ``time.perf_counter`` finds ``step_s`` more seconds gone: a machine so
    loaded that no clock budget would let a search finish."""
    clock = [0.0]

    def tick() -> float:
        clock[0] += step_s
        return clock[0]

    monkeypatch.setattr(time, "perf_counter", tick)
    return clock


def test_hards_hold_search_plays_its_worlds_however_slow_the_machine(monkeypatch) -> None:
    state, seat = ready_positions(1, seed=500)[0]
    view = View(state, seat)
    quiet = HardBot()
    chosen = quiet.choose(view, random.Random(7))
    assert quiet.hold_searches == 1 and quiet.last_samples == hold.ROLLOUTS
    slow_clock(monkeypatch, 0.01)  # 10 ms gone at each look at the clock
    loaded = HardBot()
    assert loaded.choose(view, random.Random(7)) == chosen
    assert loaded.last_samples == hold.ROLLOUTS


def test_the_hint_is_the_same_however_slow_the_machine(monkeypatch) -> None:
    found = ready_positions(12, seed=500)
    positions = [found[4], found[11]]  # where the hint holds the contract for a bend
    quiet = [advise(View(state, seat), random.Random(3)) for state, seat in positions]
    assert all(isinstance(a.action, Discard) for a in quiet)
    slow_clock(monkeypatch, 0.01)
    assert [advise(View(state, seat), random.Random(3)) for state, seat in positions] == quiet


def test_the_coachs_note_is_the_same_however_slow_the_machine(monkeypatch) -> None:
    state, seat = ready_positions(1, seed=500)[0]
    view = View(state, seat)
    chosen = next(a for a in view.legal_actions() if isinstance(a, Discard))
    quiet = coach_mod.coach(view, chosen, random.Random(11), worlds=12)
    assert quiet.estimate.worlds + quiet.screen.worlds == 12
    slow_clock(monkeypatch, 0.01)
    assert coach_mod.coach(view, chosen, random.Random(11), worlds=12) == quiet


def test_the_safety_stop_ends_a_search_that_runs_far_past_its_cost(monkeypatch) -> None:
    """A search that would run past :data:`.ai.base.SAFETY_S` (a machine stalled for seconds)
    starts no more worlds: Hard then lays, as with too few worlds to judge holding."""
    from kalooki_desktop.ai.base import SAFETY_S

    state, seat = ready_positions(1, seed=500)[0]
    view = View(state, seat)
    slow_clock(monkeypatch, SAFETY_S / 3)
    stalled = HardBot()
    assert isinstance(stalled.choose(view, random.Random(7)), Lay)
    assert 0 < stalled.last_samples < hold.MIN_ROLLOUTS


def test_no_search_reads_the_clock_once_per_action(monkeypatch) -> None:
    """The safety stop is looked at between worlds only: a search of Hard's worlds, each two
    playouts of dozens of actions, looks at the clock about once a world."""
    state, seat = ready_positions(1, seed=500)[0]
    looks = itertools.count()
    monkeypatch.setattr(time, "perf_counter", lambda: float(next(looks)) * 1e-6)
    bot = HardBot()
    bot.choose(View(state, seat), random.Random(7))
    assert bot.last_samples == hold.ROLLOUTS
    assert next(looks) <= 2 * hold.ROLLOUTS + 4


# --- a seed and the moves replay every computer player's choice ----------------------------------


def _hard_match(seed: int) -> tuple[list[tuple[int, str]], list[int]]:
    """A whole Baby Kalooki match of three Hard players and a Normal from ``seed``, every bot
    deciding afresh: its actions and the totals."""
    from kalooki_desktop.ai.base import make_bot
    from kalooki_desktop.engine.rules import make_rules
    from kalooki_desktop.tools.sim import play_match

    bots = [make_bot(name, "jamaican") for name in ("hard", "hard", "normal", "hard")]
    match, _ = play_match(make_rules("baby"), bots, seed)
    assert sum(b.holds for b in bots if isinstance(b, HardBot)) >= 2  # the searches decided things
    return match.action_texts(), list(match.totals)


def test_a_match_of_hard_players_replays_from_its_seed_on_a_busy_or_slow_machine(monkeypatch) -> None:
    """The same seed, played three times: on a quiet machine, with another process burning a
    core beside it, and on a clock that runs 10 ms at every look: the same moves and totals."""
    import subprocess
    import sys

    quiet = _hard_match(8)
    burner = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        assert _hard_match(8) == quiet
    finally:
        burner.kill()
        burner.wait()
    slow_clock(monkeypatch, 0.01)
    assert _hard_match(8) == quiet


def _practice_hand(seed: int, mine: list[Action] | None = None) -> tuple[list[tuple[int, str]], list[Action]]:
    """A practice hand of contract 6 against two Hard players and a Normal, dealt from ``seed``
    as Replay this deal deals it; the player plays ``mine`` in order (None: the hint's moves).
    Returns every action of the hand, and the player's."""
    from kalooki_desktop.play.practice import Practice
    from kalooki_desktop.play.session import HUMAN, Session

    run = Practice(6, ("hard", "hard", "normal"))
    session = run.begin(Session(run.setup(seed), threaded=False, speed=1000))
    session.coach_on = False  # (the coach's notes change no move; the test keeps to the moves)
    queue = list(mine) if mine is not None else None
    now = 0.0
    while not session.match.results:
        now += 5000
        if queue is not None and session.prompt() is not None:
            action = queue.pop(0)
            if isinstance(action, Pass):
                session.let_go()  # (as the player lets a card go)
            else:
                assert session.submit(action) is None
        else:
            session.autoplay(now)
    played = [action for seat, action in session.match.actions if seat == HUMAN]
    assert sum(b.holds for b in session.driver.bots if isinstance(b, HardBot)) >= 1
    session.close()
    return session.match.action_texts(), played


def test_replay_this_deal_replays_the_opponents_when_the_player_repeats_their_moves(monkeypatch) -> None:
    """Replay this deal (the same seed) on a loaded machine (a clock that runs 10 ms at every
    look): the player's same moves meet the computer players' same moves."""
    first, mine = _practice_hand(7)
    slow_clock(monkeypatch, 0.01)
    again, _ = _practice_hand(7, mine)
    assert again == first
