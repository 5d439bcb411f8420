"""Benchmark the exact "can I go out this turn?" search on crowded tables.

Plays seeded bot matches (hard bots) and keeps every position where the seat
to play has drawn and the table holds at least ``--min-melds`` melds. For each
it times ``solver.finish_plan`` as the bots and the practice hints call it:
an opened seat with its opening kind, an unopened one with its melds floor
and its pairs floor (open with melds or with pairs, then swap, lay and lay
off the rest: the table option that lets a pairs opener lay off is taken as
on, the most work the search can have). A second set is harder: the same
tables with the seat's rack swapped for 14 hidden tiles that all touch the
table (the most lay-off choices a rack can have). It reports wall-clock time and
processor time (the second leaves out the time the process waits for a
core on a busy machine).

    python benchmarks/bench_finish.py [--matches 12] [--seed 1] [--min-melds 8]
        [--seats hard,hard,hard,hard]

``--seats expert,normal,normal,normal`` collects the positions of the expert's
matches instead: an expert holds its opening back, so its unopened 22-tile racks
meet crowded tables, which the hard bots' own play seldom reaches. (The expert
plays by the wall clock, so those positions can differ a little between machines.)
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from okey_tui.bots import make_bot
from okey_tui.bots.driver import play_bot_step
from okey_tui.engine.match import Match
from okey_tui.engine.melds import Meld, extensions
from okey_tui.engine.rules import OpeningKind, RuleSet
from okey_tui.engine.solver import finish_plan
from okey_tui.engine.state import Hand, Phase
from okey_tui.engine.tiles import Tile

Case = tuple[list[Tile], Tile, list[Meld], OpeningKind | None, int | None, int | None]


def collect(
    matches: int, seed: int, min_melds: int, seats: tuple[str, ...] = ("hard",) * 4
) -> list[Hand]:
    found: list[Hand] = []
    for k in range(matches):
        match = Match(RuleSet(hands=5), seed + k)
        bots = [make_bot(level) for level in seats]
        while True:
            hand = match.hand
            while not hand.is_over:
                if hand.phase is Phase.PLAY and len(hand.table) >= min_melds:
                    found.append(hand.copy())
                play_bot_step(hand, bots[hand.turn], match.totals())
            match.finish_hand()
            if match.is_over:
                break
            match.next_hand()
    return found


def case_of(hand: Hand, rack: list[Tile] | None = None) -> Case:
    seat = hand.turn
    opening = hand.openings[seat]
    floor = None if opening is not None else hand.floor(seat, OpeningKind.MELDS)
    pairs_floor = None if opening is not None else hand.floor(seat, OpeningKind.PAIRS)
    return (
        list(hand.racks[seat]) if rack is None else rack,
        hand.okey,
        [tm.meld for tm in hand.table],
        None if opening is None else opening.kind,
        floor,
        pairs_floor,
    )


def touching_rack(hand: Hand, rng: random.Random, size: int = 14) -> list[Tile]:
    """Hidden tiles (other racks, the middle) that fit the table, as many as ``size``."""
    okey = hand.okey
    seat = hand.turn
    hidden = [t for s in range(4) if s != seat for t in hand.racks[s]] + list(hand.middle)
    fits = [t for t in hidden if any(extensions(tm.meld, t, okey) for tm in hand.table)]
    rng.shuffle(fits)
    rack = fits[:size]
    others = [t for t in hidden if t not in rack]
    rng.shuffle(others)
    return rack + others[: size - len(rack)]


def timed(cases: list[Case]) -> tuple[list[float], list[float], int]:
    """Wall-clock and processor times (ms) of each search, and how many found a finish."""
    wall: list[float] = []
    cpu: list[float] = []
    finishes = 0
    for rack, okey, table, opened, floor, pairs_floor in cases:
        start = time.perf_counter()
        start_cpu = time.process_time()
        plan = finish_plan(rack, okey, table, opened, True, floor, pairs_floor=pairs_floor)
        cpu.append((time.process_time() - start_cpu) * 1000)
        wall.append((time.perf_counter() - start) * 1000)
        finishes += plan is not None
    return wall, cpu, finishes


def _figures(times: list[float]) -> str:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return f"{statistics.median(times):>9.2f} {p99:>8.2f} {max(times):>8.2f}"


def report(name: str, wall: list[float], cpu: list[float], finishes: int) -> None:
    print(f"{name:<22} {len(wall):>6} {finishes:>8} {_figures(wall)}  {_figures(cpu)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--min-melds", type=int, default=8)
    parser.add_argument("--seats", default="hard,hard,hard,hard", help="four bot levels")
    args = parser.parse_args()
    seats = tuple(level.strip() for level in args.seats.split(","))
    if len(seats) != 4:
        parser.error("--seats takes four bot levels, such as expert,normal,normal,normal")
    hands = collect(args.matches, args.seed, args.min_melds, seats)
    rng = random.Random(args.seed)
    played = [case_of(h) for h in hands]
    touching = [case_of(h, touching_rack(h, rng)) for h in hands]
    print(
        f"{args.matches} matches of 5 hands ({','.join(seats)}), seed {args.seed}, "
        f"tables of {args.min_melds}+ melds"
    )
    print(f"{'':<38}{'wall clock':^28}  {'processor time':^28}")
    print(
        f"{'positions':<22} {'count':>6} {'finishes':>8}"
        + f" {'median ms':>9} {'p99 ms':>8} {'max ms':>8} " * 2
    )
    for name, cases in (("as played", played), ("14 tiles that fit", touching)):
        wall, cpu, finishes = timed(cases)
        report(name, wall, cpu, finishes)


if __name__ == "__main__":
    main()
