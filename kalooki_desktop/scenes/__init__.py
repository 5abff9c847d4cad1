"""The screens of the game: menu, new game, table, scoreboard, load, statistics, rules,
settings and the guided first hand's end. Importing the package registers each by name
(:func:`..app.register_scene`), so a scene opens another by name and no scene imports another."""

from . import (
    guide,
    keys,
    load,
    menu,
    newgame,
    practice,
    review,
    rules,
    scoreboard,
    settings,
    statistics,
    table,
)

__all__ = [
    "guide", "keys", "load", "menu", "newgame", "practice", "review", "rules", "scoreboard", "settings",
    "statistics", "table",
]
