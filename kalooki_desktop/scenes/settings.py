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
from ..ui.theme import Answers, DropDown

CALL_WAITS = (3, 5, 8, 15, 0)
#: A check box ticked or cleared.
_TICKS = (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED)


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
            command=self.app.pop,
        )

    def _rows(self, x: int, y: int, cx: int) -> None:
        """The settings, one a row: labels at ``x``, their choices at ``cx``."""
        ui, st, px = self.app.ui, self.app.settings, self.px
        cw, row, high = px(240), (self.box.bottom - y - px(8)) // 10, px(34)
        self.answers = answers = Answers()

        def label(text: str, at: int) -> None:
            self.widget(UILabel(pygame.Rect(x, at, cx - x - px(12), high), text, ui))

        def check(text: str, at: int, name: str) -> UICheckBox:
            place = pygame.Rect(x, at + (high - px(20)) // 2, px(20), px(20))
            box = self.widget(UICheckBox(place, text, ui, initial_state=getattr(st, name)))
            return answers.on(box, _TICKS, lambda e: self.switch(name, on=e.type == _TICKS[0]))

        label(tr("settings.speed"), y)
        speeds: list[str | tuple[str, str]] = [(tr(f"speed.{k}"), k) for k in SPEEDS]
        self.speed = answers.on(self.widget(
            DropDown(speeds, (tr(f"speed.{st.speed}"), st.speed), pygame.Rect(cx, y, cw, high), ui)
        ), pygame_gui.UI_DROP_DOWN_MENU_CHANGED, lambda _: self.choose_speed())
        self.reduce = check(tr("settings.reduce_motion"), y + row, "reduce_motion")
        label(tr("settings.call_wait"), y + 2 * row)
        waits: list[str | tuple[str, str]] = [
            (tr("settings.wait_s", n=n) if n else tr("settings.wait_forever"), str(n)) for n in CALL_WAITS
        ]
        current = next((o for o in waits if o[1] == str(st.call_wait_s)), waits[1])
        wait = self.widget(DropDown(waits, current, pygame.Rect(cx, y + 2 * row, cw, high), ui))
        self.wait = answers.on(wait, pygame_gui.UI_DROP_DOWN_MENU_CHANGED, lambda _: self.choose_wait())
        self.every = check(tr("settings.call_every"), y + 3 * row, "call_every_card")
        self.sound = check(tr("settings.sound"), y + 4 * row, "sound")
        label(tr("settings.volume"), y + 5 * row)
        self.volume = answers.on(self.widget(
            UIHorizontalSlider(pygame.Rect(cx, y + 5 * row + px(4), cw, px(28)), st.volume, (0.0, 1.0), ui)
        ), pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, lambda _: self.set_volume())
        self.four = check(tr("settings.four_colour"), y + 6 * row, "four_colour")
        self.full = check(tr("settings.fullscreen"), y + 7 * row, "fullscreen")
        self.coach = check(tr("settings.coach"), y + 8 * row, "coach")
        self.ask_discard = check(tr("settings.ask_needed_discard"), y + 9 * row, "ask_needed_discard")

    def choose_speed(self) -> None:
        """The computer players' pace was chosen."""
        self.app.settings.speed = self.speed.selected_option[1]
        self.apply()

    def choose_wait(self) -> None:
        """How long the call window waits was chosen."""
        self.app.settings.call_wait_s = int(self.wait.selected_option[1])
        self.apply()

    def switch(self, name: str, *, on: bool) -> None:
        """A check box was ticked (``on``) or cleared: the setting ``name``."""
        st = self.app.settings
        if name != "fullscreen":
            setattr(st, name, on)
        elif on != st.fullscreen:
            self.app.toggle_fullscreen()
        self.apply()

    def set_volume(self) -> None:
        """The volume slider moved: the new volume, with a card's sound to hear it by."""
        self.app.settings.volume = round(float(self.volume.get_current_value()), 2)
        self.apply()
        self.app.sounds.play("card")

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.answers.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        return False

    def apply(self) -> None:
        """Pass the new pace to the game in progress."""
        self.app.sounds.muted = not self.app.settings.sound
        self.app.sounds.volume = self.app.settings.volume
        s = self.app.host.session
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
        w = surface.get_width()
        backdrop(surface)
        txt.draw(
            surface,
            tr("settings.title"),
            self.font_px(36),
            (w // 2, self.box.y - 20),
            palette.GOLD,
            bold=True,
            anchor="midbottom",
        )
        panel(surface, self.box.inflate(0, 10), alpha=175)
