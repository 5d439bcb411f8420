"""A bot-only match that saves after every action and resumes from its save.

It runs the same saving and resuming path as ``okey101 play`` (the same
save format) and plays the bots through the one driver
(:func:`okey_tui.bots.driver.play_bot_step`), without a screen: the
crash-and-resume tests kill it at random moments and check that the match
still ends exactly as an uninterrupted one. Run it with
``python -m okey_tui.autoplay --save FILE --seed N``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from okey_tui import storage
from okey_tui.bots.base import make_bot
from okey_tui.bots.driver import play_bot_step
from okey_tui.engine.match import Match
from okey_tui.engine.notation import format_position
from okey_tui.engine.rules import RuleSet


def run(save: Path, seed: int, rules: RuleSet, levels: Sequence[str]) -> Match:
    """Play (or continue) the match saved at ``save`` to its end, saving after every action."""
    saved = storage.load(save)
    if saved is not None:
        match = saved.match
        levels = saved.extra.get("levels", levels)
    else:
        match = Match(rules, seed)
        storage.save(match, {"levels": list(levels)}, save)
    bots = [make_bot(level) for level in levels]
    extra = {"levels": list(levels)}
    while True:
        hand = match.hand
        while not hand.is_over:
            play_bot_step(hand, bots[hand.turn], tuple(match.totals()))
            storage.save(match, extra, save)
        if not match.hand_scored:
            match.finish_hand()
            storage.save(match, extra, save)
        if match.is_over:
            return match
        match.next_hand()
        storage.save(match, extra, save)


def summary(match: Match) -> dict[str, object]:
    """Everything that decides how the match went, as JSON-ready data."""
    return {
        "totals": match.totals(),
        "winners": match.winners(),
        "hands": [format_position(h) for h in match.finished_hands],
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--save", type=Path, required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--type", default="classic")
    parser.add_argument("--seats", default="easy,easy,easy,easy")
    parser.add_argument("--out", type=Path, help="write the final summary here as JSON")
    args = parser.parse_args(argv)
    rules = RuleSet.from_code(f"{args.type}/{args.hands}")
    try:
        match = run(args.save, args.seed, rules, args.seats.split(","))
    except storage.SaveError as exc:
        print(exc, file=sys.stderr)
        return 1
    text = json.dumps(summary(match))
    if args.out:
        storage.atomic_write(args.out, text)
    else:
        print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
