"""The game in English, German, Dutch and Finnish: the system's language on the first start, the
language chosen in Settings applied at once without a restart, numbers and dates as each locale
writes them, and the engine's words inside a refusal said in the player's language."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from kalooki_desktop import i18n
from kalooki_desktop.engine.refusal import Refusal
from kalooki_desktop.scenes.menu import MenuScene
from kalooki_desktop.scenes.settings import SettingsScene
from kalooki_desktop.storage.paths import set_data_dir
from kalooki_desktop.storage.settings import Settings

from .gui import make_app, press_button, step, top
from .test_player_counts import choose


@pytest.fixture
def data(tmp_path):
    set_data_dir(tmp_path)
    yield tmp_path
    set_data_dir(None)
    i18n.set_language("en")


@pytest.fixture
def english():
    yield
    i18n.set_language("en")


def test_the_game_ships_four_languages_each_named_in_itself() -> None:
    assert set(i18n.languages()) == {"en", "de", "nl", "fi"}
    assert [i18n.NAMES[code] for code in ("en", "de", "nl", "fi")] == ["English", "Deutsch", "Nederlands", "Suomi"]


def test_the_system_language_is_the_first_the_game_has() -> None:
    assert i18n.system_language({"LANG": "de_DE.UTF-8"}) == "de"
    assert i18n.system_language({"LANGUAGE": "fr:nl_BE", "LANG": "fi_FI.UTF-8"}) == "nl"
    assert i18n.system_language({"LC_ALL": "fi_FI@euro"}) == "fi"
    assert i18n.system_language({"LANG": "fr_FR.UTF-8"}) == "en"
    assert i18n.system_language({}) == "en"


def test_the_first_start_speaks_the_systems_language_and_keeps_it(data, monkeypatch) -> None:
    monkeypatch.setenv("LANGUAGE", "de_DE")
    app = make_app(persist=True)
    assert app.settings.language == "de"
    app.push(MenuScene(app))
    step(app, 2)
    menu = top(app, MenuScene)
    assert menu.buttons["new"].text == json.loads(i18n.catalogue_path("de").read_text("utf-8"))["menu.new"]
    app.shutdown()
    monkeypatch.setenv("LANGUAGE", "fi")  # a later start keeps the language chosen then
    assert json.loads(Settings.path().read_text("utf-8"))["language"] == "de"
    again = make_app(persist=True)
    assert again.settings.language == "de"
    again.shutdown()


def test_a_language_chosen_in_settings_changes_every_word_at_once(data) -> None:
    app = make_app()
    app.push(MenuScene(app))
    step(app, 2)
    app.push(SettingsScene(app))
    step(app, 2)
    settings = top(app, SettingsScene)
    assert settings.back.text == "Done"
    choose(app, settings.language, "nl")
    settings = top(app, SettingsScene)
    dutch = json.loads(i18n.catalogue_path("nl").read_text("utf-8"))
    assert app.settings.language == "nl" and i18n.language() == "nl"
    assert settings.back.text == dutch["common.done"]  # the scene on show, re-worded in place
    press_button(app, settings.back)
    step(app, 3)
    assert top(app, MenuScene).buttons["quit"].text == dutch["menu.quit"]  # the scene beneath too
    app.shutdown()
    assert json.loads(Settings.path().read_text("utf-8"))["language"] == "nl"


@pytest.mark.parametrize(("language", "number", "share"), [
    ("en", "12,345.5", "42%"), ("de", "12.345,5", "42\xa0%"), ("nl", "12.345,5", "42%"), ("fi", "12\xa0345,5", "42\xa0%"),
])
def test_numbers_and_shares_are_written_as_the_language_writes_them(english, language, number, share) -> None:
    i18n.set_language(language)
    assert i18n.number(12345.5, 1) == number
    assert i18n.percent(0.42) == share


def test_a_date_is_written_as_the_language_writes_it(english) -> None:
    moment = dt.datetime(2026, 12, 5, 17, 4)
    i18n.set_language("de")
    assert i18n.when(moment) == "05.12.26, 17:04"
    i18n.set_language("fi")
    assert i18n.when(moment) == "5.12.2026 17.04"


def test_the_engines_words_in_a_refusal_are_in_the_players_language(english) -> None:
    i18n.set_language("de")
    four = i18n.refusal_text(Refusal("J-6.2", "tack.four_card", {"cards": "8C or JK"}))
    assert "8♣ oder Joker" in four and four.endswith("(J-6.2)")
    assert "unteren" in i18n.refusal_text(Refusal("J-2.4", "tack.four_end", {"end": "low"}))
    i18n.set_language("fi")
    assert "8♣ tai jokeri" in i18n.refusal_text(Refusal("J-6.2", "tack.four_card", {"cards": "8C or JK"}))
    assert "huuto" in i18n.refusal_text(Refusal("B-3", "turn.british_action", {"action": "call"}))
    i18n.set_language("nl")
    shape = i18n.refusal_text(Refusal("J-3.2", "contract.shape", {"contract": "3 3", "got": "no melds"}))
    assert "geen meldingen" in shape and "no melds" not in shape


def test_a_catalogue_word_for_every_key_in_every_language() -> None:
    english = i18n.catalogue("en")
    for language in ("de", "nl", "fi"):
        own = i18n.read_catalogue(i18n.catalogue_path(language))
        assert set(own) == set(english), language
        same = [k for k in own if own[k] == english[k] and len(english[k]) > 12 and " " in english[k]]
        assert len(same) < 25, (language, same)  # sentences are translated, not copied


def test_what_is_wrong_in_a_damaged_file_is_said_in_the_players_language(english) -> None:
    from kalooki_desktop.storage import schema as sc
    from kalooki_desktop.storage.files import BadFile, validate

    i18n.set_language("de")
    with pytest.raises(BadFile) as bad:
        validate({"volume": 7}, sc.obj({"volume": sc.number(0, 1)}), None, "Einstellungen")
    assert "volume: außerhalb des erlaubten Bereichs" in str(bad.value)
    assert "out of range" not in str(bad.value)
