"""The scoreboard's table of scores and its words: every column adds up to its total (a buy-in a
row of its own, B-11), and "out" never means two things."""

from __future__ import annotations

from kalooki_desktop.engine.cards import parse_cards
from kalooki_desktop.engine.game import DealResult
from kalooki_desktop.scenes.scoreboard import _laid_text
from kalooki_desktop.scenes.scorerows import score_rows


def deal(number: int, scores: tuple[int, ...], out: int) -> DealResult:
    hands = tuple(() if s == out else tuple(parse_cards("AS")) for s in range(len(scores)))
    return DealResult(number, 0, void=False, out=out, big_out=False, scores=scores, hands=hands,
                      laid=(True, True, False))


def test_a_buy_in_is_a_row_of_the_score_table_so_each_column_adds_up_to_its_total() -> None:
    """Deal 1 takes the player to 115, over the limit; they buy back in at 15; deal 2 adds 48:
    the column reads 115, bought in at 15, 48, and the total 63 follows from it."""
    rows = score_rows([deal(1, (115, 0, 30), 1), deal(2, (48, 12, 0), 2)], [(1, 0, 15)])
    assert [(r.label, r.cells) for r in rows] == [
        ("1", ("115", "0", "30")),
        ("bought in", ("= 15", "", "")),
        ("2", ("48", "12", "0")),
    ]
    assert [r.out for r in rows] == [1, None, 2]
    assert rows[1].buy_in and not rows[0].buy_in


def test_the_scoreboard_s_words_tell_going_out_coming_out_and_leaving_the_game_apart() -> None:
    from kalooki_desktop.i18n import tr

    r = deal(1, (0, 20, 30), 0)
    assert [_laid_text(r, s) for s in range(3)] == ["came out", "came out", "did not come out"]
    assert tr("score.no_cards") == "went out"
    assert tr("score.out_mark") == "✗ out of the game"
    assert tr("score.limit", limit=150) == "out of the game above 150"


def test_a_seat_s_row_leaves_room_for_did_not_come_out_before_its_score(tmp_path) -> None:
    import pygame

    from kalooki_desktop.play.session import GameSetup, Session
    from kalooki_desktop.scenes.menu import MenuScene
    from kalooki_desktop.scenes.scoreboard import ScoreboardScene, _two_lines
    from kalooki_desktop.storage.paths import set_data_dir
    from kalooki_desktop.ui import text as txt

    from .gui import make_app, step

    set_data_dir(tmp_path)
    app = make_app((1024, 640))
    try:
        session = Session(GameSetup(("easy", "easy", "easy"), "british40", seed=3), threaded=False)
        app.push(MenuScene(app))
        board = ScoreboardScene(app, session, None)
        app.push(board)
        step(app, 2)
        box, font, small = pygame.Rect(0, 0, 480, 200), board.font_px(16), board.font_px(13)
        _, _, laid_x, score_x, _ = board.seat_columns(box, font, small)
        score_left = score_x - txt.width("+888", font, bold=True)
        lines = _two_lines("did not come out")  # on two lines where one does not fit
        assert laid_x + max(txt.width(line, small) for line in lines) <= score_left
    finally:
        app.shutdown()
        set_data_dir(None)
