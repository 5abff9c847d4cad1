"""How many players each game is for: British Kalooki 2 to 5 (B-1; B-V2 6), the Jamaican game 3
to 8 (J-1.1). The setup's check refuses any other count naming the rule; New game offers exactly
the counts the chosen game allows and moves the count into them when the game changes; a game
of two is saved and loaded, and remembered for the next New game; the rules page says the
counts."""

from __future__ import annotations

import pytest
from pygame_gui.elements.ui_drop_down_menu import UIExpandedDropDownState

from kalooki_desktop.engine.british.match import BritishMatch
from kalooki_desktop.i18n import tr
from kalooki_desktop.play.gamesetup import GameSetup
from kalooki_desktop.play.session import Session
from kalooki_desktop.scenes.menu import MenuScene
from kalooki_desktop.scenes.newgame import NewGameScene
from kalooki_desktop.scenes.table import TableScene
from kalooki_desktop.storage import saves
from kalooki_desktop.ui.theme import DropDown

from .gui import click, press_button, step, top
from .saving import play


def check_refusal(setup: GameSetup) -> str:
    with pytest.raises(ValueError) as refused:
        setup.check()
    return str(refused.value)


@pytest.mark.parametrize("preset", ["british40", "kalooki51"])
def test_b1_british_kalooki_is_for_two_to_five_players(preset):
    for n in range(1, 5):
        GameSetup(("normal",) * n, preset).check()
    assert "(B-1)" in check_refusal(GameSetup(("normal",) * 5, preset))
    assert "(B-1)" in check_refusal(GameSetup(("normal",) * 7, preset))


@pytest.mark.parametrize("preset", ["british40", "kalooki51"])
def test_b_v2_the_north_american_game_seats_six(preset):
    for n in range(1, 6):
        GameSetup(("normal",) * n, preset, ("B-V2",)).check()
    assert "(B-V2)" in check_refusal(GameSetup(("normal",) * 6, preset, ("B-V2",)))


@pytest.mark.parametrize("preset", ["jamaican", "baby", "short"])
def test_j1_1_the_jamaican_game_is_for_three_to_eight_players(preset):
    for n in range(2, 8):
        GameSetup(("normal",) * n, preset).check()
    for n in (1, 8):
        refusal = check_refusal(GameSetup(("normal",) * n, preset))
        assert "(J-1.1)" in refusal and "3 to 8 players" in refusal


# --- New game ---------------------------------------------------------------------------------


def choose(app, menu: DropDown, value: str) -> None:
    """Open ``menu`` with a click and click its entry for ``value`` (an option's text or id)."""
    click(app, menu.rect.center)
    assert isinstance(menu.current_state, UIExpandedDropDownState)
    listing = menu.current_state.options_selection_list
    assert listing is not None
    texts = {o[1] if isinstance(o, tuple) else o: o[0] if isinstance(o, tuple) else o for o in menu.options_list}
    entry = next(i for i in listing.item_list if i["text"] == texts[value])
    click(app, entry["button_element"].rect.center)
    step(app, 3)


def counts(dialog: NewGameScene) -> list[str]:
    return [o[1] if isinstance(o, tuple) else o for o in dialog.count_menu.options_list]


def new_game(app, **last: object) -> NewGameScene:
    if last:
        app.settings.last_game = dict(last)
    app.push(MenuScene(app))
    app.push(NewGameScene(app))
    step(app, 2)
    return top(app, NewGameScene)


def test_new_game_offers_each_game_exactly_the_opponents_its_rules_allow(app):
    dialog = new_game(app, levels=["normal"] * 3, preset="jamaican", variants=[])
    assert counts(dialog) == ["2", "3", "4", "5", "6", "7"]
    choose(app, dialog.preset_menu, "british40")
    assert dialog.preset == "british40" and counts(dialog) == ["1", "2", "3", "4"]
    click(app, dialog.checks["B-V2"].rect.center)
    step(app, 2)
    assert counts(dialog) == ["1", "2", "3", "4", "5"]
    choose(app, dialog.preset_menu, "kalooki51")
    assert counts(dialog) == ["1", "2", "3", "4", "5"]
    click(app, dialog.checks["B-V2"].rect.center)
    step(app, 2)
    assert counts(dialog) == ["1", "2", "3", "4"]


def test_changing_the_game_moves_the_count_into_its_range_and_back_keeping_the_levels(app):
    """Seven opponents chosen for the Jamaican game: Kalooki 40 takes the first four of them and
    says why; back in the Jamaican game all seven are there again, each at its level. One chosen
    for Kalooki 40: the Jamaican game takes two, the first the one chosen."""
    levels = ["hard", "easy", "normal", "hard", "easy", "hard", "easy"]
    dialog = new_game(app, levels=levels, preset="jamaican", variants=[])
    assert dialog.levels == levels
    choose(app, dialog.preset_menu, "british40")
    assert dialog.levels == levels[:4] and dialog.count_menu.selected_option[0] == "4"
    assert "2 to 5 players" in app.toast_text and "(B-1)" in app.toast_text
    step(app)
    box = app.toasts.box  # in the footer, between Back and Start, over neither panel
    assert box.w and not any(box.colliderect(r) for r in (dialog.left, dialog.right, dialog.back.rect,
                                                          dialog.start.rect)), box
    assert not dialog.problem() and dialog.start.is_enabled
    click(app, dialog.checks["B-V2"].rect.center)
    step(app, 2)
    assert dialog.levels == levels[:5]
    click(app, dialog.checks["B-V2"].rect.center)
    step(app, 2)
    assert dialog.levels == levels[:4]
    choose(app, dialog.preset_menu, "jamaican")
    assert dialog.levels == levels
    choose(app, dialog.preset_menu, "british40")
    choose(app, dialog.count_menu, "1")
    assert dialog.levels == ["hard"]
    assert dialog.total_label.text == tr("new.players_total", n=2)
    choose(app, dialog.preset_menu, "baby")
    assert dialog.levels == ["hard", "easy"] and "(J-1.1)" in app.toast_text
    assert not dialog.problem() and dialog.start.is_enabled


def test_a_british_game_against_one_opponent_starts_from_new_game(app):
    dialog = new_game(app, levels=["normal"] * 3, preset="british40", variants=[])
    choose(app, dialog.count_menu, "1")
    choose(app, dialog.level_menus[0], "hard")
    assert dialog.summary().endswith("13 cards each") and not dialog.problem()
    press_button(app, dialog.start)
    step(app, 2)
    table = top(app, TableScene)
    m = table.session.match
    assert isinstance(m, BritishMatch) and m.players == 2 and table.session.setup.levels == ("hard",)
    assert app.settings.last_game["levels"] == ["hard"]


def test_one_opponent_remembered_comes_back_for_british_and_becomes_two_for_the_jamaican_game(app):
    dialog = new_game(app, levels=["hard"], preset="kalooki51", variants=["B-V2"])
    assert dialog.levels == ["hard"] and counts(dialog) == ["1", "2", "3", "4", "5"]
    assert not dialog.problem() and "15 cards each" in dialog.summary()
    app.pop()
    app.pop()
    dialog = new_game(app, levels=["hard"], preset="jamaican", variants=[])
    assert dialog.levels == ["hard", "normal"] and counts(dialog)[0] == "2"
    assert not dialog.problem()


def test_a_table_of_one_kept_in_the_settings_for_the_jamaican_game_never_reaches_the_rules(app):
    """Whatever count the settings hold, the Jamaican game starts with one it allows."""
    for levels in (["easy"], ["normal"] * 9, []):
        dialog = new_game(app, levels=levels, preset="short", variants=[])
        assert 2 <= len(dialog.levels) <= 7
        dialog.setup(1).check()
        app.pop()
        app.pop()


# --- saves ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("preset", "levels", "switches"), [
    ("british40", ("hard",), ()), ("kalooki51", ("easy",), ("B-V3",)), ("british40", ("normal",) * 5, ("B-V2",)),
])
def test_a_british_game_of_two_or_of_six_saves_and_loads(app, preset, levels, switches):
    session = Session(GameSetup(levels, preset, switches, seed=4), threaded=False, speed=1000)
    play(session, 150)
    path = saves.save_path("head to head")
    saves.save(session, path, "head to head")
    loaded = Session.of(saves.load(path), threaded=False)
    assert loaded.setup.levels == levels and loaded.match.players == len(levels) + 1
    assert saves.state_digest(loaded.match) == saves.state_digest(session.match)
    assert loaded.decision() == session.decision()
    loaded.close()
    session.close()



def test_the_rules_page_says_how_many_play_each_british_game():
    """B-1's two to five players, and B-V2's sixth with the cards each count deals."""
    assert tr("rules.b.cards.body").startswith("Two to five players")
    switches = tr("rules.b.switches.body")
    assert "up to six players" in switches and "15 cards each for two to four players, 13 for five, 11 for six" in switches


def test_a_custom_schedule_being_typed_does_not_stop_the_count_moving(app):
    """One opponent for Kalooki 51, then the custom schedule whose typed text is no schedule yet:
    two opponents, said, and the schedule's problem said under the rules."""
    dialog = new_game(app, levels=["easy"], preset="kalooki51", variants=[], schedule="3 3; 9 9")
    choose(app, dialog.preset_menu, "custom")
    assert dialog.levels == ["easy", "normal"] and "(J-1.1)" in app.toast_text
    assert "9 9" in dialog.problem() and not dialog.start.is_enabled


def test_the_new_game_dropdowns_choose_the_jokers_the_limit_and_the_bonus(app):
    dialog = new_game(app, levels=["normal"] * 3, preset="jamaican", variants=[])
    assert dialog.jokers_menu is not None
    choose(app, dialog.jokers_menu, "6")
    assert dialog.jokers == "6"
    choose(app, dialog.preset_menu, "british40")
    assert dialog.limit_menu is not None and dialog.bonus_menu is not None
    choose(app, dialog.limit_menu, "B-V4:501")
    choose(app, dialog.bonus_menu, "B-V5")
    assert {"B-V4:501", "B-V5"} <= dialog.switches
    choose(app, dialog.limit_menu, "")
    assert "B-V4:501" not in dialog.switches and "B-V5" in dialog.switches
