"""Helpers for tests: judge queries, exact positions, and the diagnostic scripts."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from kalooki_desktop.engine.judge import answer


def load_script(name: str) -> ModuleType:
    """A module of ``scripts/`` (not a package), imported by its path under its own name."""
    path = Path(__file__).resolve().parent.parent / "scripts" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def judge(op: str, rules: str = "jamaican", variants: tuple[str, ...] = (), **fields: object) -> dict[str, Any]:
    """Ask the judge one question."""
    return answer({"op": op, "rules": rules, "variants": list(variants), **fields})


def play(
    hands: list[str],
    actions: list[tuple[int, str]],
    discard: str = "2C",
    stock: str = "5C 6D 8H 3S 4D 10C 10D QC QS",
    hand: int = 1,
    dealer: int = 3,
    variants: tuple[str, ...] = (),
    rules: str = "jamaican",
    *, implied_passes: bool = True,
    **extra: Any,
) -> dict[str, Any]:
    """Set up a deal (hands as space-separated strings; stock top first) and apply actions
    (the callers a listed action leaves out pass, unless ``implied_passes`` is False).

    With the default dealer 3, seat 0 plays first.
    """
    return judge(
        "play",
        rules,
        variants,
        players=len(hands),
        hand=hand,
        dealer=dealer,
        hands=[h.split() for h in hands],
        discard=discard.split(),
        stock=stock.split(),
        actions=[[s, a] for s, a in actions],
        implied_passes=implied_passes,
        **extra,
    )


#: Seat 0 holds hand 1's contract (three 7s, three 9s, three kings) and a 4C.
LAYER = "7S 7H 7D 9S 9H 9D KS KH KD 4C"
LAY1 = "lay three 7S 7H 7D | three 9S 9H 9D | three KS KH KD"
#: Hands with nothing of use to each other.
PLAIN = ["2S 3H 5D 6C 8S 10H QD JC AH", "2H 3D 5C 6S 8H 10D QC JS AD", "2D 3C 5S 6H 8D 10C QS JH AC"]
