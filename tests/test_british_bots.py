"""The British opponents: every decision legal through whole games, decided from the seat's
view alone (reshuffling what it cannot see changes nothing), and Normal ahead of random play."""

from __future__ import annotations

import random

import pytest

from kalooki_desktop.ai.base import make_bot
from kalooki_desktop.engine.actions import Discard
from kalooki_desktop.engine.british.match import BritishMatch
from kalooki_desktop.engine.british.rules import make_british_rules
from kalooki_desktop.engine.british.view import BritishView


def play(preset: str, levels: list[str], seed: int, stop: int | None = None) -> BritishMatch:
    m = BritishMatch(make_british_rules(preset), len(levels), seed)
    bots = [make_bot(level, "british") for level in levels]
    rng = random.Random(seed)
    for _ in range(stop if stop is not None else 100_000):
        if m.over:
            break
        seat, _ = m.pending()  # type: ignore[misc]
        m.apply(seat, bots[seat].choose(BritishView(m, seat), rng))  # raises if illegal
    return m


@pytest.mark.parametrize("preset", ["british40", "kalooki51"])
def test_every_level_plays_whole_games_legally(preset: str) -> None:
    for seed in range(2):
        m = play(preset, ["easy", "normal", "random"], seed)
        assert m.over and m.winners


def test_a_decision_never_changes_when_the_unseen_cards_are_dealt_differently() -> None:
    for seed in range(6):
        m = play("british40", ["normal"] * 3, seed, stop=seed * 7 + 3)
        if m.over:
            continue
        seat, _ = m.pending()  # type: ignore[misc]
        bot = make_bot("normal", "british")
        want = bot.choose(BritishView(m, seat), random.Random(1))
        h = m.hand
        hidden = [c for s, cards in enumerate(h.hands) if s != seat for c in cards] + h.stock
        for shuffle in range(3):
            random.Random(shuffle).shuffle(hidden)
            rest = iter(hidden)
            for s in range(m.players):
                if s != seat:
                    h.hands[s] = [next(rest) for _ in h.hands[s]]
            h.stock = [next(rest) for _ in h.stock]
            assert bot.choose(BritishView(m, seat), random.Random(1)) == want


def test_normal_beats_three_random_players() -> None:
    wins = 0
    for g in range(8):
        levels = ["normal", "random", "random", "random"]
        levels = levels[g % 4:] + levels[:g % 4]
        m = play("british40", levels, 500 + g)
        wins += levels.index("normal") in m.winners
    assert wins >= 7


def test_a_card_taken_from_the_pile_is_never_thrown_back_in_the_same_turn() -> None:
    for seed in range(4):
        m = BritishMatch(make_british_rules("british40"), 2, 3000 + seed)
        bots = [make_bot("normal", "british"), make_bot("hard", "british")]
        rng = random.Random(seed)
        for _ in range(20_000):
            if m.over:
                break
            seat, _ = m.pending()  # type: ignore[misc]
            action = bots[seat].choose(BritishView(m, seat), rng)
            log = m.hand.log
            if log and log[-1] == (seat, "pluck discard") and isinstance(action, Discard):
                assert action != Discard(m.hand.hands[seat][-1])  # the card it just took
            m.apply(seat, action)
        assert m.over


def test_two_normals_never_pass_a_joker_between_them_for_ever() -> None:
    """B-V2 between two: a player who has come out holding a joker takes a joker from the pile
    only for a meld of its own; taken for a lay-off it never makes and thrown back, it would pass
    between the two for ever, the stock untouched, and the game would never end."""
    for seed in range(1, 5):
        m = BritishMatch(make_british_rules("british40", ["B-V2"]), 2, seed)
        bots = [make_bot("normal", "british"), make_bot("normal", "british")]
        rng = random.Random(seed)
        for _ in range(20_000):
            if m.over:
                break
            seat, _ = m.pending()  # type: ignore[misc]
            m.apply(seat, bots[seat].choose(BritishView(m, seat), rng))
        assert m.over, (seed, m.hand.log[-6:])


def test_two_normals_left_in_the_game_never_pass_a_joker_back_and_forth() -> None:
    """Two Normals left in the game, the player out of it and watching, each down to one joker:
    the deal and the game end."""
    from kalooki_desktop.tools.sim import play_match

    rules = make_british_rules("british40", ["B-V2", "B-V3"])
    bots = [make_bot(level, "british") for level in ("random", "normal", "normal")]
    m, actions = play_match(rules, bots, 755)
    assert m.over and actions < 5000
