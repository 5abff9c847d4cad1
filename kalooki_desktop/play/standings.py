"""Every player's place at the end of a game: the lowest total first in the Jamaican game; in
British Kalooki the winner first, then whoever stayed in the game longest (B-11), then the lower
total; equal places are "joint"."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.british.match import BritishMatch
from ..i18n import tr
from .games import AnyMatch


def places(keys: Sequence[Sequence[int]]) -> list[str]:
    """Each seat's place by its key (the lower the better), in words: "1st", "joint 2nd".

    >>> places([(120,), (40,), (200,), (40,)])
    ['3rd', 'joint 1st', '4th', 'joint 1st']
    """
    words = []
    for mine in keys:
        place = 1 + sum(1 for k in keys if tuple(k) < tuple(mine))
        ordinal = tr(f"score.ordinal.{place}")
        joint = sum(1 for k in keys if tuple(k) == tuple(mine)) > 1
        words.append(tr("score.joint", place=ordinal) if joint else ordinal)
    return words


def final_places(m: AnyMatch) -> list[str]:
    """Every seat's place in words at the end of the game ``m`` (see the module docstring)."""
    if not isinstance(m, BritishMatch):
        return places([(t,) for t in m.totals])
    last_in = [0] * m.players  # the last deal each seat was dealt into
    for number, r in enumerate(m.results, start=1):
        for seat in range(m.players):
            if r.hands[seat] or r.out == seat:
                last_in[seat] = number
    return places([(0 if s in m.winners else 1, -last_in[s], m.totals[s]) for s in range(m.players)])
