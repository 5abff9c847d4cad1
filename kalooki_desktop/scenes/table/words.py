"""The table's words: a move as the log tells it, the log of the hand, and the one status line
that says whose turn it is and what to do."""

from __future__ import annotations

from ...ai.advice import Advice
from ...ai.coach import Note
from ...engine.actions import (
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
)
from ...engine.british.view import BritishView
from ...engine.cards import Card, card_label
from ...engine.refusal import Refusal
from ...engine.turn import DecisionKind
from ...i18n import refusal_text, tr
from ...session import HUMAN, Session
from ...ui import palette

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
}


def describe(
    name: str, action: Action, card: Card | None, *, hint: bool = False, british: bool = False,
    opening: bool = False,
) -> str:
    """One move in words ("Desmond discarded 7♠"; as a hint, "Discard 7♠"). In British Kalooki
    a lay is the player's opening (``opening``) or a meld laid after it."""
    c = card_label(card) if card is not None else ""
    if isinstance(action, Discard | Tack | MoveJoker):
        c = card_label(action.card)
    elif isinstance(action, Retrieve):
        c = " ".join(card_label(x) for x in action.cards)
    key = _KEYS[type(action)]
    if isinstance(action, Lay) and british:
        key = "lay_open" if opening else "lay_meld"
    elif isinstance(action, Tack) and british:
        key = "layoff"  # a lay-off, in this game's words
    return tr(f"{'hint' if hint else 'log'}.{key}", name=name, card=c)


def describe_action(action: Action) -> str:
    """An action as a hint would say it ("discard 7♠"), with no name."""
    card = action.card if isinstance(action, Discard | Tack | MoveJoker) else None
    return describe("", action, card, hint=True)


def log_lines(session: Session) -> list[tuple[int, str]]:
    """The moves of the hand on show in words, oldest first: this hand's, or while a hand that
    has just ended is still on show (its last move ended it), that hand's. A pass is no event."""
    moves = session.moves
    ends = [i for i, mv in enumerate(moves) if mv.result is not None]
    if ends and ends[-1] == len(moves) - 1:  # the hand that just ended
        first = ends[-2] + 1 if len(ends) > 1 else 0
    else:
        first = ends[-1] + 1 if ends else 0
    shown = [mv for mv in moves[max(first, len(moves) - 60):] if not isinstance(mv.action, Pass)]
    british = session.british
    return [
        (mv.seat, describe(session.names[mv.seat], mv.action, mv.card, british=british, opening=mv.opening))
        for mv in shown
    ]


def status(session: Session) -> tuple[str, palette.Colour]:
    """The one status line: whose turn and what to do."""
    if session.over:
        return tr("status.over"), palette.GOLD
    prompt = session.prompt()
    view = session.view()
    top = card_label(view.discard_top) if view.discard_top is not None else ""
    if prompt == DecisionKind.PLUCK:
        pile = session.check(PluckDiscard()) is None  # laid (J-4.2), after a call (J-5.3), an empty pile
        return tr("status.pluck" if pile else "status.pluck_stock"), palette.GOLD
    if prompt == DecisionKind.PLAY and isinstance(view, BritishView):
        if view.opened[HUMAN]:
            return tr("status.play_out"), palette.GOLD
        return tr("status.play_open", need=view.rules.opening), palette.GOLD
    if prompt == DecisionKind.PLAY:
        return (tr("status.play_laid") if view.laid[HUMAN] else tr("status.play")), palette.GOLD
    if prompt == DecisionKind.BUY_IN:
        return tr("status.buy_in", limit=getattr(view.rules, "limit", 0)), palette.GOLD
    if isinstance(view, BritishView) and not view.active[HUMAN]:
        return tr("status.watching"), palette.TEXT
    if prompt == DecisionKind.CALL:
        return tr("status.call", card=top), palette.GOLD
    if prompt == DecisionKind.ALLOW:
        return tr("status.allow"), palette.GOLD
    decision = session.decision()
    if decision is None:
        return "", palette.TEXT
    if decision[1] == DecisionKind.CALL:
        return tr("status.waiting_calls"), palette.TEXT
    return tr("status.thinking", name=session.names[decision[0]]), palette.TEXT


def coach_text(session: Session, note: Note) -> str:
    """A coach's note in words ("Coach: discard K♣, about 12 points better: your contract needs
    it least")."""
    move, why = _advice_words(session, note.advice, after=True)
    return tr("coach.note", move=move, why=why, cost=max(1, round(note.estimate.mean)))


def advice_text(session: Session, advice: Advice) -> str:
    """A hint in words: the move and why ("Hint: discard 7♠: 7♠ is the card your contract
    needs least")."""
    move, why = _advice_words(session, advice)
    return tr("table.hint_why", move=move, why=why)


def _advice_words(session: Session, advice: Advice, *, after: bool = False) -> tuple[str, str]:
    """An advised move and its reason, in words (``after``: said of a decision already made, so
    a lay is not in the slots)."""
    action = advice.action
    if isinstance(action, Pass):
        top = session.view().discard_top
        move = tr("hint.let_go", card=card_label(top) if top is not None else "")
    elif session.british and isinstance(action, Lay):
        move = tr("hint.lay_meld" if session.view().laid[HUMAN] else "hint.lay_open")
    elif isinstance(action, Lay):
        move = tr("coach.lay" if after else "hint.lay")
    else:
        top = session.view().discard_top
        move = describe(session.names[HUMAN], action, top, hint=True, british=session.british)
    params = {k: card_label(v) if k == "card" and isinstance(v, int) else v for k, v in advice.params.items()}
    return move, tr(advice.why, **params)


def refusal_words(session: Session, bad: Refusal) -> str:
    """A refused move in words (a call of a card no longer offered: :func:`call_gone_words`)."""
    gone = call_gone_words(session, bad)
    return gone if gone is not None else refusal_text(bad)


def call_gone_words(session: Session, bad: Refusal) -> str | None:
    """Why a card the player has already passed on is no longer offered to call (the prompt's
    time ran out, the card could not help, no calls this hand, or the player let it go) rather
    than the engine's words for any seat; None for any other refusal."""
    top = session.view().discard_top
    if bad.key != "call.passed" or top is None:
        return None
    return tr(f"table.call_gone.{session.why_let_go()}", card=card_label(top),
              seconds=round(session.call_wait_ms / 1000))
