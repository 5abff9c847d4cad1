"""Refusals: why a move is illegal, as a rule id of RULES.md plus a message key and parameters.

The GUI translates ``key`` with ``params``; :data:`MESSAGES` holds the English text that the
judge, logs and tests use.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

MESSAGES: Final[dict[str, str]] = {
    # J-1
    "players.count": "Kalooki is played by 3 to 8 players, not {players}",
    # J-2 melds
    "three.short": "A three needs at least 3 cards",
    "three.rank": "All cards of a three must have the same rank",
    "three.naturals": "A three needs at least two natural cards",
    "three.jokers": "A three may not hold more jokers than natural cards",
    "four.short": "A four needs at least 4 cards",
    "four.suit": "All cards of a four must be of one suit",
    "four.sequence": "The cards of a four must be in consecutive rank order, low end first",
    "four.ace": "An ace is low or high in a four, never in the middle or both",
    "four.long": "A four holds at most 13 cards",
    "four.jokers_adjacent": "Two jokers may never be side by side in a four",
    "kind.unknown": "A meld is a three or a four",
    # B-2, B-4 (British Kalooki)
    "set.size": "A set holds 3 or 4 cards",
    "set.rank": "All cards of a set must have the same rank",
    "set.suits": "The cards of a set must all be of different suits",
    "meld.natural": "A meld holds at least one natural card",
    "run.short": "A run needs at least 3 cards",
    "run.long": "A run holds at most 13 cards",
    "run.suit": "All cards of a run must be of one suit",
    "run.sequence": "The cards of a run must be in sequence, low end first",
    "run.ace_high": "The ace is high only: Q-K-A is a run, A-2-3 is not",
    "run.ace": "An ace is high or low in a run, never both",
    "opening.short": "An opening needs {need} points; these melds make {points}",
    "layoff.set_full": "A set holds at most four cards",
    "layoff.not_out": "Come out before laying off",
    "layoff.two_per_end": "At most two cards go onto the same end of a run in one turn",
    "retrieve.not_out": "Come out before taking a joker from the table",
    "retrieve.no_place": "A joker taken from the table must be laid at once, keeping a card to discard",
    "retrieve.keep_place": "That play leaves the joker you took from the table no place: lay the joker first",
    "pluck.not_out": "Only a player who has come out, or comes out with it now, takes the discard",
    "discard.open_first": "You took the discard: lay your opening of {points} points before you discard",
    "discard.use_joker": "Lay the joker you took from the table before you discard",
    "out.keep_discard": "Keep one card: every turn ends with a discard",
    "turn.british_action": "There is no {action} in British Kalooki",
    "layoff.set_card": "This set takes only another {rank}, of a suit it lacks, or a joker",
    "layoff.run_closed": "This run cannot grow at either end",
    "layoff.run_card": "This run takes only {cards}, or a joker",
    "retrieve.no_joker": "There is no joker in this meld",
    "buy_in.jamaican": "Nobody is out of a Jamaican game: there is no buy-in",
    "buy_in.nobody": "Nobody is deciding whether to buy back in now",
    "buy_in.limit": "You have bought back in twice already",
    "buy_in.none_left": "Nobody is left at or under the limit to buy in at",
    "retrieve.jamaican": "A joker leaves a four only by a joker move, one card in its place",
    "retrieve.run_one": "A joker leaves a run for the one natural card it stands for",
    "retrieve.run_card": "No joker of this run stands for {card}",
    "retrieve.set_one": "A joker leaves this set for one natural card of a suit it lacks",
    "retrieve.set_two": "A joker leaves this set for two natural cards of the suits it lacks",
    "retrieve.set_suits": "Only {rank}s of the suits this set lacks free its joker",
    # J-3 contract
    "contract.shape": "This hand's contract is {contract}; the lay has {got}",
    "contract.three_ranks": "Two threes of one contract must be of different ranks",
    "contract.four_suits": "Two fours of one contract must be of different suits",
    "contract.full_suit": "A whole suit stands for three fours only when it holds all 13 ranks",
    # J-4 turn
    "turn.not_yours": "It is not your turn: seat {seat} is to play",
    "turn.pluck_first": "Begin your turn with a pluck from the stock or the discard pile",
    "turn.already_plucked": "You have already plucked this turn",
    "turn.hand_over": "The hand is over",
    "turn.take_back_pluck": "Nothing to take back before your pluck, and the pluck itself stands",
    "turn.take_back_nothing": "Nothing to take back: you have laid or placed no card since your pluck",
    "pluck.laid_discard": "After laying down you must pluck from the stock",
    "pluck.empty_discard": "The discard pile is empty",
    "pluck.after_call": "After an allowed call the next pluck must come from the stock",
    "lay.already": "You have laid your contract already; no new meld can be laid",
    "lay.not_in_hand": "You do not hold {cards}",
    "tack.not_laid": "Lay your contract before tacking",
    "tack.no_meld": "There is no meld {meld} on the table",
    "tack.not_in_hand": "You do not hold {card}",
    "tack.three_rank": "Only another {rank} can be tacked onto this three",
    "tack.four_card": "This four takes only {cards}",
    "tack.four_full": "A four of 13 cards takes nothing more",
    "tack.four_end": "This four cannot grow at its {end} end",
    "tack.joker_not_own": "Jokers may be tacked only onto your own melds",
    "empty_hand": "Your last card must leave your hand as a discard",
    "discard.joker": "Jokers cannot be discarded",
    "discard.not_in_hand": "You do not hold {card}",
    "end.not_only_jokers": "A turn ends with a discard unless you hold only jokers",
    # J-5 calling
    "call.off": "Calling is switched off in this game",
    "call.no_discard": "Only a fresh discard can be called, not the card turned up at the deal",
    "call.dead": "That card can no longer be called",
    "call.discarder": "You cannot call your own discard",
    "call.next_player": "The next player plucks the discard instead of calling it",
    "call.laid": "A player who has laid down can no longer call",
    "call.limit": "At most {limit} calls per player per hand",
    "call.passed": "This seat has let the card go: it cannot call it now",
    "call.not_first": "Seat {seat} is first to call or pass this card",
    "wait.callers": "The players who may call the discard decide first",
    "call.pending": "That card has been called already",
    "allow.no_call": "There is no call to allow or refuse",
    "refuse.laid": "A player who has laid down must allow the call",
    # J-6
    "move.not_laid": "Lay your contract before moving a joker",
    "move.three": "A joker in a three is frozen",
    "move.no_joker": "No joker in this four stands for {card}",
    "move.ace_or_full": "The joker cannot move: the four already ends at the ace or holds 13 cards",
    "move.adjacent": "The joker cannot move: two jokers would be side by side",
    "move.not_owner": "Only the four's owner may move its joker",
    "move.not_in_hand": "You do not hold {card}",
    # J-7
    "void": "The stock ran out twice: the hand is void",
}


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why an action was refused: the rule it breaks, a message key and its parameters."""

    rule: str
    key: str
    params: dict[str, object] = field(default_factory=dict)

    @property
    def message(self) -> str:
        """The English message with the rule id, e.g. ``Jokers cannot be discarded (J-4.5)``."""
        return f"{self.reason} ({self.rule})"

    @property
    def reason(self) -> str:
        """The English message without the rule id."""
        template = MESSAGES.get(self.key, self.key)
        try:
            return template.format(**self.params)
        except (KeyError, IndexError):
            return template

    def __str__(self) -> str:
        return self.message


class IllegalAction(Exception):
    """Raised by ``apply`` for an action the rules refuse; carries the :class:`Refusal`."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.message)
        self.refusal = refusal

    @property
    def rule(self) -> str:
        """The rule id, e.g. ``J-5.6``."""
        return self.refusal.rule


def refuse(rule: str, key: str, **params: object) -> Refusal:
    """Shorthand for building a :class:`Refusal`."""
    return Refusal(rule, key, dict(params))
