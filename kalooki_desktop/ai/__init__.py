"""Computer players: each answers a seat's decisions from its :class:`View` and an injected rng."""

from .base import BOTS, Bot, make_bot

__all__ = ["BOTS", "Bot", "make_bot"]
