"""Kalooki desktop: Jamaican Kalooki and British Kalooki 40 / 51 against computer opponents."""

import os

# pygame prints a greeting on stdout when it is first imported; the game's commands (the
# benchmarks, the coach) print JSON there, so the greeting stays off in every entry point.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

__version__ = "0.1.0"
