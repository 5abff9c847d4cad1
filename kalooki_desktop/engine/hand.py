"""One hand (deal) of Jamaican Kalooki: the turn (J-4), calling (J-5), tacking and joker moves
(J-6), the stock running out (J-7) and the hand's scores (J-8).

:class:`HandState` is the turn API for a single deal. :meth:`HandState.pending` says whose
decision the game waits for, and which: while a fresh discard may be called, each seat that may
call it decides first, in J-5.2 order (``call`` or ``pass``); then the player whose turn it is
plucks, allows or refuses a call, or plays. ``check`` returns the :class:`Refusal` of an action
without applying it; ``apply`` applies it or raises :class:`IllegalAction`. Randomness (the
stock rebuild of J-7.1) comes from the injected rng.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from .actions import (
    DISCARDS,
    Action,
    Allow,
    BuyIn,
    Call,
    Discard,
    EndTurn,
    Lay,
    MoveJoker,
    Pass,
    PluckDiscard,
    PluckStock,
    Refuse,
    Retrieve,
    StayOut,
    Tack,
    TakeBack,
)
from .cards import JOKER, Card, card_text, count_cards, new_deck
from .contract import build_melds, check_built_contract
from .deal import Deal, check_position
from .melds import move_joker_result, tack_result, tack_targets
from .refusal import Refusal, refuse
from .rules import FOUR, HandSpec, RuleSet
from .scoring import hand_scores
from .turn import Decision, DecisionKind, Phase

# The word actions a turn offers, one shared value each (an action cannot change).
_CALL, _PASS, _ALLOW, _REFUSE = Call(), Pass(), Allow(), Refuse()
_PLUCK_STOCK, _PLUCK_DISCARD, _END_TURN = PluckStock(), PluckDiscard(), EndTurn()
#: The actions a seat takes out of turn, by their types (asked of every action applied).
_OUT_OF_TURN: frozenset[type] = frozenset((Call, Pass))


class HandState(Deal):
    """The full state of one hand. Build it with :meth:`deal` or :meth:`from_position`."""

    def __init__(
        self,
        rules: RuleSet,
        spec: HandSpec,
        dealer: int,
        hands: list[list[Card]],
        discard: list[Card],
        stock: list[Card],
        rng: random.Random,
        cut_bonus_seat: int | None = None,
    ) -> None:
        super().__init__(dealer, hands, discard, stock, rng)
        self.rules = rules
        self.spec = spec
        self.cut_bonus_seat = cut_bonus_seat
        self.laid = [False] * self.players
        self.calls_used = [0] * self.players
        self.callable = False  # the card turned up at the deal is not a discard (J-5.1)
        self.stock_only = False  # after an allowed call (J-5.3)
        self.discarder: int | None = None
        self.caller: int | None = None
        self.passed: list[int] = []  # the seats that let the fresh discard go
        self.laid_turn = [-1] * self.players
        self.first_layer: int | None = None
        self.bent = False

    # --- construction -----------------------------------------------------------------

    @classmethod
    def deal(cls, rules: RuleSet, spec: HandSpec, players: int, dealer: int, rng: random.Random) -> HandState:
        """Shuffle the packs with ``rng`` and deal one card at a time from the dealer's left (J-3.1)."""
        deck = new_deck(players, rules.extra_jokers)
        rng.shuffle(deck)
        cut_seat = None
        if rules.cut_bonus:
            cut = rng.randint(1, len(deck) - 1)
            if cut == players * spec.cards:
                cut_seat = dealer
        hands: list[list[Card]] = [[] for _ in range(players)]
        for i in range(players * spec.cards):
            hands[(dealer + 1 + i) % players].append(deck.pop())
        discard = [deck.pop()]
        return cls(rules, spec, dealer, hands, discard, deck, rng, cut_seat)

    @classmethod
    def from_position(
        cls,
        rules: RuleSet,
        spec: HandSpec,
        dealer: int,
        hands: Sequence[Sequence[Card]],
        discard: Sequence[Card],
        stock_top_first: Sequence[Card],
        rng: random.Random | None = None,
    ) -> HandState:
        """Set up an exact deal (as a chess engine takes a position).

        Raises ValueError if a card appears more often than the packs hold.
        """
        deck = new_deck(len(hands), rules.extra_jokers)
        check_position(deck, hands, discard, stock_top_first, dealer, "J-1.2")
        return cls(
            rules,
            spec,
            dealer,
            [list(h) for h in hands],
            list(discard),
            list(reversed(stock_top_first)),
            rng or random.Random(0),
        )

    # --- questions ----------------------------------------------------------------------

    def eligible_callers(self) -> list[int]:
        """Seats that may call the fresh discard now, in J-5.2 priority order."""
        if self.phase != Phase.PLUCK or not self.callable or not self.rules.calling:
            return []
        out = []
        n = self.players
        for step in range(1, n):
            seat = (self.turn + step) % n
            if seat == self.discarder:
                continue
            if not self.laid[seat] and self.calls_used[seat] < self.rules.max_calls:
                out.append(seat)
        return out

    def open_callers(self) -> list[int]:
        """The seats that may call the fresh discard and have not passed, in J-5.2 order."""
        return [seat for seat in self.eligible_callers() if seat not in self.passed]

    def _first_caller(self) -> int | None:
        """The first of :meth:`open_callers`, or None (asked on every decision: no list built)."""
        if self.phase != Phase.PLUCK or not self.callable or not self.rules.calling:
            return None
        n = self.players
        turn, discarder, laid, passed = self.turn, self.discarder, self.laid, self.passed
        used, most = self.calls_used, self.rules.max_calls
        for step in range(1, n):
            seat = (turn + step) % n
            if seat != discarder and not laid[seat] and used[seat] < most and seat not in passed:
                return seat
        return None

    def callers_before(self, seat: int, action: Action) -> list[int]:
        """The seats still to decide on the fresh discard before ``seat`` may do ``action``, in
        J-5.2 order: every open caller, or those ahead of ``seat`` when it calls or passes
        itself. A record of a hand that leaves passes out means that these seats passed."""
        callers = self.open_callers() if self.phase == Phase.PLUCK else []
        if isinstance(action, Call | Pass) and seat in callers:
            return callers[: callers.index(seat)]
        return callers

    def pending(self) -> Decision | None:
        """The decision the game waits for, as (seat, kind); None when the hand is over.

        While a fresh discard may be called, the first seat in J-5.2 order that may call it and
        has not passed decides (``call``: :class:`Call` or :class:`Pass`); then the player whose
        turn it is (``pluck``, ``allow`` a call or refuse it, or ``play``).
        """
        if self.phase == Phase.OVER:
            return None
        if self.phase == Phase.PLUCK:
            caller = self._first_caller()
            if caller is not None:
                return caller, DecisionKind.CALL
            return self.turn, DecisionKind.PLUCK
        return self.turn, DecisionKind.ALLOW if self.phase == Phase.ALLOW else DecisionKind.PLAY

    def may_call(self, seat: int) -> bool:
        """True if ``seat`` may call the fresh discard now."""
        return self.check(seat, Call()) is None

    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of ``seat`` except lays (check those with :meth:`check`)."""
        phase = self.phase
        if phase == Phase.OVER:
            return []
        if phase == Phase.PLUCK:  # a caller of the fresh discard decides first (see pending)
            caller = self._first_caller()
            if caller is not None:
                return [_CALL, _PASS] if caller == seat else []
        if seat != self.turn:
            return []
        if phase == Phase.ALLOW:
            return [_ALLOW] if self.laid[seat] else [_ALLOW, _REFUSE]
        if phase == Phase.PLUCK:
            acts: list[Action] = [_PLUCK_STOCK]
            if self._pluck_discard_refusal(seat) is None:
                acts.append(_PLUCK_DISCARD)
            return acts
        hand = self.hands[seat]
        discards = DISCARDS
        acts = [discards[c] for c in sorted(set(hand)) if c != JOKER]
        if self.laid[seat] and (len(hand) > 1 or self.rules.out_without_discard):
            acts.extend(self._tacks_and_moves(seat))
        if hand and all(c == JOKER for c in hand):
            acts.append(_END_TURN)
        return acts

    def _tacks_and_moves(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        held = count_cards(hand)
        acts: list[Action] = []
        for i, meld in enumerate(self.table):
            own = meld.owner == seat
            for card, end in tack_targets(meld, own=own):
                if held[card]:
                    acts.append(Tack(card, i + 1, end))
            if meld.kind == FOUR and JOKER in meld.cards:
                for j, c in enumerate(meld.cards):
                    if c == JOKER:
                        real = meld.stands_for(j)
                        if held[real] and not isinstance(
                            move_joker_result(meld, real, seat, self.rules), Refusal
                        ):
                            acts.append(MoveJoker(real, i + 1))
        return acts

    # --- the handlers: validate, and apply when ``do`` -----------------------------------

    def _handle(self, seat: int, action: Action, *, do: bool) -> Refusal | None:
        if self.phase == Phase.OVER:
            return refuse("J-4.6", "turn.hand_over")
        if seat != self.turn and type(action) not in _OUT_OF_TURN:
            return refuse("J-3.1", "turn.not_yours", seat=self.turn)
        if type(action) is TakeBack:
            return self._take_back("J-4", do=do)  # the turn as after the pluck, its log too
        if do and self.phase == Phase.ALLOW and isinstance(action, PluckStock):
            bad = self._handle(seat, Allow(), do=True)
            if bad is not None or self.over:
                return bad
        at = len(self.log)
        bad = self._dispatch(seat, action, do=do)
        if bad is None and do:
            self.log.insert(at, (seat, str(action)))
        return bad

    def _dispatch(self, seat: int, action: Action, *, do: bool) -> Refusal | None:
        handler = _HANDLERS.get(type(action))
        if handler is not None:
            return handler(self, seat, action, do=do)
        if isinstance(action, Retrieve):  # British Kalooki's own actions
            return refuse("J-6.5", "retrieve.jamaican")
        if isinstance(action, BuyIn | StayOut):
            return refuse("J-8.3", "buy_in.jamaican")
        raise TypeError(f"not an action: {action!r}")

    def _pluck_discard_refusal(self, seat: int) -> Refusal | None:
        if self.laid[seat] and not self.rules.laid_may_take_discard:
            return refuse("J-4.2", "pluck.laid_discard")
        if self.stock_only:
            return refuse("J-5.3", "pluck.after_call")
        if not self.discard:
            return refuse("J-4.1", "pluck.empty_discard")
        return None

    def _pluck_stock(self, seat: int, action: Action, *, do: bool) -> Refusal | None:
        if self.phase == Phase.ALLOW:
            return None  # plucking from the stock allows the call first (see _handle)
        if self.phase != Phase.PLUCK:
            return refuse("J-4.1", "turn.already_plucked")
        if self._first_caller() is not None:
            return refuse("J-5.2", "wait.callers")
        if do:
            card = self._take_from_stock()
            if card is None:
                return None
            self.hands[seat].append(card)
            self._start_play()
        return None

    def _pluck_discard(self, seat: int, action: Action, *, do: bool) -> Refusal | None:
        if self.phase == Phase.ALLOW:
            return self._refuse(seat, Refuse(), do=do)  # taking the card is refusing the call
        if self.phase != Phase.PLUCK:
            return refuse("J-4.1", "turn.already_plucked")
        bad = self._pluck_discard_refusal(seat)
        if bad is None and self._first_caller() is not None:
            bad = refuse("J-5.2", "wait.callers")
        if bad or not do:
            return bad
        self.hands[seat].append(self.discard.pop())
        self._start_play()
        return None

    def _call(self, seat: int, action: Action, *, do: bool) -> Refusal | None:
        bad = self._caller_refusal(seat)
        if bad is None and do:
            self.phase = Phase.ALLOW
            self.caller = seat
        return bad

    def _pass(self, seat: int, action: Action, *, do: bool) -> Refusal | None:
        bad = self._caller_refusal(seat)
        if bad is None and do:
            self.passed.append(seat)
        return bad

    def _caller_refusal(self, seat: int) -> Refusal | None:
        """Why ``seat`` may not decide on the fresh discard now (call it or pass), or None."""
        bad = self._window_refusal()
        if bad is not None:
            return bad
        if seat == self.discarder:
            return refuse("J-5.1", "call.discarder")
        if seat == self.turn:
            return refuse("J-5.1", "call.next_player")
        if not 0 <= seat < self.players:
            return refuse("J-1.1", "players.count", players=self.players)
        if self.laid[seat]:
            return refuse("J-5.7", "call.laid")
        if self.calls_used[seat] >= self.rules.max_calls:
            return refuse("J-5.6", "call.limit", limit=self.rules.max_calls)
        if seat in self.passed:
            return refuse("J-5.2", "call.passed")
        first = self._first_caller()
        if first != seat:
            return refuse("J-5.2", "call.not_first", seat=first)
        return None

    def _window_refusal(self) -> Refusal | None:
        """Why no fresh discard may be called now, or None."""
        if not self.rules.calling:
            return refuse("J-V1", "call.off")
        if self.phase == Phase.ALLOW:
            return refuse("J-5.2", "call.pending")
        if self.stock_only:
            return refuse("J-5.3", "pluck.after_call")
        if self.phase != Phase.PLUCK:
            return refuse("J-5.5", "call.dead")
        if not self.callable:
            if self.discarder is None:
                return refuse("J-5.1", "call.no_discard")
            return refuse("J-5.5", "call.dead")
        return None

    def _allow(self, seat: int, action: Action, *, do: bool) -> Refusal | None:
        if self.phase != Phase.ALLOW or self.caller is None:
            return refuse("J-5.3", "allow.no_call")
        if do:
            caller = self.caller
            self.hands[caller].append(self.discard.pop())
            self.calls_used[caller] += 1
            self.caller = None
            self.phase = Phase.PLUCK
            self.callable = False
            self.passed = []
            self.stock_only = True
            penalty_card = self._take_from_stock()  # J-5.4: the called card left the pile first
            if penalty_card is not None:
                self.hands[caller].append(penalty_card)
        return None

    def _refuse(self, seat: int, action: Action, *, do: bool) -> Refusal | None:
        if self.phase != Phase.ALLOW or self.caller is None:
            return refuse("J-5.3", "allow.no_call")
        if self.laid[seat]:
            return refuse("J-5.4", "refuse.laid")
        if do:
            self.caller = None
            self.hands[seat].append(self.discard.pop())
            self._start_play()
        return None

    def _lay(self, seat: int, action: Action, *, do: bool) -> Refusal | None:
        assert isinstance(action, Lay)
        if self.phase != Phase.PLAY:
            return refuse("J-4.1", "turn.pluck_first")
        if self.laid[seat]:
            return refuse("J-4.3", "lay.already")
        melds = build_melds(action.melds, seat)
        if isinstance(melds, Refusal):
            return melds
        bad = check_built_contract(melds, self.spec)
        if bad:
            return bad
        used = [c for _, cards in action.melds for c in cards]
        hand = self.hands[seat]
        have = count_cards(hand)
        need = count_cards(used)
        missing = [card_text(c) for c in set(used) if need[c] > have[c]]
        if missing:
            return refuse("J-4.3", "lay.not_in_hand", cards=" ".join(sorted(missing)))
        if len(used) == len(hand) and not self.rules.out_without_discard:
            return refuse("J-4.6", "empty_hand")
        if do:
            self._keep_turn()
            for c in used:
                hand.remove(c)
            self.table.extend(melds)
            self.laid[seat] = True
            self.laid_turn[seat] = self.turn_no
            if self.first_layer is None:
                self.first_layer = seat
            self._after_placing(seat)
        return None

    def _place(self, seat: int, action: Action, *, do: bool) -> Refusal | None:
        """Tack a card (J-6.1..J-6.3) or put it in place of a four's joker (J-6.5)."""
        assert isinstance(action, (Tack, MoveJoker))
        moving = isinstance(action, MoveJoker)
        if self.phase != Phase.PLAY:
            return refuse("J-4.1", "turn.pluck_first")
        if not self.laid[seat]:
            return refuse("J-6.5", "move.not_laid") if moving else refuse("J-6.1", "tack.not_laid")
        if not 1 <= action.meld <= len(self.table):
            return refuse("J-4.4", "tack.no_meld", meld=action.meld)
        hand = self.hands[seat]
        if action.card not in hand:
            rule, key = ("J-6.5", "move.not_in_hand") if moving else ("J-4.4", "tack.not_in_hand")
            return refuse(rule, key, card=card_text(action.card))
        meld = self.table[action.meld - 1]
        if moving:
            result = move_joker_result(meld, action.card, seat, self.rules, action.end)
        else:
            result = tack_result(meld, action.card, own=meld.owner == seat, end=action.end)
        if isinstance(result, Refusal):
            return result
        if len(hand) == 1 and not self.rules.out_without_discard:
            return refuse("J-4.6", "empty_hand")
        if do:
            self._keep_turn()
            hand.remove(action.card)
            self.table[action.meld - 1] = result
            self._after_placing(seat)
        return None

    def _discard(self, seat: int, action: Action, *, do: bool) -> Refusal | None:
        assert isinstance(action, Discard)
        if self.phase != Phase.PLAY:
            return refuse("J-4.1", "turn.pluck_first")
        if action.card == JOKER:
            return refuse("J-4.5", "discard.joker")
        hand = self.hands[seat]
        if action.card not in hand:
            return refuse("J-4.5", "discard.not_in_hand", card=card_text(action.card))
        if do:
            hand.remove(action.card)
            self.discard.append(action.card)
            if not hand:
                self._go_out(seat)
            else:
                self._next_turn(seat, discarded=True)
        return None

    def _end_turn(self, seat: int, action: Action, *, do: bool) -> Refusal | None:
        if self.phase != Phase.PLAY:
            return refuse("J-4.1", "turn.pluck_first")
        hand = self.hands[seat]
        if not hand or any(c != JOKER for c in hand):
            return refuse("J-4.5", "end.not_only_jokers")
        if do:
            self._next_turn(seat, discarded=False)
        return None

    # --- state changes ------------------------------------------------------------------

    def _start_play(self) -> None:
        self.phase = Phase.PLAY
        self.callable = False
        self.passed = []
        self.stock_only = False
        self._auto_end(self.turn)

    def _after_placing(self, seat: int) -> None:
        if not self.hands[seat]:
            self._go_out(seat)  # J-V4: the last card left by a lay or tack
        else:
            self._auto_end(seat)

    def _auto_end(self, seat: int) -> None:
        """J-4.5: a player holding only jokers that cannot be placed ends the turn at once."""
        hand = self.hands[seat]
        if not hand or any(c != JOKER for c in hand):
            return
        can_place = len(hand) > 1 or self.rules.out_without_discard
        if can_place and self.laid[seat] and self._tacks_and_moves(seat):
            return  # the jokers could still be placed: the player decides (or ends the turn)
        self.log.append((seat, "end"))
        self._next_turn(seat, discarded=False)

    def _turn_fields(self) -> dict[str, object]:
        return {"laid": list(self.laid), "laid_turn": list(self.laid_turn), "first_layer": self.first_layer}

    def _next_turn(self, seat: int, *, discarded: bool) -> None:
        self.undo = None
        self.turn = (seat + 1) % self.players
        self.turn_no += 1
        self.phase = Phase.PLUCK
        self.stock_only = False
        self.callable = discarded and self.rules.calling
        self.discarder = seat if discarded else None
        self.passed = []

    def _go_out(self, seat: int) -> None:
        self.phase = Phase.OVER
        self.out = seat
        self.bent = self.first_layer == seat and self.laid_turn[seat] == self.turn_no
        self.scores = hand_scores(
            self.hands,
            seat,
            bent=self.bent,
            laid=self.laid,
            rules=self.rules,
            cut_bonus_seat=self.cut_bonus_seat,
        )


#: Each Jamaican action's handler (they validate, and apply when ``do``).
_HANDLERS: dict[type, Callable[..., Refusal | None]] = {
    PluckStock: HandState._pluck_stock,
    PluckDiscard: HandState._pluck_discard,
    Call: HandState._call,
    Pass: HandState._pass,
    Allow: HandState._allow,
    Refuse: HandState._refuse,
    Lay: HandState._lay,
    Tack: HandState._place,
    MoveJoker: HandState._place,
    Discard: HandState._discard,
    EndTurn: HandState._end_turn,
}
