"""The table by keys alone (no mouse event in these tests): the focus goes over the hand, the
slots, the melds and the piles; Space picks a card up or plucks a pile; Enter stages, lays, tacks
or discards; J moves a joker; C calls, A allows, R refuses, L lets a card go."""

from __future__ import annotations

import pygame
import pytest

from kalooki_desktop.engine.actions import Discard, PluckStock
from kalooki_desktop.engine.cards import parse_cards
from kalooki_desktop.engine.rules import FOUR, THREE
from kalooki_desktop.scenes.table import TableScene

from .gui import act, jamaican, key, run_until, step, table_at

OTHERS = ["2S 3H 5D 6C 8S 10H QD JC AH", "2H 3D 5C 6S 8H 10D QC JS AD", "2D 3C 5S 6H 8D 10C QS JH AC"]
STOCK = "KC 6D 8H 3S 4D 10S QH JD AS 4S 2C 8C 9S 5S 3C KD 10D QS 6S 8D 3D 7C 2H JS 4D 6C 10C"


def go(app, scene: TableScene, area: str, index: int = 0) -> None:
    """Tab to ``area``, then Right to its ``index``-th place (keys only)."""
    for _ in range(6):
        if scene.keys.shown and scene.keys.focus.area == area:
            break
        key(app, pygame.K_TAB)
    assert scene.keys.focus.area == area
    for _ in range(60):
        if scene.keys.focus.index == index:
            return
        key(app, pygame.K_RIGHT)
    raise AssertionError(f"never reached {area} {index}")


def pick(app, scene: TableScene, *cards: str) -> None:
    """Pick each card up from the hand: the focus on it, then Space."""
    for card in cards:
        code = parse_cards(card)[0]
        at = next(i for i, c in enumerate(scene.model.order) if c == code and i not in scene.model.selected)
        go(app, scene, "hand", at)
        key(app, pygame.K_SPACE)
    assert len(scene.model.selected) >= len(cards)


@pytest.fixture
def table(app):
    hands = ["7S 7H 7D 9S 9H 9D 4H 5H JK 7H 6H 9C 4C", *OTHERS]
    return table_at(app, hands, discard="2C", stock=STOCK, hand=2, dealer=3)


def test_a_whole_jamaican_hand_by_keys_a_lay_a_tack_a_joker_moved_and_the_discards(app, table) -> None:
    scene, s = table, table.session
    m = jamaican(s)
    assert s.prompt() == "pluck"
    go(app, scene, "piles", 0)
    key(app, pygame.K_SPACE)  # the stock in focus: plucked
    assert s.prompt() == "play" and len(m.hand.hands[0]) == 14
    for slot, cards in enumerate((("7S", "7H", "7D"), ("9S", "9H", "9D"), ("4H", "5H", "JK", "7H"))):
        pick(app, scene, *cards)
        go(app, scene, "slots", slot)
        key(app, pygame.K_RETURN)
        assert not scene.model.selected and len(scene.model.slots[slot]) == len(cards)
    assert scene.lay_refusal() is None
    key(app, pygame.K_RETURN)  # nothing picked up: Enter lays the staged contract
    assert m.hand.laid[0] and [mm.kind for mm in m.hand.table] == [THREE, THREE, FOUR]
    pick(app, scene, "9C")
    go(app, scene, "melds", 1)
    key(app, pygame.K_RETURN)  # onto the nines
    assert parse_cards("9C")[0] in m.hand.table[1].cards
    pick(app, scene, "6H")
    go(app, scene, "melds", 2)
    key(app, pygame.K_j)  # into the joker's place: the joker moves up (J-6.5)
    assert m.hand.table[2].cards[:4] == parse_cards("4H 5H 6H 7H") and m.hand.table[2].cards[-1] == 0
    pick(app, scene, "4C")
    go(app, scene, "piles", 1)
    key(app, pygame.K_RETURN)  # on the discard pile
    assert m.hand.discard[-1] == parse_cards("4C")[0]
    for _ in range(400):  # on to the hand's end: pluck with Space, discard what is left
        if m.results:
            break
        prompt = s.prompt()
        if prompt == "pluck":
            key(app, pygame.K_SPACE)
        elif prompt == "play":
            for at in range(len(scene.model.order)):
                if s.check(Discard(scene.model.order[at])) is None:
                    break
            pick_at(app, scene, at)
            go(app, scene, "piles", 1)
            key(app, pygame.K_RETURN)
        elif prompt == "call":
            key(app, pygame.K_l)
        elif prompt == "allow":
            key(app, pygame.K_a)
        else:
            step(app, 5)
    assert m.results, ("the hand never ended", s.prompt(), [c for c in scene.model.order], m.hand.log[-6:])


def pick_at(app, scene: TableScene, at: int) -> None:
    scene.model.selected.clear()
    go(app, scene, "hand", at)
    key(app, pygame.K_SPACE)


def test_a_call_by_key_and_the_call_then_answered_by_keys(app) -> None:
    hands = ["7S 7D 9S 9H KS KH 4C 5C 2S", "7H 3H 5D 6C 8S 10H QD JC AH", OTHERS[1], OTHERS[2]]
    scene = table_at(app, hands, discard="2C", stock=STOCK)
    s, m = scene.session, jamaican(scene.session)
    m.apply(0, PluckStock())
    m.apply(0, Discard(parse_cards("2S")[0]))
    act(m, 1, PluckStock())
    m.apply(1, Discard(parse_cards("7H")[0]))
    run_until(app, lambda: s.prompt() == "call")
    key(app, pygame.K_c)
    assert (0, "call") in m.hand.log


@pytest.mark.parametrize(("answer", "kept"), [(pygame.K_a, False), (pygame.K_r, True)])
def test_a_call_of_the_players_card_allowed_or_refused_by_keys(app, answer, kept) -> None:
    hands = ["2S 3H 5D 6C 8S 10H QD JC AH", "7S 7D 9C 9H KS KH 4C 5C 3S", OTHERS[2],
             "7H 3D 5C 6S 8H 10D QC JS AD"]
    stock = "6D 8H 3S 4D 10C QH JD AS 4H 2H 6H 8C 9S 5H 4S KC KD 10S"
    scene = table_at(app, hands, discard="2C", stock=stock, dealer=2)
    s, m = scene.session, jamaican(scene.session)
    m.apply(3, PluckStock())
    m.apply(3, Discard(parse_cards("7H")[0]))
    run_until(app, lambda: s.prompt() == "allow")
    key(app, answer)
    assert (parse_cards("7H")[0] in m.hand.hands[0]) is kept


# --- a whole British deal by keys: each of the player's moves is the hint's, made with keys ------


def keys_for(app, scene: TableScene, action) -> None:
    """Make ``action`` at the table with keys only."""
    from kalooki_desktop.engine.actions import Lay, MoveJoker, PluckDiscard, Retrieve, Tack

    scene.model.selected.clear()
    if isinstance(action, PluckStock | PluckDiscard):
        go(app, scene, "piles", 0 if isinstance(action, PluckStock) else 1)
        key(app, pygame.K_SPACE)
    elif isinstance(action, Lay):
        scene.model.clear_slots()
        for j, (_, cards) in enumerate(action.melds):
            pick_cards(app, scene, cards)
            go(app, scene, "slots", j)
            key(app, pygame.K_RETURN)
        key(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # (anywhere but a pile: Enter lays)
        key(app, pygame.K_RETURN)
    elif isinstance(action, Tack | MoveJoker | Retrieve):
        pick_cards(app, scene, action.cards if isinstance(action, Retrieve) else (action.card,))
        go(app, scene, "melds", action.meld - 1)
        if isinstance(action, Tack):
            key(app, pygame.K_RETURN, pygame.KMOD_SHIFT if action.end == "low" else 0)
        else:
            key(app, pygame.K_j)
    elif isinstance(action, Discard):
        pick_cards(app, scene, (action.card,))
        go(app, scene, "piles", 1)
        key(app, pygame.K_RETURN)
    else:
        raise AssertionError(f"no keys for {action}")


def pick_cards(app, scene: TableScene, cards) -> None:
    for code in cards:
        at = next(i for i, c in enumerate(scene.model.order) if c == code and i not in scene.model.selected)
        go(app, scene, "hand", at)
        key(app, pygame.K_SPACE)


@pytest.mark.parametrize(("seed", "kinds"), [
    (38, {"PluckStock", "Lay", "Retrieve", "Tack", "Discard"}),  # a joker taken and a lay-off
    (31, {"PluckStock", "PluckDiscard", "Lay", "Retrieve", "Discard"}),  # the discard taken
])
def test_a_whole_british_deal_by_keys(app, seed, kinds) -> None:
    from kalooki_desktop.play.session import GameSetup, Session

    session = Session(GameSetup(("normal", "normal"), "british40", seed=seed), threaded=False, speed=200)
    app.host.set_session(session)
    scene = TableScene(app, session)
    app.push(scene)
    step(app, 2)
    run_until(app, lambda: not scene.busy())
    made: list[str] = []
    for _ in range(600):
        if session.match.results:
            break
        prompt = session.prompt()
        if prompt in ("pluck", "play") and not scene.busy():
            action = session.hint()
            assert action is not None
            before = len(session.match.actions)
            keys_for(app, scene, action)
            assert len(session.match.actions) > before, (str(action), app.toast_text)
            made.append(type(action).__name__)
        else:
            step(app, 4)
    assert session.match.results, "the deal never ended"
    assert kinds <= set(made), made


def test_the_melds_join_the_tab_round_only_once_the_player_may_tack_and_picked_cards_go_to_the_pile(app):
    from kalooki_desktop.engine.actions import Lay
    from kalooki_desktop.engine.contract import find_lays

    hands = ["2S 3H 5D 6C 8S 10H QD JC AH KS", "7C 7H 7D 9C 9H 9D 4S 5S 6S 7S KH QH",
             "2H 3D 5C 6S 8H 10D QC JS AD KD", "2D 3C 5S 6H 8D 10C QS JH AC KC"]
    scene = table_at(app, hands, discard="2C", stock="4H 4C 8C 9S 3S JD 10S", hand=2, dealer=0)
    s, m = scene.session, jamaican(scene.session)
    act(m, 1, PluckStock())
    m.apply(1, Lay.of(next(find_lays(m.hand.hands[1], m.hand.spec, 1))))
    act(m, 1, Discard(m.hand.hands[1][0]))
    for seat in (2, 3):
        act(m, seat, PluckStock())
        act(m, seat, Discard(m.hand.hands[seat][0]))
    run_until(app, lambda: s.prompt() == "pluck")
    assert len(s.view().table) == 3 and not s.view().laid[0]
    areas = set()
    for _ in range(8):
        key(app, pygame.K_TAB)
        areas.add(scene.keys.focus.area)
    assert "melds" not in areas  # no tack before the player's own lay (J-6.1)
    go(app, scene, "piles", 0)
    key(app, pygame.K_SPACE)  # plucked
    pick(app, scene, "KS")
    for _ in range(3):
        key(app, pygame.K_TAB)
        if scene.keys.focus.area == "piles":
            break
    assert scene.keys.focus.area == "piles" and scene.keys.focus.index == 1  # where a picked card goes


def test_a_c_pressed_as_a_new_call_prompt_comes_waits_for_the_prompt_to_be_seen(app) -> None:
    hands = ["7S 7D 9S 9H KS KH 4C 5C 2S", "7H 3H 5D 6C 8S 10H QD JC AH", OTHERS[1], OTHERS[2]]
    scene = table_at(app, hands, discard="2C", stock=STOCK)
    s, m = scene.session, jamaican(scene.session)
    s.call_wait_ms = 5000  # a prompt with a deadline
    m.apply(0, PluckStock())
    m.apply(0, Discard(parse_cards("2S")[0]))
    act(m, 1, PluckStock())
    m.apply(1, Discard(parse_cards("7H")[0]))
    run_until(app, lambda: s.prompt() == "call")
    key(app, pygame.K_c)  # within a moment of the prompt: a key meant for what was on show before
    assert (0, "call") not in m.hand.log and s.prompt() == "call"
    step(app, 20)
    key(app, pygame.K_c)
    assert (0, "call") in m.hand.log


def test_a_hinted_lay_put_into_the_slots_says_so(app, table) -> None:
    from kalooki_desktop import i18n
    from kalooki_desktop.ai.advice import Advice
    from kalooki_desktop.engine.actions import Lay
    from kalooki_desktop.engine.contract import find_lays

    scene, s = table, table.session
    key(app, pygame.K_SPACE)  # plucked
    assert s.prompt() == "play" and not any(scene.model.slots)
    m = jamaican(s)
    lay = Lay.of(next(find_lays(m.hand.hands[0], m.hand.spec, 1)))
    scene.hint.show(Advice(lay, "why.lay"))  # the hint, once there, is a lay
    assert any(scene.model.slots) and app.toast_text.endswith(i18n.tr("table.hint_staged"))
