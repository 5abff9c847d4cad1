"""The judge's ``totals`` op: a whole British game's scores checked from outside, deal after deal
(B-1, B-9, B-10, B-11, B-12, B-V2, B-V3, B-V4), with the game's own bookkeeping."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from kalooki_desktop.ai.base import make_bot
from kalooki_desktop.engine.british.match import BritishMatch
from kalooki_desktop.engine.british.rules import make_british_rules
from kalooki_desktop.engine.british.tally import Tally
from kalooki_desktop.engine.british.view import BritishView
from kalooki_desktop.engine.judge import answer, answer_line
from kalooki_desktop.engine.turn import DecisionKind

DOCS = Path(__file__).resolve().parent.parent / "docs" / "tools.md"


def totals(deals: list[Any], players: int = 4, buy_ins: dict[str, list[int]] | None = None,
           variants: tuple[str, ...] = (), rules: str = "british40") -> dict[str, Any]:
    query: dict[str, Any] = {"op": "totals", "rules": rules, "variants": list(variants), "players": players,
                             "deals": deals}
    if buy_ins is not None:
        query["buy_ins"] = buy_ins
    return answer(query)


def test_b_11_the_totals_after_each_deal_who_is_in_and_who_may_still_buy_in() -> None:
    got = totals([[0, 35, 12, 60], [20, 0, 40, 91]], buy_ins={"3": [2]})
    assert got["ok"] and got["limit"] == 150 and not got["game_over"] and got["game_winners"] == []
    first, second = got["deals"]
    assert first["deal"] == 1 and first["winner"] == 0 and first["totals"] == [0, 35, 12, 60]
    assert first["above_limit"] == [] and first["bought"] == [] and first["in"] == [0, 1, 2, 3]
    assert second["above_limit"] == [{"seat": 3, "total": 151}]
    assert second["bought"] == [{"seat": 3, "score": 52}] and second["totals"] == [20, 35, 52, 52]
    assert second["buy_ins"] == [0, 0, 0, 1] and second["may_buy_in"] == [0, 1, 2, 3]
    assert got["totals"] == [20, 35, 52, 52] and got["in"] == [0, 1, 2, 3] and got["out"] == []
    assert "chips" not in got and "credits" not in got


def test_b_11_exactly_at_the_limit_is_still_in() -> None:
    got = totals([[0, 150, 20]], players=3)
    assert got["ok"] and got["in"] == [0, 1, 2] and got["deals"][0]["above_limit"] == []
    refused = totals([[0, 150, 20]], players=3, buy_ins={"1": [1]})
    assert refused["ok"] is False and refused["rule"] == "B-11" and refused["index"] == 0
    assert refused["deal"] == 1 and "150" in refused["reason"]


def test_b_11_a_buy_in_takes_the_highest_score_still_in() -> None:
    got = totals([[0, 140, 90, 120], [10, 0, 70, 40]], buy_ins={"2": [2]})
    assert got["ok"], got
    second = got["deals"][1]
    assert second["scored"] == [10, 140, 160, 160]
    assert second["above_limit"] == [{"seat": 2, "total": 160}, {"seat": 3, "total": 160}]
    assert second["bought"] == [{"seat": 2, "score": 140}] and second["totals"] == [10, 140, 140, 160]
    assert second["out"] == [3] and second["in"] == [0, 1, 2]


def test_b_11_a_player_over_the_limit_without_a_buy_in_is_out() -> None:
    got = totals([[0, 160, 20, 30]], buy_ins={})
    assert got["deals"][0]["out"] == [1] and got["deals"][0]["in"] == [0, 2, 3]
    got = totals([[0, 160, 20, 30], [5, 0, 0, 0]])  # seat 1's 0 is no win: it is out
    assert got["ok"] is False and got["rule"] == "B-10" and got["index"] == 1
    got = totals([[0, 160, 20, 30], [5, None, 0, 8]])
    assert got["ok"] and got["out"] == [1] and got["totals"] == [5, 160, 20, 38]
    assert got["may_buy_in"] == [0, 2, 3] and got["deals"][1]["winner"] == 2


def test_b_11_a_seat_out_of_the_game_scores_nothing() -> None:
    got = totals([[0, 160, 20, 30], [5, 12, 0, 8]])
    assert got == {"ok": False, "rule": "B-11", "index": 1, "deal": 2,
                   "reason": "Seat 1 is out of the game (since deal 1): its score is 0 or null, not 12"}
    assert totals([[0, 160, 20, 30], [5, 0, 0, 8]])["ok"]


def test_b_11_at_most_two_buy_ins() -> None:
    deals = [[0, 151, 40], [0, 120, 50], [0, 100, 60]]
    got = totals(deals, players=3, buy_ins={"1": [1, 2]})
    assert got["ok"] and got["buy_ins"] == [0, 2, 0] and got["may_buy_in"] == [0, 2]
    assert [d["bought"] for d in got["deals"]] == [[{"seat": 1, "score": 40}], [{"seat": 1, "score": 90}], []]
    assert got["out"] == [1] and got["game_over"] is False  # over again after two buy-ins: out
    third = totals(deals, players=3, buy_ins={"1": [1, 2, 3]})
    assert third["ok"] is False and third["rule"] == "B-11" and third["deal"] == 3
    assert "twice" in third["reason"]


def test_b_11_the_last_player_at_or_under_the_limit_wins_and_the_game_ends() -> None:
    got = totals([[0, 151, 160]], players=3)
    assert got["ok"] and got["game_over"] and got["game_winners"] == [0] and got["in"] == [0]
    assert got["may_buy_in"] == [] and got["deals"][0]["game_winners"] == [0]
    after = totals([[0, 151, 160], [0, 0, 0]], players=3)
    assert after["ok"] is False and after["rule"] == "B-11" and after["index"] == 1
    assert after["reason"] == "The game is over after deal 1: seat 0 won it"


def test_b_11_a_buy_in_for_a_seat_not_over_the_limit_or_out_is_refused() -> None:
    not_over = totals([[0, 35, 12, 60]], buy_ins={"2": [1]})
    assert not_over["rule"] == "B-11" and not_over["deal"] == 1 and "at or under" in not_over["reason"]
    out = totals([[0, 160, 20, 30], [5, 0, 0, 8]], buy_ins={"1": [2]})
    assert out["rule"] == "B-11" and out["deal"] == 2 and "out of the game" in out["reason"]
    twice = totals([[0, 160, 20, 30]], buy_ins={"1": [1, 1]})
    assert twice["rule"] == "B-11" and twice["deal"] == 1


def test_b_11_a_buy_in_with_nobody_at_or_under_the_limit_is_refused() -> None:
    t = Tally(make_british_rules("british40"), 2)
    t._score_deal([151, 160], None, kalooki=False)
    assert t.deciding == [0, 1] and t.buy_in_score() is None
    refusal = t.buy_in_refusal(0)
    assert refusal is not None and refusal.rule == "B-11" and refusal.key == "buy_in.none_left"
    t._next_or_end()
    assert t.over and t.winners == [0]  # nobody left: the lowest total wins (the game decides)


def test_b_10_a_deal_has_exactly_one_winner_at_0() -> None:
    for deal in ([5, 35, 12, 60], [0, 0, 12, 60]):
        got = totals([[0, 1, 2, 3], deal])
        assert got["ok"] is False and got["rule"] == "B-10" and got["index"] == 1 and got["deal"] == 2


def test_b_9_a_void_deal_scores_nothing_and_counts_as_a_deal() -> None:
    got = totals([{"void": True}, [0, 151, 20]], players=3, buy_ins={"2": [1]})
    assert got["rule"] == "B-11" and got["deal"] == 1
    got = totals([{"void": True}, [0, 151, 20]], players=3, buy_ins={"1": [2]})
    assert got["ok"] and got["deals"][0]["void"] and got["deals"][0]["winner"] is None
    assert got["deals"][0]["totals"] == [0, 0, 0] and got["totals"] == [0, 20, 20]


def test_b_12_chips_a_kalooki_pays_two_buy_ins_go_to_the_kitty_and_the_last_player_takes_it() -> None:
    deals = [{"scores": [0, 40, 30], "kalooki": True}, [151, 0, 151], [0, 200, 0]]
    got = totals(deals, players=3, buy_ins={"0": [2]}, variants=("B-12",))
    assert got["ok"], got
    first, second, third = got["deals"]
    assert first["paid"] == [4, -2, -2] and first["chips"] == [-1, -7, -7] and first["kitty"] == 15
    assert second["paid"] == [-1, 2, -1] and second["bought"] == [{"seat": 0, "score": 40}]
    assert second["chips"] == [-7, -5, -8] and second["kitty"] == 20 and second["out"] == [2]
    assert third["paid"] == [1, -1, 0]  # a seat out of the game pays nothing
    assert got["game_winners"] == [0] and got["kitty"] == 0 and got["chips"] == [14, -6, -8]
    assert sum(got["chips"]) == 0
    assert "chips" not in totals(deals, players=3)


def test_b_v2_the_winner_is_credited_the_others_values_apart_from_the_totals() -> None:
    got = totals([[0, 40, 25], [12, 0, 30]], players=3, variants=("B-V2",))
    assert got["ok"] and got["totals"] == [12, 40, 55]
    assert [d["credit"] for d in got["deals"]] == [65, 42]
    assert got["credits"] == [65, 42, 0] and "chips" not in got
    b12 = totals([[0, 40, 25]], players=3, variants=("B-V2", "B-12"))
    assert "chips" not in b12 and b12["credits"] == [65, 0, 0]  # B-V2 has no kitty
    assert totals([[0] + [1] * 5], players=6, variants=("B-V2",))["ok"]


def test_b_v3_the_limit_is_100() -> None:
    got = totals([[0, 100, 101]], players=3, variants=("B-V3",))
    assert got["ok"] and got["limit"] == 100 and got["in"] == [0, 1] and got["out"] == [2]


def test_b_v4_301_and_501_and_a_plain_b_v4_reads_as_301() -> None:
    for variant, limit in (("B-V4:301", 301), ("B-V4", 301), ("B-V4:501", 501)):
        got = totals([[0, limit, limit + 1]], players=3, variants=(variant,))
        assert got["ok"] and got["limit"] == limit and got["in"] == [0, 1] and got["out"] == [2]
    assert "error" in totals([], players=3, variants=("B-V4:400",))


def test_b_1_the_players_the_rules_seat() -> None:
    assert totals([], players=1) == {"ok": False, "rule": "B-1",
                                     "reason": "Kalooki 40 is played by 2 to 5 players, not 1"}
    assert totals([], players=6)["rule"] == "B-1" and totals([], players=6, variants=("B-V2",))["ok"]
    empty = totals([], players=2, variants=("B-12",))
    assert empty["ok"] and empty["chips"] == [-5, -5] and empty["kitty"] == 10 and empty["deals"] == []


@pytest.mark.parametrize("query", [
    {"players": 3, "deals": "x"},
    {"players": 3, "deals": [[0, 1]]},
    {"players": 3, "deals": [[0, 1, "2"]]},
    {"players": 3, "deals": [[0, 1, True]]},
    {"players": 3, "deals": [[0, 1, -2]]},
    {"players": 3, "deals": [[0, 1, 10**40]]},
    {"players": 3, "deals": [[0, 1, 2.5]]},
    {"players": 3, "deals": [[0, None, 2]]},
    {"players": 3, "deals": [{"scores": [0, 1, 2], "kalooki": "yes"}]},
    {"players": 3, "deals": [{"void": True, "scores": [0, 1, 2]}]},
    {"players": 3, "deals": [{"void": False}]},
    {"players": 3, "deals": [{"scores": [0, 1, 2], "dealer": 1}]},
    {"players": 3, "deals": [[0, 1, 2]] * 10_001},
    {"players": 3, "deals": [], "buy_ins": [1]},
    {"players": 3, "deals": [[0, 1, 2]], "buy_ins": {"x": [1]}},
    {"players": 3, "deals": [[0, 1, 2]], "buy_ins": {"3": [1]}},
    {"players": 3, "deals": [[0, 1, 2]], "buy_ins": {"-1": [1]}},
    {"players": 3, "deals": [[0, 1, 2]], "buy_ins": {"01": [1]}},
    {"players": 3, "deals": [[0, 1, 2]], "buy_ins": {"1" * 5000: [1]}},
    {"players": 3, "deals": [[0, 1, 2]], "buy_ins": {1: [1]}},
    {"players": 3, "deals": [[0, 1, 2]], "buy_ins": {"1": [2]}},
    {"players": 3, "deals": [[0, 1, 2]], "buy_ins": {"1": [0]}},
    {"players": 3, "deals": [[0, 1, 2]], "buy_ins": {"1": 1}},
    {"players": 3, "deals": [[0, 1, 2]], "buy_ins": {"1": [10**30]}},
    {"players": "3", "deals": []},
    {"players": 10**30, "deals": []},
    {"deals": []},
])
def test_malformed_totals_queries_get_errors(query: dict[str, Any]) -> None:
    got = answer({"op": "totals", "rules": "british40", **query})
    assert set(got) == {"error"} or got.get("rule") == "B-1", got
    assert not got.get("error", "").startswith("internal error"), got
    json.dumps(got)


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=3),
                    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner,
                                                                                  max_size=4), max_leaves=30),
       st.sampled_from(["deals", "buy_ins", "players", "variants"]))
def test_hostile_totals_queries_never_crash(value: Any, field: str) -> None:
    query: dict[str, Any] = {"op": "totals", "rules": "kalooki51", "players": 3, "deals": [[0, 4, 5]], field: value}
    got = answer(query)
    assert "internal" not in str(got.get("error", "")), got
    json.dumps(got)


def test_a_huge_totals_line_is_answered_quickly() -> None:
    import time

    line = json.dumps({"op": "totals", "rules": "british40", "players": 5,
                       "deals": [{"void": True}] * 9_999 + [[0, 1, 1, 1, 1]],
                       "buy_ins": {"1": [9_999] * 50_000}})
    start = time.perf_counter()
    got = answer_line(line)
    assert got is not None and got["ok"] is False and got["rule"] == "B-11"
    assert time.perf_counter() - start < 5


def _judge_query(m: BritishMatch) -> dict[str, Any]:
    """The judge's question for a game played: its deals' scores and its buy-ins."""
    deals: list[Any] = []
    scored: list[int] = []  # the number of each scored deal
    for r in m.results:
        if r.void:
            deals.append({"void": True})
            continue
        deals.append({"scores": list(r.scores), "kalooki": r.big_out})
        scored.append(r.number)
    buy_ins: dict[str, list[int]] = {}
    for after, seat, _ in m.bought:
        buy_ins.setdefault(str(seat), []).append(scored[after - 1])
    return {"op": "totals", "rules": m.rules.preset, "variants": list(m.rules.switches), "players": m.players,
            "deals": deals, "buy_ins": buy_ins}


def _played(rules: Any, players: int, seed: int, actions: int) -> BritishMatch:
    """A game of bots (Easy, Normal, random) from ``seed``, to its end or to the first moment
    after ``actions`` actions when nobody is choosing whether to buy back in."""
    bots = [make_bot(random.Random(seed + s).choice(["easy", "normal", "random"]), "british") for s in range(players)]
    m = BritishMatch(rules, players, seed)
    rng = random.Random(seed)
    for n in range(actions * 2):
        pending = m.pending()
        if pending is None or (n >= actions and pending[1] != DecisionKind.BUY_IN):
            break
        m.apply(pending[0], bots[pending[0]].choose(BritishView(m, pending[0]), rng))
    return m


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5),
       preset=st.sampled_from(["british40", "kalooki51"]),
       switches=st.sampled_from([("B-V3",), ("B-12", "B-V3"), ("B-V2", "B-V3"), ("B-12",), ("B-V3", "B-V5"),
                                 ("B-V3", "B-V5:25"), ("B-V2", "B-V3", "B-V5:25")]))
@example(seed=755, players=3, preset="british40", switches=("B-V2", "B-V3"))  # a game still going on
def test_b_11_the_judge_totals_of_games_played_by_bots_are_the_games_own(
        seed: int, players: int, preset: str, switches: tuple[str, ...]) -> None:
    rules = make_british_rules(preset, switches)
    m = _played(rules, players, seed, actions=4_000)
    got = answer(_judge_query(m))
    assert got["ok"], got
    assert got["game_over"] == m.over and got["game_winners"] == m.winners and got["totals"] == m.totals
    assert got["out"] == [s for s in range(players) if not m.active[s]] and got["buy_ins"] == m.buy_ins
    assert [tuple(d["scored"]) for d in got["deals"] if not d["void"]] == m.history
    if rules.kitty:
        assert got["chips"] == m.chips and got["kitty"] == m.kitty
    if rules.north_american:
        assert got["credits"] == m.credits
    bought = [(b["seat"], b["score"]) for d in got["deals"] for b in d["bought"]]
    assert bought == [(seat, score) for _, seat, score in m.bought]


def _doc_examples() -> list[tuple[str, str]]:
    """The ``totals`` examples of docs/tools.md: each query line and the answer printed under it."""
    text = DOCS.read_text(encoding="utf-8")
    section = text.split("### A whole British game's scores")[1].split("\n## ")[0]
    return re.findall(r"echo '(\{.*?\})' \\\n\s+\| \.venv/bin/python -m kalooki_desktop\.engine\.judge\n(.*?)\n```",
                      section, flags=re.S)


def test_the_totals_examples_of_the_tools_page_are_the_judges_answers() -> None:
    examples = _doc_examples()
    assert len(examples) >= 5
    for query, printed in examples:
        assert answer(json.loads(query)) == json.loads(printed), query
    cli = subprocess.run([sys.executable, "-m", "kalooki_desktop.engine.judge"], check=True, capture_output=True,
                         input="\n".join(q for q, _ in examples).encode(), timeout=60)
    assert [json.loads(line) for line in cli.stdout.decode().splitlines()] == [json.loads(a) for _, a in examples]
