"""Time from launching the executable to its first rendered frame, over several runs.

``python build/launch_bench.py [EXE] [--runs 10]``: starts ``EXE --first-frame`` (the real app,
which prints ``first-frame`` once the menu has been drawn and flipped, then quits) and measures
the wall time until that line arrives. Uses SDL's dummy drivers unless a display is set up.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def one_run(cmd: list[str], env: dict[str, str]) -> float:
    from kalooki_desktop.tools.bench import time_to_first_frame

    return time_to_first_frame(cmd, env)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument(
        "exe", nargs="?", default=str(ROOT / "dist" / ("kalooki.exe" if os.name == "nt" else "kalooki"))
    )
    p.add_argument("--runs", type=int, default=10)
    p.add_argument("--source", action="store_true", help="time `python -m kalooki_desktop` instead")
    args = p.parse_args()
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    data = tempfile.mkdtemp(prefix="kalooki-launch-")
    cmd = [sys.executable, "-m", "kalooki_desktop"] if args.source else [args.exe]
    cmd += ["--first-frame", "--data-dir", data]
    one_run(cmd, env)  # warm the file cache once, as a player's second launch would be
    times = sorted(one_run(cmd, env) for _ in range(args.runs))
    what = "python -m kalooki_desktop" if args.source else args.exe
    print(
        f"launch to first frame, {what}, {args.runs} runs: median {statistics.median(times) * 1000:.0f} ms, "
        f"min {times[0] * 1000:.0f} ms, max {times[-1] * 1000:.0f} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
