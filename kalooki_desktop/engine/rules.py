"""Rule sets: the schedule of contracts (J-3.2, J-S1..J-S4) and every variant switch as data.

A :class:`RuleSet` is frozen and built by :func:`make_rules` from a preset name
(``jamaican``, ``baby``, ``short``, ``custom``) plus variant ids (``J-V1`` .. ``J-V10``,
``J-S1`` .. ``J-S4``, and ``J-3.5`` for the dealer's cut bonus).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import ClassVar, Final

THREE: Final = 3
FOUR: Final = 4

Contract = tuple[int, ...]

#: Cards dealt for each contract in the standard and Baby schedules (J-3.2, J-S1).
CARDS_FOR_CONTRACT: Final[dict[Contract, int]] = {
    (3, 3, 3): 9,
    (3, 3, 4): 10,
    (3, 4, 4): 11,
    (4, 4, 4): 12,
    (3, 3, 3, 3): 12,
    (3, 3, 3, 4): 13,
    (3, 3, 4, 4): 14,
    (3, 4, 4, 4): 15,
    (4, 4, 4, 4): 16,
    (3, 3): 6,
    (3, 4): 7,
    (4, 4): 8,
}

JAMAICAN_CONTRACTS: Final[tuple[Contract, ...]] = (
    (3, 3, 3),
    (3, 3, 4),
    (3, 4, 4),
    (4, 4, 4),
    (3, 3, 3, 3),
    (3, 3, 3, 4),
    (3, 3, 4, 4),
    (3, 4, 4, 4),
    (4, 4, 4, 4),
)
BABY_CONTRACTS: Final[tuple[Contract, ...]] = ((3, 3), (3, 4), (4, 4))
#: J-S2: the schedule without hands 3 and 8.
SHORT_CONTRACTS: Final[tuple[Contract, ...]] = tuple(
    c for i, c in enumerate(JAMAICAN_CONTRACTS, start=1) if i not in (3, 8)
)
#: J-V6: a sudden-death hand is played for the hand-9 contract.
SUDDEN_DEATH_CONTRACT: Final[Contract] = (4, 4, 4, 4)

PRESETS: Final = ("jamaican", "baby", "short", "custom")

#: Every variant id with a one-line plain explanation (shown in the new-game dialog).
VARIANTS: Final[dict[str, str]] = {
    "J-V1": "No calling: nobody may call a discard.",
    "J-V2": "Caribbean joker move: only a four's owner moves its joker, to either end.",
    "J-V3": "Players who have laid down may still take from the discard pile.",
    "J-V4": "Going out without a final discard: the last card may leave by a lay or tack.",
    "J-V5": "A joker left in hand costs 25 points instead of 50.",
    "J-V6": "A tie for the lowest score is broken by a sudden-death hand of four fours.",
    "J-V7": "Caribbean scoring: going out scores -50; missing the contract adds 50.",
    "J-V8": "Twelve cards in each of hands 1-3 (Baby Kalooki: eight cards in each hand).",
    "J-V9": "Open hands: everyone plays face up, to learn the schedule.",
    "J-V10": "Six jokers instead of four with 3-4 players ('J-V10:5' for five).",
    "J-S1": "Baby Kalooki: three hands of 3 3, 3 4 and 4 4.",
    "J-S2": "Short game of 7 hands: the schedule without hands 3 and 8.",
    "J-S3": "Custom schedule: any sequence of the contracts.",
    "J-S4": "Match of three games of the schedule (27 hands of the Jamaican one); the lowest total wins.",
    "J-3.5": "Dealer's cut bonus: cutting exactly the cards to be dealt scores -50.",
}


@dataclass(frozen=True, slots=True)
class HandSpec:
    """One hand of the schedule: its number (1-based), the cards dealt and the contract."""

    number: int
    cards: int
    contract: Contract
    #: How many threes and how many fours the contract asks for (counted once: the bots' plans
    #: ask for them hundreds of thousands of times a search).
    threes: int = field(init=False, repr=False, compare=False)
    fours: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "threes", self.contract.count(THREE))
        object.__setattr__(self, "fours", self.contract.count(FOUR))

    @property
    def contract_text(self) -> str:
        """The contract as the rule book writes it, e.g. ``3 3 4 4``."""
        return contract_text(self.contract)


def contract_text(contract: Sequence[int]) -> str:
    """``(3, 3, 4)`` -> ``'3 3 4'``."""
    return " ".join(str(k) for k in contract)


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Every rule switch of a game. Build one with :func:`make_rules`."""

    system: ClassVar[str] = "jamaican"  # the rule system (:class:`.game.Rules`)
    preset: str = "jamaican"
    variants: frozenset[str] = frozenset()
    schedule: tuple[HandSpec, ...] = ()
    calling: bool = True  # J-V1 switches it off
    max_calls: int = 3  # J-5.6
    owner_moves_joker: bool = False  # J-V2
    laid_may_take_discard: bool = False  # J-V3
    out_without_discard: bool = False  # J-V4
    joker_points: int = 50  # J-1.3 / J-V5
    sudden_death: bool = False  # J-V6
    house_scoring: bool = False  # J-V7
    open_hands: bool = False  # J-V9
    extra_jokers: int = 0  # J-V10
    cut_bonus: bool = False  # J-3.5
    games: int = 1  # J-S4
    sudden_death_spec: HandSpec = field(
        default=HandSpec(0, CARDS_FOR_CONTRACT[SUDDEN_DEATH_CONTRACT], SUDDEN_DEATH_CONTRACT)
    )

    @property
    def hands_per_game(self) -> int:
        """Hands in one game of the schedule."""
        return len(self.schedule) // self.games

    @property
    def switches(self) -> tuple[str, ...]:
        """The variant ids in force, sorted."""
        return tuple(sorted(self.variants))

    @property
    def name(self) -> str:
        """The game's name for a player."""
        return "Jamaican Kalooki"

    def describe(self) -> str:
        """A short label: preset and variants."""
        extra = " ".join(sorted(self.variants))
        return f"{self.preset} {extra}".strip()


def _variant_ids(variants: Iterable[str]) -> tuple[set[str], int]:
    """The variant ids asked for, and the extra jokers of J-V10 (``J-V10`` six, ``J-V10:5``)."""
    ids: set[str] = set()
    extra_jokers = 0
    for raw in variants:
        vid = raw.strip().upper()
        param = ""
        if ":" in vid:
            vid, param = vid.split(":", 1)
        if vid not in VARIANTS:
            raise ValueError(f"unknown variant {raw!r} (known: {', '.join(VARIANTS)})")
        if vid == "J-V10":
            if param not in ("", "5", "6"):
                raise ValueError("J-V10 takes 5 or 6 jokers: 'J-V10' (six) or 'J-V10:5'")
            extra_jokers = 1 if param == "5" else 2
        elif param:
            raise ValueError(f"variant {vid} takes no parameter")
        ids.add(vid)
    return ids, extra_jokers


def _contracts(
    preset: str, ids: set[str], schedule: Sequence[Sequence[int] | str] | None
) -> tuple[str, tuple[Contract, ...]]:
    """The preset a schedule variant makes it (J-S1..J-S3), and its contracts (a custom
    schedule adds J-S3 to ``ids``)."""
    if "J-S1" in ids:
        preset = "baby"
    elif "J-S2" in ids:
        preset = "short"
    elif "J-S3" in ids or schedule is not None:
        preset = "custom"
    if preset == "custom":
        if not schedule:
            raise ValueError("a custom schedule (J-S3) needs a list of contracts")
        ids.add("J-S3")
        return preset, tuple(_parse_contract(s) for s in schedule)
    return preset, {"baby": BABY_CONTRACTS, "short": SHORT_CONTRACTS}.get(preset, JAMAICAN_CONTRACTS)


def _parse_contract(spec: Sequence[int] | str) -> Contract:
    if isinstance(spec, str):
        parts = spec.replace(",", " ").split()
        try:
            contract = tuple(int(p) for p in parts)
        except ValueError:
            raise ValueError(f"not a contract: {spec!r}") from None
    else:
        contract = tuple(int(k) for k in spec)
    contract = tuple(sorted(contract))
    if contract not in CARDS_FOR_CONTRACT:
        known = ", ".join(contract_text(c) for c in CARDS_FOR_CONTRACT)
        raise ValueError(f"not a contract of the rule book: {spec!r} (known: {known}) (J-S3)")
    return contract


def make_rules(
    preset: str = "jamaican",
    variants: Iterable[str] = (),
    schedule: Sequence[Sequence[int] | str] | None = None,
) -> RuleSet:
    """Build the :class:`RuleSet` for a preset name and variant ids.

    ``schedule`` is the list of contracts of a custom schedule (preset ``custom`` or J-S3).

    >>> r = make_rules("jamaican", ["J-V5"])
    >>> r.joker_points, len(r.schedule), r.schedule[6].contract_text
    (25, 9, '3 3 4 4')
    >>> [h.cards for h in make_rules("baby", ["J-V8"]).schedule]
    [8, 8, 8]
    """
    preset = preset.strip().lower()
    if preset not in PRESETS:
        raise ValueError(f"unknown rules preset {preset!r} (known: {', '.join(PRESETS)})")
    ids, extra_jokers = _variant_ids(variants)
    preset, contracts = _contracts(preset, ids, schedule)
    twelve = "J-V8" in ids
    games = 3 if "J-S4" in ids else 1

    def cards_for(contract: Contract) -> int:
        if twelve and contract in BABY_CONTRACTS:
            return 8
        if twelve and contract in JAMAICAN_CONTRACTS[:3]:
            return 12
        return CARDS_FOR_CONTRACT[contract]

    specs = tuple(
        HandSpec(n, cards_for(c), c)
        for n, c in enumerate(contracts * games, start=1)
    )
    return RuleSet(
        preset=preset,
        variants=frozenset(ids),
        schedule=specs,
        calling="J-V1" not in ids,
        owner_moves_joker="J-V2" in ids,
        laid_may_take_discard="J-V3" in ids,
        out_without_discard="J-V4" in ids,
        joker_points=25 if "J-V5" in ids else 50,
        sudden_death="J-V6" in ids,
        house_scoring="J-V7" in ids,
        open_hands="J-V9" in ids,
        extra_jokers=extra_jokers,
        cut_bonus="J-3.5" in ids,
        games=games,
    )
