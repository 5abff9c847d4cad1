"""``python -m kalooki_desktop.sim``: the simulator, which lives in :mod:`.tools.sim`."""

from .tools.sim import main

if __name__ == "__main__":
    raise SystemExit(main())
