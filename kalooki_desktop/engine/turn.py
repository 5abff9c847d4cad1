"""The vocabulary of a turn: where it stands (:class:`Phase`) and what a seat is asked
(:class:`DecisionKind`, the second half of :meth:`.hand.HandState.pending`'s answer)."""

from __future__ import annotations

from enum import IntEnum, StrEnum


class Phase(IntEnum):
    """Where the turn stands."""

    PLUCK = 0  # the player to act must pluck; a fresh discard may be called meanwhile
    PLAY = 1  # plucked: lay, tack, move a joker, then discard
    ALLOW = 2  # a call is pending: the player to act allows or refuses it
    OVER = 3  # somebody went out, or the hand is void


class DecisionKind(StrEnum):
    """What a seat is asked (:meth:`.hand.HandState.pending`)."""

    CALL = "call"  # call the fresh discard, or pass
    PLUCK = "pluck"  # take the stock or the discard
    ALLOW = "allow"  # allow or refuse a call
    PLAY = "play"  # lay, tack, move a joker, discard
    BUY_IN = "buy_in"  # British Kalooki: over the limit, buy back in or stay out (B-11)


Decision = tuple[int, DecisionKind]


__all__ = ["Decision", "DecisionKind", "Phase"]
