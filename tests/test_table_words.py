"""What the table says is true: the log of the hand on show, refusals that name players, a
status line and the reason beside it that agree with what the engine accepts, the banner's
seat and deal."""

from __future__ import annotations

import pygame
import pytest

from kalooki_desktop.engine.actions import Discard, Lay, PluckStock
from kalooki_desktop.engine.cards import parse_cards
from kalooki_desktop.engine.refusal import Refusal
from kalooki_desktop.engine.rules import THREE
from kalooki_desktop.i18n import refusal_text
from kalooki_desktop.play.session import GameSetup, Session
from kalooki_desktop.scenes.scoreboard import ScoreboardScene
from kalooki_desktop.scenes.table import TableScene
from kalooki_desktop.scenes.table import render as table_render

from .gui import drag, hand_pos, key, run_until, step, table_at
from .layout_probe import Probe

LAYER = "7S 7H 7D 9S 9H 9D KS KH KD 4C"
PLAIN = ["2S 3H 5D 6C 8S 10H QD JC AH", "2H 3D 5C 6S 8H 10D QC JS AD", "2D 3C 5S 6H 8D 10C QS JH AC"]

# Kalooki 40 among three, the player first, with no opening in sight (B-5 keeps the discard away).
YOU = "2S 3S 4S 9D 7H JH 4D 8C KS 6H 10C QD AH"
DESMOND = "5H JK 7H KS KH KC 2C 3C 4D 9D 10C JC AD"
MARCIA = "2S 3S 4H 6D 8D 10D JS 4S 9H JH 2D 8S AC"
STOCK = "7D 5C AS 6H 3H 8H 9C 7S 10S"


def british_table(app) -> TableScene:
    return table_at(app, [YOU, DESMOND, MARCIA], discard="5D", stock=STOCK, dealer=2, preset="british40",
                    levels=("normal", "normal"))


def play_to_a_held_ending(app, scene: TableScene) -> int:
    """Play the game on (every seat by its bot or the hint) until a hand that is not void ends
    and the table holds it; the index of its last move."""
    session = scene.session
    now, start = app.now_ms, len(session.moves)
    while True:
        now += 5000
        session.autoplay(now)
        last = session.moves[-1] if len(session.moves) > start else None
        if last is not None and last.result is not None and not last.result.void:
            break
    run_until(app, lambda: scene.ending.held is not None)
    return len(session.moves) - 1


@pytest.mark.parametrize("preset", ["baby", "british40"])
def test_the_log_of_a_new_hand_shows_nothing_of_the_hand_before(app, monkeypatch, preset):
    """Once the hand that ended has gone to the scoreboard, the log of the next hand holds only
    that hand's moves: none before its first move (when the player plays first, the whole of
    the first turn)."""
    logs: list[tuple[tuple[int, str], ...]] = []
    draw_static = table_render.draw_static

    def spy(surface, f, g, **kw):
        logs.append(f.log)
        draw_static(surface, f, g, **kw)

    monkeypatch.setattr(table_render, "draw_static", spy)
    session = app.host.new_session(GameSetup(("easy", "easy"), preset, seed=8), threaded=False)
    scene = TableScene(app, session)
    app.push(scene)
    step(app, 2)
    end = play_to_a_held_ending(app, scene)
    step(app)
    assert len(logs[-1]) > 3  # the hand that ended is in the log while it is on show
    key(app, pygame.K_SPACE)  # on to the scoreboard
    assert isinstance(app.top, ScoreboardScene)
    app.pop()
    step(app, 2)  # the table is back on top, then draws the hand in play
    new = [mv for mv in session.moves[end + 1:] if str(mv.action) != "pass"]
    assert len(logs[-1]) == len(new), (logs[-1], new)


def test_a_refusal_names_the_player_whose_turn_it_is(app):
    """"It is not your turn: Desmond is to play", in the toast and beside the Lay button; never
    a seat number."""
    scenario = {"levels": ["normal"] * 3, "preset": "jamaican", "hand": 1, "dealer": 0,
                "hands": [LAYER, *PLAIN], "discard": "2C", "stock": "7C 6D 8H 3S 4D 10C", "seed": 1}
    session = Session.from_scenario(scenario, threaded=False, speed=50, call_wait_ms=0)
    app.host.set_session(session)
    scene = TableScene(app, session)
    app.push(scene)
    assert session.decision() == (1, "pluck")
    assert not scene.submit(PluckStock())
    assert app.toast_text == "It is not your turn: Desmond is to play (J-3.1)"
    model = scene.model
    for j, cards in enumerate(("7S 7H 7D", "9S 9H 9D", "KS KH KD")):
        staged = parse_cards(cards)
        model.take_from_hand([model.order.index(c) for c in staged])
        model.stage(j, staged, 0)
    assert scene.lay_refusal() is not None
    frame = scene.frame()
    assert isinstance(frame.lay_refusal, Refusal)
    words = refusal_text(frame.lay_refusal, frame.names)  # as drawn beside the Lay button
    assert words == "It is not your turn: Desmond is to play (J-3.1)"


def test_the_reason_beside_the_lay_button_offers_only_the_plucks_the_status_line_offers(app, monkeypatch):
    """British Kalooki, not come out, the discard making no opening (B-5): the status line says
    to pluck from the stock, and so does the reason a staged opening cannot be laid yet."""
    scene = british_table(app)
    s = scene.session
    assert s.prompt() == "pluck"
    for j, cards in enumerate(("2S 3S 4S",)):
        for card in cards.split():
            drag(app, hand_pos(scene, card), scene.layout.slots[j].center)
    assert scene.frame().status[0] == "Your turn: pluck from the stock"
    probe = Probe(monkeypatch)
    probe.problems(app)
    texts = [d.text for d in probe.drawn]
    assert any("(B-3)" in t for t in texts), texts  # the reason is drawn beside the button
    assert not any("discard pile" in t for t in texts), texts  # (the pile's label says "Discard pile")
    click_refusal = s.check(Discard(parse_cards("KS")[0]))
    assert click_refusal is not None
    scene.refused(click_refusal)
    assert "discard pile" not in app.toast_text and "stock" in app.toast_text


def test_after_taking_the_discard_before_coming_out_the_status_offers_no_discard(app):
    """British Kalooki: the player takes the discard before coming out, so the engine refuses a
    discard until the opening is laid (B-5): the status line says to lay the opening, not "or
    discard"."""
    hand = "QS QH 6C 7C 8C 5S 9S 2H 3D 4C 10H KD JH"
    scene = table_at(app, [hand, DESMOND, MARCIA], discard="QD", stock=STOCK, dealer=2, preset="british40",
                     levels=("normal", "normal"))
    s = scene.session
    s.replay_action(0, "pluck discard")
    step(app, 2)
    refusal = s.check(Discard(parse_cards("2H")[0]))
    assert refusal is not None and refusal.rule == "B-5"
    status = scene.frame().status[0]
    assert "or discard" not in status and "opening of 40" in status and "lay it" in status, status


def test_c_while_the_player_answers_a_call_says_to_allow_or_refuse_it(app):
    """The player is the next player and Desmond calls the discard: C is refused with what the
    player does now, allow the call (A) or refuse it and take the card (R, J-5.3), not that the
    card "has been called already"."""
    plain = ["2S 3H 5D 6C 8S 10H QD JC AH", "7S 7D 9C 9H KS KH 4C 5C 3S", "2D 3C 5S 6H 8D 10C QS JH AC",
             "7H 3D 5C 6S 8H 10D QC JS AD"]
    scene = table_at(app, plain, discard="2C", stock="6D 8H 3S 4D 10C QH JD AS 4H 2H 6H 8C 9S 5H", dealer=2)
    m = scene.session.match
    m.apply(3, PluckStock())
    m.apply(3, Discard(parse_cards("7H")[0]))
    run_until(app, lambda: scene.session.prompt() == "allow")
    key(app, pygame.K_c)
    words = app.toast_text
    assert "already" not in words and "(J-5.3)" in words, words
    assert "7♥" in words and scene.session.names[1] in words and "with A" in words and "with R" in words, words


def test_with_no_tack_or_joker_move_the_status_says_only_to_discard(app):
    """Laid, with cards that tack nowhere: "Discard to end your turn"; with a card that tacks,
    the tack is offered."""
    scene = table_at(app, [LAYER, *PLAIN], discard="2C", stock="2D 7C 6D 8H 3S 4D 10C")
    s = scene.session
    assert s.submit(PluckStock()) is None  # 2D
    lay = Lay.of([(THREE, parse_cards(c)) for c in ("7S 7H 7D", "9S 9H 9D", "KS KH KD")])
    assert s.submit(lay) is None
    step(app, 2)
    status = scene.frame().status[0]
    assert "Tack" not in status and status.startswith("Discard"), status
    assert s.submit(Discard(parse_cards("2D")[0])) is None
    match = s.match
    while s.prompt() != "play":  # round the table to the player's turn again: 7C tacks on the sevens
        app.now_ms += 5000
        s.tick(app.now_ms)
        if s.prompt() == "pluck":
            assert s.submit(PluckStock()) is None
    assert parse_cards("7C")[0] in match.hand.hands[0]
    step(app, 2)
    assert scene.frame().status[0].startswith("Tack")


@pytest.mark.parametrize("preset", ["baby", "british40"])
def test_the_going_out_banner_lights_the_seat_that_went_out_and_the_title_names_its_hand(app, preset):
    """While the hand that ended is on show: the seat that went out glows (nobody else), and
    the top bar names the hand (the deal) on show, not the next one."""
    session = app.host.new_session(GameSetup(("easy", "easy"), preset, seed=8), threaded=False)
    scene = TableScene(app, session)
    app.push(scene)
    step(app, 2)
    for _ in range(2):
        end = play_to_a_held_ending(app, scene)
        result = session.moves[end].result
        assert result is not None and result.out is not None
        frame = scene.frame()
        assert frame.active == frozenset({result.out}), (frame.active, result.out)
        assert frame.out == result.out
        number = result.number if preset == "british40" else result.spec.number
        word = "deal" if preset == "british40" else "Hand"
        assert f"{word} {number} " in frame.title, frame.title
        key(app, pygame.K_SPACE)
        app.pop()
        step(app)
        if session.over:
            break


def test_a_british_player_who_came_out_with_nothing_to_lay_is_told_only_to_discard(app):
    """Come out, with no meld in hand, no lay-off and no joker to take: "Discard to end your
    turn"; with a card that lays off, the lay-off is offered."""
    opener = "QS QH QD 6C 7C 8C 5S 9S 2H 3D 4C 10H KD"
    scene = table_at(app, [opener, DESMOND, MARCIA], discard="5D", stock=STOCK, dealer=2, preset="british40",
                     levels=("normal", "normal"))
    s = scene.session
    for seat, text in ((0, "pluck stock"), (0, "lay three QS QH QD | four 6C 7C 8C"), (0, "discard 2H"),
                       (1, "pluck stock"), (1, "discard AD"), (2, "pluck stock"), (2, "discard AC"),
                       (0, "pluck stock")):  # 6H
        s.replay_action(seat, text)
    step(app, 2)
    status = scene.frame().status[0]
    assert status == "Discard to end your turn", status
    for seat, text in ((0, "discard 6H"), (1, "pluck stock"), (1, "discard 3H"), (2, "pluck stock"),
                       (2, "discard 8H"), (0, "pluck stock")):  # 9C, which lays off on 6C 7C 8C
        s.replay_action(seat, text)
    step(app, 2)
    assert scene.frame().status[0].startswith("Lay melds, lay off")
