"""What the others' play this hand says about their cards: worlds sampled from the hand's past.

Hard plays against Normals, and a Normal's decisions are a fixed function of its cards and the
public record. So a guess of an opponent's cards can be checked against what it did: had it held
these cards, would it have let that card go, thrown this one, called that one? Guesses of the
*current* hands alone cannot be checked well (the cards it held when it decided have changed
since), so the guess here is a whole past.

A :class:`History` lays the hand out as the seat saw it. Every other seat has a *slot* for each
card it received unseen (dealt, drawn from the stock, the penalty card of a call, the turned-up
card once nobody can see it any more), stamped with the log index at which it arrived; the cards
it later showed (threw, laid, tacked) that were not discards it was seen to take must have come
from its earlier slots. An :data:`Assignment` (a card for every slot) is one possible past;
:meth:`History.misses` replays it and counts the decisions a Normal holding those cards would
have made differently (taking or letting a discard go, calling or not, allowing or refusing a
call, the card thrown while building). The true past scores no miss (tested); the approximate
planner that makes the replay fast (:class:`.fastplan.FastPlanner`, one window a suit) finds
0.1-0.2 misses in a seat's true past.

:func:`belief_worlds` draws pasts by short Metropolis chains: each chain starts from a random past
consistent with every card shown and, one seat after another, swaps a slot's card with the stock's
or a later seat's, or two of the seat's own slots (when each came), accepting by ``eps`` per miss;
half the proposals aim at a miss (the card Normal would have thrown instead, a card that would have
made the declined card wanted, or one that makes the taken card wanted). The end of each chain is
one world: the others' hands now and the stock. Measured (`docs/ai-journal.md`, seventh session):
whether the next player wants a card of ours is predicted with an area under the curve of 0.72-0.80
against 0.65-0.68 for worlds dealt at random; at 300 proposals a seat, 16 worlds take about 5 s.
They get about a third of each hand right (34% of the cards, against 29% for random deals), and a
rollout search over Hard's throws needs 75-90% before knowing the hands pays, so it gains little
more from them than from random worlds: a diagnostic (``scripts/rollout_oracle.py belief``), not a
player's tool.

Only the view is read: the same view and random numbers give the same worlds whatever the
hidden cards are (tested).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ..engine.cards import JOKER, Card, count_cards, new_deck, parse_card
from ..engine.hand import HandState
from ..engine.rules import HandSpec
from ..engine.view import View
from .fastplan import FastPlanner
from .normal import NormalBot, Style, danger_from, shown_cards
from .plan import deficiency

#: A card for every slot of every other seat, in slot order.
Assignment = dict[int, list[Card]]
#: A miss's suggestion: (seat, log index, what would fix it, card): "rm" the card, "rm_conn" a
#: card that makes it wanted, "add" one that would.
Hint = tuple[int, int, str, Card]

_UNKNOWN = -1  # the turned-up card, once it has left the pile unseen by the view
_DEALT = -1  # the arrival time of a dealt card


class History:
    """The hand so far as ``view.seat`` saw it (see the module docstring). ``ok`` is False when
    the past cannot be laid out (the stock was rebuilt, J-7.1, or the log does not add up):
    use random worlds then."""

    def __init__(self, view: View, exact: bool = False) -> None:
        self.players = players = view.players
        self.me = me = view.seat
        self.spec: HandSpec = view.spec
        self.rules = view.rules
        self.exact = exact  # plan with Normal's own planner (slower; the tests' reference)
        self.fp = FastPlanner(self.spec, view.rules.joker_points, None)
        self.normal = NormalBot()
        self.call_floor = players * Style().call_stock_floor
        self._danger: dict[int, dict[Card, float]] = {}
        log = list(view.log)
        self.log = log
        # The turned-up card is known while it lies at the bottom of the pile.
        height, lost = 1, False
        for _, text in log:
            if text.startswith("discard "):
                height += 1
            elif text in ("pluck discard", "refuse", "allow"):
                height -= 1
                lost = lost or height == 0
        pile = view.discard_pile
        self.upcard: Card = _UNKNOWN if lost or not pile else pile[0]
        self.slots: dict[int, list[int]] = {
            s: [_DEALT] * self.spec.cards for s in range(players) if s != me}
        self.shown: dict[int, list[tuple[Card, int]]] = {s: [] for s in self.slots}
        self.known: dict[int, list[int]] = {s: count_cards([]) for s in self.slots}
        stack: list[Card] = [self.upcard]
        caller: int | None = None
        self.stock_start = len(new_deck(players, view.rules.extra_jokers)) - players * self.spec.cards - 1
        stock = self.stock_start
        # Events: (log index, seat, kind, card or (caller, card)).
        self.events: list[tuple[int, int, str, object]] = []
        for i, (seat, text) in enumerate(log):
            kind = text.split()[0]
            data: object = None
            if kind == "discard":
                data = parse_card(text[8:])
            elif text == "call":
                caller = seat
            elif text == "pluck stock":
                kind = "stock"
                stock -= 1
                if seat != me:
                    self.slots[seat].append(i)
            elif text in ("pluck discard", "refuse"):
                kind = "take" if text == "pluck discard" else "refuse"
                data = stack.pop()
                self._receive(seat, data, i)
            elif text == "allow":
                data = (caller, stack.pop())
                if caller is not None:
                    self._receive(caller, data[1], i)
                    if caller != me and stock > 0:
                        self.slots[caller].append(i)  # the penalty card (J-5.4)
                stock -= 1
                caller = None
            if kind == "discard":
                stack.append(parse_card(text[8:]))
            self.events.append((i, seat, kind, data))
            if seat != me:
                for c in shown_cards(text):
                    if self.known[seat][c] > 0:
                        self.known[seat][c] -= 1
                    else:
                        self.shown[seat].append((c, i))
        # The cards that filled the slots or lie in the stock now: unseen now, less the known
        # holdings, plus the cards shown from slots.
        pool = count_cards(view.unseen())
        for s in self.slots:
            for c, _ in self.shown[s]:
                pool[c] += 1
            for c in range(len(pool)):
                pool[c] -= self.known[s][c]
        self.pool = [c for c in range(len(pool)) for _ in range(max(0, pool[c]))]
        self.stock_now = view.stock_count
        slots = sum(len(t) for t in self.slots.values())
        self.ok = (view.rebuilds == 0 and min(pool) >= 0
                   and slots + self.stock_now == len(self.pool))

    def _receive(self, seat: int, card: Card, at: int) -> None:
        if seat == self.me:
            return
        if card == _UNKNOWN:
            self.slots[seat].append(at)
        else:
            self.known[seat][card] += 1

    # --- pasts --------------------------------------------------------------------------

    def sample(self, rng: random.Random) -> tuple[Assignment, list[Card]] | None:
        """A random past consistent with every card shown, and the stock's cards now."""
        left = count_cards(self.pool)
        placed: dict[int, list[Card | None]] = {}
        for s, times in self.slots.items():
            cards: list[Card | None] = [None] * len(times)
            free = list(range(len(times)))
            for c, at in self.shown[s]:
                fits = [k for k in free if times[k] < at]
                if not fits or left[c] <= 0:
                    return None
                k = rng.choice(fits)
                cards[k] = c
                free.remove(k)
                left[c] -= 1
            placed[s] = cards
        rest = [c for c in range(len(left)) for _ in range(left[c])]
        rng.shuffle(rest)
        assign: Assignment = {s: [rest.pop() if c is None else c for c in cards]
                              for s, cards in placed.items()}
        return assign, rest

    def feasible(self, seat: int, cards: Sequence[Card]) -> bool:
        """True if every card the seat showed sits in one of its slots that arrived before."""
        times = self.slots[seat]
        used: set[int] = set()
        for c, at in self.shown[seat]:
            for k, x in enumerate(cards):
                if x == c and times[k] < at and k not in used:
                    used.add(k)
                    break
            else:
                return False
        return True

    def hands_now(self, assign: Assignment) -> list[list[Card]]:
        """Every seat's hand now under ``assign`` (this seat's entry empty)."""
        out: list[list[Card]] = [[] for _ in range(self.players)]
        for s, cards in assign.items():
            cnt = count_cards(cards)
            for c, _ in self.shown[s]:
                cnt[c] -= 1
            for c, n in enumerate(self.known[s]):
                cnt[c] += n
            out[s] = [c for c in range(len(cnt)) for _ in range(cnt[c])]
        return out

    def misses(self, assign: Assignment, seat: int) -> tuple[int, list[Hint]]:
        """How many of ``seat``'s decisions a Normal holding ``assign``'s cards would have made
        differently, with a hint for each."""
        players, spec = self.players, self.spec
        times = self.slots[seat]
        cards = assign[seat]
        cnt = count_cards([c for c, t in zip(cards, times, strict=True) if t == _DEALT])
        masks = FastPlanner.masks(cnt)
        nxt = times.count(_DEALT)
        laid = [False] * players
        calls = [0] * players
        taken: list[list[Card]] = [[] for _ in range(players)]
        stack: list[Card] = [self.upcard]
        stock = self.stock_start
        discarder: int | None = None
        stock_only = False
        caller: int | None = None
        fresh = False
        hints: list[Hint] = []
        fp = self.fp

        def wants(card: Card) -> bool:
            if self.exact:
                hand = [c for c in range(len(cnt)) for _ in range(cnt[c])]
                return deficiency([*hand, card], spec) < deficiency(hand, spec)
            before = short[0]
            if before < 0:
                before = short[0] = fp.plan(cnt, masks)[0]
            FastPlanner.add(cnt, masks, card)
            after = fp.plan(cnt, masks)[0]
            FastPlanner.remove(cnt, masks, card)
            return after < before

        short = [-1]  # the plan's deficiency for the hand as it is (-1: not known yet)

        def add(card: Card) -> None:
            FastPlanner.add(cnt, masks, card)
            short[0] = -1

        def remove(card: Card) -> None:
            FastPlanner.remove(cnt, masks, card)
            short[0] = -1

        def draw() -> None:
            nonlocal nxt
            add(cards[nxt])
            nxt += 1

        def callers(turn: int, at: int) -> None:
            top = stack[-1]
            if top == _UNKNOWN or not self.rules.calling:
                return
            for step in range(1, players):
                k = (turn + step) % players
                if k == discarder or laid[k] or calls[k] >= self.rules.max_calls:
                    continue
                if k == caller:
                    if k == seat and (stock <= self.call_floor or not wants(top)):
                        hints.append((seat, at, "add", top))
                    return
                if k == seat and stock > self.call_floor and wants(top):
                    hints.append((seat, at, "rm_conn", top))

        for at, who, kind, data in self.events:
            if kind == "call":
                caller = who
                continue
            if fresh:
                fresh = False
                callers(who, at)
            mine = who == seat
            if kind == "discard":
                assert isinstance(data, int)
                if mine:
                    if not laid[seat]:
                        self._check_throw(seat, data, cnt, laid, taken, at, hints)
                    remove(data)
                stack.append(data)
                fresh, discarder, stock_only, caller = True, who, False, None
            elif kind == "stock":
                top = stack[-1] if stack else None
                if (mine and not laid[seat] and not stock_only and top is not None
                        and top != _UNKNOWN and wants(top)):
                    hints.append((seat, at, "rm_conn", top))
                if mine:
                    draw()
                stock -= 1
                stock_only = False
            elif kind in ("take", "refuse"):
                assert isinstance(data, int)
                stack.pop()
                if mine:
                    if not laid[seat] and data != _UNKNOWN and not wants(data):
                        hints.append((seat, at, "add", data))
                    if data == _UNKNOWN:
                        draw()
                    else:
                        add(data)
                if data != _UNKNOWN:
                    taken[who].append(data)
                caller = None
            elif kind == "allow":
                assert isinstance(data, tuple)
                k, card = data
                stack.pop()
                if mine and not laid[seat] and card != _UNKNOWN and wants(card):
                    hints.append((seat, at, "rm_conn", card))
                if k == seat:
                    if card == _UNKNOWN:
                        draw()
                    else:
                        add(card)
                    if stock > 0:
                        draw()  # the penalty card
                if card != _UNKNOWN:
                    taken[k].append(card)
                calls[k] += 1
                stock -= 1
                stock_only = True
                caller = None
            elif kind in ("lay", "tack", "move"):
                if mine:
                    for c in shown_cards(self.log[at][1]):
                        remove(c)
                if kind == "lay":
                    laid[who] = True
        return len(hints), hints

    def _check_throw(self, seat: int, card: Card, cnt: Sequence[int], laid: Sequence[bool],
                     taken: Sequence[Sequence[Card]], at: int, hints: list[Hint]) -> None:
        """A miss if Normal, building with these cards, would have thrown another."""
        hand = [c for c in range(len(cnt)) for _ in range(cnt[c])]
        options = sorted({c for c in hand if c != JOKER})
        if card not in options:
            return
        full = self._danger.get(at)
        if full is None:  # public facts only: the same for every past tried
            full = self._danger[at] = danger_from(range(len(cnt)), taken, laid, seat, self.spec)
        danger = {c: full[c] for c in options}
        pick = self.normal.building_throw(hand, options, danger, self.spec,
                                          self.rules.joker_points, _NO_RNG)
        if pick != card:
            hints.append((seat, at, "rm", pick))


_NO_RNG = random.Random(0)  # Normal throws without chance (its careless share is 0)


def _card_at(assign: Assignment, stock: list[Card], place: tuple[int, int]) -> Card:
    where, j = place
    return stock[j] if where == -1 else assign[where][j]


def connected(card: Card, other: Card) -> bool:
    """True if ``card`` pairs with ``other`` or sits within two steps of it in its suit."""
    if JOKER in (card, other):
        return False
    if card >> 2 == other >> 2:
        return True
    if card & 3 != other & 3:
        return False
    gap = abs((card >> 2) - (other >> 2))
    return gap <= 2 or gap >= 11


def belief_worlds(view: View, rng: random.Random, count: int, iters: int = 300,
                  eps: float = 0.05, history: History | None = None) -> list[HandState] | None:
    """``count`` worlds, each the end of a chain of ``iters`` proposals a seat (see the module
    docstring); None when the past cannot be laid out."""
    h = history or History(view)
    if not h.ok:
        return None
    penalty = -math.log(eps)
    worlds: list[HandState] = []
    seats = list(h.slots)
    for _ in range(count):
        start = h.sample(rng)
        if start is None:
            return None
        assign, stock = start
        for n, seat in enumerate(seats):
            _settle(h, assign, stock, seat, seats[n + 1:], iters, penalty, rng)
        hands = h.hands_now(assign)
        rng.shuffle(stock)
        worlds.append(view.world(hands, stock, random.Random(rng.random())))
    return worlds


def _settle(h: History, assign: Assignment, stock: list[Card], seat: int, later: list[int],
            iters: int, penalty: float, rng: random.Random) -> None:
    """Metropolis over ``seat``'s slot cards; the stock and the ``later`` seats' slots are the
    cards it may swap with."""
    places = [(-1, j) for j in range(len(stock))] + [(t, k) for t in later for k in range(len(assign[t]))]
    if not places:
        return
    mine = assign[seat]
    times = h.slots[seat]
    missed, hints = h.misses(assign, seat)
    for _ in range(iters):
        k = rng.randrange(len(mine))
        where, j = places[rng.randrange(len(places))]
        if hints and rng.random() < 0.5:
            _, at, fix, card = hints[rng.randrange(len(hints))]
            if fix == "rm":
                ks = [q for q, c in enumerate(mine) if times[q] < at and c == card]
            elif fix == "rm_conn":
                ks = [q for q, c in enumerate(mine) if times[q] < at and connected(c, card)]
            else:
                ks = [q for q in range(len(mine)) if times[q] < at]
            if not ks:
                continue
            k = rng.choice(ks)
            if fix == "add":
                js = [p for p in places if connected(_card_at(assign, stock, p), card)]
                if not js:
                    continue
                where, j = js[rng.randrange(len(js))]
        elif rng.random() < 0.2:
            where, j = seat, rng.randrange(len(mine))
        other = stock if where == -1 else assign[where]
        a, b = mine[k], other[j]
        if a == b:
            continue
        mine[k] = b
        other[j] = a
        if not h.feasible(seat, mine) or (where not in (-1, seat) and not h.feasible(where, other)):
            other[j] = b
            mine[k] = a
            continue
        now, new_hints = h.misses(assign, seat)
        if now <= missed or rng.random() < math.exp((missed - now) * penalty):
            missed, hints = now, new_hints
        else:
            other[j] = b
            mine[k] = a
