"""Statistics, for each game apart (Jamaican, Kalooki 40, Kalooki 51): games played and won per
rules preset and opponent mix, average and best scores, the contract-made rate per contract
played (British: coming out per deal), calls, bends (British: Kalookis), and a chart of recent results.
Before a game is finished, the hands played so far (games and practice apart) and the contracts
made in them."""

from __future__ import annotations

from functools import partial

import pygame

from ..app import App, Scene, register_scene
from ..i18n import number, percent, tr
from ..play.session import HUMAN
from ..storage import progress, stats
from ..ui import palette
from ..ui import text as txt
from ..ui.draw import backdrop, panel
from .progress import draw_progress


@register_scene("statistics")
class StatisticsScene(Scene):
    """The player's record."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        records, message = stats.load_statistics()
        if message:
            app.toast(message, "error", 8, scope="lasting")
        self.records = records
        hands, note = progress.FILE.load()
        if note:
            app.toast(note, "error", 8, scope="lasting")
        self.hands = hands
        self.weakest = progress.weakest(hands)
        self.chosen: str | None = None  # the contract whose trend the Progress page shows
        self.rows: dict[str, pygame.Rect] = {}
        session = app.host.session
        preset = session.setup.preset if session is not None else app.settings.last_game.get("preset", "")
        self.game = preset if preset in stats.GAMES else "jamaican"
        self.summary = stats.summarise(records, game=self.game)

    @property
    def british(self) -> bool:
        """True while a British game's figures are on show."""
        return self.game != "jamaican"

    def build(self) -> None:
        w, h = self.size
        bh = self.px(46)
        self.b_back = self.button(pygame.Rect(20, h - bh - 18, self.px(160), bh), tr("common.back"),
                                  command=self.app.pop)
        pages = (*stats.GAMES, "progress")
        tw = min(self.px(190), (w - self.px(200)) // len(pages) - 10)
        x = w - 20 - len(pages) * (tw + 10) + 10
        self.tabs = {
            game: self.button(pygame.Rect(x + i * (tw + 10), h - bh - 18, tw, bh), tr(f"stats.game.{game}"),
                              command=partial(self.show, game))
            for i, game in enumerate(pages)
        }
        self.tabs[self.game].select()

    def show(self, game: str) -> None:
        """The figures of one game, or the contracts' progress ("progress")."""
        self.game = game
        if game != "progress":
            self.summary = stats.summarise(self.records, game=game)
        self.rebuild()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.game == "progress":
            contract = next((c for c, r in self.rows.items() if r.collidepoint(event.pos)), None)
            if contract is not None:
                self.chosen = contract
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        w = surface.get_width()
        if self.game == "progress":
            backdrop(surface, tr("progress.title"))
            top = self.px(80)
            box = pygame.Rect(20, top, w - 40, int(self.b_back.relative_rect.y) - 12 - top)
            self.rows = draw_progress(surface, box, self.hands, self.chosen, self.weakest, self.font_px(16))
            return
        title = backdrop(surface, tr("stats.title"))
        s = self.summary
        font, small = self.font_px(16), self.font_px(13)
        top = max(80, 18 + title + self.px(14))  # under the title, above the buttons, at every scale
        bottom = int(self.b_back.relative_rect.y) - 12
        left = pygame.Rect(20, top, (w - 52) // 2, bottom - top)
        right = pygame.Rect(left.right + 12, top, w - 52 - left.w, (bottom - top) // 2 - 6)
        lower = pygame.Rect(right.x, right.bottom + 12, right.w, bottom - right.bottom - 12)
        panel(surface, left, alpha=165)
        x, y = left.x + 16, left.y + 14
        if not s.played:
            self.draw_before_a_game(surface, left, font)
        rate = percent(s.won / s.played) if s.played else "-"
        lines = [
            (tr("stats.played"), number(s.played)),
            (tr("stats.won"), f"{number(s.won)} ({rate})"),
            (tr("stats.average"), number(s.average) if s.average is not None else "-"),
            (tr("stats.best"), number(s.best) if s.best is not None else "-"),
            (tr("stats.calls"), number(s.calls)),
            (tr("stats.bends"), number(s.bends)),
        ]
        if self.british:  # no calls; a Kalooki is the big moment
            lines[-2:] = [(tr("stats.kalookis"), number(s.bends))]
        if s.played:
            for label, value in lines:
                txt.draw(surface, label, font, (x, y), palette.TEXT)
                txt.draw(
                    surface, value, font, (left.right - 16, y), palette.GOLD, bold=True, anchor="topright"
                )
                y += font + 10
            y += 10
            txt.draw(surface, tr("stats.by_mix"), font, (x, y), palette.GOLD, bold=True)
            y += font + 8
            for key, (played, won) in s.by_mix.items():
                if y > left.bottom - small - 10:
                    break
                preset, _, mix = key.partition(" · ")
                label = f"{tr(f'preset.{preset}')} · {mix}"
                txt.draw(surface, label, small, (x, y), palette.TEXT, max_width=left.w - 140)
                txt.draw(
                    surface,
                    tr("stats.won_of", won=won, played=played),
                    small,
                    (left.right - 16, y),
                    palette.TEXT,
                    bold=False,
                    anchor="topright",
                )
                y += small + 8
        self.draw_rates(surface, right, small)
        self.draw_recent(surface, lower, small)

    def before_a_game(self) -> list[tuple[str, str]]:
        """What this page's game has to show before one is finished: the Jamaican hands played
        in games (finished or not) and in practice, with the contracts made (from the progress);
        British: the deals of the game in progress, with the times the player came out."""
        def made(n: int, of: int) -> str:
            return f"{number(n)} ({percent(n / of)})"

        if self.british:
            session = self.app.host.session
            if session is None or stats.game_of_preset(session.setup.preset) != self.game:
                return []
            deals = [r for r in session.match.results if not r.void]
            came = sum(1 for r in deals if r.laid[HUMAN])
            return [(tr("stats.deals_this_game"), str(len(deals))),
                    (tr("stats.came_out"), made(came, len(deals)))] if deals else []
        rows: list[tuple[str, str]] = []
        for practice, key in ((False, "stats.hands_games"), (True, "stats.hands_practice")):
            hands = [h for h in self.hands if h.practice == practice]
            if hands:
                rows += [(tr(key), str(len(hands))),
                         (tr("stats.contract_made"), made(sum(h.made for h in hands), len(hands)))]
        return rows

    def draw_before_a_game(self, surface: pygame.Surface, box: pygame.Rect, font: int) -> None:
        """The left panel while no game of this page is finished (:meth:`before_a_game`), or
        what fills it."""
        rows = self.before_a_game()
        if not rows:
            lines = txt.wrap(tr("stats.none" if self.british else "stats.none_jamaican"), font, box.w - 40)
            y = box.centery - len(lines) * (font + 6) // 2
            for line in lines:
                txt.draw(surface, line, font, (box.centerx, y), palette.TEXT, bold=False, anchor="midtop")
                y += font + 6
            return
        x, y = box.x + 16, box.y + 14
        heading = tr("stats.no_game_yet_deals" if self.british else "stats.no_game_yet")
        for line in txt.wrap(heading, font, box.w - 32, bold=True):
            txt.draw(surface, line, font, (x, y), palette.GOLD, bold=True)
            y += font + 6
        y += 10
        for label, value in rows:
            txt.draw(surface, label, font, (x, y), palette.TEXT, max_width=box.w - 150)
            txt.draw(surface, value, font, (box.right - 16, y), palette.GOLD, bold=True, anchor="topright")
            y += font + 10

    def bars(self) -> list[tuple[str, int, int]]:
        """The bars of the rates panel: label, made (British: came out), played. Jamaican: the
        nine-hand schedule's contracts in its order, then any other contract played; British:
        the first twelve deals."""
        if self.british:
            rates = self.summary.deal_rate
            numbers = sorted(rates)[:12] or list(range(1, 10))
            return [(str(n), *rates.get(n, (0, 0))) for n in numbers]
        contracts = self.summary.contract_rate
        return [(c, *contracts.get(c, (0, 0))) for c in progress.contracts_shown(contracts)]

    def draw_rates(self, surface: pygame.Surface, box: pygame.Rect, small: int) -> None:
        """Contract made, per contract played (British: came out, per deal), as bars."""
        panel(surface, box, alpha=165)
        title = tr("stats.came_out_rate" if self.british else "stats.contract_rate")
        txt.draw(surface, title, small + 1, (box.x + 14, box.y + 10), palette.GOLD, bold=True)
        bars = self.bars()
        plot = pygame.Rect(box.x + 40, box.y + small + 28, box.w - 60, box.h - small * 3 - 40)
        bw = plot.w / max(1, len(bars))
        size = small - 1
        wide = max(txt.width(label, size) for label, _, _ in bars) > bw - 4
        for i, (label, made, played) in enumerate(bars):
            frac = made / played if played else 0.0
            bar = pygame.Rect(
                round(plot.x + i * bw + bw * 0.18), 0, max(2, round(bw * 0.64)), round(plot.h * frac)
            )
            bar.bottom = plot.bottom
            pygame.draw.rect(surface, palette.VALID, bar, border_radius=4)
            # a contract too wide for its bar is written without its spaces ("3344")
            shown = label.replace(" ", "") if wide else label
            txt.draw(surface, shown, size, (bar.centerx, plot.bottom + 4), palette.TEXT_DIM, bold=False,
                     anchor="midtop")
            if played:
                txt.draw(surface, percent(frac), small - 2, (bar.centerx, bar.y - 2), palette.TEXT,
                         bold=False, anchor="midbottom")
        pygame.draw.line(surface, palette.GOLD_DARK, plot.bottomleft, plot.bottomright, 1)

    def draw_recent(self, surface: pygame.Surface, box: pygame.Rect, small: int) -> None:
        """The last games: the player's score as a bar (gold when won), the winner's as a tick."""
        panel(surface, box, alpha=165)
        txt.draw(surface, tr("stats.recent"), small + 1, (box.x + 14, box.y + 10), palette.GOLD, bold=True)
        recent = self.summary.recent
        if not recent:
            return
        plot = pygame.Rect(box.x + 50, box.y + small + 28, box.w - 70, box.h - small * 3 - 36)
        top = max(50, max(max(r.score, r.winner_score) for r in recent))
        bw = plot.w / len(recent)
        for i, r in enumerate(recent):
            bar = pygame.Rect(
                round(plot.x + i * bw + bw * 0.15),
                0,
                max(2, round(bw * 0.7)),
                max(2, round(plot.h * r.score / top)),
            )
            bar.bottom = plot.bottom
            pygame.draw.rect(surface, palette.GOLD if r.won else palette.CHART_LOST, bar, border_radius=3)
            ty = plot.bottom - round(plot.h * r.winner_score / top)
            pygame.draw.line(surface, palette.TEXT, (bar.x - 2, ty), (bar.right + 2, ty), 2)
        txt.draw(
            surface, str(top), small - 2, (plot.x - 6, plot.y), palette.TEXT_FAINT, bold=False,
            anchor="topright",
        )
        txt.draw(
            surface,
            "0",
            small - 2,
            (plot.x - 6, plot.bottom),
            palette.TEXT_FAINT,
            bold=False,
            anchor="bottomright",
        )
        txt.draw(
            surface,
            tr("stats.recent_key"),
            small - 2,
            (box.x + 14, box.bottom - 8),
            palette.TEXT_DIM,
            bold=False,
            anchor="bottomleft",
        )
