"""The conventions the scenes and the widgets keep (docs/architecture.md, STYLE): buttons call
back, colours come from the palette, text sizes scale through one helper, and no public name
of the widgets' or the files' modules goes unused."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "kalooki_desktop"
SCENES = PACKAGE / "scenes"


def _trees(folder: Path) -> list[tuple[Path, ast.Module]]:
    return [(p, ast.parse(p.read_text(encoding="utf-8"))) for p in sorted(folder.rglob("*.py"))]


def _where(path: Path, node: ast.AST) -> str:
    return f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}"


def test_the_scenes_wire_their_buttons_with_commands():
    """A button's ``command`` is called when it is pressed; no scene reads the button's press
    event and asks which of its buttons it was."""
    found = [
        _where(path, node)
        for path, tree in _trees(SCENES)
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr == "UI_BUTTON_PRESSED"
    ]
    assert not found, "\n".join(found)


def _asks_which_widget(node: ast.AST) -> bool:
    return isinstance(node, ast.Compare) and any(
        isinstance(side, ast.Attribute) and side.attr == "ui_element" for side in (node.left, *node.comparators)
    )


def test_the_scenes_answer_their_other_widgets_through_callbacks():
    """A dropdown, a check box, a slider, a text box or a confirmation window reports through the
    callback the scene gave it (``ui.theme.Answers``); no scene compares an event's widget with
    its own."""
    found = [
        _where(path, node) for path, tree in _trees(SCENES) for node in ast.walk(tree) if _asks_which_widget(node)
    ]
    assert not found, "\n".join(found)


def _is_colour(node: ast.AST) -> bool:
    """A tuple of three or four whole numbers 0..255, not all small (``(1, 2, 5)`` is a list
    of steps, not a colour)."""
    if not isinstance(node, ast.Tuple) or len(node.elts) not in (3, 4):
        return False
    values = [e.value for e in node.elts if isinstance(e, ast.Constant) and type(e.value) is int]
    return len(values) == len(node.elts) and all(0 <= v <= 255 for v in values) and max(values) > 16


def test_the_scenes_take_every_colour_from_the_palette():
    found = [_where(path, node) for path, tree in _trees(SCENES) for node in ast.walk(tree) if _is_colour(node)]
    assert not found, "\n".join(found)


#: The names a scene gives a text size.
_SIZE_NAMES = {"font", "small", "big", "size", "title", "tiny"}
#: The text functions of :mod:`.ui.text`, by the place of their text size among their arguments.
_TEXT_CALLS = {"draw": 2, "wrap": 1, "width": 1, "render": 1, "fitted": 1}


def _uses_height(node: ast.AST) -> bool:
    return any(isinstance(n, ast.Name) and n.id == "h" for n in ast.walk(node))


def test_the_scenes_size_their_words_through_one_helper():
    """A text size is a size of the 1280x800 window through ``Scene.font_px`` (or
    :func:`.ui.theme.font_size`), never worked out from the window's height in place."""
    found = []
    for path, tree in _trees(SCENES):
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign):
                names = [t for t in node.targets if isinstance(t, ast.Name) and t.id in _SIZE_NAMES]
                pairs = [(t, node.value) for t in names]
                for target in node.targets:
                    if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple):
                        pairs += [
                            (t, v) for t, v in zip(target.elts, node.value.elts, strict=False)
                            if isinstance(t, ast.Name) and t.id in _SIZE_NAMES
                        ]
                found += [_where(path, node) for _, value in pairs if _uses_height(value)]
            elif (
                isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name) and node.func.value.id == "txt"
                and node.func.attr in _TEXT_CALLS and len(node.args) > _TEXT_CALLS[node.func.attr]
                and _uses_height(node.args[_TEXT_CALLS[node.func.attr]])
            ):
                found.append(_where(path, node))
    assert not found, "\n".join(found)


def _public_names(tree: ast.Module) -> list[str]:
    names: list[str] = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.append(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.append(node.target.id)
        elif isinstance(node, ast.Assign):
            names += [t.id for t in node.targets if isinstance(t, ast.Name)]
    return [n for n in names if not n.startswith("_")]


def test_every_public_name_of_the_widgets_and_the_files_is_used():
    """Each public function, class and constant of ``ui/`` and ``storage/`` is used somewhere
    else in the game, its tests, scripts or build (or again in its own module)."""
    sources = {p: p.read_text(encoding="utf-8") for d in ("kalooki_desktop", "tests", "scripts", "build")
               for p in (ROOT / d).rglob("*.py")}
    unused = []
    for folder in (PACKAGE / "ui", PACKAGE / "storage"):
        for path, tree in _trees(folder):
            for name in _public_names(tree):
                word = re.compile(rf"\b{re.escape(name)}\b")
                if len(word.findall(sources[path])) <= 1 and not any(
                    word.search(text) for p, text in sources.items() if p != path
                ):
                    unused.append(f"{path.relative_to(ROOT)}: {name}")
    assert not unused, "\n".join(unused)


def test_a_cards_rank_and_suit_are_read_through_the_cards_module():
    """Only ``engine/cards.py`` knows how a card is coded: everywhere else a card's rank and suit
    are ``rank_of(card)`` and ``suit_of(card)``, never a shift or a mask of the code."""
    found = [
        _where(path, node)
        for path, tree in _trees(PACKAGE)
        if path != PACKAGE / "engine" / "cards.py"
        for node in ast.walk(tree)
        if isinstance(node, ast.BinOp) and isinstance(node.right, ast.Constant)
        and ((isinstance(node.op, ast.RShift) and node.right.value == 2)
             or (isinstance(node.op, ast.BitAnd) and node.right.value == 3))
    ]
    assert not found, "\n".join(found)
