"""British Kalooki (part B of the rule book): Kalooki 40 and Kalooki 51, a single-deal rummy
with an opening of 40 or 51 points, sets and runs, joker retrieval, elimination and buy-ins.
It shares the cards, the melds' shape, the refusals and the judge with the Jamaican game."""

from .finder import candidate_melds, find_opening
from .hand import PER_END, BritishHand, british_deck
from .match import BritishMatch
from .melds import RUN, SET, check_opening, check_set, make_b_meld, meld_points, opening_points, run_base
from .rules import ALIASES, BRITISH_PRESETS, BRITISH_SWITCHES, BritishRules, make_british_rules
from .scoring import hand_value
from .table import layoff_result, retrieve_result
from .view import BritishView
from .view import Game as BritishGame

__all__ = [
    "ALIASES",
    "BRITISH_PRESETS",
    "BRITISH_SWITCHES",
    "PER_END",
    "RUN",
    "SET",
    "BritishGame",
    "BritishHand",
    "BritishMatch",
    "BritishRules",
    "BritishView",
    "british_deck",
    "candidate_melds",
    "check_opening",
    "check_set",
    "find_opening",
    "hand_value",
    "layoff_result",
    "make_b_meld",
    "make_british_rules",
    "meld_points",
    "opening_points",
    "retrieve_result",
    "run_base",
]
