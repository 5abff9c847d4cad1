"""Every player's place at the end of a game: the lowest total first in the Jamaican game; in
British Kalooki the winner first, then whoever stayed in the game longest (B-11), then the lower
total; equal places are "joint"."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..engine.game import Game
from ..i18n import tr


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


def by_total(m: Game) -> list[tuple[int, ...]]:
    """Each seat's place key in the Jamaican game: its total."""
    return [(t,) for t in m.totals]


def by_staying_in(m: Game) -> list[tuple[int, ...]]:
    """Each seat's place key in British Kalooki: the winner first, then the last deal the seat
    was dealt into (the later the better), then its total."""
    last_in = [0] * m.players
    for number, r in enumerate(m.results, start=1):
        for seat in range(m.players):
            if r.hands[seat] or r.out == seat:
                last_in[seat] = number
    return [(0 if s in m.winners else 1, -last_in[s], m.totals[s]) for s in range(m.players)]


#: How each rule system ranks its players at the end, by the rules' system key.
PLACE_KEYS: dict[str, Callable[[Game], list[tuple[int, ...]]]] = {
    "jamaican": by_total,
    "british": by_staying_in,
}


def final_places(m: Game) -> list[str]:
    """Every seat's place in words at the end of the game ``m`` (see the module docstring)."""
    return places(PLACE_KEYS[m.rules.system](m))
