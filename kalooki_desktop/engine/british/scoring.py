"""The scores of a British deal: what a card left in hand counts (B-10; B-V1, B-V2) and the
deal's scores, the winner's 0 and a Kalooki's bonus (B-V5)."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import JOKER, Card, rank_of
from .rules import BritishRules


def hand_value(card: Card, rules: BritishRules) -> int:
    """What a card left in hand counts at the end of a deal (B-10; B-V1, B-V2).

    >>> from kalooki_desktop.engine.cards import parse_cards
    >>> from .rules import make_british_rules
    >>> [hand_value(c, make_british_rules("british40")) for c in parse_cards("JK AS KD 7C")]
    [15, 11, 10, 7]
    """
    if card == JOKER:
        return rules.joker_hand
    rank = rank_of(card)
    if rank == 1:
        return rules.ace_hand
    return 10 if rank >= 10 else rank


def deal_scores(
    rules: BritishRules, hands: Sequence[Sequence[Card]], out: int | None, *, kalooki: bool,
    active: Sequence[bool] | None = None,
) -> list[int]:
    """Each seat's score for the deal (B-10): the hand's values, 0 for the seat that went out;
    after a Kalooki the others' points doubled or 25 added (B-V5), to the seats dealt in only
    (``active``: the seats still in the game, B-11; a seat out of it scores nothing).

    >>> from kalooki_desktop.engine.cards import parse_cards
    >>> from .rules import make_british_rules
    >>> deal_scores(make_british_rules("british40", ["B-V5"]), [[], parse_cards("KS 2H")], 0, kalooki=True)
    [0, 24]
    >>> deal_scores(make_british_rules("british40", ["B-V5:25"]), [[], [], parse_cards("KS 2H")], 0,
    ...             kalooki=True, active=[True, False, True])
    [0, 0, 37]
    """
    scores = [sum(hand_value(c, rules) for c in h) for h in hands]
    if kalooki and rules.kalooki == "double":
        scores = [2 * x for x in scores]
    elif kalooki and rules.kalooki == "plus25":
        scores = [x + 25 for x in scores]
    if out is not None:
        scores[out] = 0
    if active is not None:
        scores = [x if dealt else 0 for x, dealt in zip(scores, active, strict=True)]
    return scores
