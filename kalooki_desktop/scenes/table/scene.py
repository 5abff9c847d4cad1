"""The table scene: wires the hand-and-slots model, the geometry, the pointer, the controls and
the choreography to the game, and draws each frame from a snapshot.

Every move the player makes becomes an engine action through :class:`Session`; the engine
applies it or refuses it with a rule id, and the refusal is shown as it is. Nothing here knows a
rule: slot rulings, legal drop targets and the Lay button all ask the engine. Time is the App's
clock (``app.now_ms``), so the table runs the same under a test's fake clock.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...app import App, Scene, register_scene
from ...engine.actions import (
    Action,
    Allow,
    Call,
    EndTurn,
    PluckDiscard,
    PluckStock,
    Refuse,
)
from ...engine.refusal import Refusal
from ...engine.seatview import SeatView
from ...engine.turn import DecisionKind
from ...i18n import card_name, tr
from ...play.session import HUMAN, Move, Session
from ...ui.layout import TableLayout, table_layout
from ..keys import TABLE_KEYS
from . import render
from .choreography import Choreography, Pace
from .coachline import CoachLine
from .controls import TableControls, calls_off
from .drops import Drops, Play, Reorder, Stage
from .ending import HandEnd
from .frame import TableFrame
from .geometry import TableGeometry
from .guidepanel import GuidePanel
from .hinting import TableHint
from .keyboard import TableKeys
from .model import HandModel
from .painter import TablePainter, snapshot
from .pointer import DoubleTap, Drag, Drop, Intent, Pointer, Tap
from .presenters import presenter
from .slips import Slips
from .words import refusal_words

#: A Call prompt takes C only this long after it came (ms): a key pressed before was meant for another.
CALL_KEY_GRACE_MS = 300


@register_scene("table")
class TableScene(Scene):
    """A hand in play."""

    focus_ring = False  # the table moves its own focus over cards, slots, melds and piles
    help_keys: tuple[str, ...] = TABLE_KEYS

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.shows = presenter(session.rules)  # what this game shows its own way
        self.model = HandModel(self.shows.slots(session.rules))
        self.drops = Drops(session, self.model)
        self.choreo = Choreography(session, app.sounds)
        self._controls: TableControls | None = None  # made with the widgets, in build()
        self.hint_action: Action | None = None  # the hint on show, highlighted until hint_until
        self.hint_until = 0.0
        self.hint = TableHint(self)  # asked for, thought out on its own thread, shown when there
        self.ending = HandEnd(session)
        self.slips = Slips(self)  # take back, and a question before a needed card is discarded
        self.deal_pending = False
        self._hand_key: tuple[int, int] | None = None
        self._lay_check: tuple[object, Refusal | str | None] | None = None
        self.painter, self.coach_line = TablePainter(), CoachLine()
        self.keys = TableKeys(self)  # the table by keys alone
        self.guide = GuidePanel(self) if session.guided else None  # the guided first hand's tips
        if self.guide is not None:
            self.help_keys = (*TABLE_KEYS, "guide")
        self._frame: TableFrame | None = None
        self.sync_hand()
        self.layout, self.geometry, self.pointer = self._lay_out(Pointer)

    @property
    def controls(self) -> TableControls:
        """The table's buttons (there while the scene is on show)."""
        assert self._controls is not None, "the table's buttons are made when it is shown"
        return self._controls

    @property
    def now(self) -> float:
        """The table's clock, in milliseconds."""
        return self.app.now_ms

    @property
    def pace(self) -> Pace:
        """The player's animation pace and card colours."""
        return Pace(self.app.settings.speed_factor, self.app.settings.four_colour)

    @property
    def drag(self) -> Drag | None:
        """The cards being dragged, if any."""
        return self.pointer.drag

    # --- lifecycle -------------------------------------------------------------------

    def on_enter(self) -> None:
        self.ending.covered()  # back from the scoreboard (if it was on its way): the next hand
        self.sync_hand()  # the game may have moved on while another scene was shown
        if self.on_move not in self.session.listeners:
            self.session.listeners.append(self.on_move)
        self.session.resume(self.now)  # the clocks run while the table is on show
        super().on_enter()

    def on_exit(self) -> None:
        super().on_exit()
        self.pointer.cancel()
        self.session.pause(self.now)
        self.hint.close()
        # Only the table on show animates moves (a table left for the menu is discarded).
        if self.on_move in self.session.listeners:
            self.session.listeners.remove(self.on_move)

    def on_resize(self, size: tuple[int, int]) -> None:
        self.pointer.cancel()
        self.rebuild()

    def on_restyle(self) -> None:
        self.painter.invalidate()  # the cached layer holds words
        super().on_restyle()

    def build(self) -> None:
        self.layout, self.geometry, self.pointer = self._lay_out(lambda g: self.pointer)
        self.pointer.geometry = self.geometry
        self._controls = TableControls(self, self.layout, self.commands(), self.sound_label())
        if self.guide is not None:
            self.guide.build()
        self.refresh_widgets()

    def _lay_out(
        self, pointer: Callable[[TableGeometry], Pointer]
    ) -> tuple[TableLayout, TableGeometry, Pointer]:
        """The layout for the window size and the hand's staging slots, its geometry, and the
        pointer (``pointer`` makes or keeps it)."""
        lay = table_layout(
            self.size, self.session.match.players, self.model.slot_kinds if self.staging_shown() else None
        )
        geometry = TableGeometry(lay, self.model, lambda: self.ending.hand().table)
        return lay, geometry, pointer(geometry)

    def staging_shown(self) -> bool:
        """True while the player builds melds in the staging slots: the contract until it is laid;
        in British Kalooki the whole deal, while the player is in the game."""
        if self.session.over:
            return False
        view = self.ending.view()
        return view.active[HUMAN] and (self.model.rules.free or not view.laid[HUMAN])

    def toast_anchor(self) -> tuple[int, int] | pygame.Rect:
        if self.layout is None or self._controls is None:
            return super().toast_anchor()
        return self._controls.toast_room(self.layout)

    def toast_position(self) -> object:
        return self.session.version

    def commands(self) -> dict[str, Callable[[], None]]:
        """What each button does (nothing while a finished hand is on its way to the scores)."""
        actions: dict[str, Callable[[], object]] = {
            "sort_suit": lambda: self.model.sort("suit"),
            "sort_rank": lambda: self.model.sort("rank"),
            "hint": self.show_hint,
            "end": lambda: self.submit(EndTurn()),
            "lay": self.lay_contract,
            "clear": self.model.unstage_all,
            "menu": self.slips.leave,
            "scores": lambda: self.app.push("scoreboard", self.session, None),
            "save": lambda: self.app.push("save_as", self.session),
            "sound": self.toggle_sound,
            "call": lambda: self.submit(Call()),
            "let_go": self.session.let_go,
            "no_calls": lambda: calls_off(self.session, self.app.toast),
            "allow": lambda: self.submit(Allow()),
            "refuse": lambda: self.submit(Refuse()),
        }

        def guarded(do: Callable[[], object]) -> Callable[[], None]:
            def command() -> None:
                if not self.ending.on_show():
                    do()

            return command

        return {name: guarded(do) for name, do in {**actions, "take_back": self.slips.take_back}.items()}

    # --- keeping the player's hand in step with the engine ------------------------------

    def sync_hand(self) -> None:
        """Match the model to the engine's hand: a new hand deals afresh; otherwise cards that
        left go, new ones arrive (a press on a card that moved is dropped). While the hand that
        ended is on show, the model follows that hand."""
        m = self.session.match
        ended = m.ended_view(HUMAN) if self.ending.on_show() else None
        if ended is not None:
            self.model.sync(ended.my_hand, laid=self._laid(ended))
            return
        view = m.view(HUMAN)
        key = (len(m.results), m.hand_number)
        if key != self._hand_key:
            self._hand_key = key
            self.model.deal(view.contract, view.my_hand)
            if self.session.staging[0] == len(m.results) and not self._laid(view):
                self.model.restage(self.session.staging[1])  # the slots as the player left them
            self.hint_action = None
            self.deal_pending = not m.over
            if self._widgets:
                self.rebuild()
            return
        if self.model.sync(view.my_hand, laid=self._laid(view)):
            self.pointer.press = None

    def _laid(self, view: SeatView) -> bool:
        """True once the player's contract is laid and the slots are done with (never with free
        slots, where melds are built all deal long)."""
        return view.laid[HUMAN] and not self.model.rules.free

    # --- engine moves ---------------------------------------------------------------------

    def submit(self, action: Action, glide: Drag | None = None) -> bool:
        """Send the player's action to the engine; on refusal glide the cards back and say why."""
        bad = self.session.submit(action)
        if bad is not None:
            self.refused(bad, glide)
            return False
        self.hint_action = None
        return True

    def refused(self, bad: Refusal, glide: Drag | None = None) -> None:
        """Show a refusal: the cards glide back and a toast names the rule."""
        self.app.toast(refusal_words(self.session, bad), "error", 4.0, scope="position")
        if glide is not None:
            self.choreo.glide_back(glide, self.pace, self.now)

    def on_move(self, move: Move) -> None:
        """Show an applied action (from the player or a computer seat); the move that ends a hand
        lands on the table of that hand."""
        if move.result is not None:
            self.ending.begin(move)
        self.choreo.show(move, self.geometry, self.pace, self.now)

    def lay_contract(self) -> None:
        """Lay what the slots hold (the engine decides)."""
        lay = self.model.staged_lay()
        if lay is None:
            self.app.toast(tr("table.slots_empty"), "error", scope="position")
            return
        if self.submit(lay):
            self.model.clear_slots()
            self.rebuild()

    def lay_refusal(self) -> Refusal | str | None:
        """Why the staged lay cannot be laid now (None: it can; "empty": nothing staged)."""
        m = self.model
        key = (self.session.version, tuple(tuple(s) for s in m.slots), self.session.prompt())
        if self._lay_check is not None and self._lay_check[0] == key:
            return self._lay_check[1]
        lay = m.staged_lay()
        result: Refusal | str | None = "empty" if lay is None else self.session.check(lay)
        self._lay_check = (key, result)
        return result

    # --- hints ------------------------------------------------------------------------

    def show_hint(self) -> None:
        """H: the strongest advice the game has (the Hard player's choice from the player's
        view), highlighted, with a few words why (a lay is put into the slots), once it is
        thought out on its own thread (:mod:`.hinting`)."""
        self.hint.ask()

    def play_hint(self) -> bool:
        """Play the hint's move through the same path as the player's hands once it is thought
        out (the smoke test, the benchmarks); True if something was done."""
        return self.hint.play()

    def sound_label(self) -> str:
        """The mute button's label."""
        return tr("table.sound_off") if self.app.sounds.muted else tr("table.sound_on")

    def toggle_sound(self) -> None:
        """Mute or unmute (one click, or M)."""
        self.app.settings.sound = self.app.sounds.muted
        self.app.sounds.muted = not self.app.sounds.muted
        if self._controls is not None:
            self._controls.sound.set_text(self.sound_label())

    # --- events -----------------------------------------------------------------------

    def busy(self) -> bool:
        """True while the table shows what just happened (the cards being dealt, a finished hand
        on its way to the scoreboard): the player's moves wait."""
        return self.ending.on_show() or self.choreo.dealing(self.now)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.slips.handle(event):
            return True  # the question before a needed card goes, or Ctrl+Z
        pointer_events = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)
        if self.ending.on_show() and event.type in pointer_events:
            self.pointer.cancel()
            if self.ending.held is not None and event.type != pygame.MOUSEBUTTONUP:
                self.end_outro()  # a click or a key skips the pause
            return True  # the hand is over: the scoreboard comes next
        if event.type == pygame.KEYDOWN and event.key == pygame.K_s and event.mod & pygame.KMOD_CTRL:
            self.app.push("save_as", self.session)  # Ctrl+S: Save as
            return True
        if event.type == pygame.KEYDOWN:
            return self.keys.handle(event.key, event.mod) or self.on_key(event.key)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.keys.shown = False  # the mouse plays: the keyboard's focus steps aside
            return self.on_press(event.pos)
        if event.type == pygame.MOUSEMOTION:
            return self.pointer.move(event.pos, self.session.view().discard_top)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            intent = self.pointer.up(event.pos, self.now)
            if intent is not None:
                self.act(intent)
            return intent is not None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.model.selected.clear()
            return True
        return False

    def on_key(self, key: int) -> bool:
        """The table's keys (README, Playing)."""
        prompt = self.session.prompt()
        keys: dict[int, Callable[[], object]] = {
            pygame.K_ESCAPE: self.escape,
            pygame.K_h: self.show_hint,
            pygame.K_c: self.call_by_key,
            pygame.K_m: self.toggle_sound,
            pygame.K_p: lambda: self.app.push("scoreboard", self.session, None),
            pygame.K_s: lambda: self.model.sort("rank" if self.model.sort_mode == "suit" else "suit"),
        }
        if self.guide is not None and self.guide.on:
            keys[pygame.K_g] = self.guide.stop
        if prompt == DecisionKind.CALL:
            keys[pygame.K_l] = keys[pygame.K_SPACE] = self.session.let_go
            keys[pygame.K_n] = lambda: calls_off(self.session, self.app.toast)
        elif prompt == DecisionKind.ALLOW:
            keys[pygame.K_a] = lambda: self.submit(Allow())
            keys[pygame.K_r] = lambda: self.submit(Refuse())
        elif prompt == DecisionKind.PLUCK and not self.busy():
            keys[pygame.K_SPACE] = lambda: self.submit(PluckStock())
        elif prompt == DecisionKind.PLAY and self.model.staged_lay():
            keys[pygame.K_RETURN] = keys[pygame.K_KP_ENTER] = self.lay_contract
        do = keys.get(key)
        if do is None:
            return False
        do()
        return True

    def escape(self) -> None:
        """Esc: put a dragged card back, else clear the selection, else leave (a practice hand
        under way asks first)."""
        drag = self.pointer.cancel()
        if drag is not None:
            self.choreo.glide_back(drag, self.pace, self.now)
        elif self.model.selected:
            self.model.selected.clear()
        else:
            self.slips.leave()

    def call_by_key(self) -> None:
        """C: call the discard the Call prompt offers (with none on show the refusal says why the
        card is no longer offered); a prompt only just come waits a moment (a late C was meant for
        the one before)."""
        s = self.session
        left = s.call_time_left(self.now)
        if left is None or s.call_wait_ms - left >= CALL_KEY_GRACE_MS:
            self.submit(Call())

    def on_press(self, pos: tuple[int, int]) -> bool:
        """The left button went down."""
        if self.busy():
            return True  # the cards are still being dealt
        dialog = self._controls.dialog if self._controls is not None else None
        if self.session.prompt() == DecisionKind.ALLOW and dialog is not None and dialog.collidepoint(pos):
            return True
        if not self.pointer.down(pos):
            self.model.selected.clear()
            return False
        return True

    def act(self, intent: Intent) -> None:
        """What the player's tap, double tap or drop means."""
        m = self.model
        if isinstance(intent, Drop):
            self.drop(intent.drag, intent.pos)
            return
        p = intent.press
        if isinstance(intent, DoubleTap):
            assert isinstance(p.index, int)
            m.selected.discard(p.index)
            self.slips.discard(m.order[p.index])
        elif p.kind == "hand":
            assert isinstance(p.index, int)
            m.selected ^= {p.index}
        elif p.kind == "slot":
            assert isinstance(p.index, tuple)
            m.unstage(*p.index)
        elif isinstance(intent, Tap):
            self.submit(PluckStock() if p.kind == "stock" else PluckDiscard())

    def drop(self, drag: Drag, pos: tuple[int, int], target: tuple[str, int | None] | None = None) -> None:
        """Act on a drop at ``pos`` (over ``target``, else what the pointer finds there): stage,
        reorder, or play (:mod:`.drops` says which), or glide back saying why."""
        where = target if target is not None else self.pointer.target(drag, pos)
        out = self.drops.outcome(drag, where, pos, self.geometry)
        if isinstance(out, Stage):
            self.take_from_source(drag)
            self.model.stage(out.slot, drag.cards, out.at)
        elif isinstance(out, Reorder):
            self.take_from_source(drag)
            self.model.insert(out.at, drag.cards)
        elif isinstance(out, Play):
            self.choreo.dropped = out.land  # a card played where it was dropped: no flight
            try:
                done = self.submit(out.action, drag)
            finally:
                self.choreo.dropped = False
            if done and out.land:
                self.take_from_source(drag)
        else:
            if out.why is not None:
                self.app.toast(out.why, "error", 3.0, scope="position")
            self.choreo.glide_back(drag, self.pace, self.now)

    def take_from_source(self, drag: Drag) -> None:
        """Remove dragged cards from the hand or their slot (they are placed elsewhere)."""
        if drag.source == "hand" and isinstance(drag.hidden, list):
            self.model.take_from_hand(drag.hidden)
        elif drag.source == "slot" and isinstance(drag.hidden, tuple):
            self.model.take_from_slot(*drag.hidden)
        drag.hidden = None

    # --- frame ------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        now = self.now
        self.choreo.update(now)
        landed = self.ending.landing is not None and not self.choreo.blocking()
        if landed and not self.ending.landed(now, self.app.settings.reading_factor):
            self.app.toast(tr("table.void"), "info", 5)  # a void hand is only announced
        if self.ending.due(now):
            self.end_outro()
        self.coach_line.update(self.session, self.app, ended=self.ending.on_show())  # every frame
        self.hint.update()
        if self.ending.on_show():
            self.sync_hand()
            self.fit_staging()
            self.refresh_widgets()
            if self.guide is not None:
                self.guide.update()
            return
        if self.deal_pending and self.model.order:
            self.deal_pending = False
            if not self.session.match.hand.log:  # a fresh deal (not a game resumed mid-hand)
                self.choreo.deal(self.geometry, self.pace, now)
        if self.app.top is self and not self.app.changing:  # (not when the scoreboard is on its way)
            self.session.tick(now)
            if self.session.prompt() == DecisionKind.BUY_IN and self.session.match.results \
                    and not self.ending.on_show():  # a game resumed at the question (B-11)
                self.app.push("scoreboard", self.session, self.session.match.results[-1])
                return
        self.sync_hand()
        self.fit_staging()
        self.refresh_widgets()
        self.session.staging = (len(self.session.match.results), self.model.staged())  # saved with the game
        if self.guide is not None:
            self.guide.update()  # the tip for the game as this frame leaves it

    def fit_staging(self) -> None:
        """Lay the table out again when the staging slots come or go (the player laid, a new hand)."""
        shown = self.staging_shown()
        slots = len(self.layout.slots) != len(self.model.slots)
        if (self.layout.staging is not None) != shown or (shown and slots):
            self.rebuild()

    def end_outro(self) -> None:
        """The pause after a hand is over ends (or is skipped): on to the scoreboard."""
        result = self.ending.finish()
        if result is None:
            return
        after = "practice_result" if self.session.practice is not None else "scoreboard"
        if self.session.guided:
            after = "guide_result"
        self.app.push(after, self.session, result)

    def refresh_widgets(self) -> None:
        """Show the buttons that apply now."""
        c = self._controls
        if c is None:
            return
        s = self.session
        prompt = None if self.ending.on_show() else s.prompt()
        view = s.view()
        staging = self.layout.staging is not None and not self.ending.on_show()
        c.show(
            {
                **dict.fromkeys(("call", "let_go", "no_calls"), prompt == DecisionKind.CALL),
                "allow": prompt == DecisionKind.ALLOW,
                "refuse": prompt == DecisionKind.ALLOW and not view.laid[HUMAN],
                "end": prompt == DecisionKind.PLAY and s.check(EndTurn()) is None,  # one action checked
                "take_back": prompt == DecisionKind.PLAY and self.slips.shown(),
                "lay": staging,
                "clear": staging and any(self.model.slots),
            }
        )
        if prompt == DecisionKind.CALL and view.discard_top is not None:
            c.label_call(tr("table.call_card", card=card_name(view.discard_top)))
        c.enable_lay(ok=self.lay_refusal() is None)
        if self.shows.lay_labels is not None:
            c.label_lay(tr(self.shows.lay_labels[view.laid[HUMAN]]))
        c.mark_sort(self.model.sort_mode if self.model.is_sorted() else None)

    # --- drawing ------------------------------------------------------------------------

    def frame(self) -> TableFrame:
        """A snapshot of what this frame shows (the log is read only for a new static layer)."""
        now = self.now
        hover = None
        if self.drag is None:
            mouse = pygame.mouse.get_pos()
            rects = list(enumerate(self.geometry.hand_rects()))
            hover = next((i for i, r in reversed(rects) if r.collidepoint(mouse)), None)
        return snapshot(
            self.session,
            self.model,
            self.choreo,
            now=now,
            drag=self.drag,
            hint=self.hint_action if now < self.hint_until else None,
            hover=hover,
            lay_refusal=self.lay_refusal(),
            four_colour=self.app.settings.four_colour,
            ended=self.ending.on_show(),
            guided=self.guide is not None and self.guide.on,
        )

    def draw(self, surface: pygame.Surface) -> None:
        g, c = self.geometry, self._controls
        if c is None:
            return
        f = self._frame = self.frame()
        s = self.session
        static_key = (
            s.version,
            len(s.match.results),
            id(g.layout),
            frozenset(h for h in f.hidden if h.startswith(("pile", "meld"))),
            s.decision(),
            f.drag is not None and f.drag.source == "pile",
            f.four_colour,
            s.over,
            len(s.moves),
            self.ending.on_show(),
            f.guided,
        )
        drag = f.drag
        targets = self.drops.targets(drag) if drag is not None else None
        self.painter.draw(surface, f, g, c, static_key=static_key, session=s, targets=targets)
        if self.guide is not None:
            self.guide.draw(surface, g, c)

    def at_rest(self) -> bool:
        return self.drag is None and not self.choreo.flights

    def dirty_rects(self) -> list[pygame.Rect] | None:
        if self._frame is None:
            return None
        drag = self._frame.drag
        targets = self.drops.targets(drag) if drag is not None else None
        return self.painter.dirty_rects(
            self._frame, self.geometry, animating=bool(self.choreo.flights), targets=targets
        )

    def draw_top(self, surface: pygame.Surface) -> None:
        now = self.now
        render.draw_flights(surface, self._frame, self.geometry, self.choreo.flights, now)
        if not (self.app.toasts.kind == "coach" and self.app.toasts.on_show(now)):  # the note says it
            self.coach_line.draw(surface, self.geometry, self._frame)
        if self.drag is not None:
            render.draw_drag(surface, self.drag, four_colour=self.app.settings.four_colour)
        banner = self.ending.banner()
        if banner is not None and not self.choreo.flights:
            render.draw_banner(surface, self.geometry, *banner)
        self.keys.draw(surface)

