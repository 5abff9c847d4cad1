"""Settings: animation speed, reduce motion, how long the Call prompt waits, sound and volume,
four-colour cards and fullscreen. Saved when the scene is left."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UICheckBox, UIDropDownMenu, UIHorizontalSlider, UILabel

from ..app import Scene, register_scene
from ..i18n import tr
from ..storage.files import reason
from ..storage.settings import SPEEDS
from ..ui import palette
from ..ui import text as txt
from ..ui.draw import backdrop, panel

CALL_WAITS = (3, 5, 8, 15, 0)


@register_scene("settings")
class SettingsScene(Scene):
    """Change and keep the player's settings."""

    def build(self) -> None:
        w, h = self.size
        ui = self.app.ui
        st = self.app.settings
        self.box = pygame.Rect(0, 0, min(720, w - 80), min(470, h - 160))
        self.box.center = (w // 2, h // 2)
        x, y = self.box.x + 30, self.box.y + 24
        lw, cw, row = 300, 240, 46
        cx = self.box.right - 30 - cw

        def label(text: str) -> None:
            self.widget(UILabel(pygame.Rect(x, y, lw, 34), text, ui))

        label(tr("settings.speed"))
        speeds: list[str | tuple[str, str]] = [(tr(f"speed.{k}"), k) for k in SPEEDS]
        self.speed = self.widget(
            UIDropDownMenu(speeds, (tr(f"speed.{st.speed}"), st.speed), pygame.Rect(cx, y, cw, 34), ui)
        )
        y += row
        self.reduce = self.widget(
            UICheckBox(
                pygame.Rect(x, y + 7, 20, 20),
                tr("settings.reduce_motion"),
                ui,
                initial_state=st.reduce_motion,
            )
        )
        y += row
        label(tr("settings.call_wait"))
        waits: list[str | tuple[str, str]] = [
            (tr("settings.wait_s", n=n) if n else tr("settings.wait_forever"), str(n)) for n in CALL_WAITS
        ]
        current = next((o for o in waits if o[1] == str(st.call_wait_s)), waits[1])
        self.wait = self.widget(UIDropDownMenu(waits, current, pygame.Rect(cx, y, cw, 34), ui))
        y += row
        self.sound = self.widget(
            UICheckBox(pygame.Rect(x, y + 7, 20, 20), tr("settings.sound"), ui, initial_state=st.sound)
        )
        y += row
        label(tr("settings.volume"))
        self.volume = self.widget(
            UIHorizontalSlider(pygame.Rect(cx, y + 4, cw, 28), st.volume, (0.0, 1.0), ui)
        )
        y += row
        self.four = self.widget(
            UICheckBox(
                pygame.Rect(x, y + 7, 20, 20), tr("settings.four_colour"), ui, initial_state=st.four_colour
            )
        )
        y += row
        self.full = self.widget(
            UICheckBox(
                pygame.Rect(x, y + 7, 20, 20), tr("settings.fullscreen"), ui, initial_state=st.fullscreen
            )
        )
        self.back = self.button(
            pygame.Rect(self.box.centerx - 90, self.box.bottom + 20, 180, 46),
            tr("common.done"),
            "#primary_button",
        )

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
            if event.ui_element is self.reduce:
                st.reduce_motion = on
            elif event.ui_element is self.sound:
                st.sound = on
            elif event.ui_element is self.four:
                st.four_colour = on
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

    def on_exit(self) -> None:
        super().on_exit()
        try:
            self.app.settings.save()
        except OSError as exc:
            self.app.toast(tr("settings.not_saved", error=reason(exc)), "error")

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
