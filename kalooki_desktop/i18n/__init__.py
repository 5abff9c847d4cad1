"""Translation: every user-visible string goes through :func:`tr` (English catalogue now).

Catalogues are JSON files ``<language>.json`` beside this module mapping message keys to
``str.format`` templates. The engine's refusal keys (``discard.joker`` ...) are keys here too, so
a refused move is shown in the player's language with its rule id.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from ..engine.refusal import MESSAGES, Refusal

_HERE = Path(__file__).resolve().parent
DEFAULT_LANGUAGE = "en"
_language = DEFAULT_LANGUAGE


@lru_cache(maxsize=8)
def catalogue(language: str) -> dict[str, str]:
    """The messages of ``language``; English fills any gap (the engine's texts first of all)."""
    merged = dict(MESSAGES)
    for lang in dict.fromkeys((DEFAULT_LANGUAGE, language)):
        path = _HERE / f"{lang}.json"
        if path.is_file():
            merged.update(json.loads(path.read_text(encoding="utf-8")))
    return merged


def languages() -> list[str]:
    """The languages that have a catalogue."""
    return sorted(p.stem for p in _HERE.glob("*.json"))


def set_language(language: str) -> None:
    """Switch the language (unknown ones fall back to English, key by key)."""
    global _language
    _language = language


def tr(key: str, **params: object) -> str:
    """The text of ``key`` in the current language, with ``params`` filled in.

    An unknown key shows as itself, so a missing text is visible but never crashes the game.
    """
    template = catalogue(_language).get(key, key)
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template


def refusal_text(refusal: Refusal) -> str:
    """A refused move for the player: the translated reason and the rule id, e.g.
    ``Jokers cannot be discarded (J-4.5)``."""
    return tr("refusal.with_rule", reason=tr(refusal.key, **refusal.params), rule=refusal.rule)
