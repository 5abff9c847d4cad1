"""Translation: every engine refusal key has English text, refusals read with their rule id."""

from __future__ import annotations

import re
from pathlib import Path

from kalooki_desktop import i18n
from kalooki_desktop.engine.refusal import MESSAGES, Refusal

ENGINE = Path(__file__).resolve().parent.parent / "kalooki_desktop" / "engine"


def test_every_refusal_key_the_engine_uses_has_text() -> None:
    used = set()
    for path in ENGINE.glob("*.py"):
        used |= set(re.findall(r'refuse\(\s*"J-[^"]+",\s*"([a-z_.]+)"', path.read_text(encoding="utf-8")))
        used |= set(re.findall(r'\("J-[^"]+", "([a-z_.]+)"\)', path.read_text(encoding="utf-8")))
    assert len(used) > 40
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
    i18n.set_language("xx")
    try:
        assert i18n.tr("level.hard") == "Hard"
    finally:
        i18n.set_language("en")
    assert "en" in i18n.languages()
    assert i18n.tr("persona.hard.blurb").startswith("Tournament sharp")
