"""The table reads a game through the one game protocol (``engine/game.py``, ``engine/seatview.py``,
``engine/systems.py``): it never asks which rule system a game, its rules, view, deal or result
belongs to, and it reaches British Kalooki's own helpers only through the registry."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "kalooki_desktop" / "scenes" / "table"

#: The types of a game, its rules, a view, a deal and a result, of either rule system.
GAME_TYPES = frozenset({
    "Game", "Match", "BritishMatch", "AnyMatch",
    "Rules", "RuleSet", "BritishRules", "AnyRules",
    "SeatView", "View", "BritishView",
    "Deal", "HandState", "BritishHand",
    "DealResult", "HandResult",
})
#: The most ``isinstance`` checks on those types that ``scenes/table/`` may hold.
MOST_ISINSTANCE = 0


def _trees() -> dict[str, ast.Module]:
    return {p.name: ast.parse(p.read_text(encoding="utf-8")) for p in sorted(TABLE.glob("*.py"))}


def _names(node: ast.expr) -> set[str]:
    """The plain and dotted names in a type expression (``A | B``, ``(A, B)``, ``x.A``)."""
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)} | {
        n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)
    }


def test_the_table_tells_no_game_type_apart_by_isinstance() -> None:
    found = [
        f"{name}:{node.lineno}"
        for name, tree in _trees().items()
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance"
        and len(node.args) == 2 and _names(node.args[1]) & GAME_TYPES
    ]
    assert len(found) <= MOST_ISINSTANCE, found


def test_the_table_imports_british_kalooki_only_through_the_registry() -> None:
    found = []
    for name, tree in _trees().items():
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom) or node.module is None:
                continue
            parts = node.module.split(".")
            if "british" in parts or node.module in ("engine.view", "play.games"):
                found.append(f"{name}:{node.lineno} from {node.module}")
    assert not found, found


def test_the_table_names_no_system_s_own_game_view_or_rules_type() -> None:
    """Signatures and fields say ``Game``, ``SeatView``, ``DealResult``: not one system's class,
    nor a union of both; and no ``getattr`` with a default stands in for a field of the rules or a
    view, nor a flag asks whether the game is British."""
    own = {"Match", "BritishMatch", "AnyMatch", "RuleSet", "BritishRules", "AnyRules", "View", "BritishView",
           "HandState", "BritishHand"}
    found = []
    for name, tree in _trees().items():
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and node.id in own:
                found.append(f"{name}:{node.lineno} {node.id}")
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr" \
                    and _names(node.args[0]) & {"rules", "view"}:
                found.append(f"{name}:{node.lineno} getattr")
            if isinstance(node, ast.Attribute) and node.attr == "british":
                found.append(f"{name}:{node.lineno} .british")
    assert not found, found


def test_drops_and_slots_build_no_move_of_their_own_rules() -> None:
    """What a drop on a meld may do comes from the seat's move list (``legal_actions``): the drops
    know no rule system and build a joker retrieval only from what the engine lists."""
    tree = ast.parse((TABLE / "drops.py").read_text(encoding="utf-8"))
    built = [
        node.lineno for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Retrieve"
    ]
    flags = [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Name) and node.id == "british"]
    assert not built and not flags, (built, flags)


def _on_meld(cards: tuple[int, ...], meld: int) -> list[object]:
    """Every action that could put ``cards`` on table meld ``meld`` (1-based), legal or not."""
    from kalooki_desktop.engine.actions import MoveJoker, Retrieve, Tack

    if len(cards) > 1:
        return [Retrieve(cards, meld)]
    card = cards[0]
    return [Tack(card, meld), Tack(card, meld, "low"), Tack(card, meld, "high"), MoveJoker(card, meld),
            Retrieve(cards, meld)]


@pytest.mark.parametrize(("preset", "seed"), [("jamaican", 2), ("jamaican", 5), ("british40", 3), ("kalooki51", 8)])
def test_a_dragged_card_lights_every_meld_the_engine_would_take_it_on_and_no_other(preset: str, seed: int) -> None:
    """One card or two of the player's hand, in the turns of a whole game: the melds that glow
    are those where the engine accepts some play of those cards (a lay-off at either end, a joker
    moved or taken), whatever the rule system."""
    import random
    from itertools import combinations

    from kalooki_desktop.engine.cards import JOKER
    from kalooki_desktop.engine.turn import DecisionKind
    from kalooki_desktop.play.session import HUMAN, GameSetup, Session
    from kalooki_desktop.scenes.table.drops import Drops
    from kalooki_desktop.scenes.table.model import HandModel
    from kalooki_desktop.scenes.table.pointer import Drag

    session = Session(GameSetup(("normal", "normal", "normal"), preset, (), seed=seed), threaded=False, speed=1000)
    bot, rng = session.setup.game.make_bot("normal"), random.Random(seed)
    drops = Drops(session, HandModel())
    checked, now = 0, 0.0
    while not session.over and checked < 150:
        now += 5000
        if session.prompt() is None:
            session.tick(now)
            continue
        view = session.view()
        if session.prompt() == DecisionKind.PLAY and view.table:
            hand = sorted(set(view.my_hand))
            naturals = [c for c in hand if c != JOKER]
            for cards in [(c,) for c in hand] + list(combinations(naturals, 2)):
                lit = drops.targets(Drag("hand", list(cards), None, [], (0, 0))).melds
                takes = {i for i in range(len(view.table))
                         if any(session.check(a) is None for a in _on_meld(cards, i + 1))}  # type: ignore[arg-type]
                assert lit == takes, (cards, [m.describe() for m in view.table])
            checked += 1
        assert session.submit(bot.choose(session.match.view(HUMAN), rng)) is None  # type: ignore[arg-type]
    assert checked >= 20


@pytest.mark.parametrize(("preset", "seed"), [("jamaican", 5), ("british40", 3)])
def test_a_card_dropped_anywhere_on_a_meld_plays_a_legal_move_when_there_is_one(app, preset: str, seed: int) -> None:
    """A card of the player's hand dropped on any card of a meld or beyond either end: where the
    engine accepts some play of it on that meld, the drop makes a legal one; dropped on a joker
    whose place it may take, it takes it (a joker move, or a joker taken in British Kalooki)."""
    import random

    from kalooki_desktop.engine.actions import MoveJoker, Retrieve
    from kalooki_desktop.engine.cards import JOKER
    from kalooki_desktop.engine.turn import DecisionKind
    from kalooki_desktop.play.session import HUMAN, GameSetup, Session
    from kalooki_desktop.scenes.table import TableScene

    session = Session(GameSetup(("normal", "normal", "normal"), preset, (), seed=seed), threaded=False, speed=1000)
    scene = TableScene(app, session)
    g = scene.geometry
    bot, rng = session.setup.game.make_bot("normal"), random.Random(seed)
    checked, now = 0, 0.0
    while not session.over and checked < 60:
        now += 5000
        if session.prompt() is None:
            session.tick(now)
            continue
        view = session.view()
        if session.prompt() == DecisionKind.PLAY and view.table:
            for card in sorted(set(view.my_hand)):
                for i, meld in enumerate(view.table):
                    legal = [a for a in _on_meld((card,), i + 1) if session.check(a) is None]  # type: ignore[arg-type]
                    rects = g.meld_card_rects(i)
                    places = [(r.center, c) for r, c in zip(rects, meld.cards, strict=True)]
                    places += [((rects[0].x + 4, rects[0].centery), meld.cards[0]),
                               ((rects[-1].right - 4, rects[-1].centery), meld.cards[-1])]
                    for pos, under in places:
                        action = scene.drops.meld_action(card, i, pos, g)
                        assert not legal or session.check(action) is None, (card, meld.describe(), pos, action)
                        takes = [a for a in legal if isinstance(a, MoveJoker | Retrieve)]
                        if under == JOKER and takes and pos == places[meld.cards.index(JOKER)][0]:
                            assert isinstance(action, MoveJoker | Retrieve), (card, meld.describe(), action)
            checked += 1
        assert session.submit(bot.choose(session.match.view(HUMAN), rng)) is None  # type: ignore[arg-type]
    assert checked >= 20
