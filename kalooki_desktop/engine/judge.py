"""The rules judge: JSON Lines in, one JSON answer per line out, for referees, tests and bug reports.

``python -m kalooki_desktop.engine.judge < queries.jsonl``. Every query has ``op`` and ``rules``
(a preset name) and may have ``variants``. Every line that is not blank gets exactly one answer:
a malformed line (not UTF-8, not JSON, nested too deep, a number too long), an unknown op or
preset, or a field of the wrong type gets ``{"error": "..."}`` and the judge goes on with the
next line; it exits 0 at the end of its input.

>>> answer({"op": "meld", "rules": "jamaican", "kind": "three", "cards": ["9S", "JK", "JK"]})
{'ok': False, 'rule': 'J-2.2', 'reason': 'A three needs at least two natural cards'}
>>> answer({"op": "deck", "rules": "jamaican", "players": 5})
{'cards': 164, 'jokers': 8}
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any, TextIO

from .actions import Action, Pass, parse_action
from .british import answers as british
from .british.melds import make_b_meld
from .british.rules import BRITISH_PRESETS, BritishRules, make_british_rules
from .british.totals import op_totals
from .cards import MAX_PLAYERS, MIN_PLAYERS, Card, card_text, cards_text, deck_size, parse_card, penalty_total
from .contract import check_contract
from .hand import HandState
from .jsontext import JsonError, parse_json
from .melds import KIND_NAMES, End, Meld, make_meld, move_joker_result, parse_kind, tack_result
from .refusal import IllegalAction, Refusal
from .rules import RuleSet, make_rules

Json = dict[str, Any]


class QueryError(ValueError):
    """The query itself is malformed (answered with ``{"error": ...}``)."""


def _refusal(r: Refusal) -> Json:
    return {"ok": False, "rule": r.rule, "reason": r.reason}


def _field(q: Json, name: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
    if name not in q:
        if default is ...:
            raise QueryError(f"missing field {name!r}")
        return default
    value = q[name]
    if isinstance(value, bool) and kind is int:
        raise QueryError(f"field {name!r} must be a number")
    if not isinstance(value, kind):
        raise QueryError(f"field {name!r} has the wrong type")
    return value


def _cards(value: Any, name: str = "cards") -> list[Card]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise QueryError(f"{name!r} must be a list of cards such as [\"7S\", \"10H\", \"JK\"]")
    try:
        return [parse_card(c) for c in value]
    except ValueError as e:
        raise QueryError(str(e)) from None


def _meld_spec(value: Any) -> tuple[int, list[Card]]:
    if not isinstance(value, dict):
        raise QueryError('a meld is {"kind": "three"|"four", "cards": [...]}')
    kind = value.get("kind")
    if not isinstance(kind, str):
        raise QueryError('a meld needs "kind": "three" or "four"')
    try:
        k = parse_kind(kind)
    except ValueError as e:
        raise QueryError(str(e)) from None
    return k, _cards(value.get("cards"))


def _end(q: Json) -> End | None:
    end = q.get("end")
    if end is None:
        return None
    if end not in ("low", "high"):
        raise QueryError('"end" is "low" or "high"')
    return "low" if end == "low" else "high"


def _table_meld(q: Json, owner: int = 0) -> Meld | Json:
    kind, cards = _meld_spec(q.get("meld"))
    m = make_meld(kind, owner, cards)
    return _refusal(m) if isinstance(m, Refusal) else m


def _op_meld(q: Json, rules: RuleSet) -> Json:
    kind, cards = _meld_spec(q)
    m = make_meld(kind, 0, cards)
    return _refusal(m) if isinstance(m, Refusal) else {"ok": True}


def _op_tack(q: Json, rules: RuleSet) -> Json:
    meld = _table_meld(q)
    if isinstance(meld, dict):
        return meld
    card = _cards([_field(q, "card", str)], "card")[0]
    own = bool(_field(q, "own", bool, default=False))
    result = tack_result(meld, card, own=own, end=_end(q))
    if isinstance(result, Refusal):
        return _refusal(result)
    return {"ok": True, "cards": cards_text(result.cards)}


def _op_move_joker(q: Json, rules: RuleSet) -> Json:
    meld = _table_meld(q)
    if isinstance(meld, dict):
        return meld
    card = _cards([_field(q, "card", str)], "card")[0]
    own = bool(_field(q, "own", bool, default=False))
    result = move_joker_result(meld, card, 0 if own else 1, rules, _end(q))
    if isinstance(result, Refusal):
        return _refusal(result)
    return {"ok": True, "cards": cards_text(result.cards)}


def _spec_of(q: Json, rules: RuleSet) -> int:
    number: int = _field(q, "hand", int)
    if not 1 <= number <= len(rules.schedule):
        raise QueryError(f"hand {number} is not in the schedule (1..{len(rules.schedule)})")
    return number - 1


def _op_contract(q: Json, rules: RuleSet) -> Json:
    spec = rules.schedule[_spec_of(q, rules)]
    melds = _field(q, "melds", list)
    bad = check_contract([_meld_spec(m) for m in melds], spec)
    return _refusal(bad) if bad else {"ok": True}


def _op_penalty(q: Json, rules: RuleSet) -> Json:
    return {"points": penalty_total(_cards(q.get("cards")), rules.joker_points)}


def _op_deck(q: Json, rules: RuleSet) -> Json:
    players = _field(q, "players", int)
    try:
        packs, jokers = deck_size(players, rules.extra_jokers)
    except ValueError as e:
        return {"ok": False, "rule": "J-1.1", "reason": str(e)}
    return {"cards": packs * 52 + jokers, "jokers": jokers}


def _op_schedule(q: Json, rules: RuleSet) -> Json:
    return {"hands": [{"cards": h.cards, "contract": list(h.contract)} for h in rules.schedule]}


def _op_score_hand(q: Json, rules: RuleSet) -> Json:
    from .scoring import hand_scores

    hands = [_cards(h, "hands") for h in _field(q, "hands", list)]
    out = q.get("out")
    if out is not None and (isinstance(out, bool) or not isinstance(out, int)
                            or not 0 <= out < len(hands)):
        raise QueryError('"out" is the seat that went out')
    laid = q.get("laid", [True] * len(hands))
    if not isinstance(laid, list) or len(laid) != len(hands):
        raise QueryError('"laid" needs one true/false per seat')
    bent = bool(q.get("bent", False))
    return {"scores": hand_scores(hands, out, bent=bent, laid=[bool(x) for x in laid], rules=rules)}


def _actions(q: Json, players: int) -> list[tuple[int, Action]]:
    """The ``actions`` of a ``play`` query: ``[seat, "text"]`` pairs, read and checked."""
    out: list[tuple[int, Action]] = []
    for i, item in enumerate(_field(q, "actions", list, [])):
        if (not isinstance(item, list) or len(item) != 2 or isinstance(item[0], bool)
                or not isinstance(item[0], int) or not isinstance(item[1], str)):
            raise QueryError(f"action {i} must be [seat, \"text\"]")
        seat, text = item
        if not 0 <= seat < players:
            raise QueryError(f"action {i}: no seat {seat} at a table of {players}")
        try:
            out.append((seat, parse_action(text)))
        except ValueError as e:
            raise QueryError(f"action {i}: {e}") from None
    return out


def _op_play(q: Json, rules: RuleSet) -> Json:
    hands = [_cards(h, "hands") for h in _field(q, "hands", list)]
    players = _field(q, "players", int, len(hands))
    if players != len(hands):
        raise QueryError(f"{players} players but {len(hands)} hands")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        return {"ok": False, "rule": "J-1.1", "reason": f"Kalooki is played by 3 to 8 players, not {players}"}
    spec = rules.schedule[_spec_of(q, rules)]
    dealer = _field(q, "dealer", int)
    seed = _field(q, "seed", int, 0)
    try:
        state = HandState.from_position(
            rules, spec, dealer, hands, _cards(q.get("discard", []), "discard"),
            _cards(q.get("stock", []), "stock"), random.Random(seed),
        )
    except ValueError as e:
        raise QueryError(str(e)) from None
    implied = _field(q, "implied_passes", bool, default=False)
    for i, (seat, action) in enumerate(_actions(q, players)):
        try:
            for caller in state.callers_before(seat, action) if implied else ():
                state.apply(caller, Pass())
            state.apply(seat, action)
        except IllegalAction as e:
            return {"ok": False, "index": i, "rule": e.refusal.rule, "reason": e.refusal.reason}
    answer: Json = {"ok": True, **describe(state)}
    answer["callers"] = state.eligible_callers()
    pending = state.pending()
    answer["pending"] = None if pending is None else {"seat": pending[0], "kind": str(pending[1])}
    if state.over:
        answer["scores"] = state.scores
        answer["void"] = state.void
        answer["out"] = state.out
        answer["bent"] = state.bent
    return answer


def describe(state: HandState) -> Json:
    """A plain summary of a hand: the hands, the table, the pile's top, the stock's size, who
    acts, calls used, who laid, and whether the hand is over."""
    return {
        "hands": [cards_text(h) for h in state.hands],
        "table": [
            {"owner": m.owner, "kind": KIND_NAMES[m.kind], "cards": cards_text(m.cards)} for m in state.table
        ],
        "discard_top": card_text(state.discard[-1]) if state.discard else None,
        "stock_count": len(state.stock),
        "to_act": state.to_act,
        "calls_used": list(state.calls_used),
        "laid": list(state.laid),
        "hand_over": state.over,
    }


OPS: dict[str, Callable[[Json, RuleSet], Json]] = {
    "meld": _op_meld,
    "tack": _op_tack,
    "move_joker": _op_move_joker,
    "contract": _op_contract,
    "penalty": _op_penalty,
    "deck": _op_deck,
    "schedule": _op_schedule,
    "score_hand": _op_score_hand,
    "play": _op_play,
}


#: The ops answered for the part-B presets.
BRITISH_OPS = ("meld", "opening", "tack", "move_joker", "deck", "penalty", "score_hand", "play", "totals")


def _british(op: str, q: Json, preset: str, switches: list[str]) -> Json:
    """An answer for ``british40`` or ``kalooki51`` (:mod:`.british.answers`)."""
    if op not in BRITISH_OPS:
        raise QueryError(f"op {op!r} is not answered for {preset} (known: {', '.join(BRITISH_OPS)})")
    try:
        rules = make_british_rules(preset, switches)
    except ValueError as e:
        raise QueryError(str(e)) from None
    try:
        if op == "meld":
            return british.op_meld(q, rules, _meld_spec)
        if op == "opening":
            return british.op_opening(q, rules, _meld_spec)
        if op == "deck":
            return british.op_deck(q, rules, _field(q, "players", int))
        if op == "totals":
            players = _field(q, "players", int)
            if not 2 <= players <= rules.max_players:
                return british.op_deck(q, rules, players)  # the refusal naming B-1 (B-V2)
            return op_totals(q, rules, players)
        if op in ("score_hand", "play"):
            return _british_deal(op, q, rules)
        if op in ("tack", "move_joker"):
            kind, cards = _meld_spec(q.get("meld"))
            meld = make_b_meld(kind, 1, cards, rules)
            if op == "tack":
                card = _cards([_field(q, "card", str)], "card")[0]
                return british.op_tack(q, rules, meld, card, _end(q))
            given = q.get("cards", [q["card"]] if isinstance(q.get("card"), str) else None)
            return british.op_move_joker(rules, meld, _cards(given, "cards"))
    except ValueError as e:
        raise QueryError(str(e)) from None
    return british.op_penalty(_cards(q.get("cards")), rules)


def _british_deal(op: str, q: Json, rules: BritishRules) -> Json:
    hands = [_cards(h, "hands") for h in _field(q, "hands", list)]
    if op == "score_hand":
        out = q.get("out")
        seated = isinstance(out, int) and not isinstance(out, bool) and 0 <= out < len(hands)
        if out is not None and not seated:
            raise QueryError('"out" is the seat that went out')
        return british.op_score_hand(rules, hands, out, kalooki=bool(q.get("kalooki", False)))
    if not 2 <= len(hands) <= rules.max_players:
        return british.op_deck(q, rules, len(hands))  # the refusal naming B-1 (B-V2)
    discard, stock = _cards(q.get("discard", []), "discard"), _cards(q.get("stock", []), "stock")
    actions, dealer, seed = _actions(q, len(hands)), _field(q, "dealer", int), _field(q, "seed", int, 0)
    return british.op_play(rules, hands, dealer, discard, stock, actions, seed)


def answer(query: Any) -> Json:
    """The judge's answer to one query (never raises)."""
    try:
        if not isinstance(query, dict):
            raise QueryError("a query is a JSON object with \"op\" and \"rules\"")
        op = query.get("op")
        if not isinstance(op, str) or op not in (*OPS, *BRITISH_OPS):
            raise QueryError(f"unknown op {op!r} (known: {', '.join(OPS)})")
        preset = query.get("rules")
        if not isinstance(preset, str):
            raise QueryError('every query needs "rules": a preset name such as "jamaican"')
        variants = query.get("variants", [])
        if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
            raise QueryError('"variants" is a list of ids such as ["J-V5"]')
        if preset in BRITISH_PRESETS:
            return _british(op, query, preset, variants)
        if op not in OPS:
            raise QueryError(f"op {op!r} is answered for the part-B presets: {', '.join(BRITISH_PRESETS)}")
        schedule = query.get("schedule_contracts")
        try:
            rules = make_rules(preset, variants, schedule)
        except (ValueError, TypeError) as e:
            raise QueryError(str(e)) from None
        return OPS[op](query, rules)
    except QueryError as e:
        return {"error": str(e)}
    except Exception as e:  # the judge never crashes on input
        return {"error": f"internal error: {type(e).__name__}: {e}"}


#: The longest line the judge reads; a longer one is answered with an error, unread.
MAX_LINE = 1024 * 1024


def answer_line(line: bytes | str) -> Json | None:
    """The answer to one input line (None for a blank line); never raises."""
    try:
        text = line.decode("utf-8-sig") if isinstance(line, bytes | bytearray) else line
    except UnicodeDecodeError:
        return {"error": "not JSON: the line is not UTF-8 text"}
    if not text.strip():
        return None
    try:
        query = parse_json(text)
    except JsonError as e:
        return {"error": f"not JSON: {e}"}
    return answer(query)


def read_lines(stream: IO[bytes], limit: int = MAX_LINE) -> Iterator[bytes | None]:
    """The lines of a byte stream; None stands for a line longer than ``limit`` (skipped)."""
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        if len(line) <= limit or line.endswith(b"\n"):
            yield line
            continue
        while line and not line.endswith(b"\n"):  # the rest of the long line
            line = stream.readline(limit)
        yield None


def run(lines: Iterable[bytes | str | None], out: TextIO) -> int:
    """Answer every line of ``lines`` (None: a line too long to read); returns the number of
    answers written."""
    n = 0
    for line in lines:
        result = {"error": f"line longer than {MAX_LINE} bytes"} if line is None else answer_line(line)
        if result is None:
            continue
        out.write(json.dumps(result) + "\n")
        out.flush()
        n += 1
    return n


def main() -> int:
    """Read JSON Lines from stdin (as bytes, decoded line by line), answer on stdout."""
    run(read_lines(sys.stdin.buffer), sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
