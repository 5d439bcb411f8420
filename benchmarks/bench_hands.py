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

``--jobs N`` plays the hands in N processes at once (the same rows, in seed order).

``--win-curve FILE`` estimates what such a file means for a ladder row: it
draws five-hand matches from the file's hands (with replacement, seeded) and
prints seat 1's share of wins (shared wins count for every winner), as
played and with seat 1's total lowered by 5, 10, ... points a hand. The
hands of a match are independent deals, so this tracks a row of
bench_ladder, within the sampling error of the file's hands.

``--split FILE`` says where seat 1's margin came from in such a file: the
hands in which it never held an opening on its turn, and the others by how
they ended (it went straight out, went out after opening, another seat went
out while it had opened or had not, the middle ran out), each with its share
of the hands, its mean margin, what it adds to the margin of every hand, and
in how many of them seat 1 held its opening back.

``expert:name=value:...`` passes settings to :class:`okey_tui.bots.expert.ExpertBot`
(``trust``, ``samples``, ``hold_share``, ``feed_worlds``, ``feed_cost``...). The
expert plays with no wall-clock cap here (``budget_ms`` can set one): its fixed
number of worlds decides, so a hand plays the same on a loaded machine as on an
idle one, and two settings differ only where the settings do.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

from okey_tui.bots.base import Bot, make_bot
from okey_tui.bots.driver import play_bot_turn
from okey_tui.bots.expert import ExpertBot
from okey_tui.engine.actions import Action, Open
from okey_tui.engine.match import Match
from okey_tui.engine.rules import GameType, RuleSet
from okey_tui.engine.scoring import HandResult
from okey_tui.engine.state import Phase
from okey_tui.engine.view import PlayerView

# The expert's wall-clock cap, unless a spec names one: high enough never to pass, so
# that the deals and the settings alone decide every hand. With the usual 300 ms a
# loaded machine stops some searches early, and two runs of one setting then differ.
SCREEN_BUDGET_MS = 1_000_000.0


def bot_for(spec: str) -> Bot:
    """A level name, or ``expert:name=value:...`` for an expert with other settings."""
    level, *settings = spec.split(":")
    if level != "expert":
        if settings:
            raise SystemExit(f"settings are for the expert only: {spec}")
        return make_bot(level)
    kwargs: dict[str, Any] = {"budget_ms": SCREEN_BUDGET_MS}
    for item in settings:
        name, _, value = item.partition("=")
        kwargs[name] = float(value) if "." in value else int(value)
    return ExpertBot(**kwargs)


class Watched:
    """Seat 1's bot, and what it did in one hand: how many turns it held its opening
    back (an expert's hold), and the tiles left in the middle on the first turn it
    held an opening (it opened, or held one back)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.level = bot.level
        self.held = 0
        self.could_open: int | None = None

    def choose(self, view: PlayerView) -> Action:
        held = False
        if isinstance(self.bot, ExpertBot):
            advice = self.bot.advise(view)
            action, held = advice.action, advice.kind == "hold"
        else:
            action = self.bot.choose(view)
        self.held += held
        if (
            self.could_open is None
            and view.opening is None
            and view.phase is Phase.PLAY
            and (held or isinstance(action, Open))
        ):
            self.could_open = view.middle_count
        return action


def play_hand(
    seat1: str, others: str, seed: int, game_type: GameType = GameType.CLASSIC
) -> dict[str, Any]:
    """One one-hand match of ``seed`` (of ``game_type``): seat 1 plays ``seat1``, the
    others ``others``."""
    bots: list[Bot] = list(_bots(seat1, others))
    watched = bots[0] = Watched(bots[0])
    match = Match(RuleSet(hands=1, game_type=game_type), seed)
    hand = match.hand
    while not hand.is_over:
        play_bot_turn(hand, bots[hand.turn], (0, 0, 0, 0))
    result = match.finish_hand()
    takes = [0, 0, 0, 0]
    for event in hand.events:
        if event.kind == "take" and event.seat is not None:
            takes[event.seat] += 1
    return {
        **result_row(seed, result),
        "takes": takes,
        "held": watched.held,
        "could_open": watched.could_open,
    }


def result_row(seed: int, result: HandResult) -> dict[str, Any]:
    """A hand's row: what ``--compare`` and ``--win-curve`` read."""
    return {
        "seed": seed,
        "totals": result.totals(),
        "opened": [s.opened is not None for s in result.seats],
        "finisher": result.outcome.finisher,
        "straight": result.outcome.straight,
        "penalties": [s.penalties for s in result.seats],
    }


_BOTS: dict[tuple[str, str], list[Bot]] = {}


def _bots(seat1: str, others: str) -> list[Bot]:
    """The four bots of a process, made once (their caches carry over from hand to hand)."""
    key = (seat1, others)
    if key not in _BOTS:
        _BOTS[key] = [bot_for(seat1)] + [make_bot(others) for _ in range(3)]
    return _BOTS[key]


def play_rows(
    job: Callable[[int], dict[str, Any]], seeds: range, jobs: int, out: Path
) -> list[dict[str, Any]]:
    """``job``'s row for every seed, in ``jobs`` processes, in seed order; ``out`` is
    rewritten after every row, so a run stopped early keeps what it played."""
    rows: list[dict[str, Any]] = []
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        # Bots decide from their view alone, so a hand plays the same in any process.
        for row in pool.map(job, seeds, chunksize=1):
            rows.append(row)
            tmp = out.with_suffix(".tmp")
            tmp.write_text(json.dumps(rows))
            os.replace(tmp, out)
    return rows


def seed_options(parser: argparse.ArgumentParser, hands: int) -> None:
    """The options of a probe that plays seat 1 against ``--others`` on a run of seeds."""
    parser.add_argument("--others", default="normal", help="the level of seats 2-4")
    parser.add_argument("--start", type=int, default=5000, help="the first seed")
    parser.add_argument("--hands", type=int, default=hands, help="how many seeds")
    parser.add_argument("--jobs", type=int, default=2, help="processes")
    parser.add_argument("--out", type=Path, required=True, help="JSON rows, as bench_hands.py")


def play(args: argparse.Namespace) -> None:
    seeds = range(args.start, args.start + args.hands)
    started = time.perf_counter()
    kind = GameType(args.type)
    job = partial(play_hand, args.seat1, args.others, game_type=kind)
    play_rows(job, seeds, args.jobs, args.out)
    print(
        f"{args.hands} {kind.value} hands, {args.seat1} against {args.others} x3 "
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


def _ending(row: dict[str, Any]) -> str:
    """How seat 1's hand went, for ``--split``."""
    if row["could_open"] is None:
        return "never held an opening on its turn"
    finisher = row["finisher"]
    if finisher == 0:
        return "went straight out" if row["straight"] else "went out after opening"
    if finisher is not None:
        return (
            "another seat went out, seat 1 had opened"
            if row["opened"][0]
            else "another seat went out, seat 1 had not"
        )
    return "the middle ran out" if row["opened"][0] else "the middle ran out, unopened"


def split(path: Path) -> None:
    rows = json.loads(path.read_text())
    if not rows or "could_open" not in rows[0]:
        raise SystemExit(f"{path}: no record of seat 1's turns (play it again to --split it)")
    groups: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        groups.setdefault(_ending(row), []).append(row)
    print(f"{path.name}: {len(rows)} hands, margin {statistics.fmean(map(_margin, rows)):+.1f}")
    print(
        f"{'how the hand went':<42} {'hands':>5} {'share':>6} {'margin':>7} {'a hand':>7} {'held':>5}"
    )
    for name, group in sorted(groups.items(), key=lambda item: -len(item[1])):
        margins = [_margin(row) for row in group]
        print(
            f"{name:<42} {len(group):>5} {len(group) / len(rows):>6.0%} "
            f"{statistics.fmean(margins):>+7.1f} {sum(margins) / len(rows):>+7.1f} "
            f"{sum(1 for row in group if row['held']):>5}"
        )


def win_share(
    hands: list[list[int]], shift: float, matches: int, rng: random.Random, per_match: int = 5
) -> float:
    """Seat 1's share of wins over ``matches`` drawn matches, its total lowered by
    ``shift`` points a hand."""
    wins = 0.0
    for _ in range(matches):
        totals = [0.0, 0.0, 0.0, 0.0]
        for _ in range(per_match):
            for seat, points in enumerate(rng.choice(hands)):
                totals[seat] += points
        totals[0] -= shift * per_match
        low = min(totals)
        wins += totals[0] == low
    return wins / matches


def win_curve(path: Path, matches: int) -> None:
    hands = [row["totals"] for row in json.loads(path.read_text())]
    print(f"{path.name}: {len(hands)} hands, {matches} drawn five-hand matches a line")
    print(f"{'shift':>6} {'seat 1 wins':>12}")
    for shift in (0, 5, 10, 15, 20, 30, 40, 60, 80):
        share = win_share(hands, shift, matches, random.Random(1))
        print(f"{shift:>6} {share:>12.1%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seat1", default="expert")
    parser.add_argument("--others", default="hard")
    parser.add_argument(
        "--type", default="classic", choices=[t.value for t in GameType], help="the game type"
    )
    parser.add_argument("--start", type=int, default=5000)
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--jobs", type=int, default=1, help="processes playing hands at once")
    parser.add_argument("--compare", type=Path, nargs="+")
    parser.add_argument("--win-curve", type=Path, help="a file of hands to draw matches from")
    parser.add_argument("--matches", type=int, default=20000, help="drawn matches (--win-curve)")
    parser.add_argument("--split", type=Path, help="a file of hands to split by how they went")
    args = parser.parse_args()
    if args.split:
        split(args.split)
    elif args.win_curve:
        win_curve(args.win_curve, args.matches)
    elif args.compare:
        compare(args.compare)
    elif args.out is None:
        parser.error("--out is needed to play (or --compare files)")
    else:
        play(args)


if __name__ == "__main__":
    main()
