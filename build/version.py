"""The version of the build, taken from the package metadata (pyproject.toml), and the Windows
version resource that carries it into ``kalooki.exe``."""

from __future__ import annotations

import re
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def version() -> str:
    """The installed package's version, or the one in pyproject.toml when it is not installed."""
    try:
        return metadata.version("kalooki-desktop")
    except metadata.PackageNotFoundError:
        text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
        found = re.search(r'^version\s*=\s*"([^"]+)"', text, re.MULTILINE)
        return found.group(1) if found else "0.0.0"


def windows_version_file(path: Path) -> Path:
    """Write a PyInstaller version resource for Windows (file and product version, names)."""
    parts = [int(p) for p in re.findall(r"\d+", version())[:4]]
    parts += [0] * (4 - len(parts))
    v = tuple(parts)
    path.write_text(
        f"""# UTF-8
VSVersionInfo(
  ffi=FixedFileInfo(filevers={v}, prodvers={v}, mask=0x3f, flags=0x0, OS=0x40004, fileType=0x1,
                    subtype=0x0, date=(0, 0)),
  kids=[
    StringFileInfo([StringTable('040904B0', [
      StringStruct('CompanyName', 'Kalooki'),
      StringStruct('FileDescription', 'Kalooki: Jamaican Kalooki against computer opponents'),
      StringStruct('FileVersion', '{version()}'),
      StringStruct('InternalName', 'kalooki'),
      StringStruct('OriginalFilename', 'kalooki.exe'),
      StringStruct('ProductName', 'Kalooki'),
      StringStruct('ProductVersion', '{version()}')])]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
""",
        encoding="utf-8",
    )
    return path


if __name__ == "__main__":
    print(version())
