"""A save whose checksum is right but whose setup no New game screen could make (an unknown
level, two players, an unknown preset or switch, a schedule of no contract, an exact deal the
packs cannot hold): on every path that reads a save it is a bad file like any other, said
plainly, moved aside, with nothing else touched and nothing crashing."""

from __future__ import annotations

import hashlib
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from kalooki_desktop.engine.cards import card_text
from kalooki_desktop.engine.match import Match
from kalooki_desktop.engine.rules import make_rules
from kalooki_desktop.play.session import Session
from kalooki_desktop.storage import saves
from kalooki_desktop.storage.paths import set_data_dir

from .gui import make_app, step, top
from .saving import good_save, resign

FIXTURE_V1 = Path(__file__).parent / "fixtures" / "save-v1.json"
SET_UP_AGAIN = "cannot be set up"  # the words of the catalogue's save.bad_game


@pytest.fixture
def data(tmp_path):
    set_data_dir(tmp_path)
    yield tmp_path
    set_data_dir(None)


def cards(cs: list[int]) -> str:
    return " ".join(card_text(c) for c in cs)


def scenario(levels: list[str], **changes: Any) -> dict[str, Any]:
    """An exact deal that the packs hold (hand 1 of a game at that table), changed by ``changes``."""
    m = Match(make_rules("jamaican"), len(levels) + 1, 5)
    h = m.hand
    base = {"levels": levels, "preset": "jamaican", "variants": [], "seed": 5, "hand": 1, "dealer": h.dealer,
            "hands": [cards(hand) for hand in h.hands], "discard": cards(list(reversed(h.discard))),
            "stock": cards(list(reversed(h.stock)))}
    return {**base, **changes}


def with_scenario(**changes: Any) -> Callable[[dict[str, Any]], None]:
    def change(doc: dict[str, Any]) -> None:
        levels = changes.pop("levels", list(doc["setup"]["levels"]))
        doc["scenario"] = scenario(levels, **changes)
        doc["setup"]["levels"] = levels

    return change


#: Each setup a New game screen refuses (or never offers), put into a save.
BAD_SETUPS: dict[str, Callable[[dict[str, Any]], object]] = {
    "level-god": lambda d: d["setup"].update(levels=["god", "normal", "normal"]),
    "level-random": lambda d: d["setup"].update(levels=["random", "normal", "normal"]),
    "two-players": lambda d: d["setup"].update(levels=["normal"]),
    "unknown-preset": lambda d: d["setup"].update(preset="chess"),
    "custom-without-schedule": lambda d: d["setup"].update(preset="custom", schedule=None),
    "schedule-99": lambda d: d["setup"].update(preset="custom", schedule="99 99 99 99"),
    "unknown-variant": lambda d: d["setup"].update(variants=["J-V99"]),
    "british-variant-in-jamaican": lambda d: d["setup"].update(variants=["B-V3"]),
    "scenario-too-few-hands": lambda d: with_scenario(hands=["3S 4S 5S"])(d),
    "scenario-hand-100": lambda d: with_scenario(hand=100)(d),
    "scenario-dealer-7-of-3": lambda d: with_scenario(levels=["normal", "normal"], dealer=7)(d),
    "scenario-card-ZZ": lambda d: with_scenario(discard="ZZ")(d),
    "scenario-card-333-times": lambda d: with_scenario(discard=" ".join(["3S"] * 333))(d),
    "scenario-level-god": lambda d: with_scenario(levels=["god", "normal", "normal"])(d),
}
CASES = [(version, case) for version in (1, 2) for case in sorted(BAD_SETUPS)]


def bad_save(name: str, version: int, case: str) -> Path:
    """A save called ``name`` of format ``version`` with the bad setup ``case``, its checksum right."""
    if version == 1:
        path = saves.saves_dir() / f"{name}.json"
        shutil.copyfile(FIXTURE_V1, path)
    else:
        path = good_save(name, seed=7)
    resign(path, BAD_SETUPS[case])
    return path


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize(("version", "case"), CASES)
def test_reading_a_save_with_a_setup_no_new_game_allows_is_a_bad_file(data, version, case):
    path = bad_save("bad", version, case)
    with pytest.raises(saves.BadFile, match=SET_UP_AGAIN):
        saves.parse(path.read_bytes(), path)
    with pytest.raises(saves.BadFile, match=SET_UP_AGAIN):
        Session.of(saves.load(path), threaded=False)


@pytest.mark.parametrize("version", [1, 2])
def test_the_unchanged_exact_deal_is_a_setup_a_save_may_have(data, version):
    """The exact deal the cases above spoil is itself acceptable (so each case fails by its own fault)."""
    path = bad_save("fine", version, "scenario-hand-100")
    resign(path, lambda d: d["scenario"].update(hand=1))
    try:
        Session.of(saves.load(path), threaded=False)
    except saves.BadFile as exc:  # it does not replay the fixture's moves, but it is set up
        assert SET_UP_AGAIN not in str(exc)


@pytest.mark.parametrize(("version", "case"), CASES)
def test_an_autosave_with_a_bad_setup_is_moved_aside_and_the_game_starts(data, version, case):
    other = good_save("keep me")
    before = digest(other)
    autosave = bad_save("autosave", version, case)
    app = make_app(persist=True)
    assert app.host.session is None
    assert len(app.notices) == 1 and "autosave.json" in app.notices[0] and SET_UP_AGAIN in app.notices[0]
    assert list((data / "saves").glob("autosave.json.corrupt-*")) and not autosave.exists()
    assert digest(other) == before
    step(app, 2)
    app.shutdown()


@pytest.mark.parametrize(("version", "case"), CASES)
def test_a_save_with_a_bad_setup_on_the_load_screen_is_moved_aside(data, version, case):
    from kalooki_desktop.scenes.load import LoadScene
    from kalooki_desktop.scenes.menu import MenuScene

    good_save("first", seed=1)
    bad_save("broken", version, case)
    app = make_app(persist=True)
    app.push(MenuScene(app))
    app.push(LoadScene(app))
    step(app, 3)
    assert [e.name for e in top(app, LoadScene).entries] == ["first"]
    assert list((data / "saves").glob("broken.json.corrupt-*"))
    assert any("broken.json" in n and SET_UP_AGAIN in n for n in [*app.notices, app.toast_text])
    app.shutdown()


@pytest.mark.parametrize(("version", "case"), CASES)
def test_reviewing_a_save_whose_setup_went_bad_after_listing_is_a_message(data, version, case):
    from kalooki_desktop.scenes.load import LoadScene
    from kalooki_desktop.scenes.menu import MenuScene

    path = good_save("soon bad", seed=4, actions=120)
    first = good_save("first", seed=1)
    before = digest(first)
    app = make_app(persist=True)
    app.push(MenuScene(app))
    app.push(LoadScene(app))
    step(app, 2)
    load = top(app, LoadScene)
    load.selected = [e.name for e in load.entries].index("soon bad")
    bad = bad_save("bad", version, case)
    shutil.move(bad, path)
    load.review_selected()
    step(app, 2)
    assert isinstance(app.top, LoadScene) and [e.name for e in app.top.entries] == ["first"]
    assert "soon bad.json" in app.toast_text and SET_UP_AGAIN in app.toast_text
    assert list((data / "saves").glob("soon bad.json.corrupt-*")) and digest(first) == before
    app.shutdown()


@pytest.mark.parametrize(("version", "case"), CASES)
def test_the_review_command_says_plainly_that_a_save_with_a_bad_setup_cannot_be_used(data, version, case, capsys):
    from kalooki_desktop.tools.coach_cli import main

    path = bad_save("bad", version, case)
    before = digest(path)
    assert main([str(path)]) == 2
    err = capsys.readouterr().err
    assert "bad.json" in err and SET_UP_AGAIN in err and "Traceback" not in err
    assert digest(path) == before  # the command reads the file it is given and changes nothing


@pytest.mark.parametrize("version", [1, 2])
def test_after_a_crash_an_autosave_that_cannot_be_used_is_not_called_saved(data, version):
    from kalooki_desktop.__main__ import _what_was_saved
    from kalooki_desktop.i18n import tr

    good_save("autosave")
    assert _what_was_saved() == tr("crash.saved")
    bad_save("autosave", version, "level-god")
    assert _what_was_saved() != tr("crash.saved")
