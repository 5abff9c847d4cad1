"""Helpers for scene tests: a real App under the dummy video driver, driven by synthetic events."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

import pygame

from kalooki_desktop.app import App, Scene
from kalooki_desktop.engine.actions import (
    Action,
    Allow,
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
    Tack,
)
from kalooki_desktop.engine.cards import parse_cards
from kalooki_desktop.engine.match import Match
from kalooki_desktop.play.session import Session
from kalooki_desktop.scenes.table import TableScene

S = TypeVar("S", bound=Scene)


def top(app: App, kind: type[S]) -> S:
    """The scene on top of the stack, which must be a ``kind``."""
    scene = app.top
    assert isinstance(scene, kind), scene
    return scene


def jamaican(session: Session) -> Match:
    """The Jamaican match of a session (the table tests' games are Jamaican unless they say)."""
    assert isinstance(session.match, Match)
    return session.match


def make_app(size: tuple[int, int] = (1280, 800), *, persist: bool = False) -> App:
    """A fresh app (the data dir must already point at a temporary folder)."""
    app = App(size, fullscreen=False)
    app.host.persist = persist
    app.settings.speed = "instant"
    app.settings.call_wait_s = 0
    return app


def step(app: App, n: int = 1) -> None:
    """Run ``n`` frames."""
    for _ in range(n):
        app.step(1 / 60)


def run_until(app: App, cond: Callable[[], bool], timeout: float = 10.0) -> None:
    """Run frames until ``cond()`` holds (fails after ``timeout`` seconds)."""
    end = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > end:
            raise AssertionError("timed out waiting for the table")
        app.step(1 / 60)


def post(etype: int, **attrs: object) -> None:
    """Queue one synthetic event."""
    pygame.event.post(pygame.event.Event(etype, attrs))


def resize_window(size: tuple[int, int]) -> None:
    """Resize the window as a player or X without a window manager does: to any size, whatever
    its minimum; then the resize event."""
    from kalooki_desktop.ui import window

    win = window.current()
    assert win is not None
    win.minimum_size = (1, 1)
    win.size = size
    post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])


def click(app: App, pos: tuple[int, int]) -> None:
    """A left click at ``pos``."""
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    step(app)
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    step(app)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    step(app, 2)


def drag(app: App, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
    """Press at ``start``, move in ``steps`` to ``end``, release."""
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    step(app)
    for i in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * i // steps
        y = start[1] + (end[1] - start[1]) * i // steps
        post(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0))
        step(app)
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    step(app, 2)


def press_button(app: App, button: object) -> None:
    """Click a pygame_gui button where it is."""
    click(app, button.rect.center)  # type: ignore[attr-defined]


def key(app: App, k: int, mod: int = 0) -> None:
    """Press and release a key (with the modifiers ``mod``, e.g. ``pygame.KMOD_SHIFT``)."""
    post(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)
    post(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)
    step(app, 2)


def focus_on(app: App, widget: object, *, limit: int = 40) -> None:
    """Tab through the top scene's widgets until ``widget`` has the keyboard's focus."""
    for _ in range(limit):
        if app.top is not None and app.top.focus.shown and app.top.focus.current is widget:
            return
        key(app, pygame.K_TAB)
    raise AssertionError(f"Tab never reached {widget!r}")


def table_at(
    app: App,
    hands: list[str],
    discard: str,
    stock: str,
    dealer: int = 3,
    preset: str = "jamaican",
    levels: tuple[str, ...] = ("normal", "normal", "normal"),
    hand: int = 1,
) -> TableScene:
    """A table scene on an exact deal (hands as strings; stock top first); seat 0 is the player."""
    scenario = {"levels": list(levels), "preset": preset, "hand": hand, "dealer": dealer, "hands": hands,
                "discard": discard, "stock": stock, "seed": 1}
    session = Session.from_scenario(scenario, threaded=False, speed=50, call_wait_ms=0)
    app.host.set_session(session)
    scene = TableScene(app, session)
    app.push(scene)
    step(app, 2)
    run_until(app, lambda: app.now_ms >= scene.choreo.dealing_until and not scene.choreo.flights)
    return scene


def act(match: Match, seat: int, action: Action) -> None:
    """Apply ``action`` for ``seat`` straight to the engine, the callers it leaves out passing
    first (setting up a position)."""
    for caller in match.hand.callers_before(seat, action):
        match.apply(caller, Pass())
    match.apply(seat, action)


def hand_pos(scene: TableScene, card: str, nth: int = 0) -> tuple[int, int]:
    """The centre of the visible part of ``card`` in the player's hand."""
    code = parse_cards(card)[0]
    rects = scene.geometry.hand_rects()
    found = [i for i, c in enumerate(scene.model.order) if c == code]
    i = found[nth]
    r = rects[i]
    right = rects[i + 1].x if i + 1 < len(rects) else r.right
    return (r.x + right) // 2, r.y + 30


def play_by_mouse(app: App, scene: TableScene) -> bool:
    """Make the hint's move with the mouse and keys, as a player would. True if a move was made."""
    s = scene.session
    prompt = s.prompt()
    if prompt is None or prompt == "buy_in":  # (the buy-in is answered on the scoreboard that comes)
        return False
    action: Action | None = s.hint()
    lay = scene.layout
    assert lay is not None
    before = len(s.match.actions)
    buttons: dict[type, str] = {Pass: "let_go", Call: "call", Allow: "allow", Refuse: "refuse", EndTurn: "end"}
    if type(action) in buttons:
        press_button(app, getattr(scene.controls, buttons[type(action)]))
    elif isinstance(action, PluckStock | PluckDiscard):
        click(app, lay.stock.center if isinstance(action, PluckStock) else lay.pile.center)
    elif isinstance(action, Lay):
        key(app, pygame.K_h)  # the hint puts the contract into the slots
        press_button(app, scene.controls.lay)
    elif isinstance(action, Discard):
        drag(app, hand_pos(scene, _text(action.card)), lay.pile.center)
    elif isinstance(action, Retrieve):  # British Kalooki: natural card(s) dropped on a joker (B-7)
        index = action.meld - 1
        meld = s.match.hand.table[index]
        k = next(
            i for i, c in enumerate(meld.cards) if c == 0 and (meld.kind == 3 or meld.stands_for(i) in action.cards)
        )
        target = scene.geometry.meld_card_rects(index)[k].center
        texts = [_text(c) for c in action.cards]
        if len(texts) > 1:  # select them all, then drag one: the selection goes with it
            for n, t in enumerate(texts):
                click(app, hand_pos(scene, t, texts[:n].count(t)))
        drag(app, hand_pos(scene, texts[0]), target)
    elif isinstance(action, Tack | MoveJoker):
        index = action.meld - 1
        rects = scene.geometry.meld_card_rects(index)
        meld = s.match.hand.table[index]
        if isinstance(action, MoveJoker):
            k = next(i for i, c in enumerate(meld.cards) if c == 0 and meld.stands_for(i) == action.card)
            target = rects[k].center
        elif action.end == "low":
            target = (rects[0].x + 4, rects[0].centery)
        else:
            target = (rects[-1].right - 4, rects[-1].centery)
        drag(app, hand_pos(scene, _text(action.card)), target)
    else:
        raise AssertionError(f"no mouse route for {action}")
    return len(s.match.actions) != before or s.prompt() != prompt


def _text(card: int) -> str:
    from kalooki_desktop.engine.cards import card_text

    return card_text(card)


def play_to_the_end(app: App, scoreboard: Callable[[object], None] | None = None, limit: int = 100_000) -> int:
    """Play the game on show to its final scoreboard: the player's moves by mouse and keys (the
    hint's), a scoreboard between hands answered by ``scoreboard`` (default: Next). The number
    of the player's moves made."""
    from kalooki_desktop.scenes.scoreboard import ScoreboardScene

    moves = 0
    for _ in range(limit):
        top = app.top
        if isinstance(top, ScoreboardScene):
            if top.final:
                break
            if scoreboard is not None:
                scoreboard(top)
            else:
                press_button(app, top.b_next)
            step(app)
            continue
        assert isinstance(top, TableScene)
        if play_by_mouse(app, top):
            moves += 1
        else:
            step(app)
    return moves
