"""Run the built executable's own smoke test, as a player's double-click would start it: from
another folder, with a data folder of its own, in every language the game speaks.

``python build/smoke_exe.py`` after ``python build/build.py``: ``--version``, then
``--smoke-test`` in English (300 frames) and in German, Dutch and Finnish (240 frames each), each
with a fresh data folder. Exit 0 when every run did; otherwise the failing run's exit status.
The same command runs here (``.ci/run``) and on each system of the hosted CI workflow.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The languages beside English, each smoke-tested afresh.
LANGUAGES = ("de", "nl", "fi")


def program(platform: str = sys.platform) -> Path:
    """The program inside what the build made on ``platform`` (the bundle's on macOS)."""
    if platform == "darwin":
        return ROOT / "dist" / "Kalooki.app" / "Contents" / "MacOS" / "kalooki"
    return ROOT / "dist" / ("kalooki.exe" if platform == "win32" else "kalooki")


def runs() -> list[list[str]]:
    """The runs, each a list of arguments after the program."""
    out = [["--version"], ["--smoke-test", "--frames", "300"]]
    out += [["--smoke-test", "--lang", lang, "--frames", "240"] for lang in LANGUAGES]
    return out


def main() -> int:
    exe = program()
    if not exe.is_file():
        print(f"no executable at {exe}: build it first (python build/build.py)", file=sys.stderr)
        return 2
    for args in runs():
        with tempfile.TemporaryDirectory() as data, tempfile.TemporaryDirectory() as elsewhere:
            extra = [] if args == ["--version"] else ["--data-dir", data]
            done = subprocess.run([str(exe), *args, *extra], cwd=elsewhere)
        print(f"{exe.name} {' '.join(args)}: exit {done.returncode}")
        if done.returncode != 0:
            return done.returncode
    return 0


if __name__ == "__main__":
    sys.exit(main())
