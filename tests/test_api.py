"""The turn API's shape: pending decisions, action texts that round-trip, and private views."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from kalooki_desktop.engine.actions import (
    Allow,
    Call,
    Discard,
    EndTurn,
    Lay,
    MoveJoker,
    Pass,
    PluckDiscard,
    PluckStock,
    Refuse,
    Tack,
    parse_action,
)
from kalooki_desktop.engine.cards import JOKER, make_card, parse_cards
from kalooki_desktop.engine.hand import HandState
from kalooki_desktop.engine.match import Match
from kalooki_desktop.engine.refusal import Refusal
from kalooki_desktop.engine.rules import make_rules
from kalooki_desktop.engine.turn import DecisionKind
from kalooki_desktop.engine.view import View

from .helpers import LAYER, PLAIN

CARDS = st.sampled_from([JOKER] + [make_card(r, s) for r in range(1, 14) for s in range(4)])
ENDS = st.sampled_from([None, "low", "high"])
ACTIONS = st.one_of(
    st.sampled_from([PluckStock(), PluckDiscard(), Call(), Allow(), Refuse(), EndTurn()]),
    st.builds(Discard, CARDS),
    st.builds(Tack, CARDS, st.integers(1, 40), ENDS),
    st.builds(MoveJoker, CARDS, st.integers(1, 40), ENDS),
    st.builds(lambda ms: Lay(tuple(ms)), st.lists(
        st.tuples(st.sampled_from([3, 4]), st.lists(CARDS, min_size=1, max_size=13).map(tuple)),
        min_size=1, max_size=4)),
)


@given(ACTIONS)
def test_property_action_texts_round_trip(action: object) -> None:
    assert parse_action(str(action)) == action
    assert hash(action) == hash(parse_action(str(action)))


def test_malformed_action_texts_say_what_is_expected() -> None:
    for text in ("", "pluck", "tack 7S 2", "lay three", "move 7S on x", "tack 7S on 2 middle"):
        try:
            parse_action(text)
        except ValueError as e:
            assert str(e)
        else:  # pragma: no cover
            raise AssertionError(text)


def test_pending_asks_the_callers_in_order_then_the_player_to_act() -> None:
    """J-5.2: each seat that may call the fresh discard decides in clockwise order after the next
    player (call or pass); only then does the next player pluck. The engine alone says who."""
    rules = make_rules()
    state = HandState.from_position(rules, rules.schedule[0], 3, [parse_cards(h) for h in [LAYER, *PLAIN]],
                                    parse_cards("2C"), parse_cards("5C 6D 8H"))
    assert state.pending() == (0, DecisionKind.PLUCK) == (0, "pluck")
    state.apply(0, PluckStock())
    assert state.pending() == (0, "play")
    state.apply(0, Discard(parse_cards("4C")[0]))
    assert state.pending() == (2, "call")
    assert state.legal_actions(2) == [Call(), Pass()] and state.legal_actions(3) == []
    assert state.check(3, Call()) == Refusal("J-5.2", "call.not_first", {"seat": 2})
    assert state.check(1, PluckStock()) == Refusal("J-5.2", "wait.callers")
    state.apply(2, Pass())
    assert state.pending() == (3, "call")
    assert state.check(2, Call()) == Refusal("J-5.2", "call.passed")
    state.apply(3, Call())
    assert state.pending() == (1, "allow")


def test_once_every_caller_passed_the_next_player_plucks() -> None:
    rules = make_rules()
    state = HandState.from_position(rules, rules.schedule[0], 3, [parse_cards(h) for h in [LAYER, *PLAIN]],
                                    parse_cards("2C"), parse_cards("5C 6D 8H"))
    state.apply(0, PluckStock())
    state.apply(0, Discard(parse_cards("4C")[0]))
    state.apply(2, Pass())
    state.apply(3, Pass())
    assert state.pending() == (1, "pluck") and state.log[-2:] == [(2, "pass"), (3, "pass")]
    state.apply(1, PluckDiscard())
    assert state.pending() == (1, "play") and state.passed == []


def test_a_view_shows_only_what_the_seat_may_know() -> None:
    match = Match(make_rules(), 4, seed=3)
    view = match.view(1)
    assert isinstance(view, View)
    assert list(view.my_hand) == match.hand.hands[1]
    assert view.hand_sizes == tuple(len(h) for h in match.hand.hands)
    assert view.open_hands is None
    public = {name for name in dir(view) if not name.startswith("_")}
    assert not public & {"hands", "stock", "rng", "state"}
    assert view.stock_count == len(match.hand.stock)
    # The table it gives is a copy: changing it changes nothing.
    tbl = view.table
    assert tbl == ()
