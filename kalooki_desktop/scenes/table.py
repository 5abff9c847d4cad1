"""The table: the player's hand, the opponents, stock and discard pile, the melds, staging slots
for building the contract by drag-and-drop, calling, hints and the log.

Every move the player makes becomes an engine action through :class:`Session`; the engine
applies it or refuses it with a rule id, and the refusal is shown as it is. Nothing here knows a
rule: slot checks, legal drop targets and the Lay button all ask the engine.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import pygame
import pygame_gui

from ..app import App, Scene, register_scene
from ..engine.actions import (
    Action,
    Allow,
    Call,
    Discard,
    EndTurn,
    Lay,
    MoveJoker,
    Pass,
    PluckDiscard,
    PluckStock,
    Refuse,
    Tack,
)
from ..engine.cards import JOKER, Card, card_label, count_cards, sort_key_rank, sort_key_suit
from ..engine.melds import Meld, check_three, four_base, make_meld
from ..engine.refusal import Refusal
from ..engine.rules import FOUR, THREE
from ..i18n import refusal_text, tr
from ..session import HUMAN, Move, Session
from ..ui import cards as art
from ..ui import palette
from ..ui import text as txt
from ..ui.anim import Flight
from ..ui.draw import felt, glow, panel
from ..ui.layout import TableLayout, fan, meld_flow, row, table_layout

DRAG_THRESHOLD = 6
DOUBLE_CLICK_MS = 400
FLIGHT_MS = 340
GLIDE_BACK_MS = 200


@dataclass
class Press:
    """A mouse button held down on something that may become a click or a drag."""

    kind: str  # "hand", "slot", "stock", "pile"
    index: int | tuple[int, int] | None
    pos: tuple[int, int]


@dataclass
class Drag:
    """Cards following the pointer."""

    source: str  # "hand", "slot", "stock", "pile"
    cards: list[Card]
    hidden: list[int] | tuple[int, int] | None  # what is not drawn in place while dragged
    offsets: list[tuple[int, int]]  # each card's top-left relative to the pointer
    pos: tuple[int, int]
    origins: list[pygame.Rect] = field(default_factory=list)


@register_scene("table")
class TableScene(Scene):
    """A hand in play."""

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.order: list[Card] = []
        self.slots: list[list[Card]] = []
        self.slot_kinds: list[int] = []
        self.selected: set[int] = set()
        self.press: Press | None = None
        self.drag: Drag | None = None
        self.flights: list[Flight] = []
        self.flash: dict[int, tuple[str, float]] = {}
        self.hint_action: Action | None = None
        self.hint_until = 0.0
        self.last_click: tuple[int, float] | None = None
        self.new_card: tuple[Card, float] | None = None
        self.hand_key: tuple[int, int] | None = None
        self.sort_mode: str = "suit"
        self.pending_result: Move | None = None
        self.dropping = False
        self.deal_pending = False
        self.dealing_until = 0.0
        self._targets: tuple[object, tuple[set[int], bool]] | None = None
        self._static: pygame.Surface | None = None
        self._static_key: object = None
        self._static_fresh = True
        self._last_drag_box: pygame.Rect | None = None
        self.layout: TableLayout | None = None
        self.meld_cache: (
            tuple[object, tuple[int, dict[int, pygame.Rect], list[tuple[int, pygame.Rect]]]] | None
        ) = None
        self.lay_check: tuple[object, Refusal | None] | None = None
        self.sync_hand()

    # --- lifecycle -------------------------------------------------------------------

    def on_exit(self) -> None:
        super().on_exit()
        self.drag = None
        self.press = None
        # Only the table on show animates moves (a table left for the menu is discarded).
        if self.on_move in self.session.listeners:
            self.session.listeners.remove(self.on_move)

    def build(self) -> None:
        lay = self.relayout()
        s = lay.scale
        bh = round(38 * s)
        c = lay.controls
        bw = round(120 * s)
        self.b_sort_suit = self.button(
            pygame.Rect(c.x, c.y, bw, bh), tr("table.sort_suit"), tooltip=tr("table.sort_suit_tip")
        )
        self.b_sort_rank = self.button(
            pygame.Rect(c.x + bw + 8, c.y, bw, bh), tr("table.sort_rank"), tooltip=tr("table.sort_rank_tip")
        )
        self.b_hint = self.button(
            pygame.Rect(c.right - bw, c.y, bw, bh), tr("table.hint"), tooltip=tr("table.hint_tip")
        )
        self.b_end = self.button(
            pygame.Rect(c.right - 2 * bw - 8, c.y, bw, bh),
            tr("table.end_turn"),
            tooltip=tr("table.end_turn_tip"),
        )
        self.b_lay = self.button(
            lay.lay_button if lay.staging else pygame.Rect(-900, -900, 120, 40),
            tr("table.lay"),
            "#primary_button",
        )
        self.b_clear = self.button(
            pygame.Rect(lay.lay_button.x, lay.lay_button.bottom + 6, lay.lay_button.w, round(32 * s))
            if lay.staging
            else pygame.Rect(-900, -900, 120, 40),
            tr("table.clear_slots"),
        )
        mw = round(110 * s)
        self.b_menu = self.button(
            pygame.Rect(lay.bar.right - mw - 8, lay.bar.y + 5, mw, lay.bar.h - 10), tr("table.menu")
        )
        self.b_scores = self.button(
            pygame.Rect(lay.bar.right - 2 * mw - 16, lay.bar.y + 5, mw, lay.bar.h - 10), tr("table.scores")
        )
        self.b_save = self.button(
            pygame.Rect(lay.bar.right - 4 * mw - 32, lay.bar.y + 5, mw, lay.bar.h - 10),
            tr("table.save"),
            tooltip=tr("table.save_tip"),
        )
        self.save_window: pygame_gui.elements.UIWindow | None = None
        self.replace_dialog: pygame_gui.windows.UIConfirmationDialog | None = None
        self.replace_name = ""
        self.b_sound = self.button(
            pygame.Rect(lay.bar.right - 3 * mw - 24, lay.bar.y + 5, mw, lay.bar.h - 10),
            self.sound_label(),
            tooltip=tr("table.sound_tip"),
        )
        # the call prompt and the allow-or-refuse dialog
        cw = round(200 * s)
        mid = lay.play.centerx
        cy = lay.controls.y - round(60 * s) if not lay.staging else lay.staging.y - round(58 * s)
        self.b_call = self.button(
            pygame.Rect(mid - cw - 6, cy, cw, round(48 * s)), tr("table.call"), "#call_button"
        )
        self.b_let_go = self.button(pygame.Rect(mid + 6, cy, cw, round(48 * s)), tr("table.let_go"))
        self.dialog = pygame.Rect(0, 0, round(520 * s), round(170 * s))
        self.dialog.center = lay.play.center
        dy = self.dialog.bottom - round(62 * s)
        self.b_allow = self.button(
            pygame.Rect(self.dialog.x + 24, dy, round(220 * s), round(46 * s)),
            tr("table.allow"),
            "#primary_button",
        )
        self.b_refuse = self.button(
            pygame.Rect(self.dialog.right - 24 - round(220 * s), dy, round(220 * s), round(46 * s)),
            tr("table.refuse"),
        )
        self._shown: dict[int, bool] = {}
        self.refresh_widgets()

    def toast_anchor(self) -> tuple[int, int]:
        lay = self.layout
        if lay is None:
            return super().toast_anchor()
        above = lay.staging.y if lay.staging is not None else lay.controls.y
        return lay.play.centerx, above - round(48 * lay.scale)

    def relayout(self) -> TableLayout:
        """Compute the layout for the window size and the hand's staging slots."""
        view = self.session.view()
        kinds = None if view.laid[HUMAN] or self.session.over else self.slot_kinds
        self.layout = table_layout(self.size, self.session.match.players, kinds)
        self.meld_cache = None
        return self.layout

    def on_resize(self, size: tuple[int, int]) -> None:
        self.drag = None
        self.press = None
        self.rebuild()

    # --- keeping the player's hand in step with the engine ------------------------------

    def sync_hand(self) -> None:
        """Match the displayed order and the slots to the engine's hand (new cards go last)."""
        m = self.session.match
        # A press on a card that moves is stale (compared only while a button is held).
        before = (list(self.order), [list(slot) for slot in self.slots]) if self.press else None
        key = (len(m.results), len(m.rules.schedule))
        if key != self.hand_key:
            self.hand_key = key
            spec = m.hand.spec
            self.slot_kinds = [THREE] * spec.threes + [FOUR] * spec.fours
            self.slots = [[] for _ in self.slot_kinds]
            self.order = []
            self.selected.clear()
            self.hint_action = None
            self.deal_pending = not m.over
            if self._widgets:
                self.rebuild()
        hand = list(m.hand.hands[HUMAN])
        left = count_cards(hand)
        for slot in self.slots:
            kept = []
            for c in slot:
                if left[c] > 0:
                    left[c] -= 1
                    kept.append(c)
            slot[:] = kept
        order = []
        for c in self.order:
            if left[c] > 0:
                left[c] -= 1
                order.append(c)
        key_fn = sort_key_rank if self.sort_mode == "rank" else sort_key_suit
        fresh = sorted((c for c in range(len(left)) for _ in range(left[c])), key=key_fn)
        if not self.order:
            order = fresh
        else:
            order.extend(fresh)
        if order != self.order:
            if len(order) != len(self.order):
                self.selected.clear()
            self.order = order
        if m.hand.laid[HUMAN] and any(self.slots):
            self.slots = [[] for _ in self.slot_kinds]
        if before is not None and before != (self.order, self.slots):
            self.press = None

    def sort_hand(self, mode: str) -> None:
        """Sort the hand by suit or by rank (one click)."""
        self.sort_mode = mode
        self.order.sort(key=sort_key_rank if mode == "rank" else sort_key_suit)
        self.selected.clear()

    # --- geometry ---------------------------------------------------------------------

    def hand_rects(self) -> list[pygame.Rect]:
        """Where each card of ``order`` is drawn (selected and hovered cards lifted)."""
        lay = self.layout
        assert lay is not None
        rects = fan(lay.hand, lay.hand_card_h, len(self.order))
        lift = round(lay.hand_card_h * 0.14)
        for i in self.selected:
            if i < len(rects):
                rects[i] = rects[i].move(0, -lift)
        return rects

    def slot_rects(self, j: int) -> list[pygame.Rect]:
        """Where the cards of slot ``j`` are drawn."""
        lay = self.layout
        assert lay is not None
        box = lay.slots[j]
        area = pygame.Rect(box.x + 8, box.y + lay.small + 6, box.w - 16, lay.slot_card_h)
        return fan(area, lay.slot_card_h, len(self.slots[j]), max_step=0.45)

    def melds_layout(self) -> tuple[int, dict[int, pygame.Rect], list[tuple[int, pygame.Rect]]]:
        """Card height, rect of each meld and the owners' label positions (cached per table)."""
        lay = self.layout
        assert lay is not None
        table = self.session.match.hand.table
        key = (id(lay), tuple(len(m.cards) for m in table), tuple(m.owner for m in table))
        if self.meld_cache is not None and self.meld_cache[0] == key:
            return self.meld_cache[1]
        groups: dict[int, list[tuple[int, int]]] = {}
        for i, m in enumerate(table):
            groups.setdefault(m.owner, []).append((i, len(m.cards)))
        order = sorted(groups, key=lambda s: (s != HUMAN, s))
        h = lay.size[1]
        sizes = tuple(max(34, round(h * f)) for f in (0.12, 0.105, 0.092, 0.08, 0.07, 0.062, 0.055, 0.048))
        placed = meld_flow(lay.melds, [(s, groups[s]) for s in order], lay.small + 4, sizes)
        if placed is None:
            placed = meld_flow(
                lay.melds.inflate(0, 4000).move(0, 2000),
                [(s, groups[s]) for s in order],
                lay.small + 4,
                sizes[-1:],
            )
            assert placed is not None
        self.meld_cache = (key, placed)
        return placed

    def meld_card_rects(self, index: int) -> list[pygame.Rect]:
        """The cards of meld ``index`` on the table."""
        ch, rects, _ = self.melds_layout()
        r = rects.get(index)
        if r is None:
            return []
        return row(r.x, r.y, ch, len(self.session.match.hand.table[index].cards))

    def seat_centre(self, seat: int) -> tuple[int, int]:
        """Where a seat's cards come from and go to."""
        lay = self.layout
        assert lay is not None
        if seat == HUMAN:
            return lay.hand.centerx, lay.hand.centery
        return lay.seats[seat].center

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
        self.app.toast(refusal_text(bad), "error", 4.0)
        if glide is not None:
            self.glide_back(glide)

    def glide_back(self, drag: Drag) -> None:
        """Dragged cards return to where they came from (about 200 ms)."""
        now = _now()
        lay = self.layout
        assert lay is not None
        for card, off, origin in zip(drag.cards, drag.offsets, drag.origins, strict=False):
            ch = origin.h
            img = (
                art.back(ch) if drag.source == "stock" else art.face(card, ch, self.app.settings.four_colour)
            )
            start = (drag.pos[0] + off[0] + origin.w / 2, drag.pos[1] + off[1] + origin.h / 2)
            self.flights.append(
                Flight(img, start, origin.center, now, GLIDE_BACK_MS, hide=f"back:{card}", blocking=False)
            )

    def on_move(self, move: Move) -> None:
        """Animate an applied action (from the player or a computer seat); a pass shows nothing."""
        if self.layout is None or isinstance(move.action, Pass):
            return
        now = _now()
        speed = self.app.settings.speed_factor
        dur = FLIGHT_MS / speed
        lay = self.layout
        four = self.app.settings.four_colour
        a = move.action
        seat = move.seat
        ch = lay.stock.h
        from_seat = self.seat_centre(seat)
        flights: list[Flight] = []
        if isinstance(a, Discard):
            if not (seat == HUMAN and self.dropping):
                flights.append(
                    Flight(art.face(a.card, ch, four), from_seat, lay.pile.center, now, dur, "pile")
                )
        elif isinstance(a, PluckStock):
            if seat == HUMAN and move.card is not None:
                flights.append(self.card_to_seat(move.card, HUMAN, lay.stock.center, now, dur))
            else:
                flights.append(Flight(art.back(ch), lay.stock.center, from_seat, now, dur))
        elif isinstance(a, PluckDiscard | Refuse) and move.card is not None:
            flights.append(self.card_to_seat(move.card, seat, lay.pile.center, now, dur))
        elif isinstance(a, Call):
            self.flash[seat] = (tr("table.call_flash"), now + 1400 / speed)
        elif isinstance(a, Allow) and move.taker is not None and move.card is not None:
            # the called card flies to the caller, the penalty card follows face down
            flights.append(self.card_to_seat(move.card, move.taker, lay.pile.center, now, dur))
            dest = self.hand_end() if move.taker == HUMAN else self.seat_centre(move.taker)
            flights.append(Flight(art.back(ch), lay.stock.center, dest, now + dur * 0.45, dur))
        elif isinstance(a, Lay) and seat != HUMAN:
            self.meld_cache = None
            table = self.session.match.hand.table
            first = len(table) - len(a.melds)
            k = 0
            for i in range(first, len(table)):
                for r, card in zip(self.meld_card_rects(i), table[i].cards, strict=False):
                    img = art.face(card, r.h, four)
                    flights.append(Flight(img, from_seat, r.center, now + k * 40 / speed, dur, f"meld:{i}"))
                    k += 1
            self.flash[seat] = (tr("table.laid_flash"), now + 1400 / speed)
        elif isinstance(a, Tack | MoveJoker) and seat != HUMAN and move.meld is not None:
            self.meld_cache = None
            rects = self.meld_card_rects(move.meld - 1)
            if rects:
                target = (
                    rects[0] if self.session.match.hand.table[move.meld - 1].cards[0] == a.card else rects[-1]
                )
                flights.append(Flight(art.face(a.card, target.h, four), from_seat, target.center, now, dur))
        if move.result is not None:
            self.pending_result = move
        self.sound_for(move)
        gained = (
            move.card
            if (
                (seat == HUMAN and isinstance(a, PluckStock | PluckDiscard | Refuse))
                or (isinstance(a, Allow) and move.taker == HUMAN)
            )
            else None
        )
        if gained is not None:
            self.new_card = (gained, now + dur + 1600)
        shadow = art.shadow(ch)
        for f in flights:
            f.shadow = shadow
        self.flights.extend(flights)
        landing = max((f.t0 + f.duration for f in flights), default=now)
        self.session.hold_until = _now() + (landing - now) + 140 / speed

    def card_to_seat(self, card: Card, seat: int, start: tuple[int, int], now: float, dur: float) -> Flight:
        """A face-up card flying to a seat; to the player's hand it lands where it will sit, and the
        hand does not show it until it arrives."""
        lay = self.layout
        assert lay is not None
        four = self.app.settings.four_colour
        if seat == HUMAN:
            img = art.face(card, lay.hand_card_h, four)
            return Flight(img, start, self.hand_end(), now, dur, f"hand:{card}")
        return Flight(art.face(card, lay.stock.h, four), start, self.seat_centre(seat), now, dur)

    def sound_for(self, move: Move) -> None:
        """The sound of a move."""
        a = move.action
        sounds = self.app.sounds
        if move.result is not None and not move.result.void:
            sounds.play("win", 1.0 if move.result.out == HUMAN else 0.5)
        elif isinstance(a, Call):
            sounds.play("call")
        elif isinstance(a, Lay):
            sounds.play("lay")
        elif isinstance(a, Discard | Tack | MoveJoker):
            sounds.play("card", 0.8)
        elif isinstance(a, PluckStock | PluckDiscard | Refuse | Allow):
            sounds.play("deal", 0.6)

    def deal_animation(self) -> None:
        """The cards of a new hand fly from the stock to every seat, one round at a time."""
        lay = self.layout
        assert lay is not None
        m = self.session.match
        hand = m.hand
        speed = self.app.settings.speed_factor
        now = _now()
        per = max(6.0, 1300 / speed / max(1, hand.spec.cards * m.players))
        dur = 260 / speed
        four = self.app.settings.four_colour
        rects = fan(lay.hand, lay.hand_card_h, len(self.order))
        back = art.back(lay.stock.h)
        k = 0
        for r in range(hand.spec.cards):
            for step in range(1, m.players + 1):
                seat = (hand.dealer + step) % m.players
                t0 = now + k * per
                k += 1
                if seat == HUMAN:
                    if r < len(self.order):
                        i = (r * 7) % len(self.order)  # cards land in an order that is not the sorted one
                        card = self.order[i]
                        self.flights.append(
                            Flight(
                                art.face(card, lay.hand_card_h, four),
                                lay.stock.center,
                                rects[i].center,
                                t0,
                                dur,
                                f"hand:{card}",
                            )
                        )
                else:
                    self.flights.append(Flight(back, lay.stock.center, self.seat_centre(seat), t0, dur))
        self.app.sounds.play("shuffle", 0.7)
        self.session.hold_until = now + k * per + dur + 200 / speed
        self.dealing_until = self.session.hold_until

    def hand_end(self) -> tuple[int, int]:
        """Where a card arriving in the player's hand lands (the right end of the fan)."""
        rects = fan(self.layout.hand, self.layout.hand_card_h, len(self.order) + 1)  # type: ignore[union-attr]
        return rects[-1].center

    # --- staging slots ----------------------------------------------------------------

    def slot_state(self, j: int) -> Refusal | str | None:
        """ "empty", None when the slot holds a valid meld, or the engine's refusal."""
        cards = self.slots[j]
        if not cards:
            return "empty"
        if self.slot_kinds[j] == THREE:
            return check_three(cards)
        base = four_base(cards)
        return base if isinstance(base, Refusal) else None

    def staged_lay(self) -> Lay | None:
        """The lay the slots describe (non-empty slots only)."""
        melds = [(k, tuple(c)) for k, c in zip(self.slot_kinds, self.slots, strict=True) if c]
        return Lay.of(melds) if melds else None

    def lay_refusal(self) -> Refusal | str | None:
        """Why the staged lay cannot be laid now (None: it can); cached per state."""
        lay = self.staged_lay()
        key = (len(self.session.match.actions), tuple(tuple(s) for s in self.slots), self.session.prompt())
        if self.lay_check is not None and self.lay_check[0] == key:
            return self.lay_check[1]
        result: Refusal | str | None = "empty" if lay is None else self.session.check(lay)
        self.lay_check = (key, result)  # type: ignore[assignment]
        return result

    def stage(self, j: int, cards: list[Card], x: int) -> None:
        """Put ``cards`` in slot ``j``; in a four naturals line up by rank, a joker goes where dropped."""
        slot = self.slots[j]
        rects = self.slot_rects(j)
        at = sum(1 for r in rects if r.centerx < x)
        merged = slot[:at] + cards + slot[at:]
        if self.slot_kinds[j] == FOUR and JOKER not in merged:
            low = sorted(merged, key=lambda c: (c >> 2, c & 3))
            high = sorted(merged, key=lambda c: (14 if c >> 2 == 1 else c >> 2, c & 3))
            merged = (
                low
                if not isinstance(four_base(low), Refusal)
                else high
                if not isinstance(four_base(high), Refusal)
                else low
            )
        elif self.slot_kinds[j] == FOUR:
            naturals = [c for c in cards if c != JOKER]
            if naturals and all(c != JOKER for c in slot) is False:
                merged = self._place_naturals(slot, cards, at)
        self.slots[j] = merged

    @staticmethod
    def _place_naturals(slot: list[Card], cards: list[Card], at: int) -> list[Card]:
        """Insert cards into a four holding jokers: try each position, keep the first valid one
        nearest the drop point, else the drop point."""
        base = slot[:at] + cards + slot[at:]
        if not isinstance(four_base(base), Refusal):
            return base
        for dist in range(1, len(slot) + 1):
            for pos in (at - dist, at + dist):
                if 0 <= pos <= len(slot):
                    trial = slot[:pos] + cards + slot[pos:]
                    if not isinstance(four_base(trial), Refusal):
                        return trial
        return base

    def unstage_all(self) -> None:
        """Empty the slots back into the hand."""
        for slot in self.slots:
            self.order.extend(slot)
            slot.clear()

    def lay_contract(self) -> None:
        """Lay what the slots hold (the engine decides)."""
        lay = self.staged_lay()
        if lay is None:
            self.app.toast(tr("table.slots_empty"), "error")
            return
        if self.submit(lay):
            self.slots = [[] for _ in self.slot_kinds]
            self.rebuild()

    # --- hints ------------------------------------------------------------------------

    def show_hint(self) -> None:
        """H: the Normal player's choice, highlighted (a lay is put into the slots)."""
        action = self.session.hint()
        prompt = self.session.prompt()
        if prompt is None:
            self.app.toast(tr("table.hint_wait"))
            return
        if action is None:
            self.app.toast(tr("table.hint_none"))
            return
        if isinstance(action, Pass):
            self.app.toast(tr("table.hint_let_go"))
            return
        self.hint_action = action
        self.hint_until = _now() + 6000
        if isinstance(action, Lay):
            self.sync_hand()  # the hint is the engine's: start from the engine's hand
            self.unstage_all()
            kinds = list(self.slot_kinds)
            slots: list[list[Card]] = [[] for _ in kinds]
            for kind, cards in action.melds:
                for j, k in enumerate(kinds):
                    if k == kind and not slots[j]:
                        slots[j] = list(cards)
                        break
                else:  # a whole suit standing for three fours (J-3.4)
                    j = next(j for j, k in enumerate(kinds) if k == kind)
                    slots[j] = list(cards)
            for slot in slots:
                for c in slot:
                    self.order.remove(c)
            self.slots = slots
            self.app.toast(tr("table.hint_lay"))
        else:
            self.app.toast(
                tr(
                    "table.hint_is",
                    move=self.describe(HUMAN, action, self.session.view().discard_top, hint=True),
                )
            )

    def play_hint(self) -> bool:
        """Play the hint's move at once through the same path as the player's hands (smoke test).

        Returns True if something was done."""
        prompt = self.session.prompt()
        if prompt is None or self.busy():
            return False
        action = self.session.hint()
        if action is None:
            return False
        if isinstance(action, Lay):
            self.show_hint()
            self.lay_contract()
            return True
        return self.submit(action)

    # --- events -----------------------------------------------------------------------

    def busy(self) -> bool:
        """True while the table shows what just happened (the cards being dealt, a finished hand
        on its way to the scoreboard): the player's moves wait."""
        return self.pending_result is not None or _now() < self.dealing_until

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.pending_result is not None and event.type in (
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEBUTTONUP,
            pygame.KEYDOWN,
            pygame_gui.UI_BUTTON_PRESSED,
        ):
            self.press = None
            return True  # the hand is over: the scoreboard comes next
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self.on_button(event.ui_element)
        if self.replace_dialog is not None:
            confirmed = event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED
            if confirmed and event.ui_element is self.replace_dialog:
                self.replace_dialog = None
                self.save_as(self.replace_name, replace=True)
                return True
            if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.replace_dialog:
                self.replace_dialog = None
                return True
        if self.save_window is not None:
            if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.save_entry:
                self.save_as(self.save_entry.get_text())
                return True
            if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.save_window:
                self.save_window = None
                return True
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.save_window.kill()
                self.save_window = None
                return True
            if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
                return False  # the table waits while the dialog is open
        if event.type == pygame.KEYDOWN:
            return self.on_key(event.key)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.on_press(event.pos)
        if event.type == pygame.MOUSEMOTION:
            return self.on_motion(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self.on_release(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.selected.clear()
            return True
        return False

    def on_button(self, element: object) -> bool:
        s = self.session
        if element is self.b_sort_suit:
            self.sort_hand("suit")
        elif element is self.b_sort_rank:
            self.sort_hand("rank")
        elif element is self.b_hint:
            self.show_hint()
        elif element is self.b_lay:
            self.lay_contract()
        elif element is self.b_clear:
            self.unstage_all()
        elif element is self.b_end:
            self.submit(EndTurn())
        elif element is self.b_call:
            self.submit(Call())
        elif element is self.b_let_go:
            s.let_go()
        elif element is self.b_allow:
            self.submit(Allow())
        elif element is self.b_refuse:
            self.submit(Refuse())
        elif element is self.b_menu:
            self.app.pop()
        elif element is self.b_save:
            self.open_save_dialog()
        elif self.save_window is not None and element is self.save_ok:
            self.save_as(self.save_entry.get_text())
        elif element is self.b_sound:
            self.toggle_sound()
        elif element is self.b_scores:
            self.app.push("scoreboard", s, None)
        else:
            return False
        return True

    def open_save_dialog(self) -> None:
        """Save as: a name (proposed from the hand and the time), then Save."""
        if self.save_window is not None:
            return
        w, h = self.size
        rect = pygame.Rect(0, 0, min(480, w - 40), 200)
        rect.center = (w // 2, h // 2)
        ui = self.app.ui
        self.save_window = self.widget(
            pygame_gui.elements.UIWindow(rect, ui, window_display_title=tr("save.title"))
        )
        inner = self.save_window.get_container().get_rect()
        m = self.session.match
        default = tr("save.default_name", n=m.hand_number, time=time.strftime("%H.%M"))
        self.save_entry = self.widget(
            pygame_gui.elements.UITextEntryLine(
                pygame.Rect(16, 16, inner.w - 32, 38), ui, container=self.save_window
            )
        )
        self.save_entry.set_text(default)
        self.save_entry.focus()
        self.save_ok = self.widget(
            pygame_gui.elements.UIButton(
                pygame.Rect(inner.w - 176, 70, 160, 44),
                tr("save.save"),
                ui,
                container=self.save_window,
                object_id="#primary_button",
            )
        )

    def save_as(self, name: str, *, replace: bool = False) -> None:
        """Write a named save of the game (atomic; a previous save of that name is kept as
        .bak). A name that cannot be used is refused with the reason; a save that exists
        already is replaced only after the player confirms."""
        import os

        from ..storage import saves
        from ..storage.files import reason

        name = name.strip() or tr(
            "save.default_name", n=self.session.match.hand_number, time=time.strftime("%H.%M")
        )
        problem = saves.name_problem(name)
        if problem is not None:
            self.app.toast(problem, "error", 6)
            return
        path = saves.save_path(name)
        if os.path.lexists(path) and not replace:
            self.ask_replace(name)
            return
        try:
            saves.save(self.session, path, name)
        except OSError as exc:
            self.app.toast(tr("save.failed", error=reason(exc)), "error", 6)
            return
        if self.save_window is not None:
            self.save_window.kill()
            self.save_window = None
        self.app.toast(tr("save.done", name=name))

    def ask_replace(self, name: str) -> None:
        """Ask before a save of that name is replaced."""
        w, h = self.size
        rect = pygame.Rect(0, 0, min(480, w - 40), 220)
        rect.center = (w // 2, h // 2)
        self.replace_name = name
        self.replace_dialog = self.widget(
            pygame_gui.windows.UIConfirmationDialog(
                rect,
                tr("save.replace_confirm", name=name),
                self.app.ui,
                window_title=tr("save.replace_title"),
                action_short_name=tr("save.replace"),
            )
        )

    def sound_label(self) -> str:
        """The mute button's label."""
        return tr("table.sound_off") if self.app.sounds.muted else tr("table.sound_on")

    def toggle_sound(self) -> None:
        """Mute or unmute (one click, or M)."""
        self.app.settings.sound = self.app.sounds.muted
        self.app.sounds.muted = not self.app.sounds.muted
        self.b_sound.set_text(self.sound_label())

    def on_key(self, key: int) -> bool:
        prompt = self.session.prompt()
        if key == pygame.K_ESCAPE:
            if self.drag is not None:
                self.glide_back(self.drag)
                self.drag = None
            elif self.selected:
                self.selected.clear()
            else:
                self.app.pop()
        elif key == pygame.K_h:
            self.show_hint()
        elif key == pygame.K_c and prompt == "call":
            self.submit(Call())
        elif key == pygame.K_c:
            bad = self.session.check(Call())
            if bad is not None:
                self.refused(bad)
        elif key == pygame.K_l and prompt == "call":
            self.session.let_go()
        elif key == pygame.K_a and prompt == "allow":
            self.submit(Allow())
        elif key == pygame.K_r and prompt == "allow":
            self.submit(Refuse())
        elif key == pygame.K_m:
            self.toggle_sound()
        elif key == pygame.K_s:
            self.sort_hand("rank" if self.sort_mode == "suit" else "suit")
        elif key == pygame.K_SPACE and prompt == "pluck" and not self.busy():
            self.submit(PluckStock())
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and prompt == "play" and self.staged_lay():
            self.lay_contract()
        else:
            return False
        return True

    def hit(self, pos: tuple[int, int]) -> Press | None:
        """What is under the pointer that can be pressed."""
        lay = self.layout
        assert lay is not None
        for i, r in reversed(list(enumerate(self.hand_rects()))):
            if r.collidepoint(pos):
                return Press("hand", i, pos)
        if lay.staging is not None:
            for j in range(len(self.slots)):
                for k, r in reversed(list(enumerate(self.slot_rects(j)))):
                    if r.collidepoint(pos):
                        return Press("slot", (j, k), pos)
        if lay.stock.inflate(8, 8).collidepoint(pos):
            return Press("stock", None, pos)
        if lay.pile.inflate(8, 8).collidepoint(pos):
            return Press("pile", None, pos)
        return None

    def on_press(self, pos: tuple[int, int]) -> bool:
        if self.busy():
            return True  # the cards are still being dealt
        if self.session.prompt() == "allow" and self.dialog.collidepoint(pos):
            return True
        self.press = self.hit(pos)
        if self.press is None:
            self.selected.clear()
        return self.press is not None

    def on_motion(self, pos: tuple[int, int]) -> bool:
        if self.drag is not None:
            self.drag.pos = pos
            return True
        p = self.press
        if p is None:  # (synthetic events do not update pygame.mouse: our own press says the button is held)
            return False
        if abs(pos[0] - p.pos[0]) + abs(pos[1] - p.pos[1]) < DRAG_THRESHOLD:
            return False
        self.start_drag(p, pos)
        return True

    def start_drag(self, p: Press, pos: tuple[int, int]) -> None:
        """Lift the pressed card (and the rest of a selection) to follow the pointer."""
        lay = self.layout
        assert lay is not None
        if not self._press_still_valid(p):
            self.press = None
            return
        if p.kind == "hand":
            assert isinstance(p.index, int)
            rects = self.hand_rects()
            picked = sorted(self.selected) if p.index in self.selected else [p.index]
            anchor = rects[p.index]
            cw = anchor.w
            offsets = [
                (anchor.x - p.pos[0] + n * round(cw * 0.4), anchor.y - p.pos[1]) for n, _ in enumerate(picked)
            ]
            self.drag = Drag(
                "hand", [self.order[i] for i in picked], picked, offsets, pos, [rects[i] for i in picked]
            )
        elif p.kind == "slot":
            assert isinstance(p.index, tuple)
            j, k = p.index
            r = self.slot_rects(j)[k]
            self.drag = Drag("slot", [self.slots[j][k]], (j, k), [(r.x - p.pos[0], r.y - p.pos[1])], pos, [r])
        elif p.kind in ("stock", "pile"):
            if p.kind == "pile" and self.session.view().discard_top is None:
                return
            card = self.session.view().discard_top if p.kind == "pile" else JOKER
            r = lay.stock if p.kind == "stock" else lay.pile
            self.drag = Drag(
                p.kind,
                [card if card is not None else JOKER],
                None,
                [(r.x - p.pos[0], r.y - p.pos[1])],
                pos,
                [r],
            )
        self.press = None

    def on_release(self, pos: tuple[int, int]) -> bool:
        if self.drag is not None:
            drag, self.drag = self.drag, None
            drag.pos = pos
            self.drop(drag, pos)
            return True
        p, self.press = self.press, None
        if p is None:
            return False
        self.click(p)
        return True

    def click(self, p: Press) -> None:
        """A press released without moving: select, unstage, pluck, or double-click to discard."""
        now = _now()
        if not self._press_still_valid(p):
            return  # the hand or the staging slots changed under the press: ignore it
        if p.kind == "hand":
            assert isinstance(p.index, int)
            if (
                self.last_click
                and self.last_click[0] == p.index
                and now - self.last_click[1] < DOUBLE_CLICK_MS
            ):
                self.last_click = None
                card = self.order[p.index]
                self.selected.discard(p.index)
                self.submit(Discard(card))
                return
            self.last_click = (p.index, now)
            self.selected ^= {p.index}
        elif p.kind == "slot":
            assert isinstance(p.index, tuple)
            j, k = p.index
            self.order.append(self.slots[j].pop(k))
        elif p.kind == "stock":
            self.submit(PluckStock())
        elif p.kind == "pile":
            self.submit(PluckDiscard())

    def _press_still_valid(self, p: Press) -> bool:
        """True if the card ``p`` was pressed on is still where it was (a bot's move or a new
        hand may rebuild the hand and the staging slots between press and release)."""
        if p.kind == "hand":
            return isinstance(p.index, int) and 0 <= p.index < len(self.order)
        if p.kind == "slot":
            if not isinstance(p.index, tuple):
                return False
            j, k = p.index
            return 0 <= j < len(self.slots) and 0 <= k < len(self.slots[j])
        return True

    def drop_target(self, pos: tuple[int, int], drag: Drag) -> tuple[str, int | None]:
        """Where a drop at ``pos`` goes: ("slot", j), ("meld", index), ("pile", None),
        ("hand", None) or ("none", None)."""
        lay = self.layout
        assert lay is not None
        if drag.source in ("hand", "slot"):
            if lay.staging is not None:
                for j, r in enumerate(lay.slots):
                    if r.collidepoint(pos):
                        return "slot", j
            _, rects, _ = self.melds_layout()
            for i, r in rects.items():
                if r.inflate(16, 16).collidepoint(pos):
                    return "meld", i
            if lay.pile.inflate(30, 30).collidepoint(pos):
                return "pile", None
        if lay.hand.inflate(0, 40).collidepoint(pos):
            return "hand", None
        return "none", None

    def drop(self, drag: Drag, pos: tuple[int, int]) -> None:
        """Act on a drop: stage, tack, move a joker, discard, reorder or pluck."""
        kind, index = self.drop_target(pos, drag)
        if drag.source in ("stock", "pile"):
            if kind == "hand":
                self.submit(PluckStock() if drag.source == "stock" else PluckDiscard(), drag)
            else:
                self.glide_back(drag)
            return
        if kind == "slot":
            assert index is not None
            self.take_from_source(drag)
            self.stage(index, drag.cards, pos[0])
            return
        if kind == "hand":
            self.take_from_source(drag)
            rects = fan(self.layout.hand, self.layout.hand_card_h, len(self.order) + 1)  # type: ignore[union-attr]
            at = sum(1 for r in rects[:-1] if r.centerx < pos[0] + (drag.offsets[0][0] + rects[0].w // 2))
            self.order[at:at] = drag.cards
            self.selected.clear()
            return
        if kind in ("meld", "pile"):
            if len(drag.cards) != 1:
                self.app.toast(tr("table.one_card"), "error")
                self.glide_back(drag)
                return
            card = drag.cards[0]
            if kind == "pile":
                action: Action = Discard(card)
            else:
                assert index is not None
                action = self.place_action(card, index, pos)
            self.dropping = True  # the card lands where it was dropped: no flight
            try:
                done = self.submit(action, drag)
            finally:
                self.dropping = False
            if done:
                self.take_from_source(drag)
            return
        self.glide_back(drag)

    def place_action(self, card: Card, index: int, pos: tuple[int, int]) -> Action:
        """A tack, or a joker move when a natural card is dropped on the joker standing for it.
        The end of a four follows the drop position."""
        meld = self.session.match.hand.table[index]
        rects = self.meld_card_rects(index)
        if meld.kind == FOUR and card != JOKER:
            for i, r in enumerate(rects):
                if (
                    meld.cards[i] == JOKER
                    and meld.stands_for(i) == card
                    and r.inflate(6, 20).collidepoint(pos)
                ):
                    return MoveJoker(card, index + 1)
        if meld.kind == THREE:
            return Tack(card, index + 1)
        box = self.melds_layout()[1][index]
        end = "low" if pos[0] < box.centerx else "high"
        tack = Tack(card, index + 1, end)  # type: ignore[arg-type]
        if self.session.check(tack) is not None and card != JOKER:
            loose = Tack(card, index + 1)
            if self.session.check(loose) is None:
                return loose
            for i, c in enumerate(meld.cards):
                if c == JOKER and meld.stands_for(i) == card:
                    return MoveJoker(card, index + 1)
        return tack

    def take_from_source(self, drag: Drag) -> None:
        """Remove dragged cards from the hand order or their slot (they are placed elsewhere)."""
        if drag.source == "hand" and isinstance(drag.hidden, list):
            for i in sorted(drag.hidden, reverse=True):
                if i < len(self.order):
                    self.order.pop(i)
            self.selected.clear()
        elif drag.source == "slot" and isinstance(drag.hidden, tuple):
            j, k = drag.hidden
            if k < len(self.slots[j]):
                self.slots[j].pop(k)
        drag.hidden = None

    def legal_targets(self, drag: Drag) -> tuple[set[int], bool]:
        """Melds a dragged card may go on, and whether the pile takes it (asked of the engine)."""
        if len(drag.cards) != 1 or drag.source not in ("hand", "slot"):
            return set(), False
        card = drag.cards[0]
        key = ("targets", card, len(self.session.match.actions))
        cached = self._targets
        if cached is not None and cached[0] == key:
            return cached[1]
        melds: set[int] = set()
        for i, meld in enumerate(self.session.match.hand.table):
            options: list[Action] = [
                Tack(card, i + 1, e) for e in (("low", "high") if meld.kind == FOUR else (None,))
            ]
            if meld.kind == FOUR:
                options.append(MoveJoker(card, i + 1))
            if any(self.session.check(a) is None for a in options):
                melds.add(i)
        result = (melds, self.session.check(Discard(card)) is None)
        self._targets = (key, result)
        return result

    # --- frame ------------------------------------------------------------------------

    def on_enter(self) -> None:
        self.sync_hand()  # the game may have moved on while another scene was shown
        if self.on_move not in self.session.listeners:
            self.session.listeners.append(self.on_move)
        super().on_enter()

    def update(self, dt: float) -> None:
        now = _now()
        self.flights = [f for f in self.flights if not f.finished(now)]
        for seat in [s for s, (_, until) in self.flash.items() if until < now]:
            del self.flash[seat]
        if self.pending_result is not None and not any(f.blocking for f in self.flights):
            move, self.pending_result = self.pending_result, None
            self.finish_hand(move)
            return
        if self.deal_pending and self.pending_result is None and self.layout is not None and self.order:
            self.deal_pending = False
            if not self.session.match.hand.log:  # a fresh deal (not a game resumed mid-hand)
                self.deal_animation()
        if self.pending_result is None and self.app.top is self and self.save_window is None:
            self.session.tick()  # (the table waits while the player names a save)
        self.sync_hand()
        laid = self.session.view().laid[HUMAN]
        if self.layout is not None and (self.layout.staging is None) != (laid or self.session.over):
            self.rebuild()
        self.refresh_widgets()

    def finish_hand(self, move: Move) -> None:
        """A hand ended: show the scoreboard (a void hand is only announced)."""
        result = move.result
        assert result is not None
        if result.void:
            self.app.toast(tr("table.void"), "info", 5)
            return
        self.app.push("scoreboard", self.session, result)

    def refresh_widgets(self) -> None:
        """Show the buttons that apply now."""
        s = self.session
        prompt = s.prompt()
        view = s.view()
        lay_ok = self.lay_refusal() is None
        want = {
            self.b_call: prompt == "call",
            self.b_let_go: prompt == "call",
            self.b_allow: prompt == "allow",
            self.b_refuse: prompt == "allow" and not view.laid[HUMAN],
            self.b_end: prompt == "play" and s.check(EndTurn()) is None,  # one action checked, per frame
            self.b_lay: self.layout is not None and self.layout.staging is not None,
            self.b_clear: self.layout is not None and self.layout.staging is not None and any(self.slots),
        }
        for widget, on in want.items():
            if self._shown.get(id(widget)) != on:
                self._shown[id(widget)] = on
                widget.show() if on else widget.hide()
        if prompt == "call" and view.discard_top is not None:
            label = tr("table.call_card", card=card_label(view.discard_top))
            if self.b_call.text != label:
                self.b_call.set_text(label)
        if lay_ok != self._shown.get(-1):
            self._shown[-1] = lay_ok
            self.b_lay.enable() if lay_ok else self.b_lay.disable()

    # --- drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.layout
        if lay is None:
            return
        now = _now()
        hidden = {f.hide for f in self.flights if f.hide}
        self.draw_static(surface, hidden)
        self.draw_highlights(surface, now)
        for seat in lay.seats:
            self.draw_flash(surface, seat)
        if lay.staging is not None:
            self.draw_slots(surface)
        self.draw_status(surface)
        self.draw_hand(surface, hidden, now)
        if self.session.prompt() == "allow":
            self.draw_dialog(surface)

    def draw_static(self, surface: pygame.Surface, hidden: set[str]) -> None:
        """Everything that changes only when the game does (felt, bar, scores and log, seats,
        stock and pile, melds), drawn once into a cached layer and blitted each frame."""
        lay = self.layout
        assert lay is not None
        s = self.session
        dragging_pile = self.drag is not None and self.drag.source == "pile"
        key = (
            len(s.match.actions),
            len(s.match.results),
            id(lay),
            lay.size,
            frozenset(h for h in hidden if h.startswith(("pile", "meld"))),
            s.decision(),
            dragging_pile,
            self.app.settings.four_colour,
            s.over,
            len(s.moves),
        )
        if self._static is None or self._static_key != key or self._static.get_size() != lay.size:
            if self._static is None or self._static.get_size() != lay.size:
                self._static = (
                    pygame.Surface(lay.size).convert()
                    if pygame.display.get_init() and pygame.display.get_surface() is not None
                    else pygame.Surface(lay.size)
                )
            layer = self._static
            layer.blit(felt(lay.size), (0, 0))
            self.draw_bar(layer)
            self.draw_side(layer)
            for seat in lay.seats:
                self.draw_seat(layer, seat)
            self.draw_piles(layer, hidden)
            self.draw_melds(layer, hidden)
            self._static_key = key
            self._static_fresh = True
        else:
            self._static_fresh = False
        surface.blit(self._static, (0, 0))

    def draw_highlights(self, surface: pygame.Surface, now: float) -> None:
        """Glows that follow the pointer and the clock: legal drop targets, the hint, the pluck."""
        lay = self.layout
        assert lay is not None
        s = self.session
        prompt = s.prompt()
        hint = self.hint_action if now < self.hint_until else None
        if isinstance(hint, PluckStock):
            glow(surface, lay.stock, palette.GOLD, radius=8)
        elif prompt == "pluck" and self.drag is None:
            glow(surface, lay.stock, palette.VALID, radius=8)
        if isinstance(hint, PluckDiscard | Discard):
            glow(surface, lay.pile, palette.GOLD, radius=8)
        elif prompt == "pluck" and s.view().discard_top is not None and self.drag is None:
            glow(surface, lay.pile, palette.VALID, radius=8)
        if self.drag is not None and self.drag.source in ("hand", "slot"):
            melds, pile = self.legal_targets(self.drag)
            if pile:
                glow(surface, lay.pile, palette.VALID, radius=8)
            rects = self.melds_layout()[1]
            for i in melds:
                if i in rects:
                    glow(surface, rects[i], palette.VALID, radius=6, spread=5)
        if isinstance(hint, Tack | MoveJoker):
            r = self.melds_layout()[1].get(hint.meld - 1)
            if r is not None:
                glow(surface, r, palette.GOLD, radius=6, spread=5)

    def dirty_rects(self) -> list[pygame.Rect] | None:
        """While a card is dragged over an unchanged table, only the dragged card's old and new
        places, the hand, the slots and the status line change."""
        lay = self.layout
        box = self._drag_box()
        previous, self._last_drag_box = self._last_drag_box, box
        if (
            lay is None
            or box is None
            or previous is None
            or self.flights
            or self._static_fresh
            or self.session.prompt() == "call"
        ):
            return None
        rects = [box.union(previous), lay.hand.inflate(40, 60), lay.controls]
        if lay.staging is not None:
            rects.append(lay.staging.inflate(12, 12))
        return rects

    def _drag_box(self) -> pygame.Rect | None:
        d = self.drag
        if d is None or not d.origins:
            return None
        boxes = [
            pygame.Rect(d.pos[0] + off[0], d.pos[1] + off[1], round(o.w * 1.06), round(o.h * 1.06))
            for off, o in zip(d.offsets, d.origins, strict=False)
        ]
        return boxes[0].unionall(boxes[1:]).inflate(40, 40).move(6, 8)

    def draw_top(self, surface: pygame.Surface) -> None:
        now = _now()
        for f in self.flights:
            f.draw(surface, now)
        if self.drag is not None:
            d = self.drag
            lay = self.layout
            assert lay is not None
            for card, off, origin in zip(d.cards, d.offsets, d.origins, strict=False):
                ch = round(origin.h * 1.06)
                img = (
                    art.back(ch) if d.source == "stock" else art.face(card, ch, self.app.settings.four_colour)
                )
                x, y = d.pos[0] + off[0], d.pos[1] + off[1]
                sh = art.shadow(ch, 10)
                surface.blit(sh, (x + 8, y + 12))
                surface.blit(img, (x, y))

    def draw_bar(self, surface: pygame.Surface) -> None:
        lay = self.layout
        assert lay is not None
        m = self.session.match
        bar = lay.bar
        panel(surface, bar, alpha=170, radius=0)
        n = len(m.rules.schedule)
        if m.in_sudden_death:
            title = tr("table.banner_sudden", contract=m.hand.spec.contract_text)
        else:
            title = tr("table.banner", n=m.hand_number, of=n, contract=m.hand.spec.contract_text)
        r = txt.draw(surface, title, lay.font + 2, (12, bar.centery), palette.GOLD, True, "midleft")
        x = r.right + 18
        box_h = bar.h - 14
        limit = self.b_save.relative_rect.x - 12 if hasattr(self, "b_save") else bar.right
        box_w = max(24, min(round(box_h * 2.1), (limit - x) // max(1, n) - 4))
        for i, spec in enumerate(m.rules.schedule):
            rect = pygame.Rect(x + i * (box_w + 4), bar.y + 7, box_w, box_h)
            if rect.right > limit:
                break
            current = i == m.hand_index and not m.in_sudden_death
            done = i < m.hand_index
            fill = palette.GOLD if current else palette.PANEL
            panel(
                surface,
                rect,
                alpha=255 if current else 160,
                radius=6,
                fill=fill,
                border=palette.GOLD_DARK if not current else None,
            )
            colour = palette.BACK_BLACK if current else ((150, 160, 150) if done else palette.TEXT)
            label = spec.contract_text.replace(" ", "") if box_w < 58 else spec.contract_text
            txt.draw(
                surface,
                label,
                max(10, lay.small - 1),
                rect.center,
                colour,
                current,
                "center",
                max_width=rect.w - 4,
            )

    def draw_side(self, surface: pygame.Surface) -> None:
        lay = self.layout
        assert lay is not None
        s = self.session
        m = s.match
        side = lay.side.inflate(-12, -12)
        panel(surface, side, alpha=150)
        x, y = side.x + 12, side.y + 10
        txt.draw(surface, tr("table.scores"), lay.font, (x, y), palette.GOLD, True)
        y += lay.font + 10
        for seat in range(m.players):
            dealer = " · " + tr("table.dealer_mark") if seat == m.hand.dealer else ""
            colour = palette.GOLD if seat == m.hand.turn and not m.over else palette.TEXT
            txt.draw(
                surface,
                s.names[seat] + dealer,
                lay.small + 1,
                (x, y),
                colour,
                seat == HUMAN,
                max_width=side.w - 90,
            )
            txt.draw(
                surface, str(m.totals[seat]), lay.small + 1, (side.right - 12, y), colour, True, "topright"
            )
            y += lay.small + 8
        y += 8
        pygame.draw.line(surface, palette.GOLD_DARK, (x, y), (side.right - 12, y), 1)
        y += 10
        txt.draw(surface, tr("table.log"), lay.font, (x, y), palette.GOLD, True)
        y += lay.font + 8
        lines = self.log_lines()
        line_h = lay.small + 7
        room = max(1, (side.bottom - y - 8) // line_h)
        for i, (seat, line) in enumerate(lines[-room:]):
            alpha_col = palette.TEXT if i >= len(lines[-room:]) - 3 else (190, 198, 188)
            txt.draw(
                surface,
                line,
                lay.small,
                (x, y),
                palette.GOLD if seat == HUMAN else alpha_col,
                max_width=side.w - 24,
            )
            y += line_h

    def log_lines(self) -> list[tuple[int, str]]:
        """The moves of this hand in words, oldest first."""
        s = self.session
        out: list[tuple[int, str]] = []
        moves = s.moves[-60:]
        hand = s.match.hand_number
        for mv in moves:
            if (mv.hand_number != hand and mv.result is None) or isinstance(mv.action, Pass):
                continue  # a pass is no event at the table
            out.append((mv.seat, self.describe(mv.seat, mv.action, mv.card)))
        return out

    def describe(self, seat: int, action: Action, card: Card | None, hint: bool = False) -> str:
        """One move in words ("Desmond discarded 7♠")."""
        name = self.session.names[seat]
        c = card_label(card) if card is not None else ""
        key = {
            Discard: "discard",
            PluckStock: "pluck_stock",
            PluckDiscard: "pluck_discard",
            Call: "call",
            Allow: "allow",
            Refuse: "refuse",
            Lay: "lay",
            Tack: "tack",
            MoveJoker: "move_joker",
            EndTurn: "end",
        }[type(action)]
        if isinstance(action, Discard | Tack | MoveJoker):
            c = card_label(action.card)
        return tr(f"{'hint' if hint else 'log'}.{key}", name=name, card=c)

    def draw_seat(self, surface: pygame.Surface, seat: int) -> None:
        """An opponent: name, level, cards held (a fan of backs when there is room), calls used or
        laid, the dealer's mark, and a glow while it is their move."""
        lay = self.layout
        assert lay is not None
        s = self.session
        view = s.view()
        r = lay.seats[seat]
        active = s.thinking_seat() == seat or (view.turn == seat and not s.over)
        if active:
            glow(surface, r, palette.GOLD, radius=12)
        panel(surface, r, alpha=175, radius=12, border=palette.GOLD_DARK if not active else None)
        p = s.persona(seat)
        x = r.x + 10
        wide = r.w >= round(200 * lay.scale)
        count = view.hand_sizes[seat]
        # the fan of backs (or the open hand with J-V9) at the top right, when the panel is wide
        fan_left = r.right - 8
        if wide and count:
            ch = max(24, round(r.h * 0.42))
            step = max(3, round(ch * 0.16))
            room = r.w - 30 - txt.width(s.names[seat], lay.font, True) - round(ch * 0.714)
            shown = min(count, 12, max(0, room // step + 1))
            fan_left = r.right - 10 - round(ch * 0.714) - (shown - 1) * step if shown else r.right - 8
            open_hands = view.open_hands
            for i in range(shown):
                img = art.face(open_hands[seat][i], ch) if open_hands else art.back(ch)
                surface.blit(img, (fan_left + i * step, r.y + 6))
        name_colour = palette.GOLD if active else palette.TEXT
        txt.draw(
            surface, s.names[seat], lay.font, (x, r.y + 6), name_colour, True, max_width=fan_left - x - 6
        )
        y2 = r.y + 8 + lay.font + 2
        level = p.title if p else ""
        room = fan_left - x - 6
        if seat == view.dealer and not wide:
            room = r.right - 16 - txt.width(tr("table.dealer_mark"), lay.small - 1, True) - x
        txt.draw(surface, level, lay.small, (x, y2), (200, 208, 198), max_width=room)
        if seat == view.dealer:
            anchor = (r.right - 10, y2) if not wide else (r.centerx, r.bottom - 6)
            txt.draw(
                surface,
                tr("table.dealer_mark"),
                lay.small - 1,
                anchor,
                palette.GOLD,
                True,
                "topright" if not wide else "midbottom",
            )
        # bottom line: cards held and calls used (or laid)
        if wide:
            held = tr("table.cards_one" if count == 1 else "table.cards", n=count)
            calls = (
                tr("table.calls", n=view.calls_used[seat], of=s.rules.max_calls) if s.rules.calling else ""
            )
        else:  # narrow: a little card back with the number, and the bare call count
            icon = art.back(lay.small + 6)
            surface.blit(icon, (x, r.bottom - 6 - icon.get_height()))
            x += icon.get_width() + 4
            held = str(count)
            calls = f"{view.calls_used[seat]}/{s.rules.max_calls}" if s.rules.calling else ""
        txt.draw(surface, held, lay.small, (x, r.bottom - 6), palette.TEXT, True, "bottomleft")
        status = tr("table.laid_mark") if view.laid[seat] else calls
        txt.draw(
            surface,
            status,
            lay.small,
            (r.right - 10, r.bottom - 6),
            palette.VALID if view.laid[seat] else (200, 208, 198),
            view.laid[seat],
            "bottomright",
        )

    def draw_flash(self, surface: pygame.Surface, seat: int) -> None:
        """A seat's "Call!" or "Laid down!" bubble, while it lasts."""
        lay = self.layout
        assert lay is not None
        r = lay.seats[seat]
        flash = self.flash.get(seat)
        if flash is not None:
            img = txt.render(flash[0], lay.font + 6, palette.BACK_BLACK, True)
            bubble = img.get_rect(midtop=(r.centerx, r.bottom + 4)).inflate(22, 10)
            panel(surface, bubble, alpha=245, radius=bubble.h // 2, fill=palette.GOLD)
            surface.blit(img, img.get_rect(center=bubble.center))

    def draw_piles(self, surface: pygame.Surface, hidden: set[str]) -> None:
        lay = self.layout
        assert lay is not None
        s = self.session
        view = s.view()
        four = self.app.settings.four_colour
        # stock: a little stack of backs with its count
        n = view.stock_count
        ch = lay.stock.h
        if n:
            for i in range(min(4, 1 + n // 12), 0, -1):
                surface.blit(art.shadow(ch), (lay.stock.x + 3 + i * 2, lay.stock.y + 5 - i * 2))
                surface.blit(art.back(ch), (lay.stock.x + i * 2, lay.stock.y - i * 2))
        else:
            pygame.draw.rect(surface, palette.GOLD_DARK, lay.stock, 2, border_radius=8)
        txt.draw(
            surface,
            tr("table.stock", n=n),
            lay.small,
            (lay.stock.centerx, lay.stock.y - 8),
            palette.TEXT,
            False,
            "midbottom",
        )
        # discard pile: the top card (and a hint of the ones below)
        pile = list(view.discard_pile)
        if "pile" in hidden and pile:
            pile = pile[:-1]
        drag_from_pile = self.drag is not None and self.drag.source == "pile"
        if drag_from_pile and pile:
            pile = pile[:-1]
        if pile:
            for i, card in enumerate(pile[-3:-1]):
                surface.blit(art.face(card, ch, four), (lay.pile.x - 6 + i * 3, lay.pile.y + 4 - i * 2))
            surface.blit(art.shadow(ch), (lay.pile.x + 3, lay.pile.y + 5))
            surface.blit(art.face(pile[-1], ch, four), lay.pile.topleft)
        else:
            pygame.draw.rect(surface, palette.GOLD_DARK, lay.pile, 2, border_radius=8)
        txt.draw(
            surface,
            tr("table.discard_pile"),
            lay.small,
            (lay.pile.centerx, lay.pile.y - 8),
            palette.TEXT,
            False,
            "midbottom",
        )

    def draw_melds(self, surface: pygame.Surface, hidden: set[str]) -> None:
        lay = self.layout
        assert lay is not None
        s = self.session
        table = s.match.hand.table
        if not table:
            txt.draw(
                surface, tr("table.no_melds"), lay.font, lay.melds.center, (170, 196, 178), False, "center"
            )
            return
        ch, rects, labels = self.melds_layout()
        four = self.app.settings.four_colour
        for owner, band in labels:
            colour = palette.GOLD if owner == HUMAN else palette.TEXT
            drawn = txt.draw(surface, s.names[owner], lay.small, (band.x + 2, band.y), colour, True)
            y = band.y + lay.small // 2 + 2
            if band.right > drawn.right + 12:
                pygame.draw.line(surface, palette.GOLD_DARK, (drawn.right + 8, y), (band.right, y), 1)
        for i, meld in enumerate(table):
            if f"meld:{i}" in hidden or i not in rects:
                continue
            box = rects[i]
            for k, (r, card) in enumerate(
                zip(row(box.x, box.y, ch, len(meld.cards)), meld.cards, strict=True)
            ):
                surface.blit(art.face(card, ch, four), r)
                if card == JOKER and meld.kind == FOUR:
                    tag = art.joker_tag(meld.stands_for(k), max(14, ch // 4), four)
                    surface.blit(tag, tag.get_rect(midtop=(r.centerx - round(r.w * 0.2), r.bottom - 4)))

    def draw_slots(self, surface: pygame.Surface) -> None:
        lay = self.layout
        assert lay is not None
        four = self.app.settings.four_colour
        dragging = self.drag is not None and self.drag.source in ("hand", "slot")
        for j, box in enumerate(lay.slots):
            state = self.slot_state(j)
            kind = self.slot_kinds[j]
            if state is None:
                border, mark = palette.VALID, "✓"
            elif state == "empty":
                border, mark = palette.GOLD_DARK, ""
            else:
                border, mark = palette.INVALID, "✗"
            if dragging and box.collidepoint(self.drag.pos):  # type: ignore[union-attr]
                glow(surface, box, palette.VALID, radius=10)
            panel(surface, box, alpha=120, radius=10, border=border)
            title = tr("table.slot_three") if kind == THREE else tr("table.slot_four")
            txt.draw(
                surface,
                f"{title} {mark}",
                lay.small,
                (box.x + 10, box.y + 4),
                border if mark else palette.TEXT,
                True,
            )
            rects = self.slot_rects(j)
            hidden = self.drag.hidden if self.drag is not None and self.drag.source == "slot" else None
            for k, (r, card) in enumerate(zip(rects, self.slots[j], strict=True)):
                if hidden == (j, k):
                    continue
                surface.blit(art.face(card, r.h, four), r)
                if card == JOKER and kind == FOUR and state is None:
                    meld = make_meld(FOUR, HUMAN, self.slots[j])  # the engine says what it stands for
                    if isinstance(meld, Meld):
                        tag = art.joker_tag(meld.stands_for(k), max(14, r.h // 4), four)
                        surface.blit(tag, tag.get_rect(midtop=(r.centerx, r.bottom - 6)))
            if state == "empty":
                msg = tr("table.slot_drop_three") if kind == THREE else tr("table.slot_drop_four")
                colour = (196, 206, 196)
            elif state is None:
                msg, colour = tr("table.slot_ok"), palette.VALID
            else:
                assert isinstance(state, Refusal)
                msg, colour = refusal_text(state), palette.INVALID
            y = box.y + lay.small + 10 + lay.slot_card_h
            for line in txt.wrap(msg, lay.small - 1, box.w - 16)[:2]:
                txt.draw(surface, line, lay.small - 1, (box.x + 8, y), colour)
                y += lay.small + 1
        # the whole lay: why the Lay button is off, once every slot holds a valid meld
        bad = self.lay_refusal()
        b = lay.lay_button
        if isinstance(bad, Refusal) and all(self.slot_state(j) is None for j in range(len(self.slots))):
            lines = txt.wrap(refusal_text(bad), lay.small - 1, b.w)
            y = b.bottom + round(40 * lay.scale)
            for line in lines[:3]:
                txt.draw(surface, line, lay.small - 1, (b.x, y), palette.INVALID)
                y += lay.small + 1

    def draw_status(self, surface: pygame.Surface) -> None:
        lay = self.layout
        assert lay is not None
        s = self.session
        text, colour = self.status()
        c = lay.controls
        left = self.b_sort_rank.relative_rect.right + 16
        right = (
            self.b_end.relative_rect.x if self._shown.get(id(self.b_end)) else self.b_hint.relative_rect.x
        ) - 16
        img = txt.render(text, lay.font, colour, True)
        if img.get_width() > right - left:
            txt.draw(
                surface,
                text,
                lay.small,
                ((left + right) // 2, c.centery),
                colour,
                True,
                "center",
                max_width=int(right - left),
            )
        else:
            surface.blit(img, img.get_rect(center=((left + right) // 2, c.centery)))
        left_ms = s.call_time_left()
        if left_ms is not None and s.call_wait_ms > 0:
            frac = left_ms / (s.call_wait_ms / max(s.speed, 0.25))
            bar = self.b_call.relative_rect.union(self.b_let_go.relative_rect)
            track = pygame.Rect(bar.x, bar.bottom + 6, bar.w, 6)
            pygame.draw.rect(surface, palette.PANEL, track, border_radius=3)
            pygame.draw.rect(
                surface,
                palette.GOLD,
                track.inflate(-track.w * (1 - frac), 0).move(-track.w * (1 - frac) / 2, 0),
                border_radius=3,
            )

    def status(self) -> tuple[str, palette.Colour]:
        """The one status line: whose turn and what to do."""
        s = self.session
        if s.over:
            return tr("status.over"), palette.GOLD
        prompt = s.prompt()
        view = s.view()
        if prompt == "pluck":
            return tr("status.pluck"), palette.GOLD
        if prompt == "play":
            return (tr("status.play_laid") if view.laid[HUMAN] else tr("status.play")), palette.GOLD
        if prompt == "call":
            return tr(
                "status.call", card=card_label(view.discard_top) if view.discard_top is not None else ""
            ), palette.GOLD
        if prompt == "allow":
            return tr("status.allow"), palette.GOLD
        seat = s.thinking_seat()
        if seat is not None:
            d = s.decision()
            if d is not None and d[1] == "call":
                return tr("status.waiting_calls"), palette.TEXT
            return tr("status.thinking", name=s.names[seat]), palette.TEXT
        return "", palette.TEXT

    def draw_hand(self, surface: pygame.Surface, hidden: set[str], now: float) -> None:
        lay = self.layout
        assert lay is not None
        four = self.app.settings.four_colour
        rects = self.hand_rects()
        drag_hidden = (
            set(self.drag.hidden) if self.drag is not None and isinstance(self.drag.hidden, list) else set()
        )
        skip: set[int] = set()
        for h in hidden:
            if h and h.startswith(("hand:", "back:")):
                card = int(h.split(":")[1])
                for i in range(len(self.order) - 1, -1, -1):
                    if self.order[i] == card and i not in skip:
                        skip.add(i)
                        break
        mouse = pygame.mouse.get_pos()
        hover = None
        if self.drag is None:
            for i, r in reversed(list(enumerate(rects))):
                if r.collidepoint(mouse):
                    hover = i
                    break
        hint = self.hint_action if now < self.hint_until else None
        hint_card = hint.card if isinstance(hint, Discard | Tack | MoveJoker) else None
        hint_done = False
        fresh = -1  # the card just taken glows for a moment
        if self.new_card is not None and now < self.new_card[1] and self.new_card[0] in self.order:
            fresh = len(self.order) - 1 - self.order[::-1].index(self.new_card[0])
        shadow = art.shadow(lay.hand_card_h)
        for i, (r, card) in enumerate(zip(rects, self.order, strict=True)):
            if i in drag_hidden or i in skip:
                continue
            if i == hover and i not in self.selected:
                r = r.move(0, -round(lay.hand_card_h * 0.06))
            surface.blit(shadow, (r.x + 3, r.y + 5))
            surface.blit(art.face(card, lay.hand_card_h, four), r)
            if i in self.selected:
                pygame.draw.rect(surface, palette.GOLD, r.inflate(4, 4), 3, border_radius=max(4, r.w // 12))
            if hint_card == card and not hint_done:
                hint_done = True
                glow(surface, r, palette.GOLD, radius=max(4, r.w // 12))
            elif i == fresh:
                glow(surface, r, palette.VALID, radius=max(4, r.w // 12), spread=5)
        if not self.order and not self.session.over:
            txt.draw(
                surface, tr("table.hand_empty"), lay.font, lay.hand.center, palette.TEXT, False, "center"
            )

    def draw_dialog(self, surface: pygame.Surface) -> None:
        lay = self.layout
        assert lay is not None
        s = self.session
        view = s.view()
        d = self.dialog
        panel(surface, d.inflate(8, 8), alpha=120, radius=16)
        panel(surface, d, alpha=240, radius=14, border=palette.GOLD)
        caller = view.caller
        card = card_label(view.discard_top) if view.discard_top is not None else ""
        name = s.names[caller] if caller is not None else ""
        y = d.y + 16
        for line in txt.wrap(tr("dialog.allow", name=name, card=card), lay.font, d.w - 40)[:3]:
            txt.draw(surface, line, lay.font, (d.centerx, y), palette.TEXT, True, "midtop")
            y += lay.font + 6
        if view.laid[HUMAN]:
            txt.draw(
                surface,
                tr("dialog.allow_laid"),
                lay.small,
                (d.centerx, y + 2),
                (200, 208, 198),
                False,
                "midtop",
            )


def _now() -> float:
    return time.monotonic() * 1000
