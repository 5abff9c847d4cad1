"""The rules judge: every op, bad input answered with an error line, and the real CLI."""

from __future__ import annotations

import json
import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from kalooki_desktop.engine.judge import answer

from .helpers import LAYER, PLAIN, judge, play


def test_every_op_answers() -> None:
    assert judge("meld", kind="four", cards=["5S", "6S", "7S", "8S"]) == {"ok": True}
    assert judge("tack", meld={"kind": "three", "cards": ["7S", "7H", "7D"]}, card="7C", own=False)["ok"]
    assert judge("move_joker", meld={"kind": "four", "cards": ["5S", "JK", "7S", "8S"]}, card="6S",
                 own=True)["cards"] == ["5S", "6S", "7S", "8S", "JK"]
    assert judge("contract", hand=1, melds=[{"kind": "three", "cards": ["7S", "7H", "7D"]}])["rule"] == "J-3.2"
    assert judge("penalty", cards=["JK", "AS"]) == {"points": 65}
    assert judge("deck", players=4) == {"cards": 108, "jokers": 4}
    assert len(judge("schedule")["hands"]) == 9
    assert judge("score_hand", hands=[[], ["KS"]], out=0, bent=False, laid=[True, True]) == {"scores": [0, 10]}
    got = judge("play", players=3, hand=1, dealer=0, hands=[["2S"], ["3S"], ["4S"]], discard=["5S"],
                stock=["6S"], actions=[])
    assert got["ok"] and got["to_act"] == 1 and got["stock_count"] == 1 and got["discard_top"] == "5S"
    for key in ("hands", "table", "discard_top", "stock_count", "to_act", "calls_used", "laid", "hand_over"):
        assert key in got


def test_bad_queries_get_errors() -> None:
    assert "error" in answer({"op": "nope", "rules": "jamaican"})
    assert "error" in answer({"op": "meld", "rules": "british", "kind": "three", "cards": []})
    assert "error" in answer({"op": "meld", "rules": "jamaican", "kind": "five", "cards": ["7S"]})
    assert "error" in answer({"op": "meld", "rules": "jamaican", "kind": "three", "cards": ["7X"]})
    assert "error" in answer({"op": "deck", "rules": "jamaican", "variants": ["J-V42"], "players": 4})
    assert "error" in answer({"op": "contract", "rules": "jamaican", "hand": 10, "melds": []})
    assert "error" in answer([1, 2, 3])
    assert "error" in answer({"op": "meld"})
    too_many = {"op": "play", "rules": "jamaican", "hand": 1, "dealer": 0,
                "hands": [["JK"] * 5, ["2S"], ["3S"]], "discard": [], "stock": [], "actions": []}
    assert "J-1.2" in answer(too_many)["error"]
    bad_action = {"op": "play", "rules": "jamaican", "hand": 1, "dealer": 0,
                  "hands": [["2S"], ["3S"], ["4S"]], "discard": ["5S"], "stock": ["6S"],
                  "actions": [[1, "dance"]]}
    assert "not an action" in answer(bad_action)["error"]
    bad_action["actions"] = [[7, "pluck stock"]]
    assert "no seat 7" in answer(bad_action)["error"]


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 20) | st.sampled_from(
        ["7S", "JK", "three", "four", "low", "high", "jamaican", "baby", "pluck stock", "call", "x"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(
        st.sampled_from(["op", "rules", "kind", "cards", "meld", "card", "own", "end", "hand", "melds",
                         "players", "hands", "discard", "stock", "actions", "dealer", "out", "laid",
                         "bent", "variants"]), inner, max_size=8),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(JSONISH, st.sampled_from(["meld", "tack", "move_joker", "contract", "penalty", "deck", "schedule",
                                 "score_hand", "play", "bogus"]))
def test_property_the_judge_never_crashes(query: object, op: str) -> None:
    if isinstance(query, dict):
        query = {**query, "op": op, "rules": query.get("rules", "jamaican")}
    got = answer(query)
    assert isinstance(got, dict)
    assert "internal error" not in str(got.get("error", ""))
    json.dumps(got)


def test_the_cli_reads_json_lines_and_survives_garbage() -> None:
    lines = "\n".join([
        json.dumps({"op": "deck", "rules": "jamaican", "players": 7}),
        "{not json",
        "",
        json.dumps({"op": "meld", "rules": "jamaican", "kind": "three", "cards": ["9S", "JK", "JK"]}),
    ]) + "\n"
    out = subprocess.run([sys.executable, "-m", "kalooki_desktop.engine.judge"], input=lines,
                         capture_output=True, text=True, timeout=60, check=True).stdout.splitlines()
    answers = [json.loads(x) for x in out]
    assert answers[0] == {"cards": 218, "jokers": 10}
    assert "error" in answers[1]
    assert answers[2]["rule"] == "J-2.2"


def test_play_takes_passes_and_says_whose_decision_is_next() -> None:
    table = [LAYER, *PLAIN]
    base = [(0, "pluck stock"), (0, "discard 4C")]
    got = play(table, base, implied_passes=False)
    assert got["pending"] == {"seat": 2, "kind": "call"} and got["callers"] == [2, 3]
    got = play(table, [*base, (2, "pass")], implied_passes=False)
    assert got["pending"] == {"seat": 3, "kind": "call"}
    got = play(table, [*base, (1, "pluck stock")], implied_passes=False)
    assert got["ok"] is False and got["rule"] == "J-5.2" and got["index"] == 2
    got = play(table, [*base, (1, "pluck stock")])  # the callers left out pass
    assert got["ok"] and got["pending"] == {"seat": 1, "kind": "play"}
