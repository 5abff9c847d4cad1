"""The fingerprints of a game and of a save are SHA-256, the same as hashlib's, and the game loads no
OpenSSL for them."""

from __future__ import annotations

import hashlib
import subprocess
import sys

from hypothesis import given
from hypothesis import strategies as st

from kalooki_desktop.engine.digest import sha256_hex


@given(st.binary(max_size=4096))
def test_the_digest_is_sha256(data: bytes) -> None:
    assert sha256_hex(data) == hashlib.sha256(data).hexdigest()


def test_the_game_loads_no_openssl() -> None:
    code = ("import sys, kalooki_desktop.app, kalooki_desktop.scenes, kalooki_desktop.storage.saves;"
            "print('_hashlib' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
