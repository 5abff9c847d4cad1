"""A game that autosaves after every action, for the crash test: run as
``python tests/crash_child.py DATA_DIR SEED``. It resumes the autosave if there is one, plays
(every seat by the computer, the player's by the hint) and prints ``<seed> <actions> begun`` before
each save and ``<seed> <actions>`` after it completes. The parent kills it with SIGKILL at random moments."""

from __future__ import annotations

import sys


def main(data_dir: str, seed: int) -> None:
    from kalooki_desktop.play.session import GameSetup, Session
    from kalooki_desktop.storage import saves
    from kalooki_desktop.storage.paths import set_data_dir

    set_data_dir(data_dir)
    path = saves.saves_dir() / "autosave.json"
    saves.clean_temporaries(path.parent)
    if path.exists():
        session = Session.of(saves.load(path), threaded=False, speed=1000)  # a BadFile here fails the test
    else:
        session = Session(GameSetup(("normal", "easy", "normal"), "baby", seed=seed), threaded=False, speed=1000)
    now = 0.0
    while True:
        if session.over:
            seed = session.setup.seed + 1
            session = Session(GameSetup(("normal", "easy", "normal"), "baby", seed=seed), threaded=False, speed=1000)
        before = len(session.match.actions)
        now += 5000
        session.autoplay(now)
        if len(session.match.actions) != before:
            print(session.setup.seed, len(session.match.actions), "begun", flush=True)
            saves.save(session, path)
            print(session.setup.seed, len(session.match.actions), flush=True)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
