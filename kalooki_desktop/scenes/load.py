"""The Load screen: every named save with its date, rules, hand and scores; load, or delete
after a confirmation. Damaged saves found while listing are moved aside with a message."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

import pygame
import pygame_gui

from ..app import App, Scene, register_scene
from ..i18n import tr, when
from ..play.review import ReplayFailed
from ..play.session import Session
from ..storage import saves
from ..ui import palette
from ..ui import text as txt
from ..ui.draw import backdrop, glow, panel
from ..ui.theme import Answers
from .leaving import LeaveQuestion
from .review import ReviewScene


@register_scene("load")
class LoadScene(Scene):
    """Pick a saved game."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.entries: list[saves.SaveInfo] = []
        self.selected = 0
        self.scroll = 0
        self.confirm: pygame_gui.windows.UIConfirmationDialog | None = None
        self.last_click: tuple[int, float] | None = None
        self.leave = LeaveQuestion(self, tr("leave.load"))  # asked before a game in progress is left
        self.refresh()

    def refresh(self) -> None:
        """Read the saves folder again."""
        self.entries, bad = saves.list_saves()
        for rec in bad:
            kept = rec.moved_to.name if rec.moved_to else "-"
            self.app.notices.append(tr("load.damaged", error=rec.message, kept=kept))
        self.selected = min(self.selected, max(0, len(self.entries) - 1))

    def build(self) -> None:
        w, h = self.size
        self.answers = Answers()
        bh = max(44, h // 16)
        y = h - bh - 18
        lw, sw = self.px(220), self.px(160)
        self.b_back = self.button(pygame.Rect(20, y, sw, bh), tr("common.back"), command=self.app.pop)
        self.b_delete = self.button(
            pygame.Rect(w - 20 - lw - 12 - sw, y, sw, bh), tr("load.delete"), command=self.ask_delete
        )
        self.b_review = self.button(
            pygame.Rect(w - 20 - lw - 24 - 2 * sw, y, sw, bh), tr("load.review"), command=self.review_selected
        )
        self.b_load = self.button(
            pygame.Rect(w - 20 - lw, y, lw, bh),
            tr("load.load"),
            "#primary_button",
            command=self.load_selected,
        )
        if not self.entries:
            self.b_load.disable()
            self.b_delete.disable()
            self.b_review.disable()
        self.leave.rebuild()

    # --- geometry -----------------------------------------------------------------------

    def list_rect(self) -> pygame.Rect:
        w, h = self.size
        wide = min(self.px(1100), w - 40)
        return pygame.Rect((w - wide) // 2, self.px(80), wide, h - self.px(80) - max(44, h // 16) - 40)

    def row_h(self) -> int:
        return max(64, self.size[1] // 11)

    def row_rect(self, i: int) -> pygame.Rect:
        box = self.list_rect()
        return pygame.Rect(
            box.x + 10, box.y + 10 + (i - self.scroll) * (self.row_h() + 8), box.w - 20, self.row_h()
        )

    # --- events ---------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.leave.handle(event):
            return True
        if self.answers.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.on_click(event.pos)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(self.scroll - event.y, max(0, len(self.entries) - 1)))
            return True
        if event.type == pygame.KEYDOWN:
            return self.on_key(event.key)
        return False

    def on_click(self, pos: tuple[int, int]) -> bool:
        """Select a save; a second click soon after loads it."""
        for i in range(len(self.entries)):
            if self.row_rect(i).collidepoint(pos) and self.list_rect().collidepoint(pos):
                now = self.app.now_ms
                if self.last_click and self.last_click[0] == i and now - self.last_click[1] < 400:
                    self.selected = i
                    self.load_selected()
                self.selected = i
                self.last_click = (i, now)
                return True
        return False

    def on_key(self, key: int) -> bool:
        """Esc back, arrows to choose, Enter to load, Delete to delete."""
        last = len(self.entries) - 1
        keys: dict[int, Callable[[], object]] = {
            pygame.K_ESCAPE: self.app.pop,
            pygame.K_DOWN: lambda: setattr(self, "selected", min(last, self.selected + 1)),
            pygame.K_UP: lambda: setattr(self, "selected", max(0, self.selected - 1)),
            pygame.K_RETURN: self.load_selected,
            pygame.K_KP_ENTER: self.load_selected,
            pygame.K_DELETE: self.ask_delete,
        }
        do = keys.get(key)
        if do is None:
            return False
        do()
        return True

    def ask_delete(self) -> None:
        """Delete the selected save, after a confirmation."""
        if not self.entries:
            return
        entry = self.entries[self.selected]
        text = tr("load.delete_confirm", name=entry.name)
        self.confirm = self.ask(
            text, title=tr("load.delete_title"), action=tr("load.delete"), destructive=True
        )
        self.answers.on(self.confirm, pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED,
                        lambda _: self.delete_selected())

    def delete_selected(self) -> None:
        """The player confirmed: the selected save is deleted."""
        self.confirm = None
        if self.entries:
            saves.delete(self.entries[self.selected].path)
            self.app.toast(tr("load.deleted"), scope="lasting")
        self.refresh()
        self.rebuild()

    def open_selected(self) -> Session | None:
        """Replay the selected save (a damaged save is moved aside, saying so: None)."""
        if not self.entries:
            return None
        entry = self.entries[self.selected]
        try:
            return self.app.host.at_table(saves.load(entry.path))
        except saves.BadFile as exc:
            self.set_aside(exc)
            return None

    def set_aside(self, exc: saves.BadFile) -> None:
        """Move a bad save aside, say so, and list the saves again."""
        rec = saves.quarantine(exc)
        kept = rec.moved_to.name if rec.moved_to else "-"
        self.app.toast(tr("load.damaged", error=rec.message, kept=kept), "error", 8, scope="lasting")
        self.refresh()
        self.rebuild()

    def review_selected(self) -> None:
        """Review the last finished hand of the selected save (it is not loaded as the game)."""
        session = self.open_selected()
        if session is None:
            return
        if not session.match.results:
            session.close()
            self.app.toast(tr("load.nothing_to_review"))
            return
        try:
            scene = ReviewScene(self.app, session)
        except ReplayFailed as exc:  # its moves replay, but not to the hand the review replays
            session.close()
            path = self.entries[self.selected].path
            self.set_aside(saves.BadFile("mismatch", exc.about(path.name), path))
            return
        self.app.push(scene)  # closed with the review (it is not the game in progress)

    def load_selected(self) -> None:
        """Replay the selected save and go to its table (a damaged save is moved aside); while
        another game is in progress, ask first."""
        if self.entries:
            self.leave.ask(self.play_selected, loading=self.entries[self.selected].path)

    def play_selected(self) -> None:
        """Make the selected save the game in progress, at its table."""
        session = self.open_selected()
        if session is None:
            return
        self.app.host.set_session(session)
        self.app.host.autosave_now()  # the loaded game is now the game in progress
        self.app.pop()
        self.app.push("table", session)

    # --- drawing --------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(surface, tr("load.title"))
        box = self.list_rect()
        panel(surface, box, alpha=160)
        if not self.entries:
            txt.draw(surface, tr("load.none"), 18, box.center, palette.TEXT, bold=False, anchor="center")
            return
        clip = surface.get_clip()
        surface.set_clip(box)
        font, small = self.font_px(16), self.font_px(13)
        for i, e in enumerate(self.entries):
            r = self.row_rect(i)
            if r.bottom < box.y or r.y > box.bottom:
                continue
            if i == self.selected:
                glow(surface, r, palette.GOLD, radius=10, spread=4)
            panel(surface, r, alpha=200, radius=10, border=None if i == self.selected else palette.GOLD_DARK)
            txt.draw(
                surface, e.name, font + 2, (r.x + 16, r.y + 10), palette.GOLD, bold=True, max_width=r.w // 2
            )
            txt.draw(
                surface,
                saved_when(e.saved_at),
                small,
                (r.right - 16, r.y + 12),
                palette.TEXT_DIM,
                bold=False,
                anchor="topright",
            )
            if e.over:
                state = tr("load.over")
            elif e.hands:
                state = tr("load.hand", n=e.hand, of=e.hands, contract=e.contract)
            else:
                state = tr("load.deal", n=e.hand)
            txt.draw(
                surface,
                f"{tr(f'preset.{e.preset}')} · {state}",
                small,
                (r.x + 16, r.y + 16 + font),
                palette.TEXT,
                max_width=r.w // 2,
            )
            scores = "   ".join(f"{n}\u00a0{t}" for n, t in zip(e.names, e.totals, strict=False))
            lines = txt.wrap(scores, small, r.w // 2 - 20)  # a big table's scores on two lines
            y = max(r.y + 16 + font, r.bottom - 8 - len(lines) * (small + 3))
            for line in lines:
                txt.draw(surface, line, small, (r.right - 16, y), palette.TEXT, anchor="topright")
                y += small + 3
        surface.set_clip(clip)


def saved_when(stamp: str) -> str:
    """A save's time as the language writes a date and time (the stamp as it is, if it is not
    one: a save from outside may carry anything there)."""
    try:
        return when(dt.datetime.fromisoformat(stamp))
    except ValueError:
        return stamp.replace("T", "  ")
