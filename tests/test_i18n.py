"""Translation: every engine refusal key has English text, refusals read with their rule id."""

from __future__ import annotations

import json
import re
from pathlib import Path

from kalooki_desktop import i18n
from kalooki_desktop.engine.refusal import MESSAGES, Refusal
from kalooki_desktop.tools import i18ncheck

ENGINE = Path(__file__).resolve().parent.parent / "kalooki_desktop" / "engine"


def test_every_refusal_key_the_engine_uses_has_text() -> None:
    used = set()
    for path in ENGINE.rglob("*.py"):  # part J and part B (engine/british)
        used |= set(re.findall(r'refuse\(\s*"[JB]-[^"]+",\s*"([a-z_.]+)"', path.read_text(encoding="utf-8")))
        used |= set(re.findall(r'\("[JB]-[^"]+", "([a-z_.]+)"\)', path.read_text(encoding="utf-8")))
    assert len(used) > 70
    missing = sorted(k for k in used if k not in MESSAGES)
    assert not missing, missing
    for key in used:
        assert i18n.tr(key) != key


def test_a_refusal_reads_with_its_rule() -> None:
    assert i18n.refusal_text(Refusal("J-4.5", "discard.joker")) == "Jokers cannot be discarded (J-4.5)"
    assert i18n.refusal_text(Refusal("J-5.6", "call.limit", {"limit": 3})) == (
        "At most 3 calls per player per hand (J-5.6)")


def test_unknown_keys_and_languages_never_crash() -> None:
    assert i18n.tr("no.such.key") == "no.such.key"
    assert i18n.tr("call.limit") == "At most {limit} calls per player per hand"  # a missing parameter
    i18n.set_language("tlh")  # a language the game does not ship: English
    try:
        assert i18n.tr("level.hard") == "Hard"
    finally:
        i18n.set_language("en")
    assert "en" in i18n.languages()
    assert i18n.tr("persona.hard.blurb").startswith("Tournament sharp")


GUI = Path(__file__).resolve().parent.parent / "kalooki_desktop"


def test_every_text_the_gui_asks_for_exists() -> None:
    """Literal keys in the code, and every member of the key families built at run time."""
    english = i18n.catalogue("en")
    used = i18ncheck.used_keys(set(english))
    assert len(used) > 500
    assert {"table.cards.one", "table.cards.other", "level.hard", "rules.b.opening.title", "log.take_back",
            "stats.records_dropped.one", "new.limit.B-V4:301"} <= used
    assert sorted(k for k in used if k not in english) == []


def test_the_catalogue_check_passes_and_finds_each_kind_of_fault(tmp_path, capsys) -> None:
    assert i18ncheck.main(["--check"]) == 0
    english = i18ncheck.shipped({})["en"]
    broken = {k: v for k, v in english.items() if k != "level.hard"}
    broken["table.cards.one"] = "{count} Karte"  # English fills {n}
    broken["no.such.key"] = "x"
    broken["level.easy"] = "Leicht \u6f22"  # a Chinese character: not in the game's font
    path = tmp_path / "de.json"
    path.write_text(json.dumps(broken, ensure_ascii=False), encoding="utf-8")
    capsys.readouterr()
    assert i18ncheck.main(["--catalogue", f"de={path}"]) == 1
    out = capsys.readouterr().out
    assert "de: level.hard: missing" in out
    assert "de: table.cards.one: placeholders ['count'], English has ['n']" in out
    assert "de: no.such.key: not an English key" in out
    assert "de: characters the font cannot draw: \u6f22" in out


def test_every_glyph_of_the_english_texts_is_in_the_font() -> None:
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from kalooki_desktop.ui.cards import missing_glyphs

    texts = "".join(i18n.catalogue("en").values()) + "✓✗★♪…·×−→"
    assert missing_glyphs(texts) == []


def test_a_refusal_names_cards_with_their_suit_symbols() -> None:
    text = i18n.refusal_text(Refusal("J-6.2", "tack.four_card", {"cards": "8C or JK"}))
    assert "8♣ or Joker" in text and "8C" not in text and text.endswith("(J-6.2)")
    assert i18n.cards_for_players("10H, 10S and AD") == "10♥, 10♠ and A♦"


def test_no_article_stands_before_a_card_or_a_rank() -> None:
    """"a 8", "a A" never appear: no "a"/"an" stands before a placeholder but a file's kind, and
    every file's kind begins with a consonant ("a saved game")."""
    texts = i18n.catalogue("en")
    bad = {k: v for k, v in texts.items() if re.search(r"\b[Aa]n? \{(?!what\})", v)}
    assert not bad, bad
    kinds = {k: v for k, v in texts.items() if k.startswith("file.what.")}
    assert kinds and all(v[0].lower() not in "aeiou" for v in kinds.values()), kinds
    words = i18n.refusal_text(Refusal("B-6", "layoff.set_card", {"rank": "8"}))
    assert "a 8" not in words and "8" in words, words


def test_a_hint_reads_as_one_sentence() -> None:
    """Every hint ("Hint: <move>, because <why>") has one colon, the one after "Hint": no run of
    colons ("Hint: lay your contract, now in the slots: your contract is ready: once down ...")."""
    texts = i18n.catalogue("en")
    params = {"card": "6♠", "points": 6, "need": 40}
    moves = [k for k in texts if k.startswith("hint.")]
    whys = [k for k in texts if k.startswith("why.")]
    assert len(moves) > 15 and len(whys) > 20
    runs = [t for m in moves for w in whys
            if (t := i18n.tr("table.hint_why", move=i18n.tr(m, **params), why=i18n.tr(w, **params))).count(":") != 1]
    assert not runs, runs[:5]
