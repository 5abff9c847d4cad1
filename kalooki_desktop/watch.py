"""Watch computer players play a whole game in the terminal (the interim `make play`)."""

from __future__ import annotations

import random

from .ai.base import make_bot, next_decision
from .ai.hard import HardBot
from .ai.personas import persona
from .engine.cards import card_label
from .engine.match import Match
from .engine.rules import make_rules

SEATS = (("hard", "Miss Ivy"), ("normal", "Desmond"), ("easy", "Auntie Pearl"), ("normal", "Winston"))


def watch_match(preset: str = "jamaican", seed: int = 2026) -> int:
    """Play one game between computer players of every level and print each hand's outcome."""
    rules = make_rules(preset)
    bots = [make_bot(level) for level, _ in SEATS]
    for b in bots:
        if isinstance(b, HardBot):
            b.think_ms = 100  # quicker than at the table: nobody waits on animations here
    names = [f"{name} ({persona(level).title})" for level, name in SEATS]
    width = max(len(n) for n in names)
    match = Match(rules, len(SEATS), seed)
    rng = random.Random(seed)
    print(f"Kalooki ({rules.describe()}), seed {seed}: {', '.join(names)}\n")
    seen = 0
    while not match.over:
        seat, action = next_decision(match, bots, rng)
        match.apply(seat, action)
        for r in match.results[seen:]:
            seen += 1
            head = f"Hand {r.spec.number} ({r.spec.contract_text})"
            if r.void:
                print(f"{head}: the stock ran out twice - void, dealt again")
                continue
            assert r.out is not None
            bent = " and bent the table!" if r.bent else ""
            print(f"{head}: {names[r.out]} went out{bent}")
            for s, name in enumerate(names):
                left = " ".join(card_label(c) for c in r.hands[s]) or "-"
                print(f"    {name:<{width}} {r.scores[s]:>4}   {left}")
    print("\nFinal scores:")
    for s, name in enumerate(names):
        crown = "  <- winner" if s in match.winners else ""
        print(f"    {name:<{width}} {match.totals[s]:>5}{crown}")
    print("\n(The table where you play yourself comes with the desktop scenes.)")
    return 0
