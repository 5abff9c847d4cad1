"""A monkey on the table: 20,000 random clicks, drags, keys and resizes without an exception, with
the engine's invariants and the hand display checked after every frame."""

from __future__ import annotations

import os
import random

import pygame
import pytest

from kalooki_desktop.engine.cards import count_cards, new_deck
from kalooki_desktop.play.session import HUMAN, GameSetup, Session
from kalooki_desktop.scenes.scoreboard import ScoreboardScene
from kalooki_desktop.scenes.table import TableScene
from kalooki_desktop.storage.paths import set_data_dir
from kalooki_desktop.tools.simgames import check_hand

from .gui import jamaican, make_app, post

KEYS = [
    pygame.K_h,
    pygame.K_c,
    pygame.K_l,
    pygame.K_a,
    pygame.K_r,
    pygame.K_s,
    pygame.K_SPACE,
    pygame.K_RETURN,
    pygame.K_ESCAPE,
    pygame.K_x,
    pygame.K_F11,
]
EVENTS = 20_000


def hot_spot(scene: TableScene, rng: random.Random) -> tuple[int, int]:
    """A point somewhere interesting most of the time (cards, piles, slots, melds, buttons)."""
    lay = scene.layout
    w, h = scene.size
    if lay is None or rng.random() < 0.2:
        return rng.randrange(w), rng.randrange(h)
    areas = [lay.hand, lay.stock, lay.pile, lay.melds, lay.controls, *lay.slots]
    areas += [
        b.rect
        for b in (
            scene.controls.call,
            scene.controls.let_go,
            scene.controls.allow,
            scene.controls.refuse,
            scene.controls.lay,
            scene.controls.clear,
            scene.controls.end,
        )
        if b.visible
    ]
    r = rng.choice(areas)
    return rng.randrange(r.left, max(r.left + 1, r.right)), rng.randrange(r.top, max(r.top + 1, r.bottom))


def random_event(scene: TableScene, rng: random.Random) -> None:
    """Post one random event: a click, a drag (now and then not let go), a key, a wheel turn or
    a window resize."""
    kind = rng.random()
    if kind < 0.45:
        pos = hot_spot(scene, rng)
        post(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 1, 3)))
        post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    elif kind < 0.8:
        a, b = hot_spot(scene, rng), hot_spot(scene, rng)
        post(pygame.MOUSEBUTTONDOWN, pos=a, button=1)
        for i in range(1, 4):
            p = (a[0] + (b[0] - a[0]) * i // 3, a[1] + (b[1] - a[1]) * i // 3)
            post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
        if rng.random() < 0.9:
            post(pygame.MOUSEBUTTONUP, pos=b, button=1)
    elif kind < 0.97:
        post(pygame.KEYDOWN, key=rng.choice(KEYS), mod=0, unicode="", scancode=0)
    elif kind < 0.99:
        post(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False)
    else:
        size = (rng.randint(800, 1920), rng.randint(500, 1080))
        post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])


@pytest.mark.slow
def test_monkey_on_the_table(tmp_path):
    set_data_dir(tmp_path)
    app = make_app()
    rng = random.Random(
        int(os.environ.get("KALOOKI_MONKEY_SEED", "20261129"))
    )  # another seed: another monkey
    events = frames = actions = games = 0
    session: Session | None = None
    scene: TableScene | None = None
    while events < EVENTS:
        if session is None or session.over:
            if session is not None:
                actions += len(session.match.actions)
            games += 1
            levels = rng.choice([("normal", "easy", "normal"), ("easy", "easy"), ("normal",) * 5])
            preset = rng.choice(["jamaican", "baby", "short"])
            session = Session(
                GameSetup(levels, preset, seed=games), threaded=False, speed=1000, call_wait_ms=2000
            )
            app.host.set_session(session)
            scene = TableScene(app, session)
            app.reset(scene)
            app.step(1 / 60)
        assert session is not None and scene is not None
        top = app.top
        if isinstance(top, ScoreboardScene):
            top.next()
        elif not isinstance(top, TableScene):
            app.push(scene)
        elif rng.random() < 0.1:
            top.play_hint()  # keep the game moving so the monkey meets every phase
        else:
            for _ in range(rng.randint(1, 6)):
                random_event(scene, rng)
                events += 1
        app.step(1 / 60)
        frames += 1
        hand = jamaican(session).hand
        check_hand(hand, count_cards(new_deck(hand.players, hand.rules.extra_jokers)), f"frame {frames}")
        if isinstance(app.top, TableScene):
            shown = sorted(scene.model.order + [c for slot in scene.model.slots for c in slot])
            # the table shows the hand in play, or the one that just ended while it is on show
            on_show = scene.ending.hand()
            assert on_show is hand or scene.ending.on_show()
            if scene.drag is None:
                assert shown == sorted(on_show.hands[HUMAN]), (
                    f"frame {frames}: the hand shown differs from the engine's: shown {shown}, "
                    f"engine {sorted(on_show.hands[HUMAN])}, last actions {session.match.action_texts()[-4:]}, "
                    f"top {type(app.top).__name__}, order {scene.model.order}, slots {scene.model.slots}"
                )
    assert session is not None
    actions += len(session.match.actions)
    print(f"monkey: {events} events, {frames} frames, {games} games, {actions} actions")
    assert games >= 2 and actions > 1000
    app.shutdown()
    set_data_dir(None)
