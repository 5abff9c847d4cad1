"""The rules of British Kalooki (part B of the rule book) as data: the presets ``british40``
(B-1..B-12, the default of part B) and ``kalooki51`` (B-V1), and the switches B-V2 (North
American), B-V3/B-V4 (elimination limits), B-V5 (a Kalooki doubles the others' points) and its
Finnish alternative (25 added to each), and B-12 (the optional stakes: chips and the kitty).

>>> rules = make_british_rules("kalooki51")
>>> rules.opening, rules.ace_low, rules.joker_hand, rules.cards_each(4)
(51, True, 25, 13)
>>> na = make_british_rules("british40", ["B-V2"])
>>> na.opening, na.jokers, na.cards_each(3), na.cards_each(6), na.max_players
(51, 4, 15, 11, 6)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar, Final

BRITISH_PRESETS: Final = ("british40", "kalooki51")

#: Every switch of part B with a one-line plain explanation (shown in the new-game dialog).
BRITISH_SWITCHES: Final[dict[str, str]] = {
    "B-V2": "North American: 108 cards, more cards each, opening 51, ace 15 and joker 25 in hand.",
    "B-V3": "Swedish limit: out above 100 instead of 150.",
    "B-V4:301": "Long game: out above 301.",
    "B-V4:501": "Longer game: out above 501.",
    "B-V5": "A Kalooki doubles the others' points.",
    "B-V5:25": "A Kalooki adds 25 to each of the others' points (the Finnish rule).",
    "B-12": "Play for chips: 5 each in the kitty, a deal's winner paid by the others, the last in wins it.",
}

#: Shorthands read as the switch they stand for: B-V4's limit is written with its number
#: (``B-V4:301``, part B clarifications); a plain ``B-V4`` is its first limit.
ALIASES: Final[dict[str, str]] = {"B-V4": "B-V4:301"}


@dataclass(frozen=True)
class BritishRules:
    """One way to play part B. Read the fields rather than the switch ids."""

    system: ClassVar[str] = "british"  # the rule system (:class:`..game.Rules`)
    preset: str = "british40"
    switches: tuple[str, ...] = ()
    opening: int = 40  # B-4 / B-V1: the points of a player's first melds
    ace_low: bool = False  # B-2: ace high only / B-V1, B-V2: high or low, never both
    ace_hand: int = 11  # B-10: an ace left in hand; B-V2: 15
    joker_hand: int = 15  # B-10; B-V1, B-V2: 25
    jokers: int = 2  # B-1: 106 cards; B-V2: 108
    max_players: int = 5  # B-1; B-V2: 6
    limit: int = 150  # B-11; B-V3 100, B-V4 301 or 501
    buy_ins: int = 2  # B-11: at most two
    kalooki: str = "none"  # B-V5: "double" the others' points, or "plus25"
    own_melds_kalooki: bool = False  # B-V1: a Kalooki from the player's own melds only
    one_natural_frees: bool = False  # B-V2: one natural card frees a joker from a set
    kitty: bool = False  # B-12, optional stakes (never with B-V2)
    north_american: bool = False
    #: Nobody calls a discard in this game (the table reads these as it does the Jamaican rules).
    calling: bool = False
    max_calls: int = 0

    def cards_each(self, players: int) -> int:
        """Cards dealt to each player (B-1; B-V2 by the number of players)."""
        if not self.north_american:
            return 13
        return 15 if players <= 4 else 13 if players == 5 else 11

    def describe(self) -> str:
        """A short label: preset and switches."""
        return f"{self.preset} {' '.join(sorted(self.switches))}".strip()

    @property
    def name(self) -> str:
        """The game's name for a player: "Kalooki 40" or "Kalooki 51"."""
        return f"Kalooki {self.opening}"


def make_british_rules(preset: str = "british40", switches: Iterable[str] = ()) -> BritishRules:
    """The rules of ``preset`` (``british40`` or ``kalooki51``) with ``switches`` (ids of
    :data:`BRITISH_SWITCHES`). Raises ValueError on an unknown preset or switch."""
    if preset not in BRITISH_PRESETS:
        raise ValueError(f"unknown rules {preset!r} (part B: {', '.join(BRITISH_PRESETS)})")
    ids = tuple(dict.fromkeys(ALIASES.get(s, s) for s in switches))
    unknown = [s for s in ids if s not in BRITISH_SWITCHES]
    if unknown:
        raise ValueError(f"unknown switch {unknown[0]!r} (part B: {', '.join(BRITISH_SWITCHES)})")
    limits = [s for s in ids if s.startswith(("B-V3", "B-V4"))]
    if len(limits) > 1:
        raise ValueError("one elimination limit at a time (B-V3 or B-V4)")
    if "B-V5" in ids and "B-V5:25" in ids:
        raise ValueError("a Kalooki either doubles the others' points or adds 25 (B-V5)")
    k51, na = preset == "kalooki51", "B-V2" in ids
    limit = {"B-V3": 100, "B-V4:301": 301, "B-V4:501": 501}.get(limits[0], 150) if limits else 150
    return BritishRules(
        preset=preset,
        switches=ids,
        opening=51 if k51 or na else 40,
        ace_low=k51 or na,
        ace_hand=15 if na else 11,
        joker_hand=25 if k51 or na else 15,
        jokers=4 if na else 2,
        max_players=6 if na else 5,
        limit=limit,
        kalooki="double" if "B-V5" in ids else "plus25" if "B-V5:25" in ids else "none",
        own_melds_kalooki=k51,
        one_natural_frees=na,
        kitty="B-12" in ids and not na,
        north_american=na,
    )
