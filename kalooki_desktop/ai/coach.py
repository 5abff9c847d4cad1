"""The coach: what one of the player's decisions is estimated to cost against the strongest advice
the game has, and whether that is clearly too much.

The advice is the hint's (:func:`.advice.advise`: the Hard player's choice from the player's own
view). The cost is measured in the player's own points for the hand (the
score the hand adds to their total, J-1.3 and J-8), lower being better: determinized Monte Carlo
from the player's view (the hidden cards dealt at random around what the seat knows,
:func:`.hard.sample_world`; the same worlds for both choices; every seat, the player's own
included, played on by Normal), so a note never uses a card the player could not see. The
worlds are split in two independent halves: the *screen* decides, the *claim* is what the note
says. A decision is *flagged* when the screen's cost is clearly above :data:`THRESHOLD` (the
lower end of its one-sided 95% interval is above it, so the sampling error counts against a
note, never for it) and the claim's mean is above it too. The claim is not the figure that
picked the decision, so it is not inflated by the picking (a cost that looks large in a few
worlds by chance is screened in, and the claim measured on other worlds says so).

After the hand, :func:`cost_after` measures the same difference from the true position (every
card known): the playouts then differ only by the bots' random choices.

The budget is a number of worlds (:data:`WORLDS`), never a time: the same decision, view and
random numbers give the same note on any machine, at the table, in the review and from the
command line alike. Only a search still going :data:`.base.SAFETY_S` after it began (a machine
stalled) starts no further world and says what the worlds it played say.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..engine.actions import Action, Allow, Call, Discard, MoveJoker, Pass, PluckDiscard, Refuse, Tack
from ..engine.cards import Card
from ..engine.hand import HandState
from ..engine.turn import DecisionKind, Phase
from ..engine.view import View
from .advice import Advice, advise
from .base import past_safety, play_out
from .hard import sample_world
from .hold import ROLLOUTS
from .normal import NormalBot, known_holdings

#: A decision is flagged when it is estimated to cost clearly more than this many points.
THRESHOLD = 5.0
#: The one-sided 95% quantile of the normal distribution: the note's margin of error.
Z = 1.645
#: The coach's budget: the worlds (each played out once per choice) an estimate uses, half for
#: the screen and half for the claim.
WORLDS = 64


@dataclass(frozen=True)
class Estimate:
    """The player's points for the hand with their choice minus with the advice (positive: the
    choice costs more), over ``worlds`` playouts, with the half-width of its 95% interval."""

    mean: float
    half: float
    worlds: int

    @property
    def low(self) -> float:
        """The lower end of the one-sided 95% interval."""
        return self.mean - self.half * Z / 1.96 if self.worlds else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The two-sided 95% interval."""
        return self.mean - self.half, self.mean + self.half


#: No difference: the player's choice is the advice.
SAME = Estimate(0.0, 0.0, 0)


@dataclass(frozen=True)
class Note:
    """The coach's word on one decision: the player's choice, the advice with its reason, the
    estimated cost, and whether it is flagged (a note is shown). It keeps what the decision
    was (``kind``) and the discard pile's top card then (``top``), so its words name the cards
    of its own position however far the game has moved on."""

    chosen: Action
    advice: Advice
    estimate: Estimate  # the claim: what the note says the choice costs
    flagged: bool
    screen: Estimate = field(default_factory=lambda: SAME)  # the worlds that decided the flag
    kind: DecisionKind | None = None  # the decision weighed: call, pluck, allow or play
    top: Card | None = None  # the discard pile's top card at that decision
    system: str = "jamaican"  # the rule system of the game weighed (its words for a lay)

    def card(self, action: Action) -> Card | None:
        """The card ``action`` (the choice or the advice) names at the note's position: the
        pile's top for a take, a call, a pass, an allowed or refused call; the card itself for a
        discard, a tack or a joker's move; None for the stock, a lay or the end of a turn."""
        if isinstance(action, Discard | Tack | MoveJoker):
            return action.card
        if isinstance(action, PluckDiscard | Call | Pass | Allow | Refuse):
            return self.top
        return None


def coach(view: View, chosen: Action, rng: random.Random, worlds: int = WORLDS, *,
          advice_worlds: int = ROLLOUTS) -> Note:
    """The coach's note on ``chosen``, the seat's decision in ``view`` (before it is applied):
    the advice with a hold search of ``advice_worlds`` worlds (the hint's), then the cost over
    ``worlds`` worlds."""
    advice = advise(view, random.Random(rng.random()), worlds=advice_worlds)
    kind, top = view.asked, view.discard_top
    if advice.action == chosen:
        return Note(chosen, advice, SAME, flagged=False, kind=kind, top=top)
    diffs = differences(view, chosen, advice.action, rng, worlds)
    screen, claim = summary(diffs[0::2]), summary(diffs[1::2])
    return Note(chosen, advice, claim, flagged(screen, claim), screen, kind, top)


def flagged(screen: Estimate, claim: Estimate) -> bool:
    """The rule of a note (both games' coaches): the screen's cost clearly above
    :data:`THRESHOLD` (the lower end of its one-sided 95% interval) and the claim's mean above it
    too, each over two worlds at least."""
    return screen.worlds >= 2 and claim.worlds >= 2 and screen.low > THRESHOLD and claim.mean > THRESHOLD


def differences(view: View, chosen: Action, advised: Action, rng: random.Random,
                worlds: int = WORLDS) -> list[float]:
    """Cost of ``chosen`` against ``advised`` from the seat's view, world by world: worlds dealt
    around what it knows, the same world for both."""
    known = known_holdings(view)
    starts = [sample_world(view, rng, known) for _ in range(worlds)]
    return compare(starts, view.seat, view.totals, chosen, advised)


def estimate(view: View, chosen: Action, advised: Action, rng: random.Random,
             worlds: int = WORLDS) -> Estimate:
    """The mean cost over all the worlds (:func:`differences`)."""
    return summary(differences(view, chosen, advised, rng, worlds))


def cost_after(state: HandState, seat: int, chosen: Action, advised: Action, totals: Sequence[int],
               rollouts: int = WORLDS) -> Estimate:
    """The same difference measured from the true position ``state`` (every card known), over
    ``rollouts`` playouts that differ in the bots' random choices."""
    return summary(compare([state] * rollouts, seat, totals, chosen, advised))


def compare(starts: Sequence[HandState], seat: int, totals: Sequence[int], chosen: Action,
            advised: Action) -> list[float]:
    """The seat's points with ``chosen`` minus with ``advised`` in each of ``starts``, playout
    ``r`` using the random numbers ``r`` for both: every world, unless the search runs past its
    safety stop (:data:`.base.SAFETY_S`), when it starts no more."""
    diffs: list[float] = []
    began = time.perf_counter()
    for r, start in enumerate(starts):
        if past_safety(began):
            break
        diffs.append(_points(start, seat, chosen, r, totals) - _points(start, seat, advised, r, totals))
    return diffs


def _points(start: HandState, seat: int, action: Action, r: int, totals: Sequence[int]) -> float:
    """The seat's points for the hand when it plays ``action`` in ``start`` and everybody plays
    on as Normal."""
    world = start.clone()
    world.rng = random.Random(r)
    world.apply(seat, action)
    bots = [NormalBot() for _ in range(world.players)]
    play_out(world, bots, random.Random(r), totals)
    if world.phase != Phase.OVER or world.scores is None or world.void:
        return 0.0  # a void hand (J-7.2), or one that stalled: no points
    return float(world.scores[seat])


def summary(diffs: Sequence[float]) -> Estimate:
    """The mean of ``diffs`` with the half-width of its 95% interval."""
    n = len(diffs)
    if n == 0:
        return SAME
    mean = sum(diffs) / n
    if n < 2:
        return Estimate(mean, math.inf, n)
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return Estimate(mean, 1.96 * math.sqrt(var / n), n)
