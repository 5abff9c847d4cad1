"""The new-game dialog: 2-7 computer opponents with a level each, the rules preset (or a custom
schedule) and every variant switch of the rule book with a one-line explanation."""

from __future__ import annotations

import random

import pygame
import pygame_gui
from pygame_gui.elements import UICheckBox, UIDropDownMenu, UILabel, UITextEntryLine

from ..ai.personas import LEVELS, persona, table_names
from ..app import Scene, register_scene
from ..engine.match import Match
from ..i18n import tr
from ..session import GameSetup
from ..ui import palette
from ..ui import text as txt
from ..ui.draw import backdrop, panel

PRESETS = ("jamaican", "baby", "short", "custom")
#: Variant switches in the order the rule book lists them (J-V10 is the jokers menu).
SWITCHES = ("J-V1", "J-V2", "J-V3", "J-V4", "J-V5", "J-V6", "J-V7", "J-V8", "J-V9", "J-3.5", "J-S4")
JOKERS = ("4", "5", "6")
MAX_OPPONENTS = 7


@register_scene("new_game")
class NewGameScene(Scene):
    """Choose opponents and rules, then start."""

    def __init__(self, app: object) -> None:
        super().__init__(app)  # type: ignore[arg-type]
        last = self.app.settings.last_game
        levels = [lv for lv in last.get("levels", []) if lv in LEVELS]
        self.levels: list[str] = levels if 2 <= len(levels) <= MAX_OPPONENTS else ["normal"] * 3
        self.preset: str = last.get("preset", "jamaican") if last.get("preset") in PRESETS else "jamaican"
        self.switches: set[str] = {v for v in last.get("variants", []) if v in SWITCHES}
        self.jokers: str = str(last.get("jokers", "4")) if str(last.get("jokers", "4")) in JOKERS else "4"
        self.schedule: str = str(last.get("schedule", "3 3; 3 4; 4 4; 3 3 3"))
        self.error = ""

    # --- widgets ------------------------------------------------------------------------

    def build(self) -> None:
        w, h = self.size
        m = max(24, w // 40)
        self.left = pygame.Rect(m, round(h * 0.13), round(w * 0.36), round(h * 0.74))
        self.right = pygame.Rect(self.left.right + m, self.left.y, w - self.left.right - 2 * m, self.left.h)
        row = max(34, h // 22)
        self.build_opponents(row)
        self.build_rules(row)
        bw, bh = 220, max(46, h // 15)
        by = self.left.bottom + (h - self.left.bottom - bh) // 2
        self.start = self.button(
            pygame.Rect(w - m - bw, by, bw, bh),
            tr("new.start"),
            "#primary_button",
            command=lambda: self.begin(),
        )
        self.back = self.button(pygame.Rect(m, by, 160, bh), tr("common.back"), command=self.app.pop)

    def build_opponents(self, row: int) -> None:
        """The left panel: how many opponents, and each one's level."""
        ui = self.app.ui
        x, y = self.left.x + 16, self.left.y + 14
        heading = pygame.Rect(x, y, self.left.w - 32, row)
        self.widget(UILabel(heading, tr("new.opponents"), ui, object_id="#heading"))
        y += row + 6
        count_opts: list[str | tuple[str, str]] = [str(n) for n in range(2, MAX_OPPONENTS + 1)]
        self.count_menu = self.widget(
            UIDropDownMenu(count_opts, str(len(self.levels)), pygame.Rect(x, y, 90, row), ui)
        )
        total = tr("new.players_total", n=len(self.levels) + 1)
        self.widget(UILabel(pygame.Rect(x + 100, y, self.left.w - 130, row), total, ui, object_id="#note"))
        y += row + 10
        names = table_names(self.levels)
        level_opts: list[str | tuple[str, str]] = [(tr(f"level.{lv}"), lv) for lv in LEVELS]
        self.level_menus: list[UIDropDownMenu] = []
        lw = min(170, self.left.w // 2 - 20)
        for i, level in enumerate(self.levels):
            self.widget(UILabel(pygame.Rect(x, y, self.left.w - lw - 48, row), names[i], ui))
            place = pygame.Rect(self.left.right - lw - 16, y, lw, row)
            dd = UIDropDownMenu(level_opts, (tr(f"level.{level}"), level), place, ui)
            self.level_menus.append(self.widget(dd))
            y += row + 4
        self.persona_top = y + 8
        self._rows_key: tuple[object, ...] | None = None  # what the persona rows were laid out for
        self._rows: list[tuple[str, str, int]] = []

    def build_rules(self, row: int) -> None:
        """The right panel: the preset (with its custom schedule), the switches, the jokers."""
        ui = self.app.ui
        x, y = self.right.x + 16, self.right.y + 14
        heading = pygame.Rect(x, y, self.right.w - 32, row)
        self.widget(UILabel(heading, tr("new.rules"), ui, object_id="#heading"))
        y += row + 6
        preset_opts: list[str | tuple[str, str]] = [(tr(f"preset.{p}"), p) for p in PRESETS]
        place = pygame.Rect(x, y, min(330, self.right.w // 2), row)
        self.preset_menu = self.widget(
            UIDropDownMenu(preset_opts, (tr(f"preset.{self.preset}"), self.preset), place, ui)
        )
        self.schedule_entry: UITextEntryLine | None = None
        if self.preset == "custom":
            ex = x + min(330, self.right.w // 2) + 10
            place = pygame.Rect(ex, y, self.right.right - ex - 16, row)
            entry = UITextEntryLine(place, ui, placeholder_text=tr("new.schedule_hint"))
            entry.set_text(self.schedule)
            self.schedule_entry = self.widget(entry)
        y += row + 12
        line = max(26, (self.right.bottom - y - row - 20) // (len(SWITCHES) + 1))
        self.checks: dict[str, UICheckBox] = {}
        for vid in SWITCHES:
            cb = UICheckBox(
                pygame.Rect(x, y + (line - 20) // 2, 20, 20),
                f"{tr(f'variant.{vid}.name')}",
                ui,
                initial_state=vid in self.switches,
                tool_tip_text=tr(f"variant.{vid}.help"),
            )
            self.checks[vid] = self.widget(cb)
            y += line
        self.switch_top = self.right.y + 14 + row + 6 + row + 12
        self.switch_line = line
        self.jokers_menu: UIDropDownMenu | None = None
        self.jokers_y = y
        if self.extra_jokers_allowed():  # J-V10 is for three or four players
            self.widget(UILabel(pygame.Rect(x, y, 260, row), tr("variant.J-V10.name"), ui))
            self.jokers_menu = self.widget(
                UIDropDownMenu(list(JOKERS), self.jokers, pygame.Rect(x + 270, y, 80, row), ui)
            )

    def extra_jokers_allowed(self) -> bool:
        """Five or six jokers are offered with three or four players only (J-V10)."""
        return len(self.levels) + 1 <= 4

    # --- events -------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self.menu_changed(event)
            return True
        if event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            checked = event.type == pygame_gui.UI_CHECK_BOX_CHECKED
            for vid, cb in self.checks.items():
                if event.ui_element is cb:
                    (self.switches.add if checked else self.switches.discard)(vid)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        return False

    def menu_changed(self, event: pygame.event.Event) -> None:
        """A dropdown changed: the opponents' count, a level, the preset or the jokers."""
        if event.ui_element is self.count_menu:
            n = int(event.text)
            self.levels = (self.levels + ["normal"] * MAX_OPPONENTS)[:n]
            self.rebuild()
        elif event.ui_element is self.preset_menu:
            self.read_entry()
            self.preset = self.preset_menu.selected_option[1]
            self.rebuild()
        elif self.jokers_menu is not None and event.ui_element is self.jokers_menu:
            self.jokers = event.text
        elif event.ui_element in self.level_menus:
            i = self.level_menus.index(event.ui_element)
            self.levels[i] = event.ui_element.selected_option[1]
            self.rebuild()

    def read_entry(self) -> None:
        """Keep what was typed in the custom schedule box."""
        if self.schedule_entry is not None:
            self.schedule = self.schedule_entry.get_text()

    def setup(self, seed: int | None = None) -> GameSetup:
        """The choices as a :class:`GameSetup` (rules not yet checked)."""
        self.read_entry()
        variants = sorted(self.switches)
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
        """Start the game, or say what is wrong with the choices."""
        setup = self.setup(seed)
        try:
            Match(setup.rules(), setup.players, 0)
        except ValueError as exc:
            self.error = str(exc)
            self.app.toast(self.error, "error", 6)
            return
        self.app.settings.last_game = {
            "levels": list(self.levels),
            "preset": self.preset,
            "variants": sorted(self.switches),
            "jokers": self.jokers,
            "schedule": self.schedule,
        }
        session = self.app.new_session(setup)
        self.app.replace("table", session)

    # --- drawing ------------------------------------------------------------------------

    def persona_rows(self) -> list[tuple[str, str, int]]:
        """The personas of the chosen levels as (title, text, y) rows inside the left panel:
        each title over its wrapped blurb when they all fit, else one shortened line a level
        (title and blurb side by side), as many as fit."""
        key = (tuple(self.levels), tuple(self.left), self.persona_top)
        if self._rows_key == key:
            return self._rows  # drawn every frame: wrap the blurbs only when something changed
        self._rows_key, self._rows = key, self._persona_rows()
        return self._rows

    def _persona_rows(self) -> list[tuple[str, str, int]]:
        bottom = self.left.bottom - 8
        levels = list(dict.fromkeys(self.levels))
        blocks = [(persona(lv).title, txt.wrap(persona(lv).blurb, 14, self.left.w - 32)) for lv in levels]
        y = self.persona_top
        rows: list[tuple[str, str, int]] = []
        if y + sum(20 + 18 * len(lines) + 6 for _, lines in blocks) <= bottom:
            for title, lines in blocks:
                rows.append((title, "", y))
                y += 20
                for line in lines:
                    rows.append(("", line, y))
                    y += 18
                y += 6
            return rows
        for lv in levels:
            if y + 20 > bottom:
                break
            rows.append((persona(lv).title, persona(lv).blurb, y))
            y += 22
        return rows

    def draw(self, surface: pygame.Surface) -> None:
        h = surface.get_height()
        backdrop(surface, tr("new.title"), top=round(h * 0.035))
        panel(surface, self.left)
        panel(surface, self.right)
        # the chosen opponents' personas
        x = self.left.x + 16
        for title, blurb, y in self.persona_rows():
            tw = txt.draw(surface, title, 15, (x, y), palette.GOLD, bold=True).w if title else -8
            if blurb:
                txt.draw(
                    surface,
                    blurb,
                    14,
                    (x + tw + 8, y + (1 if title else 0)),
                    (214, 222, 212),
                    max_width=self.left.right - 16 - (x + tw + 8),
                )
        self.draw_switch_help(surface)
        self.draw_summary(surface)

    def draw_switch_help(self, surface: pygame.Surface) -> None:
        """One plain line per switch, beside its box, and the jokers' line."""
        x = self.right.x + 16 + 30
        for i, vid in enumerate(SWITCHES):
            cy = self.switch_top + i * self.switch_line + self.switch_line // 2
            hx = x + max(250, max(txt.width(tr(f"variant.{v}.name"), 15) for v in SWITCHES) + 16)
            txt.draw(
                surface,
                tr(f"variant.{vid}.help"),
                13,
                (hx, cy),
                (196, 206, 196),
                bold=False,
                anchor="midleft",
                max_width=self.right.right - hx - 12,
            )
        if self.jokers_menu is None:
            return
        txt.draw(
            surface,
            tr("variant.J-V10.help"),
            13,
            (self.right.x + 16 + 370, self.jokers_y + 17),
            (196, 206, 196),
            bold=False,
            anchor="midleft",
            max_width=self.right.right - self.right.x - 400,
        )

    def draw_summary(self, surface: pygame.Surface) -> None:
        """The schedule the choices make, or why they make none."""
        try:
            rules = self.setup(0).rules()
            summary = tr(
                "new.summary",
                hands=len(rules.schedule),
                schedule=" · ".join(s.contract_text for s in rules.schedule[:12]),
            )
            colour = palette.TEXT
        except ValueError as exc:
            summary, colour = str(exc), palette.INVALID
        txt.draw(
            surface,
            summary,
            14,
            (self.right.x + 16, self.right.bottom - 10),
            colour,
            bold=False,
            anchor="bottomleft",
            max_width=self.right.w - 32,
        )
