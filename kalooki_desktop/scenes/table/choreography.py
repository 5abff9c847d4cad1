"""The choreography of the table: how each applied move is shown (cards flying, a seat's "Call!"
bubble, the card just taken glowing, the deal) and heard, and how long the computer players
wait for it before their next move. Times are the table clock's milliseconds."""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.actions import (
    Allow,
    Call,
    Discard,
    Lay,
    MoveJoker,
    Pass,
    PluckDiscard,
    PluckStock,
    Refuse,
    Retrieve,
    Tack,
    TakeBack,
)
from ...engine.cards import JOKER, Card
from ...i18n import tr
from ...play.session import HUMAN, Move, Session
from ...ui import cards as art
from ...ui.anim import Flight
from ...ui.layout import fan
from ...ui.sound import Sounds
from .geometry import TableGeometry
from .pointer import Drag

#: How long a card takes to fly across the table at the normal pace (ms).
FLIGHT_MS = 340
#: How long a refused card takes to glide back (ms).
GLIDE_BACK_MS = 200


@dataclass
class Pace:
    """What the choreography reads of the player's settings."""

    speed: float  # animation speed factor (Settings.speed_factor)
    four_colour: bool


class Choreography:
    """The flights and bubbles on show, and the moves' sounds (see the module docstring)."""

    def __init__(self, session: Session, sounds: Sounds) -> None:
        self.session = session
        self.sounds = sounds
        self.flights: list[Flight] = []
        self.flash: dict[int, tuple[str, float]] = {}  # seat -> (bubble text, until)
        self.new_card: tuple[Card, float] | None = None  # the card just taken, glowing until
        self.dealing_until = 0.0
        self.dropped = False  # the player's card lands where it was dropped: no flight

    # --- the clock ---------------------------------------------------------------------

    def update(self, now: float) -> None:
        """Forget the flights and bubbles that are over."""
        self.flights = [f for f in self.flights if not f.finished(now)]
        for seat in [s for s, (_, until) in self.flash.items() if until < now]:
            del self.flash[seat]

    def hidden(self) -> set[str]:
        """What the flights hide in place while they are in the air ("pile", "meld:2", "hand:7")."""
        return {f.hide for f in self.flights if f.hide}

    def blocking(self) -> bool:
        """True while a flight the end of a hand must wait for is in the air."""
        return any(f.blocking for f in self.flights)

    def dealing(self, now: float) -> bool:
        """True while the cards of a new hand are being dealt."""
        return now < self.dealing_until

    # --- moves ---------------------------------------------------------------------------

    def show(self, move: Move, g: TableGeometry, pace: Pace, now: float) -> None:
        """Show and sound an applied move (a pass shows nothing); the computer players wait
        until its cards have landed."""
        if isinstance(move.action, Pass):
            return
        crowd = 1.0 if move.seat == HUMAN else self.session.crowd  # a big table moves faster
        dur = FLIGHT_MS * crowd / pace.speed
        flights = self._flights(move, g, pace, now, dur)
        self._sound(move)
        a = move.action
        takes = (move.seat == HUMAN and isinstance(a, PluckStock | PluckDiscard | Refuse)) or (
            isinstance(a, Allow) and move.taker == HUMAN
        )
        if takes and move.card is not None:
            self.new_card = (move.card, now + dur + 1600)
        shadow = art.shadow(g.layout.stock.h)
        for f in flights:
            f.shadow = shadow
        self.flights.extend(flights)
        landing = max((f.t0 + f.duration for f in flights), default=now)
        self.session.hold_until = max(self.session.hold_until, landing + 140 * crowd / pace.speed)

    def _flights(self, move: Move, g: TableGeometry, pace: Pace, now: float, dur: float) -> list[Flight]:
        a, seat, lay = move.action, move.seat, g.layout
        ch = lay.stock.h
        home = g.seat_centre(seat)
        match a:
            case Discard() if not (seat == HUMAN and self.dropped):
                return [
                    Flight(
                        art.face(a.card, ch, four_colour=pace.four_colour),
                        home,
                        lay.pile.center,
                        now,
                        dur,
                        "pile",
                    )
                ]
            case PluckStock() if seat == HUMAN and move.card is not None:
                return [self.to_seat(move.card, HUMAN, lay.stock.center, g, pace, now, dur)]
            case PluckStock():
                return [Flight(art.back(ch), lay.stock.center, home, now, dur)]
            case PluckDiscard() | Refuse() if move.card is not None:
                return [self.to_seat(move.card, seat, lay.pile.center, g, pace, now, dur)]
            case Call():
                self.flash[seat] = (tr("table.call_flash"), now + 1400 / pace.speed)
            case Allow() if move.taker is not None and move.card is not None:
                # the called card flies to the caller, the penalty card follows face down
                dest = g.hand_end() if move.taker == HUMAN else g.seat_centre(move.taker)
                return [
                    self.to_seat(move.card, move.taker, lay.pile.center, g, pace, now, dur),
                    Flight(art.back(ch), lay.stock.center, dest, now + dur * 0.45, dur),
                ]
            case Lay() if seat != HUMAN:
                self.flash[seat] = (tr("table.laid_flash"), now + 1400 / pace.speed)
                return self._lay_flights(a, seat, g, pace, now, dur)
            case Tack() | MoveJoker() if seat != HUMAN and move.meld is not None:
                rects = g.meld_card_rects(move.meld - 1)
                if rects:
                    first = g.table()[move.meld - 1].cards[0] == a.card
                    target = rects[0] if first else rects[-1]
                    return [
                        Flight(
                            art.face(a.card, target.h, four_colour=pace.four_colour),
                            home,
                            target.center,
                            now,
                            dur,
                        )
                    ]
            case Retrieve() if move.meld is not None:
                return self._retrieve_flights(a, seat, move.meld - 1, g, pace, now, dur)
        return []

    def _retrieve_flights(
        self, a: Retrieve, seat: int, index: int, g: TableGeometry, pace: Pace, now: float, dur: float
    ) -> list[Flight]:
        """A joker taken from a meld (B-7): the natural card flies from the seat to the meld (unless
        the player dropped it there), the joker from the meld to the seat."""
        rects = g.meld_card_rects(index)
        if not rects:
            return []
        at = rects[len(rects) // 2]
        out = [self.to_seat(JOKER, seat, at.center, g, pace, now, dur)]
        if seat != HUMAN:
            home = g.seat_centre(seat)
            for c in a.cards:
                out.append(Flight(art.face(c, at.h, four_colour=pace.four_colour), home, at.center, now, dur))
        return out

    def _lay_flights(
        self, a: Lay, seat: int, g: TableGeometry, pace: Pace, now: float, dur: float
    ) -> list[Flight]:
        table = g.table()
        first = len(table) - len(a.melds)
        out: list[Flight] = []
        for i in range(first, len(table)):
            for r, card in zip(g.meld_card_rects(i), table[i].cards, strict=False):
                img = art.face(card, r.h, four_colour=pace.four_colour)
                out.append(
                    Flight(
                        img, g.seat_centre(seat), r.center, now + len(out) * 40 / pace.speed, dur, f"meld:{i}"
                    )
                )
        return out

    def to_seat(
        self,
        card: Card,
        seat: int,
        start: tuple[int, int],
        g: TableGeometry,
        pace: Pace,
        now: float,
        dur: float,
    ) -> Flight:
        """A face-up card flying to a seat; to the player's hand it lands where it will sit, and
        the hand does not show it until it arrives."""
        lay = g.layout
        if seat == HUMAN:
            img = art.face(card, lay.hand_card_h, four_colour=pace.four_colour)
            return Flight(img, start, g.hand_end(card), now, dur, f"hand:{card}")
        return Flight(
            art.face(card, lay.stock.h, four_colour=pace.four_colour), start, g.seat_centre(seat), now, dur
        )

    def _sound(self, move: Move) -> None:
        a = move.action
        if move.result is not None and not move.result.void:
            self.sounds.play("win", 1.0 if move.result.out == HUMAN else 0.5)
        elif isinstance(a, Call):
            self.sounds.play("call")
        elif isinstance(a, Lay):
            self.sounds.play("lay")
        elif isinstance(a, Discard | Tack | MoveJoker | Retrieve | TakeBack):
            self.sounds.play("card", 0.8)
        elif isinstance(a, PluckStock | PluckDiscard | Refuse | Allow):
            self.sounds.play("deal", 0.6)

    # --- the deal and the cards that go back ----------------------------------------------

    def deal(self, g: TableGeometry, pace: Pace, now: float) -> None:
        """The cards of a new hand fly from the stock to every seat, one round at a time."""
        lay = g.layout
        m = self.session.match
        hand = m.hand
        order = g.model.order
        cards = max(len(h) for h in hand.hands)  # a seat out of the game (B-11) is dealt nothing
        seated = [s for s in range(m.players) if hand.hands[s]]
        per = max(6.0, 1300 / pace.speed / max(1, cards * len(seated)))
        dur = 260 / pace.speed
        rects = fan(g.hand_area(), lay.hand_card_h, len(order))
        back = art.back(lay.stock.h)
        k = 0
        for r in range(cards):
            for seat in sorted(seated, key=lambda s: (s - hand.dealer - 1) % m.players):
                t0 = now + k * per
                k += 1
                if seat != HUMAN:
                    self.flights.append(Flight(back, lay.stock.center, g.seat_centre(seat), t0, dur))
                elif r < len(order):
                    i = (r * 7) % len(order)  # the cards land in an order that is not the sorted one
                    img = art.face(order[i], lay.hand_card_h, four_colour=pace.four_colour)
                    self.flights.append(
                        Flight(img, lay.stock.center, rects[i].center, t0, dur, f"hand:{order[i]}")
                    )
        self.sounds.play("shuffle", 0.7)
        self.session.hold_until = self.session.dealt_at = now + k * per + dur + 200 / pace.speed
        self.dealing_until = self.session.hold_until

    def glide_back(self, drag: Drag, pace: Pace, now: float) -> None:
        """Dragged cards return to where they came from."""
        for card, off, origin in zip(drag.cards, drag.offsets, drag.origins, strict=False):
            ch = origin.h
            img = art.back(ch) if drag.source == "stock" else art.face(card, ch, four_colour=pace.four_colour)
            start = (drag.pos[0] + off[0] + origin.w / 2, drag.pos[1] + off[1] + origin.h / 2)
            self.flights.append(
                Flight(img, start, origin.center, now, GLIDE_BACK_MS, hide=f"back:{card}", blocking=False)
            )
