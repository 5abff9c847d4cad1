"""The shape of the code: no import circles between the game's modules (imports inside
functions count too: they tie modules together as much as those at the top)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "kalooki_desktop"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path, modules: set[str]) -> set[str]:
    """The game's modules that ``path`` imports (a name imported from a package counts as its
    submodule when there is one)."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            base = (f"{base}.{node.module}" if node.module else base) if node.level else (node.module or "")
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names]
        else:
            continue
        found |= {t for t in targets if t in modules and t != name}
    return found


def import_graph() -> dict[str, set[str]]:
    paths = sorted(PACKAGE.rglob("*.py"))
    modules = {_module_name(p) for p in paths}
    return {_module_name(p): _imports(p, modules) for p in paths}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_the_graph_is_read() -> None:
    graph = import_graph()
    assert "kalooki_desktop.engine.hand" in graph["kalooki_desktop.engine.match"]
    assert "kalooki_desktop.ai.base" in graph["kalooki_desktop.ai.hard"]


def test_no_import_circles() -> None:
    assert circles(import_graph()) == []


MAX_MODULE_LINES = 600
MAX_FUNCTION_LINES = 60


def test_no_module_over_600_lines_and_no_function_over_60() -> None:
    big_modules, big_functions = [], []
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        name = path.relative_to(ROOT).as_posix()
        if len(text.splitlines()) > MAX_MODULE_LINES:
            big_modules.append(name)
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > MAX_FUNCTION_LINES:
                    big_functions.append(f"{name}:{node.name} ({length})")
    assert big_modules == []
    assert big_functions == []


#: The measuring instruments: benchmarks, simulators, the coach's bench and review command, the
#: smoke test. They live in ``kalooki_desktop/tools/`` and may use the product; the product never
#: uses them.
TOOLS = "kalooki_desktop.tools"
INSTRUMENTS = ("bench", "framebench", "pacebench", "coachbench", "britishcoachbench", "sim", "simgames",
               "simstats", "smoke", "coach_cli", "i18ncheck")
#: The commands kept under their names at the package root, each a thin entry point to its tool.
ENTRY_POINTS = {"kalooki_desktop.sim": "sim", "kalooki_desktop.coach": "coach_cli",
                "kalooki_desktop.bench": "bench", "kalooki_desktop.i18n.__main__": "i18ncheck"}


def _is_tool(module: str) -> bool:
    return module == TOOLS or module.startswith(TOOLS + ".")


def test_the_instruments_live_in_tools() -> None:
    graph = import_graph()
    assert {f"{TOOLS}.{name}" for name in INSTRUMENTS} <= set(graph)
    root = {m for m in graph if m.count(".") == 1}
    assert not {f"kalooki_desktop.{name}" for name in INSTRUMENTS} & root - set(ENTRY_POINTS)


def test_the_entry_points_at_the_old_names_are_thin() -> None:
    """A docstring, the tool's ``main`` imported, ``if __name__ == "__main__"``: nothing else."""
    for module, tool in ENTRY_POINTS.items():
        path = ROOT / (module.replace(".", "/") + ".py")
        body = ast.parse(path.read_text(encoding="utf-8")).body
        assert len(body) == 3, module
        doc, imported, run = body
        assert isinstance(doc, ast.Expr) and isinstance(doc.value, ast.Constant), module
        assert isinstance(imported, ast.ImportFrom) and imported.module == f"tools.{tool}", module
        assert imported.level == module.count(".") and [a.name for a in imported.names] == ["main"], module
        assert isinstance(run, ast.If) and ast.unparse(run.test) == "__name__ == '__main__'", module
        assert [ast.unparse(s) for s in run.body] == ["raise SystemExit(main())"] and not run.orelse, module
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 12, module


def test_the_product_never_imports_the_tools() -> None:
    """Only the command line reaches the tools: the thin entry points, and ``kalooki
    --smoke-test`` (``__main__``) its smoke test."""
    graph = import_graph()
    assert f"{TOOLS}.smoke" in graph["kalooki_desktop.__main__"]  # the graph sees the tools
    allowed = {**{m: {f"{TOOLS}.{t}"} for m, t in ENTRY_POINTS.items()},
               "kalooki_desktop.__main__": {f"{TOOLS}.smoke"}}
    reaching = {module: {t for t in targets if _is_tool(t)} - allowed.get(module, set())
                for module, targets in graph.items() if not _is_tool(module)}
    assert {m: t for m, t in reaching.items() if t} == {}


def test_every_instrument_runs_with_python_m_and_the_old_commands_too() -> None:
    import os
    import subprocess
    import sys

    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    commands = [f"{TOOLS}.{name}" for name in ("bench", "framebench", "pacebench", "coachbench", "sim",
                                                "coach_cli")]
    for module in [*commands, *(m.removesuffix(".__main__") for m in ENTRY_POINTS)]:
        done = subprocess.run([sys.executable, "-m", module, "--help"], capture_output=True, text=True,
                              env=env, cwd=ROOT, timeout=60)
        assert done.returncode == 0 and "usage:" in done.stdout, (module, done.stderr)


def test_the_app_keeps_the_window_loop_and_scenes_with_no_hook_for_the_instruments() -> None:
    """The game in progress, its autosave and the practice live in the host beside the app
    (``play/host.py``); the benchmarks and the smoke test drive ``App.step`` from their own
    loops, so the app carries no frame record, no per-frame callback and no frame limit."""
    import inspect

    from kalooki_desktop.app import App

    source = inspect.getsource(App)
    for hook in ("frame_ms", "on_frame", "max_frames"):
        assert hook not in source, hook
    assert list(inspect.signature(App.run).parameters) == ["self", "first"]
    for game_state in ("session", "practice", "set_session", "autosave_now", "offer_backup"):
        assert f"self.{game_state}" not in source, game_state


def _reached(graph: dict[str, set[str]], start: str) -> set[str]:
    """Every module ``start`` imports, directly or through others."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        for w in graph[todo.pop()]:
            if w not in seen:
                seen.add(w)
                todo.append(w)
    return seen


def test_storage_reads_and_writes_the_record_never_the_session_the_scenes_or_the_window() -> None:
    """Storage depends on the engine and the game's record (``play/record.py``): the session's
    threads and clock, the scenes and pygame's window are out of its reach."""
    graph = import_graph()
    banned = ("kalooki_desktop.play.session", "kalooki_desktop.play.host", "kalooki_desktop.scenes",
              "kalooki_desktop.ui", "kalooki_desktop.app")
    for module in (m for m in graph if m.startswith("kalooki_desktop.storage")):
        reached = _reached(graph, module)
        bad = sorted(m for m in reached if m.startswith(banned))
        assert not bad, f"{module} reaches {bad}"


# --- the game protocol's clients -------------------------------------------------------------

ENGINE = "kalooki_desktop.engine"
BRITISH = f"{ENGINE}.british"
def _outside_the_engine(module: str) -> bool:
    return not (module == ENGINE or module.startswith(ENGINE + "."))


def test_outside_the_engine_the_british_package_is_reached_through_the_registry() -> None:
    """``from ..engine.systems import british``, never ``engine.british.*`` itself: the rule
    systems' registry is the one door to a system."""
    graph = import_graph()
    assert BRITISH in graph[f"{ENGINE}.systems"]  # the graph sees the British package
    reaching = sorted(m for m, targets in graph.items() if _outside_the_engine(m)
                      and any(t == BRITISH or t.startswith(BRITISH + ".") for t in targets))
    assert reaching == []


#: What the scenes beside the table, the standings, the game setup, storage, the British
#: computer players and the coach command read of a game: the protocol only.
PROTOCOL_CLIENTS = (
    *sorted((PACKAGE / "scenes").glob("*.py")),
    PACKAGE / "play" / "standings.py",
    PACKAGE / "play" / "gamesetup.py",
    *sorted((PACKAGE / "storage").glob("*.py")),
    PACKAGE / "ai" / "british.py",
    PACKAGE / "tools" / "coach_cli.py",
)
#: The engine's game, rules, view, deal and result types: a client that asks which of them it
#: holds tells the rule systems apart by type, where the protocol says what differs.
GAME_TYPES = {"Match", "BritishMatch", "Game", "View", "BritishView", "SeatView", "RuleSet", "BritishRules",
              "Rules", "HandState", "BritishHand", "Deal", "DealResult", "AnyMatch", "AnyRules"}


def _type_names(node: ast.expr) -> set[str]:
    return {n.attr if isinstance(n, ast.Attribute) else n.id for n in ast.walk(node)
            if isinstance(n, ast.Name | ast.Attribute)}


def protocol_breaches(path: Path) -> list[str]:
    """``isinstance`` on a game type, ``getattr`` on rules, a view, a game or a result, and the
    two-system unions, in ``path``."""
    found = []
    name = path.relative_to(ROOT).as_posix()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and len(node.args) >= 2:
            if node.func.id == "isinstance" and _type_names(node.args[1]) & GAME_TYPES:
                found.append(f"{name}:{node.lineno} {ast.unparse(node)}")
            if node.func.id == "getattr" and any(word in ast.unparse(node.args[0]) for word in
                                                 ("rules", "view", "match", "game", "result")):
                found.append(f"{name}:{node.lineno} {ast.unparse(node)}")
        if isinstance(node, ast.Name) and node.id in ("AnyMatch", "AnyRules"):
            found.append(f"{name}:{node.lineno} {node.id}")
    return found


#: The type checks those clients keep, by file: version 1 of the save format held the Jamaican
#: game alone, and its upgrade replays that game's own turn (J-5.2's callers) to its digest.
KEPT_TYPE_CHECKS = {"kalooki_desktop/storage/saves.py": ["isinstance(match, Match)"]}


def test_the_scenes_standings_and_storage_read_a_game_through_the_protocol() -> None:
    found: dict[str, list[str]] = {}
    for path in PROTOCOL_CLIENTS:
        for breach in protocol_breaches(path):
            where, _, what = breach.partition(" ")
            found.setdefault(where.partition(":")[0], []).append(what)
    assert found == KEPT_TYPE_CHECKS


def test_the_app_s_per_system_glue_type_checks_without_silencing() -> None:
    """``play/games.py`` says which view each system's helpers get rather than silencing the
    type checker (the bot registry's ``make_bot`` is another part of the work)."""
    tree = ast.parse((PACKAGE / "play" / "games.py").read_text(encoding="utf-8"))
    lines = (PACKAGE / "play" / "games.py").read_text(encoding="utf-8").splitlines()
    silenced = [node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)
                and any("type: ignore" in line for line in lines[node.lineno - 1:node.end_lineno])]
    assert [name for name in silenced if name != "make_bot"] == []


#: The most ``isinstance`` checks on those types the modules outside the engine may make.
MOST_GAME_TYPE_CHECKS = 5


def test_outside_the_engine_at_most_five_checks_tell_a_game_type_apart() -> None:
    """The rule systems differ in data and in methods of the one protocol, not in ``isinstance``
    at the callers (the few left: a version-1 save holds only the Jamaican game, the frame
    benchmark measures the Jamaican table)."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module = _module_name(path)
        if module == ENGINE or module.startswith(ENGINE + "."):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance"
                    and len(node.args) == 2 and _type_names(node.args[1]) & GAME_TYPES):
                found.append(f"{module}:{node.lineno}")
    assert len(found) <= MOST_GAME_TYPE_CHECKS, found


#: The layers of the product, lowest first (docs/architecture.md): a module imports only modules
#: of its own layer or those below. The instruments (``tools``) and the commands at the package
#: root stand above them all.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("engine", "i18n"),
    ("ai",),
    ("play.record", "play.games", "play.gamesetup"),
    ("storage",),
    ("play",),
    ("ui",),
    ("app",),  # the window, the loop, the scene stack and the Scene base the scenes extend
    ("scenes",),
    ("__main__",),
)


def _layer(module: str) -> int | None:
    """The layer of ``module`` (None for the instruments, the commands and the package's face):
    the most specific entry that names it or a package it is in."""
    rel = module.removeprefix("kalooki_desktop").lstrip(".")
    best: tuple[int, int] | None = None
    for i, names in enumerate(LAYERS):
        for n in names:
            if (rel == n or rel.startswith(n + ".")) and (best is None or len(n) > best[1]):
                best = (i, len(n))
    return best[0] if best else None


def test_every_module_imports_only_its_own_layer_or_those_below() -> None:
    graph = import_graph()
    upward = []
    for module, targets in sorted(graph.items()):
        mine = _layer(module)
        if mine is None:
            continue
        for t in sorted(targets):
            theirs = _layer(t)
            if theirs is not None and theirs > mine:
                upward.append(f"{module} -> {t}")
    assert upward == []
    placed = {m for m in graph if _layer(m) is not None}
    assert {"kalooki_desktop.engine.game", "kalooki_desktop.play.session", "kalooki_desktop.app"} <= placed
