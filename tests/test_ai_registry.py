"""The one registry of computer players: each bot says which rule systems it plays, and
``make_bot(level, system)`` gives the bot of that level for that system or says plainly why not."""

from __future__ import annotations

import random

import pytest

from kalooki_desktop.ai import base
from kalooki_desktop.ai.base import SYSTEMS, levels, make_bot, register
from kalooki_desktop.ai.personas import LEVELS
from kalooki_desktop.engine.actions import Action
from kalooki_desktop.engine.british.match import BritishMatch
from kalooki_desktop.engine.british.rules import make_british_rules
from kalooki_desktop.engine.match import Match
from kalooki_desktop.engine.rules import make_rules
from kalooki_desktop.play.games import BRITISH, JAMAICAN


def test_the_systems_are_the_keys_the_games_carry() -> None:
    assert set(SYSTEMS) == {JAMAICAN.key, BRITISH.key}


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_level_the_player_meets_and_the_random_baseline_play_both_systems(system: str) -> None:
    for level in (*LEVELS, "random"):
        bot = make_bot(level, system)
        assert bot.name == level
    assert make_bot(" Normal ", system).name == "normal"  # as typed on a command line


def test_each_system_answers_its_own_decisions() -> None:
    """The bot made for a system answers that system's game legally."""
    j = Match(make_rules("baby"), 3, 5)
    seat, _ = j.pending()  # type: ignore[misc]
    assert j.check(seat, make_bot("normal", "jamaican").choose(j.view(seat), random.Random(1))) is None
    b = BritishMatch(make_british_rules("kalooki51"), 3, 5)
    seat, _ = b.pending()  # type: ignore[misc]
    assert b.check(seat, make_bot("normal", "british").choose(b.view(seat), random.Random(1))) is None


def test_a_bot_is_refused_for_a_system_it_does_not_play() -> None:
    assert "greedy" in levels("jamaican") and "greedy" not in levels("british")
    with pytest.raises(ValueError, match=r"greedy plays jamaican only") as refused:
        make_bot("greedy", "british")
    assert "easy, hard, normal, random" in str(refused.value)  # the levels british has


def test_an_unknown_level_or_system_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match=r"unknown bot 'genius' \(known: easy, greedy, hard, normal, random\)"):
        make_bot("genius", "jamaican")
    with pytest.raises(ValueError, match=r"unknown rule system 'klondike' \(known: british, jamaican\)"):
        make_bot("normal", "klondike")


def test_a_bot_registers_with_the_systems_it_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(base, "BOTS", dict(base.BOTS))

    class Cautious:
        name = "cautious"

        def choose(self, view: object, rng: random.Random) -> Action:
            raise NotImplementedError

    register("cautious", "jamaican", "british")(Cautious)
    assert isinstance(make_bot("cautious", "british"), Cautious)
    assert isinstance(make_bot("cautious", "jamaican"), Cautious)
    with pytest.raises(ValueError, match="the rule systems it plays"):
        register("lost")
    with pytest.raises(ValueError, match="unknown rule system 'gin'"):
        register("lost", "gin")
    with pytest.raises(ValueError, match="normal is already registered for jamaican"):
        register("normal", "jamaican")(Cautious)
