"""Practice: pick one contract of the schedule (or the one the player's progress says is their
weakest), or coming out in British Kalooki 40 or 51, and the opponents, then play single hands
of it with the coach on (:mod:`..play.practice`).
After each hand, its figures and the practice's so far, and Deal again or Replay this deal.

A practice hand is not the game in progress: the menu's Continue still goes back to that game,
and practice hands are not counted among the statistics' games.
"""

from __future__ import annotations

from functools import partial

import pygame
import pygame_gui
from pygame_gui.elements import UILabel

from ..ai.personas import LEVELS
from ..app import App, Scene, register_scene
from ..engine.game import DealResult
from ..i18n import number, tr, tr_n
from ..play.practice import OPENINGS, SCHEDULE, Practice, label_of, opponents_of, practice_of
from ..play.session import HUMAN, Session
from ..storage import progress
from ..ui import cards as art
from ..ui import palette
from ..ui import text as txt
from ..ui.draw import backdrop, panel
from ..ui.theme import Answers, DropDown
from .handend import hand_end_lines, score_text
from .review import open_review
from .words import note_text


@register_scene("practice")
class PracticeScene(Scene):
    """Choose the contract and the opponents; Start plays a practice hand."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.weakest = progress.weakest_hand()  # what the menu offers too
        last, kept = app.host.practice, app.settings.last_practice  # this run's practice, or the last run's
        kept_target = kept.get("target", kept.get("hand", self.weakest or 1))
        self.target = last.target if last is not None else str(kept_target)
        self.count = str(len(last.levels) if last is not None else kept.get("opponents", 3))
        self.fit_count()
        self.level = last.levels[0] if last is not None else kept.get("level", "normal")

    def build(self) -> None:
        w, h = self.size
        m = max(24, w // 40)
        self.box = pygame.Rect(m, round(h * 0.14), w - 2 * m, round(h * 0.72))
        ui, row = self.app.ui, max(34, h // 22)
        x, y = self.box.x + 24, self.box.y + 20
        labels = (tr("practice.contract"), tr("practice.opponents"), tr("practice.level"))
        lw = self.fitted(labels, self.px(200), self.box.w // 3, element="label") + self.px(8)
        options: list[str | tuple[str, str]] = [(label_of(str(n)), str(n)) for n in SCHEDULE]
        options += [(label_of(preset), preset) for preset in OPENINGS]
        if self.weakest is not None:
            weakest = tr("practice.weakest", hand=label_of(str(self.weakest)))
            options.insert(0, (weakest, "weakest"))
        step = row + 12
        for k, label in enumerate(labels):
            self.widget(UILabel(pygame.Rect(x, y + k * step, lw, row), label, ui))
        cx, cw = x + lw + self.px(12), min(self.px(420), self.box.right - x - lw - 40)
        current = next(o for o in options if isinstance(o, tuple) and o[1] == self.target)
        self.answers = answers = Answers()
        changed = pygame_gui.UI_DROP_DOWN_MENU_CHANGED
        menu = self.widget(DropDown(options, current, pygame.Rect(cx, y, cw, row), ui))
        self.contract_menu = answers.on(menu, changed, lambda _: self.choose_contract())
        counts: list[str | tuple[str, str]] = [str(n) for n in opponents_of(self.target)]
        at = pygame.Rect(cx, y + step, self.px(90), row)
        self.count_menu = answers.on(self.widget(DropDown(counts, self.count, at, ui)), changed,
                                     lambda e: setattr(self, "count", e.text))
        levels: list[str | tuple[str, str]] = [(tr(f"level.{lv}"), lv) for lv in LEVELS if lv != "random"]
        chosen = next(o for o in levels if isinstance(o, tuple) and o[1] == self.level)
        at = pygame.Rect(cx, y + 2 * step, self.px(200), row)
        self.level_menu = answers.on(self.widget(DropDown(levels, chosen, at, ui)), changed,
                                     lambda _: setattr(self, "level", self.level_menu.selected_option[1]))
        self.figures_top = y + 3 * (row + 12) + self.px(16)
        bw, bh = self.px(220), max(46, h // 15)
        by = self.box.bottom + (h - self.box.bottom - bh) // 2
        self.start = self.button(pygame.Rect(w - m - bw, by, bw, bh), tr("practice.start"), "#primary_button",
                                 command=self.begin)
        self.back = self.button(pygame.Rect(m, by, self.px(160), bh), tr("common.back"), command=self.app.pop)

    def fit_count(self) -> None:
        """Keep the number of opponents within what the chosen practice allows (J-1.1, B-1)."""
        allowed = opponents_of(self.target)
        self.count = str(min(max(int(self.count), allowed.start), allowed.stop - 1))

    def choose_contract(self) -> None:
        """A contract or an opening was chosen (or the weakest contract): the opponents' menu
        offers what that game allows."""
        choice = self.contract_menu.selected_option[1]
        self.target = str(self.weakest or 1) if choice == "weakest" else choice
        self.fit_count()
        self.rebuild()  # the opponents' menu offers what the chosen game allows

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.answers.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.begin()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        return False

    def begin(self) -> None:
        """A practice hand of the chosen contract (the practice so far kept when only the deal
        changes)."""
        levels = (self.level,) * int(self.count)
        run = self.app.host.practice
        if run is None or run.target != self.target or run.levels != levels:
            if run is not None and run.session is not None:
                run.session.close()
            run = self.app.host.practice = practice_of(self.target, levels)
        self.app.settings.last_practice = {"target": self.target, "opponents": len(levels),
                                           "level": self.level}
        self.app.push("table", self.app.host.play_practice())

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(surface, tr("practice.title"), top=round(surface.get_height() * 0.035))
        panel(surface, self.box)
        size = self.font_px(15)
        x, y = self.box.x + 24, self.figures_top
        for line in txt.wrap(tr("practice.about"), size, self.box.w - 48):
            txt.draw(surface, line, size, (x, y), palette.TEXT_SOFT)
            y += size + 6
        run = self.app.host.practice
        if run is not None and run.tries and run.target == self.target:
            y += size
            draw_figures(surface, run, (x, y), size, self.box.right - 24)


@register_scene("practice_result")
class PracticeResultScene(Scene):
    """After a practice hand: how it went, the practice's figures, and what next."""

    def __init__(self, app: App, session: Session, result: DealResult | None) -> None:
        super().__init__(app)
        self.session = session
        self.result = result
        run = app.host.practice
        assert run is not None, "a practice hand without its practice"
        self.run = run
        self.done = run.record(session)
        if app.host.persist:
            for message in progress.record_hand(session, practice=True):
                app.notify(message, "notice")

    def build(self) -> None:
        w, h = self.size
        bw, bh = self.px(230), max(46, h // 16)
        y = h - bh - 16
        self.again = self.button(pygame.Rect(w - bw - 20, y, bw, bh), tr("practice.deal_again"),
                                 "#primary_button", command=lambda: self.play(replay=False))
        self.replay = self.button(pygame.Rect(w - 2 * bw - 32, y, bw, bh), tr("practice.replay"),
                                  command=lambda: self.play(replay=True))
        self.back = self.button(pygame.Rect(20, y, self.px(220), bh), tr("practice.menu"), command=self.leave)
        self.review = None if self.run.system != "jamaican" else self.button(
            pygame.Rect(w - 3 * bw - 44, y, bw, bh), tr("practice.review"),
                                  command=lambda: open_review(self.app, self.session))

    def play(self, *, replay: bool) -> None:
        """Another practice hand: a new deal, or this deal again."""
        session = self.app.host.play_practice(self.done.seed if replay else None)
        self.app.reset("menu")
        self.app.push("practice")
        self.app.push("table", session)

    def leave(self) -> None:
        """Back to the practice screen."""
        self.app.reset("menu")
        self.app.push("practice")

    def handle_event(self, event: pygame.event.Event) -> bool:
        deal, replay = partial(self.play, replay=False), partial(self.play, replay=True)
        return self.answer_key(event, {pygame.K_RETURN: deal, pygame.K_KP_ENTER: deal, pygame.K_r: replay,
                                       pygame.K_ESCAPE: self.leave})

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        backdrop(surface)
        big, font = self.font_px(30), self.font_px(16)
        title = tr("practice.result_title", hand=self.run.label)
        txt.draw(surface, title, big, (w // 2, 16), palette.GOLD, bold=True, anchor="midtop")
        d = self.done
        if d.made:
            line = tr(_words(self.run, "made"), turns=d.turns or 0, points=d.points)
        else:
            line = tr(_words(self.run, "not_made"), points=d.points)
        txt.draw(surface, line, font + 2, (w // 2, 24 + big), palette.VALID if d.made else palette.TEXT,
                 bold=True, anchor="midtop")
        box = pygame.Rect(20, 40 + big + font * 2, w - 40, h - 40 - big - font * 2 - max(46, h // 16) - 40)
        panel(surface, box, alpha=165)
        x, y = box.x + 20, box.y + 16
        half = box.x + box.w // 2
        r = self.result
        if r is not None:
            y = self.draw_hand_end(surface, r, (x, y), font, half - 20)
        draw_figures(surface, self.run, (x, y + font), font, half - 20)
        self.draw_notes(surface, (half + 10, box.y + 16), font, box.right - 20)

    def draw_hand_end(self, surface: pygame.Surface, r: DealResult, at: tuple[int, int], font: int,
                      right: int) -> int:
        """Who went out, each seat's points, and the cards the player was left with; the y below."""
        x, y = at
        names = self.session.names
        for line in hand_end_lines(r, names):
            txt.draw(surface, line, font, (x, y), palette.GOLD, bold=True, max_width=right - x)
            y += font + 8
        for seat, name in enumerate(names):
            colour = palette.GOLD if seat == HUMAN else palette.TEXT
            txt.draw(surface, name, font, (x, y), colour, bold=seat == HUMAN)
            txt.draw(surface, score_text(r, seat), font, (x + self.px(220), y), colour, bold=True)
            y += font + 6
        cards = list(r.hands[HUMAN])
        if cards:
            ch = self.px(84)
            step = min(round(ch * 0.5), (right - x - ch) // max(1, len(cards) - 1))
            for i, c in enumerate(cards):
                face = art.face(c, ch, four_colour=self.app.settings.four_colour)
                surface.blit(face, (x + i * step, y + 6))
            y += ch + 12
        return y

    def draw_notes(self, surface: pygame.Surface, at: tuple[int, int], font: int, right: int) -> None:
        """The coach's notes on this hand, one a paragraph (or that it had none)."""
        x, y = at
        notes = [n for _, n in sorted(self.session.notes.items()) if n.flagged]
        head = tr("practice.coach", n=len(notes)) if notes else tr("practice.coach_none")
        for line in txt.wrap(head, font, right - x, bold=True):
            txt.draw(surface, line, font, (x, y), palette.GOLD, bold=True)
            y += font + 4
        y += 6
        size = font - 1
        for note in notes[-6:]:
            text = note_text(note)
            for line in txt.wrap(text, size, right - x):
                txt.draw(surface, line, size, (x, y), palette.TEXT_SOFT)
                y += size + 4
            y += 6


def figure(value: float) -> str:
    """A mean as a player reads it: whole when it is, one decimal when that says something
    ("120", "4.5")."""
    return number(value, 1) if round(value, 1) != round(value) else number(round(value))


def figures_text(run: Practice) -> str:
    """The practice's figures in a sentence: hands, contracts made and the turns they took to lay,
    points a hand ("This practice: 1 hand, no contract made yet, 25 points a hand.")."""
    f = run.figures()
    hands, made, turns, points = int(f["hands"] or 0), int(f["made"] or 0), f["turns"], f["points"]
    parts = [tr_n("practice.figures_hands", hands)]
    if made == 0:
        parts.append(tr(_words(run, "figures_none_made")))
    else:
        parts.append(tr_n(_words(run, "figures_made"), made))
        if turns is not None:
            parts.append(tr(_words(run, "figures_turns"), turns=figure(turns)))
    if points is not None:
        parts.append(tr("practice.figures_points", points=figure(points)))
    return tr("practice.figures", figures=", ".join(parts))


def draw_figures(surface: pygame.Surface, run: Practice, at: tuple[int, int], size: int, right: int) -> None:
    """The practice's figures and its hands, one a line, the newest last."""
    x, y = at
    for line in txt.wrap(figures_text(run), size, right - x):
        txt.draw(surface, line, size, (x, y), palette.GOLD, bold=True)
        y += size + 6
    for i, t in enumerate(run.tries[-8:], start=max(1, len(run.tries) - 7)):
        made = tr(_words(run, "try_made"), turns=t.turns or 0) if t.made else tr(_words(run, "try_not_made"))
        txt.draw(surface, tr("practice.try", n=i, made=made, points=t.points), size - 1, (x, y), palette.TEXT)
        y += size + 4


def _words(run: Practice, key: str) -> str:
    """The catalogue key of ``key`` for what ``run`` practises: a contract made or not, or coming
    out (British Kalooki: ``practice.out.<key>``)."""
    return f"practice.{key}" if run.system == "jamaican" else f"practice.out.{key}"
