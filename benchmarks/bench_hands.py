"""Paired single hands: one bot (or expert setting) against three of a level, hand by hand.

Plays one-hand matches with the seeds ``--start`` .. ``--start + --hands - 1``
(seat 1 is the bot under test, seats 2-4 the ``--others`` level) and writes
each hand's totals and a few facts to ``--out`` (JSON, rewritten after every
hand). ``--compare`` reads such files and, for the seeds they share, prints
seat 1's total less the others' mean per hand, and the mean difference from
the first file, hand by hand, with its standard error. The deals are the same
for the same seed, so two settings are compared on the same hands: the
difference is far less noisy than two separate ladder rows.

    python benchmarks/bench_hands.py --seat1 expert --start 5000 --hands 300 --out a.json
    python benchmarks/bench_hands.py --seat1 expert:trust=5.0 --start 5000 --hands 300 --out b.json
    python benchmarks/bench_hands.py --compare a.json b.json

``expert:name=value:...`` passes settings to :class:`okey_tui.bots.expert.ExpertBot`
(``trust``, ``samples``, ``hold_share``, ``feed_worlds``, ``feed_cost``...).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from pathlib import Path
from typing import Any

from okey_tui.bots.base import Bot, make_bot
from okey_tui.bots.driver import play_bot_turn
from okey_tui.bots.expert import ExpertBot
from okey_tui.engine.match import Match
from okey_tui.engine.rules import RuleSet


def bot_for(spec: str) -> Bot:
    """A level name, or ``expert:name=value:...`` for an expert with other settings."""
    level, *settings = spec.split(":")
    if not settings:
        return make_bot(level)
    if level != "expert":
        raise SystemExit(f"settings are for the expert only: {spec}")
    kwargs: dict[str, Any] = {}
    for item in settings:
        name, _, value = item.partition("=")
        kwargs[name] = float(value) if "." in value else int(value)
    return ExpertBot(**kwargs)


def play(args: argparse.Namespace) -> None:
    bots = [bot_for(args.seat1)] + [make_bot(args.others) for _ in range(3)]
    rows: list[dict[str, Any]] = []
    started = time.perf_counter()
    for seed in range(args.start, args.start + args.hands):
        match = Match(RuleSet(hands=1), seed)
        hand = match.hand
        while not hand.is_over:
            play_bot_turn(hand, bots[hand.turn], (0, 0, 0, 0))
        result = match.finish_hand()
        takes = [0, 0, 0, 0]
        for event in hand.events:
            if event.kind == "take" and event.seat is not None:
                takes[event.seat] += 1
        rows.append(
            {
                "seed": seed,
                "totals": result.totals(),
                "opened": [s.opened is not None for s in result.seats],
                "finisher": result.outcome.finisher,
                "straight": result.outcome.straight,
                "penalties": [s.penalties for s in result.seats],
                "takes": takes,
            }
        )
        tmp = args.out.with_suffix(".tmp")
        tmp.write_text(json.dumps(rows))
        os.replace(tmp, args.out)
    print(
        f"{args.hands} hands, {args.seat1} against {args.others} x3 "
        f"({time.perf_counter() - started:.0f} s)"
    )


def _margin(row: dict[str, Any]) -> float:
    totals = row["totals"]
    return float(totals[0] - sum(totals[1:]) / 3)


def compare(paths: list[Path]) -> None:
    runs = [{r["seed"]: r for r in json.loads(p.read_text())} for p in paths]
    first = runs[0]
    print(
        f"{'file':<28} {'hands':>5} {'margin':>7} {'opened':>6} {'others':>6} "
        f"{'finished':>8} {'vs first':>9} {'s.e.':>5} {'differ':>6}"
    )
    for path, run in zip(paths, runs, strict=True):
        seeds = sorted(set(run) & set(first))
        if not seeds:
            continue
        margins = [_margin(run[s]) for s in seeds]
        diffs = [_margin(run[s]) - _margin(first[s]) for s in seeds]
        se = statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else 0.0
        opened = sum(run[s]["opened"][0] for s in seeds) / len(seeds)
        others = sum(sum(run[s]["opened"][1:]) for s in seeds) / len(seeds) / 3
        finished = sum(run[s]["finisher"] == 0 for s in seeds)
        print(
            f"{path.name:<28} {len(seeds):>5} {statistics.fmean(margins):>7.1f} "
            f"{opened:>6.0%} {others:>6.0%} {finished:>8} {statistics.fmean(diffs):>+9.1f} "
            f"{se:>5.1f} {sum(1 for d in diffs if d):>6}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seat1", default="expert")
    parser.add_argument("--others", default="hard")
    parser.add_argument("--start", type=int, default=5000)
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--compare", type=Path, nargs="+")
    args = parser.parse_args()
    if args.compare:
        compare(args.compare)
    elif args.out is None:
        parser.error("--out is needed to play (or --compare files)")
    else:
        play(args)


if __name__ == "__main__":
    main()
