"""The coach: a decision's estimated cost against the advice, from the player's view only; a note
only for a decision that clearly costs more; the cost measured again with every card known."""

from __future__ import annotations

import random

import pytest

from kalooki_desktop.ai.coach import SAME, THRESHOLD, coach, cost_after
from kalooki_desktop.ai.normal import NormalBot, known_holdings
from kalooki_desktop.engine.actions import Action, Discard, Lay, PluckStock
from kalooki_desktop.engine.cards import count_cards, parse_card, parse_cards
from kalooki_desktop.engine.hand import HandState
from kalooki_desktop.engine.match import Match
from kalooki_desktop.engine.rules import make_rules
from kalooki_desktop.engine.turn import DecisionKind
from kalooki_desktop.engine.view import View

RULES = make_rules("jamaican")


def position(seed: int, actions: int) -> HandState:
    """A hand of four Normals played on until the player's first play decision after ``actions``
    actions (a public history: plucks, calls, discards taken)."""
    m = Match(RULES, 4, seed)
    bots = [NormalBot() for _ in range(4)]
    rng = random.Random(seed)
    while True:
        seat, kind = m.pending()  # type: ignore[misc]
        if seat == 0 and kind == DecisionKind.PLAY and len(m.actions) >= actions and not m.hand.laid[0]:
            return m.hand
        m.apply(seat, bots[seat].choose(m.view(seat), rng))


def reshuffled(state: HandState, rng: random.Random) -> HandState:
    """The same position for seat 0 with every card it cannot see dealt again (the cards other
    seats are known to hold stay with them)."""
    view = View(state, 0)
    known = known_holdings(view)
    other = state.clone()
    pool = [c for s in range(1, state.players) for c in state.hands[s]] + list(state.stock)
    left = count_cards(pool)
    for s in range(1, state.players):
        for c in known[s]:
            left[c] -= 1
    free = [c for c in range(len(left)) for _ in range(left[c])]
    rng.shuffle(free)
    for s in range(1, state.players):
        keep = list(known[s])
        need = len(state.hands[s]) - len(keep)
        other.hands[s], free = keep + free[:need], free[need:]
    other.stock = free
    assert View(other, 0).my_hand == view.my_hand and View(other, 0).unseen() == view.unseen()
    return other


def any_discard(view: View) -> Action:
    return next(a for a in view.legal_actions() if isinstance(a, Discard))


def weak_discard(view: View, advised: Action) -> Action:
    """A legal discard other than the advice: the player's deliberately different choice."""
    return next(a for a in view.legal_actions() if isinstance(a, Discard) and a != advised)


def signature(view: View, chosen: Action) -> tuple[object, ...]:
    note = coach(view, chosen, random.Random(11), budget_ms=0, worlds=10)
    e = note.estimate
    return note.advice.action, note.advice.why, round(e.mean, 9), round(e.half, 9), e.worlds, note.flagged


@pytest.mark.parametrize(("seed", "actions"), [(3, 10), (8, 25), (21, 40)])
def test_reshuffling_what_the_player_cannot_see_never_changes_a_note(seed: int, actions: int) -> None:
    state = position(seed, actions)
    view = View(state, 0)
    first = coach(view, any_discard(view), random.Random(11), budget_ms=0, worlds=4)
    chosen = weak_discard(view, first.advice.action)
    expected = signature(view, chosen)
    rng = random.Random(seed)
    for _ in range(3):
        assert signature(View(reshuffled(state, rng), 0), chosen) == expected


def test_the_advice_itself_costs_nothing_and_is_never_noted() -> None:
    view = View(position(5, 12), 0)
    advised = coach(view, any_discard(view), random.Random(2), budget_ms=0, worlds=2).advice.action
    note = coach(view, advised, random.Random(2), budget_ms=0)
    assert note.estimate == SAME and not note.flagged


def test_not_going_out_with_a_ready_contract_is_noted() -> None:
    # hand 1 (three threes): the player holds all three and the card plucked; laying goes out.
    # Throwing a king instead breaks the contract: flagged, from the player's view alone.
    hands = ["7S 7H 7D 9S 9H 9D KS KH KD", "2H 3D 5C 6S 8H 10D QC JS AD", "2D 3C 5S 6H 8D 10C QS JH AC",
             "4S 4H 6D 6C 8C 10S QH JD AH"]
    state = HandState.from_position(RULES, RULES.schedule[0], 3, [parse_cards(h) for h in hands],
                                    parse_cards("5D"), parse_cards("2C 8S JC 6D 10H QD 3S 5H 2S 9C 4D"))
    state.apply(0, PluckStock())
    chosen = Discard(parse_card("KS"))
    note = coach(View(state, 0), chosen, random.Random(4), budget_ms=0, worlds=48)
    assert isinstance(note.advice.action, Lay) and note.advice.why == "why.lay_out"
    assert note.flagged and note.estimate.low > THRESHOLD and note.estimate.mean > 20
    # with every card known the cost is measured again: here the stock brings the player another
    # king in time, so breaking the contract happens to cost nothing in this deal
    after = cost_after(state, 0, chosen, note.advice.action, [0] * 4, rollouts=8)
    assert after.worlds == 8 and after.mean == 0


# --- the review command ---------------------------------------------------------------------


def normal_game(tmp_path, actions: int = 200):
    """A saved game of three Normals and the player's seat played by Normal too (so its
    decisions differ from the coach's now and then)."""
    from kalooki_desktop.session import GameSetup, Session
    from kalooki_desktop.storage import saves

    session = Session(GameSetup(("normal", "normal", "normal"), seed=3), threaded=False, speed=1000)
    bot, rng, now = NormalBot(), random.Random(1), 0.0
    while len(session.match.actions) < actions:
        if session.prompt() is None:
            now += 5000
            session.tick(now)
            continue
        m = session.match
        assert isinstance(m, Match)
        assert session.submit(bot.choose(m.view(0), rng)) is None
    path = tmp_path / "game.json"
    saves.save(session, path, "game")
    return session, path


def test_the_review_command_prints_every_decision_of_the_players_hand(tmp_path, capsys) -> None:
    import json

    from kalooki_desktop.coach import main

    session, path = normal_game(tmp_path)
    assert main([str(path), "--hand", "1", "--budget-ms", "150", "--after"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["hand"] == 1 and out["contract"] == "3 3 3" and out["threshold"] == THRESHOLD
    m = session.match
    assert isinstance(m, Match)
    mine = [a for seat, a in m.actions if seat == 0]  # hand 1 comes first
    decisions = out["decisions"]
    assert 0 < len(decisions) <= len(mine)
    assert [d["decision"] for d in decisions] == [str(a) for a in mine[: len(decisions)]]
    differ = [d for d in decisions if d["decision"] != d["coach"]]
    assert differ and all(d["worlds"] > 0 and "after" in d for d in differ)
    assert all(d["cost"] == 0 and d["worlds"] == 0 for d in decisions if d["decision"] == d["coach"])
    assert out["flagged"] == sum(d["flagged"] for d in decisions)


def test_the_review_command_says_plainly_what_it_cannot_do(tmp_path, capsys) -> None:
    from kalooki_desktop.coach import main
    from kalooki_desktop.session import GameSetup, Session
    from kalooki_desktop.storage import saves

    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\x00not a save")
    assert main([str(bad)]) == 2
    assert "bad.json" in capsys.readouterr().err
    _, path = normal_game(tmp_path, 40)
    assert main([str(path), "--hand", "7"]) == 2
    assert "no hand 7" in capsys.readouterr().err
    british = Session(GameSetup(("normal", "normal"), "british40", seed=1), threaded=False)
    saves.save(british, tmp_path / "b.json", "b")
    assert main([str(tmp_path / "b.json")]) == 2
    assert "Jamaican" in capsys.readouterr().err


# --- at the table -----------------------------------------------------------------------------


def test_a_coach_note_follows_a_deliberately_weak_discard_and_none_follows_the_advice() -> None:
    from .gui import click, drag, hand_pos, make_app, step, table_at

    app = make_app()
    try:
        app.settings.coach = True
        hands = ["7S 7H 7D 9S 9H 9D KS KH KD", "2H 3D 5C 6S 8H 10D QC JS AD", "2D 3C 5S 6H 8D 10C QS JH AC",
                 "4S 4H 6D 6C 8C 10S QH JD AH"]
        scene = table_at(app, hands, discard="5D", stock="2C 8S JC 6D 10H QD 3S 5H 2S 9C 4D", dealer=3)
        s = scene.session
        assert s.coach_on
        click(app, scene.layout.stock.center)  # 2C
        step(app, 20)
        drag(app, hand_pos(scene, "KS"), scene.layout.pile.center)  # rather than laying and going out
        step(app, 2)
        assert app.toast_text.startswith("Coach: lay your contract")
        assert "points better: you go out" in app.toast_text
        pluck, throw = s.notes[0], s.notes[1]  # every decision is weighed; only the weak one is noted
        assert not pluck.flagged and pluck.estimate.worlds == 0 and pluck.chosen == s.match.actions[0][1]
        assert throw.flagged and str(throw.chosen) == "discard KS" and s.match.actions[1][1] == throw.chosen
    finally:
        app.shutdown()


def test_the_review_command_writes_valid_utf8_json_for_a_save_path_that_is_not_utf8(tmp_path) -> None:
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    from kalooki_desktop.storage import saves

    session, _ = normal_game(tmp_path, 60)
    raw = os.fsencode(tmp_path) + b"/caf\xe9 \xff.json"  # bytes no UTF-8 decoder accepts
    saves.save(session, Path(os.fsdecode(raw)), "game")
    env = {**os.environ, "PYTHONIOENCODING": "utf-8:strict"}
    done = subprocess.run([sys.executable, "-m", "kalooki_desktop.coach", raw, "--hand", "1", "--budget-ms", "20"],
                          capture_output=True, env=env, timeout=300, check=False)
    assert done.returncode == 0, done.stderr.decode("utf-8", "replace")
    out = json.loads(done.stdout.decode("utf-8"))  # strict: any invalid byte raises
    assert out["save"].endswith("caf\ufffd \ufffd.json") and out["hand"] == 1
    assert b"Traceback" not in done.stderr
