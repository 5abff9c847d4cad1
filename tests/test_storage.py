"""Saves, settings and statistics: round trips, atomic writes under SIGKILL, and every kind of bad
file (message shown, file moved aside, everything else untouched)."""

from __future__ import annotations

import hashlib
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kalooki_desktop.engine.judge import describe
from kalooki_desktop.play.session import GameSetup, Session
from kalooki_desktop.storage import saves, stats
from kalooki_desktop.storage.atomic import write_atomic
from kalooki_desktop.storage.files import MAX_BYTES
from kalooki_desktop.storage.paths import set_data_dir
from kalooki_desktop.storage.settings import Settings, load_settings

from .gui import jamaican, make_app, press_button, step, top
from .saving import good_save, play, resign

HERE = Path(__file__).resolve().parent


@pytest.fixture
def data(tmp_path):
    set_data_dir(tmp_path)
    yield tmp_path
    set_data_dir(None)


def state_of(session: Session) -> tuple[object, ...]:
    m = jamaican(session)
    seats = range(m.players)
    return (
        saves.state_digest(m),
        describe(m.hand),
        m.pending(),
        [m.legal_actions(s) for s in seats],
        [m.view(s).my_hand for s in seats],
        m.totals,
        len(m.results),
    )


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    seed=st.integers(0, 10_000),
    stop=st.integers(0, 400),
    preset=st.sampled_from(["jamaican", "baby", "short"]),
    levels=st.sampled_from([("normal", "normal", "normal"), ("easy", "normal"), ("normal",) * 5]),
)
def test_save_then_load_gives_the_same_game(data, seed, stop, preset, levels):
    session = Session(GameSetup(levels, preset, seed=seed), threaded=False, speed=1000)
    play(session, stop)
    path = data / "saves" / "x.json"
    saves.save(session, path, "x")
    loaded = Session.of(saves.load(path), threaded=False)
    assert state_of(loaded) == state_of(session)
    assert loaded.decision() == session.decision()  # the pending decision, a calling window included
    assert [str(a) for _, a in loaded.match.actions] == [str(a) for _, a in session.match.actions]


def test_a_calling_window_survives_save_and_load(data):
    for seed in range(60):
        s = Session(GameSetup(("normal", "normal", "normal"), seed=seed), threaded=False, speed=1000)
        for _ in range(400):
            if s.prompt() == "call":
                break
            play(s, 1)
        if s.prompt() == "call":
            break
    else:
        pytest.fail("no calling window found")
    path = data / "saves" / "autosave.json"
    saves.save(s, path)
    loaded = Session.of(saves.load(path), threaded=False)
    assert loaded.prompt() == "call" and jamaican(loaded).eligible_callers() == jamaican(s).eligible_callers()


def test_autosave_after_every_action_and_continue_resumes_exactly(data):
    app = make_app(persist=True)
    session = app.host.new_session(GameSetup(("normal", "normal"), "baby", seed=5), threaded=False)
    autosave = data / "saves" / "autosave.json"
    assert autosave.exists()
    for _ in range(30):
        play(session, 1)
        doc = json.loads(autosave.read_text())
        assert len(doc["actions"]) == len(session.match.actions)
    before = state_of(session)
    decision = session.decision()
    app.shutdown()
    again = make_app(persist=True)
    assert again.host.session is not None and state_of(again.host.session) == before
    assert again.host.session.decision() == decision
    again.shutdown()


def test_finished_game_is_counted_and_its_autosave_retired(data):
    app = make_app(persist=True)
    session = app.host.new_session(GameSetup(("easy", "easy"), "baby", seed=8), threaded=False)
    play(session, 100_000)
    assert session.over
    assert not (data / "saves" / "autosave.json").exists()
    records = stats.load_records()
    assert len(records) == 1 and records[0].preset == "baby" and records[0].opponents == "Easy ×2"
    summary = stats.summarise(records)
    assert summary.played == 1 and summary.contract_rate and summary.best == session.match.totals[0]
    app.shutdown()


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    seed=st.integers(0, 10_000),
    stop=st.integers(0, 600),
    preset=st.sampled_from(["british40", "kalooki51"]),
    switches=st.sampled_from([(), ("B-V3",), ("B-12",), ("B-V2", "B-V5")]),
)
def test_a_british_game_saved_and_loaded_is_the_same_game(data, seed, stop, preset, switches):
    session = Session(GameSetup(("normal", "easy", "hard"), preset, switches, seed=seed), threaded=False, speed=1000)
    play(session, stop)
    path = data / "saves" / "b.json"
    saves.save(session, path, "b")
    loaded = Session.of(saves.load(path), threaded=False)
    assert saves.state_digest(loaded.match) == saves.state_digest(session.match)
    assert loaded.decision() == session.decision() and loaded.rules == session.rules
    info = saves.info(path)
    assert info.preset == preset and info.hands == 0 and info.hand == session.match.hand_number


def test_british_games_are_counted_apart_from_jamaican_ones(data):
    app = make_app(persist=True)
    for preset, seed in (("baby", 8), ("british40", 3), ("kalooki51", 4)):
        variants = ("B-V3",) if preset != "baby" else ()
        session = app.host.new_session(GameSetup(("easy", "easy"), preset, variants, seed=seed), threaded=False)
        play(session, 100_000)
        assert session.over
    records = stats.load_records()
    assert [r.preset for r in records] == ["baby", "british40", "kalooki51"]
    for game in stats.GAMES:
        summary = stats.summarise(records, game=game)
        assert summary.played == 1 and (summary.contract_rate if game == "jamaican" else summary.deal_rate)
    british = records[1]
    assert british.calls == 0 and british.won == (british.score <= 100) and british.hands
    app.shutdown()


# --- bad files ------------------------------------------------------------------------------


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


BAD = {
    "truncated": (lambda p: p.write_bytes(p.read_bytes()[: len(p.read_bytes()) // 2]), "cut short"),
    "corrupt": (lambda p: p.write_bytes(b"\x00\xffnot json at all" * 10), "not a saved game"),
    "garbage-json": (
        lambda p: p.write_text('{"format": "kalooki-save", "version": 1, "actions": [}'),
        "damaged",
    ),
    "tampered": (
        lambda p: p.write_text(p.read_text().replace('"totals":[', '"totals":[1', 1)),
        "changed outside",
    ),
    "unknown-version": (lambda p: resign(p, lambda d: d.update(version=99)), "newer Kalooki"),
    "bad-move": (
        lambda p: resign(p, lambda d: d["actions"].__setitem__(5, [d["actions"][5][0], "discard JK"])),
        "does not replay",
    ),
    "wrong-snapshot": (
        lambda p: resign(p, lambda d: d["snapshot"].update(digest="0" * 64)),
        "does not replay",
    ),
    "oversized": (lambda p: p.write_bytes(b" " * (MAX_BYTES + 10)), "larger than any"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_autosave_is_moved_aside_with_a_message_and_nothing_else_touched(data, case):
    damage, words = BAD[case]
    other = good_save("keep me")
    autosave = good_save("autosave", seed=9)
    settings_file = data / "settings.json"
    Settings(volume=0.3).save()
    untouched = {p: digest(p) for p in (other, settings_file)}
    damage(autosave)
    app = make_app(persist=True)
    assert app.host.session is None
    assert any(words in n for n in app.notices), app.notices
    moved = list((data / "saves").glob("autosave.json.corrupt-*"))
    assert len(moved) == 1 and not autosave.exists()
    assert {p: digest(p) for p in untouched} == untouched
    assert app.host.offer_backup is False  # there was no older copy
    step(app)  # the message shows and the menu goes on
    app.shutdown()


def test_good_backup_is_offered_and_restores_the_game(data):
    session = Session(GameSetup(("normal", "normal", "normal"), seed=4), threaded=False, speed=1000)
    path = saves.saves_dir() / "autosave.json"
    play(session, 20)
    saves.save(session, path)
    good = state_of(Session.of(saves.load(path), threaded=False))
    play(session, 1)
    saves.save(session, path)  # the first save is now autosave.json.bak
    path.write_bytes(path.read_bytes()[:100])
    app = make_app(persist=True)
    assert app.host.offer_backup is True
    from kalooki_desktop.scenes.menu import MenuScene

    app.push(MenuScene(app))
    step(app, 2)
    dialog = top(app, MenuScene).backup_dialog
    assert dialog is not None
    press_button(app, dialog.confirm_button)  # Restore
    step(app, 2)
    assert app.host.session is not None and state_of(app.host.session)[:2] == good[:2]
    assert not app.host.offer_backup and top(app, MenuScene).backup_dialog is None
    app.shutdown()


@pytest.mark.parametrize("case", ["truncated", "corrupt", "oversized", "not-a-dict"])
def test_bad_settings_file(data, case):
    path = data / "settings.json"
    other = good_save("mine")
    before = digest(other)
    Settings(volume=0.25, four_colour=True).save()
    {
        "truncated": lambda: path.write_text(path.read_text()[:20]),
        "corrupt": lambda: path.write_bytes(b"\xff\xfe\x00"),
        "oversized": lambda: path.write_bytes(b"{" + b" " * MAX_BYTES + b"}"),
        "not-a-dict": lambda: path.write_text("[1, 2, 3]"),
    }[case]()
    settings_obj, message = load_settings()
    assert message and "damaged" in message
    assert list(data.glob("settings.json.corrupt-*"))
    assert settings_obj == Settings()  # no good backup yet: the defaults
    assert digest(other) == before


def test_bad_settings_file_falls_back_to_its_backup(data):
    Settings(volume=0.25).save()
    Settings(volume=0.5).save()  # the 0.25 copy becomes settings.json.bak
    (data / "settings.json").write_text("{ nope")
    settings_obj, message = load_settings()
    assert settings_obj.volume == 0.25 and message is not None and "previous copy" in message
    assert Settings.read(data / "settings.json")[0].volume == 0.25


def test_bad_values_in_settings_fall_back_one_by_one(data):
    (data / "settings.json").write_text(
        json.dumps({"volume": "loud", "speed": "fast", "sound": 1, "window": [9]})
    )
    s, message = load_settings()
    assert s.speed == "fast" and s.volume == Settings().volume and s.sound is True
    assert s.window == [1280, 800] and message is not None
    assert "settings.json" in message and all(name in message for name in ("volume", "sound", "window"))
    assert "speed" not in message and "window size" in message


@pytest.mark.parametrize("size", [90, 250, -1, "200", True, 150.0, None])
def test_an_interface_size_not_offered_fits_the_window_and_is_named(data, size):
    (data / "settings.json").write_text(json.dumps({"interface_scale": size, "large_cards": True}))
    s, message = load_settings()
    assert s.interface_scale == 0 and s.large_cards is True
    assert message is not None and "interface size" in message


def test_bad_statistics_file_is_moved_aside_and_counting_goes_on(data):
    (data / "stats.json").write_text('{"version": 1, "games": [{"date": 3')
    other = good_save("mine")
    before = digest(other)
    app = make_app(persist=True)
    session = app.host.new_session(GameSetup(("easy", "easy"), "baby", seed=8), threaded=False)
    play(session, 100_000)
    assert any("statistics" in n for n in app.notices)
    assert list(data.glob("stats.json.corrupt-*"))
    assert len(stats.load_records()) == 1
    assert digest(other) == before
    app.shutdown()


def test_load_screen_lists_saves_moves_bad_ones_aside_and_deletes_with_confirmation(data):
    from kalooki_desktop.scenes.load import LoadScene
    from kalooki_desktop.scenes.menu import MenuScene
    from kalooki_desktop.scenes.table import TableScene

    from .gui import click, press_button

    good_save("first", seed=1)
    good_save("second", seed=2)
    bad = good_save("broken", seed=3)
    bad.write_text("{")
    app = make_app(persist=True)
    app.push(MenuScene(app))
    app.push(LoadScene(app))
    step(app, 2)
    scene = top(app, LoadScene)
    assert sorted(e.name for e in scene.entries) == ["first", "second"]
    assert list((data / "saves").glob("broken.json.corrupt-*"))
    assert any("broken.json" in n for n in [*app.notices, app.toast_text])
    # delete "second" after confirming
    scene.selected = [e.name for e in scene.entries].index("second")
    press_button(app, scene.b_delete)
    assert scene.confirm is not None
    import pygame
    import pygame_gui

    pygame.event.post(
        pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED, {"ui_element": scene.confirm})
    )
    step(app, 2)
    assert [e.name for e in scene.entries] == ["first"]
    assert not (data / "saves" / "second.json").exists()
    # load "first"
    click(app, scene.row_rect(0).center)
    press_button(app, scene.b_load)
    assert isinstance(app.top, TableScene)
    assert app.host.session is not None and app.host.session.setup.seed == 1
    assert (data / "saves" / "autosave.json").exists()
    app.shutdown()


def test_save_as_from_the_table(data):
    import pygame

    from .gui import key, press_button, table_at

    app = make_app(persist=True)
    scene = table_at(
        app,
        [
            "7S 7H 7D 9S 9H 9D KS KH KD 4C",
            "2S 3H 5D 6C 8S 10H QD JC AH",
            "2H 3D 5C 6S 8H 10D QC JS AD",
            "2D 3C 5S 6H 8D 10C QS JH AC",
        ],
        discard="2C",
        stock="7C 6D 8H 3S 4D 10C",
    )
    from kalooki_desktop.scenes.table.dialogs import SaveAsScene

    press_button(app, scene.controls.save)
    dialog = app.top
    assert isinstance(dialog, SaveAsScene) and dialog.window is not None
    dialog.entry.set_text("My game")
    key(app, pygame.K_h)  # typing goes to the box, not the table's shortcuts
    assert scene.hint_action is None
    press_button(app, dialog.ok)
    assert app.top is scene and "My game" in app.toast_text
    loaded = Session.of(saves.load(data / "saves" / "My game.json"), threaded=False)
    assert saves.state_digest(loaded.match) == saves.state_digest(scene.session.match)
    app.shutdown()


def test_version_upgrades_run_step_by_step(data, monkeypatch):
    path = good_save("old")
    resign(path, lambda d: d.update(version=1))
    monkeypatch.setattr(saves, "VERSION", 3)
    calls = []

    def up(n):
        def f(doc, where):
            assert where == path
            calls.append(n)
            doc[f"upgraded_from_{n}"] = True
            return doc

        return f

    monkeypatch.setattr(saves, "UPGRADES", {1: up(1), 2: up(2)})
    doc = saves.parse(path.read_bytes(), path)
    assert calls == [1, 2] and doc["version"] == 3 and doc["upgraded_from_2"]


def test_atomic_write_keeps_the_previous_copy(data):
    path = data / "f.json"
    write_atomic(path, b"one")
    write_atomic(path, b"two")
    assert path.read_bytes() == b"two" and (data / "f.json.bak").read_bytes() == b"one"
    assert not list(data.glob(".*.tmp"))


# --- crashes --------------------------------------------------------------------------------


@pytest.mark.slow
def test_sigkill_at_random_moments_never_leaves_a_half_written_save(tmp_path):
    rng = random.Random(5)
    data = tmp_path / "data"
    env = {**os.environ, "PYTHONPATH": str(HERE.parent)}
    last: tuple[int, int] | None = None
    kills = mid_write = 0
    for round_no in range(60):
        child = subprocess.Popen(
            [sys.executable, str(HERE / "crash_child.py"), str(data), "7"],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        time.sleep(rng.uniform(0.35, 0.9))  # start-up takes about 0.3 s; kill somewhere in the play
        child.send_signal(signal.SIGKILL)
        out, err = child.communicate(timeout=30)
        assert child.returncode == -signal.SIGKILL, f"round {round_no}: the child failed:\n{err}"
        kills += 1
        mid_write += bool(list((data / "saves").glob(".*.tmp")))  # killed while a save was being written
        complete = out.split("\n")[:-1]  # a line cut by the kill was not followed by a save
        done = last
        begun = None
        for line in complete:
            seed, actions, *flag = line.split()
            if flag:
                begun = (int(seed), int(actions))
            else:
                done, begun = (int(seed), int(actions)), None
        set_data_dir(data)
        try:
            path = saves.saves_dir() / "autosave.json"
            session = Session.of(saves.load(path), threaded=False)  # never a half-written file
            got = (session.setup.seed, len(session.match.actions))
        finally:
            set_data_dir(None)
        if done is not None or begun is not None:
            # the last completed save, or the one under way when the kill came
            assert got in (done, begun), (round_no, done, begun, got)
        last = got
    assert kills >= 50
    print(f"{kills} kills, {mid_write} during a write")
    assert mid_write >= 3, "the kills never landed during a write"
    assert last is not None and last[1] > 0


def test_a_damaged_named_save_offers_its_previous_copy(data):
    session = Session(GameSetup(("normal", "normal", "normal"), seed=12), threaded=False, speed=1000)
    path = saves.save_path("evening")
    play(session, 10)
    saves.save(session, path, "evening")
    first = len(session.match.actions)
    play(session, 10)
    saves.save(session, path, "evening")
    path.write_text("{ broken")
    entries, bad = saves.list_saves()
    assert len(bad) == 1 and bad[0].backup is not None
    assert [e.name for e in entries] == ["evening (previous copy)"]
    loaded = Session.of(saves.load(entries[0].path), threaded=False)
    assert len(loaded.match.actions) == first < len(session.match.actions)


FIXTURE_V1 = HERE / "fixtures" / "save-v1.json"


def test_a_version_1_save_of_the_earlier_release_loads_and_replays(data):
    """Written by the release before passes were actions (a call window open, seat 3 to decide):
    the upgrade puts in the passes, checks the version-1 fingerprint and loads the same game."""
    path = saves.saves_dir() / "old.json"
    path.write_bytes(FIXTURE_V1.read_bytes())
    old = json.loads(FIXTURE_V1.read_text())
    assert old["version"] == 1 and not any(text == "pass" for _, text in old["actions"])
    session = Session.of(saves.load(path), threaded=False)
    m = session.match
    texts = [text for _, text in m.action_texts()]
    assert [t for t in texts if t != "pass"] == [text for _, text in old["actions"]]
    assert texts.count("pass") > 100
    assert m.pending() == (3, "call") and m.hand_number == old["snapshot"]["hand"]
    assert m.totals == old["snapshot"]["totals"]
    saves.save(session, path, "again")  # written again as version 2, it loads as it is
    assert json.loads(path.read_text())["version"] == saves.VERSION == 2
    assert saves.state_digest(Session.of(saves.load(path), threaded=False).match) == saves.state_digest(m)


def test_a_version_1_save_that_does_not_replay_to_its_fingerprint_is_refused(data):
    path = saves.saves_dir() / "old.json"
    path.write_bytes(FIXTURE_V1.read_bytes())
    resign(path, lambda d: d["snapshot"].update(digest="0" * 64))
    with pytest.raises(saves.BadFile) as err:
        Session.of(saves.load(path), threaded=False)
    assert err.value.kind == "mismatch" and "old.json" in str(err.value)


def test_every_hand_of_a_game_and_of_practice_counts_in_the_progress_per_contract(data):
    from kalooki_desktop.play.practice import Practice
    from kalooki_desktop.scenes.practice import PracticeResultScene
    from kalooki_desktop.storage import progress

    app = make_app(persist=True)
    session = app.host.new_session(GameSetup(("easy", "easy"), "baby", seed=8), threaded=False)
    session.coach_on = True
    play(session, 100_000)
    hands = progress.FILE.load()[0]
    m = jamaican(session)
    scored = [r for r in m.results if not r.void]
    assert [h.hand for h in hands] == [r.number for r in scored] and not any(h.practice for h in hands)
    assert [h.points for h in hands] == [r.scores[0] for r in scored]
    assert all(h.made == bool(r.laid[0]) and (h.turns > 0) == h.made for h, r in zip(hands, scored, strict=True))
    assert all(0 <= h.agreed <= h.weighed for h in hands) and sum(h.weighed for h in hands) > 0
    run = app.host.practice = Practice(9, ("easy", "easy"))
    hand = run.begin(Session(run.setup(2), threaded=False, speed=1000))
    play(hand, 100_000)
    app.push(PracticeResultScene(app, hand, jamaican(hand).results[-1]))
    hands = progress.FILE.load()[0]
    assert hands[-1].practice and hands[-1].hand == 9 and len(hands) == len(scored) + 1
    figures = progress.per_contract(hands)
    assert figures["4 4 4 4"].played == 1 and sum(f.played for f in figures.values()) == len(hands)
    weakest = progress.weakest(hands)
    assert weakest is not None and progress.STANDARD[weakest] in figures
    from kalooki_desktop.scenes.menu import MenuScene

    menu = MenuScene(app)
    app.push(menu)
    step(app)
    assert menu.buttons["practice"].text == f"Practice · weakest: hand {weakest}"  # the menu offers it
    app.shutdown()
