"""SHA-256 without OpenSSL: :mod:`hashlib` loads OpenSSL's library for it (3.7 MB of the
running game's memory, for one fingerprint a save); CPython's own implementation (the standard
library's ``_sha2``, named ``_sha256`` before Python 3.12) gives the same digest
(``tests/test_digest.py``)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any


def _own_sha256() -> Callable[[bytes], Any]:
    for name in ("_sha2", "_sha256"):  # CPython 3.12 and later, 3.11
        try:
            return importlib.import_module(name).sha256  # type: ignore[no-any-return]
        except (ImportError, AttributeError):
            continue
    import hashlib  # an interpreter without CPython's own

    return hashlib.sha256


_sha256 = _own_sha256()


def sha256_hex(data: bytes) -> str:
    """The SHA-256 digest of ``data`` in hexadecimal."""
    return str(_sha256(data).hexdigest())
