"""The screens of the game: menu, new game, table, scoreboard, rules, settings."""
