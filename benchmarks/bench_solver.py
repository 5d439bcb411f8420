"""Benchmark the exact hand solver against an integer-programming reference.

Solves seeded random 22-tile hands and a set of worst cases (both okeys and
both false okeys, many duplicates) with ``solver.best_melds``, and the same
hands with scipy's ``milp`` (every run and set a column, tile counts as
rows, okeys a budget). Checks the two agree on every hand and prints the
time per hand and the speed ratio.

    python benchmarks/bench_solver.py [--hands 2000] [--seed 101] [--worst 200]

Needs the ``bench`` extra (scipy, numpy) for the reference; without it,
``--no-milp`` times the solver alone.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

from okey_tui.engine.solver import best_melds
from okey_tui.engine.tiles import COLOURS, FALSE_OKEY, Tile, full_set, okey_for

Hand = tuple[list[Tile], Tile]  # (tiles, okey)


# -- hands -------------------------------------------------------------------------------


def random_hands(count: int, seed: int) -> list[Hand]:
    """Deals like the game's: 22 tiles to the starter, an indicator from the rest."""
    rng = random.Random(seed)
    hands: list[Hand] = []
    for _ in range(count):
        tiles = full_set()
        rng.shuffle(tiles)
        indicator = next(t for t in tiles[22:] if not t.is_false_okey)
        hands.append((tiles[:22], okey_for(indicator)))
    return hands


def worst_hands(count: int, seed: int) -> list[Hand]:
    """Both okeys, both false okeys and nine duplicated tiles, packed close together."""
    rng = random.Random(seed)
    hands: list[Hand] = []
    for _ in range(count):
        okey = Tile(rng.choice(COLOURS), rng.randint(1, 13))
        low = rng.randint(1, 8)
        pool = [Tile(c, n) for c in COLOURS for n in range(low, low + 6) if Tile(c, n) != okey]
        twins = rng.sample(pool, 9)
        tiles = [t for t in twins for _ in range(2)] + [okey, okey, FALSE_OKEY, FALSE_OKEY]
        hands.append((tiles, okey))
    # A few by hand: long duplicated runs in one colour, full sets everywhere.
    okey = Tile.parse("K13")
    red = [Tile(COLOURS[0], n) for n in range(1, 10)]
    hands.append((red + red + [okey, okey, FALSE_OKEY, FALSE_OKEY], okey))
    sets = [Tile(c, n) for n in (5, 6) for c in COLOURS] + [Tile(c, 7) for c in COLOURS[:1]]
    hands.append((sets + sets + [okey, okey, FALSE_OKEY, FALSE_OKEY], okey))
    okey = Tile.parse("B8")
    mixed = [Tile(c, n) for c in COLOURS[:2] for n in range(6, 11) if Tile(c, n) != okey]
    hands.append((mixed + mixed[:8] + [okey, okey, FALSE_OKEY, FALSE_OKEY], okey))
    return hands


# -- the integer-programming reference -----------------------------------------------------


class MilpReference:
    """Max-value runs and sets as an integer programme (scipy.optimize.milp)."""

    def __init__(self) -> None:
        import numpy as np
        from scipy.optimize import Bounds, LinearConstraint, milp
        from scipy.sparse import lil_matrix

        self.np = np
        self.milp = milp
        self.Bounds = Bounds
        self.LinearConstraint = LinearConstraint
        columns: list[list[int]] = []  # tile indices (0..51) each column stands for
        for c in range(4):
            for start in range(1, 12):
                for end in range(start + 2, 14):
                    columns.append([c * 13 + n - 1 for n in range(start, end + 1)])
        for n in range(1, 14):
            for left_out in (None, 0, 1, 2, 3):
                columns.append([c * 13 + n - 1 for c in range(4) if c != left_out])
        self.melds = len(columns)
        width = self.melds + 52  # meld columns, then okeys standing for each tile
        matrix = lil_matrix((53, width))
        values = np.zeros(width)
        for j, cells in enumerate(columns):
            for cell in cells:
                matrix[cell, j] = 1
                values[j] += cell % 13 + 1
        for cell in range(52):
            matrix[cell, self.melds + cell] = -1  # an okey filling this tile
            matrix[52, self.melds + cell] = 1  # okeys used, at most the okeys held
            values[self.melds + cell] = 0
        self.matrix = matrix.tocsr()
        self.cost = -values
        self.bounds = Bounds(np.zeros(width), np.full(width, 4.0))
        self.integrality = np.ones(width)

    def value(self, hand: Sequence[Tile], okey: Tile) -> int:
        np = self.np
        upper = np.zeros(53)
        for tile in hand:
            if tile == okey:
                upper[52] += 1
            else:
                real = okey if tile.is_false_okey else tile
                upper[real.index] += 1
        constraint = self.LinearConstraint(self.matrix, -np.inf, upper)
        result: Any = self.milp(
            self.cost, constraints=constraint, integrality=self.integrality, bounds=self.bounds
        )
        if not result.success:  # pragma: no cover - the programme is always feasible
            raise RuntimeError(result.message)
        return int(round(-result.fun))


# -- running -------------------------------------------------------------------------------


def timed(fn: Any, *args: Any) -> tuple[Any, float]:
    start = time.perf_counter()
    out = fn(*args)
    return out, (time.perf_counter() - start) * 1000.0


def summary(times: list[float]) -> tuple[float, float, float, float]:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return statistics.median(ordered), p99, ordered[-1], statistics.fmean(ordered)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="random 22-tile hands")
    parser.add_argument("--worst", type=int, default=200, help="worst-case hands")
    parser.add_argument("--seed", type=int, default=101)
    parser.add_argument("--no-milp", action="store_true", help="skip the scipy reference")
    args = parser.parse_args(argv)

    groups = {
        "random 22": random_hands(args.hands, args.seed),
        "worst case": worst_hands(args.worst, args.seed + 1),
    }
    reference = None if args.no_milp else MilpReference()
    rows: list[tuple[str, str, int, float, float, float, float]] = []
    agree = 0
    total = 0
    mismatches: list[str] = []
    for name, hands in groups.items():
        solver_times: list[float] = []
        milp_times: list[float] = []
        for tiles, okey in hands:
            found, ms = timed(best_melds, tiles, okey)
            solver_times.append(ms)
            if reference is not None:
                value, ref_ms = timed(reference.value, tiles, okey)
                milp_times.append(ref_ms)
                total += 1
                if value == found.value:
                    agree += 1
                else:
                    mismatches.append(
                        f"{' '.join(map(str, tiles))} okey {okey}: "
                        f"solver {found.value}, milp {value}"
                    )
        rows.append((name, "solver", len(hands), *summary(solver_times)))
        if milp_times:
            rows.append((name, "milp", len(hands), *summary(milp_times)))

    header = f"{'hands':<11} {'method':<7} {'n':>5} {'median':>9} {'p99':>9} {'max':>9} {'mean':>9}"
    print(header)
    print("-" * len(header))
    for name, method, n, med, p99, top, mean in rows:
        print(
            f"{name:<11} {method:<7} {n:>5} {med:>7.3f}ms {p99:>7.3f}ms {top:>7.3f}ms "
            f"{mean:>7.3f}ms"
        )
    if reference is not None:
        print()
        for name in groups:
            solver_row = next(r for r in rows if r[0] == name and r[1] == "solver")
            milp_row = next(r for r in rows if r[0] == name and r[1] == "milp")
            print(
                f"{name}: milp / solver = {milp_row[3] / solver_row[3]:.1f}x by median, "
                f"{milp_row[6] / solver_row[6]:.1f}x by mean"
            )
        print(f"agreement: {agree} / {total} hands")
        for line in mismatches[:20]:
            print("MISMATCH", line)
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
