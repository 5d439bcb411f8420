"""Benchmark bot decision time per level: median, 99th percentile and maximum.

Plays seeded bot-only matches with all four seats at one level and times
every ``choose`` call (a bot turn is several calls: draw, lays, discard).

    python benchmarks/bench_bots.py [--matches 20] [--hands 5] [--seed 1] [--levels easy,normal,hard]

The issue's budget for the hard bot: median <= 20 ms, max <= 500 ms.
"""

from __future__ import annotations

import argparse
import time

from okey_tui.bots.arena import run
from okey_tui.engine.rules import RuleSet


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--hands", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default="easy,normal,hard")
    args = parser.parse_args()
    rules = RuleSet(hands=args.hands)
    print(f"{args.matches} matches of {args.hands} hands per level, seed {args.seed}")
    print(
        f"{'level':8} {'decisions':>9} {'median ms':>10} {'p99 ms':>8} {'max ms':>8} {'errors':>6}"
    )
    for level in args.levels.split(","):
        start = time.perf_counter()
        report = run([level] * 4, rules, args.matches, args.seed)
        count = sum(len(times) for times in report.decisions.ms)
        t = report.decisions.summary()
        print(
            f"{level:8} {count:>9} {t['median']:>10.2f} {t['p99']:>8.2f} {t['max']:>8.2f} "
            f"{report.errors:>6}   ({time.perf_counter() - start:.1f} s)"
        )


if __name__ == "__main__":
    main()
