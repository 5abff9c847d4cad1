"""Settings: animation speed, reduce motion, how long the Call prompt waits and whether it comes
for every discard (or only for a card that could help), sound and volume, four-colour cards,
fullscreen, the coach, and whether a double-click discard of a card the contract needs asks
first. Saved when the scene is left."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UICheckBox, UIHorizontalSlider, UILabel

from ..app import Scene, register_scene
from ..i18n import tr
from ..storage.files import reason
from ..storage.settings import SPEEDS
from ..ui import palette
from ..ui import text as txt
from ..ui.draw import backdrop, panel
from ..ui.theme import DropDown

CALL_WAITS = (3, 5, 8, 15, 0)


@register_scene("settings")
class SettingsScene(Scene):
    """Change and keep the player's settings."""

    def build(self) -> None:
        w, h = self.size
        px = self.px
        self.box = pygame.Rect(0, 0, min(px(760), w - 80), min(px(490), h - px(150)))
        self.box.center = (w // 2, h // 2 - px(20))
        self._rows(self.box.x + px(30), self.box.y + px(18), self.box.right - px(30) - px(240))
        self.back = self.button(
            pygame.Rect(self.box.centerx - px(90), self.box.bottom + px(20), px(180), px(46)),
            tr("common.done"),
            "#primary_button",
        )

    def _rows(self, x: int, y: int, cx: int) -> None:
        """The settings, one a row: labels at ``x``, their choices at ``cx``."""
        ui, st, px = self.app.ui, self.app.settings, self.px
        cw, row, high = px(240), (self.box.bottom - y - px(8)) // 10, px(34)

        def label(text: str, at: int) -> None:
            self.widget(UILabel(pygame.Rect(x, at, cx - x - px(12), high), text, ui))

        def check(text: str, at: int, *, on: bool) -> UICheckBox:
            place = pygame.Rect(x, at + (high - px(20)) // 2, px(20), px(20))
            return self.widget(UICheckBox(place, text, ui, initial_state=on))

        label(tr("settings.speed"), y)
        speeds: list[str | tuple[str, str]] = [(tr(f"speed.{k}"), k) for k in SPEEDS]
        self.speed = self.widget(
            DropDown(speeds, (tr(f"speed.{st.speed}"), st.speed), pygame.Rect(cx, y, cw, high), ui)
        )
        self.reduce = check(tr("settings.reduce_motion"), y + row, on=st.reduce_motion)
        label(tr("settings.call_wait"), y + 2 * row)
        waits: list[str | tuple[str, str]] = [
            (tr("settings.wait_s", n=n) if n else tr("settings.wait_forever"), str(n)) for n in CALL_WAITS
        ]
        current = next((o for o in waits if o[1] == str(st.call_wait_s)), waits[1])
        self.wait = self.widget(DropDown(waits, current, pygame.Rect(cx, y + 2 * row, cw, high), ui))
        self.every = check(tr("settings.call_every"), y + 3 * row, on=st.call_every_card)
        self.sound = check(tr("settings.sound"), y + 4 * row, on=st.sound)
        label(tr("settings.volume"), y + 5 * row)
        self.volume = self.widget(
            UIHorizontalSlider(pygame.Rect(cx, y + 5 * row + px(4), cw, px(28)), st.volume, (0.0, 1.0), ui)
        )
        self.four = check(tr("settings.four_colour"), y + 6 * row, on=st.four_colour)
        self.full = check(tr("settings.fullscreen"), y + 7 * row, on=st.fullscreen)
        self.coach = check(tr("settings.coach"), y + 8 * row, on=st.coach)
        self.ask_discard = check(tr("settings.ask_needed_discard"), y + 9 * row, on=st.ask_needed_discard)

    def handle_event(self, event: pygame.event.Event) -> bool:
        st = self.app.settings
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is self.speed:
                st.speed = self.speed.selected_option[1]
            elif event.ui_element is self.wait:
                st.call_wait_s = int(self.wait.selected_option[1])
            self.apply()
            return True
        if event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            on = event.type == pygame_gui.UI_CHECK_BOX_CHECKED
            boxes = {self.reduce: "reduce_motion", self.sound: "sound", self.every: "call_every_card",
                     self.four: "four_colour", self.coach: "coach", self.ask_discard: "ask_needed_discard"}
            name = next((n for box, n in boxes.items() if event.ui_element is box), None)
            if name is not None:
                setattr(st, name, on)
            elif event.ui_element is self.full and on != st.fullscreen:
                self.app.toggle_fullscreen()
            self.apply()
            return True
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.volume:
            st.volume = round(float(self.volume.get_current_value()), 2)
            self.apply()
            self.app.sounds.play("card")
            return True
        if (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back) or (
            event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
        ):
            self.app.pop()
            return True
        return False

    def apply(self) -> None:
        """Pass the new pace to the game in progress."""
        self.app.sounds.muted = not self.app.settings.sound
        self.app.sounds.volume = self.app.settings.volume
        s = self.app.session
        if s is not None:
            s.speed = self.app.settings.speed_factor
            s.call_wait_ms = self.app.settings.call_wait_s * 1000
            s.offer_every_call = self.app.settings.call_every_card
            s.coach_on = self.app.settings.coach

    def on_exit(self) -> None:
        super().on_exit()
        try:
            self.app.settings.save()
        except OSError as exc:
            self.app.toast(tr("settings.not_saved", error=reason(exc)), "error", scope="lasting")

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        backdrop(surface)
        txt.draw(
            surface,
            tr("settings.title"),
            max(28, h // 22),
            (w // 2, self.box.y - 20),
            palette.GOLD,
            bold=True,
            anchor="midbottom",
        )
        panel(surface, self.box.inflate(0, 10), alpha=175)
