"""Linux: the oldest glibc the built executable runs on, read from what it holds: the highest
``GLIBC_x.y`` symbol version any of its binaries (the bootloader, libpython, SDL and the other
libraries, Python's extension modules) asks for, and which binary asks for it.

``python build/glibc_needed.py`` after ``python build/build.py`` (it reads PyInstaller's list of
what went into the executable, ``build/work/kalooki/PKG-00.toc``; needs ``objdump``).
"""

from __future__ import annotations

import ast
import importlib.util
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOC = ROOT / "build" / "work" / "kalooki" / "PKG-00.toc"


def binaries() -> list[Path]:
    """The binaries the executable holds, and its bootloader."""
    entries = ast.literal_eval(TOC.read_text(encoding="utf-8"))[2]  # (name, source, kind) each
    found = [Path(source) for _, source, kind in entries if kind in ("BINARY", "EXTENSION")]
    spec = importlib.util.find_spec("PyInstaller")  # the bootloader the one file starts from (windowed)
    if spec is None or spec.origin is None:
        return found
    boot = Path(spec.origin).parent / "bootloader" / "Linux-64bit-intel" / "runw"
    return [boot, *found] if boot.is_file() else found


def needed(path: Path) -> tuple[int, ...]:
    """The highest glibc symbol version ``path`` asks for (``()`` for none)."""
    out = subprocess.run(["objdump", "-T", str(path)], capture_output=True, text=True).stdout
    versions = [tuple(int(x) for x in v.split(".")) for v in re.findall(r"GLIBC_(\d+(?:\.\d+)+)", out)]
    return max(versions, default=())


def main() -> int:
    if not TOC.is_file():
        print(f"no {TOC.relative_to(ROOT)}: build first (python build/build.py)", file=sys.stderr)
        return 2
    need = sorted(((needed(p), p) for p in binaries()), reverse=True)
    top = need[0][0]
    askers = [p.name for v, p in need if v == top]
    print(f"glibc {'.'.join(map(str, top))} or later, asked for by {', '.join(askers)} "
          f"({len(need)} binaries read)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
