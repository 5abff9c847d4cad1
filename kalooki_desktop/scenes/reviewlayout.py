"""Where the review's cards go, as pure functions of sizes: the seats' grid (two columns when
there are many, as on the scoreboard) and the melds on the table, each owner's name whole with
its melds beside it, flowing onto more lines."""

from __future__ import annotations

from collections.abc import Sequence


def seat_grid(players: int) -> tuple[int, int]:
    """(columns, rows) of the seats' hands: one column up to four players, else two.

    >>> seat_grid(4), seat_grid(5), seat_grid(8)
    ((1, 4), (2, 3), (2, 4))
    """
    columns = 1 if players <= 4 else 2
    return columns, -(-players // columns)


#: An owner's melds as placed: the line of the owner's name, and (line, x) of each meld.
Placed = tuple[int, list[tuple[int, int]]]


def flow(groups: Sequence[tuple[int, Sequence[int]]], room: int, gap: int) -> tuple[int, list[Placed]]:
    """Lines of ``room`` pixels for groups of a label ``gap`` before its items, each group
    (label width, item widths) from a new line; items that do not fit wrap under the first item.
    A label too wide to leave room for its widest item has its items on the lines below it, from
    the left. Returns how many lines, and each group as placed.

    >>> flow([(50, [40, 40, 40]), (30, [20])], 190, 10)
    (3, [(0, [(0, 60), (0, 110), (1, 60)]), (2, [(2, 40)])])
    >>> flow([(180, [40])], 200, 10)
    (2, [(0, [(1, 0)])])
    """
    lines = 0
    placed: list[Placed] = []
    for label, widths in groups:
        line, start = lines, label + gap
        if widths and start + max(widths) > room:
            line, start = line + 1, 0
        x, spots = start, []
        for w in widths:
            if x > start and x + w > room:
                line, x = line + 1, start
            spots.append((line, x))
            x += w + gap
        placed.append((lines, spots))
        lines = line + 1
    return lines, placed
