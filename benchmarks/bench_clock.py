"""What the wall clock does to the expert's decisions in a ladder row.

Plays the matches of ``bench_ladder.py`` (the same seeds and bots) and, for the
expert's seats:

- times every decision (wall clock and processor time) and logs the garbage
  collections that ran inside it, to tell a slow search from a collection;
- counts the finishing searches that ran out of time and, for each, runs the
  search again without a clock: when it finds a way out, the clock cost that
  finish (a straight out when the seat had not opened).

    python benchmarks/bench_clock.py --seats expert,normal,normal,normal \\
        --matches 100 --seed 1 [--first 0] [--slow-ms 250]

The extra searches run outside the timed decisions, but they share the
process's caches, so the matches can differ a little from a plain ladder row.
"""

from __future__ import annotations

import argparse
import gc
import time
from typing import Any

from okey_tui.bots import expert
from okey_tui.bots.arena import match_seed, play_match
from okey_tui.bots.base import make_bot
from okey_tui.bots.planner import OutOfTime
from okey_tui.engine.budget import Deadline
from okey_tui.engine.rules import RuleSet
from okey_tui.engine.view import PlayerView


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", default="expert,normal,normal,normal")
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--first", type=int, default=0, help="the first match number")
    parser.add_argument("--hands", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--slow-ms", type=float, default=250.0, help="list decisions over this")
    args = parser.parse_args()
    levels = [s.strip() for s in args.seats.split(",")]
    if len(levels) != 4:
        parser.error("--seats takes four bot levels")

    collections: list[tuple[float, int]] = []  # (ms, generation) of each collection
    started: list[float] = []

    def on_gc(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            started.append(time.perf_counter())
        elif started:
            collections.append(((time.perf_counter() - started.pop()) * 1000, info["generation"]))

    gc.callbacks.append(on_gc)

    slow: list[tuple[float, float, list[tuple[float, int]], str]] = []
    decisions = 0
    plain_advise = expert.ExpertBot.advise

    def advise(self: expert.ExpertBot, view: PlayerView) -> expert.Advice:
        nonlocal decisions
        decisions += 1
        seen = len(collections)
        wall, cpu = time.perf_counter(), time.process_time()
        advice = plain_advise(self, view)
        wall_ms = (time.perf_counter() - wall) * 1000
        cpu_ms = (time.process_time() - cpu) * 1000
        if wall_ms > args.slow_ms:
            slow.append((wall_ms, cpu_ms, collections[seen:], advice.kind))
        return advice

    searches = ran_out = missed = missed_straight = 0
    plain_finish = expert.ExpertBot._finish_now

    def finish_now(
        self: expert.ExpertBot, view: PlayerView, deadline: Deadline | None = None
    ) -> Any:
        nonlocal searches, ran_out, missed, missed_straight
        searches += 1
        try:
            found = plain_finish(self, view, deadline)
        except OutOfTime:
            found = None
            late = True
        else:
            late = deadline is not None and deadline.ran_out
        if late and found is None:
            ran_out += 1
            if plain_finish(self, view, None) is not None:
                missed += 1
                missed_straight += view.opening is None
            raise OutOfTime
        return found

    expert.ExpertBot.advise = advise  # type: ignore[method-assign]
    expert.ExpertBot._finish_now = finish_now  # type: ignore[method-assign]
    bots = [make_bot(level) for level in levels]
    rules = RuleSet(hands=args.hands)
    for number in range(args.first, args.first + args.matches):
        play_match(levels, rules, match_seed(args.seed, number), None, None, bots)

    print(
        f"{args.matches} matches ({args.seats}), seed {args.seed}, "
        f"from match {args.first}: {decisions} expert decisions"
    )
    print(f"decisions over {args.slow_ms:.0f} ms: {len(slow)}")
    for wall_ms, cpu_ms, held, kind in sorted(slow, reverse=True)[:15]:
        inside = ", ".join(f"gen {g} {ms:.0f} ms" for ms, g in held) or "none"
        print(
            f"  {wall_ms:7.1f} ms wall, {cpu_ms:7.1f} ms processor ({kind}); collections: {inside}"
        )
    print(
        f"finishing searches: {searches}, out of time: {ran_out}, "
        f"of those a finish without the clock: {missed} ({missed_straight} straight outs)"
    )


if __name__ == "__main__":
    main()
