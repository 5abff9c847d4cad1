"""``python -m kalooki_desktop.coach SAVE [--hand N] [--worlds N] [--after]``: the coach's
review of the player's decisions in one hand of a saved Jamaican game, as one JSON object (in
ASCII, so valid UTF-8 whatever the output's encoding and the save's file name).

Each decision of the player's seat in the hand (plucks, calls and passes, answers to calls, lays,
tacks, discards): its text, the coach's choice and why, the estimated cost in the player's points
with its 95% interval, and whether the coach flags it (:mod:`.ai.coach`). ``--after`` adds the
cost measured from the true position, every card known. The hand is the last one finished unless
``--hand`` names one (a hand dealt again after a void counts as its last deal). Exit 0; 2 when
the file cannot be used (said plainly on stderr).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..ai.coach import THRESHOLD, WORLDS, Estimate
from ..engine.actions import taken_back
from ..engine.cards import card_text
from ..engine.game import Game
from ..i18n import tr
from ..play.record import HUMAN, GameRecord
from ..play.review import game_as_begun, replay
from ..storage.files import BadFile


def review(session: GameRecord, hand: int | None = None, worlds: int = WORLDS,
           *, after: bool = False) -> dict[str, Any]:
    """The coach's review of the player's decisions in hand ``hand`` (a British deal's number) of
    ``session``'s game (replayed from its start); ValueError when the game has no such hand or
    does not replay as it was played (:class:`.review.ReplayFailed`)."""
    played = session.match
    deals = _deals(session, played.actions)
    finished = [n for n, deal in deals if deal < len(played.results)]
    target = hand if hand is not None else (finished[-1] if finished else played.hand_number)
    last = max((deal for n, deal in deals if n == target), default=None)
    if last is None:
        raise ValueError(tr("coach.no_hand", n=target))
    game = game_as_begun(session)
    decisions = []
    gone = taken_back(played.actions)  # a take back and the plays it returned are no decisions
    for i, (seat, action) in enumerate(played.actions):
        if deals[i][1] == last and seat == HUMAN and i not in gone:
            decisions.append(_decision(session, game, i, action, worlds, after=after))
        replay(game, seat, action)
    ended = last < len(game.results)
    contract = game.results[last].contract_text if ended else game.view(HUMAN).contract_text
    return {
        "hand": target,
        "contract": contract or played.rules.name,
        "budget_worlds": worlds,
        "threshold": THRESHOLD,
        "decisions": decisions,
        "flagged": sum(1 for d in decisions if d["flagged"]),
    }


def _deals(session: GameRecord, actions: Sequence[tuple[int, Any]]) -> list[tuple[int, int]]:
    """For each action: the number of the hand it was played in, and which deal of the game it
    was (a hand dealt again after a void is a deal of its own)."""
    game = game_as_begun(session)
    out = []
    for seat, action in actions:
        out.append((game.hand_number, len(game.results)))
        replay(game, seat, action)
    return out


def _decision(session: GameRecord, match: Game, index: int, action: Any, worlds: int, *,
              after: bool) -> dict[str, Any]:
    note = session.game.weigh(match.clone().view(HUMAN), action, random.Random(index), worlds)
    assert note is not None, "every game the app plays has its coach"
    params = {k: card_text(v) if k == "card" and isinstance(v, int) else v
              for k, v in note.advice.params.items()}
    out: dict[str, Any] = {
        "index": index,
        "kind": note.kind.value if note.kind is not None else None,
        "top": card_text(note.top) if note.top is not None else None,  # the pile's top card then
        "decision": str(action),
        "coach": str(note.advice.action),
        "why": tr(note.advice.why, **params),
        **_figures(note.estimate, "worlds"),
        "flagged": note.flagged,
    }
    if after and note.estimate.worlds:
        true_cost = session.game.cost_after(match, HUMAN, action, note.advice.action, rollouts=WORLDS)
        out["after"] = _figures(true_cost, "rollouts")
    return out


def _figures(e: Estimate, count: str) -> dict[str, Any]:
    low, high = e.interval
    finite = e.worlds >= 2
    interval = [round(low, 2), round(high, 2)] if finite else None
    return {"cost": round(e.mean, 2), "ci95": interval, count: e.worlds}


def main(argv: Sequence[str] | None = None) -> int:
    from ..storage import saves

    about = (__doc__ or "").split("\n")[0]
    parser = argparse.ArgumentParser(prog="python -m kalooki_desktop.coach", description=about)
    parser.add_argument("save", type=Path, help="a saved game (.json)")
    parser.add_argument("--hand", type=int, help="the hand's number (default: the last one finished)")
    parser.add_argument("--worlds", type=int, default=WORLDS,
                        help=f"the coach's budget per decision: worlds played out (default {WORLDS})")
    parser.add_argument("--after", action="store_true", help="add the cost with every card known")
    args = parser.parse_args(argv)
    try:
        session = saves.load(args.save)
    except BadFile as exc:  # said plainly; the file is left as it is (the command only reads)
        print(str(exc), file=sys.stderr)
        return 2
    except OSError:
        print(tr("coach.cannot_read", name=args.save.name), file=sys.stderr)
        return 2
    try:
        result = review(session, args.hand, max(0, args.worlds), after=args.after)
    except ValueError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    print(json.dumps({"save": readable(args.save), **result}, ensure_ascii=True))  # any output encoding
    return 0


def readable(path: Path) -> str:
    """``path`` as text that is valid Unicode: bytes of a file name that are not (a name that is
    not UTF-8) become replacement characters."""
    return os.fsencode(path).decode("utf-8", "replace") if os.name != "nt" else str(path)


if __name__ == "__main__":
    raise SystemExit(main())
