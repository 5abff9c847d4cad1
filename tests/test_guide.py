"""The guided first hand: its tips come at their moments and say what is true then; following
them shows every moment (allowing the tutor's call or refusing it); the whole hand by keys alone
from the menu to its end; Skip; it is neither the game in progress nor counted."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from kalooki_desktop import i18n
from kalooki_desktop.engine.actions import (
    Pass,
    PluckDiscard,
)
from kalooki_desktop.play.guide import MOMENTS, Guide, follow, guided_session
from kalooki_desktop.play.session import HUMAN
from kalooki_desktop.scenes.guide import GuideResultScene
from kalooki_desktop.scenes.menu import MenuScene
from kalooki_desktop.scenes.table import TableScene
from kalooki_desktop.storage.paths import set_data_dir

from .gui import focus_on, key, make_app, run_until, step, top
from .test_keyboard_table import keys_for


@pytest.mark.parametrize("refuse", [False, True], ids=["allowing", "refusing"])
def test_following_the_tips_shows_every_moment_in_order_and_the_player_goes_out(refuse: bool) -> None:  # noqa: FBT001
    session, guide = guided_session(threaded=False, speed=1000), Guide()
    now = 0.0
    shown: list[str] = []
    texts: list[str] = []  # the tips of a pluck the discard pile is closed to
    for _ in range(500):
        if session.over:
            break
        tip = guide.tip(session)
        assert tip is not None
        if session.prompt() is None:
            assert tip.moment == "wait" and tip.target == ""
            now += 5000
            session.tick(now)
            continue
        if not shown or shown[-1] != tip.moment:
            shown.append(tip.moment)
        if tip.moment == "pluck" and session.check(PluckDiscard()) is not None:  # J-5.3, or laid
            assert tip.text in (i18n.tr("guide.pluck_stock"), i18n.tr("guide.pluck_laid")), tip.text
            texts.append(tip.text)
        assert session.submit(follow(session, tip, refuse=refuse)) is None, tip
    assert session.over and session.match.results[-1].out == HUMAN
    assert guide.seen == list(MOMENTS)
    assert guide.tip(session) is None  # the hand is over: no tip
    assert list(dict.fromkeys(m for m in shown if m in MOMENTS)) == list(MOMENTS)  # each first in order
    assert (i18n.tr("guide.pluck_stock") in texts) is not refuse  # after the allowed call: the stock
    assert guide.done(session) == list(MOMENTS)


def test_the_steps_are_ticked_only_when_the_player_takes_them() -> None:
    session, guide = guided_session(threaded=False, speed=1000), Guide()
    now = 0.0
    while guide.tip(session) is not None and "allow" not in guide.seen:
        tip = guide.tip(session)
        assert tip is not None
        if session.prompt() is None:
            now += 5000
            session.tick(now)
        elif tip.moment == "call":
            session.submit(Pass())  # the player lets the card go
        else:
            session.submit(follow(session, tip))
    done = guide.done(session)
    assert "call" in guide.seen and done == ["pluck"]  # no card staged, the call let go
    assert "build" not in Guide.done(guided_session(threaded=False)) and "build" in Guide.done(
        guided_session(threaded=False), staged=True)


def test_each_tip_names_what_is_true_at_its_moment() -> None:
    session, guide = guided_session(threaded=False, speed=1000), Guide()
    now, seen = 0.0, dict[str, tuple[Any, ...]]()
    while not session.over:
        tip = guide.tip(session)
        assert tip is not None
        if session.prompt() is None:
            now += 5000
            session.tick(now)
            continue
        view = session.view()  # what the player sees at the tip's moment (a view follows the game)
        seen.setdefault(tip.moment, (tip, view.discard_top, view.caller, view.laid[HUMAN], view.my_hand))
        session.submit(follow(session, tip))
    call, top_card, _, _, _ = seen["call"]
    assert i18n.card_name(top_card) in call.text and "Auntie Pearl" in call.text  # seat 1 discarded it
    allow, top_card, caller, _, _ = seen["allow"]
    assert caller == 1 and i18n.card_name(top_card) in allow.text
    tack, _, _, laid, _ = seen["tack"]
    assert tack.target == "meld" and tack.meld >= 0 and laid
    out, _, _, _, hand = seen["out"]
    assert len(hand) == 1 and i18n.card_name(hand[0]) in out.text


@pytest.fixture
def app(tmp_path):
    set_data_dir(tmp_path)
    a = make_app(persist=True)
    a.host.threaded_games = False
    a.push(MenuScene(a))
    step(a, 2)
    yield a
    a.shutdown()
    set_data_dir(None)


def test_the_menu_offers_the_guided_hand_first_until_it_is_played(app) -> None:
    menu = top(app, MenuScene)
    assert menu.buttons["learn"].text == i18n.tr("menu.learn_first")
    assert menu.buttons["learn"].object_ids[-1] == "#menu_primary"
    focus_on(app, menu.buttons["learn"])
    key(app, pygame.K_RETURN)
    step(app, 2)
    assert isinstance(app.top, TableScene) and app.top.session.guided and app.settings.guide_seen
    key(app, pygame.K_ESCAPE)
    step(app, 2)
    menu = top(app, MenuScene)
    assert menu.buttons["learn"].text == i18n.tr("menu.learn")


def test_the_whole_guided_hand_by_keys_from_the_menu_to_its_end(app, tmp_path) -> None:
    focus_on(app, top(app, MenuScene).buttons["learn"])
    key(app, pygame.K_RETURN)
    step(app, 2)
    scene = top(app, TableScene)
    session = scene.session
    assert app.host.session is None and app.host.guided is session  # not the game in progress
    for _ in range(400):
        if session.over:
            break
        tip = scene.guide.tip if scene.guide is not None else None
        if session.prompt() is None or tip is None or scene.busy():
            step(app, 4)
            continue
        before = len(session.match.actions)
        if tip.moment == "call":
            key(app, pygame.K_c)
        elif tip.moment == "allow":
            key(app, pygame.K_a)
        else:
            keys_for(app, scene, follow(session, tip))
        assert len(session.match.actions) > before, (tip.moment, app.toast_text)
    assert session.over
    run_until(app, lambda: isinstance(app.top, GuideResultScene))
    result = top(app, GuideResultScene)
    assert result.done == list(MOMENTS) and result.outcome() == i18n.tr("guide.done_you")
    assert i18n.tr("guide.bent") in result.details()  # laid and went out in one turn (J-8.2)
    kept = {p.name for p in tmp_path.rglob("*.json")}
    assert kept <= {"settings.json"}, kept  # no autosave, no statistics, no progress of this hand
    step(app, 40)  # (a key in the end's first moment is taken as meant for the table)
    key(app, pygame.K_RETURN)  # Play it again: the guided hand from its start
    step(app, 3)
    again = top(app, TableScene)
    assert again.session.guided and not again.session.match.actions and again.guide is not None
    assert again.guide.guide.seen == ["pluck"]  # a new guide: its first tip seen, no other


def test_skipping_the_guide_by_keys_leaves_the_hand_to_play_without_tips(app) -> None:
    app.push("table", app.host.play_guided())
    step(app, 3)
    scene = top(app, TableScene)
    assert scene.guide is not None and scene.guide.on and scene.guide.skip is not None
    assert "guide" in scene.help_keys  # F1 says so
    key(app, pygame.K_g)
    step(app, 2)
    assert not scene.guide.on and not scene.guide.skip.visible and scene.guide.guide.skipped
    scene.rebuild()  # a rebuilt window keeps it skipped
    step(app, 2)
    assert not scene.guide.on and not scene.guide.skip.visible


def test_leaving_the_guided_hand_under_way_asks_first(app) -> None:
    app.push("table", app.host.play_guided())
    step(app, 3)
    scene = top(app, TableScene)
    key(app, pygame.K_ESCAPE)  # nothing played: leaves at once
    step(app, 2)
    assert isinstance(app.top, MenuScene)
    app.push("table", app.host.play_guided())
    step(app, 3)
    scene = top(app, TableScene)
    run_until(app, lambda: scene.session.prompt() == "pluck" and not scene.busy())
    key(app, pygame.K_SPACE)  # plucked: the hand is under way
    key(app, pygame.K_ESCAPE)
    assert scene.slips.asking() and isinstance(app.top, TableScene)
    key(app, pygame.K_RETURN)
    step(app, 2)
    assert isinstance(app.top, MenuScene)
