"""The rules engine: the game protocol (:mod:`.game`, :mod:`.systems`) and Jamaican Kalooki (RULES.md
part J) here, British Kalooki (part B) in :mod:`.british`. Standard library only."""

from .actions import (
    Action,
    Allow,
    Call,
    Discard,
    EndTurn,
    Lay,
    MoveJoker,
    PluckDiscard,
    PluckStock,
    Refuse,
    Tack,
    parse_action,
)
from .cards import JOKER, Card, card_text, cards_text, parse_card, parse_cards
from .contract import can_lay, check_contract, find_lay, find_lays
from .game import Applied, DealResult, Game
from .hand import HandState
from .match import Match, replay
from .melds import Meld
from .refusal import IllegalAction, Refusal
from .rules import HandSpec, RuleSet, make_rules
from .turn import Phase
from .view import View

__all__ = [
    "JOKER",
    "Action",
    "Allow",
    "Applied",
    "Call",
    "Card",
    "DealResult",
    "Discard",
    "EndTurn",
    "Game",
    "HandSpec",
    "HandState",
    "IllegalAction",
    "Lay",
    "Match",
    "Meld",
    "MoveJoker",
    "Phase",
    "PluckDiscard",
    "PluckStock",
    "Refusal",
    "Refuse",
    "RuleSet",
    "Tack",
    "View",
    "can_lay",
    "card_text",
    "cards_text",
    "check_contract",
    "find_lay",
    "find_lays",
    "make_rules",
    "parse_action",
    "parse_card",
    "parse_cards",
    "replay",
]
