"""One deal of British Kalooki: the turn (B-3), coming out (B-4, B-5), new melds and lay-offs
(B-6), joker retrieval (B-7), going out and the Kalooki (B-8), the stock (B-9) and the deal's
scores (B-10, B-V5). The same turn API as the Jamaican hand (:class:`.deal.Deal`):
:meth:`BritishHand.pending` says whose decision it is (``pluck`` or ``play``), ``check`` and
``apply`` take the shared actions (:mod:`..actions`), and a refusal names the part-B rule.

A player comes out with one ``lay`` of all the melds of their opening (worth 40 points, or 51).
A player who has not come out may take the discard only if they can come out with it this turn
(the engine checks that an opening exists, :func:`.finder.find_opening`); they must then lay
their opening before they discard. A retrieved joker goes to the player's hand and must be laid
(in a new meld or a lay-off) before the turn's discard.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

from ..actions import (
    Action,
    Discard,
    Lay,
    MoveJoker,
    PluckDiscard,
    PluckStock,
    Retrieve,
    Tack,
    TakeBack,
    discard_of,
)
from ..cards import JOKER, Card, card_text, count_cards, make_card, suit_of
from ..deal import Deal, check_position
from ..melds import End, Meld
from ..refusal import Refusal, refuse
from ..turn import Decision, DecisionKind, Phase
from .finder import candidate_melds, find_opening
from .melds import RUN, check_opening, make_b_meld
from .rules import BritishRules
from .scoring import deal_scores
from .table import layoff_result, retrieve_result, run_end_card

#: At most this many cards go onto one end of a run in one turn (B-6).
PER_END = 2


class BritishHand(Deal):
    """The full state of one British deal. Build it with :meth:`deal` or :meth:`from_position`."""

    def __init__(
        self, rules: BritishRules, dealer: int, hands: list[list[Card]], discard: list[Card],
        stock: list[Card], rng: random.Random, active: Sequence[bool] | None = None,
    ) -> None:
        super().__init__(dealer, hands, discard, stock, rng)
        self.rules = rules
        self.active = list(active) if active is not None else [True] * self.players  # in the game (B-11)
        self.turn = self._next_seat(dealer)
        self.opened = [False] * self.players  # came out (B-4)
        self.melded_before = [False] * self.players  # melded or laid off in an earlier turn (B-8)
        self.must_open = False  # took the discard before coming out: the opening comes now (B-5)
        self.free_jokers = 0  # jokers retrieved this turn and not yet used (B-7)
        self.run_ends: dict[tuple[int, End], int] = {}  # this turn's cards on each run end (B-6)
        self.placed = False  # this turn has melded or laid off
        #: this turn has put cards on a meld already on the table, by a lay-off or a joker
        #: retrieval: B-V1's Kalooki lays every card in the player's own new melds
        self.laid_off = False
        self.kalooki = False

    # --- construction -----------------------------------------------------------------

    @classmethod
    def deal(cls, rules: BritishRules, players: int, dealer: int, rng: random.Random,
             active: Sequence[bool] | None = None) -> BritishHand:
        """Shuffle the 106 (B-V2: 108) cards with ``rng`` and deal them one at a time from the
        dealer's left (B-1) to the seats still in the game (``active``, B-11)."""
        seats = [s for s in range(players) if active is None or active[s]]
        if not 2 <= len(seats) <= rules.max_players:
            raise ValueError(f"{rules.name} is played by 2 to {rules.max_players} players, not {len(seats)}")
        deck = british_deck(rules)
        rng.shuffle(deck)
        hands: list[list[Card]] = [[] for _ in range(players)]
        order = sorted(seats, key=lambda s: (s - dealer - 1) % players)
        for i in range(len(seats) * rules.cards_each(len(seats))):
            hands[order[i % len(seats)]].append(deck.pop())
        return cls(rules, dealer, hands, [deck.pop()], deck, rng, active)

    @classmethod
    def from_position(
        cls, rules: BritishRules, dealer: int, hands: Sequence[Sequence[Card]], discard: Sequence[Card],
        stock_top_first: Sequence[Card], rng: random.Random | None = None,
    ) -> BritishHand:
        """An exact deal; ValueError if a card appears more often than the packs hold."""
        check_position(british_deck(rules), hands, discard, stock_top_first, dealer, "B-1")
        return cls(rules, dealer, [list(h) for h in hands], list(discard), list(reversed(stock_top_first)),
                   rng or random.Random(0))

    # --- questions ----------------------------------------------------------------------

    def pending(self) -> Decision | None:
        """(seat, ``pluck`` or ``play``), or None when the deal is over."""
        if self.phase == Phase.OVER:
            return None
        return self.turn, DecisionKind.PLUCK if self.phase == Phase.PLUCK else DecisionKind.PLAY

    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of ``seat`` except new melds (check those with :meth:`check`); a
        player not yet out is offered the opening the finder sees, if any."""
        if self.phase == Phase.OVER or seat != self.turn:
            return []
        if self.phase == Phase.PLUCK:
            return [a for a in (PluckStock(), PluckDiscard()) if self.check(seat, a) is None]
        hand = self.hands[seat]
        acts: list[Action] = [d for d in map(discard_of, sorted(set(hand))) if self.check(seat, d) is None]
        if not self.opened[seat]:
            opening = find_opening(hand, self.rules, seat)
            lay = Lay.of([(m.kind, m.cards) for m in opening]) if opening else None
            if lay is not None and self.check(seat, lay) is None:
                acts.append(lay)
        if self.opened[seat] and len(hand) > 1:
            for i, meld in enumerate(self.table):
                fitting = self._fitting(meld)
                for card in sorted(set(hand)):
                    for end in (("low", "high") if meld.kind == RUN else (None,)):
                        if (card, end) in fitting and self.check(seat, Tack(card, i + 1, end)) is None:
                            acts.append(Tack(card, i + 1, end))
            acts.extend(a for a in self._retrievals(seat) if self.check(seat, a) is None)
            if self.free_jokers and not any(isinstance(a, Tack) and a.card == JOKER for a in acts):
                acts.extend(self._joker_melds(seat))
        return acts

    def _joker_melds(self, seat: int) -> list[Action]:
        """New melds that lay a joker taken from the table this turn (B-7), when no meld of the
        table takes it: the only plays left, so they are offered though new melds are not."""
        hand = self.hands[seat]
        melds = (m for m in candidate_melds(hand, self.rules, seat) if JOKER in m.cards)
        lays = (Lay.of([(m.kind, m.cards)]) for m in melds)
        return [lay for lay in lays if self.check(seat, lay) is None]

    def _retrievals(self, seat: int) -> list[Retrieve]:
        """The joker retrievals ``seat``'s cards could make (B-7): from a run, the card a joker
        stands for; from a set, one or two naturals of its missing suits. :meth:`check` says
        which the rules allow."""
        held = set(self.hands[seat])
        found: list[Retrieve] = []
        for i, meld in enumerate(self.table):
            if JOKER not in meld.cards:
                continue
            if meld.kind == RUN:
                stand = {meld.stands_for(k) for k, c in enumerate(meld.cards) if c == JOKER}
                found.extend(Retrieve((c,), i + 1) for c in sorted(stand & held))
                continue
            suits = {suit_of(c) for c in meld.cards if c != JOKER}
            missing = (make_card(meld.base, s) for s in range(4) if s not in suits)
            naturals = sorted(c for c in missing if c in held)
            for n in (1, 2):
                found.extend(Retrieve(cards, i + 1) for cards in combinations(naturals, n))
        return found

    def _fitting(self, meld: Meld) -> set[tuple[Card, End | None]]:
        """The cards that could be laid off on ``meld`` (B-6) and where: the natural of a set's
        missing suit, a run end's card, a joker; what else the turn allows is :meth:`check`'s."""
        if meld.kind != RUN:
            suits = {suit_of(c) for c in meld.cards if c != JOKER}
            return {(JOKER, None)} | {(make_card(meld.base, s), None) for s in range(4) if s not in suits}
        ends: tuple[End, ...] = ("low", "high")
        found: set[tuple[Card, End | None]] = {(JOKER, e) for e in ends}
        for e in ends:
            card = run_end_card(meld, e, self.rules)
            if card is not None:
                found.add((card, e))
        return found

    # --- the handlers -------------------------------------------------------------------

    def _handle(self, seat: int, action: Action, *, do: bool) -> Refusal | None:
        if self.phase == Phase.OVER:
            return refuse("B-8", "turn.hand_over")
        if seat != self.turn:
            return refuse("B-3", "turn.not_yours", seat=self.turn)
        match action:
            case PluckStock() | PluckDiscard():
                bad = self._pluck(seat, action, do=do)
            case Lay():
                bad = self._lay(seat, action, do=do)
            case Tack():
                bad = self._lay_off(seat, action, do=do)
            case Retrieve() | MoveJoker():
                bad = self._retrieve(seat, action, do=do)
            case Discard():
                bad = self._discard(seat, action, do=do)
            case TakeBack():
                return self._take_back("B-3", do=do)  # the turn as after the pluck, its log too
            case _:
                bad = refuse("B-3", "turn.british_action", action=str(action))
        if bad is None and do:
            self.log.append((seat, str(action)))
        return bad

    def _pluck(self, seat: int, action: Action, *, do: bool) -> Refusal | None:
        if self.phase != Phase.PLUCK:
            return refuse("B-3", "turn.already_plucked")
        if isinstance(action, PluckDiscard):
            top = self.discard_top
            if top is None:
                return refuse("B-3", "pluck.empty_discard")
            if not self.opened[seat] and find_opening([*self.hands[seat], top], self.rules, seat) is None:
                return refuse("B-5", "pluck.not_out", points=self.rules.opening)
            if do:
                self.hands[seat].append(self.discard.pop())
                self.must_open = not self.opened[seat]
                self.phase = Phase.PLAY
            return None
        if do:
            card = self._take_from_stock()
            if card is not None:
                self.hands[seat].append(card)
                self.phase = Phase.PLAY
        return None

    def _lay(self, seat: int, action: Lay, *, do: bool) -> Refusal | None:
        if self.phase != Phase.PLAY:
            return refuse("B-3", "turn.pluck_first")
        melds: list[Meld] = []
        for kind, cards in action.melds:
            m = make_b_meld(kind, seat, cards, self.rules)
            if isinstance(m, Refusal):
                return m
            melds.append(m)
        if not self.opened[seat]:
            bad = check_opening(melds, self.rules)
            if bad is not None:
                return bad
        laid = [c for m in melds for c in m.cards]
        table = [*self.table, *melds]
        bad = self._from_hand(seat, laid) or self._keeps_joker_place(seat, table, laid, self.run_ends)
        if bad is not None or not do:
            return bad
        self._keep_turn()
        for c in (c for m in melds for c in m.cards):
            self.hands[seat].remove(c)
            if c == JOKER:
                self.free_jokers = max(0, self.free_jokers - 1)
        self.table.extend(melds)
        self.opened[seat] = True
        self.must_open = False
        self.placed = True
        return None

    def _lay_off(self, seat: int, action: Tack, *, do: bool) -> Refusal | None:
        bad = self._placing(seat, action.meld)
        if bad is not None:
            return bad
        meld = self.table[action.meld - 1]
        result = layoff_result(meld, action.card, self.rules, action.end)
        if isinstance(result, Refusal):
            return result
        end: End | None = None
        if meld.kind == RUN:
            end = "low" if result.base < meld.base else "high"
            if self.run_ends.get((action.meld, end), 0) >= PER_END:
                return refuse("B-6", "layoff.two_per_end")
        ends = dict(self.run_ends)
        if end is not None:
            ends[(action.meld, end)] = ends.get((action.meld, end), 0) + 1
        table = [result if i == action.meld - 1 else m for i, m in enumerate(self.table)]
        bad = self._from_hand(seat, [action.card])
        bad = bad or self._keeps_joker_place(seat, table, [action.card], ends)
        if bad is not None or not do:
            return bad
        self._keep_turn()
        self.hands[seat].remove(action.card)
        if action.card == JOKER:
            self.free_jokers = max(0, self.free_jokers - 1)
        self.table[action.meld - 1] = result
        if end is not None:
            self.run_ends[(action.meld, end)] = self.run_ends.get((action.meld, end), 0) + 1
        self.placed = self.laid_off = True
        return None

    def _retrieve(self, seat: int, action: Retrieve | MoveJoker, *, do: bool) -> Refusal | None:
        bad = self._placing(seat, action.meld, retrieving=True)
        if bad is not None:
            return bad
        cards = list(action.cards) if isinstance(action, Retrieve) else [action.card]
        result = retrieve_result(self.table[action.meld - 1], cards, self.rules)
        if isinstance(result, Refusal):
            return result
        have, need = count_cards(self.hands[seat]), count_cards(cards)
        if any(need[c] > have[c] for c in cards):
            return refuse("B-7", "lay.not_in_hand", cards=" ".join(card_text(c) for c in cards))
        if not self._joker_has_a_place(seat, action.meld - 1, result[0], cards):
            return refuse("B-7", "retrieve.no_place")
        if do:
            self._keep_turn()
            for c in cards:
                self.hands[seat].remove(c)
            self.table[action.meld - 1], joker = result
            self.hands[seat].append(joker)
            self.free_jokers += 1
            self.placed = self.laid_off = True  # naturals into another meld (B-V1 clarification)
        return None

    def _joker_has_a_place(self, seat: int, index: int, after: Meld, cards: Sequence[Card]) -> bool:
        """True if the joker a retrieval frees can be laid at once (B-7) with a card still left
        to discard (B-8): on a meld of the table, or in a new meld from the hand."""
        table = [after if i == index else m for i, m in enumerate(self.table)]
        return self._joker_fits(seat, table, cards, self.run_ends, freed=1)

    def _joker_fits(self, seat: int, table: Sequence[Meld], cards: Sequence[Card],
                    run_ends: dict[tuple[int, End], int], *, freed: int = 0) -> bool:
        """True if a joker taken from the table this turn (and ``freed`` more) still has a place
        once ``cards`` have left the hand and the table is ``table``: on a meld of the table, or
        in a new meld from the hand, with a card left to discard (B-7, B-8)."""
        hand = list(self.hands[seat])
        for c in cards:
            hand.remove(c)
        held = [c for c in hand if c != JOKER] + [JOKER] * (hand.count(JOKER) + freed)
        if len(held) < 2:  # the joker and one card to discard at least
            return False
        for i, m in enumerate(table):
            grown = layoff_result(m, JOKER, self.rules)
            if isinstance(grown, Meld):
                end: End = "low" if grown.base < m.base else "high"
                if m.kind != RUN or run_ends.get((i + 1, end), 0) < PER_END:
                    return True
        return any(JOKER in m.cards and len(m.cards) < len(held)
                   for m in candidate_melds(held, self.rules, seat))

    def _keeps_joker_place(self, seat: int, table: Sequence[Meld], cards: Sequence[Card],
                           run_ends: dict[tuple[int, End], int]) -> Refusal | None:
        """Why a play that puts ``cards`` on the table would leave a joker taken from the table
        this turn no place (B-7), or None."""
        if not self.free_jokers or JOKER in cards or self._joker_fits(seat, table, cards, run_ends):
            return None
        return refuse("B-7", "retrieve.keep_place")

    def _placing(self, seat: int, meld: int, *, retrieving: bool = False) -> Refusal | None:
        """Why ``seat`` may not put cards on table meld ``meld`` now (None: it may)."""
        if self.phase != Phase.PLAY:
            return refuse("B-3", "turn.pluck_first")
        if not self.opened[seat]:
            return refuse("B-7", "retrieve.not_out") if retrieving else refuse("B-6", "layoff.not_out")
        if not 1 <= meld <= len(self.table):
            return refuse("B-6", "tack.no_meld", meld=meld)
        return None

    def _from_hand(self, seat: int, cards: Sequence[Card]) -> Refusal | None:
        """Why ``cards`` cannot leave ``seat``'s hand: not all held, or none would be left to
        discard (B-8)."""
        hand = self.hands[seat]
        have, need = count_cards(hand), count_cards(cards)
        missing = sorted({card_text(c) for c in cards if need[c] > have[c]})
        if missing:
            return refuse("B-3", "lay.not_in_hand", cards=" ".join(missing))
        if len(cards) >= len(hand):
            return refuse("B-8", "out.keep_discard")
        return None

    def _discard(self, seat: int, action: Discard, *, do: bool) -> Refusal | None:
        if self.phase != Phase.PLAY:
            return refuse("B-3", "turn.pluck_first")
        if self.must_open:
            return refuse("B-5", "discard.open_first", points=self.rules.opening)
        if self.free_jokers:
            return refuse("B-7", "discard.use_joker")
        if action.card not in self.hands[seat]:
            return refuse("B-3", "discard.not_in_hand", card=card_text(action.card))
        if do:
            self.hands[seat].remove(action.card)
            self.discard.append(action.card)
            if not self.hands[seat]:
                self._go_out(seat)
            else:
                self._next_turn(seat)
        return None

    # --- state changes ------------------------------------------------------------------

    def _next_seat(self, seat: int) -> int:
        """The next seat still in the game after ``seat``, clockwise."""
        for step in range(1, self.players + 1):
            if self.active[(seat + step) % self.players]:
                return (seat + step) % self.players
        return seat

    def _turn_fields(self) -> dict[str, object]:
        return {"opened": list(self.opened), "must_open": self.must_open, "free_jokers": self.free_jokers,
                "run_ends": dict(self.run_ends), "placed": self.placed, "laid_off": self.laid_off}

    def _next_turn(self, seat: int) -> None:
        self.undo = None
        self.melded_before[seat] = self.melded_before[seat] or self.placed
        self.turn = self._next_seat(seat)
        self.turn_no += 1
        self.phase = Phase.PLUCK
        self.run_ends = {}
        self.placed = self.laid_off = False

    def _go_out(self, seat: int) -> None:
        """B-8: the others count their hands (B-10); a Kalooki (the whole hand in one turn, not
        having melded before; B-V1: every card in the player's own new melds, no lay-off or joker
        retrieval that turn) doubles them or adds 25 (B-V5)."""
        self.phase = Phase.OVER
        self.out = seat
        self.kalooki = not self.melded_before[seat] and not (self.rules.own_melds_kalooki and self.laid_off)
        self.scores = deal_scores(self.rules, self.hands, seat, kalooki=self.kalooki, active=self.active)


def british_deck(rules: BritishRules) -> list[Card]:
    """Two packs and the jokers (B-1: 106 cards; B-V2: 108), unshuffled."""
    naturals = [make_card(r, s) for r in range(1, 14) for s in range(4)]
    return naturals * 2 + [JOKER] * rules.jokers
