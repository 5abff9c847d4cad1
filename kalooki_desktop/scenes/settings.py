"""Settings, in two columns: the play (animation speed, reduce motion, how long the Call prompt
waits and whether it comes for every discard or only for a card that could help, the coach,
whether a double-click discard of a card the contract needs asks first) and the look and sound
(the language, applied at once; the cards' colours, the interface size as far as the window
holds it, large cards, the high-contrast look, fullscreen, sound and volume). Saved when the
scene is left."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.elements import UICheckBox, UIHorizontalSlider

from ..app import Scene, register_scene
from ..i18n import NAMES, languages, percent, tr
from ..storage.files import reason
from ..storage.settings import INTERFACE_SCALES, SPEEDS
from ..ui import palette
from ..ui import text as txt
from ..ui.cards import set_four_colour_scheme
from ..ui.draw import backdrop, panel
from ..ui.theme import Answers, DropDown, window_scale

CALL_WAITS = (3, 5, 8, 15, 0)
#: The decks offered: two colours, the English four-colour deck, the German one.
DECKS = ("two", "english", "german")
#: The rows of the longer column.
ROWS = 8
#: A check box ticked or cleared.
_TICKS = (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED)


@register_scene("settings")
class SettingsScene(Scene):
    """Change and keep the player's settings."""

    def build(self) -> None:
        w, h = self.size
        px = self.px
        self.box = pygame.Rect(0, 0, min(px(1000), w - 60), min(px(500), h - px(150)))
        self.box.center = (w // 2, h // 2 - px(20))
        self.answers = Answers()
        self.labels: list[tuple[str, pygame.Rect]] = []
        inner = self.box.w - px(90)
        play = round(inner * 0.54)  # the play's names are the longer
        left = self.box.x + px(30)
        right = left + play + px(30)
        top = self.box.y + px(56)
        row = (self.box.bottom - top - px(8)) // ROWS
        self._play(left, play, top, row)
        self._look(right, inner - play, top, row)
        # Tab goes down the play column, then the look and sound column
        self.focus.columns = (pygame.Rect(left, top, right - left, self.box.bottom - top),
                              pygame.Rect(right, top, self.box.right - right, self.box.bottom - top))
        self.back = self.button(
            pygame.Rect(self.box.centerx - px(90), self.box.bottom + px(20), px(180), px(46)),
            tr("common.done"),
            "#primary_button",
            command=self.app.pop,
        )

    def _label(self, text: str, x: int, y: int, width: int) -> None:
        """A setting's name beside its control, drawn with the scene (:meth:`draw`): on one line,
        or on two in smaller words where a longer language needs them."""
        self.labels.append((text, pygame.Rect(x, y, width, self.px(34))))

    def _check(self, text: str, x: int, y: int, name: str) -> UICheckBox:
        high = self.px(34)
        place = pygame.Rect(x, y + (high - self.px(20)) // 2, self.px(20), self.px(20))
        ticked = getattr(self.app.settings, name)
        box = self.widget(UICheckBox(place, text, self.app.ui, initial_state=ticked))
        return self.answers.on(box, _TICKS, lambda e: self.switch(name, on=e.type == _TICKS[0]))

    def _menu(self, options: list[str | tuple[str, str]], chosen: str | tuple[str, str], place: pygame.Rect,
              do: Callable[[], None]) -> DropDown:
        menu = self.widget(DropDown(options, chosen, place, self.app.ui))
        return self.answers.on(menu, pygame_gui.UI_DROP_DOWN_MENU_CHANGED, lambda _: do())

    def _play(self, x: int, width: int, y: int, row: int) -> None:
        """The left column: how the game plays."""
        st, px = self.app.settings, self.px
        self.play_heading = (x, y - px(40))
        speeds: list[str | tuple[str, str]] = [(tr(f"speed.{k}"), k) for k in SPEEDS]
        waits: list[str | tuple[str, str]] = [
            (tr("settings.wait_s", n=n) if n else tr("settings.wait_forever"), str(n)) for n in CALL_WAITS
        ]
        labels = [tr("settings.speed"), tr("settings.call_wait")]
        cw = self._control_width([str(o[0]) for o in (*speeds, *waits)], labels, width)
        cx = x + width - cw
        self._label(labels[0], x, y, cx - x - px(8))
        self.speed = self._menu(speeds, (tr(f"speed.{st.speed}"), st.speed), pygame.Rect(cx, y, cw, px(34)),
                                self.choose_speed)
        self.reduce = self._check(tr("settings.reduce_motion"), x, y + row, "reduce_motion")
        self._label(labels[1], x, y + 2 * row, cx - x - px(8))
        current = next((o for o in waits if o[1] == str(st.call_wait_s)), waits[1])
        self.wait = self._menu(waits, current, pygame.Rect(cx, y + 2 * row, cw, px(34)), self.choose_wait)
        self.every = self._check(tr("settings.call_every"), x, y + 3 * row, "call_every_card")
        self.coach = self._check(tr("settings.coach"), x, y + 4 * row, "coach")
        self.ask_discard = self._check(tr("settings.ask_needed_discard"), x, y + 5 * row,
                                       "ask_needed_discard")

    def _look(self, x: int, width: int, y: int, row: int) -> None:
        """The right column: what the game looks and sounds like."""
        st, px = self.app.settings, self.px
        self.look_heading = (x, y - px(40))
        names: list[str | tuple[str, str]] = [(NAMES.get(code, code), code) for code in languages()]
        decks: list[str | tuple[str, str]] = [(tr(f"settings.deck_{d}"), d) for d in DECKS]
        sizes, size_label = self._interface_sizes()
        labels = [tr("settings.language"), tr("settings.deck"), size_label, tr("settings.volume")]
        cw = self._control_width([str(o[0]) for o in (*names, *decks, *sizes)], labels, width)
        cx = x + width - cw
        place = pygame.Rect(cx, y, cw, px(34))
        self._label(labels[0], x, y, cx - x - px(8))
        self.language = self._menu(names, (NAMES.get(st.language, st.language), st.language), place,
                                   self.choose_language)
        self._label(labels[1], x, y + row, cx - x - px(8))
        deck = st.four_colour_scheme if st.four_colour else "two"
        chosen = (tr(f"settings.deck_{deck}"), deck)
        self.deck = self._menu(decks, chosen, place.move(0, row), self.choose_deck)
        self._label(labels[2], x, y + 2 * row, cx - x - px(8))
        current = next(o for o in sizes if o[1] == str(st.interface_scale))
        self.interface = self._menu(sizes, current, place.move(0, 2 * row), self.choose_interface)
        self.large = self._check(tr("settings.large_cards"), x, y + 3 * row, "large_cards")
        self.contrast = self._check(tr("settings.high_contrast"), x, y + 4 * row, "high_contrast")
        self.full = self._check(tr("settings.fullscreen"), x, y + 5 * row, "fullscreen")
        self.sound = self._check(tr("settings.sound"), x, y + 6 * row, "sound")
        self._label(tr("settings.volume"), x, y + 7 * row, cx - x - px(8))
        slider = UIHorizontalSlider(pygame.Rect(cx, y + 7 * row + px(4), cw, px(28)), st.volume, (0.0, 1.0),
                                    self.app.ui)
        self.volume = self.answers.on(self.widget(slider), pygame_gui.UI_HORIZONTAL_SLIDER_MOVED,
                                      lambda _: self.set_volume())

    def _interface_sizes(self) -> tuple[list[str | tuple[str, str]], str]:
        """The interface sizes (fitting the window names the size it gives here), and the row's
        name, which says what this window holds of a larger size than it has room for."""
        here = window_scale(self.size)
        options: list[str | tuple[str, str]] = [
            (tr("settings.interface_fit", n=percent(here)) if not n else percent(n / 100), str(n))
            for n in INTERFACE_SCALES
        ]
        chosen = self.app.settings.interface_scale
        if chosen / 100 > here:
            return options, tr("settings.interface_capped", here=percent(here))
        return options, tr("settings.interface")

    def _control_width(self, options: list[str], labels: list[str], width: int) -> int:
        """The width of a column's dropdowns and slider: as wide as their widest option needs (and
        no wider than the widest label leaves room for, unless the options need it)."""
        room = width - max(self.words_px(t, element="label") for t in labels) - self.px(12)
        least = min(self.px(200), width // 2, max(self.px(120), room))
        return self.menu_width(options, least, width - self.px(140))

    def choose_deck(self) -> None:
        """The cards' colours were chosen: two colours, or one of the four-colour decks."""
        deck = self.deck.selected_option[1]
        st = self.app.settings
        st.four_colour = deck != "two"
        if st.four_colour:
            st.four_colour_scheme = deck
        set_four_colour_scheme(st.four_colour_scheme)

    def choose_interface(self) -> None:
        """An interface size was chosen: every screen laid out at once at the size the window
        holds of it."""
        self.app.settings.interface_scale = int(self.interface.selected_option[1])
        self.app.apply_look()

    def choose_language(self) -> None:
        """A language was chosen: every word of the game changes to it at once."""
        self.app.settings.language = self.language.selected_option[1]
        self.app.change_language(self.app.settings.language)

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
        if name in ("high_contrast", "large_cards"):
            self.app.apply_look()

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
        if not self.app.save_settings:  # a read-only data folder, or the smoke test
            return
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
        for key, at in (("settings.play", self.play_heading), ("settings.look", self.look_heading)):
            txt.draw(surface, tr(key), self.font_px(20), at, palette.GOLD, bold=True)
        for text, place in self.labels:
            size = self.font_px(16)
            lines = [text]
            if txt.width(text, size) > place.w:  # two lines, in words as large as lets them fit
                size = next((k for k in range(max(10, min(size, place.h // 2 - 2)), 8, -1)
                             if len(txt.wrap(text, k, place.w)) <= 2), 9)
                lines = txt.wrap(text, size, place.w)[:2]
            y = place.centery - len(lines) * (size + 2) // 2
            for line in lines:
                txt.draw(surface, line, size, (place.x, y), palette.TEXT)
                y += size + 2
