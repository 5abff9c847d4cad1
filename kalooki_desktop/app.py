"""The window, the event loop and the scene stack.

One loop: events go to pygame_gui first, then to the top scene; the top scene updates and
draws, pygame_gui draws its widgets, then the scene's top layer (dragged cards, toasts).
Scene changes are requested and applied between frames. F11 toggles fullscreen, F12 saves a
screenshot.
"""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import pygame
import pygame_gui

from .i18n import set_language, tr
from .play.host import GameHost
from .storage.files import prepare_data_folder
from .storage.paths import sub_dir
from .storage.settings import MIN_WINDOW, load_settings
from .ui import palette, window
from .ui.cards import forget_faces, set_four_colour_scheme
from .ui.collector import Collector
from .ui.focus import FocusRing, focusable
from .ui.layout import set_large_cards
from .ui.resources import asset
from .ui.sound import Sounds
from .ui.theme import (
    ConfirmDialog,
    font_size,
    make_ui_manager,
    scaled_theme,
    set_interface_scale,
    tighter,
    ui_scale,
)
from .ui.toast import Toasts
from .ui.window import fit_window

MIN_SIZE = MIN_WINDOW
KEY_GRACE_MS = 600  # a result screen's keys wait this long (ms): a key meant for the table is not its answer
#: The window surface is never smaller than this, even fullscreen on a desktop smaller than
#: :data:`MIN_SIZE` (the player is asked for a larger screen meanwhile).
FLOOR_SIZE = (MIN_SIZE[0] // 2, MIN_SIZE[1] // 2)
W = TypeVar("W", bound=pygame_gui.core.UIElement)
FPS = 60
#: How often Python hands its interpreter lock between threads (its default is 5 ms): often
#: enough that the frames keep their pace while a bot or the coach thinks on another thread (pure
#: Python): a frame that lets the lock go for a large blit waits up to this long to have it back,
#: and at 1 ms some frames waited 40-75 ms while the coach weighed. The searches take about a
#: tenth longer (``docs/performance.md``).
GIL_SWITCH_S = 0.00025


class Scene:
    """One screen of the game. Subclasses override the lifecycle methods they need.

    ``draw`` reads state and never changes it; widgets made with :meth:`widget` are removed
    when the scene is left and rebuilt by :meth:`build` when the window is resized. A
    ``transparent`` scene (a dialog) is drawn over the scene below it, which waits meanwhile.
    """

    transparent = False
    #: The keyboard's focus moves over the scene's widgets (:mod:`.ui.focus`); the table has its own.
    focus_ring = True
    scrolls = False  # Up and Down scroll the screen's text (the rules), not the keyboard's focus
    #: The keys F1 (or ?) lists for this scene, as catalogue names (``keys.<name>.keys`` and
    #: ``.does``); none: F1 does nothing here.
    help_keys: tuple[str, ...] = ("focus", "press", "step", "back", "fullscreen", "screenshot", "help")

    def __init__(self, app: App) -> None:
        self.app = app
        self._widgets: list[pygame_gui.core.UIElement] = []
        self.focus = FocusRing()

    # lifecycle
    def on_enter(self) -> None:
        """The scene became the top of the stack."""
        self.entered_ms = self.app.now_ms
        self.rebuild()

    def answer_key(self, event: pygame.event.Event, keys: dict[int, Callable[[], object]]) -> bool:
        """A result screen's key (``keys``: what each does). One pressed in the screen's first
        moment was meant for the screen before it: taken, and nothing done (the screen stays)."""
        if event.type != pygame.KEYDOWN or event.key not in keys:
            return False
        if self.app.now_ms - getattr(self, "entered_ms", -KEY_GRACE_MS) >= KEY_GRACE_MS:
            keys[event.key]()
        return True

    def on_exit(self) -> None:
        """The scene stops being the top of the stack."""
        self.clear_widgets()

    def on_cover(self) -> None:
        """A ``transparent`` scene (a dialog) came on top: the scene waits as on :meth:`on_exit`,
        its widgets left on show, inactive, under the dialog (:meth:`on_enter` when it goes)."""
        kept, self._widgets = self._widgets, []
        self.on_exit()
        self._widgets = kept + self._widgets
        for w in self._widgets:
            w.disable()

    def on_resize(self, size: tuple[int, int]) -> None:
        """The window changed size."""
        self.rebuild()

    def on_restyle(self) -> None:
        """The language or the look changed: the scene is made again (the top scene's widgets; a
        scene below keeps none, and makes them anew when it comes back)."""
        if self is self.app.top:
            self.rebuild()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to an event; True if it was used."""
        return False

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene below the widgets."""

    def draw_top(self, surface: pygame.Surface) -> None:
        """Draw above the widgets (dragged cards, dialogs of our own)."""

    def at_rest(self) -> bool:
        """Nothing on show moves by itself now (:mod:`.ui.collector` may take its moment)."""
        return True

    def dirty_rects(self) -> list[pygame.Rect] | None:
        """The parts of the window that changed this frame, or None for all of it (the default).

        Sending only those to the display keeps a drag smooth on slow X servers."""
        return None

    # widgets
    def build(self) -> None:
        """Create the scene's widgets for the current window size."""

    def rebuild(self) -> None:
        """Remove and re-create the widgets."""
        self.clear_widgets()
        self.build()

    def widget(self, element: W) -> W:
        """Remember a widget so it is removed with the scene."""
        self._widgets.append(element)
        return element

    def clear_widgets(self) -> None:
        """Remove the scene's widgets."""
        for w in self._widgets:
            w.kill()
        self._widgets.clear()

    def button(
        self,
        rect: pygame.Rect,
        label: str,
        object_id: str | None = None,
        tooltip: str | None = None,
        command: Callable[[], None] | None = None,
    ) -> pygame_gui.elements.UIButton:
        """A themed button; ``command`` is called when it is pressed (then no event is posted).
        Words too wide for it (a longer language) are drawn in its tighter look (:func:`tighter`)."""
        if label and self.words_px(label, object_id) > rect.w - 12:
            object_id = tighter(object_id)
        b = pygame_gui.elements.UIButton(
            rect, label, self.app.ui, object_id=object_id, tool_tip_text=tooltip, command=command
        )
        self.widget(b)
        return b

    @property
    def size(self) -> tuple[int, int]:
        """The window size."""
        return self.app.screen.get_size()

    def words_px(self, text: str, object_id: str | None = None, element: str = "button") -> int:
        """How wide ``text`` is drawn in a widget of the kind ``element`` (``button``, ``label``)
        with the theme's ``object_id``, in the language and at the scale in use."""
        ids = [object_id, element] if object_id else [element]
        return int(self.app.ui.get_theme().get_font(ids).size(text)[0])

    def fitted(self, texts: Sequence[str], least: int, most: int, object_id: str | None = None,
               element: str = "button") -> int:
        """A widget's width that holds the widest of ``texts`` with room around it: at least
        ``least``, at most ``most`` (the room there is)."""
        widest = max((self.words_px(t, object_id, element) for t in texts), default=0)
        room = self.px(28) if element == "button" else 0
        return max(least, min(most, widest + room))

    def menu_width(self, options: Sequence[str], least: int, most: int) -> int:
        """A dropdown's width that shows the widest of ``options`` beside its arrow."""
        return self.fitted(options, least - self.px(44), most - self.px(44)) + self.px(44)

    def px(self, n: float) -> int:
        """``n`` pixels of a 1280x800 window, at this window's scale (:func:`.ui.theme.ui_scale`)."""
        return round(n * self.app.scale)

    def ask(self, text: str, *, title: str, action: str, destructive: bool = False) -> ConfirmDialog:
        """A confirmation window over the scene (removed with it): ``text`` (plain text), the
        ``action`` button and Cancel; Cancel is the default when the action is ``destructive``."""
        w, h = self.size
        rect = pygame.Rect(0, 0, min(self.px(540), w - 40), self.px(230))
        rect.center = (w // 2, h // 2)
        dialog = ConfirmDialog(rect, text, self.app.ui, title=title, action=action, scale=self.app.scale,
                               destructive=destructive)
        return self.widget(dialog)

    def font_px(self, size: int) -> int:
        """A text size of a 1280x800 window, at this window's scale (:func:`.ui.theme.font_size`)."""
        return font_size(size, self.app.scale)

    def toast_anchor(self) -> tuple[int, int] | pygame.Rect:
        """Where toasts appear (the top centre of a one-line toast; a longer one grows upwards; or
        the room a toast fits in):
        above the scene's row of buttons at the bottom, clear of its title."""
        w, h = self.size
        return w // 2, h - self.px(150)

    def toast_position(self) -> object:
        """What a toast about the position is about (it leaves when this changes)."""
        return None


#: The scenes by name (each registers itself with :func:`register_scene` when the package
#: :mod:`kalooki_desktop.scenes` is imported), so that no scene imports another.
SCENES: dict[str, Callable[..., Scene]] = {}
S = TypeVar("S", bound=type[Scene])


def register_scene(name: str) -> Callable[[S], S]:
    """Class decorator: the scene can be opened by ``name`` (``app.push("table", session)``)."""

    def wrap(cls: S) -> S:
        SCENES[name] = cls
        return cls

    return wrap


class App:
    """The running game: window, widgets manager, scenes, settings and the game in progress."""

    def __init__(self, size: tuple[int, int] | None = None, *, fullscreen: bool | None = None) -> None:
        sys.setswitchinterval(GIL_SWITCH_S)  # the frames keep their pace while a bot thinks
        pygame.init()
        with contextlib.suppress(pygame.error):  # no sound device: the game carries on silently
            pygame.mixer.init()
        self.notices: list[str] = []  # messages waiting their turn (shown by the toasts)
        self.save_settings = True
        self.settings, problem = load_settings()
        if problem:
            self.notices.append(problem)
        self.host = GameHost(self.settings, self.notify)  # the game in progress and its autosave
        self.check_data_folder()
        set_language(self.settings.language)
        set_four_colour_scheme(self.settings.four_colour_scheme)
        palette.set_high_contrast(self.settings.high_contrast)
        set_interface_scale(self.settings.interface_scale)
        set_large_cards(self.settings.large_cards)
        forget_faces()
        w, h = fit_window(size) if size else fit_window(tuple(self.settings.window), on_screen=True)
        pygame.display.set_caption(tr("app.title"))
        with contextlib.suppress(FileNotFoundError, pygame.error):  # a missing icon is not worth stopping for
            pygame.display.set_icon(pygame.image.load(str(asset("icon", "kalooki-256.png"))))
        self.screen = self.set_mode((w, h))
        self.ui = make_ui_manager((w, h))
        self.scale = ui_scale((w, h))  # the words' and widgets' size (:func:`.ui.theme.ui_scale`)
        self.scenes: list[Scene] = []
        self._requests: list[Callable[[], None]] = []
        self.clock = pygame.time.Clock()
        self.collector = Collector()  # the full garbage collections, between frames (from run)
        self.now_ms = 0.0  # the game's clock: the loop's time, advanced by each frame's dt
        self.running = True
        self.sounds = Sounds()
        self.toasts = Toasts(self.sounds)
        self.toasts.notices = self.notices
        self.sounds.volume = self.settings.volume
        self.sounds.muted = not self.settings.sound
        start_full = fullscreen if fullscreen is not None else self.settings.fullscreen
        self.settings.fullscreen = False  # the window opens as a window
        if start_full:
            self.set_fullscreen(on=True)
        self.host.resume_autosave()

    # --- the scene stack ---------------------------------------------------------------

    @property
    def top(self) -> Scene | None:
        """The scene being shown."""
        return self.scenes[-1] if self.scenes else None

    def make(self, scene: Scene | str, *args: Any) -> Scene:
        """``scene`` itself, or a new scene of the registered name ``scene`` made with ``args``."""
        if isinstance(scene, Scene):
            return scene
        try:
            factory = SCENES[scene]
        except KeyError:
            raise KeyError(f"no scene {scene!r} (import kalooki_desktop.scenes first)") from None
        return factory(self, *args)

    def push(self, scene: Scene | str, *args: Any) -> None:
        """Show ``scene`` (or a new scene of that name, made with ``args``) on top, between frames."""
        made = self.make(scene, *args)
        self._requests.append(lambda: self._push(made))

    def pop(self) -> None:
        """Go back to the scene below (applied between frames)."""
        self._requests.append(self._pop)

    def replace(self, scene: Scene | str, *args: Any) -> None:
        """Swap the top scene for ``scene`` (or a new scene of that name)."""
        made = self.make(scene, *args)

        def do() -> None:
            self._pop()
            self._push(made)

        self._requests.append(do)

    def reset(self, scene: Scene | str, *args: Any) -> None:
        """Clear the stack and show ``scene`` (or a new scene of that name)."""
        scene = self.make(scene, *args)

        def do() -> None:
            while self.scenes:
                self._pop()
            self._push(scene)

        self._requests.append(do)

    def _push(self, scene: Scene) -> None:
        if self.top is not None:
            (self.top.on_cover if scene.transparent else self.top.on_exit)()
            self.collector.screens_left += not scene.transparent
        self.scenes.append(scene)
        scene.on_enter()

    def _pop(self) -> None:
        if self.scenes:
            gone = self.scenes.pop()
            gone.on_exit()
            self.collector.screens_left += not gone.transparent
        if self.top is not None:
            self.top.on_enter()

    @property
    def changing(self) -> bool:
        """True while scene changes wait for the end of the frame."""
        return bool(self._requests)

    def apply_requests(self) -> None:
        """Apply the scene changes requested during the frame."""
        while self._requests:
            self._requests.pop(0)()
        self.collector.after_scene_changes()  # a screen's widgets, before the next screen draws

    # --- the game in progress -------------------------------------------------------------

    def check_data_folder(self) -> None:
        """At start: a data folder that cannot be written means nothing is saved this time (and
        the player is told where and why); leftovers of an interrupted write are removed; a file
        standing where the saves folder belongs is moved aside."""
        writable, notices = prepare_data_folder()
        self.notices += notices
        if not writable:
            self.host.persist = self.save_settings = False

    def notify(self, message: str, kind: str) -> None:
        """Say something: a "notice" waits its turn; anything else is a toast at once."""
        if kind == "notice":
            self.notices.append(message)
        else:
            self.toast(message, kind, 8, scope="lasting")

    # --- the loop ---------------------------------------------------------------------

    def run(self, first: Scene) -> int:
        """Run until Quit; returns the exit status."""
        self.push(first)
        self.apply_requests()
        self.collector.start()
        while self.running:
            self.step(self.clock.tick(FPS) / 1000.0)
        self.shutdown()
        return 0

    def step(self, dt: float, events: list[pygame.event.Event] | None = None) -> None:
        """One frame: events, update, draw, flip, scene changes."""
        self.now_ms += dt * 1000
        for event in pygame.event.get() if events is None else events:
            self.dispatch(event)
        top = self.top
        if top is not None:
            top.update(dt)
        self.ui.update(dt)
        w, h = self.screen.get_size()  # the toasts come up to this frame before it is drawn
        if w < MIN_SIZE[0] or h < MIN_SIZE[1]:
            self.toast(tr("app.too_small", w=MIN_SIZE[0], h=MIN_SIZE[1]), "error", 0.1)
        self.toasts.update(self.now_ms, (w, h), self.top)
        self.draw()
        dirty = top.dirty_rects() if top is not None and top is self.top else None
        if dirty is None or self.toasts.on_show(self.now_ms) or self._requests:
            pygame.display.flip()
        else:  # the window's rows from the first changed one to the last, as SDL's own texture sent
            pygame.display.update(window.rows_of(dirty, self.screen.get_width()))
        self.apply_requests()
        self.collector.step(self.now_ms, at_rest=self.top is None or self.top.at_rest())

    def draw(self) -> None:
        """Draw the whole frame to the window surface: the top scene, and the scenes below it
        while the ones above are transparent."""
        top = self.top
        first = len(self.scenes) - 1
        while first > 0 and self.scenes[first].transparent:
            first -= 1
        for scene in self.scenes[max(0, first):]:
            scene.draw(self.screen)
        self.ui.draw_ui(self.screen)
        if top is not None:
            top.draw_top(self.screen)
            if top.focus_ring and top.focus.shown:
                current = top.focus.current
                if current is None or current not in top._widgets or not current.visible:
                    top.focus.settle(focusable(top._widgets, top.focus.columns))  # widgets made anew
                top.focus.draw(self.screen)
        self.toasts.draw(self.screen)

    def dispatch(self, event: pygame.event.Event) -> None:
        """Route one event: app keys, pygame_gui, then the top scene."""
        self.collector.saw(event.type, self.now_ms)
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE:
            self.resized()  # the window's own size: older events may name sizes it no longer has
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F12:
            self.screenshot()
            return
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.toasts.acted()  # a refusal or a hint is about the position the player leaves
        used = self.ui.process_events(event)
        top = self.top
        if top is None or (used and event.type in _CONSUMABLE):
            return
        if event.type == pygame.KEYDOWN and (event.key == pygame.K_F1 or event.dict.get("unicode") == "?"):
            if top.help_keys:
                self.push("keys", top.help_keys)  # the keys of this screen, over it
            return
        scrolling = top.scrolls and event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN)
        if top.focus_ring and not scrolling and top.focus.handle(event, top._widgets):
            return
        top.handle_event(event)

    def set_mode(self, size: tuple[int, int]) -> pygame.Surface:
        """Open the window at ``size``, resizable, never made smaller than :data:`MIN_SIZE` by
        the player. ``set_mode`` may replace the window: the minimum is set on the new one, and
        no ``pygame.Window`` is kept (:mod:`.ui.window`)."""
        surface = window.open_window(size)
        self.hold_minimum()
        return surface

    @property
    def window(self) -> pygame.Window | None:
        """The window as it is now (never a kept object: ``set_mode`` may have replaced it)."""
        return window.current()

    def hold_minimum(self) -> None:
        """Keep a window from being made smaller than :data:`MIN_SIZE` (pygame's ``set_mode``
        forgets a window's minimum size, so it is set again after each change of mode)."""
        if not self.settings.fullscreen:
            window.hold_minimum(MIN_SIZE)

    def resized(self, size: tuple[int, int] | None = None) -> None:
        """Lay everything out again for the size the window really has (after resizing the window
        to ``size`` if one is given). A window made smaller than :data:`MIN_SIZE` (where no window
        manager holds its minimum) is brought back to it in place, never replaced; fullscreen on
        a desktop smaller than :data:`FLOOR_SIZE` draws at that size (the player is asked for a
        larger screen meanwhile)."""
        if size is not None and not self.settings.fullscreen:
            window.set_size((max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1])))
        w, h = window.real_size()
        if not self.settings.fullscreen and (w < MIN_SIZE[0] or h < MIN_SIZE[1]):
            window.set_size((max(MIN_SIZE[0], w), max(MIN_SIZE[1], h)))
        self.hold_minimum()
        surface = pygame.display.get_surface()
        if surface is None or surface.get_width() < FLOOR_SIZE[0] or surface.get_height() < FLOOR_SIZE[1]:
            with contextlib.suppress(pygame.error):  # keep drawing on what there is
                surface = self.set_mode(FLOOR_SIZE)
        if surface is not None:
            self.screen = surface
        self.ui.set_window_resolution(self.screen.get_size())
        scale = ui_scale(self.screen.get_size())
        if scale != self.scale:
            self.scale = scale
            self.ui.get_theme().load_theme(scaled_theme(scale))
        if not self.settings.fullscreen:
            self.settings.window = list(self.screen.get_size())
        if self.top is not None:
            self.top.on_resize(self.screen.get_size())
        if len(self.scenes) > 1 and self.scenes[-1].transparent:  # the scene under a dialog
            self.scenes[-2].on_resize(self.screen.get_size())
            for widget in self.scenes[-2]._widgets:
                widget.disable()

    def change_language(self, language: str) -> None:
        """Every word in ``language`` from now on: the window's title, the widgets' texts and
        every scene on the stack laid out again in it (no restart)."""
        set_language(language)
        self.ui.set_locale(language)
        pygame.display.set_caption(tr("app.title"))
        for scene in self.scenes:
            scene.on_restyle()

    def apply_look(self) -> None:
        """The look the settings ask for (standard or high contrast, the interface size, the card
        size): the colours, the widgets' theme at the scale the window holds, and every scene
        laid out and drawn anew in it."""
        st = self.settings
        contrast = palette.set_high_contrast(st.high_contrast)
        if contrast:
            forget_faces()
        sizes = set_interface_scale(st.interface_scale) | set_large_cards(st.large_cards)
        if not contrast and not sizes:
            return
        self.scale = ui_scale(self.screen.get_size())
        self.ui.get_theme().load_theme(scaled_theme(self.scale))
        for scene in self.scenes:
            scene.on_restyle()

    def toggle_fullscreen(self) -> None:
        """F11: fullscreen on the desktop's resolution, or back to a window. A change the window
        refuses keeps the window as it is, and a fullscreen that no window manager carries out
        goes back to the window; either is said in plain words."""
        self.set_fullscreen(on=not self.settings.fullscreen)

    def set_fullscreen(self, *, on: bool) -> None:
        """Fullscreen (``on``) or a window, as :meth:`toggle_fullscreen` says."""
        want = on
        if not window.set_fullscreen(on=want):
            self.toast(tr("app.fullscreen_failed"), "error")
            return
        if want and not window.fills_screen():
            window.set_fullscreen(on=False)
            want = False
            self.toast(tr("app.fullscreen_refused"), "error", 6)
        self.settings.fullscreen = want
        self.resized()

    def screenshot(self, path: str | Path | None = None) -> Path:
        """Save the window as a PNG (F12) and say where."""
        if path is None:
            path = sub_dir("screenshots") / time.strftime("kalooki-%Y%m%d-%H%M%S.png")
        saved = window.save_screenshot(self.screen, path)
        self.toast(tr("app.screenshot", path=str(saved.resolve())), scope="lasting")
        return saved

    def toast(self, message: str, kind: str = "info", seconds: float = 3.5, *, scope: str = "scene") -> None:
        """A short message on the top scene ("error" for refusals); ``scope`` says when it leaves
        (:data:`.ui.toast.SCOPES`: "lasting" for files and saving)."""
        self.toasts.show(message, self.now_ms, kind, seconds, scope=scope, scene=self.top)

    @property
    def toast_text(self) -> str:
        """The message on show (or the last one)."""
        return self.toasts.text

    def quit(self) -> None:
        """Stop the loop at the end of this frame."""
        self.running = False

    def shutdown(self) -> None:
        """Leave cleanly: stop thinking bots, save settings."""
        self.collector.stop()
        while self.scenes:
            self.scenes.pop().on_exit()
        self.host.close()
        if self.host.persist and self.save_settings:
            with contextlib.suppress(OSError):  # a read-only disk must not stop the game from closing
                self.settings.save()


#: Events a widget may use up (a click on a button, a key typed into a text box).
_CONSUMABLE = {pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL, pygame.KEYDOWN,
               pygame.TEXTINPUT}

