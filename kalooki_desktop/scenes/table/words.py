"""The table's words: a move as the log tells it, the log of the hand, the one status line that
says whose turn it is and what to do, and a refused move as the player reads it."""

from __future__ import annotations

from ...ai.advice import Advice
from ...engine.actions import (
    Discard,
    Lay,
    MoveJoker,
    Pass,
    PluckDiscard,
    Retrieve,
    Tack,
    taken_back,
)
from ...engine.cards import JOKER
from ...engine.refusal import Refusal
from ...engine.seatview import SeatView
from ...engine.turn import DecisionKind
from ...i18n import card_name, refusal_text, tr
from ...play.session import HUMAN, Session
from ...ui import palette
from ..words import describe, why_text
from .presenters import presenter


def log_lines(session: Session, *, ended: bool) -> list[tuple[int, str]]:
    """The moves of the hand on show in words, oldest first: while the ended hand
    is on show (``ended``), that hand's; else the hand in play's, none before its first move. A
    pass is no event, and plays taken back never happened."""
    moves = session.moves
    ends = [i for i, mv in enumerate(moves) if mv.result is not None]
    if ended and ends and ends[-1] == len(moves) - 1:  # the ended hand, on show
        first = ends[-2] + 1 if len(ends) > 1 else 0
    else:
        first = ends[-1] + 1 if ends else 0
    hand = moves[first:]
    gone = taken_back([(mv.seat, mv.action) for mv in hand])  # as the engine's log: none of them counts
    shown = [mv for i, mv in enumerate(hand) if not isinstance(mv.action, Pass) and i not in gone][-60:]
    system = session.rules.system
    return [
        (mv.seat, describe(session.names[mv.seat], mv.action, mv.card, system=system, opening=mv.opening))
        for mv in shown
    ]


def status(session: Session) -> tuple[str, palette.Colour]:
    """The one status line: whose turn and what to do."""
    if session.over:
        return tr("status.over"), palette.GOLD
    prompt = session.prompt()
    view: SeatView = session.view()
    top = card_name(view.discard_top) if view.discard_top is not None else ""
    if prompt == DecisionKind.PLUCK:
        pile = session.check(PluckDiscard()) is None  # laid (J-4.2), after a call (J-5.3), an empty pile
        return tr("status.pluck" if pile else "status.pluck_stock"), palette.GOLD
    if prompt == DecisionKind.PLAY:
        return _play_status(session, view), palette.GOLD
    if prompt == DecisionKind.BUY_IN:
        return tr("status.buy_in", limit=view.rules.limit), palette.GOLD  # over the limit (B-11)
    if not view.active[HUMAN]:
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


def _play_status(session: Session, view: SeatView) -> str:
    """What the player may do in the turn after the pluck: build the contract (the opening); once
    laid (come out), tack or move a joker (lay melds, lay off or take a joker) where the engine
    would take one, and discard; with nothing of the kind, discard."""
    shows = presenter(view.rules)
    need = shows.opening(view.rules)
    if not view.laid[HUMAN] and need is not None:
        refused = _discard_refusal(session, view)
        must_open = refused is not None and refused.key == "discard.open_first"
        return tr("status.play_open_now" if must_open else "status.play_open", need=need)
    if not view.laid[HUMAN]:
        return tr("status.play")
    if not _more_than_a_discard(session, view):
        return tr("status.play_discard")
    return tr(shows.laid_status)


def _discard_refusal(session: Session, view: SeatView) -> Refusal | None:
    """The engine's refusal of a discard by the player now, whatever the card (None: a card of
    the hand may be discarded)."""
    cards = [c for c in view.my_hand if c != JOKER]
    return session.check(Discard(cards[0])) if cards else None


#: Whether the player may do more than discard, by session: (its match, its version, the answer).
_MORE: dict[int, tuple[object, int, bool]] = {}


def _more_than_a_discard(session: Session, view: SeatView) -> bool:
    """True if the engine would take a move of the player besides the discard now: a play of
    the move list onto the table (a tack, a joker moved or taken, a meld for a joker taken) or a
    new meld where the game has them (British Kalooki, B-6); asked once a version of the game."""
    known = _MORE.get(id(session))
    if known is not None and known[0] is session.match and known[1] == session.version:
        return known[2]
    plays = (Tack, MoveJoker, Retrieve, Lay)
    answer = any(isinstance(a, plays) for a in view.legal_actions())
    answer = answer or presenter(view.rules).new_melds(session, view)
    _MORE.clear()  # one table at a time
    _MORE[id(session)] = (session.match, session.version, answer)
    return answer


def agreeing(session: Session, refusal: Refusal) -> Refusal:
    """``refusal`` as the table says it, in agreement with the status line: "begin your turn
    with a pluck" offers the discard pile only when the engine would take a pluck from it."""
    if refusal.key == "turn.pluck_first" and session.check(PluckDiscard()) is not None:
        return Refusal(refusal.rule, "turn.pluck_first_stock", dict(refusal.params))
    return refusal


def refusal_words(session: Session, refusal: Refusal) -> str:
    """A refused move in the player's words: the players by name, the plucks the engine takes,
    the rule id ("It is not your turn: Desmond is to play (J-3.1)"); a call of a card the player
    has passed on: :func:`call_gone_words`; a call while answering one: :func:`call_answer_words`."""
    said = call_gone_words(session, refusal) or call_answer_words(session, refusal)
    return said if said is not None else refusal_text(agreeing(session, refusal), session.names)


def advice_text(session: Session, advice: Advice) -> str:
    """A hint in words, one sentence: the move and why ("Hint: discard 7♠, because your contract
    needs it least")."""
    action = advice.action
    top = session.view().discard_top
    if isinstance(action, Pass):
        move = tr("hint.let_go", card=card_name(top) if top is not None else "")
    else:
        opening = not session.view().laid[HUMAN]  # British Kalooki: a lay that comes out (B-4)
        system = session.rules.system
        move = describe(session.names[HUMAN], action, top, hint=True, system=system, opening=opening)
    return tr("table.hint_why", move=move, why=why_text(advice))


def call_gone_words(session: Session, bad: Refusal) -> str | None:
    """Why the player may not call a card they have passed on (the prompt's time ran out, the
    card could not help, no calls this hand, or the player let it go) rather than the engine's
    words for any seat; None for any other refusal."""
    top = session.view().discard_top
    if bad.key != "call.passed" or top is None:
        return None
    return tr(f"table.call_gone.{session.why_let_go()}", card=card_name(top),
              seconds=round(session.call_wait_ms / 1000))


def call_answer_words(session: Session, bad: Refusal) -> str | None:
    """A call refused because another seat has called the card and the player, as the next
    player, is to answer it: what the player does now, allow it (A) or refuse it and take the
    card (R; only allow once laid down, J-5.4); None for any other refusal."""
    view = session.view()
    if bad.key != "call.pending" or session.prompt() != DecisionKind.ALLOW:
        return None
    if view.caller is None or view.discard_top is None:
        return None
    laid = view.laid[HUMAN]
    reason = tr("table.call_answer_laid" if laid else "table.call_answer", name=session.names[view.caller],
                card=card_name(view.discard_top))
    return tr("refusal.with_rule", reason=reason, rule="J-5.4" if laid else "J-5.3")
