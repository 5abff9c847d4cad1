"""After the guided first hand (:mod:`..play.guide`): how it ended (a bent table explained, the
others' scores), the steps of a hand (each the player did marked ✓, the others "not this time"),
what a real game adds, and Play it again, New game or the menu."""

from __future__ import annotations

import pygame

from ..app import App, Scene, register_scene
from ..engine.game import DealResult
from ..i18n import number, tr
from ..play.guide import MOMENTS, Guide
from ..play.session import HUMAN, Session
from ..ui import palette
from ..ui import text as txt
from ..ui.draw import backdrop, panel


@register_scene("guide_result")
class GuideResultScene(Scene):
    """The guided hand's end."""

    def __init__(self, app: App, session: Session, result: DealResult | None) -> None:
        super().__init__(app)
        self.session = session
        self.result = result
        self.done = Guide.done(session)

    def build(self) -> None:
        w, h = self.size
        labels = [tr("guide.menu"), tr("guide.new_game"), tr("guide.again")]
        bw = self.fitted(labels, self.px(200), (w - 80) // 3)
        bh = max(42, self.px(46))
        y = h - bh - self.px(18)
        self.back = self.button(pygame.Rect(20, y, bw, bh), labels[0], command=self.leave)
        self.new = self.button(pygame.Rect(w - 2 * bw - 32, y, bw, bh), labels[1], command=self.new_game)
        self.again = self.button(pygame.Rect(w - bw - 20, y, bw, bh), labels[2], "#primary_button",
                                 command=self.play_again)

    def play_again(self) -> None:
        """The guided hand once more, from its start."""
        self.app.reset("menu")
        self.app.push("table", self.app.host.play_guided())

    def new_game(self) -> None:
        """On to a real game's choices."""
        self.app.reset("menu")
        self.app.push("new_game")

    def leave(self) -> None:
        """Back to the menu."""
        self.app.reset("menu")

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.answer_key(event, {pygame.K_RETURN: self.play_again, pygame.K_KP_ENTER: self.play_again,
                                       pygame.K_n: self.new_game, pygame.K_ESCAPE: self.leave})

    def outcome(self) -> str:
        """Who went out, and what the hand cost the player."""
        r = self.result
        if r is None or r.out is None:
            return tr("table.void")
        if r.out == HUMAN:
            return tr("guide.done_you")
        return tr("guide.done_other", name=self.session.names[r.out], points=number(r.scores[HUMAN]))

    def details(self) -> list[str]:
        """A bent table explained, and the others' scores."""
        r = self.result
        if r is None or r.out is None:
            return []
        names = self.session.names
        scores = ", ".join(f"{names[s]} {number(r.scores[s])}" for s in range(len(names)) if s != HUMAN)
        bent = [tr("guide.bent")] if r.big_out and r.out == HUMAN else []
        return [*bent, tr("guide.others", scores=scores)]

    def draw(self, surface: pygame.Surface) -> None:
        w = surface.get_width()
        backdrop(surface)
        big, font = self.font_px(30), self.font_px(17)
        txt.draw(surface, tr("guide.done_title"), big, (w // 2, self.px(24)), palette.GOLD, bold=True,
                 anchor="midtop")
        box = pygame.Rect(0, 0, min(self.px(760), w - 60), 0)
        box.top, box.centerx = self.px(24) + big + self.px(24), w // 2
        box.height = self.again.relative_rect.y - self.px(20) - box.top
        panel(surface, box, alpha=190)
        x, y = box.x + self.px(28), box.y + self.px(20)
        width = box.w - self.px(56)
        for line in txt.wrap(self.outcome(), font, width, bold=True):
            txt.draw(surface, line, font, (x, y), palette.TEXT, bold=True)
            y += font + 6
        for line in (part for text in self.details() for part in txt.wrap(text, font, width)):
            txt.draw(surface, line, font, (x, y), palette.TEXT_SOFT)
            y += font + 6
        y += self.px(14)
        txt.draw(surface, tr("guide.learned"), font, (x, y), palette.GOLD, bold=True)
        y += font + self.px(10)
        for moment in MOMENTS:
            shown = moment in self.done
            words = tr(f"guide.moment.{moment}")
            line = f"✓  {words}" if shown else f"–  {words} ({tr('guide.not_met')})"
            colour = palette.TEXT if shown else palette.TEXT_DIM
            txt.draw(surface, line, font, (x, y), colour, max_width=width)
            y += font + self.px(8)
        y += self.px(14)
        for line in txt.wrap(tr("guide.next"), font, width):
            txt.draw(surface, line, font, (x, y), palette.TEXT_SOFT)
            y += font + 6
