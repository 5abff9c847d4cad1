"""The ``normal`` and ``easy`` bots: a sound heuristic player, and a looser one.

Normal plans its contract (:mod:`.plan`), lays it as soon as the contract finder finds it,
tacks everything it can (jokers first), moves jokers, sheds high-penalty cards the plan does
not need, takes or calls a discard only when it brings the contract closer, refuses calls for
cards it wants, and remembers what the others picked up or called so as not to feed them.
Easy plays the same plan but often misses tacks and now and then discards carelessly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

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
from ..engine.cards import JOKER, Card, count_cards, parse_card, penalty, rank_of, suit_of
from ..engine.contract import LayPlan, find_lay, find_lays
from ..engine.melds import Meld, make_meld, tack_fit, tack_targets
from ..engine.memo import remember
from ..engine.refusal import Refusal
from ..engine.rules import HandSpec
from ..engine.turn import Phase
from ..engine.view import View
from .base import register
from .plan import connections, deficiency, deficiency_below, make_plan


def taken_cards(log: Sequence[tuple[int, str]], players: int) -> list[list[Card]]:
    """For each seat, the discards it took (plucked, refused or called) this hand, from the log."""
    taken: list[list[Card]] = [[] for _ in range(players)]
    _read_taken(log, 0, taken, None, None)
    return taken


def _read_taken(log: Sequence[tuple[int, str]], start: int, taken: list[list[Card]],
                top: Card | None, caller: int | None) -> tuple[Card | None, int | None]:
    """:func:`taken_cards`' walk of the log from entry ``start`` on, adding to ``taken``; ``top``
    and ``caller``: the discard still on offer and its caller when the walk began, returned as
    they are at its end."""
    for i in range(start, len(log)):
        seat, text = log[i]
        if text.startswith("discard "):
            top = parse_card(text[8:])
        elif text == "call":
            caller = seat
        elif text in ("pluck discard", "refuse"):
            if top is not None:
                taken[seat].append(top)
            top, caller = None, None
        elif text == "allow" and caller is not None:
            if top is not None:
                taken[caller].append(top)
            top, caller = None, None
        elif text == "pluck stock":
            top, caller = None, None
    return top, caller


class TakenLog:
    """:func:`taken_cards` for a hand's log as it grows: each call walks only the entries added
    since the last (the answer is a function of the log, so a log that does not continue the
    last one is walked afresh). The lists it returns are its own: read them, do not change them."""

    def __init__(self) -> None:
        self.log: Sequence[tuple[int, str]] = ()
        self.taken: list[list[Card]] = []
        self.top: Card | None = None
        self.caller: int | None = None

    def read(self, log: Sequence[tuple[int, str]], players: int) -> list[list[Card]]:
        """The discards each seat took, from ``log`` (the whole log of the hand so far)."""
        n = len(self.log)
        if len(self.taken) != players or len(log) < n or log[:n] != self.log:
            self.taken = [[] for _ in range(players)]
            self.top = self.caller = None
            n = 0
        self.top, self.caller = _read_taken(log, n, self.taken, self.top, self.caller)
        self.log = log
        return self.taken


def shown_cards(text: str) -> list[Card]:
    """The cards a log entry puts on the table or the pile from the player's hand."""
    if text.startswith("discard "):
        return [parse_card(text[8:])]
    if text.startswith(("tack ", "move ")):
        return [parse_card(text.split()[1])]
    if text.startswith("lay "):
        return [parse_card(w) for w in text[4:].replace("|", " ").split()
                if w not in ("three", "four")]
    return []


def known_holdings(view: View) -> list[list[Card]]:
    """Cards each seat is known to hold: discards it took and has not played since."""
    taken = taken_cards(view.log, view.players)
    held = [count_cards(t) for t in taken]
    for seat, text in view.log:
        for c in shown_cards(text):
            if held[seat][c] > 0:
                held[seat][c] -= 1
    return [[c for c in range(len(h)) for _ in range(h[c])] for h in held]


def live_cards(view: View) -> list[int]:
    """Copies of each card code this seat may still draw: unseen, and not known to be held."""
    live = count_cards(view.unseen())
    for seat, cards in enumerate(known_holdings(view)):
        if seat != view.seat:
            for c in cards:
                if live[c] > 0:
                    live[c] -= 1
    return live


def feeds(card: Card, wanted: Sequence[tuple[int, int]], threes: int, fours: int) -> float:
    """How much ``card`` seems to help a player who took cards of the ``wanted`` (rank, suit)
    pairs (jokers left out), for a contract of ``threes`` threes and ``fours`` fours."""
    rank, suit = rank_of(card), suit_of(card)
    value = 0.0
    for w_rank, w_suit in wanted:
        if threes and w_rank == rank:
            value += 1.0
        elif fours and w_suit == suit and abs(w_rank - rank) <= 2:
            value += 0.7
    return value


def throw_danger(view: View, options: Sequence[Card],
                 taken_log: TakenLog | None = None) -> dict[Card, float]:
    """How much each throw seems to feed the others, by the discards they took (the next
    player counts 1.5 times). ``taken_log``: the seat's reader of the log, when it keeps one."""
    log = view.log
    taken = taken_cards(log, view.players) if taken_log is None else taken_log.read(
        log, view.players)
    return danger_from(options, taken, view.laid, view.seat, view.spec)


def danger_from(options: Sequence[Card], taken: Sequence[Sequence[Card]], laid: Sequence[bool],
                seat: int, spec: HandSpec) -> dict[Card, float]:
    """:func:`throw_danger` from its public facts: the discards each seat took this hand and
    who has laid."""
    danger = {c: 0.0 for c in options}
    players = len(taken)
    threes, fours = spec.threes, spec.fours
    for other in range(players):
        if other == seat or laid[other] or not taken[other]:
            continue
        weight = 1.5 if other == (seat + 1) % players else 1.0
        wanted = [(rank_of(w), suit_of(w)) for w in taken[other] if w != JOKER]
        for c in danger:
            danger[c] += weight * feeds(c, wanted, threes, fours)
    return danger


def laid_throw_order(options: Sequence[Card], danger: dict[Card, float], w_danger: float,
                     jp: int) -> list[Card]:
    """Once laid, the throws from best to worst: the costliest first, less ``w_danger`` times
    how much each seems to feed the others (:func:`throw_danger`); equals keep their order."""
    return sorted(options, key=lambda c: w_danger * danger[c] - penalty(c, jp))


@dataclass
class Style:
    """What separates the levels."""

    tack_miss: float = 0.0  # chance to overlook each tack
    careless: float = 0.0  # chance to throw a random card the plan does not need
    calls: bool = True
    watch_others: bool = True
    lay_limit: int = 400  # lays the finder compares
    counting: bool = False  # plan around cards that are gone (Hard)
    # Plans let jokers fill only the gaps the rules allow (J-2.2, J-2.5: Hard). Off, a plan takes
    # AC 2C JK JK for a four (measured: a Normal with the limits is no stronger).
    joker_limits: bool = False
    # Weights of a throw: its penalty, how it connects with the hand, how much it feeds others.
    w_penalty: float = 0.2
    w_connect: float = 2.0
    w_danger: float = 3.0
    w_danger_laid: float = 4.0
    call_stock_floor: float = 2.0  # no calls once the stock holds fewer than this many rounds
    lay_for_out: bool = False  # among the lays, prefer the one that leaves fewest cards after tacks


class NormalBot:
    """The heuristic player (see the module docstring)."""

    name = "normal"

    def __init__(self, style: Style | None = None) -> None:
        self.style = style or Style()
        self.live: list[int] | None = None  # with counting: copies of each card still drawable
        self.lay_left = 0  # lay for out: the cards its last lay would leave after its tacks
        self.taken_log = TakenLog()  # the discards each seat took, read as the log grows

    # --- the decision ---------------------------------------------------------------------

    def choose(self, view: View, rng: random.Random) -> Action:
        """The seat's decision."""
        self.live = live_cards(view) if self.style.counting else None
        if not view.my_turn:
            return Call() if view.may_call and self.wants_to_call(view) else Pass()
        if view.phase == Phase.ALLOW:
            if view.laid[view.seat]:
                return Allow()
            return Refuse() if self.wants(view, view.discard_top) else Allow()
        if view.phase == Phase.PLUCK:
            return PluckDiscard() if self.takes_discard(view) else PluckStock()
        return self.play(view, rng)

    def wants(self, view: View, card: Card | None) -> bool:
        """True if ``card`` brings the contract closer (by the plan).

        Measured against looser tests (also taking cards that keep the plan as close and join a
        pair or run, or calling anything): those lose clearly against this one.
        """
        if card is None or view.laid[view.seat]:
            return False
        hand = list(view.my_hand)
        live = self.live
        lim = self.style.joker_limits
        now = deficiency(hand, view.spec, live, limits=lim)
        return now > 0 and deficiency_below([*hand, card], view.spec, now, live, limits=lim)

    def wants_to_call(self, view: View) -> bool:
        """Call when the card helps and the stock is not nearly gone (a call costs two cards)."""
        if not self.style.calls or view.stock_count <= view.players * self.style.call_stock_floor:
            return False
        return self.wants(view, view.discard_top)

    def takes_discard(self, view: View) -> bool:
        """Pluck the discard when it helps the plan (or, laid under J-V3, when it tacks at once)."""
        top = view.discard_top
        if top is None or view.stock_only:
            return False
        if view.laid[view.seat]:
            if not view.rules.laid_may_take_discard:
                return False
            return top != JOKER and any(_fits(m, top, view.seat) for m in view.table)
        return self.wants(view, top)

    def play(self, view: View, rng: random.Random) -> Action:
        """After the pluck: lay, tack, move a joker or discard."""
        seat = view.seat
        hand = list(view.my_hand)
        if not view.laid[seat]:
            keep = 0 if view.rules.out_without_discard else 1
            if self.style.lay_for_out:
                lay, left = lay_for_out(view, hand, keep, self.style.lay_limit)
                self.lay_left = len(left)  # for a search of the lay's timing (.hold)
            else:
                lay = find_lay(hand, view.spec, keep, view.rules.joker_points, self.style.lay_limit)
            if lay is not None:
                # Measured: holding a ready contract to go down and out later loses to laying now.
                return Lay.of(lay)
        legal = view.legal_actions()
        placing = [a for a in legal if isinstance(a, (Tack, MoveJoker))]
        if placing:
            placing.sort(key=lambda a: (isinstance(a, MoveJoker), a.card == JOKER,
                                        penalty(a.card, view.rules.joker_points)), reverse=True)
            if self.style.tack_miss and rng.random() < self.style.tack_miss:
                placing = []
            else:
                return self.pick_placing(view, placing)
        discards = [a.card for a in legal if isinstance(a, Discard)]
        if not discards:
            return EndTurn()
        return Discard(self.pick_discard(view, hand, discards, rng))

    def pick_placing(self, view: View, placing: Sequence[Action]) -> Action:
        """The tack or joker move to make, of ``placing`` (every legal one: the moves first,
        then jokers, then the costliest card): the first."""
        return placing[0]

    def pick_discard(self, view: View, hand: list[Card], options: list[Card],
                     rng: random.Random) -> Card:
        """The card to throw: not needed by the plan, costly to hold, and not feeding the others."""
        jp = view.rules.joker_points
        watch = self.style.watch_others
        danger = (throw_danger(view, options, self.taken_log) if watch
                  else dict.fromkeys(options, 0.0))
        if view.laid[view.seat]:
            return laid_throw_order(options, danger, self.style.w_danger_laid, jp)[0]
        return self.building_throw(hand, options, danger, view.spec, jp, rng)

    def building_throw(self, hand: list[Card], options: list[Card], danger: dict[Card, float],
                       spec: HandSpec, jp: int, rng: random.Random) -> Card:
        """:meth:`pick_discard` before the contract is laid, from its facts (``danger``: see
        :func:`throw_danger`)."""
        st = self.style
        plan = make_plan(hand, spec, live=self.live, limits=st.joker_limits)
        kept = count_cards(plan.keep)
        held = count_cards(hand)
        spare = [c for c in options if held[c] > kept[c]]
        if spare and st.careless and rng.random() < st.careless:
            return rng.choice(spare)
        if spare:
            def value(c: Card) -> float:
                return (st.w_penalty * penalty(c, jp) - st.w_connect * connections(c, hand)
                        - st.w_danger * danger[c])
            return max(spare, key=value)
        # Every card serves the plan: give up the one whose loss hurts it least.
        def loss(c: Card) -> tuple[int, float]:
            rest = list(hand)
            rest.remove(c)
            return (deficiency(rest, spec, self.live, limits=st.joker_limits),
                    -penalty(c, jp) + st.w_danger * danger[c])
        return min(options, key=loss)


def lay_for_out(view: View, hand: list[Card], keep: int, limit: int) -> tuple[LayPlan | None, list[Card]]:
    """The lay after which the fewest cards stay in hand once every possible tack is made, and
    the cards it leaves (the whole hand when there is no lay), of the first ``limit`` lays the
    finder gives.

    On an empty table the answer depends on the hand alone, and a holding seat's playouts ask
    the same hands again and again: the answers are remembered (:data:`_LAYS`)."""
    jp = view.rules.joker_points
    memo_key = None
    if not view.table:
        memo_key = (tuple(sorted(hand)), view.spec.threes, view.spec.fours, keep, limit, jp)
        hit = _LAYS.get(memo_key)
        if hit is not None:
            lay_t, left_t = hit
            return (None if lay_t is None else [(k, list(c)) for k, c in lay_t]), list(left_t)
    best: LayPlan | None = None
    best_key: tuple[int, int] | None = None
    best_left = list(hand)
    tacks = LayTacks(view.table, view.seat)  # the view copies the melds: once, not once a lay
    for i, lay in enumerate(find_lays(hand, view.spec, keep)):
        left = tacks.left_after(hand, lay, keep)
        if left is not None:
            key = (len(left), -sum(penalty(c, jp) for _, cards in lay for c in cards))
            if best_key is None or key < best_key:
                best, best_key, best_left = lay, key, left
        if i + 1 >= limit:
            break
    if memo_key is not None:
        lay_t = None if best is None else tuple((k, tuple(c)) for k, c in best)
        remember(_LAYS, memo_key, (lay_t, tuple(best_left)), LAY_CACHE_SIZE)
    return best, best_left


#: Lay searches on an empty table by hand (:func:`lay_for_out`): the lay, or None, and the
#: cards it leaves, as plain tuples of ints (the garbage collector does not walk them; see
#: :data:`.plan.CACHE_SIZE`; :func:`.memo.remember`).
LAY_CACHE_SIZE = 1 << 14
_LAYS: dict[tuple[tuple[Card, ...], int, int, int, int, int],
            tuple[tuple[tuple[int, tuple[Card, ...]], ...] | None, tuple[Card, ...]]] = {}


class LayTacks:
    """The cards ``seat`` keeps after laying and making every tack it can on ``table`` and the
    new melds, for the many lays a lay search weighs on one table: each meld a lay builds, and
    the cards each meld takes, are worked out once for all of them."""

    def __init__(self, table: Sequence[Meld], seat: int) -> None:
        self.seat = seat
        self.table = list(table)
        self.table_takes = [takes_mask(m, own=m.owner == seat) for m in table]
        self.built: dict[tuple[int, tuple[Card, ...]], tuple[Meld, int] | None] = {}

    def left_after(self, hand: list[Card], lay: LayPlan, keep: int) -> list[Card] | None:
        """The cards kept of ``hand`` after ``lay`` and every tack, at least ``keep`` of them
        (None: the lay does not make melds)."""
        melds = list(self.table)
        takes = list(self.table_takes)
        left = list(hand)
        built = self.built
        for kind, cards in lay:
            key = (kind, tuple(cards))
            if key in built:
                hit = built[key]
            else:
                m = make_meld(kind, self.seat, cards)
                hit = built[key] = None if isinstance(m, Refusal) else (m, takes_mask(m, own=True))
            if hit is None:
                return None
            melds.append(hit[0])
            takes.append(hit[1])
            for c in cards:
                left.remove(c)
        return tack_all(melds, self.seat, left, keep, takes)[1]


def takes_mask(meld: Meld, *, own: bool) -> int:
    """The cards that may be tacked on ``meld`` (the engine's :func:`.melds.tack_targets`), as
    a bit mask over card codes."""
    mask = 0
    for c, _ in tack_targets(meld, own=own):
        mask |= 1 << c
    return mask


def tack_all(melds: list[Meld], seat: int, left: list[Card], keep: int,
             takes: list[int] | None = None) -> tuple[list[Meld], list[Card]]:
    """The table and the cards ``seat`` keeps of its hand after tacking every card it can (each
    on the first meld that takes it, jokers last), at least ``keep`` of them. It works in place
    on ``melds`` (the table) and ``left`` (the hand), lists its callers have just built: it runs
    once for each lay a lay search weighs, so it copies neither. ``takes``: each meld's
    :func:`takes_mask`, when the caller has them (also updated in place); a meld's mask is
    worked out again only when a tack changes it."""
    if takes is None:
        takes = [takes_mask(m, own=m.owner == seat) for m in melds]
    placed = True
    while placed and len(left) > keep:
        placed = False
        for c in sorted(left, reverse=True):  # jokers (0) last
            bit = 1 << c
            for j, t in enumerate(takes):
                if t & bit:
                    m = melds[j]
                    own = m.owner == seat
                    grown = tack_fit(m, c, own=own)
                    assert grown is not None  # the mask says it fits
                    melds[j] = grown
                    takes[j] = takes_mask(grown, own=own)
                    left.remove(c)
                    placed = True
                    break
            if placed:
                break
    return melds, left


def _fits(meld: Meld, card: Card, seat: int) -> bool:
    return tack_fit(meld, card, own=meld.owner == seat) is not None


@register("normal", "jamaican")
def _normal() -> NormalBot:
    return NormalBot()


@register("easy", "jamaican")
def _easy() -> NormalBot:
    bot = NormalBot(Style(tack_miss=0.5, careless=0.3, calls=False, watch_others=False, lay_limit=1))
    bot.name = "easy"
    return bot
