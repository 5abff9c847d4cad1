"""``python -m kalooki_desktop.bench`` (``make bench``): the benchmark, which lives in
:mod:`.tools.bench`."""

from .tools.bench import main

if __name__ == "__main__":
    raise SystemExit(main())
