"""How the table looks at the smallest window with eight players: every word of a seat whole
(the dealer's too), the "Call!" and "Laid down!" bubbles clear of a seat's name and counts, the
player's badge clear of the cards, the pile's label never under a card landing on it, and a
British seat that came out told apart from one out of the game."""

from __future__ import annotations

import pygame
import pytest

from kalooki_desktop.engine.actions import Discard
from kalooki_desktop.engine.british.hand import BritishHand
from kalooki_desktop.engine.british.match import BritishMatch
from kalooki_desktop.play.session import GameSetup, Session
from kalooki_desktop.scenes.table import TableScene
from kalooki_desktop.scenes.table.seats import seat_mark
from kalooki_desktop.storage.paths import set_data_dir
from kalooki_desktop.ui import anim
from kalooki_desktop.ui import text as txt

from .gui import click, hand_pos, make_app, step
from .layout_probe import Probe

EIGHT = [("easy",) * 4 + ("normal",) * 3, ("hard",) * 7, ("normal",) * 7]


@pytest.fixture
def small(tmp_path):
    set_data_dir(tmp_path)
    a = make_app((1024, 640))
    yield a
    a.shutdown()
    set_data_dir(None)


def eight_at_the_table(app, levels: tuple[str, ...]) -> TableScene:
    session = Session(GameSetup(levels, seed=3), threaded=False, speed=1000)
    app.host.set_session(session)
    scene = TableScene(app, session)
    app.push(scene)
    step(app, 3)
    return scene


@pytest.mark.parametrize("levels", EIGHT, ids=["easy-normal", "hard", "normal"])
def test_every_seat_says_its_level_and_the_dealers_mark_whole(small, monkeypatch, levels):
    scene = eight_at_the_table(small, levels)
    probe = Probe(monkeypatch)
    found = []
    for dealer in range(8):
        scene.session.match.hand.dealer = dealer  # each seat in turn deals
        found += [f"dealer {dealer}: {p}" for p in probe.problems(small)]
        words = [d.text for d in probe.drawn]
        if dealer:
            seat = scene.layout.seats[dealer]
            inside = [d.text for d in probe.drawn if seat.contains(d.rect)]
            assert "dealer" in inside and any(t in inside for t in ("Easy", "Normal", "Hard")), inside
        assert words
    assert not found, "\n".join(found)


@pytest.mark.parametrize("bubble", ["Call!", "Laid down!"])
def test_a_seats_bubble_leaves_its_name_and_counts_in_view(small, monkeypatch, bubble):
    scene = eight_at_the_table(small, EIGHT[0])
    for seat in range(1, 8):
        scene.choreo.flash[seat] = (bubble, small.now_ms + 10**7)
    probe = Probe(monkeypatch)
    found = probe.problems(small)
    assert not found, "\n".join(found)
    for seat, r in scene.layout.seats.items():
        boxes = list({tuple(box): box for box, _ in probe.panels if r.contains(box) and box != r}.values())
        assert len(boxes) == 1, (seat, boxes)
        box = boxes[0]
        words = [d for d in probe.drawn if r.contains(d.rect) and d.text != bubble]
        name = scene.session.names[seat]
        assert "".join(d.text for d in words).replace(" ", "").startswith(name.replace(" ", ""))
        for d in words:
            assert not box.colliderect(d.rect.inflate(-2, -2)), (seat, d.text, d.rect, box)
        assert any(box.contains(d.rect) for d in probe.drawn if d.text == bubble)


def test_the_players_badge_is_never_under_a_card(small, monkeypatch):
    scene = eight_at_the_table(small, EIGHT[0])
    s = scene.session
    while s.prompt() != "play":
        small.now_ms += 5000
        s.autoplay(small.now_ms) if s.prompt() is None else s.submit(s.hint())  # type: ignore[arg-type]
    step(small, 40)
    first = scene.model.order[0]
    from kalooki_desktop.engine.cards import card_text

    click(small, hand_pos(scene, card_text(first)))  # selected: lifted
    pygame.mouse.set_pos(hand_pos(scene, card_text(scene.model.order[1])))  # the next one hovered
    probe = Probe(monkeypatch)
    probe.problems(small)
    badge = [d for d in probe.drawn if scene.layout.hand.colliderect(d.rect)]
    assert badge and badge[0].text.startswith("You"), badge
    lift = round(scene.layout.hand_card_h * 0.06)
    for d in badge:
        for r in scene.geometry.hand_rects():
            assert not d.rect.colliderect(r.move(0, -lift)), (d.text, d.rect, r)


def test_the_discard_piles_label_stays_over_a_card_landing_on_the_pile(small, monkeypatch):
    """An opponent's discard flies down onto the pile across its label: the label is drawn over
    the card, never hidden under it."""
    scene = eight_at_the_table(small, EIGHT[0])
    s = scene.session
    events: list[tuple[str, pygame.Rect]] = []
    draw_card, draw_text = anim.Flight.draw, txt.draw

    def card(flight, surface, now):
        (x, y), _ = flight.at(now)
        events.append(("card", flight.image.get_rect(center=(round(x), round(y)))))
        draw_card(flight, surface, now)

    def text(surface, words, *args, **kw):
        rect = draw_text(surface, words, *args, **kw)
        events.append((words, rect))
        return rect

    monkeypatch.setattr(anim.Flight, "draw", card)
    monkeypatch.setattr(txt, "draw", text)
    for _ in range(400):  # until an opponent discards
        before = len(s.moves)
        small.now_ms += 5000
        if s.prompt() is None:
            s.autoplay(small.now_ms)
        else:
            hint = s.hint()
            assert hint is not None and s.submit(hint) is None
        if len(s.moves) > before and s.moves[-1].seat != 0 and isinstance(s.moves[-1].action, Discard):
            break
    flight = next(f for f in scene.choreo.flights if f.hide == "pile")
    label = pygame.Rect(0, 0, 0, 0)
    crossed = 0
    for k in range(1, 20):
        events.clear()
        small.now_ms = flight.t0 + flight.duration * k / 20 - 1000 / 60
        small.step(1 / 60)
        label = next((r for w, r in events if w == "Discard pile"), label)
        over = [i for i, (w, r) in enumerate(events) if w == "card" and r.colliderect(label)]
        if over:
            crossed += 1
            assert any(w == "Discard pile" for w, _ in events[over[-1]:]), "the label is under the card"
    assert crossed


@pytest.mark.parametrize("opponents", [1, 2, 3, 4])
def test_a_british_dealer_who_came_out_shows_both_marks_whole(small, monkeypatch, opponents):
    """The dealer's mark beside "✓ came out" on a wide seat: neither cut, neither over the other."""
    session = Session(GameSetup(("normal",) * opponents, "british40", seed=3), threaded=False, speed=1000)
    small.host.set_session(session)
    small.push(TableScene(small, session))
    step(small, 3)
    hand = session.match.hand
    assert isinstance(hand, BritishHand)
    probe = Probe(monkeypatch)
    found = []
    for seat in range(1, opponents + 1):
        hand.opened[seat] = True
    for dealer in range(opponents + 1):
        hand.dealer = dealer
        found += [f"dealer {dealer}: {p}" for p in probe.problems(small)]
        assert "dealer" in [d.text for d in probe.drawn]
    assert not found, "\n".join(found)


def test_a_british_seat_that_came_out_reads_apart_from_one_out_of_the_game(small):
    session = Session(GameSetup(("normal", "normal"), "british40", seed=2), threaded=False, speed=1000)
    small.host.set_session(session)
    scene = TableScene(small, session)
    small.push(scene)
    step(small, 2)
    frame = scene.frame()
    m = session.match
    assert isinstance(m, BritishMatch)
    m.hand.opened[1] = True
    came_out = seat_mark(frame, 1)[0]
    m.active[2] = False
    gone = seat_mark(frame, 2)[0]
    assert "came out" in came_out and came_out != gone and "out of the game" in gone
    assert "out of the game" not in came_out
