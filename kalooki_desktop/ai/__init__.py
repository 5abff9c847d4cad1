"""Computer players: each answers a seat's decisions from its view and an injected rng.

Importing the package registers every bot of both rule systems (each module registers its bots
on import: :func:`.base.register`)."""

from . import british, greedy, hard, normal, random_bot
from .base import BOTS, SYSTEMS, Bot, Player, levels, make_bot

__all__ = ["BOTS", "SYSTEMS", "Bot", "Player", "british", "greedy", "hard", "levels", "make_bot", "normal",
           "random_bot"]
