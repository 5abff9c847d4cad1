"""What the screens beside the table say differently in each rule system: a hand of the schedule
or a deal, the bent table or the Kalooki, laid or came out, the scoreboard's title, where the
game stands, the menu's tagline and New game's summary. One small object per system, chosen by
the rules' system key (:attr:`.engine.game.Rules.system`); the figures come from the protocol
(:class:`.engine.seatview.SeatView`), so no screen asks which game it holds.

>>> words_of("british").deal, words_of("jamaican").deal
('score.deal', 'score.hand')
"""

from __future__ import annotations

from typing import Any

from ..engine.game import DealResult
from ..engine.seatview import SeatView
from ..i18n import tr, tr_n


class GameWords:
    """The Jamaican game's words (J: a schedule of hands, each with its contract)."""

    #: Catalogue keys: the scores' column, the button to the next deal, the deal's big moment
    #: (:attr:`.engine.game.DealResult.big_out`) and its key under the table, and melds down
    #: (:attr:`.engine.game.DealResult.laid`) or not.
    deal = "score.hand"
    next_deal = "score.next_hand"
    big_out = "score.bent"
    big_out_key = "score.bent_key"
    laid = "score.laid"
    not_laid = "score.not_laid"
    #: The review of a finished deal (with Try from here) replays this system's games.

    def title(self, result: DealResult, rules: Any) -> str:
        """The scoreboard's title after ``result``: "Hand 3 · 3 4"."""
        return tr("score.hand_title", n=result.number, contract=result.contract_text)

    def leaving(self, view: SeatView) -> str:
        """Where the game left stands, in the question before leaving it."""
        return tr("leave.hand", n=view.hand_number, of=view.schedule_length)

    def continuing(self, view: SeatView) -> str:
        """The menu's Continue, with where the game stands."""
        return tr("menu.continue_hand", n=view.hand_number, of=view.schedule_length)

    def tagline(self, view: SeatView) -> str:
        """The menu's line under the title while the game is in progress."""
        return tr_n("menu.tagline_game", view.schedule_length)

    def summary(self, rules: Any, players: int) -> str:
        """What New game's choices make: the schedule of contracts."""
        schedule = " · ".join(s.contract_text for s in rules.schedule)
        return tr_n("new.summary", len(rules.schedule), schedule=schedule)


class BritishWords(GameWords):
    """British Kalooki's words (B: deal after deal to the limit, coming out, the Kalooki)."""

    deal = "score.deal"
    next_deal = "score.next_deal"
    big_out = "score.kalooki"
    big_out_key = "score.kalooki_key"
    laid = "score.came_out"
    not_laid = "score.not_out"

    def title(self, result: DealResult, rules: Any) -> str:
        """The scoreboard's title after ``result``: "Kalooki 40 · deal 3"."""
        return tr("score.deal_title", n=result.number, game=rules.name)

    def leaving(self, view: SeatView) -> str:
        return tr("leave.deal", n=view.hand_number)

    def continuing(self, view: SeatView) -> str:
        return tr("menu.continue_deal", n=view.hand_number)

    def tagline(self, view: SeatView) -> str:
        limit = view.elimination.limit if view.elimination is not None else 0
        return tr("menu.tagline_british", game=view.rules.name, limit=limit)

    def summary(self, rules: Any, players: int) -> str:
        """The opening, the limit, the buy-ins and the cards each (B-1, B-4, B-11)."""
        return tr("new.summary_british", game=rules.name, opening=rules.opening, limit=rules.limit,
                  buy_ins=rules.buy_ins, cards=rules.cards_each(players))


#: Each rule system's words, by its key.
WORDS: dict[str, GameWords] = {"jamaican": GameWords(), "british": BritishWords()}


def words_of(system: str) -> GameWords:
    """The words of rule system ``system`` (a :attr:`.engine.game.Rules.system` key)."""
    return WORDS[system]
