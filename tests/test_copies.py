"""A copy of a game's state shares nothing that can change with the original: the deal's clone
and the British match's snapshot copy every attribute (:func:`.engine.deal.detached`), so that a
field added later is copied without being named anywhere. Whatever is done to the copy, by play
or by writing into every list, dict and meld it holds, the original's digest stays the same."""

from __future__ import annotations

import random
from typing import Any, TypeVar

from hypothesis import given, settings
from hypothesis import strategies as st

from kalooki_desktop.ai.base import make_bot
from kalooki_desktop.engine.british.match import BritishMatch
from kalooki_desktop.engine.british.rules import make_british_rules
from kalooki_desktop.engine.british.view import BritishView
from kalooki_desktop.engine.deal import Deal, state_digest
from kalooki_desktop.engine.match import Match
from kalooki_desktop.engine.melds import Meld
from kalooki_desktop.engine.rules import make_rules
from kalooki_desktop.engine.view import View

G = TypeVar("G", Match, BritishMatch)


def scribble(value: Any, seen: set[int]) -> None:
    """Write into every mutable thing ``value`` holds, all the way down."""
    if id(value) in seen:
        return
    seen.add(id(value))
    if isinstance(value, list):
        for item in value:
            scribble(item, seen)
        value.append(99)
    elif isinstance(value, dict):
        for item in list(value.values()):
            scribble(item, seen)
        value["scribbled"] = 99
    elif isinstance(value, set):
        value.add(99)
    elif isinstance(value, Meld):
        scribble(value.cards, seen)
        value.base += 1
    elif isinstance(value, Deal):
        for item in vars(value).values():
            scribble(item, seen)
    elif isinstance(value, random.Random):
        value.random()


def played(m: G, bots: list[Any], view: Any, seed: int, actions: int) -> G:
    """``m`` after up to ``actions`` of its bots' moves (``view(m, seat)``: what a bot sees)."""
    rng = random.Random(seed)
    for _ in range(actions):
        pending = m.pending()
        if pending is None:
            break
        seat = pending[0]
        m.apply(seat, bots[seat].choose(view(m, seat), rng))
    return m


def jamaican(seed: int, actions: int) -> Match:
    bots = [make_bot("normal", "jamaican") for _ in range(4)]
    return played(Match(make_rules("jamaican"), 4, seed), bots,
                  lambda m, seat: View(m.hand, seat, list(m.totals)), seed, actions)


def british(seed: int, actions: int) -> BritishMatch:
    bots = [make_bot("normal", "british") for _ in range(3)]
    return played(BritishMatch(make_british_rules("kalooki51", ["B-12"]), 3, seed), bots, BritishView, seed, actions)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), actions=st.integers(0, 400))
def test_property_a_deals_clone_shares_nothing_with_it(seed: int, actions: int) -> None:
    for m in (jamaican(seed, actions), british(seed, actions)):
        before = state_digest(m, m.hand)
        copy = m.hand.clone()
        assert state_digest(m, copy) == before  # the same state
        scribble(copy, set())
        assert state_digest(m, m.hand) == before


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), actions=st.integers(0, 600))
def test_property_a_british_matchs_snapshot_shares_nothing_with_it(seed: int, actions: int) -> None:
    m = british(seed, actions)
    before = m.digest()
    copy = m.clone()
    assert copy.digest() == before
    played(copy, [make_bot("random", "british") for _ in range(3)], BritishView, seed, 50)  # play on in the copy
    for value in vars(copy).values():
        scribble(value, set())
    assert m.digest() == before
