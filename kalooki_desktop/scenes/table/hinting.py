"""The hint at the table (H, or the Hint button): asked for, thought out on its own thread
(:class:`.play.hints.Hints`), said to be coming, and shown once it is there: the move
highlighted, a lay put into the slots, and a few words why. A move made meanwhile drops it; the
table never waits for it."""

from __future__ import annotations

from typing import Protocol

from ...ai.advice import Advice
from ...app import App
from ...engine.actions import Action, Lay, Pass
from ...i18n import tr
from ...play.hints import Hints
from ...play.session import Session
from .model import HandModel
from .words import advice_text

#: How long a hint stays highlighted (ms).
HINT_MS = 6000
#: How long the words saying that the hint is coming stay at most (s): it replaces them.
COMING_S = 3.0


class Table(Protocol):
    """What of the table scene the hint uses."""

    app: App
    session: Session
    model: HandModel
    hint_action: Action | None
    hint_until: float

    @property
    def now(self) -> float: ...
    def busy(self) -> bool: ...
    def sync_hand(self) -> None: ...
    def lay_contract(self) -> None: ...
    def submit(self, action: Action) -> bool: ...


class TableHint:
    """The table's part of the hint: what was asked, and showing it once it is there."""

    def __init__(self, scene: Table) -> None:
        self.scene = scene
        self.hints = Hints(scene.session)
        self.asked: int | None = None  # the position (the game's version) the player asked in

    def ask(self) -> None:
        """H: ask for the hint of the position on show; it shows when ready (at once when it is
        known already), and the table says meanwhile that it is coming."""
        scene = self.scene
        if not self.hints.ask():
            scene.app.toast(tr("table.hint_wait"), scope="position")
            return
        self.asked = scene.session.version
        if not self.update():
            scene.app.toast(tr("table.hint_coming"), "info", COMING_S, scope="position")

    def update(self) -> bool:
        """Every frame: show the hint asked for once it is there (True when it was shown now);
        forget it when the game moved on first."""
        if self.asked is None:
            return False
        if self.asked != self.scene.session.version:
            self.asked = None  # a move came first: the hint was about a position left behind
            self.hints.cancel()
            return False
        advice = self.hints.ready()
        if advice is None:
            return False
        self.asked = None
        self.show(advice)
        return True

    def show(self, advice: Advice) -> None:
        """The hint on show: highlighted, a lay put into the slots (and said so), and why."""
        scene = self.scene
        action = advice.action
        scene.hint_action = None if isinstance(action, Pass) else action
        scene.hint_until = scene.now + HINT_MS
        words = advice_text(scene.session, advice)
        if isinstance(action, Lay):
            scene.sync_hand()  # the hint is the engine's: start from the engine's hand
            scene.model.stage_lay(action)
            words = f"{words} {tr('table.hint_staged')}"
        scene.app.toast(words, "info", HINT_MS / 1000, scope="position")

    def play(self) -> bool:
        """Play the hint's move through the same path as the player's hands once it is there
        (headless runs: the smoke test, the benchmarks); True if something was done."""
        scene = self.scene
        if scene.session.prompt() is None or scene.busy() or not self.hints.ask():
            return False
        advice = self.hints.ready()
        if advice is None:
            return False  # still thinking: asked again next frame
        if isinstance(advice.action, Lay):
            self.show(advice)
            scene.lay_contract()
            return True
        return scene.submit(advice.action)

    def close(self) -> None:
        """The table is left: the hint under way is dropped."""
        self.asked = None
        self.hints.close()
