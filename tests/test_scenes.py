"""Scene tests: the real scenes driven by synthetic mouse and key events (dummy video driver)."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from kalooki_desktop.ai.personas import persona
from kalooki_desktop.engine.actions import Discard, PluckStock
from kalooki_desktop.engine.cards import parse_cards
from kalooki_desktop.engine.refusal import Refusal
from kalooki_desktop.engine.rules import THREE, RuleSet
from kalooki_desktop.engine.turn import Phase
from kalooki_desktop.i18n import tr
from kalooki_desktop.play.session import Session
from kalooki_desktop.scenes.menu import MenuScene
from kalooki_desktop.scenes.newgame import NewGameScene
from kalooki_desktop.scenes.scoreboard import ScoreboardScene
from kalooki_desktop.scenes.table import TableScene
from kalooki_desktop.storage.paths import set_data_dir

from .gui import (
    act,
    click,
    drag,
    hand_pos,
    jamaican,
    key,
    make_app,
    play_to_the_end,
    post,
    press_button,
    run_until,
    step,
    table_at,
)

LAYER = "7S 7H 7D 9S 9H 9D KS KH KD 4C"
PLAIN = ["2S 3H 5D 6C 8S 10H QD JC AH", "2H 3D 5C 6S 8H 10D QC JS AD", "2D 3C 5S 6H 8D 10C QS JH AC"]


def rule_of(state: object) -> str:
    """The rule id of a slot's refusal."""
    assert isinstance(state, Refusal), state
    return state.rule


def slot_centre(scene: TableScene, j: int) -> tuple[int, int]:
    return scene.layout.slots[j].center


def slot_pos(scene: TableScene, j: int, card: str) -> tuple[int, int]:
    k = scene.model.slots[j].index(parse_cards(card)[0])
    rects = scene.geometry.slot_rects(j)
    right = rects[k + 1].x if k + 1 < len(rects) else rects[k].right
    return (rects[k].x + right) // 2, rects[k].y + 20


def lay_by_dragging(app, scene: TableScene) -> None:
    """Drag the three threes of LAYER into the slots (one card at a time, then a multi-selection)."""
    for card in ("7S", "7H", "7D"):
        drag(app, hand_pos(scene, card), slot_centre(scene, 0))
    for card in ("9S", "9H", "9D"):
        click(app, hand_pos(scene, card))
        step(app, 25)  # past the double-click window
    drag(app, hand_pos(scene, "9D"), slot_centre(scene, 1))
    for card in ("KS", "KH", "KD"):
        drag(app, hand_pos(scene, card), slot_centre(scene, 2))


def test_menu_new_game_dialog_starts_a_table(app):
    app.push(MenuScene(app))
    step(app, 2)
    menu = app.top
    press_button(app, menu.buttons["new"])
    assert isinstance(app.top, NewGameScene)
    dialog = app.top
    assert dialog.levels == ["normal", "normal", "normal"]
    press_button(app, dialog.start)
    step(app, 2)
    assert isinstance(app.top, TableScene)
    assert app.host.session is not None and app.host.session.match.players == 4


def test_build_and_lay_a_contract_by_dragging_into_slots(app):
    scene = table_at(app, [LAYER, *PLAIN], discard="2C", stock="7C 6D 8H 3S 4D 10C")
    s = scene.session
    assert s.prompt() == "pluck"
    click(app, scene.layout.stock.center)
    assert s.prompt() == "play"
    assert not scene.controls.lay.is_enabled
    lay_by_dragging(app, scene)
    assert [scene.model.slot_state(j) for j in range(3)] == [None, None, None]
    assert scene.lay_refusal() is None
    step(app)
    assert scene.controls.lay.is_enabled
    press_button(app, scene.controls.lay)
    hand = s.match.hand
    assert hand.laid[0]
    assert [m.kind for m in hand.table] == [THREE, THREE, THREE]
    assert sorted(hand.hands[0]) == sorted(parse_cards("4C 7C"))
    assert scene.layout.staging is None  # the slots make way for the table


def test_tack_by_dragging_onto_a_meld(app):
    scene = table_at(app, [LAYER, *PLAIN], discard="2C", stock="7C 6D 8H 3S 4D 10C")
    click(app, scene.layout.stock.center)
    lay_by_dragging(app, scene)
    press_button(app, scene.controls.lay)
    step(app, 2)
    sevens = scene.geometry.meld_card_rects(0)
    drag(app, hand_pos(scene, "7C"), sevens[-1].center)
    table = scene.session.match.hand.table
    assert len(table[0].cards) == 4 and parse_cards("7C")[0] in table[0].cards
    assert scene.session.match.hand.hands[0] == parse_cards("4C")


def test_illegal_drops_are_refused_with_the_rule(app):
    scene = table_at(app, ["JK 7S 7H 9S 9H 9D KS KH KD 4C", *PLAIN], discard="2C", stock="7C 6D 8H 3S 4D 10C")
    s = scene.session
    # discarding before plucking
    drag(app, hand_pos(scene, "4C"), scene.layout.pile.center)
    assert "(J-4.1)" in app.toast_text and app.toasts.kind == "error"
    assert len(s.match.hand.hands[0]) == 10 and not s.match.actions
    click(app, scene.layout.stock.center)
    # a joker cannot be discarded: it glides back to the hand
    order = list(scene.model.order)
    drag(app, hand_pos(scene, "JK"), scene.layout.pile.center)
    assert "(J-4.5)" in app.toast_text
    assert scene.model.order == order and len(s.match.hand.hands[0]) == 11
    run_until(app, lambda: not scene.choreo.flights)
    # a slot explains itself live
    drag(app, hand_pos(scene, "7S"), slot_centre(scene, 0))
    drag(app, hand_pos(scene, "9S"), slot_centre(scene, 0))
    state = scene.model.slot_state(0)
    assert isinstance(state, Refusal) and state.rule == "J-2.1"
    # a click sends a staged card back to the hand; a joker completes the three
    click(app, slot_pos(scene, 0, "9S"))
    drag(app, hand_pos(scene, "7H"), slot_centre(scene, 0))
    drag(app, hand_pos(scene, "JK"), slot_centre(scene, 0))
    for card in ("9S", "9H", "9D"):
        drag(app, hand_pos(scene, card), slot_centre(scene, 1))
    for card in ("KS", "KH"):
        drag(app, hand_pos(scene, card), slot_centre(scene, 2))
    assert rule_of(scene.model.slot_state(2)) == "J-2.1"
    drag(app, hand_pos(scene, "7C"), slot_centre(scene, 2))
    assert rule_of(scene.model.slot_state(2)) == "J-2.1"  # 7C with kings
    click(app, slot_pos(scene, 2, "7C"))
    drag(app, hand_pos(scene, "KD"), slot_centre(scene, 2))
    assert scene.lay_refusal() is None
    # nothing was laid by all this
    assert not jamaican(s).hand.laid[0]


def test_player_calls_a_discard_and_it_is_allowed_or_refused(app):
    # seat 1 discards 7H; seat 2 is next; seat 3 (nothing of use) is asked first, then the player.
    hands = ["7S 7D 9S 9H KS KH 4C 5C 2S", "7H 3H 5D 6C 8S 10H QD JC AH", PLAIN[1], PLAIN[2]]
    scene = table_at(
        app, hands, discard="2C", stock="6D 8H 3S 4D 10C QH JD AS 4H 2H 6H 8C 9S 5H 4S KC KD 10S"
    )
    s = scene.session
    m = jamaican(s)
    m.apply(0, PluckStock())
    m.apply(0, Discard(parse_cards("2S")[0]))
    act(m, 1, PluckStock())
    m.apply(1, Discard(parse_cards("7H")[0]))
    run_until(app, lambda: s.prompt() == "call")
    assert scene.controls.call.visible
    press_button(app, scene.controls.call)
    assert (0, "call") in m.hand.log
    run_until(app, lambda: m.hand.phase != Phase.ALLOW)
    # seat 2 (Normal) allowed it or refused it; either way the log shows it
    last = [t for seat, t in m.hand.log if seat == 2][-1]
    assert last in ("allow", "refuse", "pluck discard")
    if last == "allow":
        assert parse_cards("7H")[0] in m.hand.hands[0]


@pytest.mark.parametrize("answer", ["allow", "refuse"])
def test_player_answers_a_call(app, answer):
    # seat 3 discards 7H; the player is next; seat 1 holds 7S 7D and calls it.
    hands = [
        "2S 3H 5D 6C 8S 10H QD JC AH",
        "7S 7D 9C 9H KS KH 4C 5C 3S",
        PLAIN[2],
        "7H 3D 5C 6S 8H 10D QC JS AD",
    ]
    scene = table_at(
        app, hands, discard="2C", stock="6D 8H 3S 4D 10C QH JD AS 4H 2H 6H 8C 9S 5H 4S KC KD 10S", dealer=2
    )
    s = scene.session
    m = jamaican(s)
    m.apply(3, PluckStock())
    m.apply(3, Discard(parse_cards("7H")[0]))
    run_until(app, lambda: s.prompt() == "allow")
    assert (1, "call") in m.hand.log
    assert scene.controls.allow.visible and scene.controls.refuse.visible
    press_button(app, scene.controls.allow if answer == "allow" else scene.controls.refuse)
    if answer == "allow":
        assert parse_cards("7H")[0] in m.hand.hands[1]
        assert m.hand.calls_used[1] == 1
        assert s.prompt() == "pluck" and m.hand.stock_only
    else:
        assert parse_cards("7H")[0] in m.hand.hands[0]
        assert s.prompt() == "play"


def test_keys_sort_hint_and_escape(app):
    scene = table_at(app, [LAYER, *PLAIN], discard="2C", stock="7C 6D 8H 3S 4D 10C")
    key(app, pygame.K_s)
    assert scene.model.sort_mode == "rank"
    key(app, pygame.K_h)
    assert scene.hint_action is not None
    assert app.toast_text == "Hint: pluck from the stock, because 2♣ does not bring your contract closer"
    click(app, scene.layout.stock.center)
    key(app, pygame.K_h)  # the contract goes into the slots
    assert all(scene.model.slots) and scene.lay_refusal() is None
    key(app, pygame.K_RETURN)
    assert jamaican(scene.session).hand.laid[0]
    key(app, pygame.K_ESCAPE)
    assert not isinstance(app.top, TableScene)


def test_whole_game_through_the_gui_to_the_final_scoreboard(app):
    from kalooki_desktop.play.session import GameSetup, Session

    session = Session(GameSetup(("easy", "easy"), "baby", seed=11), threaded=False, speed=1000, call_wait_ms=0)
    app.host.set_session(session)
    app.push(MenuScene(app))
    app.push(TableScene(app, session))
    step(app, 2)
    moves = play_to_the_end(app)
    assert session.over, "the game did not finish"
    assert isinstance(app.top, ScoreboardScene) and app.top.final
    assert moves > 20
    assert len([r for r in session.match.results if not r.void]) == 3
    from kalooki_desktop.scenes.scoreboard import place_text

    place = place_text(session.match.totals, 0)
    assert place.startswith("You finished ") and place.endswith(" of 3")
    assert (session.match.winners == [0]) == (place == "You finished 1st of 3")


@pytest.mark.parametrize(
    ("setup", "expected"),
    [
        (("baby", (), 8), ["1st", "4th", "3rd", "2nd"]),  # totals 50 370 226 192
        # Kalooki 40, out above 100: the winner, then who stayed in longest, then the lower total
        (("british40", ("B-V3",), 4), ["4th", "2nd", "1st", "3rd"]),
    ],
    ids=["jamaican", "british"],
)
def test_the_final_scoreboard_gives_every_players_place(app, monkeypatch, setup, expected):
    from kalooki_desktop.play.session import GameSetup, Session
    from kalooki_desktop.ui import text as txt

    preset, variants, seed = setup
    session = Session(GameSetup(("easy",) * 3, preset, variants, seed=seed), threaded=False, speed=1000)
    now = 0.0
    while not session.over:
        now += 5000
        session.autoplay(now)
    drawn: list[str] = []
    draw = txt.draw

    def spy(surface, text, *args, **kwargs):
        drawn.append(text)
        return draw(surface, text, *args, **kwargs)

    monkeypatch.setattr(txt, "draw", spy)
    app.host.set_session(session)
    board = ScoreboardScene(app, session, session.match.results[-1])
    app.push(board)
    step(app, 2)
    assert board.final
    assert "Place" in drawn
    for place in expected:
        assert place in drawn, (place, drawn)


def test_settings_scene_changes_pace_and_saves(app, tmp_path):
    import json

    import pygame_gui

    from kalooki_desktop.scenes.settings import SettingsScene

    app.host.persist = True
    app.push(MenuScene(app))
    app.push(SettingsScene(app))
    step(app, 2)
    scene = app.top
    scene.deck.selected_option = ("", "german")
    changed = pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, {"ui_element": scene.deck})
    scene.handle_event(changed)
    assert app.settings.four_colour and app.settings.four_colour_scheme == "german"
    press_button(app, scene.back)
    assert isinstance(app.top, MenuScene)
    saved = json.loads((tmp_path / "settings.json").read_text())
    assert saved["four_colour"] is True and saved["four_colour_scheme"] == "german"


def test_a_dropdown_closes_when_its_chosen_entry_is_clicked(app):
    """Clicking the entry already chosen in an open dropdown closes it, the choice unchanged."""
    from pygame_gui.elements.ui_drop_down_menu import UIClosedDropDownState, UIExpandedDropDownState

    from kalooki_desktop.scenes.settings import SettingsScene

    app.push(MenuScene(app))
    scene = SettingsScene(app)
    app.push(scene)
    step(app, 2)
    for menu in (scene.speed, scene.wait):
        chosen = menu.selected_option
        click(app, menu.rect.center)
        assert isinstance(menu.current_state, UIExpandedDropDownState)
        listing = menu.current_state.options_selection_list
        assert listing is not None
        entry = next(i for i in listing.item_list if i["text"] == chosen[0])
        click(app, entry["button_element"].rect.center)
        step(app, 3)  # the list's answer to the click comes a frame later
        assert isinstance(menu.current_state, UIClosedDropDownState)
        assert menu.selected_option == chosen
        click(app, menu.rect.center)  # it opens again with the same choice marked
        assert isinstance(menu.current_state, UIExpandedDropDownState)
        listing = menu.current_state.options_selection_list
        assert listing is not None and listing.get_single_selection() == chosen[0]
        click(app, menu.rect.center)


def test_a_delete_confirmation_shows_the_save_name_as_typed_and_cancel_is_its_default(app):
    """A save's name is the player's text, shown as typed (never read as markup); Delete is a
    plain button and Cancel the highlighted default: Enter cancels, and nothing is loaded or
    deleted."""
    import warnings

    from kalooki_desktop.play.session import GameSetup, Session
    from kalooki_desktop.scenes.load import LoadScene
    from kalooki_desktop.storage import saves

    name = "Tom <x> & <b>co</b>"
    saves.save(Session(GameSetup(("normal", "normal"), seed=3), threaded=False), saves.save_path(name), name)
    app.push(MenuScene(app))
    load = LoadScene(app)
    app.push(load)
    step(app)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # pygame_gui warns of a tag it does not know
        load.ask_delete()
        step(app, 2)
    dialog = load.confirm
    assert dialog is not None
    layout = dialog.confirmation_text.text_box_layout
    assert layout is not None
    shown = " ".join("".join(getattr(chunk, "text", "") for chunk in row.items) for row in layout.layout_rows)
    assert name in shown
    assert "#primary_button" in dialog.cancel_button.object_ids
    assert "#primary_button" not in dialog.confirm_button.object_ids
    key(app, pygame.K_RETURN)
    assert not dialog.alive() and app.top is load  # cancelled: the Load screen, nothing loaded
    assert [e.name for e in saves.list_saves()[0]] == [name]
    from kalooki_desktop.scenes.table.dialogs import SaveAsScene

    save_as = SaveAsScene(app, Session(GameSetup(("normal", "normal"), seed=4), threaded=False))
    app.push(save_as)
    step(app)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        save_as.ask_replace(name)  # replacing a save asks the same way
        step(app, 2)
    replace = save_as.replace_dialog
    assert replace is not None and "#primary_button" in replace.cancel_button.object_ids
    layout = replace.confirmation_text.text_box_layout
    assert layout is not None
    assert name in " ".join("".join(getattr(chunk, "text", "") for chunk in row.items) for row in layout.layout_rows)


def test_save_as_has_cancel_and_save_buttons_over_a_table_that_keeps_its_buttons(app):
    from kalooki_desktop.play.session import GameSetup, Session
    from kalooki_desktop.scenes.table.dialogs import SaveAsScene
    from kalooki_desktop.storage import saves

    table = TableScene(app, Session(GameSetup(("normal", "normal"), seed=4), threaded=False))
    app.push(table)
    step(app, 2)
    shown = [w for w in table._widgets if w.alive() and w.visible]
    active = sorted(getattr(w, "text", "") for w in shown if w.is_enabled)
    assert any(getattr(w, "text", "") == tr("table.hint") for w in shown)
    save_as = SaveAsScene(app, table.session)
    app.push(save_as)
    step(app, 2)
    assert all(w.alive() and w.visible and not w.is_enabled for w in shown)  # drawn as it was, inactive
    app.resized((1100, 700))  # a window resized under the dialog: the table laid out anew, still inactive
    step(app)
    under = [w for w in table._widgets if w.alive() and w.visible]
    assert len(under) == len(shown) and not any(w.is_enabled for w in under)
    assert save_as.cancel.text == tr("common.cancel") and "#primary_button" in save_as.ok.object_ids
    assert save_as.cancel.rect.h == save_as.ok.rect.h and save_as.cancel.rect.right < save_as.ok.rect.x
    press_button(app, save_as.cancel)
    step(app)
    assert app.top is table and not saves.list_saves()[0]
    again = sorted(getattr(w, "text", "") for w in table._widgets if w.alive() and w.visible and w.is_enabled)
    assert again == active  # active again as before
    save_as = SaveAsScene(app, table.session)
    app.push(save_as)
    step(app, 2)
    save_as.entry.unfocus()
    key(app, pygame.K_RETURN)  # Enter saves, wherever the focus is
    step(app)
    assert app.top is table and [e.name for e in saves.list_saves()[0]] == [save_as.name]


def test_rules_scene_scrolls_and_goes_back(app):
    from kalooki_desktop.scenes.rules import RulesScene

    app.push(MenuScene(app))
    app.push(RulesScene(app))
    step(app, 2)
    scene = app.top
    key(app, pygame.K_PAGEDOWN)
    assert scene.scroll > 0
    key(app, pygame.K_END)
    bottom = scene.scroll
    key(app, pygame.K_DOWN)
    assert scene.scroll == bottom  # never past the end
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)


def test_window_resize_and_the_smallest_window(app):
    """The window follows a resize, and never gets smaller than the smallest size the scenes are
    laid out for: the window keeps its minimum size through every change of mode, and a resize
    below it is held at it."""
    from kalooki_desktop.app import MIN_SIZE

    scene = table_at(app, [LAYER, *PLAIN], discard="2C", stock="7C 6D 8H 3S 4D 10C")
    from .gui import resize_window

    assert app.window is not None and app.window.minimum_size == MIN_SIZE
    resize_window((1600, 1000))
    step(app, 2)
    assert scene.layout.size == (1600, 1000)
    assert scene.controls.hint.rect.right <= 1600
    assert app.window.minimum_size == MIN_SIZE
    resize_window((900, 560))
    step(app, 2)
    assert app.screen.get_size() == MIN_SIZE and app.window.size == MIN_SIZE
    assert scene.layout.size == MIN_SIZE and app.window.minimum_size == MIN_SIZE
    assert "too small" not in app.toast_text


def test_bad_custom_schedule_is_explained_not_started(app):
    app.push(MenuScene(app))
    app.push(NewGameScene(app))
    step(app, 2)
    dialog = app.top
    dialog.preset = "custom"
    dialog.schedule = "3 3; 5 5"
    dialog.rebuild()
    step(app, 2)
    assert not dialog.start.is_enabled  # Start is off while the choices make no game
    press_button(app, dialog.start)
    assert isinstance(app.top, NewGameScene)
    assert "“5 5” is not a contract" in dialog.problem() and dialog.problem().endswith("(J-S3)")
    dialog.begin()  # (Enter on the dialog, say) says why in a toast, too
    assert isinstance(app.top, NewGameScene) and app.toast_text == dialog.problem()
    dialog.schedule = "3 3; 4 4"
    dialog.rebuild()
    step(app, 2)
    assert dialog.start.is_enabled and not dialog.problem()


def test_a_custom_schedule_is_summed_up_and_explained_in_plain_words(tmp_path, monkeypatch):
    """At 1024x640: "1 hand: 3 3"; a bad schedule's reason is a sentence, and the list of the
    contracts there are breaks between contracts, never inside one."""
    import itertools

    from kalooki_desktop.ui import palette
    from kalooki_desktop.ui import text as txt

    small = make_app((1024, 640))
    try:
        small.push(MenuScene(small))
        dialog = NewGameScene(small)
        small.push(dialog)
        step(small, 2)
        dialog.preset = "custom"
        for schedule, summary in (("3 3", "1 hand: 3 3"), ("3 3; 3 4", "2 hands: 3 3 · 3 4")):
            dialog.schedule = schedule
            dialog.rebuild()
            step(small, 2)
            assert not dialog.problem() and dialog.summary() == summary
        lines: list[str] = []
        draw = txt.draw

        def record(surface, text, size, pos, colour=palette.TEXT, **kw):
            if colour == palette.INVALID:
                lines.append(text)
            return draw(surface, text, size, pos, colour, **kw)

        monkeypatch.setattr(txt, "draw", record)
        for bad in ("3 3; 5 5", "3 3; three", ";"):
            dialog.schedule = bad
            dialog.rebuild()
            step(small, 2)
            lines.clear()
            step(small)  # one frame's lines
            problem = dialog.problem()
            assert not problem[0].islower() and problem.endswith("(J-S3)"), problem  # a sentence
            assert len(lines) >= 1 and " ".join(lines).replace("\u00a0", " ") == problem.replace("\u00a0", " ")
            for above, below in itertools.pairwise(lines):
                assert not (above[-1].isdigit() and below[0].isdigit()), (above, below)  # a contract split
        assert "3\u00a03\u00a04" in dialog.problem() or "3 3 4" not in dialog.problem()
    finally:
        small.shutdown()


def test_both_british_games_are_named_alike():
    from kalooki_desktop.i18n import tr

    forty, fifty_one = tr("preset.british40"), tr("preset.kalooki51")
    assert forty.replace("40", "51") == fifty_one


def test_new_game_opens_with_no_tooltip_over_its_switches(tmp_path, monkeypatch):
    """The mouse rests where the menu's New game button was, over a switch: no tooltip comes up
    over the labels (each switch's explanation is written beside it)."""
    from pygame_gui.elements import UITooltip

    small = make_app((1024, 640))
    try:
        menu = MenuScene(small)
        small.push(menu)
        step(small, 2)
        where = menu.buttons["new"].rect.center
        monkeypatch.setattr(pygame.mouse, "get_pos", lambda: where)
        click(small, where)
        step(small, 150)  # two and a half seconds
        assert isinstance(small.top, NewGameScene)
        assert not [e for e in small.ui.get_sprite_group().sprites() if isinstance(e, UITooltip)]
    finally:
        small.shutdown()


def test_british_new_game_chooses_one_limit_and_one_kalooki_bonus_and_explains_in_plain_words(app):
    """The limits (150, 100, 301, 501) and the Kalooki bonuses (none, doubles, +25) exclude each
    other: one choice each, not a box each; more opponents than the game is for become as many
    as it allows, said in words, the rule id only in brackets at the end."""
    import re

    app.settings.last_game = {"levels": ["normal"] * 3, "preset": "british40", "variants": []}
    app.push(MenuScene(app))
    dialog = NewGameScene(app)
    app.push(dialog)
    step(app, 2)
    assert set(dialog.checks) == {"B-V2", "B-12"}
    assert dialog.limit_menu is not None and dialog.bonus_menu is not None
    assert [o[1] for o in dialog.limit_menu.options_list] == ["", "B-V3", "B-V4:301", "B-V4:501"]
    assert [o[1] for o in dialog.bonus_menu.options_list] == ["", "B-V5", "B-V5:25"]
    for menu, choice in ((dialog.limit_menu, "B-V4:301"), (dialog.limit_menu, "B-V3"), (dialog.bonus_menu, "B-V5:25")):
        option = next(o for o in menu.options_list if o[1] == choice)
        assert isinstance(option, tuple)
        menu.selected_option = option  # as a click on it does
        dialog.handle_event(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                               {"ui_element": menu, "text": option[0]}))
    assert dialog.setup(0).variants == ("B-V3", "B-V5:25")
    assert "out of the game above 100" in dialog.summary()
    dialog.levels = ["normal"] * 7  # more than the game is for: it seats as many as it allows
    dialog.rebuild()
    step(app, 2)
    assert len(dialog.levels) == 4 and not dialog.problem() and dialog.start.is_enabled
    for preset in ("jamaican", "british40"):  # the count moved into the game's range is said
        option = next(o for o in dialog.preset_menu.options_list if o[1] == preset)
        assert isinstance(option, tuple)
        dialog.preset_menu.selected_option = option
        dialog.handle_event(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                               {"ui_element": dialog.preset_menu, "text": option[0]}))
    said = app.toast_text
    assert said and not said[0].islower()
    assert re.sub(r" \([BJ]-[0-9.]+\)$", "", said) == re.sub(r"[BJ]-[0-9]", "", re.sub(
        r" \([BJ]-[0-9.]+\)$", "", said)), said  # a rule id only at the end, in brackets
    assert said == "Kalooki 40 is for 2 to 5 players: 4 opponents (B-1)"


def test_a_joker_in_a_four_slot_stands_for_the_place_it_is_dropped_in(app):
    hand2 = "5S 6S JK 8S 9H 9D 9C KS KH KD 4C"
    scene = table_at(app, [hand2, *PLAIN], discard="2C", stock="7C 6D 8H 3S 4D 10C", hand=2)
    click(app, scene.layout.stock.center)
    four = scene.model.slot_kinds.index(4)
    for card in ("5S", "6S", "8S"):
        drag(app, hand_pos(scene, card), slot_centre(scene, four))
    assert scene.model.slots[four] == parse_cards("5S 6S 8S")  # naturals line up by rank
    rects = scene.geometry.slot_rects(four)
    gap = ((rects[1].x + rects[1].right) // 2 + rects[2].x) // 2 + 4  # between 6S and 8S
    drag(app, hand_pos(scene, "JK"), (gap, rects[1].centery))
    assert scene.model.slots[four] == parse_cards("5S 6S JK 8S")
    assert scene.model.slot_state(four) is None
    step(app, 2)  # drawn with its "= 7♠" tag


def test_leaving_and_continuing_does_not_pile_up_listeners(app):
    scene = table_at(app, [LAYER, *PLAIN], discard="2C", stock="7C 6D 8H 3S 4D 10C")
    session = scene.session
    for _ in range(3):
        key(app, pygame.K_ESCAPE)  # back to the menu
        app.push(TableScene(app, session))  # Continue
        step(app, 2)
    tables = [getattr(f, "__self__", None) for f in session.listeners]
    tables = [t for t in tables if isinstance(t, TableScene)]
    assert tables == [app.top]


def test_a_press_on_a_card_that_moved_away_is_ignored(app):
    # A bot's move or a new hand can rebuild the hand and the slots between the press and the
    # release of the mouse button: the release then does nothing (it once raised IndexError).
    scene = table_at(app, [LAYER, *PLAIN], discard="2C", stock="7C 6D 8H 3S 4D 10C")
    click(app, scene.layout.stock.center)
    for card in ("7S", "7H", "7D"):
        drag(app, hand_pos(scene, card), slot_centre(scene, 0))
    pos = slot_pos(scene, 0, "7D")
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    step(app)
    assert scene.pointer.press is not None and scene.pointer.press.kind == "slot"
    scene.model.slots[0].clear()  # as if the slots were rebuilt under the press
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    step(app, 2)
    assert scene.pointer.press is None and scene.model.slots[0] == []
    before = list(scene.model.order)
    pos = hand_pos(scene, "4C")
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    step(app)
    assert scene.pointer.press is not None and scene.pointer.press.kind == "hand"
    del scene.model.order[scene.pointer.press.index:]  # the hand shrank under the press
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    step(app, 2)
    assert scene.session.prompt() == "play"  # nothing was discarded or selected
    assert not scene.model.selected
    scene.model.order[:] = before


def test_the_personas_of_the_chosen_levels_stay_inside_their_panel(app):
    app.push(MenuScene(app))
    app.push(NewGameScene(app))
    step(app, 2)
    dialog = app.top
    rows = dialog.persona_rows()
    assert [title for title, _, _ in rows if title] == [persona("normal").title] and len(rows) > 2
    for size in ((1280, 800), (1024, 640), (2560, 1440)):
        app.resized(size)
        dialog.levels = ["easy", "normal", "hard", "normal", "hard", "easy", "normal"]
        dialog.rebuild()
        step(app, 2)
        rows = dialog.persona_rows()
        levels = ("easy", "normal", "hard")
        assert [title for title, _, _ in rows if title] == [persona(lv).title for lv in levels]
        flow = " ".join(words for _, words, _ in rows).replace(" ", "")
        assert all(persona(lv).blurb.replace(" ", "") in flow for lv in levels)  # whole, never cut
        bottom = max(y for _, _, y in rows) + dialog.persona_size + 5
        assert dialog.persona_top <= min(y for _, _, y in rows) and bottom <= dialog.left.bottom


def test_the_status_line_and_glows_offer_only_plucks_the_engine_accepts(app):
    """At every step of a hand played to its end: the pile is offered (glow, words) exactly when
    the engine would take a pluck from it, and never after laying (J-4.2) or an allowed call."""
    from kalooki_desktop.engine.actions import PluckDiscard

    stock = "2D 6D 8H 3S 4D 10C 5S 9C JD 2H QH KC 5C 6H 8C 3D 4S 6S 7C 10S"
    scene = table_at(app, [LAYER, *PLAIN], discard="2C", stock=stock)
    s = scene.session
    seen_without_pile = 0
    for _ in range(400):
        if s.over or scene.ending.landing is not None or s.match.results:
            break
        frame = scene.frame()
        if frame.prompt == "pluck":
            pile_ok = s.check(PluckDiscard()) is None
            assert frame.plucks == (True, pile_ok)
            assert ("discard pile" in frame.status[0]) == pile_ok, frame.status
            seen_without_pile += not pile_ok
        else:
            assert frame.plucks == (False, False)
        if not scene.play_hint():
            step(app, 1)
        step(app, 1)
    assert seen_without_pile >= 1  # after laying (J-4.2), the pile is not offered


def test_the_log_of_a_new_hand_starts_empty_and_keeps_no_stale_lines(app):
    """The hand that just ended stays in the log while it is on show; the next hand's log starts
    with its own first move, hand after hand."""
    from kalooki_desktop.play.session import GameSetup
    from kalooki_desktop.scenes.table.words import log_lines

    session = app.host.new_session(GameSetup(("easy", "easy"), "baby", seed=8), threaded=False)
    app.push(TableScene(app, session))
    hands_seen = 0
    now = 0.0
    while not session.over and hands_seen < 3:
        now += 5000
        session.autoplay(now)
        last = session.moves[-1] if session.moves else None
        if last is None or last.result is None:
            continue
        ended = log_lines(session, ended=True)
        assert ended and ended[-1][1].startswith(session.names[last.seat])  # the ending move shows
        if session.over:
            break
        count = len(session.moves)
        while len(session.moves) == count and not session.over:
            now += 5000
            session.autoplay(now)  # up to the first move of the next hand
        fresh = log_lines(session, ended=False)
        new = [mv for mv in session.moves[count:] if str(mv.action) != "pass"]
        assert len(fresh) == len(new), (fresh, new)  # nothing of the hand before
        hands_seen += 1
    assert hands_seen >= 2


def test_the_players_badge_shows_dealer_calls_and_laid_like_an_opponents_seat(app):
    """Above the player's hand: the name, the dealer's mark when the player deals, the calls
    used while calling is on, and the laid mark once laid."""
    from kalooki_desktop.play.session import GameSetup
    from kalooki_desktop.scenes.table.seats import own_badge_text

    session = app.host.new_session(GameSetup(("easy", "easy"), "baby", seed=8), threaded=False)
    scene = TableScene(app, session)
    app.push(scene)
    frame = scene.frame()
    text = own_badge_text(frame)
    assert text.startswith(frame.names[0])
    assert ("dealer" in text) == (frame.view.dealer == 0)
    assert ("calls\xa00/" in text) == (frame.calling and not frame.view.laid[0])
    assert "laid" not in text


def test_an_eight_player_scoreboard_shows_readable_cards_at_the_smallest_window(tmp_path, monkeypatch):
    """With eight players at 1024x640 every leftover card is drawn at least 40 pixels tall (two
    columns of seats) with its points, so the player sees which cards cost what: under each card
    where there is room, else under each run of cards of equal points; never run together."""
    from kalooki_desktop.play.session import GameSetup, Session
    from kalooki_desktop.scenes.scoreboard import ScoreboardScene
    from kalooki_desktop.ui import cards as art
    from kalooki_desktop.ui import palette
    from kalooki_desktop.ui import text as txt

    set_data_dir(tmp_path)
    small_app = make_app((1024, 640))
    try:
        session = Session(GameSetup(("normal",) * 4 + ("easy",) * 3, seed=5), threaded=False, speed=1000)
        small_app.host.set_session(session)
        now = 0.0
        while not any(not r.void for r in session.match.results):
            now += 5000
            session.autoplay(now)
        result = session.match.results[-1]
        heights: list[int] = []
        face = art.face

        def spy(card, height, **kw):
            heights.append(height)
            return face(card, height, **kw)

        monkeypatch.setattr(art, "face", spy)
        labels: list[pygame.Rect] = []
        draw = txt.draw

        def record(surface, text, size, pos, colour, **kw):
            rect = draw(surface, text, size, pos, colour, **kw)
            if colour == palette.POINTS:
                assert text.isdigit()
                labels.append(rect)
            return rect

        monkeypatch.setattr(txt, "draw", record)
        small_app.push(ScoreboardScene(small_app, session, result))
        step(small_app, 2)
        left = sum(len(h) for h in result.hands)
        assert left > 0 and len(heights) >= left
        assert min(heights) >= 40, heights
        assert labels
        for a in labels:  # the points stand apart (a digit's width): never run together into one number
            for b in labels:
                if a is not b and a.y == b.y and a.x <= b.x:
                    assert b.x - a.right >= 6, (a, b)
    finally:
        small_app.shutdown()
        set_data_dir(None)


def test_card_points_label_each_card_where_there_is_room_else_each_run_of_equal_points():
    from kalooki_desktop.scenes.scorelayout import point_labels

    def width(text: str) -> int:
        return 7 * len(text)

    wide = point_labels([0, 40, 80], [10, 10, 5], 30, width, gap=4)  # (label x, cards from, to, points)
    assert wide == [(3, 0, 40, "10"), (43, 40, 80, "10"), (83, 80, 110, "5")]
    tight = point_labels([0, 12, 24, 36, 48, 60], [15, 10, 10, 10, 4, 1], 30, width, gap=4)
    assert tight == [(3, 0, 12, "15"), (21, 12, 48, "10"), (51, 48, 60, "4"), (63, 60, 90, "1")]
    tighter = point_labels([0, 6, 12, 18], [9, 8, 7, 6], 30, width, gap=4)
    assert tighter == [(3, 0, 6, "9"), (15, 12, 18, "7"), (26, 18, 48, "6")]  # no room for the 8
    assert point_labels([], [], 30, width, gap=4) == []


def test_at_instant_pace_the_hand_that_ended_stays_on_the_table_until_the_scoreboard_covers_it(app):
    """At the Instant pace too, every frame the table draws between the hand's last move and the
    scoreboard shows the hand that ended (however short its moment); the next deal only after."""
    from kalooki_desktop.engine.game import DealResult
    from kalooki_desktop.engine.view import View
    from kalooki_desktop.play.session import GameSetup

    assert app.settings.speed == "instant"
    session = app.host.new_session(GameSetup(("easy", "easy"), "baby", seed=8), threaded=False)
    scene = TableScene(app, session)
    app.push(scene)
    step(app, 2)
    drawn: list[tuple[int, int]] = []  # (hands ended so far, the hand number the table shows)
    plain_draw = scene.draw

    def draw(surface: pygame.Surface) -> None:
        view = scene.frame().view
        assert isinstance(view, View)
        drawn.append((len(session.match.results), view.spec.number))
        plain_draw(surface)

    scene.draw = draw  # type: ignore[method-assign]
    now = 0.0
    while not session.match.results:
        now += 5000
        session.autoplay(now)
    result = session.match.results[-1]
    assert isinstance(result, DealResult) and result.spec is not None and not result.void
    run_until(app, lambda: app.top is not scene)
    assert isinstance(app.top, ScoreboardScene) and app.top.result is result
    after_end = [number for ended, number in drawn if ended == 1]
    assert after_end and set(after_end) == {result.number}  # never the next deal's number
    app.pop()
    step(app, 2)
    assert drawn[-1] == (1, result.number + 1)  # the next deal, once the scoreboard is gone


def test_the_going_out_moment_is_shown_before_the_scoreboard(app):
    """When a hand ends, the table holds the hand as it ended (the going-out melds, nobody asked
    anything) under a banner naming who went out; a key skips on to the scoreboard, and without
    one the scoreboard follows after the pause."""
    from kalooki_desktop.play.session import GameSetup

    session = app.host.new_session(GameSetup(("easy", "easy"), "baby", seed=8), threaded=False)
    scene = TableScene(app, session)
    app.push(scene)
    step(app, 2)
    shown = 0
    now = 0.0
    seen = 0
    while shown < 2 and not session.over:
        now += 5000
        session.autoplay(now)  # the scene's listener sees every move, as in play
        last = session.moves[-1] if len(session.moves) > seen else None
        seen = len(session.moves)
        if last is None or last.result is None or last.result.void:
            continue
        result = last.result
        run_until(app, lambda: scene.ending.held is not None)
        assert app.top is scene
        frame = scene.frame()
        assert frame.view.spec.number == result.number  # the hand that ended, not the next deal
        assert frame.view.hand_sizes == tuple(len(h) for h in result.hands)
        assert sorted(frame.order) == sorted(result.hands[0])  # the player's cards as the hand ended
        assert frame.prompt is None and frame.plucks == (False, False)
        assert frame.status[0] == "The hand is over"
        banner = scene.ending.banner()
        assert banner is not None and result.out is not None
        name = "You" if result.out == 0 else session.names[result.out]
        assert banner[0].startswith(name)
        assert ("bent" in banner[1]) == result.big_out
        if shown == 0:
            key(app, pygame.K_SPACE)  # skip the pause
        else:
            run_until(app, lambda: app.top is not scene)  # or wait it out
        assert isinstance(app.top, ScoreboardScene) and app.top.result is result
        app.pop()
        step(app, 2)
        assert scene.ending.held is None and scene.frame().view.spec.number != frame.view.spec.number
        shown += 1
    assert shown == 2


def test_the_menu_tagline_follows_the_game_and_the_screenshot_toast_names_the_whole_path(app, tmp_path):
    """A Baby game in progress is not announced as nine hands; F12 says where the file is."""
    from kalooki_desktop.play.session import GameSetup

    menu = MenuScene(app)
    app.push(menu)
    assert "nine hands" in menu.tagline()
    app.host.new_session(GameSetup(("easy", "easy"), "baby", seed=3), threaded=False)
    assert "3 hands" in menu.tagline() and "nine" not in menu.tagline()
    shot = app.screenshot(tmp_path / "shots" / "one.png")
    assert str(shot.resolve()) in app.toast_text


def test_new_game_offers_extra_jokers_only_to_three_or_four_players(app):
    """J-V10 is for three or four players: with seven opponents the jokers choice is not shown
    and a remembered "6" does not reach the rules."""
    app.push(MenuScene(app))
    app.push(NewGameScene(app))
    step(app, 2)
    dialog = app.top
    assert isinstance(dialog, NewGameScene)
    dialog.levels = ["normal"] * 3
    dialog.jokers = "6"
    dialog.rebuild()
    step(app, 2)
    assert dialog.jokers_menu is not None and "J-V10" in dialog.setup(seed=1).variants
    dialog.levels = ["normal"] * 7
    dialog.rebuild()
    step(app, 2)
    assert dialog.jokers_menu is None
    assert not any(v.startswith("J-V10") for v in dialog.setup(seed=1).variants)


def test_a_call_prompt_survives_the_menu_with_the_time_it_had_left(app):
    """The game is paused while the menu is open: after Esc, a long wait and Continue, the
    player's Call prompt is still there with the time it had left."""
    from kalooki_desktop.play.session import GameSetup, Session

    session = Session(GameSetup(("easy", "easy"), "baby", seed=4), threaded=False, speed=1000, call_wait_ms=10**7)
    app.host.set_session(session)
    app.push(MenuScene(app))
    scene = TableScene(app, session)
    app.push(scene)
    for _ in range(20_000):
        if session.prompt() == "call":
            break
        if session.prompt() in ("pluck", "play"):
            scene.play_hint()
        step(app)
    assert session.prompt() == "call"
    step(app, 2)
    left = session.call_time_left(app.now_ms)
    assert left is not None and left > 5000
    key(app, pygame.K_ESCAPE)
    menu = app.top
    assert isinstance(menu, MenuScene)
    step(app, 60 * 30)  # half a minute with the menu open: longer than the whole wait
    press_button(app, menu.buttons["continue"])
    step(app, 2)
    assert session.prompt() == "call" and isinstance(app.top, TableScene)
    after = session.call_time_left(app.now_ms)
    assert after is not None and abs(after - left) < 200, (left, after)


def test_staged_cards_survive_quitting_and_continuing(tmp_path):
    """Cards the player put in the staging slots are there again after the game is closed and
    continued from its autosave; a save whose staged cards are not in the hand is not used for
    them, and the game still loads."""
    from kalooki_desktop.storage import saves

    set_data_dir(tmp_path)
    first = make_app(persist=True)
    scene = table_at(first, [LAYER, *PLAIN], "4D", "5C 6D 8C 10S")
    # the player's turn: pluck first, then stage two sevens and two nines by hand
    run_until(first, lambda: scene.session.prompt() == "pluck")
    assert scene.submit(PluckStock())
    step(first, 2)
    model = scene.model
    sevens = [c for c in model.order if c in parse_cards("7S 7H")]
    nines = [c for c in model.order if c in parse_cards("9S 9H 9D")]
    model.take_from_hand([model.order.index(c) for c in sevens])
    model.stage(0, sevens, 0)
    model.take_from_hand([model.order.index(c) for c in nines])
    model.stage(1, nines, 0)
    step(first, 2)
    staged = [list(slot) for slot in model.slots]
    first.shutdown()

    path = saves.saves_dir() / f"{saves.AUTOSAVE}.json"
    second = make_app(persist=True)
    try:
        session = Session.of(saves.load(path), threaded=False)
        second.host.set_session(session)
        again = TableScene(second, session)
        assert [list(slot) for slot in again.model.slots] == staged
        assert sorted(again.model.order + [c for s in staged for c in s]) == sorted(session.view().my_hand)
        session.staging = (session.staging[0], (tuple(parse_cards("QS QH QD")), (), ()))  # not held
        assert not any(TableScene(second, session).model.slots)
    finally:
        second.shutdown()
        set_data_dir(None)


def test_a_joker_goes_to_the_one_place_a_staged_four_takes_it_or_the_nearer_end(app):
    hand2 = "5S 6S 8S JK 9H 9D 9C KS KH KD 4C"
    scene = table_at(app, [hand2, *PLAIN], discard="2C", stock="7S JK 8H 3S 4D 10C", hand=2)
    click(app, scene.layout.stock.center)  # 7S
    four = scene.model.slot_kinds.index(4)
    box = scene.layout.slots[four]
    for card in ("5S", "6S", "8S"):
        drag(app, hand_pos(scene, card), slot_centre(scene, four))
    drag(app, hand_pos(scene, "JK"), (box.right - 12, box.centery))  # past the end: one legal place
    assert scene.model.slots[four] == parse_cards("5S 6S JK 8S") and scene.model.slot_state(four) is None
    click(app, slot_pos(scene, four, "JK"))  # back to the hand
    drag(app, hand_pos(scene, "7S"), slot_centre(scene, four))
    assert scene.model.slots[four] == parse_cards("5S 6S 7S 8S")
    drag(app, hand_pos(scene, "JK"), (box.x + 12, box.centery))  # either end: the left one
    assert scene.model.slots[four] == parse_cards("JK 5S 6S 7S 8S")
    click(app, slot_pos(scene, four, "JK"))
    drag(app, hand_pos(scene, "JK"), (box.right - 12, box.centery))  # the right one
    assert scene.model.slots[four] == parse_cards("5S 6S 7S 8S JK") and scene.model.slot_state(four) is None


def test_every_target_that_takes_a_dragged_card_glows_and_a_bad_drop_says_why(app):
    scene = table_at(app, [LAYER, *PLAIN], discard="2C", stock="7C 6D 8H 3S 4D 10C")
    for card in ("7S", "7H"):
        drag(app, hand_pos(scene, card), slot_centre(scene, 0))
    slots = scene.layout.slots
    below = [(r.centerx, r.bottom + 4) for r in slots]
    before = [tuple(app.screen.get_at(p))[:3] for p in below]
    # a seven held over the middle of the table: the slot of sevens and the empty slots glow
    start = hand_pos(scene, "7D")
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    step(app)
    for y in range(start[1], scene.layout.melds.centery, -40):
        post(pygame.MOUSEMOTION, pos=(start[0], y), rel=(0, 0), buttons=(1, 0, 0))
        step(app)
    assert scene.drag is not None
    assert scene.drops.targets(scene.drag).slots == {0, 1, 2}
    during = [tuple(app.screen.get_at(p))[:3] for p in below]
    assert all(d != b for d, b in zip(during, before, strict=True)), (before, during)
    post(pygame.MOUSEBUTTONUP, pos=scene.layout.melds.center, button=1)
    step(app, 2)
    assert "Nothing there takes" in app.toast_text
    run_until(app, lambda: not scene.choreo.flights)
    # a nine fits only the empty slots
    post(pygame.MOUSEBUTTONDOWN, pos=hand_pos(scene, "9S"), button=1)
    step(app)
    post(pygame.MOUSEMOTION, pos=scene.layout.melds.center, rel=(0, 0), buttons=(1, 0, 0))
    step(app)
    assert scene.drops.targets(scene.drag).slots == {1, 2}
    assert not scene.drops.targets(scene.drag).pile  # nothing plucked yet (J-4.1)
    post(pygame.MOUSEBUTTONUP, pos=scene.layout.stock.center, button=1)
    step(app, 2)
    assert "(J-4.5)" in app.toast_text and "stock" in app.toast_text
    run_until(app, lambda: not scene.choreo.flights)
    # the stock's card dropped anywhere but the hand says where it goes
    drag(app, scene.layout.stock.center, scene.layout.melds.center)
    assert "on your hand" in app.toast_text
    assert scene.session.prompt() == "pluck"


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080), (2560, 1440)])
def test_a_slots_ruling_and_its_rule_id_are_never_cut(app, size):
    from kalooki_desktop.engine.melds import check_meld
    from kalooki_desktop.scenes.table.render import slot_ruling
    from kalooki_desktop.ui import text as txt
    from kalooki_desktop.ui.layout import table_layout

    bad = {
        THREE: ["7S", "7S 8S 9S", "7S JK JK", "7S 7H JK JK JK"],
        4: ["5S 6S 7S", "5S 6H 7S 8S", "5S 6S 8S 9S", "QS KS AS 2S", "5S JK JK 8S"],
    }
    for contract in ([THREE] * 3, [THREE, THREE, 4], [4] * 4, [THREE, 4, 4, 4]):
        lay = table_layout(size, 8, contract)
        for box, kind in zip(lay.slots, contract, strict=True):
            y = box.y + lay.small + 10 + lay.slot_card_h
            most = max(2, (box.bottom - y) // lay.small)
            for cards in bad[kind]:
                state = check_meld(kind, parse_cards(cards))
                assert isinstance(state, Refusal), cards
                lines, font = slot_ruling(state, kind, box.w - 16, lay.small - 1, most)
                assert len(lines) <= most and font >= lay.small - 3, (size, contract, cards, lines)
                assert all(txt.width(line, font) <= box.w - 16 for line in lines), lines
                assert " ".join(lines).endswith(f"({state.rule})") and "…" not in " ".join(lines)


@pytest.mark.parametrize("every", [False, True])
def test_a_call_is_offered_only_for_a_card_that_could_help_unless_every_card_is_asked_for(app, every):
    # seat 1 discards 4D, which brings the player's threes no closer (their pairs are 7s, 9s
    # and kings), then seat 2 discards 7H, which makes the sevens a three.
    seat2 = "7H 3S 5H 6D 9D 10S QH JD 8C"
    hands = ["7S 7D 9S 9H KS KH 4C 5C 2S", "4D 3H 5D 6C 8S 10H QD JC AH", seat2, PLAIN[2]]
    app.settings.call_every_card = every
    scene = table_at(app, hands, discard="2C", stock="6D 8H 3S 4D 10C QH JD AS 4H 2H 9S 5H 4S")
    s = scene.session
    s.speed = 1.0  # seat 2 takes a person's time over its turn: the test discards for it
    m = jamaican(s)
    m.apply(0, PluckStock())
    m.apply(0, Discard(parse_cards("2S")[0]))
    act(m, 1, PluckStock())
    m.apply(1, Discard(parse_cards("4D")[0]))
    step(app, 2)
    if every:
        assert s.prompt() == "call" and scene.controls.call.visible
        key(app, pygame.K_SPACE)  # Space lets the card go at once
    assert (0, "pass") in m.hand.log and s.prompt() != "call"
    step(app)
    assert not scene.controls.call.visible
    run_until(app, lambda: m.hand.turn == 2 and m.hand.phase == Phase.PLAY)
    m.apply(2, Discard(parse_cards("7H")[0]))
    run_until(app, lambda: s.prompt() == "call")
    step(app)
    assert scene.controls.call.visible
    key(app, pygame.K_l)
    assert s.prompt() != "call"


def test_the_sudden_death_switch_names_the_contract_its_extra_hands_are_played_with(app):
    """J-V6's words say the contract the tie-break hands are dealt with, and where a schedule
    ends with another contract (Baby Kalooki's 4 4) that it is not that one."""
    app.push(MenuScene(app))
    app.push(NewGameScene(app))
    step(app, 2)
    dialog = app.top
    assert isinstance(dialog, NewGameScene)
    assert dialog.switch_help("J-V6") == "Tied winners play extra hands of 4 4 4 4, the last contract."
    dialog.preset = "baby"
    dialog.rebuild()
    step(app, 2)
    words = dialog.switch_help("J-V6")
    assert words == "Tied winners play extra hands of 4 4 4 4 (hand 9's contract), not this schedule's 4 4."
    rules = dialog.setup(seed=1).rules()
    assert isinstance(rules, RuleSet) and rules.sudden_death_spec.contract_text == "4 4 4 4"
    assert dialog.switch_help("J-V1") == "Nobody may call a discard."


def test_delete_on_the_load_screen_deletes_the_save_once_confirmed(app):
    from kalooki_desktop.play.session import GameSetup, Session
    from kalooki_desktop.scenes.load import LoadScene
    from kalooki_desktop.storage import saves

    saves.save(Session(GameSetup(("normal", "normal"), seed=3), threaded=False), saves.save_path("Mine"), "Mine")
    app.push(MenuScene(app))
    load = LoadScene(app)
    app.push(load)
    step(app)
    press_button(app, load.b_delete)
    step(app, 2)
    dialog = load.confirm
    assert dialog is not None
    press_button(app, dialog.confirm_button)
    step(app, 2)
    assert saves.list_saves()[0] == [] and load.confirm is None and app.top is load
    assert app.toast_text == "Save deleted"


def test_save_as_saves_on_enter_in_its_box_and_replaces_a_save_once_confirmed(app):
    from kalooki_desktop.play.session import GameSetup, Session
    from kalooki_desktop.scenes.table.dialogs import SaveAsScene
    from kalooki_desktop.storage import saves

    table = TableScene(app, Session(GameSetup(("normal", "normal"), seed=4), threaded=False))
    app.push(table)
    step(app, 2)
    for _ in range(2):
        save_as = SaveAsScene(app, table.session)
        app.push(save_as)
        step(app, 2)
        assert save_as.entry.is_focused
        key(app, pygame.K_RETURN)  # in the name's box: the box reports it is finished
        step(app, 2)
    assert app.top is save_as and save_as.replace_dialog is not None  # the name is taken: asked
    press_button(app, save_as.replace_dialog.confirm_button)  # Replace
    step(app, 2)
    assert app.scenes[-1] is table and [e.name for e in saves.list_saves()[0]] == [save_as.name]
    assert app.toast_text == tr("save.done", name=save_as.name)
