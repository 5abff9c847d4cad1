"""End to end: the real program in a real X window (Xvfb), driven with xdotool: pluck, drag the
contract into the slots, lay it, tack a card by dragging it onto a meld, F12 screenshot; then,
with that game in progress, New game: the question before it is left answered Cancel (the game
stays the autosave on disk) and then confirmed (the new game is the autosave, the old one the
save "Previous game").

The pointer paths are computed by the same scenes headless (the layout is pure geometry), then
replayed on the real window. What happened is read back from the game's log.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kalooki_desktop.app import App
from kalooki_desktop.i18n import tr
from kalooki_desktop.play.session import Session
from kalooki_desktop.scenes.table import TableScene
from kalooki_desktop.storage import saves
from kalooki_desktop.storage.paths import set_data_dir

from . import gui
from .gui import hand_pos, jamaican, make_app, table_at, top

SIZE = (1280, 800)
LAYER = "7S 7H 7D 9S 9H 9D KS KH KD 4C"
PLAIN = ["2S 3H 5D 6C 8S 10H QD JC AH", "2H 3D 5C 6S 8H 10D QC JS AD", "2D 3C 5S 6H 8D 10C QS JH AC"]
STOCK = "7C 6D 8H 3S 4D 10C QH JD AS 4H 2H 6H 8C 9S 5H 4S KC"
SCENARIO = {"levels": ["normal", "normal", "normal"], "hand": 1, "dealer": 3, "hands": [LAYER, *PLAIN],
            "discard": "2C", "stock": STOCK, "seed": 3}
TOOLS = ("Xvfb", "xdotool", "import")
Point = tuple[int, int]
Gesture = tuple[str, Point, Point]


def plan_gestures(tmp_path: Path) -> tuple[list[Gesture], dict[str, Point]]:
    """The gestures, as ("click", p, p) or ("drag", a, b), worked out on the headless table; and
    where to click to leave that game for a new one (see :func:`plan_leaving`)."""
    from .gui import click, drag

    set_data_dir(tmp_path / "plan")
    app = make_app(SIZE)
    try:
        from kalooki_desktop.scenes.menu import MenuScene

        app.push(MenuScene(app))  # beneath the table, as when the program starts on a deal
        app.apply_requests()
        scene = table_at(app, SCENARIO["hands"], SCENARIO["discard"], STOCK, dealer=3)  # type: ignore[arg-type]
        gestures: list[tuple[str, tuple[int, int], tuple[int, int]]] = []
        stock = scene.layout.stock.center
        gestures.append(("click", stock, stock))
        click(app, stock)
        for slot, cards in enumerate((("7S", "7H", "7D"), ("9S", "9H", "9D"), ("KS", "KH", "KD"))):
            for card in cards:
                a, b = hand_pos(scene, card), scene.layout.slots[slot].center
                gestures.append(("drag", a, b))
                drag(app, a, b)
        lay = scene.controls.lay.rect.center
        gestures.append(("click", lay, lay))
        click(app, lay)
        assert jamaican(scene.session).hand.laid[0]
        a, b = hand_pos(scene, "7C"), scene.geometry.meld_card_rects(0)[-1].center
        gestures.append(("drag", a, b))
        drag(app, a, b)
        assert len(scene.session.match.hand.table[0].cards) == 4
        return gestures, plan_leaving(app, scene)
    finally:
        app.shutdown()
        set_data_dir(None)


def plan_leaving(app: App, table: TableScene) -> dict[str, Point]:
    """With the table's game in progress: the table's Menu button, the menu's New game, the New
    game screen's Start, then the question's Cancel and its New game (confirm)."""
    from kalooki_desktop.scenes.menu import MenuScene
    from kalooki_desktop.scenes.newgame import NewGameScene

    from .gui import step

    def click(app: App, p: Point) -> None:
        gui.click(app, p)
        step(app, 3)  # the button's event, then the dialog's

    old = table.session
    where = {"menu": table.controls.menu.rect.center}
    click(app, where["menu"])
    where["new"] = top(app, MenuScene).buttons["new"].rect.center
    click(app, where["new"])
    new_game = top(app, NewGameScene)
    where["start"] = new_game.start.rect.center
    click(app, where["start"])
    asked = new_game.leave.dialog
    assert asked is not None and app.host.session is old
    where["cancel"], where["confirm"] = asked.cancel_button.rect.center, asked.confirm_button.rect.center
    click(app, where["cancel"])
    assert new_game.leave.dialog is None and app.top is new_game and app.host.session is old
    click(app, where["start"])
    assert new_game.leave.dialog is not None
    click(app, where["confirm"])
    assert isinstance(app.top, TableScene) and app.host.session is not old
    return where


def game_id(path: Path) -> str:
    """The game id of the save at ``path``."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    return str(doc["game_id"])


def xdo(env: dict[str, str], *args: str) -> None:
    subprocess.run(["xdotool", *args], env=env, check=True, timeout=20)


def click_at(env: dict[str, str], p: Point, wait: float = 0.8) -> None:
    xdo(env, "mousemove", str(p[0]), str(p[1]))
    time.sleep(0.1)
    xdo(env, "click", "1")
    time.sleep(wait)


def leave_for_a_new_game(env: dict[str, str], where: dict[str, Point], folder: Path) -> str:
    """Menu, New game, Start: the question; Cancel keeps the game in progress as the autosave;
    Start and New game again: the new game is the autosave, the old one "Previous game". The
    old game's id."""
    autosave = folder / f"{saves.AUTOSAVE}.json"
    previous = folder / f"{saves.file_stem(tr('save.previous_game'))}.json"
    old = game_id(autosave)
    for step in ("menu", "new", "start", "cancel"):
        click_at(env, where[step])
    assert game_id(autosave) == old and not previous.exists()
    click_at(env, where["start"])
    assert game_id(autosave) == old and not previous.exists()  # asked, not yet answered
    click_at(env, where["confirm"], wait=1.5)
    assert game_id(autosave) != old
    assert game_id(previous) == old
    return old


@pytest.mark.slow
@pytest.mark.e2e
def test_real_window_lay_and_tack_by_dragging(tmp_path):
    missing = [t for t in TOOLS if shutil.which(t) is None]
    if missing:
        if os.environ.get("KALOOKI_REQUIRE_E2E"):
            pytest.fail(f"end-to-end tools missing: {', '.join(missing)}")
        pytest.skip(f"needs {', '.join(missing)} (apt-get install xvfb xdotool imagemagick)")
    gestures, leaving = plan_gestures(tmp_path)
    scenario = tmp_path / "deal.json"
    scenario.write_text(json.dumps(SCENARIO))
    data = tmp_path / "data"
    display = f":{90 + os.getpid() % 800}"
    xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", f"{SIZE[0]}x{SIZE[1]}x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
    env.update(DISPLAY=display, SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    game = None
    try:
        time.sleep(1.0)
        game = subprocess.Popen(
            [sys.executable, "-m", "kalooki_desktop", "--data-dir", str(data), "--size", f"{SIZE[0]}x{SIZE[1]}",
             "--scenario", str(scenario)], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            found = subprocess.run(["xdotool", "search", "--pid", str(game.pid)], env=env, capture_output=True)
            if found.returncode == 0 and found.stdout.strip():
                break
            assert game.poll() is None, game.stdout.read().decode() if game.stdout else "the game exited"
            time.sleep(0.2)
        else:
            pytest.fail("the game window never appeared")
        time.sleep(3.5)  # the deal animation (about 1.5 s at normal speed) ends before the first click
        for kind, a, b in gestures:
            if kind == "click":
                xdo(env, "mousemove", str(a[0]), str(a[1]))
                time.sleep(0.1)
                xdo(env, "click", "1")
            else:
                xdo(env, "mousemove", str(a[0]), str(a[1]))
                time.sleep(0.1)
                xdo(env, "mousedown", "1")
                for i in range(1, 7):
                    x = a[0] + (b[0] - a[0]) * i // 6
                    y = a[1] + (b[1] - a[1]) * i // 6
                    xdo(env, "mousemove", str(x), str(y))
                    time.sleep(0.03)
                xdo(env, "mouseup", "1")
            time.sleep(0.6)
        xdo(env, "key", "F12")
        time.sleep(0.5)
        shot = tmp_path / "e2e.png"
        subprocess.run(["import", "-window", "root", str(shot)], env=env, check=True, timeout=20)
        out_dir = os.environ.get("KALOOKI_E2E_SHOT")
        if out_dir:
            shutil.copy(shot, out_dir)
        left = leave_for_a_new_game(env, leaving, data / "saves")
        game.send_signal(signal.SIGTERM)
        code = game.wait(timeout=20)
        output = game.stdout.read().decode() if game.stdout else ""
        assert code == 0, output
    finally:
        if game is not None and game.poll() is None:
            game.kill()
        xvfb.terminate()
        xvfb.wait(timeout=10)
    log = (data / "logs" / "kalooki.log").read_text(encoding="utf-8")
    assert "seat 0 pluck stock" in log
    assert "seat 0 lay three" in log, log
    assert "seat 0 tack 7C on 1" in log, log
    assert list((data / "screenshots").glob("*.png")), "F12 saved no screenshot"
    kept = Session.of(saves.load(data / "saves" / f"{saves.file_stem(tr('save.previous_game'))}.json"), threaded=False)
    assert kept.game_id == left and kept.match.hand.table  # the game left, its melds and all
    kept.close()
    assert shot.stat().st_size > 20_000
