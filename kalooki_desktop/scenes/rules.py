"""The rules, in plain words, with the schedule and real card pictures for the examples: the
Jamaican game and British Kalooki 40 / 51, one page each (the game in progress opens its own)."""

from __future__ import annotations

import pygame

from ..app import Scene, register_scene
from ..engine.cards import parse_cards
from ..engine.rules import make_rules
from ..i18n import cards_for_players, tr
from ..ui import cards as art
from ..ui import palette
from ..ui import text as txt
from ..ui.draw import backdrop, panel

SECTIONS = ("goal", "cards", "melds", "jokers", "contracts", "turn", "calling", "tacking", "stock", "scoring")
#: British Kalooki's sections (their texts are ``rules.b.*``).
B_SECTIONS = (
    "goal", "cards", "melds", "opening", "turn", "jokers", "out", "stock", "scoring", "switches", "sources",
)


@register_scene("rules")
class RulesScene(Scene):
    """A scrolling page of the rules (mouse wheel, arrows, Page Up/Down)."""

    scrolls = True

    def __init__(self, app: object) -> None:
        super().__init__(app)  # type: ignore[arg-type]
        self.scroll = 0
        self.content_h = 0
        session = self.app.host.session
        self.british = session is not None and session.rules.system == "british" and not session.over

    def build(self) -> None:
        w, h = self.size
        bh = self.px(46)
        self.back = self.button(pygame.Rect(20, h - bh - 18, self.px(160), bh), tr("common.back"),
                                command=self.app.pop)
        tabs = [tr("rules.tab_jamaican"), tr("rules.tab_british")]
        tw = self.fitted(tabs, self.px(220), (w - 40 - self.back.rect.w - 30) // 2)
        x = w - 20 - 2 * tw - 10
        self.tabs = {
            False: self.button(pygame.Rect(x, h - bh - 18, tw, bh), tr("rules.tab_jamaican"),
                               command=lambda: self.show(british=False)),
            True: self.button(pygame.Rect(x + tw + 10, h - bh - 18, tw, bh), tr("rules.tab_british"),
                              command=lambda: self.show(british=True)),
        }
        self.tabs[self.british].select()

    def show(self, *, british: bool) -> None:
        """Show the page of one game, from its top."""
        if british != self.british:
            self.british, self.scroll = british, 0
            self.rebuild()

    def handle_event(self, event: pygame.event.Event) -> bool:
        step = self.size[1] // 12
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * step)
            return True
        if event.type == pygame.KEYDOWN:
            keys = {
                pygame.K_DOWN: step,
                pygame.K_UP: -step,
                pygame.K_PAGEDOWN: step * 8,
                pygame.K_PAGEUP: -step * 8,
                pygame.K_SPACE: step * 8,
                pygame.K_HOME: -(10**9),
                pygame.K_END: 10**9,
            }
            if event.key in keys:
                self.scroll_by(keys[event.key])
                return True
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
                return True
        return False

    def scroll_by(self, dy: int) -> None:
        """Scroll, kept within the page."""
        view_h = self.size[1] - 150
        self.scroll = max(0, min(self.scroll + dy, max(0, self.content_h - view_h)))

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        title = backdrop(surface, tr("rules.title_british" if self.british else "rules.title"), top=14)
        page = pygame.Rect(max(20, (w - 1000) // 2), 30 + title, min(1000, w - 40), h - 110 - title)
        panel(surface, page, alpha=175)
        clip = surface.get_clip()
        surface.set_clip(page.inflate(-8, -8))
        font = self.font_px(16)
        head = font + 5
        width = page.w - 60
        x = page.x + 30
        y = page.y + 20 - self.scroll
        start = y
        ch = max(48, h // 11)
        prefix = "rules.b." if self.british else "rules."
        for key in B_SECTIONS if self.british else SECTIONS:
            _line(surface, tr(f"{prefix}{key}.title"), head, (x, y), palette.GOLD, bold=True)
            y += head + 10
            for para in tr(f"{prefix}{key}.body").split("\n"):
                for line in txt.wrap(para, font, width):
                    _line(surface, line, font, (x, y), palette.TEXT)
                    y += font + 6
                y += 6
            if key == "contracts" and not self.british:
                y = self.draw_schedule(surface, x, y, font)
            example = tr(f"{prefix}{key}.example")
            if example != f"{prefix}{key}.example":
                y = self.draw_example(surface, x, y, example, ch, font)
            y += 18
        self.content_h = y - start + 20
        surface.set_clip(clip)
        if self.content_h > page.h:
            frac = page.h / self.content_h
            bar_h = max(30, round(page.h * frac))
            top = page.y + round((page.h - bar_h) * self.scroll / max(1, self.content_h - page.h))
            pygame.draw.rect(surface, palette.GOLD_DARK, (page.right - 10, top, 6, bar_h), border_radius=3)
        left, right = self.back.relative_rect, self.tabs[False].relative_rect
        at = ((left.right + right.x) // 2, left.centery)
        txt.draw(surface, tr("rules.keys"), self.font_px(12), at, palette.TEXT_KEYS, anchor="center",
                 max_width=int(right.x - left.right - 16))

    def draw_example(self, surface: pygame.Surface, x: int, y: int, example: str, ch: int, font: int) -> int:
        """Melds drawn as real cards: ``"7S 7H 7D = a three | ..."``."""
        cw = round(ch * 0.714)
        cx = x
        for part in example.split("|"):
            cards_text, _, caption = part.partition("=")
            cards = parse_cards(cards_text.split())
            wd = cw + round(cw * 0.42) * (len(cards) - 1)
            if cx + wd > x + 900 and cx > x:
                cx, y = x, y + ch + font + 16
            for i, c in enumerate(cards):
                surface.blit(
                    art.face(c, ch, four_colour=self.app.settings.four_colour), (cx + i * round(cw * 0.42), y)
                )
            _line(surface, cards_for_players(caption.strip()), font - 2, (cx, y + ch + 4),
                  palette.TEXT_CAPTION)
            cx += max(wd, txt.width(caption.strip(), font - 2)) + 30
        return y + ch + font + 12

    def draw_schedule(self, surface: pygame.Surface, x: int, y: int, font: int) -> int:
        """The nine hands: cards dealt and contract."""
        rules = make_rules("jamaican")
        col = [0, 90, 190]
        for i, label in enumerate((tr("rules.col_hand"), tr("rules.col_cards"), tr("rules.col_contract"))):
            _line(surface, label, font, (x + col[i], y), palette.GOLD, bold=True)
        y += font + 8
        for spec in rules.schedule:
            for i, value in enumerate((str(spec.number), str(spec.cards), spec.contract_text)):
                _line(surface, value, font, (x + col[i], y), palette.TEXT)
            y += font + 5
        return y + 10


def _line(
    surface: pygame.Surface, text: str, size: int, at: tuple[int, int], colour: palette.Colour, *,
    bold: bool = False,
) -> None:
    """A line of the page, drawn only where it shows whole (the page scrolls: a line half out of
    the page waits until it is in)."""
    clip = surface.get_clip()
    if clip.top <= at[1] and at[1] + size + 6 <= clip.bottom:
        txt.draw(surface, text, size, at, colour, bold=bold)
