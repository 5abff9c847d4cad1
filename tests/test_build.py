"""The packaging helpers: the version comes from the package metadata, and the icons are
well-formed in every platform's format."""

from __future__ import annotations

import struct
import subprocess
import sys
from pathlib import Path

from kalooki_desktop import __version__

ROOT = Path(__file__).resolve().parents[1]


def test_version_comes_from_the_package_metadata():
    out = subprocess.run([sys.executable, str(ROOT / "build" / "version.py")], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.strip() == __version__


def test_windows_version_resource(tmp_path):
    sys.path.insert(0, str(ROOT / "build"))
    try:
        from version import windows_version_file
    finally:
        sys.path.pop(0)
    text = windows_version_file(tmp_path / "v.txt").read_text()
    assert f"'ProductVersion', '{__version__}'" in text and "kalooki.exe" in text


def test_icons_hold_png_images_of_every_size():
    ico = (ROOT / "build" / "icons" / "kalooki.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    assert (reserved, kind) == (0, 1) and count >= 6
    for i in range(count):
        w, h, _, _, _, _, size, offset = struct.unpack("<BBBBHHII", ico[6 + 16 * i : 22 + 16 * i])
        assert w == h and ico[offset : offset + 8] == b"\x89PNG\r\n\x1a\n" and size > 0
    icns = (ROOT / "build" / "icons" / "kalooki.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    assert b"ic08" in icns and b"ic10" in icns
    assert (ROOT / "assets" / "icon" / "kalooki-256.png").read_bytes()[:4] == b"\x89PNG"
