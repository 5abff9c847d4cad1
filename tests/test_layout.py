"""Every scene at the smallest, the usual and the largest window sizes, its words measured
against their boxes (:mod:`tests.layout_probe`): nothing runs past its box or off the window,
nothing is shortened with "…", nothing is drawn over anything else."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pygame
import pytest

from kalooki_desktop import i18n
from kalooki_desktop.ai.normal import NormalBot
from kalooki_desktop.app import App
from kalooki_desktop.engine.actions import Discard, Lay, PluckStock
from kalooki_desktop.engine.cards import parse_cards
from kalooki_desktop.i18n import tr
from kalooki_desktop.play.session import HUMAN, GameSetup, Session
from kalooki_desktop.storage import saves
from kalooki_desktop.storage.paths import set_data_dir
from kalooki_desktop.ui.layout import set_large_cards
from kalooki_desktop.ui.theme import set_interface_scale, window_scale

from .gui import act, jamaican, key, make_app, step, table_at
from .layout_probe import Probe

SIZES = [(1024, 640), (1280, 800), (1920, 1080), (2560, 1440)]
TOAST = "Nothing there takes cards: drop them on your hand, a glowing slot or meld, or the discard pile"


def advance(session: Session, until: Callable[[Session], bool]) -> None:
    """Play on (the player's seat as a Normal player would) until ``until(session)``."""
    rng = random.Random(0)
    now = 0.0
    for _ in range(100_000):
        if until(session):
            return
        if session.prompt() is not None:
            move = session.hint() if session.rules.system == "british" else NormalBot().choose(jamaican(session).view(0), rng)
            assert move is not None
            assert session.submit(move) is None
        else:
            now += 5000
            session.tick(now)
    raise AssertionError("never got there")


_SESSIONS: dict[str, Session] = {}


def seven_opponents_hand9() -> Session:
    """A game of eight in hand 9 with a full table, the player to play (made once)."""
    if "hand9" not in _SESSIONS:
        for seed in range(1, 40):
            s = Session(GameSetup(("easy",) * 4 + ("normal",) * 3, seed=seed), threaded=False, speed=1000)
            try:
                advance(s, lambda s: s.match.hand_number == 9 and len(s.match.hand.table) >= 8
                        and s.prompt() == "play")
            except AssertionError:
                continue
            _SESSIONS["hand9"] = s
            break
    return _SESSIONS["hand9"]


def eight_players_scored() -> Session:
    """A game of eight with a hand scored (made once)."""
    if "scored" not in _SESSIONS:
        s = Session(GameSetup(("normal",) * 4 + ("easy",) * 3, seed=5), threaded=False, speed=1000)
        advance(s, lambda s: any(not r.void for r in s.match.results))
        _SESSIONS["scored"] = s
    return _SESSIONS["scored"]


def eight_players_hand9_over() -> Session:
    """A game of eight played to its end, its hand 9 the last finished (made once)."""
    if "over" not in _SESSIONS:
        s = Session(GameSetup(("easy",) * 4 + ("normal",) * 3, seed=1), threaded=False, speed=1000)
        advance(s, lambda s: s.over)
        _SESSIONS["over"] = s
    return _SESSIONS["over"]


def british_at(name: str, until: Callable[[Session], bool], levels: tuple[str, ...] = ("normal", "normal", "hard"),
               seed: int = 11) -> Session:
    """A game of Kalooki 40 (among four unless ``levels`` says), played on by the hint until
    ``until`` (made once)."""
    if name not in _SESSIONS:
        s = Session(GameSetup(levels, "british40", seed=seed), threaded=False, speed=1000)
        advance(s, until)
        _SESSIONS[name] = s
    return _SESSIONS[name]


def head_to_head(name: str, until: Callable[[Session], bool]) -> Session:
    """A game of Kalooki 40 between the player and one Normal, played on until ``until``."""
    return british_at(name, until, ("normal",), seed=1)


def two_player_scenes(app: App) -> Iterator[str]:
    """Kalooki 40 head to head: New game, the table with an opening being built, the scoreboard
    of a deal, its buy-in question and the last one."""
    from kalooki_desktop.scenes.newgame import NewGameScene
    from kalooki_desktop.scenes.scoreboard import ScoreboardScene
    from kalooki_desktop.scenes.table import TableScene

    app.settings.last_game = {"levels": ["hard"], "preset": "british40", "variants": []}
    app.push(NewGameScene(app))
    step(app)
    yield "new game, Kalooki 40, one opponent"
    app.pop()
    building = head_to_head("two, building", lambda s: s.prompt() == "play" and s.match.hand_number >= 2
                            and isinstance(s.hint(), Lay))
    app.host.set_session(building)
    table = TableScene(app, building)
    app.push(table)
    step(app, 3)
    hint = building.hint()
    assert isinstance(hint, Lay)
    table.model.stage_lay(hint)
    step(app, 2)
    yield "table, Kalooki 40, two players"
    app.pop()
    shown = (("", building), (", the buy-in question", head_to_head("two, buy in", lambda s: s.prompt() == "buy_in")),
             (", the last deal", head_to_head("two, over", lambda s: s.over)))
    for what, session in shown:
        app.push(ScoreboardScene(app, session, session.match.results[-1]))
        step(app)
        yield f"scoreboard, Kalooki 40, two players{what}"
        app.pop()


def scenes(app: App) -> Iterator[str]:
    """Put each scene on show in turn, yielding its name."""
    from kalooki_desktop.scenes.load import LoadScene
    from kalooki_desktop.scenes.menu import MenuScene
    from kalooki_desktop.scenes.newgame import NewGameScene
    from kalooki_desktop.scenes.rules import RulesScene
    from kalooki_desktop.scenes.scoreboard import ScoreboardScene
    from kalooki_desktop.scenes.settings import SettingsScene
    from kalooki_desktop.scenes.statistics import StatisticsScene
    from kalooki_desktop.scenes.table import TableScene
    from kalooki_desktop.scenes.table.dialogs import SaveAsScene

    hand9 = seven_opponents_hand9()
    app.host.set_session(hand9)
    app.push(MenuScene(app))
    step(app)
    yield "menu"
    from kalooki_desktop.scenes.keys import TABLE_KEYS, KeysScene

    for names, name in ((MenuScene.help_keys, "the keys of a screen (F1)"), (TABLE_KEYS, "the table's keys (F1)")):
        app.push(KeysScene(app, names))
        step(app)
        yield name
        app.pop()
        step(app)
    app.push(NewGameScene(app))
    step(app)
    yield "new game"
    new = app.top
    assert isinstance(new, NewGameScene)
    new.levels = ["easy", "normal", "hard", "easy", "normal", "hard", "easy"]
    new.rebuild()
    step(app)
    yield "new game, seven opponents"
    kept = Session(GameSetup(("normal", "normal"), seed=2), threaded=False)
    saves.save(kept, saves.save_path(tr("save.previous_game")), tr("save.previous_game"))
    app.host.persist = True  # the longest question: a game kept as "Previous game" before is replaced
    new.begin()
    app.host.persist = False
    step(app)
    assert new.leave.dialog is not None and tr("leave.replaces") in new.leave.dialog.confirmation_text.html_text
    yield "new game, asking before the game in progress is left"
    key(app, pygame.K_ESCAPE)
    app.pop()
    saves.save(hand9, saves.save_path("Sunday game with the family"), "Sunday game with the family")
    for name, scene in (("rules", RulesScene(app)), ("settings", SettingsScene(app)),
                        ("statistics", StatisticsScene(app)), ("load", LoadScene(app))):
        app.push(scene)
        step(app)
        yield name
        if isinstance(scene, LoadScene):
            scene.ask_delete()
            step(app)
            yield "load, asking before a delete"
        app.pop()
    table = TableScene(app, hand9)
    app.push(table)
    step(app, 3)
    yield "table, hand 9, seven opponents"
    app.push(SaveAsScene(app, hand9))
    step(app)
    yield "save as"
    app.pop()
    app.pop()
    app.push(ScoreboardScene(app, eight_players_scored(), eight_players_scored().match.results[-1]))
    step(app)
    yield "scoreboard, eight players"
    app.pop()
    building = british_at("building", lambda s: s.prompt() == "play" and s.match.hand_number >= 2)
    app.host.set_session(building)
    table = TableScene(app, building)
    app.push(table)
    step(app, 3)
    hint = building.hint()
    if isinstance(hint, Lay):
        table.model.stage_lay(hint)
    step(app, 2)
    yield "table, Kalooki 40"
    rules = RulesScene(app)
    app.push(rules)
    step(app)
    yield "rules, Kalooki 40"
    app.pop()
    app.pop()
    asked = british_at("buy in", lambda s: s.prompt() == "buy_in")
    app.push(ScoreboardScene(app, asked, asked.match.results[-1]))
    step(app)
    yield "scoreboard, Kalooki 40, the buy-in question"
    app.pop()
    yield from two_player_scenes(app)
    from kalooki_desktop.play.practice import Practice
    from kalooki_desktop.scenes.practice import PracticeResultScene, PracticeScene

    app.host.practice = Practice(8, ("hard",) * 5)
    if "practice" not in _SESSIONS:  # played once, the coach weighing the player's decisions
        _SESSIONS["practice"] = app.host.practice.begin(Session(app.host.practice.setup(3), threaded=False, speed=1000))
        advance(_SESSIONS["practice"], lambda s: s.over)
    practice_hand = _SESSIONS["practice"]
    app.push(PracticeScene(app))
    step(app)
    yield "practice"
    app.push(PracticeResultScene(app, practice_hand, jamaican(practice_hand).results[-1]))
    step(app)
    yield "practice, a hand's result"
    from kalooki_desktop.scenes.review import ReviewScene

    review = ReviewScene(app, practice_hand)
    app.push(review)
    review.go(len(review.review.steps) // 2)
    step(app)
    yield "review of a hand"
    app.pop()
    review = ReviewScene(app, eight_players_hand9_over())
    app.push(review)
    review.last()
    step(app)
    yield "review, eight players, hand 9"
    app.pop()
    app.pop()
    app.pop()
    from kalooki_desktop.storage import progress

    progress.record_hand(practice_hand, practice=True)
    progress.record_hand(hand9)
    stats_scene = StatisticsScene(app)
    app.push(stats_scene)
    stats_scene.show("jamaican")
    step(app)
    yield "statistics, hands before a finished game"
    stats_scene.show("british40")
    step(app)
    yield "statistics, Kalooki 40, deals of the game in progress"
    stats_scene.show("progress")
    step(app)
    yield "statistics, progress"
    app.pop()
    from kalooki_desktop.storage import stats

    nine = list(progress.STANDARD.values())
    stats.save_records([  # every contract there is: the nine, then a custom schedule's three
        stats.GameRecord("2026-01-01 10:00", "jamaican", "Normal ×7", 8, won=False, score=212, winner_score=40,
                         hands=list(range(1, 10)), laid=[k % 3 != 1 for k in range(9)], contracts=nine),
        stats.GameRecord("2026-01-02 10:00", "custom", "Easy, Hard, Normal", 4, won=True, score=15, winner_score=15,
                         hands=[1, 2, 3], laid=[True, False, True], contracts=["3 3", "3 4", "4 4"]),
    ])
    app.push(StatisticsScene(app))
    step(app)
    yield "statistics, a custom schedule's game recorded"
    app.pop()
    app.push(MenuScene(app))
    step(app)
    yield "menu, offering the weakest contract"
    app.pop()
    app.settings.last_game = {"levels": ["normal"] * 3, "preset": "kalooki51", "variants": ["B-12"]}
    app.push(NewGameScene(app))
    step(app)
    yield "new game, Kalooki 51"
    app.pop()
    yield from guided_hand(app)


def guided_hand(app: App) -> Iterator[str]:
    """The guided first hand at its first tip, at the allow question (its tip beside the
    question), once the player has laid (a tack), and its end."""
    from kalooki_desktop.play.guide import Guide, follow, guided_session
    from kalooki_desktop.scenes.guide import GuideResultScene
    from kalooki_desktop.scenes.table import TableScene

    session = app.host.guided = guided_session(threaded=False, speed=1000)
    guide = app.host.guide = Guide()
    table = TableScene(app, session)
    app.push(table)
    step(app, 3)
    yield "guided hand, its first tip"
    now = 0.0
    for moment in ("allow", "tack", "end"):
        while not session.over:
            tip = guide.tip(session)
            assert tip is not None
            if tip.moment == moment:
                break
            if session.prompt() is None:
                now += 5000
                session.tick(now)
            else:
                session.submit(follow(session, tip))
        step(app, 3)
        if moment != "end":
            yield f"guided hand, the {moment} tip"
    app.pop()
    app.push(GuideResultScene(app, session, session.match.results[-1]))
    step(app)
    yield "the guided hand's end"
    app.pop()


def allow_dialog(app: App) -> None:
    """A table where an opponent calls the player's discard: the allow/refuse dialog."""
    plain = ["2S 3H 5D 6C 8S 10H QD JC AH", "7S 7D 9C 9H KS KH 4C 5C 3S", "2D 3C 5S 6H 8D 10C QS JH AC",
             "7H 3D 5C 6S 8H 10D QC JS AD"]
    scene = table_at(app, plain, discard="2C", stock="6D 8H 3S 4D 10C QH JD AS 4H 2H 6H 8C 9S 5H", dealer=2)
    m = scene.session.match
    m.apply(3, PluckStock())
    m.apply(3, Discard(parse_cards("7H")[0]))
    for _ in range(200):
        if scene.session.prompt() == "allow":
            break
        step(app)
    assert scene.session.prompt() == "allow"
    _ = act, HUMAN


@pytest.fixture
def probe(monkeypatch, tmp_path):
    set_data_dir(tmp_path)
    yield Probe(monkeypatch)
    set_data_dir(None)


#: Every language the game ships beside English, and the pseudo-language (English about 40% longer).
OTHER_LANGUAGES = [*sorted(set(i18n.languages()) - {"en"}), i18n.PSEUDO]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_scene_fits_its_words_at_every_size(probe, size):
    every_scene_fits(probe, size, "en")


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)], ids=["1024x640", "1920x1080"])
@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_every_scene_fits_its_words_in_every_language(probe, size, language):
    every_scene_fits(probe, size, language)


#: Interface sizes (per cent) and card sizes at the window sizes that hold them: 75% anywhere, 100%
#: where the window is larger than 1280x800, 200% from 2560x1600; the large cards anywhere.
LOOKS = [(75, False, (1024, 640)), (75, False, (1920, 1080)), (100, False, (1920, 1080)),
         (200, False, (2560, 1600)), (0, True, (1024, 640)), (0, True, (1920, 1080))]


@pytest.mark.parametrize(("scale", "large", "size"), LOOKS,
                         ids=[f"{f'{n}%' if n else 'auto'}{'-large' if big else ''}-{w}x{h}" for n, big, (w, h) in LOOKS])
def test_every_scene_fits_its_words_at_every_interface_and_card_size(probe, scale, large, size):
    try:
        every_scene_fits(probe, size, "en", scale, large=large)
    finally:
        set_interface_scale(0)
        set_large_cards(False)


def every_scene_fits(probe: Probe, size: tuple[int, int], language: str, scale: int = 0, *,
                     large: bool = False) -> None:
    app = make_app(size)
    app.settings.interface_scale, app.settings.large_cards = scale, large
    app.apply_look()
    assert app.scale == (min(scale / 100, window_scale(size)) if scale else window_scale(size))
    app.change_language(language)
    found = []
    for name in scenes(app):
        found += [f"{name}: {p}" for p in probe.problems(app)]
        app.toast(TOAST, "error", 5)  # a toast covers no title and is never cut
        found += [f"{name} with a toast: {p}" for p in probe.problems(app, toast=TOAST)]
        app.toasts.text = ""
    allow_dialog(app)
    found += [f"allow dialog: {p}" for p in probe.problems(app)]
    app.pop()
    call_prompt(app)
    found += [f"call prompt: {p}" for p in probe.problems(app)]
    app.shutdown()
    i18n.set_language("en")
    assert not found, "\n".join(found)


def call_prompt(app: App) -> None:
    """A table where the player is asked whether to call a discard that makes their sevens a three."""
    plain = ["7S 7D 9S 9H KS KH 4C 5C 2S", "7H 3H 5D 6C 8S 10H QD JC AH", "2H 3D 5C 6S 8H 10D QC JS AD",
             "2D 3C 5S 6H 8D 10C QS JH AC"]
    scene = table_at(app, plain, discard="2C", stock="6D 8H 3S 4D 10C QH JD AS 4H 2H 6H 8C 9S 5H")
    m = jamaican(scene.session)
    m.apply(0, PluckStock())
    m.apply(0, Discard(parse_cards("2S")[0]))
    act(m, 1, PluckStock())
    m.apply(1, Discard(parse_cards("7H")[0]))
    for _ in range(200):
        if scene.session.prompt() == "call":
            break
        step(app)
    assert scene.session.prompt() == "call"


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_call_prompt_and_the_allow_question_cover_no_meld_pile_slot_or_card_in_hand(tmp_path, size):
    """At every window size, on a full table of eight, the Call prompt's buttons and the
    allow-or-refuse question leave the melds, the piles, the slots and the hand in view: the
    player judges the card by them."""
    from kalooki_desktop.scenes.table import TableScene

    set_data_dir(tmp_path)
    app = make_app(size)
    session = seven_opponents_hand9()
    table = TableScene(app, session)
    app.push(table)
    step(app, 2)
    lay, g, c = table.layout, table.geometry, table.controls
    things = {f"meld {i + 1} card {k + 1}": r for i in range(len(session.match.hand.table))
              for k, r in enumerate(g.meld_card_rects(i))}
    things |= {"pile": lay.pile, "stock": lay.stock, "hand": lay.hand}
    things |= {f"slot {j + 1}": r for j, r in enumerate(lay.slots)}
    prompts = {"call bar": c.call_bar().inflate(0, 24), "dialog": c.dialog}
    prompts |= {name: getattr(c, name).relative_rect for name in ("call", "let_go", "allow", "refuse")}
    hits = [f"{p} over {t}" for p, r in prompts.items() for t, o in things.items() if r.colliderect(o)]
    assert len(things) > 30 and not hits, hits
    assert all(app.screen.get_rect().contains(r) for r in prompts.values())
    app.shutdown()
    set_data_dir(None)


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)], ids=["1024x640", "1920x1080"])
@pytest.mark.parametrize("staging", [True, False], ids=["slots", "laid"])
def test_a_table_toast_covers_no_meld_and_no_button(tmp_path, size, staging):
    """A long refusal on a full table of eight sits clear of the melds' area and of every
    button on show, with the slots on show and once the player has laid."""
    from kalooki_desktop.scenes.table import TableScene

    set_data_dir(tmp_path)
    app = make_app(size)
    table = TableScene(app, seven_opponents_hand9())
    app.push(table)
    step(app, 2)
    table.staging_shown = lambda: staging  # type: ignore[method-assign]
    table.rebuild()
    step(app, 2)
    for message in (TOAST, f"{TOAST}; {TOAST}"):  # one too long for the room grows over the hand
        app.toast(message, "error", 5, scope="position")
        step(app)
        box, lay, c = app.toasts.box, table.layout, table.controls
        assert box.w > 0 and (lay.staging is not None) == staging
        buttons = {name: getattr(c, name) for name in vars(c) if hasattr(getattr(c, name), "relative_rect")}
        hits = [name for name, b in buttons.items() if b.visible and b.relative_rect.colliderect(box)]
        assert not box.colliderect(lay.melds) and not hits, (box, lay.melds, hits)
    app.shutdown()
    set_data_dir(None)


_ = pygame


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_review_of_eight_players_shows_every_card_readable_and_every_meld(tmp_path, monkeypatch, size):
    """Eight players' hands in hand 9: every card of every hand at least 40 pixels tall at
    1024x640 (its rank readable), and every meld on the table drawn, none of it off its panel."""
    from kalooki_desktop.scenes.review import ReviewScene
    from kalooki_desktop.ui import cards as art

    set_data_dir(tmp_path)
    app = make_app(size)
    session = eight_players_hand9_over()
    review = ReviewScene(app, session)
    app.push(review)
    step(app)
    assert review.review.result.number == 9
    drawn: list[tuple[object, int]] = []
    face = art.face

    def recorded(card, height, **kwargs):
        drawn.append((card, height))
        return face(card, height, **kwargs)

    monkeypatch.setattr(art, "face", recorded)
    for k in (0, len(review.review.steps)):  # as dealt, and the table at the end
        review.go(k)
        drawn.clear()
        step(app)
        state = review.review.state(k)
        in_hands = sum(len(h) for h in state.hands)
        in_melds = sum(len(m.cards) for m in state.table)
        assert len(drawn) == in_hands + in_melds + (state.discard_top is not None)
        hands = sorted(h for _, h in drawn)[-in_hands:]
        assert min(hands) >= 40 * size[1] / 640, (k, min(hands))
    assert len(state.table) >= 8
    app.shutdown()
    set_data_dir(None)


def test_a_dropdown_opens_as_wide_as_it_is_and_a_confirmation_has_the_games_buttons(tmp_path):
    from kalooki_desktop.scenes.load import LoadScene
    from kalooki_desktop.scenes.menu import MenuScene
    from kalooki_desktop.scenes.newgame import NewGameScene

    from .gui import click

    set_data_dir(tmp_path)
    app = make_app((1920, 1080))
    app.push(MenuScene(app))
    app.push(NewGameScene(app))
    step(app, 2)
    menu = app.top.level_menus[0]  # type: ignore[union-attr]
    click(app, menu.rect.center)
    step(app, 2)
    listing = menu.current_state.options_selection_list
    assert listing.rect.w >= menu.rect.w - 4 and listing.list_item_height >= 40  # 32 at 1280x800
    app.pop()
    s = Session(GameSetup(("normal", "normal"), seed=3), threaded=False)
    saves.save(s, saves.save_path("Sunday"), "Sunday")
    load = LoadScene(app)
    app.push(load)
    step(app)
    load.ask_delete()
    step(app)
    dialog = load.confirm
    assert dialog is not None
    assert dialog.confirm_button.rect.h >= 44 * app.scale - 1 and "#primary_button" in dialog.cancel_button.object_ids
    assert dialog.cancel_button.text == "Cancel" and dialog.cancel_button.rect.w >= 150
    app.shutdown()
    set_data_dir(None)


def test_button_words_grow_with_the_window(tmp_path):
    from kalooki_desktop.scenes.menu import MenuScene

    set_data_dir(tmp_path)
    heights = {}
    for size in ((1280, 800), (2560, 1440)):
        app = make_app(size)
        app.push(MenuScene(app))
        step(app)
        button = app.top.buttons["new"]  # type: ignore[union-attr]
        heights[size] = button.ui_theme.get_font(button.combined_element_ids).size("New game")[1]
        app.shutdown()
    assert heights[(2560, 1440)] >= 1.6 * heights[(1280, 800)]
    set_data_dir(None)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_statistics_panels_sit_between_the_title_and_the_buttons(tmp_path, monkeypatch, size):
    """Every page of Statistics (a head-to-head British game recorded) at every window size: its
    panels start under the title and end above the row of buttons, whatever the window's scale."""
    from kalooki_desktop.scenes import progress as progress_page
    from kalooki_desktop.scenes import statistics as page
    from kalooki_desktop.storage import stats
    from kalooki_desktop.ui.draw import backdrop
    from kalooki_desktop.ui.draw import panel as drawn

    set_data_dir(tmp_path)
    app = make_app(size)
    stats.save_records([stats.GameRecord("2026-01-01 10:00", "british40", "Hard", 2, won=True, score=93,
                                         winner_score=93, hands=list(range(1, 14)), laid=[True] * 13)])
    panels: list[pygame.Rect] = []

    def spy(surface: pygame.Surface, rect: pygame.Rect, *args: object, **kwargs: object) -> None:
        panels.append(rect)
        drawn(surface, rect, *args, **kwargs)  # type: ignore[arg-type]

    for module in (page, progress_page):
        monkeypatch.setattr(module, "panel", spy)
    scene = page.StatisticsScene(app)
    app.push(scene)
    title = 18 + backdrop(app.screen.copy(), "Statistics")
    for game in (*stats.GAMES, "progress"):
        scene.show(game)
        step(app)
        panels.clear()
        step(app)
        buttons = min(b.relative_rect.y for b in (scene.b_back, *scene.tabs.values()))
        assert panels and all(title <= r.y and r.bottom <= buttons for r in panels), (game, panels, title, buttons)
    app.shutdown()
    set_data_dir(None)


def test_a_label_too_small_for_its_words_fails_the_test_that_makes_it(tmp_path):
    from pygame_gui.elements import UILabel

    set_data_dir(tmp_path)
    app = make_app((1024, 640))
    try:
        with pytest.raises(UserWarning, match="too small for text"):
            UILabel(pygame.Rect(0, 0, 20, 10), "Far too many words for this label", app.ui)
    finally:
        app.shutdown()
        set_data_dir(None)
