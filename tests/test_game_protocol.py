"""One game protocol for both rule systems (:mod:`kalooki_desktop.engine.game`): the same turn
API, the whole move list but new melds, an ``apply`` that says what it did, and a view of one
seat that can neither be changed nor lead to a card the seat may not see."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from kalooki_desktop.engine.actions import Action, Discard, PluckStock, Retrieve, Tack
from kalooki_desktop.engine.british.match import BritishMatch
from kalooki_desktop.engine.british.rules import make_british_rules
from kalooki_desktop.engine.cards import count_cards
from kalooki_desktop.engine.deal import Deal
from kalooki_desktop.engine.game import Applied, DealResult, Game
from kalooki_desktop.engine.match import Match
from kalooki_desktop.engine.melds import Meld
from kalooki_desktop.engine.rules import make_rules
from kalooki_desktop.engine.seatview import SeatView


def new_game(preset: str, players: int, seed: int) -> Game:
    if preset in ("british40", "kalooki51"):
        return BritishMatch(make_british_rules(preset), players, seed)
    return Match(make_rules(preset), players, seed)


GAMES = [("jamaican", 4), ("baby", 3), ("british40", 4), ("kalooki51", 2)]


def random_play(game: Game, rng: random.Random, limit: int = 4000) -> Iterator[tuple[int, Action]]:
    """(seat, action) chosen at random among the legal actions, applied after each yield."""
    for _ in range(limit):
        pending = game.pending()
        if pending is None:
            return
        seat = pending[0]
        actions = game.legal_actions(seat)
        assert actions, f"{seat} is asked {pending[1]} with no legal action"
        yield seat, rng.choice(actions)


@pytest.mark.parametrize(("preset", "players"), GAMES)
def test_every_listed_action_is_legal_and_apply_says_what_it_did(preset: str, players: int) -> None:
    game = new_game(preset, players, 5)
    rng = random.Random(5)
    for seat, action in random_play(game, rng):
        assert game.check(seat, action) is None, action
        before = list(game.hand.hands[seat])
        top = game.hand.discard_top
        results = len(game.results)
        done = game.apply(seat, action)
        assert isinstance(done, Applied) and done.seat == seat and done.action == action
        assert done.index == len(game.actions) - 1 and done.game_over == game.over
        ended = len(game.results) > results
        assert (done.result is game.results[-1]) if ended else done.result is None
        if isinstance(action, Discard):
            assert done.card == action.card
        if isinstance(action, PluckStock) and not ended:
            gained = count_cards(game.hand.hands[seat])
            for c in before:
                gained[c] -= 1
            assert done.private and done.card is not None and gained[done.card] == 1
        if not isinstance(action, PluckStock):
            assert not done.private
        if done.card is not None and not isinstance(action, PluckStock | Discard | Tack):
            assert done.card == top
    assert game.results  # random play lays no contract, so a Jamaican game goes on deal after deal


def test_a_joker_retrieval_is_in_the_british_move_list() -> None:
    """B-7: the natural card a joker stands for, held by a player who has come out, is offered
    as a retrieval among the legal actions, and the list holds nothing the engine refuses."""
    from kalooki_desktop.engine.british.melds import make_b_meld
    from kalooki_desktop.engine.cards import parse_cards
    from kalooki_desktop.engine.rules import FOUR
    from kalooki_desktop.engine.turn import Phase

    game = BritishMatch(make_british_rules("british40"), 3, 1)
    h = game.hand
    run = make_b_meld(FOUR, 1, parse_cards("5H JK 7H"), game.rules)
    assert isinstance(run, Meld)
    seat = h.turn
    h.opened[seat], h.phase, h.table = True, Phase.PLAY, [run]
    h.hands[seat] = parse_cards("6H 2C 9D")
    actions = game.legal_actions(seat)
    assert Retrieve(tuple(parse_cards("6H")), 1) in actions
    assert all(game.check(seat, a) is None for a in actions)


def _reachable(value: object, seen: set[int]) -> Iterator[object]:
    """Every object reachable from ``value`` through containers and public attributes."""
    if id(value) in seen or isinstance(value, str | int | float | bool | type(None)):
        return
    seen.add(id(value))
    yield value
    if isinstance(value, dict):
        items: list[object] = [*value.keys(), *value.values()]
    elif isinstance(value, list | tuple | set | frozenset):
        items = list(value)
    else:
        names = [n for n in dir(value) if not n.startswith("_")]
        items = []
        for n in names:
            attr = getattr(value, n)
            if not callable(attr):
                items.append(attr)
    for item in items:
        yield from _reachable(item, seen)


def _public_answers(view: SeatView) -> list[object]:
    """Every property of the view and every answer of its questions without arguments."""
    out: list[object] = []
    for name in dir(view):
        if name.startswith("_"):
            continue
        value = getattr(view, name)
        if callable(value):
            if name in ("legal_actions", "unseen"):
                out.append(value())
            continue
        out.append(value)
    return out


@pytest.mark.parametrize(("preset", "players"), GAMES)
def test_a_view_is_immutable_and_no_answer_leads_to_the_state_or_a_hidden_card(preset: str, players: int) -> None:
    game = new_game(preset, players, 11)
    rng = random.Random(11)
    checked = 0
    for step, (seat, action) in enumerate(random_play(game, rng, 600)):
        if step % 37 == 0:
            for s in range(game.players):
                view = game.view(s)
                with pytest.raises(AttributeError):
                    view.seat = 1 - s  # type: ignore[misc]
                h = game.hand
                state_lists = {id(x) for x in (*h.hands, h.stock, h.discard, h.table, h.log)}
                allowed = count_cards(list(h.hands[s]) + list(h.discard) + [c for m in h.table for c in m.cards])
                for answer in _public_answers(view):
                    if view.open_hands is not None and answer == view.open_hands:
                        continue
                    for obj in _reachable(answer, set()):
                        assert not isinstance(obj, Deal | Game | random.Random), (preset, type(obj))
                        assert id(obj) not in state_lists, (preset, type(obj))
                        if isinstance(obj, Meld):
                            assert all(m is not obj for m in h.table)
                cards_seen = [c for c in view.my_hand] + list(view.discard_pile)
                cards_seen += [c for m in view.table for c in m.cards]
                assert all(count_cards(cards_seen)[c] <= allowed[c] for c in set(cards_seen))
                checked += 1
        game.apply(seat, action)
    assert checked >= 8


@pytest.mark.parametrize(("preset", "players"), GAMES)
def test_a_clone_shares_nothing_and_replays_to_the_same_digest(preset: str, players: int) -> None:
    game = new_game(preset, players, 3)
    rng = random.Random(3)
    for _, (seat, action) in zip(range(150), random_play(game, rng), strict=False):
        game.apply(seat, action)
    copy = game.clone()
    assert copy.digest() == game.digest()
    pending = copy.pending()
    assert pending is not None
    copy.apply(pending[0], copy.legal_actions(pending[0])[0])
    assert copy.digest() != game.digest()
    again = new_game(preset, players, 3)
    for seat, action in game.actions:
        again.apply(seat, action)
    assert again.digest() == game.digest()


def test_deal_results_keep_the_digest_form_saves_were_taken_of() -> None:
    """A saved game keeps its digest: the neutral result is read as each system's result was."""
    from kalooki_desktop.engine.rules import HandSpec

    jam = DealResult(2, 1, void=False, out=0, big_out=True, scores=(0, 40), hands=((), (5,)),
                     laid=(True, False), spec=HandSpec(2, 10, (3, 3, 4)), calls_used=(0, 1))
    assert jam.digest_form()[0] == "HandResult" and jam.digest_form()[5] is True
    brit = DealResult(3, 1, void=False, out=0, big_out=False, scores=(0, 40), hands=((), (5,)), laid=(True, False))
    assert brit.digest_form() == ["DealResult", 1, False, 0, False, (0, 40), ((), (5,)), (True, False), 3]


def test_views_of_both_systems_answer_the_same_questions() -> None:
    names = {n for n in dir(SeatView) if not n.startswith("_")}
    for game in (new_game("jamaican", 4, 1), new_game("british40", 4, 1)):
        view = game.view(0)
        assert isinstance(view, SeatView)
        for n in names:
            getattr(view, n)
        assert view.system == game.rules.system
        assert view.hand_number == game.hand_number

