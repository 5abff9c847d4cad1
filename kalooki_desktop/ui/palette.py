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

# Words on the felt and the panels, each a step quieter than TEXT.
TEXT_SOFT: Colour = (214, 222, 212)  # running words on a panel (the practice's and the personas')
TEXT_CAPTION: Colour = (206, 214, 204)  # a caption under a picture (the rules' schedule)
TEXT_DIM: Colour = (200, 208, 198)  # secondary words: a seat's title, a chart's key, a footnote
TEXT_HELP: Colour = (196, 206, 196)  # help beside a choice; an empty meld slot's ruling
TEXT_KEYS: Colour = (190, 200, 190)  # the line of keyboard keys at a screen's foot
TEXT_FAINT: Colour = (190, 198, 188)  # a chart's axis figures; a seat's words as they age
TEXT_PAST: Colour = (150, 160, 150)  # the hands of the schedule already played
COACH_QUIET: Colour = (178, 196, 184)  # the coach's line when it has nothing to flag
FELT_WORDS: Colour = (170, 196, 178)  # words written on the felt itself ("no melds yet")

# Charts and lists.
ROW_CHOSEN: Colour = (40, 80, 60)  # the chosen row of a list
CHART_GRID: Colour = (40, 70, 55)  # a chart's grid lines
CHART_LOST: Colour = (120, 150, 135)  # a game lost in the chart of games (a won one is GOLD)
TIMELINE: Colour = (20, 48, 36)  # the review's track of moves

CARD_FACE: Colour = (251, 247, 236)  # cream
CARD_EDGE: Colour = (120, 112, 98)
COURT_PANEL: Colour = (243, 233, 206)

BACK_GREEN: Colour = (18, 104, 62)
BACK_BLACK: Colour = (20, 22, 20)

RED: Colour = (196, 30, 42)
BLACK: Colour = (24, 24, 28)
BLUE: Colour = (28, 86, 190)
GREEN: Colour = (20, 128, 56)

#: Suit colours by suit index (S H D C), two-colour and four-colour decks.
SUIT_COLOURS_2: tuple[Colour, Colour, Colour, Colour] = (BLACK, RED, RED, BLACK)
SUIT_COLOURS_4: tuple[Colour, Colour, Colour, Colour] = (BLACK, RED, BLUE, GREEN)  # English: green clubs
AMBER: Colour = (190, 128, 0)  # the German deck's "yellow" diamonds, dark enough to read on cream
SUIT_COLOURS_4_GERMAN: tuple[Colour, Colour, Colour, Colour] = (GREEN, RED, AMBER, BLACK)  # green spades

#: One colour per seat for the score chart (the player first), distinct on the felt.
SEAT_COLOURS: tuple[Colour, ...] = (
    (240, 200, 80), (110, 180, 255), (255, 140, 90), (200, 130, 255),
    (120, 230, 160), (255, 120, 170), (230, 230, 230), (160, 210, 60),
)

#: The high-contrast look (Settings): a darker felt, black panels, white words, brighter accents,
#: card edges in black; every other colour as above.
HIGH_CONTRAST: dict[str, Colour] = {
    "FELT": (6, 44, 26), "FELT_DARK": (0, 14, 6), "PANEL": (0, 0, 0), "GOLD": (255, 212, 96),
    "GOLD_DARK": (214, 170, 70), "VALID": (120, 186, 255), "INVALID": (255, 164, 64), "TEXT": (255, 255, 255),
    "POINTS": (255, 255, 255), "TEXT_SOFT": (255, 255, 255), "TEXT_CAPTION": (255, 255, 255),
    "TEXT_DIM": (240, 240, 240), "TEXT_HELP": (240, 240, 240), "TEXT_KEYS": (240, 240, 240),
    "TEXT_FAINT": (232, 232, 232), "TEXT_PAST": (200, 200, 200), "COACH_QUIET": (240, 240, 240),
    "FELT_WORDS": (240, 240, 240), "CARD_EDGE": (0, 0, 0),
}
_STANDARD: dict[str, Colour] = {name: globals()[name] for name in HIGH_CONTRAST}
_high = [False]


def set_high_contrast(on: bool) -> bool:  # noqa: FBT001 (a setting's value)
    """Use the high-contrast colours (``on``) or the standard ones; True if that changed them."""
    if on == _high[0]:
        return False
    _high[0] = on
    globals().update(HIGH_CONTRAST if on else _STANDARD)
    return True


def high_contrast() -> bool:
    """True while the high-contrast colours are in use."""
    return _high[0]
