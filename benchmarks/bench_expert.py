"""Benchmark the expert's decision time against its budget.

Plays seeded five-hand matches with the expert in seat 1 and three bots of
another level, and times every expert decision twice: wall-clock time (what
a player waits) and processor time (the same less the time the process
waited for a core, which on a busy machine can be most of it). The expert
must not overrun its budget by more than 10%.

    python benchmarks/bench_expert.py [--matches 10] [--seed 1] [--against hard] [--budget-ms 300]
"""

from __future__ import annotations

import argparse
import time

from okey_tui.bots.arena import summarise
from okey_tui.bots.base import Bot, make_bot
from okey_tui.bots.driver import play_bot_step
from okey_tui.bots.expert import ExpertBot
from okey_tui.engine.actions import Action
from okey_tui.engine.match import Match
from okey_tui.engine.rules import RuleSet
from okey_tui.engine.view import PlayerView


class Timed:
    """The expert, with the wall-clock and processor time of every decision."""

    level = "expert"

    def __init__(self, bot: ExpertBot) -> None:
        self.bot = bot
        self.wall: list[float] = []
        self.cpu: list[float] = []

    def choose(self, view: PlayerView) -> Action:
        start = time.perf_counter()
        start_cpu = time.process_time()
        action = self.bot.choose(view)
        self.cpu.append((time.process_time() - start_cpu) * 1000)
        self.wall.append((time.perf_counter() - start) * 1000)
        return action


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--against", default="hard")
    parser.add_argument("--budget-ms", type=float, default=300.0)
    args = parser.parse_args()
    timed = Timed(ExpertBot(budget_ms=args.budget_ms))
    started = time.perf_counter()
    for k in range(args.matches):
        match = Match(RuleSet(hands=5), args.seed + k)
        bots: list[Bot] = [timed, *(make_bot(args.against) for _ in range(3))]
        while True:
            hand = match.hand
            while not hand.is_over:
                play_bot_step(hand, bots[hand.turn], tuple(match.totals()))
            match.finish_hand()
            if match.is_over:
                break
            match.next_hand()
    limit = args.budget_ms * 1.1
    print(
        f"{args.matches} matches of 5 hands, expert against {args.against} x3, seed {args.seed}, "
        f"budget {args.budget_ms:g} ms ({time.perf_counter() - started:.0f} s)"
    )
    print(
        f"{'':<16}{'decisions':>9} {'median ms':>10} {'p99 ms':>8} {'max ms':>8} {'> ' + format(limit, 'g') + ' ms':>10}"
    )
    for name, times in (("wall clock", timed.wall), ("processor time", timed.cpu)):
        t = summarise(sorted(times))
        over = sum(1 for v in times if v > limit)
        print(
            f"{name:<16}{len(times):>9} {t['median']:>10.2f} {t['p99']:>8.1f} {t['max']:>8.1f} {over:>10}"
        )


if __name__ == "__main__":
    main()
