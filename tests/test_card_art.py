"""Card pictures: every card draws at every size, the font has every glyph, results are cached,
and a missing asset says what is missing."""

from __future__ import annotations

import pygame
import pytest

from kalooki_desktop.engine.cards import JOKER, make_card
from kalooki_desktop.ui import cards, palette
from kalooki_desktop.ui.resources import MissingAsset, asset

ALL = [JOKER] + [make_card(r, s) for r in range(1, 14) for s in range(4)]


@pytest.fixture(autouse=True, scope="module")
def _pygame() -> None:
    pygame.init()


@pytest.mark.parametrize("height", [48, 96, 170, 320])
def test_every_face_and_the_back_draw_at_every_size(height: int) -> None:
    w, h = cards.card_size(height)
    for c in ALL:
        for four in (False, True):
            img = cards.face(c, height, four_colour=four)
            assert img.get_size() == (w, h)
    assert cards.back(height).get_size() == (w, h)
    # Corners are transparent (rounded); the middle is cream or ink, never empty.
    img = cards.face(make_card(1, 0), height)
    assert img.get_at((0, 0)).a < 128
    assert img.get_at((w // 2, h // 8)).a == 255


def test_red_and_black_inks_and_the_four_colour_decks() -> None:
    assert cards.suit_colour(1) == cards.suit_colour(2) == palette.RED
    assert cards.suit_colour(0) == cards.suit_colour(3) == palette.BLACK
    assert len({cards.suit_colour(s, four_colour=True) for s in range(4)}) == 4
    spades, hearts, diamonds, clubs = range(4)
    assert cards.suit_colour(clubs, four_colour=True) == palette.GREEN  # English: green clubs, blue diamonds
    assert cards.suit_colour(diamonds, four_colour=True) == palette.BLUE
    before = cards.face(make_card(5, diamonds), 120, four_colour=True)
    cards.set_four_colour_scheme("german")  # green spades, yellow diamonds
    try:
        assert cards.suit_colour(spades, four_colour=True) == palette.GREEN
        assert cards.suit_colour(diamonds, four_colour=True) == palette.AMBER
        assert cards.suit_colour(hearts, four_colour=True) == palette.RED
        assert cards.suit_colour(clubs, four_colour=True) == palette.BLACK
        assert cards.face(make_card(5, diamonds), 120, four_colour=True) is not before  # drawn anew
    finally:
        cards.set_four_colour_scheme("english")


def test_the_font_has_every_glyph_the_cards_use() -> None:
    assert cards.missing_glyphs("A2345678910JQK ♠♥♦♣★JOKER= ✓✗") == []


def test_pictures_are_cached_per_size() -> None:
    assert cards.face(make_card(7, 0), 120) is cards.face(make_card(7, 0), 120)
    assert cards.face(make_card(7, 0), 121) is not cards.face(make_card(7, 0), 120)


def test_joker_tag_names_the_card() -> None:
    tag = cards.joker_tag(make_card(7, 0), 150)
    assert tag.get_width() > tag.get_height() > 0


def test_a_missing_asset_says_which() -> None:
    with pytest.raises(MissingAsset, match=r"nope\.ttf"):
        asset("fonts", "nope.ttf")
    assert asset("fonts", "DejaVuSans.ttf").is_file()
    assert asset("fonts", "LICENSE-DejaVu.txt").is_file()


def test_drawn_images_are_kept_within_their_budget_of_pixel_memory() -> None:
    """A panel the size of a window weighs megabytes: the images kept for the next frames are
    bounded by their bytes, the least recently used going first, the last drawn always kept."""
    from kalooki_desktop.ui.surfcache import SurfaceCache

    drawn: list[int] = []

    def strip(width: int) -> pygame.Surface:
        drawn.append(width)
        return pygame.Surface((width, 10), pygame.SRCALPHA)  # 40 bytes a column

    cache = SurfaceCache(strip, budget=40 * 250)
    first = cache(100)
    assert cache(100) is first and drawn == [100]  # kept: drawn once
    cache(100)
    cache(120)  # 4,000 + 4,800 bytes: both kept
    assert len(cache) == 2 and cache.bytes == 8_800
    cache(100)  # used again: now the newest
    cache(50)  # 10,800 > 10,000: the least recently used (120) goes
    assert len(cache) == 2 and cache.bytes == 6_000
    cache(120)
    assert drawn == [100, 120, 50, 120]
    huge = cache(1_000)  # over the whole budget alone: kept, everything else goes
    assert len(cache) == 1 and cache(1_000) is huge
    cache.cache_clear()
    assert len(cache) == 0 and cache.bytes == 0


def test_a_width_is_the_width_of_the_drawn_words() -> None:
    from kalooki_desktop.ui import text

    for words in ("", "Kalooki", "Zwei Dreier und ein Vierer", "10♠ 10♥ = ein Dreier", "Äöü ß…"):
        for size in (9, 16, 31):
            for bold in (False, True):
                assert text.width(words, size, bold=bold) == text.render(words, size, bold=bold).get_width()


def test_the_faces_kept_weigh_at_most_a_windows_pixels() -> None:
    """Faces of screens left behind are drawn anew rather than kept: the faces' budget is the
    window's pixel bytes (never under :data:`cards.FACES_LEAST`), the newest kept first, and the
    last :data:`cards.FACES_KEPT` drawn whatever they weigh."""
    window = pygame.display.set_mode((1920, 1080))
    cards.forget_faces()
    first = cards.face(ALL[1], 96)
    for height in (150, 151, 152, 153, 154, 155, 156):  # 7 x 53 faces of about 107x153: 24 MB
        for card in ALL:
            cards.face(card, height)
    budget = window.get_pitch() * window.get_height()
    assert budget > cards.FACES_LEAST and cards._face.limit == budget
    assert cards._face.bytes <= budget
    assert cards.face(ALL[-1], 156) is cards.face(ALL[-1], 156)  # the newest stay
    assert cards.face(ALL[1], 96) is not first  # the oldest went, and are drawn again
    pygame.display.set_mode((1024, 640))  # a small window: the floor, and the last drawn kept
    big = [cards.face(card, 640) for card in ALL[:cards.FACES_KEPT]]  # 64 faces of 6.6 MB: over it
    assert cards._face.limit == cards.FACES_LEAST and cards._face.bytes > cards.FACES_LEAST
    assert all(cards.face(card, 640) is face for card, face in zip(ALL, big, strict=False))
    cards.forget_faces()
