"""Drawing and interaction helpers for the desktop game (pygame). Nothing here changes game state."""
