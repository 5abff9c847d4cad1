"""JSON from outside the program, parsed so that nothing in it can crash the reader.

Python's :func:`json.loads` raises several error classes besides its own on hostile input
(``RecursionError`` for deep nesting, ``ValueError`` for an integer of thousands of digits) and
accepts values that fail later (``NaN``, ``Infinity``, ``1e999`` as infinity, lone surrogate
escapes such as ``"\\ud800"`` that cannot be encoded). :func:`parse_json` turns every one of
them into a :class:`JsonError` with a ``kind`` a caller can explain in plain words.

>>> parse_json(b'{"a": [1, 2.5, "x"]}')
{'a': [1, 2.5, 'x']}
>>> parse_json('[[[1]]]', max_depth=2)
Traceback (most recent call last):
...
kalooki_desktop.engine.jsontext.JsonError: nested deeper than 2 levels
>>> parse_json('{"n": NaN}')
Traceback (most recent call last):
...
kalooki_desktop.engine.jsontext.JsonError: not a finite number: NaN
"""

from __future__ import annotations

import json
import math
from typing import Any

#: No document of ours nests deeper than this; anything deeper is refused.
MAX_DEPTH = 32


class JsonError(ValueError):
    """Text that is not acceptable JSON. ``kind`` is one of ``encoding`` (not UTF-8 text),
    ``empty``, ``truncated`` (stops in the middle), ``syntax``, ``depth`` (nested too deep),
    ``number`` (too long, or not finite) or ``text`` (a string that is not valid Unicode)."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JsonError("number", f"not a finite number: {text[:20]}")
    return value


def _constant(name: str) -> Any:
    raise JsonError("number", f"not a finite number: {name}")


def decode_text(data: bytes) -> str:
    """``data`` as UTF-8 text (a leading byte-order mark is allowed); raises :class:`JsonError`."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise JsonError("encoding", "not UTF-8 text") from None


def _check_tree(value: Any, max_depth: int) -> None:
    """Nesting within ``max_depth`` and every string (keys too) encodable as UTF-8."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                raise JsonError("text", "a text holds an invalid character (a lone surrogate)") from None
        elif isinstance(item, dict | list):
            if depth >= max_depth:
                raise JsonError("depth", f"nested deeper than {max_depth} levels")
            children = [*item.keys(), *item.values()] if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)


def parse_json(data: bytes | str, *, max_depth: int = MAX_DEPTH) -> Any:
    """The JSON value of ``data``; raises :class:`JsonError` (and nothing else) when it is not
    acceptable: not UTF-8, empty, malformed, nested deeper than ``max_depth``, an integer too
    long to convert, a number that is not finite, or a string with a lone surrogate."""
    text = decode_text(data) if isinstance(data, bytes | bytearray) else str(data)
    if not text.strip():
        raise JsonError("empty", "empty")
    try:
        value = json.loads(text, parse_float=_finite, parse_constant=_constant)
    except JsonError:
        raise
    except json.JSONDecodeError as exc:
        body = text.rstrip()
        cut = exc.msg.startswith("Unterminated string") or (
            exc.pos >= len(body) - 1 and not body.endswith(("}", "]"))
        )
        raise JsonError("truncated" if cut else "syntax", exc.msg) from None
    except RecursionError:
        raise JsonError("depth", f"nested deeper than {max_depth} levels") from None
    except (ValueError, OverflowError) as exc:  # an integer of thousands of digits
        raise JsonError("number", str(exc)[:80]) from None
    _check_tree(value, max_depth)
    return value
