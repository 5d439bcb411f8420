"""Where seat 1's straight outs come from: its own tiles, the others' melds, a take.

For each seed of ``--start`` .. ``--start + --hands - 1`` (one-hand matches, seat 1
plays ``--seat1``, seats 2-4 ``--others``, as bench_hands.py):

* **The own-tile ceiling**, from the deal alone: the first of seat 1's draws from the
  middle after which its rack and those draws hold 21 tiles of runs and sets (the
  best melds, value first, as the solver makes them), with the draws it would get if
  nobody took a discard (every fourth tile of the middle, from its place after the
  starter). A straight out made of nothing but the seat's own tiles needs that.
* **How it went out**, when seat 1 went straight out in the hand as played: on that
  last turn, whether it took the left discard, how many tiles it added to melds on
  the table (the others' melds: it had laid none) and how many okeys it swapped off
  them.

    python benchmarks/bench_straight_outs.py --seat1 expert --others normal \\
        --start 5000 --hands 200 --out straight.json

The rows go to ``--out`` (JSON); a summary is printed.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import Counter
from functools import partial
from typing import Any

from bench_hands import _bots, play_rows, seed_options

from okey_tui.bots.driver import play_bot_turn
from okey_tui.engine.match import Match
from okey_tui.engine.rules import RuleSet
from okey_tui.engine.solver import melds_outline
from okey_tui.engine.tiles import Tile

SEAT = 0  # seat 1 in the benchmarks' counting
STRAIGHT_NEED = 21  # all but the one tile thrown, on a turn holding 22


def own_draws(middle: list[Tile], starter: int, seat: int) -> list[Tile]:
    """The tiles ``seat`` draws from ``middle`` when nobody takes a discard: the starter
    throws without drawing, then every seat in turn draws the next tile."""
    order = [(starter + 1 + i) % 4 for i in range(len(middle))]
    return [tile for tile, drawer in zip(middle, order, strict=True) if drawer == seat]


def own_tile_ceiling(rack: list[Tile], draws: list[Tile], okey: Tile) -> int | None:
    """The first count of draws after which ``rack`` and those draws hold 21 tiles of
    runs and sets (0: the rack as dealt); None when no count does."""
    for count in range(len(draws) + 1):
        if melds_outline(rack + draws[:count], okey).tiles_used >= STRAIGHT_NEED:
            return count
    return None


def study_hand(seat1: str, others: str, seed: int) -> dict[str, Any]:
    bots = _bots(seat1, others)
    match = Match(RuleSet(hands=1), seed)
    hand = match.hand
    rack = list(hand.racks[SEAT])
    ceiling = own_tile_ceiling(rack, own_draws(list(hand.middle), hand.turn, SEAT), hand.okey)
    while not hand.is_over:
        play_bot_turn(hand, bots[hand.turn], (0, 0, 0, 0))
    outcome = hand.outcome
    straight = outcome is not None and outcome.finisher == SEAT and outcome.straight
    row: dict[str, Any] = {"seed": seed, "ceiling": ceiling, "straight": straight}
    if straight:
        starts = [
            i
            for i, event in enumerate(hand.events)
            if event.seat == SEAT and event.kind in ("draw", "take")
        ]
        last = [e.kind for e in hand.events[starts[-1] :] if e.seat == SEAT] if starts else []
        row.update(took=last[:1] == ["take"], added=last.count("add"), swapped=last.count("swap"))
    match.finish_hand()
    return row


def summary(rows: list[dict[str, Any]]) -> None:
    hands = len(rows)
    reach = [r["ceiling"] for r in rows if r["ceiling"] is not None]
    print(
        f"{hands} hands: the own tiles reach a straight out in {len(reach)} "
        f"({len(reach) / hands:.1%}; by the draw: {dict(sorted(Counter(reach).items()))})"
    )
    outs = [r for r in rows if r["straight"]]
    if not outs:
        print("seat 1 never went straight out")
        return
    added = [r["added"] for r in outs]
    alone = sum(1 for r in outs if not r["took"] and not r["added"] and not r["swapped"])
    print(
        f"seat 1 went straight out in {len(outs)} ({len(outs) / hands:.1%}): "
        f"took the left discard on that turn in {sum(r['took'] for r in outs)}, "
        f"added tiles to the others' melds in {sum(1 for a in added if a)} "
        f"(median {statistics.median(added):g}, at most {max(added)}), "
        f"swapped an okey in {sum(1 for r in outs if r['swapped'])}; "
        f"with its own tiles alone in {alone}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seat1", default="expert", help="seat 1's level or expert:settings")
    seed_options(parser, hands=200)
    args = parser.parse_args()
    seeds = range(args.start, args.start + args.hands)
    rows = play_rows(partial(study_hand, args.seat1, args.others), seeds, args.jobs, args.out)
    summary(rows)
    args.out.write_text(json.dumps(rows))


if __name__ == "__main__":
    main()
