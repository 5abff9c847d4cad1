"""The table scene, in parts: the hand-and-slots model (no pygame), the geometry, the pointer
and drag machine that turns presses into intents, what a drop means, the choreography of moves,
the controls, the words of the log and status line, the frame's snapshot and the pure drawing
functions (the seats, the rest of the table), and the scene that wires them."""

from . import dialogs
from .scene import TableScene

__all__ = ["TableScene", "dialogs"]
