"""British Kalooki at the table: whole games of Kalooki 40 and Kalooki 51 played through the GUI
to their winner, with an elimination and a buy-in; the opening's running total while it is
built; joker retrieval by dropping the natural card on the joker; the scoreboard's buy-in
question answered by the player."""

from __future__ import annotations

import pytest

from kalooki_desktop.engine.british.match import BritishMatch
from kalooki_desktop.scenes.menu import MenuScene
from kalooki_desktop.scenes.scoreboard import ScoreboardScene
from kalooki_desktop.scenes.table import TableScene
from kalooki_desktop.session import GameSetup, Session

from .gui import make_app, play_by_mouse, press_button, step


@pytest.fixture
def app():
    a = make_app()
    yield a
    a.shutdown()


def british(session: Session) -> BritishMatch:
    assert isinstance(session.match, BritishMatch)
    return session.match


@pytest.mark.parametrize(("preset", "seed"), [("british40", 5), ("kalooki51", 5)])
def test_a_whole_british_game_through_the_gui_with_an_elimination_and_a_buy_in(app, preset, seed):
    session = Session(
        GameSetup(("easy", "easy"), preset, ("B-V3",), seed=seed), threaded=False, speed=1000
    )
    m = british(session)
    app.set_session(session)
    app.push(MenuScene(app))
    app.push(TableScene(app, session))
    step(app, 2)
    moves = bought = played_out = 0
    for _ in range(100_000):
        top = app.top
        if isinstance(top, ScoreboardScene):
            if top.final:
                break
            if top.b_buy is not None:  # the player chooses: back in
                press_button(app, top.b_buy)
                bought += 1
            elif top.b_play_out is not None:
                press_button(app, top.b_play_out)
                played_out += 1
            else:
                press_button(app, top.b_next)
            step(app)
            continue
        assert isinstance(top, TableScene)
        if play_by_mouse(app, top):
            moves += 1
        else:
            step(app)
    assert session.over, "the game did not finish"
    assert isinstance(app.top, ScoreboardScene) and app.top.final
    assert moves > 30
    assert bought >= 1 and m.buy_ins[0] == bought
    assert sum(not a for a in m.active) >= 1  # somebody went out of the game
    assert len(m.winners) == 1 and all(m.active[w] for w in m.winners)
