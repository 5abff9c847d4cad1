"""``python -m kalooki_desktop.i18n --check [--catalogue LANG=PATH ...]``: are the catalogues
whole? Every key the game uses in every language, the same ``{placeholders}`` as English, both
plural forms, no key the game never asks for, and every character in the game's font. Prints one
line per fault and exits non-zero when there is any (CI runs it).

``--catalogue de=path/de.json`` checks a file in place of the shipped one (a translation at work).
"""

from __future__ import annotations

import argparse
import ast
import os
import re
import string
import sys
from collections.abc import Mapping
from pathlib import Path

from .. import i18n

PACKAGE = Path(__file__).resolve().parent.parent


def _literal_keys() -> tuple[set[str], set[str]]:
    """The keys written out in the code (any string that reads as a key, the plural forms of those
    counted by ``tr_n``), and the prefixes of keys built at run time (an f-string's opening
    text, such as ``"file.what."``)."""
    literal: set[str] = set()
    prefixes: set[str] = set()
    plural: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        if "engine" in path.parts or path.name == "i18ncheck.py":
            continue
        text = path.read_text(encoding="utf-8")
        tree = ast.parse(text)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and _KEY.fullmatch(node.value):
                literal.add(node.value)
            elif isinstance(node, ast.JoinedStr) and node.values:
                head = node.values[0]
                opening = head.value if isinstance(head, ast.Constant) else None
                if isinstance(opening, str) and _PREFIX.fullmatch(opening):
                    prefixes.add(opening)
        plural |= set(re.findall(r'\btr_n\(\s*"([a-zA-Z0-9_.\-]+)"', text))
    literal |= {f"{key}.{form}" for key in plural for form in i18n.PLURAL_FORMS}
    return literal, prefixes


#: A string that reads as a catalogue key, and the opening of one built at run time.
_KEY = re.compile(r"[a-z][a-z0-9_]*(?:\.[A-Za-z0-9_:\-]+)+")
_PREFIX = re.compile(r"[a-z][a-z0-9_]*(?:\.[A-Za-z0-9_:\-]+)*[._]")


def _family_keys() -> set[str]:
    """The keys built at run time, every member of each family."""
    from ..ai.personas import LEVELS
    from ..engine.refusal import MESSAGES
    from ..play.guide import MOMENTS
    from ..scenes.newgame import B_BONUSES, B_LIMITS, B_SWITCHES, PRESETS, SWITCHES
    from ..scenes.rules import B_SECTIONS, SECTIONS
    from ..storage.schema import PROBLEMS
    from ..storage.settings import SPEEDS, Settings
    from ..storage.stats import GAMES

    keys = {f"level.{lv}" for lv in (*LEVELS, "tutor")} | {f"persona.{lv}.blurb" for lv in LEVELS}
    keys |= {f"guide.moment.{m}" for m in MOMENTS}
    keys |= {f"preset.{p}" for p in PRESETS} | {f"speed.{s}" for s in SPEEDS}
    keys |= {f"variant.{v}.{part}" for v in (*SWITCHES, *B_SWITCHES, "J-V10") for part in ("name", "help")}
    keys |= {f"rules.{s}.{part}" for s in SECTIONS for part in ("title", "body", "example")}
    keys |= {f"rules.b.{s}.{part}" for s in B_SECTIONS for part in ("title", "body", "example")}
    dropdowns = (("new.limit", B_LIMITS, "new.limit.150"), ("new.bonus", B_BONUSES, "new.bonus.none"))
    for row, ids, none in dropdowns:
        keys |= {f"{row}.{v}" for v in ids if v} | {none, f"{none}.help"}
    keys |= {f"{words}.{k}" for words in ("stats", "progress")
             for k in ("damaged", "damaged_restored", *(f"records_dropped.{f}" for f in i18n.PLURAL_FORMS))}
    keys |= {f"table.kalooki_{k}" for k in ("none", "double", "plus25")} | {f"stats.game.{g}" for g in GAMES}
    keys |= {f"menu.{k}" for k in ("continue", "new", "learn", "load", "rules", "stats", "settings", "quit")}
    keys |= {f"settings.field.{f}" for f in Settings.__dataclass_fields__}
    moves = ("discard", "pluck_stock", "pluck_discard", "call", "allow", "refuse", "lay", "tack",
             "move_joker", "end", "retrieve", "buy_in", "stay_out", "lay_open", "lay_meld", "layoff", "pass",
             "take_back")
    keys |= {f"{kind}.{m}" for kind in ("log", "hint") for m in moves}
    keys |= {f"slot.{k}" for k in MESSAGES if k.startswith(("three.", "four.", "set.", "run.", "meld."))}
    for module in ("advice.py", "british.py"):
        keys |= set(re.findall(r'"(why\.[a-z_]+)"', (PACKAGE / "ai" / module).read_text(encoding="utf-8")))
    keys |= set(MESSAGES) | {f"schema.{problem}" for problem in PROBLEMS}
    return keys


def used_keys(known: set[str]) -> set[str]:
    """Every key of ``known`` (and of the families built at run time) the game asks the
    catalogue for."""
    literal, prefixes = _literal_keys()
    built = {k for k in known if any(k.startswith(p) for p in prefixes)}
    families = _family_keys()
    optional = {k for k in families if k.endswith(".example")}  # a rules section may have none
    return (literal & known) | built | (families - optional) | (optional & known)


def placeholders(template: str) -> set[str]:
    """The ``{names}`` a template fills in."""
    try:
        return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}
    except ValueError:
        return {"<not a valid template>"}


def problems(catalogues: Mapping[str, Mapping[str, str]], used: set[str],
             missing_glyphs: object = None) -> list[str]:
    """The faults of ``catalogues`` (language -> its messages, English among them), one line each."""
    english = catalogues[i18n.DEFAULT_LANGUAGE]
    out = [f"en: {key}: used by the game but has no text" for key in sorted(used - set(english))]
    out += [f"en: {key}: never used" for key in sorted(set(english) - used)]
    for lang, messages in sorted(catalogues.items()):
        if lang == i18n.DEFAULT_LANGUAGE:
            continue
        out += [f"{lang}: {key}: missing" for key in sorted(set(english) - set(messages))]
        out += [f"{lang}: {key}: not an English key" for key in sorted(set(messages) - set(english))]
        for key in sorted(set(english) & set(messages)):
            want, got = placeholders(english[key]), placeholders(messages[key])
            if want != got:
                out.append(f"{lang}: {key}: placeholders {sorted(got)}, English has {sorted(want)}")
            if not messages[key].strip():
                out.append(f"{lang}: {key}: empty")
    if callable(missing_glyphs):
        for lang, messages in sorted(catalogues.items()):
            gone = missing_glyphs("".join(messages.values()))
            if gone:
                out.append(f"{lang}: characters the font cannot draw: {''.join(sorted(gone))}")
    return out


def shipped(overrides: Mapping[str, Path]) -> dict[str, dict[str, str]]:
    """Each shipped language's own messages (English with the engine's), ``overrides`` read in
    place of the shipped files."""
    from ..engine.refusal import MESSAGES

    out: dict[str, dict[str, str]] = {}
    for lang in sorted(set(i18n.languages()) | set(overrides)):
        path = overrides.get(lang, i18n.catalogue_path(lang))
        own = i18n.read_catalogue(path)
        out[lang] = {**MESSAGES, **own} if lang == i18n.DEFAULT_LANGUAGE else own
    return out


def main(argv: list[str] | None = None) -> int:
    """Check the catalogues; print each fault; exit 1 when there is any."""
    p = argparse.ArgumentParser(prog="python -m kalooki_desktop.i18n", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--check", action="store_true", help="check every catalogue (the default)")
    p.add_argument("--catalogue", action="append", default=[], metavar="LANG=PATH",
                   help="check this file as the catalogue of LANG")
    args = p.parse_args(argv)
    overrides: dict[str, Path] = {}
    for item in args.catalogue:
        lang, sep, path = item.partition("=")
        if not sep or not lang or not path:
            p.error(f"--catalogue takes LANG=PATH, not {item!r}")
        overrides[lang] = Path(path)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from ..ui.cards import missing_glyphs

    catalogues = shipped(overrides)
    faults = problems(catalogues, used_keys(set(catalogues[i18n.DEFAULT_LANGUAGE])), missing_glyphs)
    for line in faults:
        print(line)
    languages = sorted(set(i18n.languages()) | set(overrides))
    print(f"{len(faults)} faults in {len(languages)} languages ({', '.join(languages)})", file=sys.stderr)
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
