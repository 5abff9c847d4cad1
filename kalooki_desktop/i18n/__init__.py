"""Translation: every word the player sees goes through :func:`tr` (or :func:`tr_n` for a count),
in English, German, Dutch or Finnish; every number, share and date through :func:`number`,
:func:`percent` and :func:`when`, written as the language writes them (CLDR's patterns, in
:mod:`.formats`).

Catalogues are JSON files ``<language>.json`` beside this module mapping message keys to
``str.format`` templates. The engine's refusal keys (``discard.joker`` ...) are keys here too, so
a refused move is shown in the player's language with its rule id.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import logging
import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path

from ..engine.cards import JOKER, card_label, parse_card
from ..engine.jsontext import parse_json
from ..engine.refusal import MESSAGES, Refusal
from .formats import FORMATS, Formats, date_time_text, decimal_text, percent_text

_HERE = Path(__file__).resolve().parent
DEFAULT_LANGUAGE = "en"
_language = DEFAULT_LANGUAGE


#: No catalogue is larger than this.
MAX_CATALOGUE_BYTES = 1024 * 1024


def catalogue_path(language: str) -> Path:
    """Where the catalogue of ``language`` is shipped."""
    return _HERE / f"{language}.json"


def read_catalogue(path: Path) -> dict[str, str]:
    """The messages of one catalogue file; empty (with a warning in the log) when the file is
    missing, too large, not JSON or not an object of texts."""
    try:
        if not path.is_file() or path.stat().st_size > MAX_CATALOGUE_BYTES:
            raise OSError("not a catalogue file")
        raw = parse_json(path.read_bytes())
        if not isinstance(raw, dict) or not all(isinstance(v, str) for v in raw.values()):
            raise ValueError("not an object of texts")
    except (OSError, ValueError) as exc:
        logging.getLogger("kalooki").warning("catalogue %s not used: %s", path.name, exc)
        return {}
    return raw


#: A language for the tests alone (never offered in Settings): English with every word about 40%
#: longer and its letters accented, so that a box too small for a longer language, or a word
#: that never went through the catalogue, shows.
PSEUDO = "xx"
_ACCENTED = str.maketrans("aceinorsuyACEINORSUY", "áçêîñôŗšûýÁÇÊÎÑÔŖŠÛÝ")


def pseudo(template: str) -> str:
    """``template`` as the pseudo-language writes it: each word's letters accented and the word
    about 40% longer, the ``{placeholders}`` untouched.

    >>> pseudo("Your turn, {name}")
    'Ýôûŗŗŗ tûŗñññ, {name}'
    """
    parts = re.split(r"(\{[^{}]*\})", template)
    out = []
    for part in parts:
        if part.startswith("{") and part.endswith("}"):
            out.append(part)
            continue
        out.append(re.sub(r"[A-Za-z0-9]+", lambda m: _longer(m.group(0)), part))
    return "".join(out)


def _longer(word: str) -> str:
    if _CARD_CODE.fullmatch(word) or not word.isalpha():  # a card's code, a number, a key: as they are
        return word
    extra = round(len(word) * 0.4)
    return word.translate(_ACCENTED) + (word[-1].translate(_ACCENTED) * extra if extra else "")


@lru_cache(maxsize=8)
def catalogue(language: str) -> dict[str, str]:
    """The messages of ``language`` (one the game ships, else English); English fills any gap
    (the engine's texts first of all)."""
    if language == PSEUDO:
        return {key: pseudo(text) for key, text in catalogue(DEFAULT_LANGUAGE).items()}
    merged = dict(MESSAGES)
    for lang in dict.fromkeys((DEFAULT_LANGUAGE, language)):
        if lang in languages():
            merged.update(read_catalogue(catalogue_path(lang)))
    return merged


@lru_cache(maxsize=1)
def languages() -> tuple[str, ...]:
    """The languages the game ships a catalogue for."""
    return tuple(sorted(p.stem for p in _HERE.glob("*.json")))


#: Each shipped language's name in that language, as Settings offers it.
NAMES = {"en": "English", "de": "Deutsch", "nl": "Nederlands", "fi": "Suomi"}


def set_language(language: str) -> None:
    """Switch the language; one the game does not ship means English."""
    global _language
    _language = language if language in languages() or language == PSEUDO else DEFAULT_LANGUAGE


def language() -> str:
    """The language in use."""
    return _language


def system_language(environ: dict[str, str] | None = None) -> str:
    """The shipped language the system asks for (the first of ``LANGUAGE``, ``LC_ALL``,
    ``LC_MESSAGES``, ``LANG`` that names one, then the locale Python sees), else English."""
    import locale
    import os

    env = os.environ if environ is None else environ
    names = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
    wanted = [part for name in names for part in env.get(name, "").split(":")]
    if environ is None:
        with contextlib.suppress(ValueError):  # a locale Python cannot name
            wanted.append(locale.getlocale()[0] or "")
    for tag in wanted:
        code = re.split(r"[_.@-]", tag.strip(), maxsplit=1)[0].lower()
        if code in languages():
            return code
    return DEFAULT_LANGUAGE


def _formats() -> Formats:
    """The current language's ways of writing numbers and dates (the pseudo-language writes
    them as German does: the longer marks)."""
    return FORMATS.get("de" if _language == PSEUDO else _language, FORMATS[DEFAULT_LANGUAGE])


def number(value: float, decimals: int = 0) -> str:
    """``value`` with ``decimals`` places as the language writes it (German ``12.345,5``,
    Finnish ``12 345,5``).

    >>> number(12345.5, 1), number(7)
    ('12,345.5', '7')
    """
    return decimal_text(value, decimals, _formats())


def percent(fraction: float) -> str:
    """A share as a whole percentage, as the language writes it (``42%``, German ``42 %``)."""
    return percent_text(fraction, _formats())


def when(moment: dt.datetime) -> str:
    """A date and time, short, as the language writes it (``12/5/26, 5:04 PM``, ``05.12.26, 17:04``)."""
    return date_time_text(moment, _formats())


def tr(key: str, **params: object) -> str:
    """The text of ``key`` in the current language, with ``params`` filled in.

    An unknown key shows as itself, so a missing text is visible but never crashes the game.
    """
    template = catalogue(_language).get(key, key)
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template


#: The plural forms a catalogue holds for each counted text (``key.one``, ``key.other``): English,
#: German, Dutch and Finnish all have these two (CLDR), "one" for exactly 1.
PLURAL_FORMS = ("one", "other")


def _one_other(n: int) -> str:
    return "one" if n == 1 else "other"


#: Each language's plural rule: the catalogue form for a count.
_PLURAL: dict[str, Callable[[int], str]] = {lang: _one_other for lang in ("en", "de", "nl", "fi")}


def tr_n(key: str, n: int, **params: object) -> str:
    """The text of ``key`` for the count ``n`` (``{n}`` filled in): the catalogue holds one
    form per plural category of the language, ``key.one`` and ``key.other`` in English.

    >>> tr_n("table.cards", 1), tr_n("table.cards", 3)
    ('1 card', '3 cards')
    """
    form = _PLURAL.get(_language, _PLURAL[DEFAULT_LANGUAGE])(n)
    return tr(f"{key}.{form}", n=n, **params)


#: A card's code in a refusal's parameters ("8C", "10H", "JK").
_CARD_CODE = re.compile(r"\b(?:10|[2-9AJQK])[SHDC]\b|\bJK\b")


def card_name(card: int) -> str:
    """A card as the player reads it: ``7♠``, ``10♥``, the joker by its name in the language."""
    return tr("card.joker") if card == JOKER else card_label(card)


def cards_for_players(text: str) -> str:
    """``text`` with every card code written as the player reads it (``8C`` becomes ``8♣``).

    >>> cards_for_players("This four takes only 8C or JK")
    'This four takes only 8♣ or Joker'
    """
    return _CARD_CODE.sub(lambda m: card_name(parse_card(m.group(0))), text)


#: The engine's words inside a refusal's parameters, each by the catalogue key that says it.
_ENGINE_WORDS = {"no melds": "contract.no_melds", "nothing": "words.nothing", "call": "action.call",
                 "pass": "action.pass", "allow": "action.allow", "refuse": "action.refuse",
                 "end": "action.end"}


def _engine_words(name: str, value: str) -> str:
    """A refusal's parameter in the player's language: a four's end, a list of cards joined by
    "or", or one of the engine's few words (:data:`_ENGINE_WORDS`)."""
    if name == "end" and value in ("low", "high"):
        return tr(f"end.{value}")
    if value in _ENGINE_WORDS:
        return tr(_ENGINE_WORDS[value])
    if " or " in value:
        return f" {tr('words.or')} ".join(cards_for_players(part) for part in value.split(" or "))
    return cards_for_players(value)


def refusal_text(refusal: Refusal, names: Sequence[str] = ()) -> str:
    """A refused move for the player: the translated reason and the rule id, the cards with
    their suit symbols, a seat by its player's name (``names``, by seat), e.g. ``Jokers cannot
    be discarded (J-4.5)``, ``It is not your turn: Desmond is to play (J-3.1)``."""
    params = {k: _engine_words(k, v) if isinstance(v, str) else v for k, v in refusal.params.items()}
    seat = params.get("seat")
    if isinstance(seat, int):
        params["name"] = names[seat] if 0 <= seat < len(names) else tr("refusal.seat", seat=seat)
    return tr("refusal.with_rule", reason=tr(refusal.key, **params), rule=refusal.rule)
