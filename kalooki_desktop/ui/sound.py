"""Short, soft sound effects (shuffle, deal, card, call, lay, win, refused), with volume and mute
from the settings. No sound device or a missing file never stops the game: it stays silent and
the log says why once."""

from __future__ import annotations

import logging

import pygame

from .resources import MissingAsset, asset

log = logging.getLogger("kalooki.sound")
NAMES = ("card", "deal", "shuffle", "call", "lay", "win", "refused")


class Sounds:
    """The effects, loaded on first use."""

    def __init__(self) -> None:
        self._cache: dict[str, pygame.mixer.Sound | None] = {}
        self.volume = 0.7
        self.muted = False
        self._warned = False

    def _load(self, name: str) -> pygame.mixer.Sound | None:
        if name not in self._cache:
            try:
                if not pygame.mixer.get_init():
                    raise pygame.error("no audio device")
                self._cache[name] = pygame.mixer.Sound(str(asset("sounds", f"{name}.wav")))
            except (pygame.error, MissingAsset, FileNotFoundError) as exc:
                if not self._warned:
                    log.warning("sound effects off: %s", exc)
                    self._warned = True
                self._cache[name] = None
        return self._cache[name]

    def play(self, name: str, volume: float = 1.0) -> None:
        """Play an effect (nothing when muted or without sound)."""
        if self.muted or self.volume <= 0:
            return
        sound = self._load(name)
        if sound is not None:
            sound.set_volume(max(0.0, min(1.0, self.volume * volume)))
            sound.play()
