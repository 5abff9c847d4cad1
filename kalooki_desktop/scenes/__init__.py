"""The screens of the game: menu, new game, table, scoreboard, load, statistics, rules and
settings. Importing the package registers each by name (:func:`..app.register_scene`), so a scene
opens another by name and no scene imports another."""

from . import keys, load, menu, newgame, practice, review, rules, scoreboard, settings, statistics, table

__all__ = [
    "keys", "load", "menu", "newgame", "practice", "review", "rules", "scoreboard", "settings", "statistics",
    "table",
]
