"""The player's settings: a small JSON file in the data folder, read once at start and written
when they change. Unknown or bad values fall back to the defaults one by one."""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

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
    def load(cls) -> Settings:
        """The saved settings; defaults where the file or a value is missing or bad."""
        out = cls()
        try:
            raw = json.loads(cls.path().read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return out
        if not isinstance(raw, dict):
            return out
        for f in fields(cls):
            if f.name in raw and isinstance(raw[f.name], type(getattr(out, f.name))):
                setattr(out, f.name, raw[f.name])
        return out

    def save(self) -> None:
        """Write the settings (to a temporary file first, then replace)."""
        path = self.path()
        tmp = path.with_suffix(".tmp")
        with open(tmp, "w", encoding="utf-8") as fh:
            json.dump(asdict(self), fh, indent=2)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
