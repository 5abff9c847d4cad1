"""The coach on British decisions (take or draw, come out or hold, lay off or keep, retrieve a
joker, the discard): the cost against the British hint in the player's points for the deal, from
the player's view only; a note only for a decision that clearly costs more; the cost measured
again with every card known."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from kalooki_desktop.ai.british import NormalBritish, british_advice
from kalooki_desktop.ai.britishcoach import (
    british_coach,
    british_cost_after,
    british_holdings,
    same_choice,
    taken_this_turn,
)
from kalooki_desktop.ai.coach import SAME, THRESHOLD
from kalooki_desktop.engine.actions import (
    Action,
    BuyIn,
    Discard,
    Lay,
    PluckDiscard,
    PluckStock,
    Retrieve,
    StayOut,
    Tack,
    TakeBack,
)
from kalooki_desktop.engine.british.hand import BritishHand, british_deck
from kalooki_desktop.engine.british.match import BritishMatch
from kalooki_desktop.engine.british.melds import RUN, SET, make_b_meld
from kalooki_desktop.engine.british.rules import make_british_rules
from kalooki_desktop.engine.british.view import BritishView
from kalooki_desktop.engine.cards import count_cards, parse_card, parse_cards
from kalooki_desktop.engine.melds import Meld
from kalooki_desktop.engine.turn import DecisionKind, Phase

FORTY = make_british_rules("british40")


def played(seed: int, actions: int) -> BritishMatch:
    """A game of four Normals played on until seat 0's first play decision after ``actions``
    actions."""
    m = BritishMatch(FORTY, 4, seed)
    bots = [NormalBritish() for _ in range(4)]
    rng = random.Random(seed)
    while True:
        seat, kind = m.pending()  # type: ignore[misc]
        if seat == 0 and kind == DecisionKind.PLAY and len(m.actions) >= actions:
            return m
        m.apply(seat, bots[seat].choose(m.view(seat), rng))


def reshuffled(m: BritishMatch, rng: random.Random) -> BritishMatch:
    """The same game for seat 0 with every card it cannot see dealt again (the cards other seats
    are known to hold stay with them) and the generators elsewhere."""
    view = m.view(0)
    known = british_holdings(view)
    other = m.clone()
    h = other.hand
    left = count_cards([c for s in range(1, h.players) for c in h.hands[s]] + h.stock)
    for s in range(1, h.players):
        for c in known[s]:
            left[c] -= 1
    free = [c for c in range(len(left)) for _ in range(left[c])]
    rng.shuffle(free)
    for s in range(1, h.players):
        keep = list(known[s])
        need = len(h.hands[s]) - len(keep)
        h.hands[s], free = keep + free[:need], free[need:]
    h.stock = free
    h.rng = other.rng = random.Random(rng.random())
    assert other.view(0).unseen() == view.unseen() and other.view(0).my_hand == view.my_hand
    return other


def signature(view: BritishView, chosen: Action) -> tuple[object, ...]:
    note = british_coach(view, chosen, random.Random(11), worlds=6)
    e, s = note.estimate, note.screen
    return note.advice.action, note.advice.why, e.mean, e.half, e.worlds, s.mean, s.worlds, note.flagged


def other_discard(view: BritishView) -> Action:
    """A legal discard other than the advice's."""
    advised = british_advice(view, random.Random(1)).action
    return next(a for a in view.legal_actions() if isinstance(a, Discard) and a != advised)


@pytest.mark.parametrize(("seed", "actions"), [(3, 10), (8, 25), (21, 40)])
def test_dealing_the_unseen_cards_differently_never_changes_a_note(seed: int, actions: int) -> None:
    m = played(seed, actions)
    chosen = other_discard(m.view(0))
    expected = signature(m.view(0), chosen)
    assert expected[4] == 3  # the choice is weighed
    rng = random.Random(seed)
    for _ in range(3):
        assert signature(reshuffled(m, rng).view(0), chosen) == expected


def test_the_advice_itself_costs_nothing_and_is_never_noted() -> None:
    view = played(5, 12).view(0)
    advised = british_advice(view, random.Random(2)).action
    note = british_coach(view, advised, random.Random(2))
    assert note.estimate == SAME and note.screen == SAME and not note.flagged
    assert note.kind == DecisionKind.PLAY and note.chosen == advised


# --- positions built card by card ----------------------------------------------------------


def table_game(hands: list[str], table: list[tuple[int, int, str]], discard: str, stock_top: str,
               dealer: int = 3) -> BritishMatch:
    """Four players, the dealer's left to pluck (seat 0 unless told): ``hands``; ``table``
    melds (owner, kind, cards) of the seats who have come out (in earlier turns); the discard
    pile; the stock's top cards, every other card of the packs below them in a fixed order."""
    held = [parse_cards(h) for h in hands]
    made = [make_b_meld(kind, owner, parse_cards(cards), FORTY) for owner, kind, cards in table]
    melds = [x for x in made if isinstance(x, Meld)]
    assert len(melds) == len(made)
    pile, top = parse_cards(discard), parse_cards(stock_top)
    left = count_cards(british_deck(FORTY))
    for c in [*(c for h in held for c in h), *pile, *top, *(c for x in melds for c in x.cards)]:
        left[c] -= 1
    assert min(left) >= 0
    rest = [c for c in range(len(left)) for _ in range(left[c])]
    random.Random(0).shuffle(rest)
    m = BritishMatch(FORTY, 4, 1, first_dealer=dealer)
    h = BritishHand.from_position(FORTY, dealer, held, pile, top + rest)
    h.table = melds
    for owner, _, _ in table:
        h.opened[owner] = h.melded_before[owner] = True
    m.hand = h
    return m


#: Seats 1-3 have come out and hold one card each; seat 1's nine of clubs goes on the run of
#: clubs, so seat 1 goes out at its next turn whatever it draws.
OUT_NEXT = [(1, RUN, "10C JC QC"), (2, SET, "4D 4H 4S"), (3, RUN, "3H 4H 5H")]
#: Seat 0 holds four melds, 13 cards, worth far more than 40: with the two of clubs plucked it
#: can come out and go out at once.
READY = "5S 6S 7S 8S KS KH KD QS QC QD 9H 10H JH"


def test_holding_a_ready_opening_while_a_seat_is_about_to_go_out_is_noted() -> None:
    m = table_game([READY, "9C", "7D", "8D"], OUT_NEXT, "6D", "2C")
    m.apply(0, PluckStock())
    view = m.view(0)
    chosen = Discard(parse_card("2C"))  # holds the opening
    note = british_coach(view, chosen, random.Random(4), worlds=48)
    assert isinstance(note.advice.action, Lay) and note.advice.why == "why.b_open"
    assert note.flagged and note.screen.low > THRESHOLD and note.estimate.mean > 20
    # with every card known it is certain: seat 1 goes out next, seat 0 counts its 13 cards
    after = british_cost_after(m, 0, chosen, note.advice.action, rollouts=8)
    assert after.worlds == 8 and after.mean == 5 + 6 + 7 + 8 + 30 + 30 + 9 + 10 + 10
    # ... and coming out costs nothing; the game itself is left as it was
    assert british_cost_after(m, 0, note.advice.action, note.advice.action, rollouts=4).mean == 0
    assert m.hand.phase == Phase.PLAY and len(m.hand.hands[0]) == 14 and not m.results


def test_throwing_a_card_of_the_opening_instead_of_going_out_is_noted() -> None:
    m = table_game([READY, "9C", "7D", "8D"], OUT_NEXT, "6D", "2C")
    m.apply(0, PluckStock())
    chosen = Discard(parse_card("KS"))
    note = british_coach(m.view(0), chosen, random.Random(5), worlds=48)
    assert note.flagged and note.estimate.mean > 20
    assert british_cost_after(m, 0, chosen, note.advice.action, rollouts=8).mean > 20


def test_a_small_difference_is_weighed_but_not_noted() -> None:
    # seat 0 has come out; nobody is close to going out: two discards of low cards differ little
    table = [(0, SET, "KS KH KD"), (0, SET, "QS QH QC"), (1, RUN, "10C JC QC")]
    m = table_game(["2S 3D 9H 5C 7S", "AH 6C 8S JD 4D 10S 3C 2D", "5D 7H 9D JS KC 4C 6H",
                    "8C 3S 5H 10D AS 2H 9S"], table, "6D", "4S")
    m.apply(0, PluckStock())
    chosen = Discard(parse_card("2S"))
    note = british_coach(m.view(0), chosen, random.Random(6), worlds=32)
    if same_choice(note.advice.action, chosen):
        chosen = Discard(parse_card("3D"))
        note = british_coach(m.view(0), chosen, random.Random(6), worlds=32)
    assert note.estimate.worlds == 16 and note.screen.worlds == 16 and not note.flagged


def _take_or_draw() -> tuple[BritishMatch, Action]:
    # seat 0 has come out; seat 3 throws the queen of diamonds, which goes on seat 0's set
    table = [(0, SET, "QS QH QC"), (0, RUN, "5S 6S 7S 8S"), (1, RUN, "10C JC QC")]
    m = table_game(["2S 3D 9H 5C KH KD", "AH 6C 8S JD 4D", "5D 7H 9D JS KC", "8C 3S 5H 10D AS QD"],
                   table, "6D", "4S 2H", dealer=2)
    m.apply(3, PluckStock())
    m.apply(3, Discard(parse_card("QD")))
    return m, PluckStock()


def _come_out_or_hold() -> tuple[BritishMatch, Action]:
    m = table_game([READY, "9C", "7D", "8D"], OUT_NEXT, "6D", "2C")
    m.apply(0, PluckStock())
    return m, Discard(parse_card("2C"))


def _lay_off_or_keep() -> tuple[BritishMatch, Action]:
    # seat 0 has come out and holds the nine of clubs, which goes on seat 1's run
    table = [(0, SET, "QS QH QC"), (0, RUN, "5S 6S 7S 8S"), (1, RUN, "10C JC QC")]
    m = table_game(["2S 3D 9C 5C KH", "AH 6C 8S JD 4D", "5D 7H 9D JS KC", "8C 3S 5H 10D AS"],
                   table, "6D", "4S")
    m.apply(0, PluckStock())
    return m, Discard(parse_card("5C"))


def _retrieve() -> tuple[BritishMatch, Action]:
    # seat 0 holds the seven of spades a joker stands for in seat 1's run, and the run of
    # spades takes the joker at once
    # (it also holds the nine of clubs for seat 2's run: the advice lays that off first)
    table = [(0, SET, "QS QH QC"), (1, RUN, "5S 6S JK 8S"), (2, RUN, "10C JC QC")]
    m = table_game(["2S 3D 7S 5C 9C KD", "AH 6C 8S JD 4D", "5D 7H 9D JS KC", "8C 3S 5H 10D AS"],
                   table, "6D", "4D")
    m.apply(0, PluckStock())
    return m, Retrieve((parse_card("7S"),), 2)


def _discard() -> tuple[BritishMatch, Action]:
    m = played(8, 25)
    return m, other_discard(m.view(0))


@pytest.mark.parametrize(("position", "kind", "chosen_type"), [
    (_take_or_draw, DecisionKind.PLUCK, PluckStock),
    (_come_out_or_hold, DecisionKind.PLAY, Discard),
    (_lay_off_or_keep, DecisionKind.PLAY, Discard),
    (_retrieve, DecisionKind.PLAY, Retrieve),
    (_discard, DecisionKind.PLAY, Discard),
])
def test_every_kind_of_british_decision_is_weighed(position: Callable[[], tuple[BritishMatch, Action]],
                                                   kind: DecisionKind, chosen_type: type) -> None:
    m, chosen = position()
    view = m.view(0)
    assert view.asked == kind and view.check(chosen) is None and type(chosen) is chosen_type
    note = british_coach(view, chosen, random.Random(3), worlds=8)
    assert note.chosen == chosen and note.kind == kind and note.top == view.discard_top
    assert not same_choice(note.advice.action, chosen)  # the advice differs: the choice is weighed
    assert note.estimate.worlds == 4 and note.screen.worlds == 4
    expected = {_take_or_draw: PluckDiscard, _come_out_or_hold: Lay, _lay_off_or_keep: Tack}
    if position in expected:
        assert isinstance(note.advice.action, expected[position])


def test_a_buy_in_and_a_take_back_are_not_weighed() -> None:
    m, _ = _retrieve()
    view = m.view(0)
    choices: list[Action] = [TakeBack(), BuyIn(), StayOut()]
    for chosen in choices:
        note = british_coach(view, chosen, random.Random(1), worlds=8)
        assert note.estimate == SAME and not note.flagged and note.chosen == chosen


def test_the_same_melds_in_another_order_are_the_same_choice() -> None:
    a = Lay.of([(SET, parse_cards("KS KH KD")), (RUN, parse_cards("5S 6S 7S"))])
    b = Lay.of([(RUN, parse_cards("5S 6S 7S")), (SET, parse_cards("KS KH KD"))])
    assert same_choice(a, b) and not same_choice(a, Lay.of([(SET, parse_cards("KS KH KD"))]))


def test_a_discard_taken_and_not_laid_is_known_to_be_held() -> None:
    m, _ = _take_or_draw()
    m.apply(0, PluckDiscard())
    assert taken_this_turn(m.view(0)) == parse_card("QD")
    m.apply(0, Discard(parse_card("2S")))  # keeps the queen
    assert british_holdings(m.view(1))[0] == parse_cards("QD")
    m.apply(1, PluckStock())
    assert taken_this_turn(m.view(1)) is None
