"""Random full-game playouts across 3-8 players and every variant, with the invariants of
``sim --check`` after every action, the turn-API contract, and replay of finished matches."""

from __future__ import annotations

import random

import pytest

from kalooki_desktop.ai.base import make_bot, next_decision
from kalooki_desktop.engine.actions import Discard, Lay
from kalooki_desktop.engine.cards import count_cards, parse_card
from kalooki_desktop.engine.judge import describe
from kalooki_desktop.engine.match import Match, replay
from kalooki_desktop.engine.rules import make_rules
from kalooki_desktop.tools.sim import play_match
from kalooki_desktop.tools.simgames import check_hand
from kalooki_desktop.tools.simstats import InvariantBreach

#: (preset, variants, players): every variant and schedule, every table size.
CONFIGS: list[tuple[str, tuple[str, ...], int]] = [
    ("jamaican", (), 4),
    ("jamaican", ("J-V1",), 3),
    ("jamaican", ("J-V2",), 5),
    ("jamaican", ("J-V3",), 6),
    ("jamaican", ("J-V4",), 4),
    ("jamaican", ("J-V5", "J-V7"), 7),
    ("baby", ("J-V6",), 3),
    ("jamaican", ("J-V8",), 8),
    ("jamaican", ("J-V9", "J-3.5"), 4),
    ("jamaican", ("J-V10",), 3),
    ("jamaican", ("J-V10:5", "J-V2", "J-V4"), 4),
    ("baby", ("J-V8",), 5),
    ("short", ("J-V1", "J-V3"), 6),
    ("custom", ("J-S3",), 8),
    ("jamaican", ("J-S4",), 3),
    ("short", ("J-V4", "J-V7", "J-V2"), 7),
]
BOT_MIXES = (("greedy", "random"), ("greedy",), ("random", "greedy", "greedy"))
HANDS_WANTED = 2000


def _rules(preset: str, variants: tuple[str, ...]):
    schedule = ["4 4 4 4", "3 3", "3 4 4", "3 3 3 3"] if preset == "custom" else None
    return make_rules(preset, variants, schedule)


@pytest.mark.slow
def test_random_playouts_keep_every_invariant() -> None:
    hands = outs = bent = void = calls = moves = tacks = 0
    seed = 1000
    while hands < HANDS_WANTED:
        for preset, variants, players in CONFIGS:
            rules = _rules(preset, variants)
            mix = BOT_MIXES[seed % len(BOT_MIXES)]
            bots = [make_bot(mix[i % len(mix)], "jamaican") for i in range(players)]
            try:
                match, _ = play_match(rules, bots, seed, check=True)
            except InvariantBreach as e:  # pragma: no cover - the message carries seed and action
                raise AssertionError(f"{preset} {variants} {players}p: {e}") from None
            seed += 1
            assert match.over and match.winners
            for r in match.results:
                hands += 1
                void += r.void
                outs += r.out is not None
                bent += r.big_out
                calls += sum(r.calls_used)
            for _, a in match.actions:
                moves += type(a).__name__ == "MoveJoker"
                tacks += type(a).__name__ == "Tack"
            if hands >= HANDS_WANTED:
                break
    # The playouts must reach every path, not just void hands.
    assert hands >= HANDS_WANTED
    assert outs > 300 and bent > 5 and void > 50 and calls > 100 and moves > 3 and tacks > 300


def test_every_listed_action_is_legal_and_lays_are_checked() -> None:
    """The API contract: listed actions pass check(); an unlisted discard is refused, not raised."""
    rng = random.Random(5)
    for seed, players in ((1, 3), (2, 5), (3, 8)):
        match = Match(make_rules("baby"), players, seed)
        bots = [make_bot("greedy", "jamaican") for _ in range(players)]
        steps = 0
        while not match.over and steps < 3000:
            seat = match.hand.turn
            for a in match.legal_actions(seat):
                assert match.check(seat, a) is None, (seed, steps, a)
            pending = match.pending()
            assert pending is not None
            for caller in match.eligible_callers():
                listed = [str(a) for a in match.legal_actions(caller)]
                assert listed == (["call", "pass"] if pending == (caller, "call") else []), (caller, pending)
            held = set(match.hand.hands[seat])
            missing = next(c for c in range(4, 56) if c not in held)
            refusal = match.check(seat, Discard(missing))
            assert refusal is not None and refusal.rule in ("J-4.1", "J-4.5")
            s, action = next_decision(match, bots, rng)
            if isinstance(action, Lay):
                assert match.check(s, action) is None
            match.apply(s, action)
            steps += 1


def test_replaying_a_finished_match_rebuilds_the_same_state() -> None:
    for preset, variants, players in CONFIGS[:6]:
        rules = _rules(preset, variants)
        bots = [make_bot("greedy", "jamaican") for _ in range(players)]
        match, _ = play_match(rules, bots, seed=77)
        texts = match.action_texts()
        again = replay(rules, players, 77, texts)
        assert again.totals == match.totals and again.winners == match.winners
        assert again.results == match.results
        assert describe(again.hand) == describe(match.hand)
        assert again.hand.log == match.hand.log
        # Part-way too: the state after any prefix is identical.
        cut = len(texts) // 2
        a, b = replay(rules, players, 77, texts[:cut]), replay(rules, players, 77, texts[:cut])
        assert describe(a.hand) == describe(b.hand) and a.hand.stock == b.hand.stock


def test_check_hand_catches_a_lost_card() -> None:
    match = Match(make_rules(), 4, seed=3)
    expected = count_cards(match.hand.all_cards())
    check_hand(match.hand, expected, "start")
    match.hand.hands[0].append(parse_card("7S"))
    try:
        check_hand(match.hand, expected, "tampered")
    except InvariantBreach as e:
        assert "tampered" in str(e)
    else:  # pragma: no cover
        raise AssertionError("an extra card went unnoticed")
