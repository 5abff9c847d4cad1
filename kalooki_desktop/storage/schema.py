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
    """A value of the wrong type, length or range: where (the field's path), and what is wrong
    as a catalogue key after ``schema.`` with its parameters (said in the player's language by
    :func:`.files.validate`); ``str()`` gives both in English, for the log."""

    def __init__(self, where: str, problem: str, **params: int) -> None:
        self.where, self.problem, self.params = where, problem, params
        super().__init__(f"{where}: {PROBLEMS[problem].format(**params)}")


#: What is wrong with a value, in English (the catalogues say it in every language).
PROBLEMS = {
    "not_integer": "not a whole number", "out_of_range": "out of range", "not_number": "not a number",
    "not_text": "not a text", "too_long": "longer than {n} characters",
    "unknown_value": "not one of the known values", "not_bool": "not true or false", "not_list": "not a list",
    "too_many": "more than {n} items", "too_few": "fewer than {n} items", "not_pair": "not a pair",
    "not_object": "not an object", "missing": "missing",
}


def integer(lo: int, hi: int) -> Validator:
    """A whole number (not a boolean) from ``lo`` to ``hi``."""

    def check(value: Any, where: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise Invalid(where, "not_integer")
        if not lo <= value <= hi:
            raise Invalid(where, "out_of_range")
        return value

    return check


def number(lo: float, hi: float) -> Validator:
    """A number (whole or not, not a boolean) from ``lo`` to ``hi``, as a float."""

    def check(value: Any, where: str) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise Invalid(where, "not_number")
        if isinstance(value, int) and not -(10**18) <= value <= 10**18:
            raise Invalid(where, "out_of_range")
        if not lo <= float(value) <= hi:
            raise Invalid(where, "out_of_range")
        return float(value)

    return check


def string(max_len: int, choices: Collection[str] | None = None) -> Validator:
    """A text of at most ``max_len`` characters (one of ``choices`` when given)."""

    def check(value: Any, where: str) -> str:
        if not isinstance(value, str):
            raise Invalid(where, "not_text")
        if len(value) > max_len:
            raise Invalid(where, "too_long", n=max_len)
        if choices is not None and value not in choices:
            raise Invalid(where, "unknown_value")
        return value

    return check


def boolean() -> Validator:
    """``true`` or ``false``."""

    def check(value: Any, where: str) -> bool:
        if not isinstance(value, bool):
            raise Invalid(where, "not_bool")
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
            raise Invalid(where, "not_list")
        if len(value) > max_len:
            raise Invalid(where, "too_many", n=max_len)
        if len(value) < min_len:
            raise Invalid(where, "too_few", n=min_len)
        return [item(v, f"{where}[{i}]") for i, v in enumerate(value)]

    return check


def pair(first: Validator, second: Validator) -> Validator:
    """A list of exactly two items."""

    def check(value: Any, where: str) -> list[Any]:
        if not isinstance(value, list) or len(value) != 2:
            raise Invalid(where, "not_pair")
        return [first(value[0], f"{where}[0]"), second(value[1], f"{where}[1]")]

    return check


def obj(required: Mapping[str, Validator], optional: Mapping[str, Validator] | None = None) -> Validator:
    """An object with every key of ``required`` and any of ``optional``; other keys pass
    unchecked (a newer version of the game may add some) but are kept as they are."""
    optional = optional or {}

    def check(value: Any, where: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise Invalid(where, "not_object")
        out = dict(value)
        for key, inner in required.items():
            if key not in value:
                raise Invalid(f"{where}.{key}", "missing")
            out[key] = inner(value[key], f"{where}.{key}")
        for key, inner in optional.items():
            if key in value:
                out[key] = inner(value[key], f"{where}.{key}")
        return out

    return check
