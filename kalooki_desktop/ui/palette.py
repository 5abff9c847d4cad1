"""Every colour of the game in one place (LOOK.md): felt, panels, accents, card faces and suits."""

from __future__ import annotations

Colour = tuple[int, int, int]

FELT: Colour = (16, 92, 58)
FELT_DARK: Colour = (8, 52, 33)
PANEL: Colour = (14, 26, 20)
GOLD: Colour = (222, 178, 72)
GOLD_DARK: Colour = (150, 112, 34)
VALID: Colour = (66, 150, 245)  # clear blue for "valid"
INVALID: Colour = (245, 140, 40)  # orange for "invalid" (with a cross icon, never colour alone)
TEXT: Colour = (240, 236, 224)
POINTS: Colour = (220, 220, 200)  # what a card left in hand costs, under it on the scoreboard

CARD_FACE: Colour = (251, 247, 236)  # cream
CARD_EDGE: Colour = (120, 112, 98)
CARD_SHADOW: Colour = (0, 0, 0)
COURT_PANEL: Colour = (243, 233, 206)

BACK_GREEN: Colour = (18, 104, 62)
BACK_BLACK: Colour = (20, 22, 20)
BACK_GOLD: Colour = GOLD

RED: Colour = (196, 30, 42)
BLACK: Colour = (24, 24, 28)
BLUE: Colour = (28, 86, 190)
GREEN: Colour = (20, 128, 56)

#: Suit colours by suit index (S H D C), two-colour and four-colour decks.
SUIT_COLOURS_2: tuple[Colour, Colour, Colour, Colour] = (BLACK, RED, RED, BLACK)
SUIT_COLOURS_4: tuple[Colour, Colour, Colour, Colour] = (BLACK, RED, BLUE, GREEN)

#: One colour per seat for the score chart (the player first), distinct on the felt.
SEAT_COLOURS: tuple[Colour, ...] = (
    (240, 200, 80), (110, 180, 255), (255, 140, 90), (200, 130, 255),
    (120, 230, 160), (255, 120, 170), (230, 230, 230), (160, 210, 60),
)
