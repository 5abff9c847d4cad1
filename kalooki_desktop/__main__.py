"""Start Kalooki. Until the table scene exists this plays a watched match between computer players."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import __version__


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``python -m kalooki_desktop`` and the ``kalooki`` command."""
    p = argparse.ArgumentParser(prog="kalooki", description="Jamaican Kalooki")
    p.add_argument("--version", action="version", version=f"kalooki {__version__}")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--rules", default="jamaican")
    args = p.parse_args(argv)
    from .watch import watch_match

    return watch_match(args.rules, args.seed)


if __name__ == "__main__":
    sys.exit(main())
