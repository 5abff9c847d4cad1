"""``python -m kalooki_desktop.coach SAVE``: the coach's review of a saved game, which lives in
:mod:`.tools.coach_cli` (the coach itself is :mod:`.ai.coach`)."""

from .tools.coach_cli import main

if __name__ == "__main__":
    raise SystemExit(main())
