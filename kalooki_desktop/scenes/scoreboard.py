"""The scoreboard: after each hand every player's remaining cards with their penalty values,
bending the table, the hand's scores and running totals; a table of all hands and a line chart
of cumulative scores; at the end the winner and Play again. In British Kalooki it also shows who
is out of the game, the buy-ins and the kitty, and asks a player over the limit whether to buy
back in (B-11): the player chooses; computer players answer while it is on show."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame
import pygame_gui

from ..app import App, Scene, register_scene
from ..engine.actions import BuyIn, StayOut
from ..engine.cards import Card
from ..engine.game import DealResult, Game
from ..engine.seatview import Elimination, SeatView
from ..engine.turn import DecisionKind
from ..i18n import number, refusal_text, tr
from ..play.session import HUMAN, Session
from ..play.standings import final_places, places
from ..ui import cards as art
from ..ui import palette
from ..ui import text as txt
from ..ui.draw import backdrop, panel
from .gamewords import GameWords, words_of
from .review import open_review
from .scorelayout import axis_ticks, legend_lines, point_labels
from .scorerows import score_rows


@register_scene("scoreboard")
class ScoreboardScene(Scene):
    """Shown over the table after a hand (``result``), or on demand (``result`` None)."""

    def __init__(self, app: App, session: Session, result: DealResult | None) -> None:
        super().__init__(app)
        self.session = session
        self.result = result
        self.b_buy: pygame_gui.elements.UIButton | None = None
        self.b_stay: pygame_gui.elements.UIButton | None = None
        self.b_play_out: pygame_gui.elements.UIButton | None = None
        self._asking = False  # the buy-in question was on show when the buttons were made

    def asks_buy_in(self) -> bool:
        """True while the player, over the limit, chooses whether to buy back in (B-11)."""
        return self.session.prompt() == DecisionKind.BUY_IN

    def watching(self) -> bool:
        """True when the player is out of a game that goes on without them (B-11)."""
        return not self.view().active[HUMAN] and not self.session.over

    def view(self) -> SeatView:
        """The player's view of the game (its figures: the card points, the limit, buy-ins)."""
        return self.session.match.view(HUMAN)

    @property
    def elimination(self) -> Elimination | None:
        """The game's limit and buy-ins (B-11), or None in a game without them."""
        return self.view().elimination

    @property
    def words(self) -> GameWords:
        """What the scoreboard says in this game's rule system."""
        return words_of(self.session.match.rules.system)

    @property
    def final(self) -> bool:
        """True when the game is over."""
        return self.session.over

    def build(self) -> None:
        self.b_menu: pygame_gui.elements.UIButton | None
        w, h = self.size
        bw, bh, mw = self.px(240), max(46, h // 16), self.px(200)
        y = h - bh - 16
        self.b_buy = self.b_stay = self.b_play_out = None
        self._asking = self.asks_buy_in()
        self.b_review: pygame_gui.elements.UIButton | None = None
        r0 = self.result
        if r0 is not None and not r0.void:  # the coach's review, left of the other buttons on the right
            third = self._asking or (self.watching() and self.result is not None)
            at = w - (3 * bw + 44 if third else 2 * bw + 32)
            self.b_review = self.button(pygame.Rect(at, y, bw, bh), tr("score.review"),
                                        command=lambda: open_review(self.app, self.session))
        if self._asking:
            elimination = self.elimination
            score = elimination.score if elimination is not None else None
            self.b_buy = self.button(
                pygame.Rect(w - bw - 20, y, bw, bh), tr("score.buy_in", score=score), "#primary_button",
                command=lambda: self.decide(buy_in=True),
            )
            self.b_stay = self.button(pygame.Rect(w - 2 * bw - 32, y, bw, bh), tr("score.stay_out"),
                                      command=lambda: self.decide(buy_in=False))
            self.b_next = self.b_stay
            self.b_menu = self.button(pygame.Rect(20, y, mw, bh), tr("score.menu"), command=self.to_menu)
            return
        if self.watching() and self.result is not None:
            self.b_play_out = self.button(pygame.Rect(w - 2 * bw - 32, y, bw, bh), tr("score.play_out"),
                                          command=self.play_out)
        if self.final:
            self.b_next = self.button(
                pygame.Rect(w - bw - 20, y, bw, bh), tr("score.play_again"), "#primary_button",
                command=self.next,
            )
            self.b_menu = self.button(pygame.Rect(20, y, mw, bh), tr("score.menu"), command=self.to_menu)
        elif self.result is not None:
            label = tr(self.words.next_deal)
            self.b_next = self.button(pygame.Rect(w - bw - 20, y, bw, bh), label, "#primary_button",
                                      command=self.next)
            self.b_menu = self.button(pygame.Rect(20, y, mw, bh), tr("score.menu"), command=self.to_menu)
        else:
            self.b_next = self.button(
                pygame.Rect(w - bw - 20, y, bw, bh), tr("common.back"), "#primary_button", command=self.next
            )
            self.b_menu = None

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and self._asking:
            if event.key == pygame.K_b:
                self.decide(buy_in=True)
            elif event.key == pygame.K_o:
                self.decide(buy_in=False)
            return event.key in (pygame.K_b, pygame.K_o)
        back = self.to_menu if self.b_menu is not None else self.next  # the menu: the game waits (Continue)
        return self.answer_key(event, {pygame.K_RETURN: self.next, pygame.K_KP_ENTER: self.next,
                                       pygame.K_ESCAPE: back})

    def play_out(self) -> None:
        """Play the rest of the game out among the computer players, the player watching."""
        self.session.play_out()
        self.rebuild()

    def decide(self, *, buy_in: bool) -> None:
        """The player's answer to the buy-in question (B-11), through the engine."""
        bad = self.session.submit(BuyIn() if buy_in else StayOut())
        if bad is not None:
            self.app.toast(refusal_text(bad, self.session.names), "error", 4.0)
        self.rebuild()

    def update(self, dt: float) -> None:
        """Computer players over the limit answer the buy-in question while the scores are on
        show; the buttons follow whether the player is asked."""
        d = self.session.decision()
        if d is not None and d[1] == DecisionKind.BUY_IN and d[0] != HUMAN:
            self.session.tick(self.app.now_ms)
        if self.asks_buy_in() != self._asking:
            self.rebuild()

    def next(self) -> None:
        """Next hand (back to the table), or a new game with the same choices at the end."""
        if not self.final:
            self.app.pop()
            return
        import random

        from ..play.session import GameSetup

        old = self.session.setup
        setup = GameSetup(old.levels, old.preset, old.variants, old.schedule, random.randrange(1 << 30))
        session = self.app.host.new_session(setup)
        self.app.reset("menu")
        self.app.push("table", session)

    def to_menu(self) -> None:
        """Back to the main menu (the game stays in progress unless it is over)."""
        if self.final:
            self.app.host.set_session(None)
        self.app.reset("menu")

    # --- drawing --------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        backdrop(surface)
        s = self.session
        m = s.match
        big = self.font_px(30)
        font = self.font_px(16)
        small = self.font_px(12)
        if self.final:
            names = [s.names[i] for i in m.winners]
            if m.winners == [HUMAN]:
                title = tr("score.you_win")
            elif len(names) == 1:
                title = tr("score.winner", name=names[0])
            else:
                title = tr("score.shared", names=", ".join(names))
        elif self.result is not None:
            title = self.words.title(self.result, m.rules)
        else:
            title = tr("score.title")
        txt.draw(surface, title, big, (w // 2, 14), palette.GOLD, bold=True, anchor="midtop")
        top = 14 + big + 14
        if self.final or self._asking or self.watching():
            place = self.headline()
            txt.draw(surface, place, font, (w // 2, top - 6), palette.TEXT, bold=True, anchor="midtop")
            top += font + 8
        bottom = h - max(46, h // 16) - 30
        if self.result is not None:
            share = 0.48 if s.match.players <= 4 else 0.6
            box = pygame.Rect(20, top, w - 40, round((bottom - top) * share))
            self.draw_hand(surface, box, self.result, font, small)
            top = box.bottom + 12
        left_share = 0.48 if m.players <= 4 else 0.6  # a column per player in the table
        left = pygame.Rect(20, top, round((w - 52) * left_share), bottom - top)
        right = pygame.Rect(left.right + 12, top, w - 40 - left.w - 12, bottom - top)
        self.draw_table(surface, left, font, small)
        self.draw_chart(surface, right, small)

    def headline(self) -> str:
        """The line under the title: the player's place at the end; in a game with a limit
        (B-11), the buy-in question, that the player is the last in, or out of the game."""
        m, limit = self.session.match, self.elimination
        if limit is None:
            return place_text(m.totals, HUMAN)
        if self._asking:
            return tr("score.over_limit", total=m.totals[HUMAN], limit=limit.limit, score=limit.score,
                      left=limit.most - limit.buy_ins[HUMAN])
        if HUMAN in m.winners:
            return tr("score.last_in")
        return tr("score.knocked_out", limit=limit.limit)

    def card_points(self, card: Card) -> int:
        """What a card left in hand costs: its penalty (J-1.3) or its hand value (B-10)."""
        return self.view().card_points(card)

    def draw_hand(
        self, surface: pygame.Surface, box: pygame.Rect, r: DealResult, font: int, small: int
    ) -> None:
        s = self.session
        panel(surface, box, alpha=165)
        x, y = box.x + 14, box.y + 10
        if r.out is not None:
            head = tr("score.went_out", name=s.names[r.out])
            if r.big_out:
                head += "  ·  " + tr(self.words.big_out)
        else:
            head = tr("score.no_one_out")
        txt.draw(surface, head, font, (x, y), palette.GOLD, bold=True, max_width=box.w - 28)
        y += font + 10
        players = len(r.scores)
        most = max(len(h) for h in r.hands)
        columns, line, ch = self.seat_grid(box, box.bottom - y - 8, players, most, (font, small))
        per_column = -(-players // columns)
        width = (box.w - 12 * (columns - 1)) // columns
        for seat in range(players):
            column, row = divmod(seat, per_column)
            cell = pygame.Rect(box.x + column * (width + 12), box.y, width, box.h)
            self.draw_seat_row(surface, cell, r, seat, y + row * line, ch, font=font, small=small)
        if columns > 1:
            x_div = box.x + width + 6
            pygame.draw.line(surface, palette.GOLD_DARK, (x_div, y), (x_div, box.bottom - 10), 1)

    def seat_grid(
        self, box: pygame.Rect, height: int, players: int, most: int, fonts: tuple[int, int]
    ) -> tuple[int, int, int]:
        """How the seats' rows fill ``height`` pixels of ``box``, as (columns, row height, card
        height): one column or two, whichever draws the cards larger while the longest row of
        ``most`` cards shows half of each card (its corner whole), one column unless two draw
        them clearly larger (a tenth: two seats side by side would leave the panel's foot
        empty for a few pixels); the cards as tall as their row allows, and smaller only to show
        that half, never below legibility (then they overlap more). Where neither layout can,
        more seats than four take two columns."""
        font, small = fonts
        legible = round(self.size[1] * 0.06)

        def grid(columns: int) -> tuple[int, int, int, int]:
            line = max(small * 2 + 10, height // -(-players // columns))
            tall = min(round(line * 0.72), line - small - 8, round(self.size[1] * 0.12))
            width = (box.w - 12 * (columns - 1)) // columns
            _, cx, laid_x, _, _ = self.seat_columns(pygame.Rect(box.x, box.y, width, box.h), font, small)
            half = round((laid_x - small - cx) / (1 + (max(1, most) - 1) / 2) / art.ASPECT)
            return columns, line, tall, half

        grids = [grid(1), grid(2)]
        columns, line, tall, half = grids[1 if min(grids[1][2:]) > 1.1 * min(grids[0][2:]) else 0]
        if min(tall, half) < 24:  # no layout shows half of each card
            columns, line, tall, half = grids[0 if players <= 4 else 1]
        return columns, line, max(24, min(tall, max(half, legible)))

    def seat_columns(self, box: pygame.Rect, font: int, small: int) -> tuple[int, int, int, int, int]:
        """A seat's row across ``box``: the names' width, where the cards start, and the x of
        the laid word, of the hand's score (right) and of the total (right), measured in these
        fonts."""
        name_w = min(box.w // 4, max(txt.width(n, font, bold=True) for n in self.session.names))
        total_w = txt.width("8888", font, bold=True)
        score_w = txt.width("+888", font, bold=True)
        words = (self.words.laid, self.words.not_laid)
        laid_w = max(txt.width(line, small) for key in words for line in _two_lines(tr(key)))
        total_x = box.right - 16
        score_x = total_x - total_w - font
        return name_w, box.x + 14 + name_w + 8, score_x - score_w - small - laid_w, score_x, total_x

    def draw_seat_row(
        self, surface: pygame.Surface, box: pygame.Rect, r: DealResult, seat: int, y: int,
        ch: int, *, font: int, small: int,
    ) -> None:
        """One seat's line: its name, the cards it was left with (each with its points), whether it
        laid, what the hand cost it and its total."""
        s = self.session
        x, mid = box.x + 14, y + ch // 2
        name_col = palette.GOLD if seat == HUMAN else palette.TEXT
        name_w, cx, laid_x, score_x, total_x = self.seat_columns(box, font, small)
        name = s.names[seat]
        txt.draw(surface, name, font, (x, mid), name_col, bold=True, anchor="midleft", max_width=name_w)
        cards = sorted(r.hands[seat], key=lambda c: (-self.card_points(c), c))
        card_w = art.card_size(ch)[0]
        step = min(card_w + 4, max(8, (laid_x - small - cx - card_w) // max(1, len(cards) - 1)))
        four = self.app.settings.four_colour
        xs = [cx + i * step for i in range(len(cards))]
        for x, c in zip(xs, cards, strict=True):
            surface.blit(art.face(c, ch, four_colour=four), (x, y))
        self.draw_points(surface, xs, [self.card_points(c) for c in cards], card_w, (y + ch + 1, small - 1))
        if not cards:
            dealt = r.out == seat  # (a seat without cards that did not go out was not dealt in, B-11)
            none, colour = ((tr("score.no_cards"), palette.VALID) if dealt
                            else (tr("score.not_dealt"), palette.TEXT_DIM))
            txt.draw(surface, none, small, (cx, mid), colour, bold=True, anchor="midleft")
        laid = _laid_text(r, seat)
        room = score_x - txt.width("+888", font, bold=True) - small - laid_x
        lines = [laid] if txt.width(laid, small) <= room else _two_lines(laid)
        for k, line in enumerate(lines):  # "did not / come out" on two lines where room is short
            at = (laid_x, round(mid + (k - (len(lines) - 1) / 2) * (small + 2)))
            txt.draw(surface, line, small, at, palette.TEXT_DIM, anchor="midleft")
        score = f"+{r.scores[seat]}"
        txt.draw(surface, score, font, (score_x, mid), name_col, bold=True, anchor="midright")
        total = number(s.match.totals[seat])
        txt.draw(surface, total, font, (total_x, mid), palette.TEXT, bold=True, anchor="midright")

    def draw_points(
        self, surface: pygame.Surface, xs: list[int], points: list[int], card_w: int, line: tuple[int, int]
    ) -> None:
        """What each card left costs, under the cards starting at ``xs`` (:func:`point_labels`);
        a run of cards of equal points gets one figure and a rule under the run. ``line``: the
        figures' top and size."""
        y, size = line
        width = partial(txt.width, size=size)
        for x, left, right, text in point_labels(xs, points, card_w, width, gap=max(6, size * 2 // 3)):
            drawn = txt.draw(surface, text, size, (x, y), palette.POINTS)
            run = sum(1 for cx in xs if left <= cx < right) > 1
            if run and right - 3 - (drawn.right + 3) >= size:  # the run goes on past its figure
                mid = drawn.centery
                pygame.draw.line(surface, palette.POINTS, (drawn.right + 3, mid), (right - 3, mid), 1)

    def hand_rows(self) -> list[DealResult]:
        """The scored hands (void hands are not scored)."""
        return [r for r in self.session.match.results if not r.void]

    def draw_table(self, surface: pygame.Surface, box: pygame.Rect, font: int, small: int) -> None:
        """The scores hand by hand (a bent table starred, who went out in green) and the totals."""
        s = self.session
        panel(surface, box, alpha=165)
        players = s.match.players
        rows = self.hand_rows()
        keys = ("score.hand", "score.deal", "score.total", "score.in_game", "score.place_row")
        first = max(txt.width(tr(k), small, bold=True) for k in keys) + 16
        col_w = (box.w - first - 20) // players
        x0, y = box.x + 10, box.y + 10

        def cell(p: int, text: str, y: int, colour: palette.Colour, *, bold: bool, size: int = small) -> None:
            right = x0 + first + p * col_w + col_w - 8
            fit = txt.size_to_fit(text, size, col_w - 6, bold=bold, least=10)
            txt.draw(surface, text, fit, (right, y), colour, bold=bold, anchor="topright",
                     max_width=col_w - 6)

        column = tr(self.words.deal)
        txt.draw(surface, column, small, (x0, y), palette.GOLD, bold=True)
        # the names head their columns, a long one on two lines, in a size where every word fits
        words = [word for name in s.names for word in name.split()]
        head = small
        while head > small - 3 and max(txt.width(w, head, bold=True) for w in words) > col_w - 6:
            head -= 1
        head_lines = 1
        for p in range(players):
            lines = txt.wrap(s.names[p], head, col_w - 6, bold=True)[:2]
            head_lines = max(head_lines, len(lines))
            for k, part in enumerate(lines):
                cell(p, part, y + k * (head + 2), palette.SEAT_COLOURS[p % 8], bold=True, size=head)
        y += head_lines * (head + 2) + 6
        room = max(1, (box.bottom - y - small * 2 - 20) // (small + 6))
        extra = self.status_rows()
        room = max(1, room - len(extra) - (2 if self.final else 0))
        limit = self.elimination
        for row in score_rows(rows, limit.bought if limit is not None else ())[-room:]:
            label_colour = palette.GOLD if row.buy_in else palette.TEXT
            txt.draw(surface, row.label + (" ★" if row.bent else ""), small, (x0, y), label_colour)
            for p, text in enumerate(row.cells):
                colour = palette.GOLD if row.buy_in else palette.VALID if row.out == p else palette.TEXT
                cell(p, text, y, colour, bold=row.out == p)
            y += small + 6
        pygame.draw.line(surface, palette.GOLD_DARK, (x0, y + 2), (box.right - 10, y + 2), 1)
        y += 8
        txt.draw(surface, tr("score.total"), small, (x0, y), palette.GOLD, bold=True)
        best = min(s.match.totals) if rows else None
        for p, total in enumerate(s.match.totals):
            cell(p, number(total), y, palette.GOLD if total == best else palette.TEXT, bold=True,
                 size=small + 1)
        if self.final:
            y = self.draw_places(surface, (x0, y + small + 8), small, col_w - 6, cell)
        for label, values in extra:
            y += small + 8
            txt.draw(surface, label, small, (x0, y), palette.GOLD, bold=True)
            for p, (text, colour) in enumerate(values):
                cell(p, text, y, colour, bold=False)
        if any(r.big_out for r in rows):
            key = tr(self.words.big_out_key)
            txt.draw(surface, key, small - 1, (x0, box.bottom - 8), palette.TEXT_DIM, bold=False,
                     anchor="bottomleft")

    def draw_places(
        self, surface: pygame.Surface, at: tuple[int, int], small: int, width: int, cell: Callable[..., None]
    ) -> int:
        """The row of every player's place at the end, each in its column (``cell``), a "joint"
        one on two lines where it must; the row's last line's y."""
        m = self.session.match
        x0, y = at
        txt.draw(surface, tr("score.place_row"), small, (x0, y), palette.GOLD, bold=True)
        lines = 1
        for p, place in enumerate(final_places(m)):
            parts = txt.wrap(place, small, width, bold=True)
            lines = max(lines, len(parts))
            colour = palette.GOLD if p in m.winners else palette.TEXT
            for k, part in enumerate(parts):
                cell(p, part, y + k * (small + 2), colour, bold=True)
        return y + (lines - 1) * (small + 2)

    def draw_chart(self, surface: pygame.Surface, box: pygame.Rect, small: int) -> None:
        s = self.session
        panel(surface, box, alpha=165)
        txt.draw(surface, tr("score.chart"), small + 1, (box.x + 12, box.y + 8), palette.GOLD, bold=True)
        rows = self.hand_rows()
        players = s.match.players
        legend_rows = legend_lines([txt.width(n, small - 1) + 30 for n in s.names], box.w - 58)
        extra = (legend_rows - 1) * (small + 4)
        plot = pygame.Rect(box.x + 50, box.y + small + 24, box.w - 70, box.h - small * 3 - 40 - extra)
        m = s.match
        hands = max(self.view().schedule_length, len(rows), 1)
        cum = running_totals(m)
        limit = self.elimination.limit if self.elimination is not None else None
        ticks = axis_ticks(max(max(v for c in cum for _, v in c), limit or 0))
        top = ticks[-1]
        for v in ticks:
            y = plot.bottom - plot.h * v / top
            pygame.draw.line(surface, palette.CHART_GRID, (plot.x, y), (plot.right, y), 1)
            txt.draw(
                surface, number(v), small - 2, (plot.x - 6, y), palette.TEXT_FAINT, bold=False,
                anchor="midright"
            )
        if limit is not None:  # the elimination limit (B-11)
            y = plot.bottom - plot.h * limit / top
            pygame.draw.line(surface, palette.INVALID, (plot.x, y), (plot.right, y), 2)
            label = tr("score.limit", limit=limit)
            txt.draw(surface, label, small - 2, (plot.x + 4, y + 3), palette.INVALID, anchor="topleft")
        for i in range(hands + 1):
            x = plot.x + plot.w * i / hands
            if i:
                txt.draw(
                    surface,
                    str(i),
                    small - 2,
                    (x, plot.bottom + 4),
                    palette.TEXT_FAINT,
                    bold=False,
                    anchor="midtop",
                )
        for p in range(players):
            pts = [(plot.x + plot.w * i / hands, plot.bottom - plot.h * v / top) for i, v in cum[p]]
            colour = palette.SEAT_COLOURS[p % 8]
            if len(pts) > 1:
                pygame.draw.lines(surface, colour, closed=False, points=pts, width=4 if p == HUMAN else 2)
            for pt in pts[1:]:
                pygame.draw.circle(surface, colour, pt, 4 if p == HUMAN else 3)
        # legend
        lx, ly = plot.x, box.bottom - (small + 4) * legend_rows - 2
        for p in range(players):
            colour = palette.SEAT_COLOURS[p % 8]
            if lx + 16 + txt.width(s.names[p], small - 1) > box.right - 8:
                lx, ly = plot.x, ly + small + 4
            pygame.draw.rect(surface, colour, (lx, ly + 3, 12, 12), border_radius=3)
            drawn = txt.draw(surface, s.names[p], small - 1, (lx + 16, ly), palette.TEXT, bold=False)
            lx = drawn.right + 14


    def status_rows(self) -> list[tuple[str, list[tuple[str, palette.Colour]]]]:
        """A game with a limit's lines under the totals: who is in the game and their buy-ins
        (B-11), and each player's chips when playing for them (B-12)."""
        view = self.view()
        limit = view.elimination
        if limit is None:
            return []
        rows: list[tuple[str, list[tuple[str, palette.Colour]]]] = []
        status = []
        for p in range(view.players):
            if not view.active[p]:
                status.append((tr("score.out_mark"), palette.INVALID))
            elif limit.buy_ins[p]:
                status.append((tr("score.bought_in", n=limit.buy_ins[p]), palette.GOLD))
            else:
                status.append((tr("score.in_mark"), palette.VALID))
        rows.append((tr("score.in_game"), status))
        if limit.chips is not None:
            chips = [(f"{c:+d}", palette.VALID if c > 0 else palette.TEXT) for c in limit.chips]
            rows.append((tr("score.chips", kitty=limit.kitty), chips))
        return rows


def running_totals(m: Game) -> list[list[tuple[int, int]]]:
    """Each seat's running total after each scored hand, as (hand, total) points from (0, 0); a
    buy-in (B-11) adds a second point at its deal, the total it bought back in at."""
    limit = m.view(HUMAN).elimination
    bought = limit.bought if limit is not None else ()
    points = [[(0, 0)] for _ in range(m.players)]
    for i, r in enumerate((r for r in m.results if not r.void), start=1):
        for p in range(m.players):
            points[p].append((i, points[p][-1][1] + r.scores[p]))
        for deal, seat, total in bought:
            if deal == i:
                points[seat].append((i, total))
    return points


def _laid_text(r: DealResult, seat: int) -> str:
    """Whether a seat laid its contract (a deal played for one), or came out (B-4); nothing for a
    seat not dealt in (no cards, and not the one who went out)."""
    if not r.hands[seat] and r.out != seat:
        return ""
    words = words_of("jamaican" if r.contract_text else "british")
    return tr(words.laid) if r.laid[seat] else tr(words.not_laid)


def place_text(totals: list[int], seat: int) -> str:
    """The seat's place at the end of the game, lowest total first: "You finished 3rd of 4",
    "joint 2nd" when another player has the same total.

    >>> place_text([120, 40, 200, 95], 0)
    'You finished 3rd of 4'
    >>> place_text([40, 40, 200], 1)
    'You finished joint 1st of 3'
    """
    return tr("score.place", place=places([(t,) for t in totals])[seat], players=len(totals))


def _two_lines(text: str) -> list[str]:
    """``text`` in two lines at the space nearest its middle (one line when it has no space)."""
    spaces = [i for i, ch in enumerate(text) if ch == " "]
    if not spaces:
        return [text]
    cut = min(spaces, key=lambda i: abs(i - len(text) / 2))
    return [text[:cut], text[cut + 1:]]
