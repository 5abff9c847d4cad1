"""Computer players: each answers a seat's decisions from its :class:`View` and an injected rng.

Importing the package registers every level (each module registers its bots on import)."""

from . import greedy, hard, normal, random_bot
from .base import BOTS, Bot, make_bot

__all__ = ["BOTS", "Bot", "greedy", "hard", "make_bot", "normal", "random_bot"]
