"""The review of a finished hand: move by move with every hand revealed, the player's decisions
on a timeline with the coach's notes marked, what each flagged decision cost with every card
known, and "Try from here", a practice hand from one of the player's decisions
(:mod:`..review`). The coach weighs the decisions on its own thread while the review is on show.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import pygame

from ..ai.coach import Note
from ..app import App, Scene, register_scene
from ..engine.cards import sort_key_suit
from ..i18n import tr
from ..play.practice import practice_of
from ..play.review import ReplayFailed, Review, try_from_here
from ..play.session import HUMAN, Session
from ..ui import cards as art
from ..ui import palette
from ..ui import text as txt
from ..ui.draw import backdrop, panel
from .handend import hand_end_lines
from .reviewlayout import flow, seat_grid
from .words import chosen_text, describe, note_text


def open_review(app: App, session: Session) -> None:
    """Show the review of the last finished hand of ``session``, the game in progress or a
    practice hand; a game that does not replay as it was played is said plainly instead."""
    try:
        app.push(ReviewScene(app, session))
    except ReplayFailed as exc:
        app.toast(str(exc), "error", 8, scope="lasting")


@register_scene("review")
class ReviewScene(Scene):
    """Steps through one finished hand (see the module docstring)."""

    help_keys = ("review_step", "review_ends", "review_note", "review_try", "review_deal", "back",
                 "fullscreen", "screenshot", "help")

    def __init__(self, app: App, session: Session, deal: int | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.review = Review(session, deal)
        self.k = 0
        self._stop = threading.Event()
        self._pool = ThreadPoolExecutor(1, "kalooki-review") if app.host.threaded_games else None
        self._weigh(self.review)

    def _weigh(self, review: Review) -> None:
        """Have the coach weigh the player's decisions of ``review``, on its thread (the timeline
        marks each flagged one as it is weighed, and says how far the weighing is)."""
        self._weighed, self._to_weigh = 0, len(review.player_steps())
        if self._pool is not None:
            self._pool.submit(self._weigh_all, review)
        else:
            self._weigh_all(review)

    def _weigh_all(self, review: Review) -> None:
        for k in review.player_steps():
            if self._stop.is_set() or review is not self.review:
                return
            review.weigh(k)
            self._weighed += 1

    def show_deal(self, step: int) -> None:
        """The hand before (``step`` -1) or after (+1) the one on show, among the finished ones."""
        deal = self.review.deal + step
        m = self.session.match
        while 0 <= deal < len(m.results) and m.results[deal].void:
            deal += step  # a void deal has nothing to review
        if not 0 <= deal < len(m.results):
            self.app.toast(tr("review.no_more"))
            return
        try:
            self.review, self.k = Review(self.session, deal), 0
        except ReplayFailed as exc:
            self.app.toast(str(exc), "error", 8, scope="lasting")
            return
        self._weigh(self.review)

    def on_exit(self) -> None:
        super().on_exit()
        self._stop.set()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
        practice = self.app.host.practice.session if self.app.host.practice is not None else None
        own = self.session is not self.app.host.session and self.session is not practice  # opened from a save
        if own and self not in self.app.scenes:
            self.session.close()

    # --- widgets and keys --------------------------------------------------------------

    def build(self) -> None:
        w, h = self.size
        bh, bw = max(42, h // 17), self.px(70)
        y = h - bh - 14
        self.back = self.button(pygame.Rect(16, y, self.px(130), bh), tr("common.back"), command=self.app.pop)
        labels = [tr("review.next_note"), tr("review.try")]
        want = self.fitted(labels, self.px(215), w, "#primary_button")
        x = w // 2 - 2 * bw - 15  # the steppers in the middle, or beside Back where a longer
        if w - (x + 4 * (bw + 10)) - 46 < 2 * want:  # language's two buttons need the room
            x = self.back.rect.right + 20
        moves = (("|<", self.first), ("<", lambda: self.go(self.k - 1)), (">", lambda: self.go(self.k + 1)),
                 (">|", self.last))
        self.steppers = [self.button(pygame.Rect(x + i * (bw + 10), y, bw, bh), label, command=do)
                         for i, (label, do) in enumerate(moves)]
        room = (w - (x + 4 * (bw + 10)) - 46) // 2  # the two buttons stay clear of the steppers
        tw = min(want, room)
        self.next_note = self.button(pygame.Rect(w - 2 * tw - 30, y, tw, bh), tr("review.next_note"),
                                     command=self.to_next_note)
        self.try_here = self.button(pygame.Rect(w - tw - 16, y, tw, bh), tr("review.try"), "#primary_button",
                                    command=self.try_from_here)
        self.timeline = pygame.Rect(40, y - self.px(54), w - 80, self.px(26))

    def first(self) -> None:
        self.go(0)

    def last(self) -> None:
        self.go(len(self.review.steps))

    def go(self, k: int) -> None:
        """Show the hand after ``k`` steps."""
        self.k = max(0, min(k, len(self.review.steps)))

    def to_next_note(self) -> None:
        """The next decision the coach flagged, as it stood when it was taken (from the start
        again after the last)."""
        flagged = [k for k in self.review.player_steps() if self._flagged(k)]
        later = [k for k in flagged if k > self.k]
        if later or flagged:
            self.go((later or flagged)[0])
        else:  # none flagged so far: said so, or that the coach is still weighing
            self.app.toast(self.weighing_text() or tr("review.no_notes"), "info", 3.0)

    def weighing_text(self) -> str | None:
        """How far the coach is in weighing the player's decisions, or None when it is done."""
        if self._weighed >= self._to_weigh:
            return None
        return tr("review.weighing_notes", done=self._weighed, n=self._to_weigh)

    def marked(self) -> list[int]:
        """The steps the timeline marks as the coach's flagged decisions."""
        return [k for k in range(len(self.review.steps)) if self._flagged(k)]

    def _flagged(self, k: int) -> bool:
        note = self.review.notes.get(self.review.steps[k].index)
        return note is not None and note.flagged

    def try_from_here(self) -> None:
        """A practice hand from the player's decision on show (or the next one)."""
        mine = [k for k in self.review.player_steps() if k >= self.k]  # the one on show, or the next
        if not mine:
            self.app.toast(tr("review.no_decision"))
            return
        levels = tuple(self.session.setup.levels)
        target = str(min(self.review.result.number, 9)) if self.review.result.contract_text else None
        run = self.app.host.practice = practice_of(target or self.session.setup.preset, levels)
        session = try_from_here(self.review, mine[0], threaded=self.app.host.threaded_games,
                                speed=self.app.settings.speed_factor)
        run.session = session
        self.app.reset("menu")
        self.app.push("practice")
        self.app.push("table", session)

    def handle_event(self, event: pygame.event.Event) -> bool:
        clicked = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        if clicked and self.timeline.collidepoint(event.pos):
            n = len(self.review.steps)
            self.go(round((event.pos[0] - self.timeline.x) / max(1, self.timeline.w) * n))
            return True
        if event.type != pygame.KEYDOWN:
            return False
        keys: dict[int, Callable[[], None]] = {
                pygame.K_LEFT: lambda: self.go(self.k - 1), pygame.K_RIGHT: lambda: self.go(self.k + 1),
                pygame.K_HOME: self.first, pygame.K_END: self.last, pygame.K_n: self.to_next_note,
                pygame.K_t: self.try_from_here, pygame.K_ESCAPE: self.app.pop,
                pygame.K_PAGEUP: lambda: self.show_deal(-1), pygame.K_PAGEDOWN: lambda: self.show_deal(1)}
        do = keys.get(event.key)
        if do is None:
            return False
        do()
        return True

    # --- drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        w = surface.get_width()
        backdrop(surface)
        r = self.review
        big, font, small = self.font_px(26), self.font_px(15), self.font_px(13)
        if r.result.contract_text:
            title = tr("review.title", n=r.result.number, contract=r.result.contract_text)
        else:
            title = tr("review.title_british", n=r.result.number, game=self.session.rules.name)
        txt.draw(surface, title, big, (w // 2, 10), palette.GOLD, bold=True, anchor="midtop")
        at = (w // 2, 16 + big)
        txt.draw(surface, self.step_text(), font, at, palette.TEXT, bold=True, anchor="midtop")
        top = 26 + big + font
        bottom = self.timeline.y - self.px(70)
        left = pygame.Rect(16, top, round(w * 0.58), bottom - top)
        right = pygame.Rect(left.right + 12, top, w - left.right - 28, bottom - top)
        self.draw_hands(surface, left, font)
        self.draw_table(surface, right, small)
        self.draw_note(surface, pygame.Rect(16, bottom + 6, w - 32, self.px(58)), font)
        self.draw_timeline(surface)
        weighing = self.weighing_text()
        if weighing is not None:
            at = (self.timeline.right, self.timeline.bottom + 4)
            txt.draw(surface, weighing, small, at, palette.TEXT, anchor="topright")

    def step_text(self) -> str:
        """Where the review stands: "12 / 87 · Desmond discarded 7♠"; at the end, who went out and
        a bent table's doubled scores (J-8.2)."""
        r = self.review
        if self.k == 0:
            return tr("review.dealt", n=len(r.steps))
        step = r.steps[self.k - 1]
        opening = not r.laid(self.k - 1)[step.seat]  # British Kalooki: a lay that comes out (B-4)
        move = describe(self.session.names[step.seat], step.action, step.before.discard_top,
                        system=self.session.rules.system, opening=opening)
        text = tr("review.step", k=self.k, n=len(r.steps), move=move)
        if self.k == len(r.steps):
            text = " · ".join([text, *hand_end_lines(r.result, self.session.names)])
        return text

    def draw_hands(self, surface: pygame.Surface, box: pygame.Rect, font: int) -> None:
        """Every seat's cards, face up, as large as the panel allows: two columns of seats when
        there are many."""
        panel(surface, box, alpha=160)
        state = self.review.state(self.k)
        laid = self.review.laid(self.k)
        mark_key = "table.laid_mark" if self.review.result.contract_text else "table.out_mark"  # B-4
        columns, rows = seat_grid(state.players)
        cell_w, line = (box.w - 12 - 12 * columns) // columns, (box.h - 16) // rows
        ch = max(28, min(self.px(120), line - font - 10))
        cw, _ = art.card_size(ch)
        for seat in range(state.players):
            x, y = box.x + 12 + seat // rows * (cell_w + 12), box.y + 8 + seat % rows * line
            colour = palette.GOLD if seat == HUMAN else palette.TEXT
            mark = " · " + tr(mark_key) if laid[seat] else ""
            txt.draw(surface, self.session.names[seat] + mark, font, (x, y), colour, bold=True)
            cards = sorted(state.hands[seat], key=sort_key_suit)
            step = min(round(cw * 0.62), (cell_w - cw) // max(1, len(cards) - 1)) if cards else 0
            for i, c in enumerate(cards):
                face = art.face(c, ch, four_colour=self.app.settings.four_colour)
                surface.blit(face, (x + i * step, y + font + 6))

    def draw_table(self, surface: pygame.Surface, box: pygame.Rect, small: int) -> None:
        """The discard pile's top, the stock, and every meld on the table: each owner's name
        whole with their melds beside it, the cards as large as lets every meld in."""
        panel(surface, box, alpha=160)
        state = self.review.state(self.k)
        four = self.app.settings.four_colour
        ch = max(26, min(self.px(60), box.h // 8))
        x, y = box.x + 12, box.y + 10
        top = state.discard_top
        txt.draw(surface, tr("review.pile", n=len(state.stock)), small, (x, y), palette.TEXT)
        if top is not None:
            surface.blit(art.face(top, ch, four_colour=four), (box.right - art.card_size(ch)[0] - 12, y))
        y += ch + 8
        owners = sorted({m.owner for m in state.table})
        labels = [txt.width(self.session.names[o], small) for o in owners]
        mine = [[m for m in state.table if m.owner == o] for o in owners]
        ch = min(ch, self.px(60))
        while True:  # the largest cards that let every meld in (a smaller size each time)
            cw, _ = art.card_size(ch)
            overlap = max(6, round(cw * 0.32))
            widths = [[cw + (len(m.cards) - 1) * overlap for m in melds] for melds in mine]
            groups = list(zip(labels, widths, strict=True))
            lines, placed = flow(groups, box.w - 24, self.px(10))
            if lines * (ch + 4) <= box.bottom - 6 - y or ch <= 16:
                break
            ch -= 2
        for owner, melds, (line, spots) in zip(owners, mine, placed, strict=True):
            txt.draw(surface, self.session.names[owner], small, (x, y + line * (ch + 4) + ch // 2),
                     palette.SEAT_COLOURS[owner % 8], anchor="midleft")
            for meld, (at_line, at_x) in zip(melds, spots, strict=True):
                for i, c in enumerate(meld.cards):
                    at = (x + at_x + i * overlap, y + at_line * (ch + 4))
                    surface.blit(art.face(c, ch, four_colour=four), at)

    def decision_on_show(self) -> tuple[int, Note | None] | None:
        """The player's decision taken from the position on show (its step, and the coach's note
        once weighed), or None when the next move is not the player's."""
        k = self.k
        if k >= len(self.review.steps) or self.review.steps[k].seat != HUMAN:
            return None
        return k, self.review.notes.get(self.review.steps[k].index)

    def draw_note(self, surface: pygame.Surface, box: pygame.Rect, font: int) -> None:
        """At a position where the player decides: what they did, the coach's note on it, and its
        cost with every card known."""
        on_show = self.decision_on_show()
        if on_show is None:
            return
        step = self.review.steps[on_show[0]]
        note = on_show[1]
        if note is None:
            system = self.session.rules.system
            chosen = describe("", step.action, step.before.discard_top, hint=True, system=system)
            text, colour = tr("practice.note", chosen=chosen, words=tr("review.weighing")), palette.TEXT
        elif not note.flagged:
            words = tr("review.agreed" if note.estimate.worlds == 0 else "review.fine")
            text, colour = tr("practice.note", chosen=chosen_text(note), words=words), palette.VALID
        else:
            text, colour = note_text(note, self.review.after.get(step.index)), palette.GOLD
        panel(surface, box, alpha=170)
        size = font
        lines = txt.wrap(text, size, box.w - 24)
        while len(lines) > 2 and size > 11:  # a long note takes a smaller size, never a cut
            size -= 1
            lines = txt.wrap(text, size, box.w - 24)
        for i, line in enumerate(lines[:3]):
            txt.draw(surface, line, size, (box.x + 12, box.y + 6 + i * (size + 3)), colour)

    def draw_timeline(self, surface: pygame.Surface) -> None:
        """A tick per move; the player's decisions in gold, the flagged ones red; where the
        review stands."""
        bar, r = self.timeline, self.review
        n = max(1, len(r.steps))
        pygame.draw.rect(surface, palette.TIMELINE, bar, border_radius=6)
        for k, step in enumerate(r.steps):  # a decision's mark where it was taken: before its step
            x = bar.x + round(k / n * bar.w)
            note = r.notes.get(step.index)
            if note is not None and note.flagged:
                diamond = [(x, bar.y - 4), (x + 6, bar.centery), (x, bar.bottom + 4), (x - 6, bar.centery)]
                pygame.draw.polygon(surface, palette.INVALID, diamond)
            elif step.seat == HUMAN:
                pygame.draw.line(surface, palette.GOLD, (x, bar.y + 3), (x, bar.bottom - 3), 2)
        at = bar.x + round(self.k / n * bar.w)
        pygame.draw.rect(surface, palette.TEXT, (at - 2, bar.y - 6, 4, bar.h + 12), border_radius=2)
