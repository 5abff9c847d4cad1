"""Build the executable with PyInstaller and report the time taken and its size: first the icons
in each system's form from the same drawing (``build/make_icon.py``), then ``kalooki.spec``.

``python build/build.py`` (what ``make exe`` runs) -> ``dist/kalooki`` on Linux, ``dist/kalooki.exe``
on Windows (one file each, at most :data:`MAX_MB`), ``dist/Kalooki.app`` on macOS (a bundle).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The largest executable the game ships (the four languages included); a larger build fails.
MAX_MB = 30.0


def artefact(platform: str = sys.platform) -> Path:
    """What the build makes on ``platform``: the one file, or the macOS app bundle."""
    if platform == "darwin":
        return ROOT / "dist" / "Kalooki.app"
    return ROOT / "dist" / ("kalooki.exe" if platform == "win32" else "kalooki")


def size_mb(path: Path) -> float:
    """The size of a file, or of every file in a folder, in MB."""
    if path.is_dir():
        return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink()) / 1e6
    return path.stat().st_size / 1e6


def main() -> int:
    sys.path.insert(0, str(ROOT / "build"))
    from version import version

    t0 = time.perf_counter()
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    icons = subprocess.run([sys.executable, str(ROOT / "build" / "make_icon.py")], cwd=ROOT, env=env)
    if icons.returncode != 0:
        print("the icons could not be drawn", file=sys.stderr)
        return icons.returncode
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "PyInstaller",
            "--noconfirm",
            "--clean",
            "--log-level",
            "WARN",
            "--distpath",
            str(ROOT / "dist"),
            "--workpath",
            str(ROOT / "build" / "work"),
            str(ROOT / "kalooki.spec"),
        ],
        cwd=ROOT,
    )
    seconds = time.perf_counter() - t0
    if done.returncode != 0:
        print(f"build failed after {seconds:.0f} s", file=sys.stderr)
        return done.returncode
    built = artefact()
    size = size_mb(built)
    print(f"built {built.relative_to(ROOT)} (kalooki {version()}): {size:.1f} MB in {seconds:.1f} s")
    if built.is_file() and size > MAX_MB:
        print(f"the executable is {size:.1f} MB, over the {MAX_MB:.0f} MB it may weigh", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
