"""Words that several scenes share: a move in words (the table's log and hint, the review's
steps), and the coach's notes in words (the table's coach line, the practice result, the review),
each in the words of its game."""

from __future__ import annotations

from collections.abc import Callable

from ..ai.advice import Advice
from ..ai.coach import Estimate, Note
from ..engine.actions import (
    Action,
    Allow,
    BuyIn,
    Call,
    Discard,
    EndTurn,
    Lay,
    MoveJoker,
    Pass,
    PluckDiscard,
    PluckStock,
    Refuse,
    Retrieve,
    StayOut,
    Tack,
    TakeBack,
)
from ..engine.cards import Card
from ..i18n import card_name, tr, tr_n

_KEYS: dict[type, str] = {
    Discard: "discard",
    PluckStock: "pluck_stock",
    PluckDiscard: "pluck_discard",
    Call: "call",
    Allow: "allow",
    Refuse: "refuse",
    Lay: "lay",
    Tack: "tack",
    MoveJoker: "move_joker",
    EndTurn: "end",
    Pass: "pass",
    Retrieve: "retrieve",
    BuyIn: "buy_in",
    StayOut: "stay_out",
    TakeBack: "take_back",
}


def describe(
    name: str, action: Action, card: Card | None, *, hint: bool = False, system: str = "jamaican",
    opening: bool = False,
) -> str:
    """One move in words ("Desmond discarded 7♠"; as a hint, "Discard 7♠"), in the words of the
    rule ``system``'s game: in British Kalooki a lay is the player's opening (``opening``) or a
    meld laid after it, and a tack a lay-off."""
    c = card_name(card) if card is not None else ""
    if isinstance(action, Discard | Tack | MoveJoker):
        c = card_name(action.card)
    elif isinstance(action, Retrieve):
        c = " ".join(card_name(x) for x in action.cards)
    key = _OWN_KEYS.get(system, _no_own_key)(action, opening=opening) or _KEYS[type(action)]
    return tr(f"{'hint' if hint else 'log'}.{key}", name=name, card=c)



def _no_own_key(action: Action, *, opening: bool) -> str | None:
    return None


def _british_key(action: Action, *, opening: bool) -> str | None:
    """British Kalooki's own words: a lay is coming out (B-4) or a meld laid after it, a tack a
    lay-off (B-6)."""
    if isinstance(action, Lay):
        return "lay_open" if opening else "lay_meld"
    return "layoff" if isinstance(action, Tack) else None


#: The catalogue keys (after ``log.`` or ``hint.``) of the moves a rule system words its own way.
_OWN_KEYS: dict[str, Callable[..., str | None]] = {"british": _british_key}


def coach_text(note: Note, after: Estimate | None = None) -> str:
    """A coach's note in words, every card the one its decision offered ("Coach: call the 8♣:
    it brings your contract a card closer. Estimated 15 points better from what you could see."),
    and with ``after`` (the cost measured with every card known) what that showed."""
    move = noted_move(note, note.advice.action)
    return tr("coach.note", move=move, why=why_text(note.advice), figures=coach_figures(note, after))


def coach_figures(note: Note, after: Estimate | None = None) -> str:
    """The note's two figures, worded so that they may disagree: the estimate from what the player
    could see, and what every card known showed (better too, worse, or about the same)."""
    estimated = max(1, round(note.estimate.mean))
    if after is None:
        return tr_n("coach.estimated", estimated)
    known = round(after.mean)
    if known >= 1:
        then = tr_n("coach.known_better", known)
    elif known <= -1:
        then = tr_n("coach.known_worse", -known)
    else:
        then = tr("coach.known_same")
    return tr_n("coach.estimated_known", estimated, known=then)


def note_text(note: Note, after: Estimate | None = None) -> str:
    """A note as the practice result and the review give it: the player's choice, then the
    coach's word ("You: let the 8♣ go. Coach: call the 8♣: …")."""
    return tr("practice.note", chosen=chosen_text(note), words=coach_text(note, after))


def chosen_text(note: Note) -> str:
    """The player's choice that a note weighs, with the card its decision offered ("let the 8♣ go")."""
    return noted_move(note, note.chosen)


def noted_move(note: Note, action: Action) -> str:
    """The choice or the advice of a note in words, with the cards of the note's position."""
    card = note.card(action)
    if isinstance(action, Pass) and card is not None:
        return tr("hint.let_go", card=card_name(card))
    if isinstance(action, Lay):
        # said of a decision already made: the lay is not in the slots
        return tr("coach.lay" if note.system == "jamaican" else "coach.lay_melds")
    return describe("", action, card, hint=True)
def why_text(advice: Advice) -> str:
    """The reason of an advice in words."""
    params = {k: card_name(v) if k == "card" and isinstance(v, int) else v for k, v in advice.params.items()}
    return tr(advice.why, **params)
