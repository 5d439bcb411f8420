"""A ladder row, with the figures so far written after every match.

The same matches as ``okey101 simulate --matches N --hands H --seed S --seats …``
(the same seeds, the same bots, the same figures), but a long run leaves a
usable file behind at every point: ``--out`` is rewritten after each match
with the JSON ``simulate --json`` prints, for the matches played so far.

    python benchmarks/bench_ladder.py --seats expert,hard,hard,hard --matches 200 \\
        --hands 5 --seed 1 --out ladder-hard.json
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

from okey_tui.bots.arena import Decisions, RunReport, SeatRecord, match_seed, play_match
from okey_tui.bots.base import make_bot
from okey_tui.commands.simulate import report_json
from okey_tui.engine.rules import RuleSet


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", required=True)
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--hands", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    levels = [s.strip() for s in args.seats.split(",")]
    rules = RuleSet(hands=args.hands)
    records = [SeatRecord(seat, level) for seat, level in enumerate(levels)]
    decisions = Decisions()
    bots = [make_bot(level) for level in levels]
    errors = 0
    for number in range(args.matches):
        report = play_match(levels, rules, match_seed(args.seed, number), records, decisions, bots)
        errors += report.errors
        so_far = RunReport(number + 1, rules.hands, args.seed, records, errors, decisions)
        tmp = args.out.with_suffix(".tmp")
        tmp.write_text(json.dumps(report_json(so_far)))
        os.replace(tmp, args.out)


if __name__ == "__main__":
    main()
