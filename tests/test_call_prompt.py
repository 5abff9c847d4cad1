"""The Call prompt at the table: when it comes, how long it waits, "no calls this hand", and what
C says when no card is offered (where it sits: ``tests/test_layout.py``)."""

from __future__ import annotations

import pygame
import pytest

from kalooki_desktop.app import App
from kalooki_desktop.engine.actions import Discard, Pass, PluckStock
from kalooki_desktop.engine.cards import parse_card, parse_cards
from kalooki_desktop.play.session import Session
from kalooki_desktop.scenes.table import TableScene
from kalooki_desktop.scenes.table.painter import call_fraction
from kalooki_desktop.storage.settings import SPEEDS

from .gui import act, jamaican, key, press_button, run_until, step

#: Seats 2 and 3: nothing in them brings a three of nines or queens closer.
PLAIN = ["2D 3C 5S 6H 8D 10C KS JH AC", "2H 3D 4C 6S 8H 10D KC JS AD"]
STOCK = "6D 8H 3S 4D 10C QH JD AS 4H 2H 6H 8C 4S KD 10S 7H 7D 3H"
#: The player's contract waits for one card: hand 1 (three threes) with 5-5-5 and K-K-K ready and
#: 9♠ 9♣; hand 2 (two threes and a four) with 4♠-7♠ and 8-8-8 ready and Q♦ Q♣. Seat 1 discards
#: the card that completes it.
POSITIONS = {
    "nines": (1, "5S 5H 5D KS KH KD 9S 9C 2C", "9S 3H 5D 6C 8S 10H QD JC AH", "9S"),
    "queens": (2, "4S 5S 6S 7S QD QC 8D 8S 8C 2C", "QH 3H 5D 6C 8S 10H 9D JC AH 2S", "QH"),
}


def seconds(app: App, s: float) -> None:
    """Run ``s`` seconds of frames of 1/60 s."""
    step(app, round(s * 60))


def offered_position(app: App, name: str, *, pace: str = "normal", wait_s: int = 5) -> TableScene:
    """The table at the moment seat 1 has discarded the card that completes the player's
    contract (the player plucked and discarded first; seat 2 is next, seat 3 may call first)."""
    hand, player, seat1, _ = POSITIONS[name]
    app.settings.speed = pace
    app.settings.call_wait_s = wait_s
    hands = [player, seat1, *PLAIN]
    if hand == 2:
        hands[2:] = [h + " 9H" for h in PLAIN]
    scenario = {"levels": ["normal"] * 3, "preset": "jamaican", "hand": hand, "dealer": 3, "hands": hands,
                "discard": "7S", "stock": STOCK, "seed": 1}
    session = Session.from_scenario(
        scenario, threaded=False, speed=app.settings.speed_factor, call_wait_ms=wait_s * 1000
    )
    app.host.set_session(session)
    scene = TableScene(app, session)
    app.push(scene)
    step(app, 2)
    run_until(app, lambda: app.now_ms >= scene.choreo.dealing_until and not scene.choreo.flights)
    m = jamaican(session)
    m.apply(0, PluckStock())
    m.apply(0, Discard(parse_card("2C")))
    act(m, 1, PluckStock())
    m.apply(1, Discard(parse_card(POSITIONS[name][3])))
    return scene


@pytest.mark.parametrize("pace", list(SPEEDS))
@pytest.mark.parametrize("name", list(POSITIONS))
def test_a_card_that_completes_the_contract_is_offered_for_the_whole_wait_at_every_pace(app, name, pace):
    """Whatever the computer players' pace, the prompt comes for the card that completes the
    player's contract and waits the player's own time (5 s) before the card goes on."""
    scene = offered_position(app, name, pace=pace)
    s = scene.session
    run_until(app, lambda: s.prompt() == "call", timeout=20)
    step(app)
    assert scene.controls.call.visible
    assert parse_cards(POSITIONS[name][3])[0] == s.view().discard_top
    assert call_fraction(s, app.now_ms) == pytest.approx(1.0, abs=0.05)  # the bar starts full
    seconds(app, 4.5)
    assert s.prompt() == "call" and scene.controls.call.visible, "the prompt went before its time"
    left = call_fraction(s, app.now_ms)
    assert left is not None and 0 < left < 0.2
    seconds(app, 2)
    assert s.prompt() != "call"
    assert (0, "pass") in jamaican(s).hand.log


@pytest.mark.parametrize("how", ["button", "key"])
def test_no_calls_this_hand_lets_every_further_discard_go_until_the_next_hand(app, how):
    """The Call prompt's "No calls this hand" (or N) lets this card and every further discard of
    the hand go by without a prompt, even with "every discard" on; the next hand offers again."""
    scene = offered_position(app, "nines")
    s = scene.session
    s.offer_every_call = True
    run_until(app, lambda: s.prompt() == "call")
    step(app)
    assert scene.controls.no_calls.visible
    if how == "button":
        press_button(app, scene.controls.no_calls)
    else:
        key(app, pygame.K_n)
    assert s.prompt() != "call" and (0, "pass") in jamaican(s).hand.log
    key(app, pygame.K_c)
    assert app.toast_text == "No calls this hand: you chose to let every discard go until the next hand"
    app.pop()  # on without the table: the player's seat by the hint
    now, silent = app.now_ms, 0
    for _ in range(50_000):
        before, ended = len(s.moves), len(s.match.results)
        now += 200
        s.tick(now)  # the table's step: a card not offered goes by here
        if s.prompt() == "call":
            break
        s.autoplay(now)
        if not ended:
            silent += sum(1 for m in s.moves[before:] if m.seat == 0 and m.action == Pass())
    assert s.prompt() == "call", "no call was offered in the next hand"
    assert len(s.match.results) == 1 and silent >= 1


@pytest.mark.parametrize("answer", ["time", "let_go"])
def test_c_after_the_prompt_has_gone_says_why_the_card_is_no_longer_offered(app, answer):
    """C after the prompt ran out (or after L) names the true reason, not the rule for several
    callers (J-5.2)."""
    scene = offered_position(app, "nines")
    s = scene.session
    run_until(app, lambda: s.prompt() == "call")
    if answer == "let_go":
        key(app, pygame.K_l)
    else:
        run_until(app, lambda: s.prompt() != "call")
    assert s.view().discard_top == parse_card("9S")
    key(app, pygame.K_c)
    said = {
        "time": "The time to call the 9♠ ran out (the Call prompt waits 5 s: Settings)",
        "let_go": "You let the 9♠ go: once let go, it cannot be called",
    }
    assert app.toast_text == said[answer]
    assert "J-5.2" not in app.toast_text
