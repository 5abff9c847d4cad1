"""Scoring a hand (J-8.1, J-8.2, J-V7, J-3.5) and deciding the winners of a game (J-8.3)."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card, penalty_total
from .rules import RuleSet

#: J-V7: going out scores this; missing the contract adds its opposite.
HOUSE_BONUS = 50
#: J-3.5: the dealer's cut bonus.
CUT_BONUS = 50


def hand_scores(
    hands: Sequence[Sequence[Card]],
    out: int | None,
    *, bent: bool,
    laid: Sequence[bool],
    rules: RuleSet,
    cut_bonus_seat: int | None = None,
) -> list[int]:
    """The score of every seat for one finished hand.

    Seats that did not go out add their cards' penalty values (J-8.1); with J-V7 the player
    who went out scores -50 and a player who never laid adds 50; bending the table doubles
    everything the others score except the -50s (J-8.2); the dealer's cut bonus is -50 (J-3.5).

    >>> from .cards import parse_cards
    >>> from .rules import make_rules
    >>> hand_scores([[], parse_cards("AS KD"), parse_cards("JK")], 0, bent=True,
    ...             laid=[True, True, False], rules=make_rules())
    [0, 50, 100]
    """
    scores = []
    for seat, cards in enumerate(hands):
        if seat == out:
            score = -HOUSE_BONUS if rules.house_scoring else 0
        else:
            score = penalty_total(cards, rules.joker_points)
            if rules.house_scoring and not laid[seat]:
                score += HOUSE_BONUS
            if bent:
                score *= 2
        if seat == cut_bonus_seat:
            score -= CUT_BONUS
        scores.append(score)
    return scores


def winners(totals: Sequence[int]) -> list[int]:
    """The seats with the lowest total: equal lowest scores share the win (J-8.3)."""
    low = min(totals)
    return [seat for seat, total in enumerate(totals) if total == low]
