"""Bounded caches for the searches' pure answers (the contract finder's, the bots' plans).

A cache is a plain dict whose keys and values are tuples of ints, which the garbage collector
stops tracking (so a full collection does not walk them). When it is full, the oldest
sixteenth of its entries is dropped: a few milliseconds, where emptying a whole cache of 65,536
entries took 15-60 ms, inside whatever bot decision or frame it fell in.
"""

from __future__ import annotations

from itertools import islice
from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


def remember(cache: dict[K, V], key: K, value: V, size: int) -> V:
    """Store ``value`` under ``key`` in ``cache`` (at most ``size`` entries) and return it."""
    if len(cache) >= size:
        for old in list(islice(cache, max(1, size >> 4))):
            del cache[old]
    cache[key] = value
    return value
