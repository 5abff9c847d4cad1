"""Putting a frame of the table together: the layer that changes only with the game, drawn once
and kept, then what follows the pointer and the clock over it; and the parts of the window a
frame changed, so that a drag over an unchanged table sends only those to the display."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from ...engine.actions import Action, PluckDiscard, PluckStock
from ...engine.refusal import Refusal
from ...engine.seatview import SeatView
from ...engine.turn import DecisionKind
from ...i18n import tr
from ...play.session import HUMAN, Session
from ...ui import palette
from . import render, seats
from .choreography import Choreography
from .controls import TableControls
from .drops import Targets
from .frame import TableFrame
from .geometry import TableGeometry
from .model import HandModel
from .pointer import Drag
from .presenters import presenter
from .words import agreeing, log_lines, status

#: The room round a place a dragged card may go to that its glow and its mark take (the glow
#: spreads 8 pixels, the mark stands 14 above a meld or below the pile).
TARGET_ROOM = 2 * 18


def call_fraction(session: Session, now: float) -> float | None:
    """The part of the player's time to call that is left, or None when no call is offered (the
    time is the player's setting whatever the pace; it starts when the card has landed)."""
    left_ms = session.call_time_left(now)
    if left_ms is None or not session.call_wait_ms:
        return None
    return min(1.0, left_ms / session.call_wait_ms)


def snapshot(
    session: Session,
    model: HandModel,
    choreo: Choreography,
    *,
    now: float,
    drag: Drag | None,
    hint: Action | None,
    hover: int | None,
    lay_refusal: Refusal | str | None,
    four_colour: bool,
    ended: bool = False,
    guided: bool = False,
) -> TableFrame:
    """What one frame of the table shows, read from the game, the model and the choreography
    (the log is left out: it is read only when the cached layer is drawn). ``ended``: the hand
    that just ended is on show, as it stood at its end, and nobody is asked anything."""
    s, m = session, session.match
    ended_view = m.ended_view(HUMAN) if ended else None
    view = ended_view if ended_view is not None else s.view()
    asking = ended_view is None and not s.over
    active, out = _active(s, view, ended=ended_view is not None, asking=asking)
    fresh = -1
    new = choreo.new_card
    if new is not None and now < new[1] and new[0] in model.order:
        fresh = len(model.order) - 1 - model.order[::-1].index(new[0])
    return TableFrame(
        view=view,
        names=tuple(s.names),
        titles=tuple(p.title if (p := s.persona(seat)) else "" for seat in range(m.players)),
        totals=tuple(m.totals),
        title=bar_title(s, view, ended=ended_view is not None),
        **_schedule(view),
        opening=_opening(view, model),
        max_calls=s.rules.max_calls,
        calling=s.rules.calling,
        active=frozenset(active),
        over=s.over,
        prompt=s.prompt() if asking else None,
        plucks=(s.check(PluckStock()) is None, s.check(PluckDiscard()) is None)
        if asking and s.prompt() == DecisionKind.PLUCK
        else (False, False),
        four_colour=four_colour,
        log=(),
        status=status(s) if ended_view is None else (tr("status.hand_over"), palette.GOLD),
        call_fraction=call_fraction(s, now) if asking else None,
        order=tuple(model.order),
        selected=frozenset(model.selected),
        **_slots(model),
        lay_refusal=agreeing(s, lay_refusal) if isinstance(lay_refusal, Refusal) else lay_refusal,
        hidden=frozenset(choreo.hidden()),
        drag=drag,
        hint=hint,
        fresh=fresh,
        hover=hover,
        flash=tuple((seat, text) for seat, (text, _) in choreo.flash.items()),
        ended=ended_view is not None,
        out=out,
        guided=guided,
    )


def _active(
    session: Session, view: SeatView, *, ended: bool, asking: bool
) -> tuple[set[int], int | None]:
    """The seats whose move the table waits for, and who went out: while the hand that ended is
    on show (``ended``), the one who went out (nobody of the next hand) is the only one lit."""
    m = session.match
    if ended:
        out = m.results[-1].out if m.results else None
        return ({out} if out is not None else set()), out
    seats = (session.thinking_seat(), view.turn if asking else None)
    return {seat for seat in seats if seat is not None}, None


def _schedule(view: SeatView) -> dict[str, Any]:
    """The top bar's schedule of contracts (none in British Kalooki), the hand of it on show, and
    whether that hand is a sudden-death hand after the schedule (J-V6)."""
    schedule = presenter(view.rules).schedule(view.rules)
    return {
        "schedule": schedule,
        "hand_index": view.hand_number - 1 if schedule else 0,
        "sudden_death": bool(schedule) and view.hand_number > len(schedule),
    }


def _slots(model: HandModel) -> dict[str, Any]:
    """The staging slots' part of a frame."""
    js = range(len(model.slots))
    return {
        "slot_kinds": tuple(model.slot_kinds),
        "slots": tuple(tuple(slot) for slot in model.slots),
        "slot_states": tuple(model.slot_state(j) for j in js),
        "slot_melds": tuple(model.slot_meld(j) for j in js),
        "slot_titles": tuple(model.slot_title(j) for j in js),
    }


def bar_title(session: Session, view: SeatView, *, ended: bool = False) -> str:
    """The top bar's title: the hand of the schedule and its contract, or the British game and
    its deal (and the kitty when playing for chips); while the hand that ended is on show
    (``ended``), that hand's."""
    return presenter(view.rules).title(session, view, ended=ended)


def _opening(view: SeatView, model: HandModel) -> tuple[int, int] | None:
    """The staged opening's points and the points it needs, while the player has not come out
    (British Kalooki), else None."""
    need = presenter(view.rules).opening(view.rules)
    if need is None or view.laid[HUMAN] or not view.active[HUMAN]:
        return None
    points = sum(model.slot_points(j) for j in range(len(model.slots)) if model.slot_state(j) is None)
    return points, need


class TablePainter:
    """Draws frames of one table scene and keeps the cached layer (see the module docstring)."""

    def __init__(self) -> None:
        self._static: pygame.Surface | None = None
        self._static_key: object = None
        self.static_fresh = True  # the cached layer was drawn anew this frame
        self._last_drag_box: pygame.Rect | None = None

    def draw(
        self,
        surface: pygame.Surface,
        f: TableFrame,
        g: TableGeometry,
        c: TableControls,
        *,
        static_key: object,
        session: Session,
        targets: Targets | None,
    ) -> None:
        """The whole frame below the widgets of ``session``'s table. ``static_key`` changes
        whenever the cached layer must be drawn again (with the log's lines); ``targets`` the
        slots, melds and pile a dragged card may go to."""
        log = partial(log_lines, session, ended=f.ended)
        self.draw_static(surface, f, g, c, key=static_key, log=log)
        render.draw_highlights(surface, f, g, targets=targets)
        seats.draw_flash(surface, f, g)
        if g.layout.staging is not None:
            render.draw_slots(surface, f, g, targets)
        if f.prompt == DecisionKind.CALL:
            render.draw_prompt_box(surface, c.call_box)
        render.draw_status(surface, f, g, between=c.status_room(), call_bar=c.call_bar())
        render.draw_hand(surface, f, g)
        if f.prompt == DecisionKind.ALLOW:
            render.draw_dialog(surface, f, g, c.dialog)

    def invalidate(self) -> None:
        """Draw the cached layer anew in the next frame."""
        self._static_key = None

    def draw_static(
        self,
        surface: pygame.Surface,
        f: TableFrame,
        g: TableGeometry,
        c: TableControls,
        *,
        key: object,
        log: Callable[[], list[tuple[int, str]]],
    ) -> None:
        """What changes only when the game does, drawn once into a cached layer (a seat's bubble
        stands in for its level: the layer changes as bubbles come and go)."""
        key = (key, frozenset(seat for seat, _ in f.flash))
        size = g.layout.size
        if self._static is None or self._static.get_size() != size:
            screen = pygame.display.get_init() and pygame.display.get_surface() is not None
            self._static = pygame.Surface(size).convert() if screen else pygame.Surface(size)
            self._static_key = None
        self.static_fresh = self._static_key != key
        if self.static_fresh:
            full = dataclasses.replace(f, log=tuple(log()))
            render.draw_static(self._static, full, g, bar_limit=int(c.save.relative_rect.x) - 12)
            self._static_key = key
        surface.blit(self._static, (0, 0))

    def dirty_rects(
        self, f: TableFrame, g: TableGeometry, *, animating: bool, targets: Targets | None = None
    ) -> list[pygame.Rect] | None:
        """While a card is dragged over an unchanged table (nothing ``animating``), only the
        dragged card's old and new places, the hand, the slots, the status line and the glowing
        ``targets`` change; None means the whole window."""
        lay = g.layout
        box = f.drag.box() if f.drag is not None else None
        previous, self._last_drag_box = self._last_drag_box, box
        if box is None or previous is None or animating or self.static_fresh or f.prompt == DecisionKind.CALL:
            return None
        rects = [box.union(previous), lay.hand.inflate(40, 60), lay.controls]
        if lay.staging is not None:
            rects.append(lay.staging.inflate(12, 12))
        if targets is not None:
            places = g.melds()[1]
            rects += [places[i].inflate(TARGET_ROOM, TARGET_ROOM) for i in targets.melds if i in places]
            if targets.pile:
                rects.append(lay.pile.inflate(TARGET_ROOM, TARGET_ROOM))
        return rects
