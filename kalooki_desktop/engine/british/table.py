"""What a card can do to a meld on the table in British Kalooki: a lay-off (B-6) and joker
retrieval (B-7). Pure functions: the meld given is never changed. How many cards one turn has
put onto an end of a run (at most two, B-6) is the turn's to count (:mod:`.hand`).

>>> from kalooki_desktop.engine.cards import cards_text, parse_card, parse_cards
>>> from .melds import make_b_meld
>>> from .rules import make_british_rules
>>> forty = make_british_rules("british40")
>>> run = make_b_meld(RUN, 1, parse_cards("5S JK 7S"), forty)
>>> grown = layoff_result(run, parse_card("8S"), forty)
>>> cards_text(grown.cards)
['5S', 'JK', '7S', '8S']
>>> after, joker = retrieve_result(run, parse_cards("6S"), forty)
>>> cards_text(after.cards), joker
(['5S', '6S', '7S'], 0)
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import ACE, HIGH_ACE, JOKER, RANK_NAMES, Card, card_text, make_card
from ..melds import End, Meld
from ..refusal import Refusal, refuse
from .melds import MAX_RUN, MAX_SET, RUN, SET, check_set
from .rules import BritishRules


def run_end_card(meld: Meld, end: End, rules: BritishRules) -> Card | None:
    """The natural card that would extend run ``meld`` at ``end``, None when that end is closed
    (the ace high only, B-2; never both high and low, B-V1; thirteen cards at most)."""
    if len(meld.cards) >= MAX_RUN:
        return None
    rank = meld.base - 1 if end == "low" else meld.high + 1
    lowest = 1 if rules.ace_low else 2
    if rank < lowest or rank > HIGH_ACE:
        return None
    if rules.ace_low and ((rank == HIGH_ACE and meld.base == ACE) or (rank == ACE and meld.high == HIGH_ACE)):
        return None
    return make_card(rank, meld.suit)


def layoff_result(meld: Meld, card: Card, rules: BritishRules, end: End | None = None) -> Meld | Refusal:
    """The meld after ``card`` is laid off on it (B-6), or the refusal. A set takes a natural
    of a suit it lacks, or a joker, up to four cards; a run takes the card (or a joker) at
    either end, ``end`` choosing where both would do (the high end by default)."""
    if meld.kind == SET:
        grown = [*meld.cards, card]
        if len(grown) > MAX_SET:
            return refuse("B-6", "layoff.set_full")
        bad = check_set(grown)
        if bad is not None:
            return refuse("B-6", "layoff.set_card", rank=RANK_NAMES[meld.base])
        return Meld(SET, meld.owner, grown, meld.base)
    ends: tuple[End, ...] = (end,) if end else ("high", "low")
    for e in ends:
        fits = run_end_card(meld, e, rules)
        if fits is not None and card in (fits, JOKER):
            if e == "low":
                return Meld(RUN, meld.owner, [card, *meld.cards], meld.base - 1)
            return Meld(RUN, meld.owner, [*meld.cards, card], meld.base)
    # the cards of both ends, whichever end was tried (a player dropping on one end learns both)
    wanted = [card_text(c) for c in (run_end_card(meld, e, rules) for e in ("low", "high")) if c is not None]
    if not wanted:
        return refuse("B-6", "layoff.run_closed")
    return refuse("B-6", "layoff.run_card", cards=" or ".join(wanted))


def retrieve_result(meld: Meld, cards: Sequence[Card], rules: BritishRules) -> tuple[Meld, Card] | Refusal:
    """The meld after ``cards`` free one of its jokers (B-7), and the joker, or the refusal.
    From a run, the natural card the joker stands for takes its place. From a set, the
    natural cards of every missing suit (both for a three-card set, the one for a four-card
    set; a three-card set with two jokers frees one for any two missing suits; with B-V2 one
    natural card of a missing suit frees one)."""
    if JOKER not in meld.cards:
        return refuse("B-7", "retrieve.no_joker")
    if meld.kind == RUN:
        if len(cards) != 1:
            return refuse("B-7", "retrieve.run_one")
        for i, c in enumerate(meld.cards):
            if c == JOKER and meld.stands_for(i) == cards[0]:
                replaced = list(meld.cards)
                replaced[i] = cards[0]
                return Meld(RUN, meld.owner, replaced, meld.base), JOKER
        return refuse("B-7", "retrieve.run_card", card=card_text(cards[0]))
    return _retrieve_from_set(meld, list(cards), rules)


def _retrieve_from_set(meld: Meld, cards: list[Card], rules: BritishRules) -> tuple[Meld, Card] | Refusal:
    naturals = [c for c in meld.cards if c != JOKER]
    jokers = len(meld.cards) - len(naturals)
    need = 1 if rules.one_natural_frees or len(meld.cards) == MAX_SET else 2
    if len(cards) != need or JOKER in cards:
        key = "retrieve.set_one" if need == 1 else "retrieve.set_two"
        return refuse("B-V2" if rules.one_natural_frees else "B-7", key)
    grown = naturals + cards + [JOKER] * (jokers - 1)
    if len(grown) > MAX_SET or check_set(grown) is not None:
        return refuse("B-7", "retrieve.set_suits", rank=RANK_NAMES[meld.base])
    return Meld(SET, meld.owner, grown, meld.base), JOKER
