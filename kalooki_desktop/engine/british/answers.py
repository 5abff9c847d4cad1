"""The judge's answers for the part-B presets (``"rules": "british40"`` or ``"kalooki51"``),
with the field names of the Jamaican game's: a meld's ``kind`` is ``three`` for a set and
``four`` for a run (``set`` and ``run`` accepted too).

>>> from kalooki_desktop.engine.judge import answer
>>> answer({"op": "opening", "rules": "british40", "melds": [
...     {"kind": "three", "cards": ["QS", "QH", "QD"]}, {"kind": "four", "cards": ["6C", "7C", "8C"]}]})
{'ok': True, 'points': 51}
>>> answer({"op": "meld", "rules": "british40", "kind": "run", "cards": ["AS", "2S", "3S"]})["rule"]
'B-2'
>>> answer({"op": "deck", "rules": "kalooki51", "players": 4})
{'cards': 106, 'jokers': 2, 'cards_each': 13}
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..actions import Action
from ..cards import Card, card_text, cards_text
from ..melds import End, Meld
from ..refusal import IllegalAction, Refusal
from .hand import BritishHand
from .melds import check_opening, make_b_meld, opening_points
from .rules import BritishRules
from .scoring import deal_scores, hand_value
from .table import layoff_result, retrieve_result

Json = dict[str, Any]
#: The judge's reader of one meld's fields: (kind, cards).
MeldReader = Callable[[Any], tuple[int, list[Card]]]


def op_meld(q: Json, rules: BritishRules, meld_spec: MeldReader) -> Json:
    kind, cards = meld_spec(q)
    m = make_b_meld(kind, 0, cards, rules)
    return _refused(m) if isinstance(m, Refusal) else {"ok": True}


def op_opening(q: Json, rules: BritishRules, meld_spec: MeldReader) -> Json:
    melds = q.get("melds")
    if not isinstance(melds, list) or not melds:
        raise ValueError('"melds" is a list of {"kind": ..., "cards": [...]}')
    made = [make_b_meld(*meld_spec(m)[:1], 0, meld_spec(m)[1], rules) for m in melds]
    points = opening_points(made)
    bad = next((m for m in made if isinstance(m, Refusal)), None)
    if bad is None:
        bad = check_opening([m for m in made if not isinstance(m, Refusal)], rules)
    if bad is not None:
        return {**_refused(bad), "points": points}
    return {"ok": True, "points": points}


def op_tack(q: Json, rules: BritishRules, meld: Meld | Refusal, card: Card, end: End | None) -> Json:
    """A lay-off (B-6) onto ``meld``."""
    if isinstance(meld, Refusal):
        return _refused(meld)
    result = layoff_result(meld, card, rules, end)
    if isinstance(result, Refusal):
        return _refused(result)
    return {"ok": True, "cards": cards_text(result.cards)}


def op_move_joker(rules: BritishRules, meld: Meld | Refusal, cards: list[Card]) -> Json:
    """Joker retrieval (B-7) from ``meld`` with ``cards``: the meld after and the joker freed."""
    if isinstance(meld, Refusal):
        return _refused(meld)
    result = retrieve_result(meld, cards, rules)
    if isinstance(result, Refusal):
        return _refused(result)
    return {"ok": True, "cards": cards_text(result[0].cards), "joker": card_text(result[1])}


def op_score_hand(rules: BritishRules, hands: list[list[Card]], out: int | None, *, kalooki: bool) -> Json:
    """The deal's scores (:func:`.scoring.deal_scores`)."""
    return {"scores": deal_scores(rules, hands, out, kalooki=kalooki)}


def describe(state: BritishHand) -> Json:
    """A plain summary of a British deal, in the fields of the Jamaican game's ``play`` answer."""
    pending = state.pending()
    answer: Json = {
        "hands": [cards_text(h) for h in state.hands],
        "table": [{"owner": m.owner, "kind": "three" if m.kind == 3 else "four", "cards": cards_text(m.cards)}
                  for m in state.table],
        "discard_top": card_text(state.discard[-1]) if state.discard else None,
        "stock_count": len(state.stock),
        "to_act": state.to_act,
        "opened": list(state.opened),
        "hand_over": state.over,
        "pending": None if pending is None else {"seat": pending[0], "kind": str(pending[1])},
    }
    if state.over:
        answer.update(scores=state.scores, void=state.void, out=state.out, kalooki=state.kalooki)
    return answer


def op_play(rules: BritishRules, hands: list[list[Card]], dealer: int, discard: list[Card], stock: list[Card],
            actions: list[tuple[int, Action]], seed: int) -> Json:
    """Play ``actions`` from an exact deal; the first illegal one is answered with its index and
    rule, else the deal as it stands (:func:`describe`)."""
    state = BritishHand.from_position(rules, dealer, hands, discard, stock, random.Random(seed))
    for i, (seat, action) in enumerate(actions):
        try:
            state.apply(seat, action)
        except IllegalAction as e:
            return {"ok": False, "index": i, "rule": e.refusal.rule, "reason": e.refusal.reason}
    return {"ok": True, **describe(state)}


def op_deck(q: Json, rules: BritishRules, players: int) -> Json:
    if not 2 <= players <= rules.max_players:
        rule = "B-V2" if rules.north_american else "B-1"
        return {"ok": False, "rule": rule, "reason": f"{rules.name} is played by 2 to {rules.max_players} "
                f"players, not {players}"}
    return {"cards": 104 + rules.jokers, "jokers": rules.jokers, "cards_each": rules.cards_each(players)}


def op_penalty(cards: list[Card], rules: BritishRules) -> Json:
    return {"points": sum(hand_value(c, rules) for c in cards)}


def _refused(r: Refusal) -> Json:
    return {"ok": False, "rule": r.rule, "reason": r.reason}
