"""A game autosaved by the writer's thread, for the writer's crash tests: run as
``python tests/crash_writer_child.py DATA_DIR SEED [MOVES]``. It resumes the autosave if there is
one and plays (the computer players on their thread, the player's seat by the hint), printing
``<seed> <actions> resumed`` for the game it found on disk, ``<seed> <actions> begun`` and
``<seed> <actions> written`` around each write of the writer,
and ``<seed> <actions> applied`` after each move. With MOVES it stops after that many moves by
raising an error (the program's end must still wait for the writes), its disk made slow."""

from __future__ import annotations

import sys
import time


def main(data_dir: str, seed: int, moves: int | None) -> None:
    from kalooki_desktop.play.session import GameSetup, Session
    from kalooki_desktop.storage import saves
    from kalooki_desktop.storage.autosave import Autosave
    from kalooki_desktop.storage.paths import set_data_dir

    set_data_dir(data_dir)
    path = saves.saves_dir() / "autosave.json"
    saves.clean_temporaries(path.parent)
    real_save = saves.save

    def say(session: Session, what: str) -> None:
        sys.stdout.write(f"{session.setup.seed} {len(session.match.actions)} {what}\n")  # one write: whole lines
        sys.stdout.flush()

    def save(session: Session, where: object, name: str = saves.AUTOSAVE) -> None:
        say(session, "begun")
        if moves is not None:
            time.sleep(0.05)  # a disk slower than the moves
        real_save(session, where, name)  # type: ignore[arg-type]
        say(session, "written")

    saves.save = save  # type: ignore[assignment]
    session = None
    if path.exists():
        session = Session.of(saves.load(path), threaded=True, speed=1000)  # a BadFile here fails the test
        say(session, "resumed")  # the last complete write of the process before
    applied = 0
    now = 0.0
    while True:
        if session is None or session.over:
            seed = session.setup.seed + 1 if session is not None else seed
            session = Session(GameSetup(("normal", "easy", "normal"), "baby", seed=seed), threaded=True, speed=1000)
            autosave = Autosave(session, lambda *_: None, lambda: True, threaded=session.threaded)
            session.listeners.append(autosave)
            autosave(None)
        elif not session.listeners:
            autosave = Autosave(session, lambda *_: None, lambda: True, threaded=session.threaded)
            session.listeners.append(autosave)
        before = len(session.match.actions)
        now += 5000
        session.autoplay(now)
        if len(session.match.actions) != before:
            applied += 1
            say(session, "applied")
            if moves is not None and applied >= moves:
                raise RuntimeError("the game's error")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else None)
