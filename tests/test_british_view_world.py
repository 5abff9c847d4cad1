"""What a British seat cannot see (:meth:`.BritishView.unseen`) and a whole game dealt around what
it can (:meth:`.BritishView.world`): the caller's guesses of the hidden cards, every public fact
copied, nothing hidden read."""

from __future__ import annotations

import random

import pytest

from kalooki_desktop.ai.british import NormalBritish
from kalooki_desktop.engine.british.hand import british_deck
from kalooki_desktop.engine.british.match import BritishMatch
from kalooki_desktop.engine.british.rules import make_british_rules
from kalooki_desktop.engine.british.view import BritishView, Game
from kalooki_desktop.engine.cards import Card, count_cards
from kalooki_desktop.engine.deal import state_digest


def played(seed: int, actions: int, preset: str = "british40", players: int = 4) -> BritishMatch:
    """A game of Normals played on for ``actions`` actions (past the first deal's end for the
    larger counts)."""
    m = BritishMatch(make_british_rules(preset), players, seed)
    bots = [NormalBritish() for _ in range(players)]
    rng = random.Random(seed)
    for _ in range(actions):
        pending = m.pending()
        assert pending is not None
        m.apply(pending[0], bots[pending[0]].choose(BritishView(m, pending[0]), rng))
    return m


def hidden_dealt_again(m: BritishMatch, seat: int, rng: random.Random) -> BritishMatch:
    """A copy of ``m`` that ``seat`` cannot tell from it: the other hands and the stock dealt
    again from the same cards, the generators of the game and the deal elsewhere, the last
    deal's stock in another order."""
    other = m.clone()
    h = other.hand
    hidden = [c for s in range(h.players) if s != seat for c in h.hands[s]] + h.stock
    rng.shuffle(hidden)
    rest = iter(hidden)
    for s in range(h.players):
        if s != seat:
            h.hands[s] = [next(rest) for _ in h.hands[s]]
    h.stock = [next(rest) for _ in h.stock]
    h.rng = random.Random(rng.random())
    other.rng = random.Random(rng.random())
    if other.ended is not None:
        rng.shuffle(other.ended.stock)
        other.ended.rng = random.Random(rng.random())
    assert BritishView(other, seat).unseen() == BritishView(m, seat).unseen()
    return other


def guesses(view: BritishView, rng: random.Random) -> tuple[list[list[Card]], list[Card]]:
    """The hidden cards dealt at random: a hand of the right size for every other seat, the rest
    the stock."""
    pool = view.unseen()
    rng.shuffle(pool)
    others: list[list[Card]] = []
    for s, n in enumerate(view.hand_sizes):
        take = 0 if s == view.seat else n
        others.append(pool[:take])
        del pool[:take]
    return others, pool


def fingerprint(m: Game) -> tuple[str, str | None]:
    """The whole state of a game, the deal that ended last included."""
    return m.digest(), None if m.ended is None else state_digest(m, m.ended)


@pytest.mark.parametrize(("seed", "actions"), [(1, 9), (2, 40), (3, 150), (4, 260)])
def test_unseen_is_the_other_hands_and_the_stock(seed: int, actions: int) -> None:
    m = played(seed, actions)
    for seat in range(m.players):
        h = m.hand
        hidden = [c for s in range(h.players) if s != seat for c in h.hands[s]] + h.stock
        assert BritishView(m, seat).unseen() == sorted(hidden)
        seen = [*h.hands[seat], *h.discard, *(c for meld in h.table for c in meld.cards)]
        assert count_cards(seen + hidden) == count_cards(british_deck(m.rules))


@pytest.mark.parametrize(("seed", "actions"), [(1, 9), (2, 40), (3, 150), (4, 260), (5, 333)])
def test_a_world_holds_the_guesses_and_nothing_hidden_of_the_real_game(seed: int, actions: int) -> None:
    m = played(seed, actions)
    for seat in range(m.players):
        view = BritishView(m, seat)
        others, stock = guesses(view, random.Random(seed))
        world = view.world(others, stock, random.Random(7))
        w = world.hand
        assert [w.hands[s] for s in range(m.players) if s != seat] == [others[s] for s in range(m.players)
                                                                      if s != seat]
        assert w.hands[seat] == m.hand.hands[seat] and w.stock == stock
        assert w.discard == m.hand.discard and w.table == m.hand.table and w.log == m.hand.log
        assert w.undo is None or w.turn == seat  # another seat's turn as after its pluck is hidden
        assert world.totals == m.totals and world.actions == m.actions and world.results == m.results
        assert BritishView(world, seat).legal_actions() == view.legal_actions()
        # the same public facts with every hidden card (and generator) elsewhere: the same world
        again = hidden_dealt_again(m, seat, random.Random(seed + 100))
        twin = BritishView(again, seat).world(others, stock, random.Random(7))
        assert fingerprint(twin) == fingerprint(world)


def test_a_world_is_independent_of_the_game_and_of_the_guesses() -> None:
    m = played(6, 30)
    before = m.digest()
    seat = m.pending()[0]  # type: ignore[index]
    view = BritishView(m, seat)
    others, stock = guesses(view, random.Random(1))
    world = view.world(others, stock, random.Random(2))
    bots = [NormalBritish() for _ in range(m.players)]
    rng = random.Random(3)
    while len(world.results) == len(m.results):
        pending = world.pending()
        assert pending is not None
        world.apply(pending[0], bots[pending[0]].choose(BritishView(world, pending[0]), rng))
    others[(seat + 1) % m.players].clear()
    stock.clear()
    assert m.digest() == before


def test_a_world_is_dealt_around_the_deal_in_play_only() -> None:
    m = played(7, 200)
    ended = m.ended_view(0)
    assert ended is not None
    with pytest.raises(ValueError, match="deal in play"):
        ended.world([[]] * m.players, [], random.Random(1))
