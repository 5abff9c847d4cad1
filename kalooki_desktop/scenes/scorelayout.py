"""Where the scoreboard's figures go, as pure functions of sizes: the points under overlapping
cards, the chart's axis ticks and how many lines its legend takes."""

from __future__ import annotations

from collections.abc import Callable


def point_labels(
    xs: list[int], points: list[int], card_w: int, width: Callable[[str], int], *, gap: int
) -> list[tuple[int, int, int, str]]:
    """Where the points of overlapping cards go, as (figure's x, the cards' left, right, figure):
    cards from ``xs`` (each shows ``xs[i + 1] - xs[i]`` pixels, the last one ``card_w``), their
    ``points`` in order. Each card has its figure when every figure fits under its own card with
    ``gap`` to the next; else each run of equal points has one, as far left under the run as the
    figure before it allows (a figure with no room under its run is left out: the seat's score
    still adds them up). Never two figures closer than ``gap``.

    >>> point_labels([0, 12, 24], [10, 10, 1], 30, lambda t: 7 * len(t), gap=4)
    [(3, 0, 24, '10'), (27, 24, 54, '1')]
    """
    ends = [*xs[1:], xs[-1] + card_w] if xs else []
    texts = [str(p) for p in points]
    spans = list(zip(xs, ends, texts, strict=True))
    if not all(3 + width(t) + gap <= end - x for x, end, t in spans):
        runs: list[tuple[int, int, str]] = []
        for x, end, t in spans:
            if runs and runs[-1][2] == t:
                runs[-1] = (runs[-1][0], end, t)
            else:
                runs.append((x, end, t))
        spans = runs
    labels: list[tuple[int, int, int, str]] = []
    free = -gap  # where the next figure may start
    for left, right, t in spans:
        x = max(left + 3, free)
        if x <= right - 3:
            labels.append((x, left, right, t))
            free = x + width(t) + gap
    return labels


def axis_ticks(highest: int) -> list[int]:
    """Round values for the chart's axis from 0 to at least ``highest``: steps of 1, 2 or 5 times
    a power of ten, four to six of them.

    >>> axis_ticks(187)
    [0, 50, 100, 150, 200]
    >>> axis_ticks(0)
    [0, 10, 20, 30, 40, 50]
    >>> axis_ticks(1234)
    [0, 500, 1000, 1500]
    """
    highest = max(highest, 50)
    power = 1
    while True:
        for unit in (1, 2, 5):
            step = unit * power
            count = -(-highest // step)
            if count <= 5:
                return [step * k for k in range(count + 1)]
        power *= 10


def legend_lines(widths: list[int], room: int) -> int:
    """How many lines a legend of entries this wide takes in ``room`` pixels.

    >>> legend_lines([100, 100, 100], 250), legend_lines([100, 100], 250)
    (2, 1)
    """
    lines, used = 1, 0
    for w in widths:
        if used and used + w > room:
            lines, used = lines + 1, 0
        used += w
    return lines
