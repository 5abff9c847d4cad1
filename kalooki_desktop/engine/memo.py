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
    """Store ``value`` under ``key`` in ``cache`` (at most ``size`` entries) and return it.

    Safe when two threads share a cache (the table's hints and a bot's search both use the
    contract finder's): listing the oldest keys runs without a thread switch, and a key another
    thread dropped meanwhile is skipped."""
    if len(cache) >= size:
        for old in list(islice(cache, max(1, size >> 4))):
            cache.pop(old, None)
    cache[key] = value
    return value
