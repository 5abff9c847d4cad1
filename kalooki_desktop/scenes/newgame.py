"""The new-game dialog: computer opponents with a level each, as many as the chosen game is for
(Jamaican 2-7, J-1.1; British 1-4, B-1, or 1-5 with B-V2), the game and its rules preset (the
Jamaican schedules or a custom one, British Kalooki 40 or 51) and every switch the rule book
gives that game, each with a one-line explanation."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial

import pygame
import pygame_gui
from pygame_gui.elements import UICheckBox, UILabel, UITextEntryLine

from ..ai.personas import LEVELS, persona, table_names
from ..app import Scene, register_scene
from ..engine.rules import CARDS_FOR_CONTRACT, contract_text, make_rules
from ..engine.systems import british
from ..i18n import tr, tr_n
from ..play.games import Seats, game_of
from ..play.gamesetup import MAX_OPPONENTS, MIN_OPPONENTS, GameSetup
from ..ui import palette
from ..ui import text as txt
from ..ui.draw import backdrop, panel
from ..ui.theme import Answers, DropDown
from .gamewords import words_of
from .leaving import LeaveQuestion

PRESETS = ("jamaican", "baby", "short", "custom", *british.BRITISH_PRESETS)
#: Variant switches in the order the rule book lists them (J-V10 is the jokers menu).
SWITCHES = ("J-V1", "J-V2", "J-V3", "J-V4", "J-V5", "J-V6", "J-V7", "J-V8", "J-V9", "J-3.5", "J-S4")
#: The switches of British Kalooki (part B).
B_SWITCHES = tuple(british.BRITISH_SWITCHES)
#: British switches that exclude each other, one choice each ("" for none): the elimination
#: limit (B-11's 150, B-V3's 100, B-V4's 301 or 501) and a Kalooki's bonus (B-V5).
B_LIMITS = ("", "B-V3", "B-V4:301", "B-V4:501")
B_BONUSES = ("", "B-V5", "B-V5:25")
JOKERS = ("4", "5", "6")
_CHANGED = pygame_gui.UI_DROP_DOWN_MENU_CHANGED
_TICKS = (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED)  # ticked, cleared


@register_scene("new_game")
class NewGameScene(Scene):
    """Choose opponents and rules, then start."""

    def __init__(self, app: object) -> None:
        super().__init__(app)  # type: ignore[arg-type]
        last = self.app.settings.last_game
        levels = [lv for lv in last.get("levels", []) if lv in LEVELS]
        #: Each seat's level, as far as the most opponents of any game; the first ``count`` play.
        self.seat_levels: list[str] = ["normal"] * MAX_OPPONENTS
        self.count = 3  # the opponents the player chose (:attr:`levels`: as many as the game allows)
        self.levels = levels if MIN_OPPONENTS <= len(levels) <= MAX_OPPONENTS else ["normal"] * 3
        self.preset: str = last.get("preset", "jamaican") if last.get("preset") in PRESETS else "jamaican"
        variants = [british.ALIASES.get(v, v) for v in last.get("variants", []) if isinstance(v, str)]
        self.switches: set[str] = {v for v in variants if v in SWITCHES + B_SWITCHES}
        for group in (B_LIMITS, B_BONUSES):  # one of each (older settings may hold two)
            self.switches -= set(sorted(self.switches & set(group))[1:])
        self.jokers: str = str(last.get("jokers", "4")) if str(last.get("jokers", "4")) in JOKERS else "4"
        self.schedule: str = str(last.get("schedule", "3 3; 3 4; 4 4; 3 3 3"))
        self.error = ""
        self._problem: tuple[object, str] | None = None  # (the choices, why they make no game)
        self.leave = LeaveQuestion(self, tr("leave.new"))  # asked before a game in progress is left

    # --- widgets ------------------------------------------------------------------------

    def build(self) -> None:
        w, h = self.size
        m = max(24, w // 40)
        self.left = pygame.Rect(m, round(h * 0.13), round(w * 0.36), round(h * 0.74))
        self.right = pygame.Rect(self.left.right + m, self.left.y, w - self.left.right - 2 * m, self.left.h)
        row = max(34, h // 22)
        self.answers = Answers()
        self.build_opponents(row)
        self.build_rules(row)
        self.focus.columns = (self.left, self.right)  # Tab goes down the opponents, then the rules
        bw, bh = self.px(220), max(46, h // 15)
        by = self.left.bottom + (h - self.left.bottom - bh) // 2
        self.start = self.button(
            pygame.Rect(w - m - bw, by, bw, bh),
            tr("new.start"),
            "#primary_button",
            command=lambda: self.begin(),
        )
        self.back = self.button(pygame.Rect(m, by, self.px(160), bh), tr("common.back"), command=self.app.pop)
        self.leave.rebuild()

    def toast_anchor(self) -> pygame.Rect:
        """Messages sit in the footer between Back and Start, clear of both panels (the summary
        at the foot of the rules panel stays in view)."""
        left, right = self.back.relative_rect.right + 12, self.start.relative_rect.left - 12
        return pygame.Rect(left, self.left.bottom + 6, right - left, self.size[1] - self.left.bottom - 12)

    def build_opponents(self, row: int) -> None:
        """The left panel: how many opponents, and each one's level."""
        ui = self.app.ui
        x, y = self.left.x + 16, self.left.y + 14
        heading = UILabel(pygame.Rect(x, y, -1, row), tr("new.opponents"), ui, object_id="#heading")
        self.widget(heading)
        count_opts: list[str | tuple[str, str]] = [str(n) for n in self.seats().opponents]
        cw = self.px(80)
        place = pygame.Rect(self.left.right - 16 - cw, y, cw, row)
        self.count_menu = self.answers.on(self.widget(DropDown(count_opts, str(len(self.levels)), place, ui)),
                                          _CHANGED, self.choose_count)
        total = tr("new.players_total", n=len(self.levels) + 1)
        nx = heading.rect.right + self.px(12)
        tw = self.words_px(total, "#note", "label") + self.px(8)
        if nx + tw > place.x - 8:  # no room beside the heading: the count under it
            nx, y = x, y + row
        place = pygame.Rect(nx, y, max(tw, place.x - 8 - nx), row)
        self.total_label = self.widget(UILabel(place, total, ui, object_id="#note"))
        y += row + 10
        names = table_names(self.levels)
        level_opts: list[str | tuple[str, str]] = [(tr(f"level.{lv}"), lv) for lv in LEVELS]
        self.level_menus: list[DropDown] = []
        lw = min(self.px(170), self.left.w // 2 - 20)
        row = min(row, max(self.px(28), (self.left.h - self.px(230)) // (len(self.levels) + 2)))
        while row > self.px(22) and not self._persona_rows(y + len(self.levels) * (row + 4) + 8)[1]:
            row -= 2  # the level menus closer together: room for the personas' words
        for i, level in enumerate(self.levels):
            self.widget(UILabel(pygame.Rect(x, y, self.left.w - lw - 48, row), names[i], ui))
            place = pygame.Rect(self.left.right - lw - 16, y, lw, row)
            dd = DropDown(level_opts, (tr(f"level.{level}"), level), place, ui)
            self.level_menus.append(self.answers.on(self.widget(dd), _CHANGED, partial(self.choose_level, i)))
            y += row + 4
        self.persona_top = y + 8
        self._rows_key: tuple[object, ...] | None = None  # what the persona rows were laid out for
        self._rows: list[tuple[str, str, int]] = []
        self.persona_size = self.font_px(14)

    def build_rules(self, row: int) -> None:
        """The right panel: the preset (with its custom schedule), the switches, the jokers."""
        ui = self.app.ui
        x, y = self.right.x + 16, self.right.y + 14
        heading = pygame.Rect(x, y, self.right.w - 32, row)
        self.widget(UILabel(heading, tr("new.rules"), ui, object_id="#heading"))
        y += row + 6
        preset_opts: list[str | tuple[str, str]] = [(tr(f"preset.{p}"), p) for p in PRESETS]
        pw = self.menu_width([str(o[0]) for o in preset_opts], min(self.px(330), self.right.w // 2),
                             self.right.w - 32)
        place = pygame.Rect(x, y, pw, row)
        self.preset_menu = self.answers.on(self.widget(
            DropDown(preset_opts, (tr(f"preset.{self.preset}"), self.preset), place, ui)
        ), _CHANGED, self.choose_preset)
        self.schedule_entry: UITextEntryLine | None = None
        if self.preset == "custom":
            ex = x + pw + 10
            place = pygame.Rect(ex, y, self.right.right - ex - 16, row)
            entry = UITextEntryLine(place, ui, placeholder_text=tr("new.schedule_hint"))
            entry.set_text(self.schedule)
            self.schedule_entry = self.widget(entry)
        y += row + 12
        line = max(self.px(26), (self.right.bottom - y - row - 20) // (len(SWITCHES) + 1))
        if self.british():  # fewer rows: room for each explanation's two lines
            line = max(line, self.px(40))
        self.checks: dict[str, UICheckBox] = {}
        for vid in self.offered():
            cb = UICheckBox(  # no tooltip: the switch's explanation is written beside it
                pygame.Rect(x, y + (line - self.px(20)) // 2, self.px(20), self.px(20)),
                f"{tr(f'variant.{vid}.name')}",
                ui,
                initial_state=vid in self.switches,
            )
            self.checks[vid] = self.answers.on(self.widget(cb), _TICKS, partial(self.switch, vid))
            y += line
        self.switch_top = self.right.y + 14 + row + 6 + row + 12
        self.switch_line = line
        self.build_choices(x, y, row)
        self.jokers_menu: DropDown | None = None
        self.jokers_y = y
        if self.extra_jokers_allowed():  # J-V10 is for three or four players
            label = self.widget(UILabel(pygame.Rect(x, y, -1, row), tr("variant.J-V10.name"), ui))
            place = pygame.Rect(label.rect.right + self.px(12), y, self.px(80), row)
            self.jokers_menu = self.answers.on(self.widget(DropDown(list(JOKERS), self.jokers, place, ui)),
                                               _CHANGED, lambda e: setattr(self, "jokers", e.text))

    def build_choices(self, x: int, y: int, row: int) -> None:
        """British Kalooki: the limit and a Kalooki's bonus, a dropdown each, in rows from ``y``,
        labelled from ``x`` (``limit_menu`` and ``bonus_menu`` are None in the Jamaican game)."""
        self.choices: list[tuple[DropDown, str, int]] = []  # (menu, the key of its "none", y)
        self.limit_menu: DropDown | None = None
        self.bonus_menu: DropDown | None = None
        if not self.british():
            return
        rows = (("new.limit", B_LIMITS, "new.limit.150"), ("new.bonus", B_BONUSES, "new.bonus.none"))
        ys = [y + k * (row + 10) for k in range(len(rows))]
        labels = [self.widget(UILabel(pygame.Rect(x, at, -1, row), tr(r[0]), self.app.ui))
                  for r, at in zip(rows, ys, strict=True)]
        mx = max(label.rect.right for label in labels) + self.px(12)  # the menus in one column
        names = [tr(f"{r[0]}.{v}" if v else r[2]) for r in rows for v in r[1]]
        mw = self.menu_width(names, self.px(200), self.right.right - 16 - mx)
        self.limit_menu, self.bonus_menu = (
            self.choice(*r, pygame.Rect(mx, at, mw, row)) for r, at in zip(rows, ys, strict=True)
        )

    def choice(self, label: str, ids: tuple[str, ...], none: str, place: pygame.Rect) -> DropDown:
        """British Kalooki: a dropdown at ``place`` choosing one of the switches ``ids`` that
        exclude each other ("" for none of them, named ``none``), each option named
        ``label.<id>``; its explanation is drawn beside it."""
        options = [(tr(f"{label}.{vid}" if vid else none), vid) for vid in ids]
        chosen = next((o for o in options if o[1] in self.switches), options[0])
        menu = self.widget(DropDown(list[str | tuple[str, str]](options), chosen, place, self.app.ui))
        self.answers.on(menu, _CHANGED, partial(self.choose_one_of, ids))
        self.choices.append((menu, none, place.y))
        return menu

    def british(self) -> bool:
        """True when British Kalooki is chosen."""
        return self.preset in british.BRITISH_PRESETS

    @property
    def levels(self) -> list[str]:
        """The opponents' levels: as many as the player chose, or the nearest count the chosen
        game allows (:meth:`seats`)."""
        allowed = self.seats().opponents
        return self.seat_levels[: min(max(self.count, allowed.start), allowed.stop - 1)]

    @levels.setter
    def levels(self, levels: list[str]) -> None:
        self.seat_levels[: len(levels)] = levels
        self.count = len(levels)

    def seats(self) -> Seats:
        """How many players the chosen game is for (its preset and switches)."""
        return game_of(self.preset).seats(self.preset, self.chosen_switches())

    def chosen_switches(self) -> list[str]:
        """The switches turned on that belong to the chosen game."""
        return sorted(v for v in self.switches if v in (B_SWITCHES if self.british() else SWITCHES))

    def offered(self) -> tuple[str, ...]:
        """The switches of the chosen game that are turned on or off (British Kalooki's limits
        and Kalooki bonuses are one choice each: :meth:`choice_row`)."""
        if self.british():
            return tuple(v for v in B_SWITCHES if v not in B_LIMITS + B_BONUSES)
        return SWITCHES

    def extra_jokers_allowed(self) -> bool:
        """Five or six jokers are offered with three or four players only (J-V10), in the
        Jamaican game."""
        return len(self.levels) + 1 <= 4 and not self.british()

    # --- events -------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.leave.handle(event):
            return True
        if self.answers.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        return False

    def choose_count(self, event: pygame.event.Event) -> None:
        """The number of opponents was chosen."""
        self.count = int(event.text)
        self.rebuild()

    def choose_level(self, i: int, event: pygame.event.Event) -> None:
        """The level of the ``i``-th opponent was chosen."""
        self.seat_levels[i] = event.ui_element.selected_option[1]
        self.rebuild()

    def choose_preset(self, event: pygame.event.Event) -> None:
        """A game was chosen (a preset)."""
        self.change_game(lambda: setattr(self, "preset", self.preset_menu.selected_option[1]))
        self.rebuild()

    def choose_one_of(self, group: tuple[str, ...], event: pygame.event.Event) -> None:
        """British Kalooki: one of the switches ``group`` that exclude each other was chosen."""
        self.switches -= set(group)
        self.switches |= {event.ui_element.selected_option[1]} - {""}

    def switch(self, vid: str, event: pygame.event.Event) -> None:
        """The switch ``vid`` was ticked or cleared."""
        turn = self.switches.add if event.type == _TICKS[0] else self.switches.discard
        if self.change_game(partial(turn, vid)):
            self.rebuild()  # the opponents it offers changed (B-V2)

    def change_game(self, change: Callable[[], object]) -> bool:
        """Make ``change`` to the game or its switches; the opponents are then the count the
        player chose where the game allows it, else the nearest it allows, said in a toast with
        the rule (the levels chosen are kept for a game that seats more). True when the counts
        the game allows changed."""
        self.read_entry()
        before, seats = len(self.levels), self.seats()
        change()
        shown = len(self.levels)
        if shown != before and shown != self.count:
            now = self.seats()
            self.app.toast(tr_n("new.players_moved", shown, game=self.game_name(), fewest=now.fewest,
                                most=now.most, rule=now.rule))
        return self.seats() != seats

    def game_name(self) -> str:
        """The chosen game's name for a player ("Kalooki 40", "Jamaican Kalooki"), whatever the
        custom schedule being typed."""
        if self.british():
            return british.make_british_rules(self.preset, self.chosen_switches()).name
        return tr("new.game_jamaican")

    def read_entry(self) -> None:
        """Keep what was typed in the custom schedule box."""
        if self.schedule_entry is not None:
            self.schedule = self.schedule_entry.get_text()

    def setup(self, seed: int | None = None) -> GameSetup:
        """The choices as a :class:`GameSetup` (rules not yet checked)."""
        self.read_entry()
        variants = self.chosen_switches()
        if self.jokers != "4" and self.extra_jokers_allowed():
            variants.append("J-V10" if self.jokers == "6" else "J-V10:5")
        schedule = None
        if self.preset == "custom":
            schedule = self.schedule
        return GameSetup(
            tuple(self.levels),
            self.preset,
            tuple(variants),
            schedule,
            random.randrange(1 << 30) if seed is None else seed,
        )

    def begin(self, seed: int | None = None) -> None:
        """Start the game, or say what is wrong with the choices; while another game is in
        progress, ask first."""
        setup = self.setup(seed)
        self.error = self.problem()
        if self.error:
            self.app.toast(self.error, "error", 6)
            return
        self.leave.ask(lambda: self.start_game(setup))

    def start_game(self, setup: GameSetup) -> None:
        """Start the chosen game at its table (the choices remembered for next time)."""
        self.app.settings.last_game = {
            "levels": list(self.levels),
            "preset": self.preset,
            "variants": sorted(self.switches),
            "jokers": self.jokers,
            "schedule": self.schedule,
        }
        session = self.app.host.new_session(setup)
        self.app.replace("table", session)

    # --- drawing ------------------------------------------------------------------------

    def persona_rows(self) -> list[tuple[str, str, int]]:
        """The personas of the chosen levels as (title, words, y) rows inside the left panel:
        each title with its whole blurb flowing after it and wrapped under it, at the largest
        size (:attr:`persona_size`) at which every level fits; never shortened."""
        key = (tuple(self.levels), tuple(self.left), self.persona_top)
        if self._rows_key == key:
            return self._rows  # drawn every frame: wrap the blurbs only when something changed
        self._rows_key, self._rows = key, self._persona_rows(self.persona_top)[0]
        return self._rows

    def _persona_rows(self, top: int) -> tuple[list[tuple[str, str, int]], bool]:
        """The rows from ``top`` at the largest size that fits (:attr:`persona_size`), and
        whether they fit at all."""
        bottom = self.left.bottom - 8
        width = self.left.w - 32
        rows: list[tuple[str, str, int]] = []
        for size in (self.font_px(14), self.font_px(13), 12, 11, 10):
            self.persona_size = size
            rows, y = [], top
            for lv in dict.fromkeys(self.levels):
                title = persona(lv).title
                indent = txt.width(title, size + 1, bold=True) + 8
                words = persona(lv).blurb.split(" ")
                first = _fill(words, size, width - indent)
                rows.append((title, " ".join(words[:first]), y))
                y += size + 5
                for line in txt.wrap(" ".join(words[first:]), size, width) if words[first:] else []:
                    rows.append(("", line, y))
                    y += size + 5
                y += 4
            if y <= bottom:
                return rows, True
        return rows, False

    def draw(self, surface: pygame.Surface) -> None:
        h = surface.get_height()
        backdrop(surface, tr("new.title"), top=round(h * 0.035))
        panel(surface, self.left)
        panel(surface, self.right)
        # the chosen opponents' personas
        x, size = self.left.x + 16, self.persona_size
        for title, words, y in self.persona_rows():
            tw = txt.draw(surface, title, size + 1, (x, y), palette.GOLD, bold=True).w + 8 if title else 0
            txt.draw(surface, words, size, (x + tw, y + 1), palette.TEXT_SOFT)
        self.draw_switch_help(surface)
        self.draw_summary(surface)

    def draw_switch_help(self, surface: pygame.Surface) -> None:
        """Each switch's plain explanation beside its box (on two lines where one is too short),
        and the jokers' line."""
        x = self.right.x + 16 + self.px(30)
        names = max(txt.width(tr(f"variant.{v}.name"), self.font_px(15)) for v in self.offered())
        hx = x + max(self.px(250), names + self.px(16))
        for i, vid in enumerate(self.offered()):
            cy = self.switch_top + i * self.switch_line + self.switch_line // 2
            self._help(surface, self.switch_help(vid), hx, cy, self.switch_line)
        for menu, none, y in self.choices:  # the chosen option's explanation
            chosen = menu.selected_option[1]
            key = f"variant.{chosen}.help" if chosen else f"{none}.help"
            self._help(surface, tr(key), int(menu.relative_rect.right) + self.px(16), y + menu.rect.h // 2,
                       menu.rect.h + 8)
        if self.jokers_menu is not None:
            jx = int(self.jokers_menu.relative_rect.right) + self.px(16)
            self._help(surface, tr("variant.J-V10.help"), jx, self.jokers_y + self.jokers_menu.rect.h // 2,
                       self.jokers_menu.rect.h + 8)

    def switch_help(self, vid: str) -> str:
        """A switch's plain explanation; J-V6's names the contract of its tie-break hands and,
        where the schedule ends with another, that it is not that one."""
        if vid != "J-V6":
            return tr(f"variant.{vid}.help")
        setup = self.setup(0)
        try:  # (a Jamaican switch: the Jamaican rules of these choices)
            rules = make_rules(setup.preset, setup.variants, setup.contracts())
        except ValueError:  # a custom schedule being typed: its problem is said under it
            return tr("variant.J-V6.help", contract="4 4 4 4")
        played = rules.sudden_death_spec.contract_text
        last = rules.schedule[-1].contract_text
        if played == last:
            return tr("variant.J-V6.help", contract=played)
        return tr("variant.J-V6.help_other", contract=played, last=last)

    def _help(self, surface: pygame.Surface, text: str, x: int, cy: int, room: int) -> None:
        """``text`` from ``x`` to the panel's edge, centred on ``cy``, in at most two lines of
        the largest size that fits ``room`` pixels of height."""
        width = self.right.right - x - 12
        for size in (self.font_px(13), 12, 11, 10):
            lines = txt.wrap(text, size, width)
            if len(lines) <= max(1, room // (size + 2)) and (len(lines) <= 2 or size <= 11):
                break
        y = cy - len(lines) * (size + 2) // 2
        for line in lines:
            txt.draw(surface, line, size, (x, y), palette.TEXT_HELP)
            y += size + 2

    def problem(self) -> str:
        """Why the choices make no game ("" when they make one); worked out again only when a
        choice changes (it is asked every frame)."""
        setup = self.setup(0)
        key = (setup.preset, setup.variants, setup.schedule, len(setup.levels))
        if self._problem is None or self._problem[0] != key:
            found = schedule_problem(setup.schedule) if setup.schedule is not None else ""
            if not found:
                try:  # (the opponents offered are as many as the game is for: :meth:`seats`)
                    game_of(setup.preset).new_game(setup.rules(), setup.players, 0)
                except ValueError as exc:  # (every other choice the screen offers is checked above)
                    found = tr("new.no_game", reason=str(exc))
            self._problem = (key, found)
        return self._problem[1]

    def update(self, dt: float) -> None:
        """Start is on only while the choices make a game."""
        ok = not self.problem()
        if ok != self.start.is_enabled:
            self.start.enable() if ok else self.start.disable()

    def draw_summary(self, surface: pygame.Surface) -> None:
        """The schedule the choices make, or why they make none, wrapped (never cut) at the
        foot of the rules panel."""
        summary, colour = self.problem(), palette.INVALID
        if not summary:
            summary, colour = self.summary(), palette.TEXT
        size = self.font_px(14)
        lines = txt.wrap(summary, size, self.right.w - 32)
        y = self.right.bottom - 10 - len(lines) * (size + 3)
        for line in lines:
            txt.draw(surface, line, size, (self.right.x + 16, y), colour)
            y += size + 3


    def summary(self) -> str:
        """What the chosen rules make: the schedule of contracts, or the British game's figures."""
        setup = self.setup(0)
        rules = setup.rules()
        return words_of(rules.system).summary(rules, setup.players)


def schedule_problem(text: str) -> str:
    """Why a custom schedule typed as ``text`` (contracts separated by ``;``) is not one, in
    words ("" when it is one); the contracts of the rule book listed each in one piece (its
    spaces do not break a line).

    >>> schedule_problem("3 3; 4 4"), schedule_problem(" ; ")[:21]
    ('', 'Type the contracts of')
    """
    parts = [p.strip() for p in text.replace("\n", ";").split(";") if p.strip()]
    if not parts:
        return tr("new.schedule_empty")
    for part in parts:
        numbers = part.replace(",", " ").split()
        contract = tuple(sorted(int(n) for n in numbers)) if all(n.isdigit() for n in numbers) else ()
        if contract not in CARDS_FOR_CONTRACT:
            known = ", ".join(contract_text(c).replace(" ", "\u00a0") for c in CARDS_FOR_CONTRACT)
            return tr("new.schedule_unknown", part=part, known=known)
    return ""


def _fill(words: list[str], size: int, width: int) -> int:
    """How many of ``words`` fit on one line of ``width`` at ``size``."""
    n = 0
    while n < len(words) and txt.width(" ".join(words[: n + 1]), size) <= width:
        n += 1
    return n
