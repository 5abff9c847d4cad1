"""Every rule id of RULES.md parts J and B is named by some test (its name or its marker), and
the engine stays pure."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES_MD = ROOT.parent / "shared" / "RULES.md"
ENGINE = ROOT / "kalooki_desktop" / "engine"


def _part_j_ids() -> set[str]:
    if RULES_MD.exists():
        text = RULES_MD.read_text(encoding="utf-8")
        part_j = text.split("## Part B")[0]
        return set(re.findall(r"^- (J-[0-9A-Z.]+)", part_j, flags=re.M))
    # Without the shared folder, the ids the engine knows of stand in for the rule book.
    from kalooki_desktop.engine.rules import VARIANTS

    return set(VARIANTS)


def _part_b_ids() -> set[str]:
    if not RULES_MD.exists():
        from kalooki_desktop.engine.british.rules import BRITISH_SWITCHES

        return {s.split(":")[0] for s in BRITISH_SWITCHES}
    part_b = RULES_MD.read_text(encoding="utf-8").split("## Part B")[1].split("### Part B clarifications")[0]
    return set(re.findall(r"^- (B-[0-9A-Z]+)", part_b, flags=re.M)) | set(re.findall(r"(B-V\d)", part_b))


def covered_ids() -> set[str]:
    """The rule ids the tests name: in a test's name (``test_j_5_2_...``, ``test_j_v3_...``) or
    in its ``@pytest.mark.rules("J-2.4", ...)`` marker; comments and strings do not count."""
    named: set[str] = set()
    for path in (ROOT / "tests").glob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.FunctionDef) or not node.name.startswith("test_"):
                continue
            named |= {f"J-{a}.{b}" for a, b in re.findall(r"j_(\d+)_(\d+)", node.name)}
            named |= {f"J-{k.upper()}{n}" for k, n in re.findall(r"j_([vs])(\d+)", node.name)}
            named |= {f"B-{n}" for n in re.findall(r"(?<![a-z])b_(\d+)", node.name)}
            named |= {f"B-V{n}" for n in re.findall(r"b_v(\d+)", node.name)}
            for deco in node.decorator_list:
                if isinstance(deco, ast.Call) and ast.unparse(deco.func) == "pytest.mark.rules":
                    named |= {a.value for a in deco.args if isinstance(a, ast.Constant) and isinstance(a.value, str)}
    return named


def test_every_part_j_rule_is_covered_by_a_test() -> None:
    ids = {i.rstrip(".") for i in _part_j_ids()}
    assert len(ids) > 40 or not RULES_MD.exists()
    named = covered_ids()
    missing = sorted(i for i in ids if i not in named and not any(n.startswith(i + ".") for n in named))
    assert not missing, f"rule ids with no test naming them: {missing}"


def test_every_part_b_rule_is_covered_by_a_test() -> None:
    ids = _part_b_ids()
    assert len(ids) >= 15 or not RULES_MD.exists()
    missing = sorted(i for i in ids if i not in covered_ids())
    assert not missing, f"part-B rule ids with no test naming them: {missing}"


def test_the_engine_imports_only_the_standard_library() -> None:
    allowed_roots = set(sys.stdlib_module_names) | {"__future__"}
    for path in ENGINE.rglob("*.py"):  # the rule systems in sub-packages too
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                roots = [a.name.split(".")[0] for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                roots = [node.module.split(".")[0]]
            else:
                continue
            for root in roots:
                assert root in allowed_roots, f"{path.name} imports {root}"
