"""Where a seat's points come from: a ladder row broken down per hand.

Plays the same matches as ``okey101 simulate`` (the same seeds and bots)
and splits every hand's score of seat 1 and of the other three seats
(averaged) into its parts: the 202 (or more) of a hand never opened, the
tiles left after opening, okeys held at the end, penalties paid during the
hand, and the finisher's bonus. It also counts how hands ended.

    python benchmarks/bench_breakdown.py --seats expert,hard,hard,hard --matches 40 --seed 11
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass

from okey_tui.bots.arena import match_seed
from okey_tui.bots.base import make_bot
from okey_tui.bots.driver import play_bot_turn
from okey_tui.engine.match import Match
from okey_tui.engine.rules import RuleSet
from okey_tui.engine.state import EndKind


@dataclass
class Parts:
    hands: int = 0
    wins: int = 0
    opened: int = 0
    finished: int = 0
    straight: int = 0
    never_opened: int = 0  # points written for hands never opened
    tiles_left: int = 0  # points written for tiles left after opening
    okeys: int = 0  # okeys held at the end
    penalties: int = 0  # paid during the hand
    finish: int = 0  # the finisher's bonus (negative)
    total: int = 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", required=True)
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--hands", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    levels = [s.strip() for s in args.seats.split(",")]
    bots = [make_bot(level) for level in levels]
    rules = RuleSet(hands=args.hands)
    parts = [Parts() for _ in levels]
    totals: list[list[int]] = [[] for _ in levels]
    ended_empty = hands = 0
    started = time.perf_counter()
    for number in range(args.matches):
        match = Match(rules, match_seed(args.seed, number))
        while True:
            hand = match.hand
            so_far = tuple(match.totals())
            while not hand.is_over:
                play_bot_turn(hand, bots[hand.turn], so_far)
            result = match.finish_hand()
            hands += 1
            ended_empty += result.outcome.kind is EndKind.EMPTY_MIDDLE
            for line in result.seats:
                p = parts[line.seat]
                p.hands += 1
                p.opened += line.opened is not None
                if result.outcome.finisher == line.seat:
                    p.finished += 1
                    p.straight += result.outcome.straight
                    p.finish += line.finish
                elif line.opened is None:
                    p.never_opened += line.finish
                else:
                    p.tiles_left += line.finish
                p.okeys += line.okey_points
                p.penalties += line.penalties
                p.total += line.total
            if match.is_over:
                break
            match.next_hand()
        for seat in match.winners():
            parts[seat].wins += 1
        for seat, total in enumerate(match.totals()):
            totals[seat].append(total)
    print(
        f"{args.matches} matches of {args.hands} hands, seats {args.seats}, seed {args.seed} "
        f"({time.perf_counter() - started:.0f} s); {ended_empty} of {hands} hands ended "
        "with the middle empty"
    )
    print(
        f"{'':<10}{'wins':>6} {'mean total':>10} {'opened':>7} {'finished':>8} {'straight':>8}"
        f" | per hand: {'never opened':>12} {'tiles left':>10} {'okeys':>6} {'penalties':>9}"
        f" {'finish':>7} {'total':>6}"
    )
    for name, group in (("seat 1", [0]), ("others", [1, 2, 3])):
        ps = [parts[s] for s in group]
        n = sum(p.hands for p in ps)
        k = len(group)

        def per_hand(field: str, ps: list[Parts] = ps, n: int = n) -> float:
            return float(sum(getattr(p, field) for p in ps)) / n

        mean_total = statistics.fmean(t for s in group for t in totals[s])
        print(
            f"{name:<10}{sum(p.wins for p in ps) / k:>6.1f} {mean_total:>10.1f}"
            f" {per_hand('opened'):>7.0%} {per_hand('finished'):>8.1%} {per_hand('straight'):>8.1%}"
            f" | {'':>9} {per_hand('never_opened'):>12.1f} {per_hand('tiles_left'):>10.1f}"
            f" {per_hand('okeys'):>6.1f} {per_hand('penalties'):>9.1f} {per_hand('finish'):>7.1f}"
            f" {per_hand('total'):>6.1f}"
        )


if __name__ == "__main__":
    main()
