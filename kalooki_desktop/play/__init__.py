"""The game as it is played in the app: the record of a game, its setup, practice, the review
and the standings, apart from how they are drawn."""
