"""British Kalooki (part B of the rule book): Kalooki 40 and Kalooki 51, a single-deal rummy
with an opening of 40 or 51 points, sets and runs, joker retrieval, elimination and buy-ins.
It shares the cards, the melds' shape, the refusals and the judge with the Jamaican game."""

from .melds import check_opening, check_set, make_b_meld, meld_points, opening_points, run_base
from .rules import BRITISH_PRESETS, BRITISH_SWITCHES, BritishRules, make_british_rules

__all__ = [
    "BRITISH_PRESETS",
    "BRITISH_SWITCHES",
    "BritishRules",
    "check_opening",
    "check_set",
    "make_b_meld",
    "make_british_rules",
    "meld_points",
    "opening_points",
    "run_base",
]
