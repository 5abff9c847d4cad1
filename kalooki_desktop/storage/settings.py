"""The player's settings: a small JSON file in the data folder, read once at start and written
atomically when they change. A damaged file is moved aside and the previous good copy (or the
defaults) used instead; unknown or bad values fall back to the defaults one by one."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from .atomic import BadFile, backup_path, move_aside, read_limited, write_atomic
from .paths import data_dir

#: Animation speeds offered in Settings: name -> factor.
SPEEDS: dict[str, float] = {"slow": 0.6, "normal": 1.0, "fast": 2.0, "instant": 50.0}


@dataclass
class Settings:
    """Everything the Settings scene changes, and what the last new game used."""

    language: str = "en"
    sound: bool = True
    volume: float = 0.7
    speed: str = "normal"
    reduce_motion: bool = False
    call_wait_s: int = 5  # how long the Call prompt waits; 0 waits until answered
    four_colour: bool = False
    window: list[int] = field(default_factory=lambda: [1280, 800])
    fullscreen: bool = False
    last_game: dict[str, Any] = field(default_factory=dict)

    @property
    def speed_factor(self) -> float:
        """The animation and pacing speed factor."""
        return SPEEDS.get(self.speed, 1.0) * (3.0 if self.reduce_motion else 1.0)

    @staticmethod
    def path() -> Path:
        """Where the settings live."""
        return data_dir() / "settings.json"

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Settings:
        """Settings from plain data, value by value (a wrong type keeps the default)."""
        out = cls()
        for f in fields(cls):
            if f.name not in raw:
                continue
            value, default = raw[f.name], getattr(out, f.name)
            if isinstance(default, bool):
                ok = isinstance(value, bool)
            elif isinstance(default, float):
                ok = isinstance(value, int | float) and not isinstance(value, bool)
                value = float(value) if ok else value
            else:
                ok = isinstance(value, type(default)) and not isinstance(value, bool)
            if ok:
                setattr(out, f.name, value)
        out.volume = min(1.0, max(0.0, out.volume))
        if not (
            isinstance(out.window, list)
            and len(out.window) == 2
            and all(isinstance(v, int) for v in out.window)
        ):
            out.window = [1280, 800]
        return out

    @classmethod
    def read(cls, path: Path) -> Settings:
        """The settings in ``path``; raises BadFile when the file is damaged."""
        data = read_limited(path)
        try:
            raw = json.loads(data.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise BadFile("corrupt", f"{path.name} is damaged ({exc.__class__.__name__})", path) from exc
        if not isinstance(raw, dict):
            raise BadFile("corrupt", f"{path.name} is not a settings file", path)
        return cls.from_dict(raw)

    @classmethod
    def load(cls) -> Settings:
        """The saved settings (see :func:`load_settings` for the message on a damaged file)."""
        return load_settings()[0]

    def save(self) -> None:
        """Write the settings atomically (the previous copy kept as ``.bak``)."""
        write_atomic(self.path(), json.dumps(asdict(self), indent=2).encode())


def load_settings() -> tuple[Settings, str | None]:
    """The settings and, when the file was damaged, a message for the player (the file is moved
    aside; its good backup, if any, is used)."""
    path = Settings.path()
    if not path.exists():
        return Settings(), None
    try:
        return Settings.read(path), None
    except BadFile as exc:
        moved = move_aside(path)
        kept = f" (kept as {moved.name})" if moved else ""
        bak = backup_path(path)
        if bak.exists():
            try:
                settings = Settings.read(bak)
                write_atomic(path, read_limited(bak), keep_backup=False)
                return (
                    settings,
                    f"Your settings file was damaged{kept}: the previous copy was restored. {exc}",
                )
            except (BadFile, OSError):
                pass
        return Settings(), f"Your settings file was damaged{kept}: the defaults are used. {exc}"
