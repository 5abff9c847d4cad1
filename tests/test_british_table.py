"""British Kalooki at the table: whole games of Kalooki 40 and Kalooki 51 played through the GUI
to their winner (among three, and head to head), with an elimination and a buy-in; the
opening's running total while it is built; joker retrieval by dropping the natural card on the
joker; the scoreboard's buy-in question answered by the player; the scoreboard of two."""

from __future__ import annotations

import pytest

from kalooki_desktop.engine.british.match import BritishMatch
from kalooki_desktop.engine.cards import parse_cards
from kalooki_desktop.play.session import GameSetup, Session
from kalooki_desktop.scenes.menu import MenuScene
from kalooki_desktop.scenes.scoreboard import ScoreboardScene
from kalooki_desktop.scenes.table import TableScene

from .gui import click, drag, hand_pos, make_app, play_to_the_end, press_button, step, table_at


@pytest.fixture
def app():
    a = make_app()
    yield a
    a.shutdown()


def british(session: Session) -> BritishMatch:
    assert isinstance(session.match, BritishMatch)
    return session.match


@pytest.mark.parametrize(("preset", "seed", "levels"), [
    ("british40", 3, ("easy", "easy")), ("kalooki51", 2, ("easy", "easy")), ("kalooki51", 1, ("easy",)),
], ids=["british40", "kalooki51", "kalooki51-head-to-head"])
def test_a_whole_british_game_through_the_gui_with_an_elimination_and_a_buy_in(app, preset, seed, levels):
    session = Session(GameSetup(levels, preset, ("B-V3",), seed=seed), threaded=False, speed=1000)
    m = british(session)
    app.host.set_session(session)
    app.push(MenuScene(app))
    app.push(TableScene(app, session))
    step(app, 2)
    bought = 0

    def answer(board: object) -> None:  # the player chooses to buy back in whenever asked
        nonlocal bought
        assert isinstance(board, ScoreboardScene)
        if board.b_buy is not None:
            press_button(app, board.b_buy)
            bought += 1
        else:
            press_button(app, board.b_play_out or board.b_next)

    moves = play_to_the_end(app, answer)
    assert session.over, "the game did not finish"
    assert isinstance(app.top, ScoreboardScene) and app.top.final
    assert moves > 30
    assert bought >= 1 and m.buy_ins[0] == bought
    assert sum(not a for a in m.active) >= 1  # somebody went out of the game
    assert len(m.winners) == 1 and all(m.active[w] for w in m.winners)


# --- an exact deal of Kalooki 40 among three: the player (seat 0) plays first --------------------

YOU = "QS QH QD 6C 7C 8C 5S 9S 2H 3D 4C 10H KD"
DESMOND = "5H JK 7H KS KH KC 2C 3C 4D 9D 10C JC AD"
MARCIA = "2S 3S 4H 6D 8D 10D JS 4S 9H JH 2D 8S AC"
STOCK = "7D 5C AS 6H 3H 8H 9C 7S 10S"


def british_table(app) -> TableScene:
    scene = table_at(app, [YOU, DESMOND, MARCIA], discard="5D", stock=STOCK, dealer=2, preset="british40",
                     levels=("normal", "normal"))
    assert scene.session.rules.system == "british" and scene.session.prompt() == "pluck"
    return scene


def stage(app, scene: TableScene, cards: str, slot: int) -> None:
    for card in cards.split():
        drag(app, hand_pos(scene, card), scene.layout.slots[slot].center)


def test_the_opening_total_runs_while_it_is_built_and_come_out_lays_it(app):
    scene = british_table(app)
    click(app, scene.layout.stock.center)  # 7D
    assert scene.session.prompt() == "play"
    stage(app, scene, "QS QH QD", 0)
    step(app)
    frame = scene.frame()
    assert frame.opening == (30, 40) and frame.slot_titles[0] == "Set · 30"
    assert len(scene.model.slots) == 3 and not scene.controls.lay.is_enabled
    assert scene.controls.lay.text == "Come out"
    stage(app, scene, "8C 6C 7C", 1)  # dropped out of order: the run lines up
    step(app)
    assert scene.model.slots[1] == parse_cards("6C 7C 8C")
    assert scene.frame().opening == (51, 40) and scene.controls.lay.is_enabled
    stage(app, scene, "5S", 2)  # a third meld begun: a fourth slot appears
    step(app)
    assert len(scene.model.slots) == 4 and len(scene.layout.slots) == 4
    assert scene.lay_refusal() is not None  # 5S alone is no meld (B-2)
    click(app, scene.geometry.slot_rects(2)[0].center)  # back to the hand
    step(app)
    press_button(app, scene.controls.lay)
    m = british(scene.session)
    assert m.hand.opened[0] and len(m.hand.table) == 2
    assert scene.frame().opening is None and scene.controls.lay.text == "Lay melds"


def test_a_joker_is_taken_by_dropping_its_natural_card_on_it_and_must_be_laid(app):
    scene = british_table(app)
    s = scene.session
    m = british(s)
    for seat, text in ((0, "pluck stock"), (0, "lay three QS QH QD | four 6C 7C 8C"), (0, "discard 2H"),
                       (1, "pluck stock"), (1, "lay three KS KH KC | four 5H JK 7H"), (1, "discard AD"),
                       (2, "pluck stock"), (2, "discard AC")):
        s.replay_action(seat, text)
    step(app, 30)
    click(app, scene.layout.stock.center)  # the player draws 6H: the card the joker stands for
    assert parse_cards("6H")[0] in m.hand.hands[0]
    step(app, 30)
    joker = scene.geometry.meld_card_rects(3)[1].center  # Desmond's 5H JK 7H
    drag(app, hand_pos(scene, "6H"), joker)
    assert m.hand.table[3].cards == parse_cards("5H 6H 7H") and parse_cards("JK")[0] in m.hand.hands[0]
    assert m.hand.free_jokers == 1
    drag(app, hand_pos(scene, "KD"), scene.layout.pile.center)  # not before the joker is laid (B-7)
    assert parse_cards("KD")[0] in m.hand.hands[0] and "(B-7)" in app.toast_text
    high = scene.geometry.meld_card_rects(1)[-1]
    drag(app, hand_pos(scene, "JK"), (high.right - 4, high.centery))  # onto 6C 7C 8C
    assert m.hand.free_jokers == 0 and len(m.hand.table[1].cards) == 4
    step(app, 30)
    drag(app, hand_pos(scene, "KD"), scene.layout.pile.center)
    assert (0, "discard KD") in m.hand.log


def test_the_player_over_the_limit_chooses_and_a_player_out_can_play_it_out(app):
    session = Session(GameSetup(("normal", "hard"), "british40", ("B-V3",), seed=2), threaded=False, speed=1000)
    app.host.set_session(session)
    m = british(session)
    now = 0.0
    while session.prompt() != "buy_in":
        now += 5000
        if session.prompt() is None:
            session.tick(now)
        else:
            action = session.hint()
            assert action is not None
            assert session.submit(action) is None
    app.push(MenuScene(app))
    app.push(TableScene(app, session))
    step(app, 3)
    board = app.top
    assert isinstance(board, ScoreboardScene) and board.b_buy is not None  # pushed by the table
    assert "over 100" in board.headline() and "(B-11)" in board.headline()
    press_button(app, board.b_stay)
    assert not m.active[0]
    step(app, 2)
    assert board.b_play_out is not None or m.over
    if not m.over:
        press_button(app, board.b_play_out)
    assert m.over and 0 not in m.winners and board.final
    assert board.headline() == "You went over 100 and are out of the game"


def test_a_refused_lay_off_names_both_ends_of_the_run(app):
    """A card dropped on either end of a run it does not fit: the reason names the card each
    end takes (B-6), whichever end it was dropped on."""
    scene = british_table(app)
    s = scene.session
    for seat, text in ((0, "pluck stock"), (0, "lay three QS QH QD | four 6C 7C 8C"), (0, "discard 2H"),
                       (1, "pluck stock"), (1, "discard AD"), (2, "pluck stock"), (2, "discard AC")):
        s.replay_action(seat, text)
    step(app, 30)
    click(app, scene.layout.stock.center)
    run = scene.geometry.meld_card_rects(1)  # 6C 7C 8C
    for at in ((run[-1].right - 4, run[-1].centery), (run[0].x + 4, run[0].centery)):
        drag(app, hand_pos(scene, "10H"), at)
        assert "5♣ or 9♣" in app.toast_text and "(B-6)" in app.toast_text, app.toast_text
        step(app, 30)


@pytest.mark.parametrize("skip", [False, True], ids=["waited", "skipped"])
def test_after_buying_back_in_one_click_on_next_deal_goes_on(app, skip):
    """The deal that puts the player over the limit ends at the table (the going-out moment
    waited out or skipped with a key): one scoreboard asks, never a second one beneath it; after
    B the first click on Next deal is the next deal."""
    import pygame

    from .gui import key

    setup = GameSetup(("normal", "hard"), "british40", ("B-V3",), seed=2)
    first = Session(setup, threaded=False, speed=1000)
    now = 0.0
    while first.prompt() != "buy_in":  # the game up to the player's first buy-in question
        now += 5000
        if first.prompt() is None:
            first.tick(now)
        else:
            action = first.hint()
            assert action is not None and first.submit(action) is None
    actions, deals = british(first).actions, len(british(first).results)
    session = Session(setup, threaded=False, speed=1000)
    m = british(session)
    for seat, action in actions[:-1]:  # the same game up to the move that ends that deal
        m.apply(seat, action)
    pending = m.pending()
    assert len(m.results) == deals - 1 and pending is not None and pending[0] != 0  # a computer ends it
    app.host.set_session(session)
    app.push(MenuScene(app))
    table = TableScene(app, session)
    app.push(table)
    held = []
    for _ in range(600):  # the going-out moment, then the scoreboard
        step(app)
        held.append(table.ending.held is not None)
        if skip and held[-1]:
            key(app, pygame.K_SPACE)
        if isinstance(app.top, ScoreboardScene):
            break
    assert any(held), "the table did not hold the deal that ended"
    step(app, 10)
    boards = [s for s in app.scenes if isinstance(s, ScoreboardScene)]
    assert len(boards) == 1 and boards[0].asks_buy_in()
    key(app, pygame.K_b)
    assert m.buy_ins[0] == 1 and not boards[0].asks_buy_in()
    press_button(app, boards[0].b_next)
    for _ in range(300):  # the next deal is played; no scoreboard comes back
        step(app)
        assert app.top is table
    assert len(m.results) == deals


def test_the_british_scoreboard_draws_the_cards_left_as_large_as_its_panel_allows(monkeypatch, tmp_path):
    """At 1024x640 the cards left in the players' hands take the room their panel has: four
    seats in two columns, the cards at least 40 pixels tall, not a strip of small cards in rows
    that are mostly empty."""
    from kalooki_desktop.storage.paths import set_data_dir
    from kalooki_desktop.ui import cards as art

    set_data_dir(tmp_path)
    small = make_app((1024, 640))
    try:
        session = Session(GameSetup(("normal", "normal", "hard"), "british40", seed=11), threaded=False,
                          speed=1000)
        now = 0.0
        while not british(session).results or not any(british(session).results[-1].hands[1:]):
            now += 5000
            session.autoplay(now)
        heights: list[int] = []
        face = art.face

        def spy(card, height, **kw):
            heights.append(height)
            return face(card, height, **kw)

        monkeypatch.setattr(art, "face", spy)
        small.host.set_session(session)
        small.push(ScoreboardScene(small, session, british(session).results[-1]))
        step(small, 2)
        assert heights and min(heights) >= 40, heights
    finally:
        small.shutdown()
        set_data_dir(None)


def test_the_readme_promises_the_review_where_the_scoreboard_offers_it(app):
    """A British deal's scoreboard offers Review hand, and the README places the review on the
    scoreboard of either game."""
    from pathlib import Path

    session = Session(GameSetup(("normal", "normal"), "british40", seed=11), threaded=False, speed=1000)
    now = 0.0
    while not british(session).results:
        now += 5000
        session.autoplay(now)
    app.host.set_session(session)
    board = ScoreboardScene(app, session, british(session).results[-1])
    app.push(board)
    step(app, 2)
    assert (board.b_review is None) == british(session).results[-1].void
    readme = " ".join((Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8").split())
    assert "**Review hand** (on the scoreboard of either game and after a practice hand)" in readme


def test_the_player_takes_the_discard_for_an_opening_of_two_equal_sets(app):
    """Two packs make two 7S 7H 7D sets: the player who holds five of the cards takes the 7D
    from the pile (B-5) and comes out with both (42)."""
    hands = ["7S 7H 7D 7S 7H 2C 4C 9H JS KD 2H 10D 5S", "5H JK 8H KS KH KC 2C 3C 4D 9D 10C JC AD", MARCIA]
    scene = table_at(app, hands, discard="7D", stock="5C AS 6H 3H 8H 9C 10S", dealer=2, preset="british40",
                     levels=("normal", "normal"))
    drag(app, scene.layout.pile.center, hand_pos(scene, "KD"))
    m = british(scene.session)
    assert scene.session.prompt() == "play" and m.hand.hands[0].count(parse_cards("7D")[0]) == 2
    stage(app, scene, "7S 7H 7D", 0)
    stage(app, scene, "7S 7H 7D", 1)
    step(app)
    assert scene.frame().opening == (42, 40) and scene.controls.lay.is_enabled
    press_button(app, scene.controls.lay)
    assert m.hand.opened[0] and [len(x.cards) for x in m.hand.table] == [3, 3]


@pytest.mark.parametrize("size", [(1024, 640), (2560, 1440)], ids=["1024x640", "2560x1440"])
def test_a_two_player_scoreboard_gives_each_seat_a_row_across_its_panel(monkeypatch, tmp_path, size):
    """Head to head, the player and the opponent each have a row the panel's width, one under the
    other as in the table of deals below: not two half-width columns with the panel's lower part
    left empty; the cards left as large as with the seats side by side, or nearly."""
    from kalooki_desktop.storage.paths import set_data_dir

    set_data_dir(tmp_path)
    board_app = make_app(size)
    try:
        session = Session(GameSetup(("normal",), "british40", seed=11), threaded=False, speed=1000)
        now = 0.0
        while len(british(session).results) < 3:
            now += 5000
            session.autoplay(now)
        grids: list[tuple[int, int, int]] = []
        grid = ScoreboardScene.seat_grid

        def spy(self, *args, **kwargs):
            grids.append(grid(self, *args, **kwargs))
            return grids[-1]

        monkeypatch.setattr(ScoreboardScene, "seat_grid", spy)
        board_app.host.set_session(session)
        board = ScoreboardScene(board_app, session, british(session).results[-1])
        board_app.push(board)
        step(board_app, 2)
        columns, _, card = grids[-1]
        assert columns == 1 and card >= 0.1 * size[1], grids[-1]
    finally:
        board_app.shutdown()
        set_data_dir(None)
