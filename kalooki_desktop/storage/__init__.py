"""Where the game keeps things on disk: saves, settings and statistics."""
