"""Build the one-file executable with PyInstaller and report the time taken and its size.

``python build/build.py`` (what ``make exe`` runs) -> ``dist/kalooki`` (``dist/kalooki.exe`` on
Windows, plus ``dist/Kalooki.app`` on macOS).
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The largest executable the game ships (the four languages included); a larger build fails.
MAX_MB = 30.0


def main() -> int:
    sys.path.insert(0, str(ROOT / "build"))
    from version import version

    t0 = time.perf_counter()
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
    exe = ROOT / "dist" / ("kalooki.exe" if sys.platform == "win32" else "kalooki")
    size = exe.stat().st_size / 1e6
    print(f"built {exe.relative_to(ROOT)} (kalooki {version()}): {size:.1f} MB in {seconds:.1f} s")
    if size > MAX_MB:
        print(f"the executable is {size:.1f} MB, over the {MAX_MB:.0f} MB it may weigh", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
