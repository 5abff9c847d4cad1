"""The player's settings: a small JSON file in the data folder, read once at start and written
atomically when they change. A damaged file is moved aside and its previous good copy (or the
defaults) used instead; a value of the wrong type or out of range falls back to its default,
with one message that names the settings concerned."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from ..i18n import languages, set_language, system_language, tr
from . import schema as sc
from .atomic import write_atomic
from .files import BadFile, parse_document, quarantine, read_bytes
from .paths import data_dir

#: Animation speeds offered in Settings: name -> factor.
SPEEDS: dict[str, float] = {"slow": 0.6, "normal": 1.0, "fast": 2.0, "instant": 50.0}
#: The smallest window the table is laid out for, and the largest any screen needs.
MIN_WINDOW = (1024, 640)
MAX_WINDOW = (7680, 4320)
#: The interface sizes offered (per cent); 0 fits the words and widgets to the window.
INTERFACE_SCALES = (0, 75, 100, 125, 150, 175, 200)
#: The longest Call prompt offered (seconds); 0 waits until answered.
MAX_CALL_WAIT_S = 60


@dataclass
class Settings:
    """Everything the Settings scene changes, and what the last new game used."""

    language: str = "en"
    sound: bool = True
    volume: float = 0.7
    speed: str = "normal"
    reduce_motion: bool = False
    call_wait_s: int = 5  # how long the Call prompt waits; 0 waits until answered
    call_every_card: bool = False  # offer a call for every discard, not only those that could help
    coach: bool = False  # notes on the player's decisions in normal games (practice has them on)
    ask_needed_discard: bool = True  # a double-click discard of a card the contract needs asks first
    four_colour: bool = False
    four_colour_scheme: str = "english"  # which four-colour deck: "english" or "german"
    high_contrast: bool = False  # a darker felt, black panels, white words
    interface_scale: int = 0  # the words' and widgets' size, per cent (INTERFACE_SCALES); 0 fits the window
    large_cards: bool = False  # larger cards at the table
    guide_seen: bool = False  # the guided first hand was started once (the menu stops pointing to it)
    window: list[int] = field(default_factory=lambda: [1280, 800])
    fullscreen: bool = False
    last_game: dict[str, Any] = field(default_factory=dict)
    last_practice: dict[str, Any] = field(default_factory=dict)  # the last practice hand's choices

    @property
    def speed_factor(self) -> float:
        """The animation and pacing speed factor."""
        return SPEEDS.get(self.speed, 1.0) * (3.0 if self.reduce_motion else 1.0)

    @property
    def reading_factor(self) -> float:
        """The pace of the pauses the player reads (a hand's end held on the table): the animation
        speed's, reduce motion leaving them as long as ever."""
        return SPEEDS.get(self.speed, 1.0)

    @staticmethod
    def path() -> Path:
        """Where the settings live."""
        return data_dir() / "settings.json"

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> tuple[Settings, list[str]]:
        """Settings from plain data, value by value, and the names of the values that were not
        valid (each of those keeps its default). The window size is clamped to sane limits."""
        out = cls()
        bad: list[str] = []
        for f in fields(cls):
            if f.name not in raw:
                continue
            try:
                setattr(out, f.name, _SCHEMA[f.name](raw[f.name], f.name))
            except sc.Invalid:
                bad.append(f.name)
        return out, bad

    @classmethod
    def read(cls, path: Path) -> tuple[Settings, list[str]]:
        """The settings in ``path`` and the names of its invalid values; raises BadFile when the
        file cannot be used at all (and ``FileNotFoundError`` when there is none)."""
        raw = parse_document(read_bytes(path), path, tr("file.what.settings"))
        if not isinstance(raw, dict):
            raise BadFile("corrupt", tr("file.not_kind", name=path.name, what=tr("file.what.settings")), path)
        return cls.from_dict(raw)

    @classmethod
    def load(cls) -> Settings:
        """The saved settings (see :func:`load_settings` for the message on a damaged file)."""
        return load_settings()[0]

    def save(self) -> None:
        """Write the settings atomically (the previous copy kept as ``.bak``)."""
        write_atomic(self.path(), json.dumps(asdict(self), indent=2).encode())


def _window(value: Any, where: str) -> list[int]:
    size = sc.pair(sc.integer(0, 10**9), sc.integer(0, 10**9))(value, where)
    return [max(lo, min(hi, v)) for v, lo, hi in zip(size, MIN_WINDOW, MAX_WINDOW, strict=True)]


def _one_of(choices: tuple[int, ...], value: int, where: str) -> int:
    if value not in choices:
        raise sc.Invalid(where, "unknown_value")
    return value


_LAST_GAME = sc.obj(
    {},
    {
        "levels": sc.list_of(sc.string(20), max_len=16),
        "preset": sc.string(20),
        "variants": sc.list_of(sc.string(20), max_len=40),
        "jokers": sc.string(4),
        "schedule": sc.string(400),
    },
)

#: Practice's choices: a contract of the nine-hand schedule (``hand``, or ``target`` "1".."9") or
#: a British opening (``target`` "british40", "kalooki51"), 1-7 opponents of one level.
_LAST_PRACTICE = sc.obj(
    {},
    {
        "hand": sc.integer(1, 9),
        "target": sc.string(12, [*(str(n) for n in range(1, 10)), "british40", "kalooki51"]),
        "opponents": sc.integer(1, 7),
        "level": sc.string(16, ("easy", "normal", "hard")),
    },
)

_SCHEMA: dict[str, sc.Validator] = {
    "language": lambda v, where: sc.string(16, languages())(v, where),
    "sound": sc.boolean(),
    "volume": sc.number(0.0, 1.0),
    "speed": sc.string(16, SPEEDS),
    "reduce_motion": sc.boolean(),
    "call_wait_s": sc.integer(0, MAX_CALL_WAIT_S),
    "call_every_card": sc.boolean(),
    "coach": sc.boolean(),
    "ask_needed_discard": sc.boolean(),
    "four_colour": sc.boolean(),
    "four_colour_scheme": sc.string(16, ("english", "german")),
    "high_contrast": sc.boolean(),
    "interface_scale": lambda v, where: _one_of(INTERFACE_SCALES, sc.integer(0, 200)(v, where), where),
    "large_cards": sc.boolean(),
    "guide_seen": sc.boolean(),
    "window": _window,
    "fullscreen": sc.boolean(),
    "last_game": _LAST_GAME,
    "last_practice": _LAST_PRACTICE,
}


def _read_whole(path: Path) -> Settings:
    return Settings.read(path)[0]


def load_settings() -> tuple[Settings, str | None]:
    """The settings and, when something was wrong, one message for the player: a damaged file is
    moved aside and its good previous copy (or the defaults) used; invalid values fall back to
    their defaults one by one. The language they name is set before any message is worded; on
    the first start (no file) and with the defaults it is the system's, when the game has it."""
    path = Settings.path()
    set_language(system_language())  # a damaged file is said in the system's language
    try:
        settings, bad = Settings.read(path)
    except FileNotFoundError:
        return _in_its_language(Settings(language=system_language())), None
    except BadFile as exc:
        rec = quarantine(exc, _read_whole)
        kept = rec.moved_to.name if rec.moved_to else "-"
        if rec.backup is not None:
            try:
                settings = _in_its_language(_read_whole(rec.backup))
                write_atomic(path, read_bytes(rec.backup), keep_backup=False)
                return settings, tr("settings.damaged_restored", error=rec.message, kept=kept)
            except (BadFile, OSError):
                pass
        settings = _in_its_language(Settings(language=system_language()))
        return settings, tr("settings.damaged_defaults", error=rec.message, kept=kept)
    _in_its_language(settings)
    if bad:
        names = ", ".join(tr(f"settings.field.{name}") for name in bad)
        return settings, tr("settings.values_reset", name=path.name, names=names)
    return settings, None


def _in_its_language(settings: Settings) -> Settings:
    """``settings``, their language set for every word from now on."""
    set_language(settings.language)
    return settings
