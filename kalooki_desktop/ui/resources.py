"""One way to find shipped files, from source and from the packaged build, whatever the
working directory (a double-click starts anywhere)."""

from __future__ import annotations

import os
import sys
from pathlib import Path


class MissingAsset(FileNotFoundError):
    """A shipped file is not where it should be: the message says which and where we looked."""


def assets_dir() -> Path:
    """The folder holding fonts, theme, sounds and icon."""
    override = os.environ.get("KALOOKI_ASSETS")
    candidates = [Path(override)] if override else []
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        candidates.append(Path(bundle) / "assets")
    candidates.append(Path(__file__).resolve().parents[2] / "assets")
    for c in candidates:
        if c.is_dir():
            return c
    raise MissingAsset("the assets folder is missing; looked in: " + ", ".join(str(c) for c in candidates))


def asset(*parts: str) -> Path:
    """The absolute path of a shipped file, e.g. ``asset("fonts", "DejaVuSans.ttf")``."""
    path = assets_dir().joinpath(*parts)
    if not path.is_file():
        raise MissingAsset(f"missing game file: {path}")
    return path
