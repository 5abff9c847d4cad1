"""Render the screenshots under docs/screenshots: menu, new game, a mid-game table in hand 7
(also at the smallest and the largest window, 1024x640 and 2560x1440), New game asking before
that game is left, the moment it ends, the scoreboard (four players; eight in the smallest
window), the rules, the Call prompt and an opponent's call waiting for the player's answer (both
with melds on the table), British Kalooki (its new game, an opening being built, a joker being
taken from the table, the scoreboard asking for a buy-in), and the coach (a note after a weak
discard, the review of that hand, the progress at each contract) (headless, deterministic).
``python scripts/screenshots.py [DIR] [WIDTHxHEIGHT] [LANGUAGE]``."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from kalooki_desktop.app import App
from kalooki_desktop.play.session import GameSetup, Session
from kalooki_desktop.storage.paths import set_data_dir


def advance(session: Session, until: Callable[[Session], bool]) -> None:
    """Play the game (the player's seat by the hint) until ``until(session)`` holds."""
    now = 0.0
    for _ in range(200_000):
        if until(session):
            return
        now += 5000
        session.autoplay(now)
    raise RuntimeError("never got there")


def main(out: str = "docs/screenshots", size: str = "1280x800", language: str = "en") -> None:
    from kalooki_desktop.scenes.menu import MenuScene
    from kalooki_desktop.scenes.newgame import NewGameScene
    from kalooki_desktop.scenes.rules import RulesScene
    from kalooki_desktop.scenes.scoreboard import ScoreboardScene
    from kalooki_desktop.scenes.table import TableScene

    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    set_data_dir(tempfile.mkdtemp())
    w, h = (int(v) for v in size.split("x"))
    app = App((w, h), fullscreen=False)
    app.host.persist = False
    app.settings.language = language
    app.change_language(language)

    def shot(name: str, frames: int = 3) -> None:
        for _ in range(frames):
            app.step(1 / 60)
        app.screenshot(folder / name)
        app.toasts.text = ""

    app.push(MenuScene(app))
    shot("menu.png")
    app.push(NewGameScene(app))
    shot("new-game.png")
    app.pop()
    app.push(RulesScene(app))
    shot("rules.png")
    app.pop()
    app.push("settings")
    shot("settings.png")
    app.pop()

    session = Session(GameSetup(("normal", "normal", "easy"), seed=7), threaded=False, speed=1000)
    app.host.set_session(session)

    def mid_hand7(s: Session) -> bool:
        hand = s.match.hand
        return s.match.hand_number == 7 and len(hand.table) >= 6 and s.prompt() == "play"

    advance(session, mid_hand7)
    table = TableScene(app, session)
    app.push(table)
    app.step(1 / 60)
    table.show_hint()
    shot("table-hand7.png")
    app.toasts.text = ""
    for other in ((1024, 640), (2560, 1440)):
        app.resized(other)
        shot(f"table-{other[0]}x{other[1]}.png")
    app.resized((w, h))
    asked = NewGameScene(app)  # New game while hand 7 is in progress: the question first
    app.push(asked)
    app.step(1 / 60)
    app.host.persist = True  # (the question says where the game left is kept)
    asked.begin()
    app.host.persist = False
    shot("leave-game.png")
    app.pop()

    results = len(session.match.results)
    advance(session, lambda s: len(s.match.results) > results and not s.match.results[-1].void)
    for _ in range(600):  # the last cards land, then the table holds the ended hand
        app.step(1 / 60)
        if table.ending.held is not None and not table.choreo.flights:
            break
    shot("going-out.png")
    table.end_outro()
    shot("scoreboard.png")
    app.pop()
    advance(session, lambda s: s.over)
    app.push(ScoreboardScene(app, session, session.match.results[-1]))
    shot("final.png")
    app.pop()

    eight = Session(GameSetup(("normal",) * 4 + ("easy",) * 3, seed=5), threaded=False, speed=1000)
    app.host.set_session(eight)
    advance(eight, lambda s: any(not r.void for r in s.match.results))
    app.resized((1024, 640))  # eight players in the smallest window
    app.push(ScoreboardScene(app, eight, eight.match.results[-1]))
    shot("scoreboard-8.png")
    app.pop()
    app.resized((w, h))
    allow_dialog(app)
    shot("allow-refuse.png")
    app.pop()
    call_bar(app)
    shot("call-bar.png")
    app.pop()
    british(app, shot)
    coaching(app, shot)
    app.shutdown()


def coaching(app: App, shot: Callable[..., None]) -> None:
    """The coach's note after the player throws a king rather than going out, the review of that
    hand at the flagged decision, and the Progress page after practice hands of every contract."""
    from kalooki_desktop.engine.actions import Discard, PluckStock
    from kalooki_desktop.engine.cards import parse_card
    from kalooki_desktop.play.practice import Practice
    from kalooki_desktop.scenes.review import ReviewScene
    from kalooki_desktop.scenes.statistics import StatisticsScene
    from kalooki_desktop.scenes.table import TableScene
    from kalooki_desktop.storage import progress

    hands = ["7S 7H 7D 9S 9H 9D KS KH KD", "2H 3D 5C 6S 8H 10D QC JS AD", "2D 3C 5S 6H 8D 10C QS JH AC",
             "4S 4H 6D 6C 8C 10S QH JD AH"]
    scenario = {"levels": ["normal", "normal", "normal"], "preset": "jamaican", "hand": 1, "dealer": 3,
                "hands": hands, "discard": "5D", "stock": "2C 8S JC 6D 10H QD 3S 5H 2S 9C 4D", "seed": 1}
    session = Session.from_scenario(scenario, threaded=False, speed=50, call_wait_ms=0)
    app.host.set_session(session)
    session.coach_on = True
    table = TableScene(app, session)
    app.push(table)
    for _ in range(200):
        app.step(1 / 60)
    session.submit(PluckStock())
    for _ in range(60):
        app.step(1 / 60)
    session.submit(Discard(parse_card("KS")))
    shot("coach-note.png", 4)
    app.toasts.text = ""
    advance(session, lambda s: bool(s.match.results))
    app.pop()
    review = ReviewScene(app, session)
    app.push(review)
    flagged = [k for k in review.review.player_steps() if review.review.weigh(k).flagged]
    review.go(flagged[0] if flagged else 0)
    shot("review.png")
    app.pop()

    for hand in range(1, 10):
        for seed in range(1, 4):
            run = Practice(hand, ("normal", "normal", "normal"))
            practice_hand = run.begin(Session(run.setup(hand * 100 + seed), threaded=False, speed=1000))
            practice_hand.coach_on = False
            advance(practice_hand, lambda s: s.over)
            progress.record_hand(practice_hand, practice=True)  # into the temporary data folder
    stats_scene = StatisticsScene(app)
    app.push(stats_scene)
    stats_scene.show("progress")
    shot("progress.png")
    app.pop()


def british(app: App, shot: Callable[..., None]) -> None:
    """Kalooki 40: the new game, an opening being built, a joker dragged onto its natural card's
    place, and the scoreboard asking the player over the limit to buy back in."""
    from kalooki_desktop.engine.actions import Lay, Retrieve
    from kalooki_desktop.engine.british.match import BritishMatch
    from kalooki_desktop.scenes.newgame import NewGameScene
    from kalooki_desktop.scenes.scoreboard import ScoreboardScene
    from kalooki_desktop.scenes.table import TableScene

    app.settings.last_game = {"levels": ["normal", "normal", "hard"], "preset": "british40", "variants": []}
    app.push(NewGameScene(app))
    shot("new-game-british.png")
    app.pop()

    setup = GameSetup(("normal", "normal", "hard"), "british40", seed=11)
    session = Session(setup, threaded=False, speed=1000)
    m = session.match
    assert isinstance(m, BritishMatch)
    app.host.set_session(session)

    def building(s: Session) -> bool:
        hint = s.hint() if s.prompt() == "play" and not m.hand.opened[0] else None
        return isinstance(hint, Lay) and len(hint.melds) > 1

    advance(session, building)
    table = TableScene(app, session)
    app.push(table)
    shot("british-table.png", 20)
    lay = session.hint()
    assert isinstance(lay, Lay)
    table.model.stage_lay(Lay.of(list(lay.melds[:-1])))  # all but the last meld: short of 40
    shot("british-opening.png")
    app.pop()

    def retrieval(s: Session) -> Retrieve | None:
        if s.prompt() != "play" or not m.hand.opened[0]:
            return None
        for i, meld in enumerate(m.hand.table):
            for c in set(m.hand.hands[0]) if 0 in meld.cards else ():
                if c and s.check(Retrieve((c,), i + 1)) is None:
                    return Retrieve((c,), i + 1)
        return None

    advance(session, lambda s: retrieval(s) is not None)
    action = retrieval(session)
    assert action is not None
    table = TableScene(app, session)
    app.push(table)
    shot("british-before-retrieve.png", 20)
    _drag_over_joker(app, table, action)
    shot("british-retrieve.png", 2)
    app.pop()

    advance(session, lambda s: s.prompt() == "buy_in")
    app.push(ScoreboardScene(app, session, m.results[-1]))
    shot("british-scoreboard.png")
    app.pop()


def _drag_over_joker(app: App, table: object, action: object) -> None:
    """Press on the natural card in the hand and move it over the joker it frees, not letting go."""
    import pygame

    from kalooki_desktop.engine.actions import Retrieve
    from kalooki_desktop.scenes.table import TableScene

    assert isinstance(table, TableScene) and isinstance(action, Retrieve)
    card = action.cards[0]
    i = table.model.order.index(card)
    r = table.geometry.hand_rects()[i]
    start = (r.x + 12, r.y + 30)
    meld = table.session.match.hand.table[action.meld - 1]
    k = next(k for k, c in enumerate(meld.cards) if c == 0)
    end = table.geometry.meld_card_rects(action.meld - 1)[k].center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=start))
    app.step(1 / 60)
    for t in range(1, 9):
        pos = (start[0] + (end[0] - start[0]) * t // 8, start[1] + (end[1] - start[1]) * t // 8)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
        app.step(1 / 60)


def _melds_then(app: App, last: str) -> Session:
    """A table where Desmond has laid three threes and the player holds 7♠ 7♦; then ``last``:
    "call" (Desmond discards the 7♣, which makes the player's sevens a three: the Call prompt) or
    "allow" (Marcia and Winston play; Marcia calls Winston's 8♥, and the player, next, is asked)."""
    from kalooki_desktop.engine.actions import Discard, Lay, Pass, PluckStock
    from kalooki_desktop.engine.cards import parse_card, parse_cards
    from kalooki_desktop.engine.match import Match
    from kalooki_desktop.engine.rules import THREE
    from kalooki_desktop.scenes.table import TableScene

    hands = ["7S 7D 9C 9H KS KH 4C 5C 2S", "7H 7D 7S 9H 9D 9S 4C 4D 4S 7C", "2D 3C 5S 6H 8D 8S 10C QS JH",
             "2H 3D 5D 6S 8H 10D QC JS AD"]
    scenario = {"levels": ["normal", "normal", "normal"], "preset": "jamaican", "hand": 1, "dealer": 3,
                "hands": hands, "discard": "2C", "stock": "6D 8C 3S 4H 10C QH JD AS 4H 2H 6H 8C 9S 5H",
                "seed": 1}
    session = Session.from_scenario(scenario, threaded=False, speed=50, call_wait_ms=10**7)
    m = session.match
    assert isinstance(m, Match)

    def play(seat: int, *actions: object) -> None:  # through the session, so the log tells it
        for caller in m.hand.callers_before(seat, actions[0]):  # type: ignore[arg-type]
            session.replay_action(caller, str(Pass()))
        for action in actions:
            session.replay_action(seat, str(action))

    play(0, PluckStock(), Discard(parse_card("2S")))
    threes = [(THREE, parse_cards(t)) for t in ("7H 7D 7S", "9H 9D 9S", "4C 4D 4S")]
    play(1, PluckStock(), Lay.of(threes), Discard(parse_card("7C")))
    if last == "allow":
        play(0, Pass())
        play(2, PluckStock(), Discard(parse_card("2D")))
        play(3, PluckStock(), Discard(parse_card("8H")))
    app.host.set_session(session)
    app.push(TableScene(app, session))
    for _ in range(600):
        app.step(1 / 60)
        if session.prompt() == last:
            break
    assert session.prompt() == last, f"the {last} prompt never came"
    return session


def call_bar(app: App) -> None:
    """The Call prompt with melds on the table: Desmond's 7♣ makes the player's sevens a three."""
    _melds_then(app, "call")


def allow_dialog(app: App) -> None:
    """Marcia calls the 8♥ Winston threw, with melds on the table: the player, next, is asked."""
    _melds_then(app, "allow")

if __name__ == "__main__":
    main(*sys.argv[1:])
