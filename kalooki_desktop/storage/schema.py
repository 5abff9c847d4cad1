"""Shapes of the documents the game reads: small validators that check type, length and range of
every field before any of it is used, and say where the first wrong value is.

A validator is a function ``(value, where) -> value`` that returns the value (lists as lists,
objects as dicts) or raises :class:`Invalid`.

>>> point = obj({"x": integer(0, 10), "y": integer(0, 10)}, {"label": string(20)})
>>> point({"x": 3, "y": 4}, "p")
{'x': 3, 'y': 4}
>>> point({"x": 3, "y": 1e308}, "p")
Traceback (most recent call last):
...
kalooki_desktop.storage.schema.Invalid: p.y: not a whole number
>>> list_of(boolean(), max_len=2)([True, False, True], "flags")
Traceback (most recent call last):
...
kalooki_desktop.storage.schema.Invalid: flags: more than 2 items
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any

Validator = Callable[[Any, str], Any]


class Invalid(ValueError):
    """A value of the wrong type, length or range; the message says where."""


def integer(lo: int, hi: int) -> Validator:
    """A whole number (not a boolean) from ``lo`` to ``hi``."""

    def check(value: Any, where: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise Invalid(f"{where}: not a whole number")
        if not lo <= value <= hi:
            raise Invalid(f"{where}: out of range")
        return value

    return check


def number(lo: float, hi: float) -> Validator:
    """A number (whole or not, not a boolean) from ``lo`` to ``hi``, as a float."""

    def check(value: Any, where: str) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise Invalid(f"{where}: not a number")
        if isinstance(value, int) and not -(10**18) <= value <= 10**18:
            raise Invalid(f"{where}: out of range")
        if not lo <= float(value) <= hi:
            raise Invalid(f"{where}: out of range")
        return float(value)

    return check


def string(max_len: int, choices: Collection[str] | None = None) -> Validator:
    """A text of at most ``max_len`` characters (one of ``choices`` when given)."""

    def check(value: Any, where: str) -> str:
        if not isinstance(value, str):
            raise Invalid(f"{where}: not a text")
        if len(value) > max_len:
            raise Invalid(f"{where}: longer than {max_len} characters")
        if choices is not None and value not in choices:
            raise Invalid(f"{where}: not one of the known values")
        return value

    return check


def boolean() -> Validator:
    """``true`` or ``false``."""

    def check(value: Any, where: str) -> bool:
        if not isinstance(value, bool):
            raise Invalid(f"{where}: not true or false")
        return value

    return check


def nullable(inner: Validator) -> Validator:
    """``null`` or what ``inner`` accepts."""

    def check(value: Any, where: str) -> Any:
        return None if value is None else inner(value, where)

    return check


def list_of(item: Validator, *, min_len: int = 0, max_len: int) -> Validator:
    """A list of ``min_len`` to ``max_len`` items, each accepted by ``item``."""

    def check(value: Any, where: str) -> list[Any]:
        if not isinstance(value, list):
            raise Invalid(f"{where}: not a list")
        if len(value) > max_len:
            raise Invalid(f"{where}: more than {max_len} items")
        if len(value) < min_len:
            raise Invalid(f"{where}: fewer than {min_len} items")
        return [item(v, f"{where}[{i}]") for i, v in enumerate(value)]

    return check


def pair(first: Validator, second: Validator) -> Validator:
    """A list of exactly two items."""

    def check(value: Any, where: str) -> list[Any]:
        if not isinstance(value, list) or len(value) != 2:
            raise Invalid(f"{where}: not a pair")
        return [first(value[0], f"{where}[0]"), second(value[1], f"{where}[1]")]

    return check


def obj(required: Mapping[str, Validator], optional: Mapping[str, Validator] | None = None) -> Validator:
    """An object with every key of ``required`` and any of ``optional``; other keys pass
    unchecked (a newer version of the game may add some) but are kept as they are."""
    optional = optional or {}

    def check(value: Any, where: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise Invalid(f"{where}: not an object")
        out = dict(value)
        for key, inner in required.items():
            if key not in value:
                raise Invalid(f"{where}.{key}: missing")
            out[key] = inner(value[key], f"{where}.{key}")
        for key, inner in optional.items():
            if key in value:
                out[key] = inner(value[key], f"{where}.{key}")
        return out

    return check
