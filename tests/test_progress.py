"""The progress per contract (``progress.json``): each hand counted once, even when a kill brings
back the game before the hand ended; filed under the contract actually played; older files read."""

from __future__ import annotations

import json

import pygame
import pytest

from kalooki_desktop.play.session import GameSetup, Session
from kalooki_desktop.storage import progress
from kalooki_desktop.storage.paths import set_data_dir

from .gui import jamaican, make_app
from .saving import play


@pytest.fixture
def data(tmp_path):
    set_data_dir(tmp_path)
    yield tmp_path
    set_data_dir(None)


def play_until_a_hand_ends(session: Session) -> None:
    m = jamaican(session)
    ended = len(m.results)
    now = 0.0
    while len(m.results) == ended and not session.over:
        now += 5000
        session.autoplay(now)


def test_a_kill_between_the_progress_and_the_autosave_of_the_last_move_counts_the_hand_once(data):
    """The progress of a hand is written, then the process dies before the autosave of the move
    that ended it: the next start brings back the game before the hand ended, and playing the end
    of the hand again does not count it twice."""
    app = make_app(persist=True)
    session = app.host.new_session(GameSetup(("easy", "easy"), "baby", seed=8), threaded=False)
    autosave = data / "saves" / "autosave.json"
    before_end: list[bytes] = []

    def keep(move):
        if move.result is None:
            before_end[:] = [autosave.read_bytes()]

    session.listeners.append(keep)
    play_until_a_hand_ends(session)
    assert len(progress.FILE.load()[0]) == 1
    app.shutdown()
    autosave.write_bytes(before_end[0])  # the state a kill at that moment leaves
    again = make_app(persist=True)
    assert again.host.session is not None and again.host.session.game_id == session.game_id
    assert not jamaican(again.host.session).results  # the hand has not ended in the autosave
    play_until_a_hand_ends(again.host.session)
    hands = progress.FILE.load()[0]
    assert len(hands) == 1
    assert [(h.game_id, h.hand) for h in hands] == [(session.game_id, 1)]
    again.shutdown()


def test_recording_the_same_hand_of_the_same_game_again_keeps_one_record(data):
    session = Session(GameSetup(("easy", "easy"), seed=3), threaded=False, speed=1000)
    play_until_a_hand_ends(session)
    assert progress.record_hand(session) == []
    assert progress.record_hand(session) == []
    assert len(progress.FILE.load()[0]) == 1
    other = Session(GameSetup(("easy", "easy"), seed=3), threaded=False, speed=1000)  # another game
    play_until_a_hand_ends(other)
    progress.record_hand(other)
    assert len(progress.FILE.load()[0]) == 2


def test_a_custom_schedule_is_filed_under_the_contracts_played(data):
    app = make_app(persist=True)
    session = app.host.new_session(GameSetup(("easy", "easy"), "custom", (), "3 3; 3 4", seed=5), threaded=False)
    play(session, 100_000)
    assert session.over
    scored = [r for r in jamaican(session).results if not r.void]
    hands = progress.FILE.load()[0]
    assert [h.contract for h in hands] == [r.contract_text for r in scored]
    figures = progress.per_contract(hands)
    assert set(figures) == {r.contract_text for r in scored} <= {"3 3", "3 4", "4 4 4 4"}
    assert "3 3 3" not in figures and "3 3 4" not in figures
    app.shutdown()


def test_the_progress_page_shows_the_nine_contracts_in_order_and_then_the_others_played(data):
    from kalooki_desktop.scenes.progress import draw_progress

    def hand(number: int, contract: str, *, made: bool) -> progress.HandRecord:
        return progress.HandRecord("2026-01-01", number, made, 3 if made else 0, 10, contract=contract)

    records = [hand(1, "3 3", made=True), hand(2, "3 4", made=False), hand(1, "3 3 3", made=True)]
    surface = pygame.Surface((1280, 800))
    rows = draw_progress(surface, pygame.Rect(20, 80, 1240, 600), records, None, progress.weakest(records), 16)
    standard = list(progress.STANDARD.values())
    assert list(rows) == [*standard, "3 3", "3 4"]
    assert all(rows[a].bottom <= rows[b].top + 2 for a, b in zip(list(rows), list(rows)[1:], strict=False))
    assert max(r.bottom for r in rows.values()) <= 80 + round(600 * 0.56)


def test_a_progress_file_without_contracts_is_read_by_the_hand_number(data):
    path = data / "progress.json"
    old = {"date": "2026-01-01", "hand": 5, "made": True, "turns": 4, "points": 0, "weighed": 9, "agreed": 7}
    path.write_text(json.dumps({"version": 1, "hands": [old, {**old, "hand": 9, "made": False, "turns": 0}]}))
    records, message = progress.FILE.load()
    assert message is None and len(records) == 2
    figures = progress.per_contract(records)
    assert set(figures) == {progress.STANDARD[5], progress.STANDARD[9]}
    assert progress.weakest(records) == 9


# --- the Statistics scene before a game is finished ---------------------------------------------


def texts_drawn(app, scene, monkeypatch) -> list[str]:
    from .layout_probe import Probe

    probe = Probe(monkeypatch)
    app.push(scene)
    app.step(1 / 60)
    app.draw()
    return [d.text for d in probe.drawn]


def test_statistics_show_the_hands_played_before_any_game_is_finished(data, monkeypatch):
    from kalooki_desktop.scenes.statistics import StatisticsScene

    game = Session(GameSetup(("easy", "easy"), seed=3), threaded=False, speed=1000)
    for _ in range(2):
        play_until_a_hand_ends(game)
        progress.record_hand(game)
    practice = Session(GameSetup(("easy", "easy"), "custom", (), "3 3 3", seed=4), threaded=False, speed=1000)
    practice.practice = 1
    play_until_a_hand_ends(practice)
    progress.record_hand(practice, practice=True)
    hands = progress.FILE.load()[0]
    in_games = [h for h in hands if not h.practice]
    made = sum(h.made for h in in_games)
    app = make_app()
    drawn = texts_drawn(app, StatisticsScene(app), monkeypatch)
    assert "Finish a game to see your statistics here" not in drawn
    assert "Hands in games (finished or not)" in drawn and "Hands in practice" in drawn
    assert str(len(in_games)) in drawn and f"{made} ({100 * made / len(in_games):.0f}%)" in drawn
    app.shutdown()


def test_statistics_with_nothing_played_say_how_to_fill_them(data, monkeypatch):
    from kalooki_desktop.scenes.statistics import StatisticsScene

    app = make_app()
    drawn = texts_drawn(app, StatisticsScene(app), monkeypatch)
    assert any("Play a hand" in t for t in drawn)
    app.shutdown()


def test_british_deals_are_kept_under_their_game_with_coming_out_and_kalookis(data):
    """Progress per game: a British deal is filed under its preset ("made" is coming out, B-4;
    the turns are those to come out; a Kalooki counts as going out at once, B-V5), read back
    from the file, and the page lists it after the contracts."""
    session = Session(GameSetup(("easy", "easy"), "british40", seed=5), threaded=False)
    now = 0.0
    while not session.match.results or session.match.results[-1].void:
        now += 5000
        session.autoplay(now)
    result = session.match.results[-1]
    assert progress.record_hand(session) == []
    records, _ = progress.FILE.load()
    assert len(records) == 1
    r = records[0]
    assert (r.game, r.played, r.contract) == ("british40", "british40", "")
    assert r.made == result.laid[0] and r.points == result.scores[0]
    assert r.big_out == (result.big_out and result.out == 0)
    assert (r.turns > 0) == r.made
    figures = progress.per_contract(records)
    assert figures["british40"].played == 1 and figures["british40"].big_outs == int(r.big_out)
    assert progress.contracts_shown(figures)[-1] == "british40"
    assert progress.weakest(records) is None  # practice offers the nine contracts' weakest only

    from kalooki_desktop.scenes.progress import contract_name, draw_progress

    pygame.init()
    surface = pygame.Surface((1280, 800))
    rows = draw_progress(surface, surface.get_rect(), records, "british40", None, 16)
    assert "british40" in rows and contract_name("british40") == "Kalooki 40 · coming out"
