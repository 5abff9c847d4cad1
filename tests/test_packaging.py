"""The executable for each system: the spec evaluated as PyInstaller would on Linux, Windows and
macOS (with the platform mocked) builds one file on the first two and an app bundle from a
one-folder build on macOS, with icons that exist; the hosted CI workflow validates against the
published schema and runs only commands that run here too; the Linux menu entry is valid."""

from __future__ import annotations

import configparser
import importlib.util
import shutil
import subprocess
import sys
import types
from pathlib import Path
from typing import Any, ClassVar

import pytest

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "build.yml"


class Target:
    """A PyInstaller build target as the spec made it: its kind, arguments and keywords."""

    made: ClassVar[list[Target]] = []

    def __init__(self, kind: str, *args: Any, **kw: Any) -> None:
        self.kind, self.args, self.kw = kind, args, kw
        Target.made.append(self)


def evaluate_spec(platform: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Target]:
    """Run ``kalooki.spec`` as PyInstaller does, on ``platform``: its targets by kind."""
    Target.made = []
    analysis = types.SimpleNamespace(pure=["pure"], scripts=["script"], binaries=[("lib.so", "x", "BINARY")],
                                     datas=[("a", "b", "DATA")])

    def make(kind: str) -> Any:
        def build(*args: Any, **kw: Any) -> Any:
            if kind == "Analysis":
                Target(kind, *args, **kw)
                return analysis
            return Target(kind, *args, **kw)
        return build

    hooks = types.ModuleType("PyInstaller.utils.hooks")
    hooks.copy_metadata = lambda name: [(f"{name}.dist-info", name)]  # type: ignore[attr-defined]
    for name in ("PyInstaller", "PyInstaller.utils"):
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.hooks", hooks)
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(sys, "path", list(sys.path))
    spec = {name: make(name) for name in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")}
    spec |= {"SPECPATH": str(ROOT), "workpath": str(tmp_path), "__file__": str(ROOT / "kalooki.spec")}
    exec(compile((ROOT / "kalooki.spec").read_text(encoding="utf-8"), "kalooki.spec", "exec"), spec)
    return {t.kind: t for t in Target.made}


@pytest.mark.parametrize("platform", ["linux", "win32"])
def test_linux_and_windows_get_one_file_with_every_binary_and_data_inside(platform, tmp_path, monkeypatch):
    made = evaluate_spec(platform, tmp_path, monkeypatch)
    exe = made["EXE"]
    assert "COLLECT" not in made and "BUNDLE" not in made
    assert not exe.kw["exclude_binaries"] and exe.kw["name"] == "kalooki" and exe.kw["console"] is False
    inside = [x for x in exe.args if isinstance(x, list)]
    assert [("lib.so", "x", "BINARY")] in inside and any(("a", "b", "DATA") in x for x in inside)
    if platform == "win32":  # the icon and the version resource, written for the build
        assert Path(exe.kw["icon"]).suffix == ".ico" and Path(exe.kw["icon"]).is_file()
        assert Path(exe.kw["version"]).is_file() and "FileVersion" in Path(exe.kw["version"]).read_text()
    else:  # a Linux desktop takes the icon from the menu entry
        assert exe.kw["icon"] is None and exe.kw["version"] is None


def test_macos_gets_an_app_bundle_made_from_a_one_folder_build(tmp_path, monkeypatch):
    made = evaluate_spec("darwin", tmp_path, monkeypatch)
    exe, folder, bundle = made["EXE"], made["COLLECT"], made["BUNDLE"]
    assert exe.kw["exclude_binaries"] is True
    assert not any(("lib.so", "x", "BINARY") in x for x in exe.args if isinstance(x, list))  # beside it
    assert folder.args[0] is exe and [("lib.so", "x", "BINARY")] in folder.args
    assert bundle.args[0] is folder and bundle.kw["name"] == "Kalooki.app"
    assert Path(bundle.kw["icon"]).suffix == ".icns" and Path(bundle.kw["icon"]).is_file()
    assert bundle.kw["bundle_identifier"] == "org.kalooki.desktop"
    plist = bundle.kw["info_plist"]
    assert plist["NSHighResolutionCapable"] is True and plist["CFBundleShortVersionString"] == bundle.kw["version"]


def test_the_executable_leaves_out_what_only_the_tools_and_tests_use(tmp_path, monkeypatch):
    made = evaluate_spec("linux", tmp_path, monkeypatch)
    excluded = made["Analysis"].kw["excludes"]
    assert {"babel", "pytest", "hypothesis", "numpy", "tkinter"} <= set(excluded)


@pytest.mark.parametrize(("platform", "built", "program"), [
    ("linux", "dist/kalooki", "dist/kalooki"),
    ("win32", "dist/kalooki.exe", "dist/kalooki.exe"),
    ("darwin", "dist/Kalooki.app", "dist/Kalooki.app/Contents/MacOS/kalooki"),
])
def test_the_build_and_its_smoke_test_find_what_each_system_makes(platform, built, program):
    build_script, smoke_exe = (load(ROOT / "build" / f"{name}.py") for name in ("build", "smoke_exe"))
    assert build_script.artefact(platform) == ROOT / built
    assert smoke_exe.program(platform) == ROOT / program
    languages = [r[r.index("--lang") + 1] for r in smoke_exe.runs() if "--lang" in r]
    assert languages == ["de", "nl", "fi"] and ["--version"] in smoke_exe.runs()


def load(path: Path) -> Any:
    """The module of the script at ``path`` (by its path: the name ``build`` is not looked up)."""
    spec = importlib.util.spec_from_file_location(f"kalooki_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def check_workflow(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "check_jsonschema", "--builtin-schema", "vendor.github-workflows", str(path)],
        capture_output=True, text=True, timeout=120,
    )


def test_the_ci_workflow_validates_against_the_published_schema_and_a_broken_one_does_not(tmp_path):
    good = check_workflow(WORKFLOW)
    assert good.returncode == 0, good.stdout + good.stderr
    broken = tmp_path / "build.yml"
    broken.write_text(WORKFLOW.read_text(encoding="utf-8").replace("runs-on:", "run-on:"), encoding="utf-8")
    assert check_workflow(broken).returncode != 0


def test_the_ci_workflow_runs_on_three_systems_only_commands_that_run_here_too():
    text = WORKFLOW.read_text(encoding="utf-8")
    runs = [line.split("run:", 1)[1].strip() for line in text.splitlines() if line.strip().startswith("run:")]
    assert runs == [
        'python -m pip install -e ".[test,build]"',
        'python -m pytest -q -m "not slow"',
        "python build/build.py",
        "python build/smoke_exe.py",
        "python build/glibc_needed.py",
        "python -m tarfile -c kalooki-${{ matrix.name }}.tar.gz ${{ matrix.artefact }}",
    ]
    for system in ("ubuntu-", "windows-", "macos-"):
        assert f"os: {system}" in text
    assert 'python-version: "3.11"' in text and "actions/upload-artifact@" in text
    assert all((ROOT / "build" / f"{name}.py").is_file() for name in ("build", "smoke_exe", "glibc_needed"))


DESKTOP = ROOT / "build" / "linux" / "kalooki.desktop"


def test_the_linux_menu_entry_names_the_game_its_program_and_its_icon():
    entry = configparser.ConfigParser(interpolation=None, strict=True)
    entry.optionxform = str  # type: ignore[assignment,method-assign]
    entry.read(DESKTOP, encoding="utf-8")
    desktop = entry["Desktop Entry"]
    assert desktop["Type"] == "Application" and desktop["Name"] == "Kalooki" and desktop["Terminal"] == "false"
    assert desktop["Exec"] == "kalooki" and desktop["Icon"] == "kalooki"
    assert "CardGame" in desktop["Categories"].split(";") and desktop["Categories"].endswith(";")
    assert all(f"Comment[{lang}]" in desktop for lang in ("de", "nl", "fi"))
    assert "install-desktop:" in (ROOT / "Makefile").read_text(encoding="utf-8")


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None,
                    reason="desktop-file-validate (desktop-file-utils) is not installed here")
def test_the_linux_menu_entry_passes_desktop_file_validate():
    done = subprocess.run(["desktop-file-validate", str(DESKTOP)], capture_output=True, text=True)
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout + done.stderr
