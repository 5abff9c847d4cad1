"""Every menu and dialog by keys alone: Tab and Shift+Tab (or the arrows) move a visible focus over
a screen's widgets, Enter or Space presses a button or ticks a box, Left and Right step a dropdown
or a slider, Esc goes back. No mouse event is sent in these tests."""

from __future__ import annotations

import pygame
import pytest

from kalooki_desktop import i18n
from kalooki_desktop.scenes.load import LoadScene
from kalooki_desktop.scenes.menu import MenuScene
from kalooki_desktop.scenes.newgame import NewGameScene
from kalooki_desktop.scenes.practice import PracticeScene
from kalooki_desktop.scenes.rules import RulesScene
from kalooki_desktop.scenes.settings import SettingsScene
from kalooki_desktop.scenes.statistics import StatisticsScene
from kalooki_desktop.scenes.table import TableScene
from kalooki_desktop.storage.paths import set_data_dir

from .gui import focus_on, key, make_app, step, top


@pytest.fixture
def app(tmp_path):
    set_data_dir(tmp_path)
    a = make_app()
    a.push(MenuScene(a))
    step(a, 2)
    yield a
    a.shutdown()
    set_data_dir(None)
    i18n.set_language("en")


def open_from_menu(app, item: str) -> None:
    focus_on(app, top(app, MenuScene).buttons[item])
    key(app, pygame.K_RETURN)
    step(app, 2)


def test_the_focus_shows_only_once_a_key_moves_it_and_walks_the_menu_both_ways(app) -> None:
    menu = top(app, MenuScene)
    assert not menu.focus.shown
    key(app, pygame.K_TAB)
    first = menu.focus.current
    assert menu.focus.shown and first is menu.buttons["new"]  # Continue is off: no game yet
    key(app, pygame.K_TAB)
    assert menu.focus.current is menu.buttons["learn"]
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    key(app, pygame.K_UP)
    assert menu.focus.current is menu.buttons["quit"]  # round from the first to the last
    key(app, pygame.K_DOWN)
    assert menu.focus.current is first


def test_settings_by_keys_a_box_ticked_a_dropdown_stepped_the_language_changed_and_back(app) -> None:
    open_from_menu(app, "settings")
    settings = top(app, SettingsScene)
    before = app.settings.reduce_motion
    focus_on(app, settings.reduce)
    key(app, pygame.K_SPACE)
    step(app, 2)
    assert app.settings.reduce_motion is not before
    focus_on(app, settings.speed)
    speed = app.settings.speed
    key(app, pygame.K_RIGHT)
    step(app, 2)
    assert app.settings.speed != speed
    focus_on(app, settings.volume)
    volume = app.settings.volume
    key(app, pygame.K_LEFT)
    step(app, 2)
    assert app.settings.volume < volume
    focus_on(app, settings.language)
    key(app, pygame.K_RIGHT)
    step(app, 3)
    assert app.settings.language != "en" and i18n.language() == app.settings.language
    settings = top(app, SettingsScene)  # re-worded in the new language
    focus_on(app, settings.back)
    key(app, pygame.K_RETURN)
    step(app, 2)
    assert isinstance(app.top, MenuScene)


@pytest.mark.parametrize(("item", "kind"), [("rules", RulesScene), ("stats", StatisticsScene), ("load", LoadScene),
                                            ("practice", PracticeScene)])
def test_each_screen_of_the_menu_opens_and_closes_by_keys(app, item, kind) -> None:
    open_from_menu(app, item)
    assert isinstance(app.top, kind)
    if kind is RulesScene:
        rules = top(app, RulesScene)
        focus_on(app, rules.tabs[True])
        key(app, pygame.K_RETURN)
        step(app, 2)
        assert top(app, RulesScene).british
    key(app, pygame.K_ESCAPE)
    step(app, 2)
    assert isinstance(app.top, MenuScene)


def test_a_new_game_by_keys_then_the_question_before_leaving_it_answered_by_keys(app) -> None:
    open_from_menu(app, "new")
    dialog = top(app, NewGameScene)
    focus_on(app, dialog.start)
    key(app, pygame.K_RETURN)
    step(app, 3)
    assert isinstance(app.top, TableScene)
    key(app, pygame.K_ESCAPE)  # the table's menu
    step(app, 3)
    assert isinstance(app.top, MenuScene)
    open_from_menu(app, "new")
    dialog = top(app, NewGameScene)
    focus_on(app, dialog.start)
    key(app, pygame.K_RETURN)  # a game is in progress: the question comes first
    step(app, 2)
    question = dialog.leave.dialog
    assert question is not None and question.visible
    focus_on(app, question.confirm_button)
    key(app, pygame.K_RETURN)
    step(app, 3)
    assert isinstance(app.top, TableScene)


def test_f1_shows_the_keys_of_the_screen_in_use_and_any_key_closes_them(app) -> None:
    from kalooki_desktop.scenes.keys import KeysScene

    key(app, pygame.K_F1)
    step(app, 2)
    shown = top(app, KeysScene)
    assert "focus" in shown.names and "pick" not in shown.names
    key(app, pygame.K_ESCAPE)
    step(app, 2)
    assert isinstance(app.top, MenuScene)
    open_from_menu(app, "new")
    focus_on(app, top(app, NewGameScene).start)
    key(app, pygame.K_RETURN)
    step(app, 3)
    assert isinstance(app.top, TableScene)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=pygame.KMOD_SHIFT, unicode="?",
                                         scancode=0))
    step(app, 3)
    assert "pick" in top(app, KeysScene).names  # the table's own keys
    key(app, pygame.K_SPACE)
    step(app, 2)
    assert isinstance(app.top, TableScene)


def _luminance(c: tuple[int, int, int]) -> float:
    def channel(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in c)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_the_high_contrast_look_by_keys_words_at_seven_to_one_on_felt_and_panels(app) -> None:
    from kalooki_desktop.ui import palette

    open_from_menu(app, "settings")
    focus_on(app, top(app, SettingsScene).contrast)
    key(app, pygame.K_SPACE)
    step(app, 3)
    try:
        assert app.settings.high_contrast and palette.high_contrast()
        words = ("TEXT", "TEXT_SOFT", "TEXT_DIM", "TEXT_HELP", "TEXT_KEYS", "TEXT_FAINT", "FELT_WORDS", "GOLD",
                 "COACH_QUIET")
        for name in words:  # WCAG's enhanced contrast (7:1) on the felt and on a panel
            assert contrast(getattr(palette, name), palette.FELT) >= 7, name
            assert contrast(getattr(palette, name), palette.PANEL) >= 7, name
        shot = app.screen.get_at((5, app.screen.get_height() // 2))[:3]
        assert sum(shot) < sum(palette._STANDARD["FELT"])  # the darker felt is on show
        focus_on(app, top(app, SettingsScene).contrast)
        key(app, pygame.K_SPACE)
        step(app, 2)
        assert not palette.high_contrast() and palette._STANDARD["TEXT"] == palette.TEXT
    finally:
        palette.set_high_contrast(False)


def test_the_focus_keeps_its_place_when_a_screen_is_made_anew(app) -> None:
    open_from_menu(app, "settings")
    settings = top(app, SettingsScene)
    focus_on(app, settings.language)
    place = settings.focus.place
    key(app, pygame.K_RIGHT)  # another language: the screen is made again in it
    step(app, 3)
    key(app, pygame.K_RIGHT)  # and the next key still acts where the focus was
    step(app, 3)
    again = top(app, SettingsScene)
    assert again.focus.shown and again.focus.current is again.language and again.focus.place == place
    assert app.settings.language not in ("en",) or i18n.language() == app.settings.language


def test_at_the_table_ctrl_s_saves_under_a_name_and_p_shows_the_scores(app) -> None:
    from kalooki_desktop.scenes.scoreboard import ScoreboardScene
    from kalooki_desktop.scenes.table.dialogs import SaveAsScene

    open_from_menu(app, "new")
    focus_on(app, top(app, NewGameScene).start)
    key(app, pygame.K_RETURN)
    step(app, 3)
    assert isinstance(app.top, TableScene)
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    step(app, 2)
    assert isinstance(app.top, SaveAsScene)
    key(app, pygame.K_ESCAPE)
    step(app, 2)
    assert isinstance(app.top, TableScene)
    key(app, pygame.K_p)
    step(app, 2)
    assert isinstance(app.top, ScoreboardScene)


def test_the_interface_size_and_large_cards_by_keys_lay_the_table_out_as_far_as_the_window_holds(app) -> None:
    from kalooki_desktop.ui.layout import set_large_cards
    from kalooki_desktop.ui.theme import set_interface_scale

    open_from_menu(app, "new")
    focus_on(app, top(app, NewGameScene).start)
    key(app, pygame.K_RETURN)
    step(app, 3)
    before = top(app, TableScene).layout
    assert app.scale == 1.0 and before.font == 16
    try:
        key(app, pygame.K_ESCAPE)
        step(app, 2)
        open_from_menu(app, "settings")
        settings = top(app, SettingsScene)
        focus_on(app, settings.interface)
        key(app, pygame.K_RIGHT)  # from fitting the window to 75%
        step(app, 3)
        assert app.settings.interface_scale == 75 and app.scale == 0.75
        for _ in range(5):  # on to 200%: this 1280x800 window holds 100%, and the row says so
            key(app, pygame.K_RIGHT)
            step(app, 3)
        settings = top(app, SettingsScene)
        assert app.settings.interface_scale == 200 and app.scale == 1.0
        assert (i18n.tr("settings.interface_capped", here=i18n.percent(1.0)), ) == tuple(
            text for text, _ in settings.labels if "100" in text)
        focus_on(app, settings.interface)
        for _ in range(5):
            key(app, pygame.K_LEFT)  # back to 75%
            step(app, 3)
        assert app.settings.interface_scale == 75
        focus_on(app, top(app, SettingsScene).large)
        key(app, pygame.K_SPACE)
        step(app, 3)
        assert app.settings.large_cards
        key(app, pygame.K_ESCAPE)  # the settings left, the game continued from the menu
        step(app, 3)
        open_from_menu(app, "continue")
        after = top(app, TableScene).layout
        assert after.font < before.font and after.bar.h < before.bar.h
        assert after.hand_card_h > before.hand_card_h and after.slot_card_h > before.slot_card_h
    finally:
        set_interface_scale(0)
        set_large_cards(False)


def test_a_hands_scores_stay_until_answered_then_esc_goes_to_the_menu_with_the_game_kept(app) -> None:
    from kalooki_desktop.play.session import GameSetup, Session
    from kalooki_desktop.scenes.scoreboard import ScoreboardScene

    session = Session(GameSetup(("easy", "easy"), seed=3), threaded=False, speed=1000)
    now = 0.0
    while not session.match.results:
        now += 5000
        session.autoplay(now)
    app.host.set_session(session)
    app.push(ScoreboardScene(app, session, session.match.results[-1]))
    step(app, 2)
    key(app, pygame.K_RETURN)  # a key meant for the table, pressed as the scores came
    key(app, pygame.K_SPACE)  # the table's pick key: never the scores' answer
    step(app, 40)
    assert isinstance(app.top, ScoreboardScene)
    key(app, pygame.K_ESCAPE)
    step(app, 2)
    assert isinstance(app.top, MenuScene) and app.host.session is session and not session.over


def test_the_rules_scroll_with_the_arrows_as_their_footer_says_while_tab_moves_the_focus(app) -> None:
    open_from_menu(app, "rules")
    rules = top(app, RulesScene)
    key(app, pygame.K_TAB)
    focused = rules.focus.current
    assert rules.focus.shown and rules.scroll == 0
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    assert rules.scroll > 0 and rules.focus.current is focused
    key(app, pygame.K_UP)
    key(app, pygame.K_UP)
    assert rules.scroll == 0


def test_tab_goes_down_each_column_of_settings_and_new_game_before_the_next(app) -> None:
    open_from_menu(app, "settings")
    settings = top(app, SettingsScene)
    order = []
    for _ in range(16):
        key(app, pygame.K_TAB)
        order.append(settings.focus.current)
    play = [settings.speed, settings.reduce, settings.wait, settings.every, settings.coach, settings.ask_discard]
    look = [settings.language, settings.deck, settings.interface, settings.large, settings.contrast]
    assert order[:len(play)] == play and order[len(play):len(play) + len(look)] == look
    key(app, pygame.K_ESCAPE)
    open_from_menu(app, "new")
    game = top(app, NewGameScene)
    seen = []
    for _ in range(30):
        key(app, pygame.K_TAB)
        seen.append(game.focus.current.rect.centerx < game.left.right if game.focus.current else None)
    first_right = seen.index(False)
    assert all(seen[:first_right]) and not any(seen[first_right:first_right + 3])  # the left, then the right
