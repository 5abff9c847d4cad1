"""The widgets' pictures hold no more memory than they use: pygame_gui's working images go as
soon as a widget's state is drawn, and its cache of drawn shapes keeps to one page."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core.drawable_shapes.rounded_rect_drawable_shape import RoundedRectangleShape

from kalooki_desktop.ui import theme

from .gui import step


def test_a_rounded_widget_keeps_no_working_images_once_a_state_is_drawn(app) -> None:
    installed = RoundedRectangleShape.redraw_state
    assert getattr(installed, "drops_working_shapes", False)
    theme.drop_working_shapes()  # a second manager wraps nothing twice
    assert RoundedRectangleShape.redraw_state is installed
    button = pygame_gui.elements.UIButton(pygame.Rect(10, 10, 320, 60), "Start", app.ui)
    shape = button.drawable_shape
    assert isinstance(shape, RoundedRectangleShape)
    assert shape.temp_additive_shape is None and shape.temp_subtractive_shape is None
    step(app, 6)  # the other states, one a frame
    assert not shape.states_to_redraw_queue
    assert all(shape.states[s].surface is not None for s in ("normal", "hovered", "active"))
    assert shape.temp_additive_shape is None and shape.temp_subtractive_shape is None
    button.kill()


def test_the_shape_cache_keeps_to_its_one_page(app) -> None:
    cache = app.ui.get_theme().shape_cache
    assert isinstance(cache, theme.OnePageShapeCache) and len(cache.cache_surfaces) == 1
    for i in range(40):  # 40 shapes of 300x90: more than a page of 1024x1024 holds
        cache.add_surface_to_cache(pygame.Surface((300, 90), pygame.SRCALPHA), f"shape-{i}")
        cache.update()
    assert len(cache.cache_surfaces) == 1
    assert 0 < len(cache.cache_long_term_lookup) < 40


def test_a_place_freed_in_the_shape_cache_is_cleared_for_the_next_shape(app) -> None:
    """A shape blended onto a freed place shows nothing of the shape that was there before
    through its transparent corners."""
    cache = theme.OnePageShapeCache()
    red = pygame.Surface((300, 90), pygame.SRCALPHA)
    red.fill((255, 0, 0, 255))
    for i in range(40):  # more than the page holds
        cache.add_surface_to_cache(red.copy(), f"red-{i}")
        cache.update()
    for key in list(cache.cache_long_term_lookup):
        cache.remove_user_from_cache_item(key)
        cache._free_cached_surface(key)
    assert not cache.cache_long_term_lookup
    blue = pygame.Surface((300, 90), pygame.SRCALPHA)
    blue.fill((0, 0, 255, 255))
    blue.set_at((0, 0), (0, 0, 0, 0))  # a rounded corner's transparent pixel
    cache.add_surface_to_cache(blue, "blue")
    cache.update()
    kept = cache.find_surface_in_cache("blue")
    assert kept is not None and kept.get_parent() is not None  # on the page, where a red one was
    assert tuple(kept.get_at((0, 0))) == (0, 0, 0, 0)
    assert tuple(kept.get_at((5, 5))) == (0, 0, 255, 255)
