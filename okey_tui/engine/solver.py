"""Exact hand arrangement: best opening, pairs, table play, finishing, least left.

The heart is a dynamic programme over the numbers 1..13. Walking up the
numbers, the state holds, for each colour, how many runs are open and how
long each is (1, 2, or "3 or more", which is all that matters), and how many
wild okeys are still free. At each number the tiles of that number go into
sets (formed there and then), extend or start runs, or stay in hand. A run
of length 1 or 2 must be extended; a run of 3 or more may stop. Memoised on
the state, this is exact and visits few states for a real hand.

Two canonical choices keep the search small without losing the optimum:

* a run never stops at a number where a new run of its colour starts (the
  two could be joined into one run of the same tiles);
* a real tile never stays in hand while a run of its colour of length 3 or
  more stops there (extending it is worth more and closes no door).

>>> from okey_tui.engine.tiles import parse_tiles
>>> okey = Tile.parse("B8")
>>> hand = parse_tiles("R3 R4 R5 R6 R7 K10 K11 K12 K13 R10 Y10 B10 Y1")
>>> best = best_melds(hand, okey)
>>> best.value, [m.text(okey) for m in best.melds], best.leftover
(101, ['R3R4R5R6R7', 'K11K12K13', 'R10Y10B10K10'], (Tile.parse('Y1'),))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations

from okey_tui.engine.errors import ErrorCode, MeldError, SetupError
from okey_tui.engine.melds import (
    Meld,
    MeldKind,
    effective,
    extensions,
    is_wild,
    make_meld,
    swap_okey,
)
from okey_tui.engine.rules import OpeningKind
from okey_tui.engine.tiles import COLOURS, FALSE_OKEY, Colour, Tile, sort_tiles

__all__ = [
    "Arrangement",
    "FinishPlan",
    "LayOff",
    "OpeningCheck",
    "Swap",
    "arrange",
    "best_melds",
    "best_pairs",
    "can_cover",
    "finish_plan",
    "lay_offs",
    "least_left",
    "okey_swaps",
    "opening_check",
]


# -- results --------------------------------------------------------------------


def _plays_as(tile: Tile, okey: Tile) -> int:
    """What a tile left in hand counts: a false okey as the okey, a real okey 0."""
    if is_wild(tile, okey):
        return 0
    return effective(tile, okey).number


@dataclass(frozen=True)
class Arrangement:
    """Melds taken from a hand and the tiles left over.

    ``leftover_sum`` counts a false okey as the okey's number and a real okey
    as 0 (what an okey left in hand costs is the scoring's business).
    """

    melds: tuple[Meld, ...]
    leftover: tuple[Tile, ...]
    okey: Tile

    @property
    def value(self) -> int:
        return sum(m.value for m in self.melds)

    @property
    def pairs(self) -> int:
        return sum(1 for m in self.melds if m.kind is MeldKind.PAIR)

    @property
    def leftover_sum(self) -> int:
        return sum(_plays_as(t, self.okey) for t in self.leftover)

    @property
    def tiles_used(self) -> int:
        return sum(len(m.tiles) for m in self.melds)

    def texts(self) -> list[str]:
        return [m.text(self.okey) for m in self.melds]


@dataclass(frozen=True)
class OpeningCheck:
    """Whether a hand can open, by melds and by pairs, against given floors."""

    melds: Arrangement
    pairs: Arrangement
    floor: int
    pairs_floor: int

    @property
    def value(self) -> int:
        return self.melds.value

    @property
    def pair_count(self) -> int:
        return self.pairs.pairs

    @property
    def can_open_melds(self) -> bool:
        return self.melds.value >= self.floor

    @property
    def can_open_pairs(self) -> bool:
        return self.pairs.pairs >= self.pairs_floor


@dataclass(frozen=True)
class LayOff:
    """One tile added to the table meld at ``index``, giving ``result``."""

    tile: Tile
    index: int
    result: Meld


@dataclass(frozen=True)
class Swap:
    """Real tile(s) ``given`` for the okey in the table meld at ``index``."""

    index: int
    given: tuple[Tile, ...]
    result: Meld


@dataclass(frozen=True)
class FinishPlan:
    """How to finish this turn: swaps, lay-offs and melds, then discard ``discard``.

    Apply the swaps first (each hands you an okey), then lay the melds, then
    the lay-offs in order (a later lay-off on the same meld builds on the
    earlier one), then discard.
    """

    kind: OpeningKind  # what the new melds are: runs and sets, or pairs
    melds: tuple[Meld, ...]
    lay_offs: tuple[LayOff, ...]
    swaps: tuple[Swap, ...]
    discard: Tile
    okey: Tile

    @property
    def with_okey(self) -> bool:
        """The finishing discard is a real okey, which doubles the hand."""
        return is_wild(self.discard, self.okey)


# -- the dynamic programme ----------------------------------------------------------

# A colour's open runs are (n1, n2, n3): how many runs of length 1, 2 and 3+.
# Packed as n1 + 5*n2 + 25*n3; there are never more than four open runs
# (two copies and two okeys).
_BASE = 5
_SPAN = _BASE**3


def _pack(n1: int, n2: int, n3: int) -> int:
    return n1 + _BASE * n2 + _BASE * _BASE * n3


def _unpack(code: int) -> tuple[int, int, int]:
    return code % _BASE, code // _BASE % _BASE, code // (_BASE * _BASE)


def _set_patterns() -> list[tuple[int, int, int, int]]:
    """How many sets each colour joins at one number, for every legal way.

    One set: 3 or 4 colours once. Two sets: each needs 3-4 distinct colours,
    which works when at least two colours are in both and the total is >= 6.
    """
    found: list[tuple[int, int, int, int]] = []
    for a in range(3):
        for b in range(3):
            for c in range(3):
                for d in range(3):
                    pattern = (a, b, c, d)
                    twos = pattern.count(2)
                    ones = pattern.count(1)
                    if (twos == 0 and ones in (0, 3, 4)) or (
                        (twos == 2 and ones == 2) or twos in (3, 4)
                    ):
                        found.append(pattern)
    return found


_PATTERNS = _set_patterns()
_NEG = -(10**9)

# A set option at one number: (tiles in sets, okeys in sets, real tiles of
# each colour left for runs, a pattern that realises it). Which colour an
# okey fills in a set changes nothing else, so those choices are merged.
_SetOption = tuple[int, int, int, int, int, int, tuple[int, int, int, int]]
_SET_OPTIONS: dict[tuple[int, int, int, int, int], tuple[_SetOption, ...]] = {}


def _set_options(k0: int, k1: int, k2: int, k3: int, wilds: int) -> tuple[_SetOption, ...]:
    key = (k0, k1, k2, k3, wilds)
    cached = _SET_OPTIONS.get(key)
    if cached is not None:
        return cached
    k = (k0, k1, k2, k3)
    seen: dict[tuple[int, ...], _SetOption] = {}
    for pat in _PATTERNS:
        real = [min(p, have) for p, have in zip(pat, k, strict=True)]
        size = sum(pat)
        okeys = size - sum(real)
        if okeys > wilds or (size > 0 and sum(real) == 0):
            continue
        left = [have - r for have, r in zip(k, real, strict=True)]
        ident = (okeys, *left)
        if ident not in seen:
            seen[ident] = (size, okeys, left[0], left[1], left[2], left[3], pat)
    result = tuple(sorted(seen.values(), key=lambda o: -o[0]))
    _SET_OPTIONS[key] = result
    return result


# (code, real tiles for runs, free okeys, may an okey start a run, tiles of
# the colour at the next two numbers, cover every tile) -> options
_OptKey = tuple[int, int, int, bool, int, int, bool]
_Option = tuple[int, int, int]  # (new code, tiles into runs, okeys used)
_OPTIONS: dict[_OptKey, tuple[_Option, ...]] = {}


def _colour_options(
    code: int, real: int, wilds: int, wild_start: bool, next1: int, next2: int, cover: bool
) -> tuple[_Option, ...]:
    """Every way the run tiles of one colour at one number can go, most tiles first.

    Options whose short runs cannot be fed at the next two numbers, even by
    every free okey, are dropped here.
    """
    key = (code, real, wilds, wild_start, next1, next2, cover)
    cached = _OPTIONS.get(key)
    if cached is not None:
        return cached
    n1, n2, n3 = _unpack(code)
    short = n1 + n2
    total = short + n3
    lo = max(short, min(real, total))
    if cover:
        lo = max(lo, real)
    out: list[_Option] = []
    for u in range(real + wilds, lo - 1, -1):
        starts = u - total
        if starts > real and not wild_start:
            continue
        if u >= total:
            m1, m2, m3 = starts, n1, n2 + n3
        else:
            m1, m2, m3 = 0, n1, n2 + u - short
        used = max(0, u - real)
        spare = wilds - used
        if m1 + m2 > next1 + spare or m1 > next2 + spare:
            continue
        out.append((_pack(m1, m2, m3), u, used))
    result = tuple(out)
    _OPTIONS[key] = result
    return result


_Weight = Callable[[int, int, int], int]
# Scores keep the tie-break below the main aim: x * 256 + tiles used.
_SCALE = 256


def _weight_value(n: int, real: int, wild: int) -> int:
    return n * (real + wild) * _SCALE + real + wild


def _weight_least(n: int, real: int, wild: int) -> int:
    return n * real * _SCALE + real + wild


def _weight_count(n: int, real: int, wild: int) -> int:
    return real + wild


_Step = tuple[tuple[int, int, int, int], tuple[int, int, int, int]]


class _Solver:
    """One run of the programme over a hand's tile counts.

    ``cover`` asks for melds that use every tile; otherwise the best score.
    Children that cannot beat the best found so far (by a simple bound: every
    tile above used) are skipped, which keeps every memoised value exact.
    """

    def __init__(self, counts: list[list[int]], wilds: int, weight: _Weight, cover: bool) -> None:
        # counts[c][n] for n in 0..15 (0, 14, 15 are always zero)
        self.counts = counts
        self.wilds = wilds
        self.weight = weight
        self.cover = cover
        self.memo: dict[int, int] = {}
        # key -> (okeys left, next state, choice) of the best move
        self.choice: dict[int, tuple[int, tuple[int, int, int, int], _Step]] = {}
        # gaps[c][n]: numbers above n (to 13) with no real tile of colour c
        self.gaps = [[0] * 16 for _ in range(4)]
        for c in range(4):
            for n in range(12, -1, -1):
                self.gaps[c][n] = self.gaps[c][n + 1] + (1 if counts[c][n + 1] == 0 else 0)
        self.bound = [0] * 16
        for n in range(13, 0, -1):
            here = sum(counts[c][n] for c in range(4))
            self.bound[n] = self.bound[n + 1] + (weight(n, here, 0) if here else 0)
        self.wild_bound = weight(13, 0, 1)

    def best(self) -> int:
        return self._go(1, self.wilds, 0, 0, 0, 0)

    def _go(self, n: int, w: int, s0: int, s1: int, s2: int, s3: int) -> int:
        if n == 14:
            if (s0 | s1 | s2 | s3) and (s0 % 25 or s1 % 25 or s2 % 25 or s3 % 25):
                return _NEG
            if self.cover and w:
                return _NEG
            return 0
        key = ((((n * 8 + w) * _SPAN + s0) * _SPAN + s1) * _SPAN + s2) * _SPAN + s3
        memo = self.memo
        got = memo.get(key)
        if got is not None:
            return got
        counts = self.counts
        c0, c1, c2, c3 = counts
        gaps0, gaps1, gaps2, gaps3 = self.gaps
        cover = self.cover
        weight = self.weight
        bound = self.bound[n + 1]
        wild_bound = self.wild_bound
        best = _NEG
        best_move: tuple[int, tuple[int, int, int, int], _Step] | None = None
        nxt = n + 1
        nn = n + 2
        for set_tiles, set_wild, r0, r1, r2, r3, pat in _set_options(c0[n], c1[n], c2[n], c3[n], w):
            free = w - set_wild
            opts0 = _colour_options(s0, r0, free, gaps0[n] < free, c0[nxt], c0[nn], cover)
            if not opts0:
                continue
            opts1 = _colour_options(s1, r1, free, gaps1[n] < free, c1[nxt], c1[nn], cover)
            if not opts1:
                continue
            opts2 = _colour_options(s2, r2, free, gaps2[n] < free, c2[nxt], c2[nn], cover)
            if not opts2:
                continue
            opts3 = _colour_options(s3, r3, free, gaps3[n] < free, c3[nxt], c3[nn], cover)
            if not opts3:
                continue
            for n0, u0, x0 in opts0:
                for n1, u1, x1 in opts1:
                    x01 = x0 + x1
                    if x01 > free:
                        continue
                    for n2, u2, x2 in opts2:
                        x012 = x01 + x2
                        if x012 > free:
                            continue
                        u012 = set_tiles + u0 + u1 + u2
                        for n3, u3, x3 in opts3:
                            xs = x012 + x3
                            if xs > free:
                                continue
                            tiles = u012 + u3
                            okeys = set_wild + xs
                            gain = weight(n, tiles - okeys, okeys) if tiles else 0
                            rest_w = free - xs
                            if gain + bound + rest_w * wild_bound <= best:
                                continue
                            rest = self._go(nxt, rest_w, n0, n1, n2, n3)
                            if rest > _NEG and gain + rest > best:
                                best = gain + rest
                                best_move = (rest_w, (n0, n1, n2, n3), (pat, (u0, u1, u2, u3)))
        memo[key] = best
        if best_move is not None:
            self.choice[key] = best_move
        return best

    def path(self) -> list[_Step]:
        """The chosen (set pattern, run tiles per colour) at each number 1..13."""
        if self.best() <= _NEG:
            raise AssertionError("no arrangement")
        steps: list[_Step] = []
        w = self.wilds
        s0 = s1 = s2 = s3 = 0
        for n in range(1, 14):
            key = ((((n * 8 + w) * _SPAN + s0) * _SPAN + s1) * _SPAN + s2) * _SPAN + s3
            w, (s0, s1, s2, s3), step = self.choice[key]
            steps.append(step)
        return steps


# -- from hands to counts and back ------------------------------------------------------


def _counts(hand: Sequence[Tile], okey: Tile) -> tuple[list[list[int]], int]:
    counts = [[0] * 16 for _ in range(4)]
    wilds = 0
    okey_index = okey.index
    for tile in hand:
        index = tile.index
        if index == okey_index:
            wilds += 1
            continue
        if index == 52:
            index = okey_index
        counts[index // 13][index % 13 + 1] += 1
    return counts, wilds


_TILES = [[Tile(c, n) if n else FALSE_OKEY for n in range(14)] for c in COLOURS]


def _physical(colour: int, number: int, okey: Tile) -> Tile:
    """The tile in hand that plays as (colour, number): F for the okey's own tile."""
    tile = _TILES[colour][number]
    return FALSE_OKEY if tile == okey else tile


def _build(
    steps: list[_Step],
    counts: list[list[int]],
    okey: Tile,
) -> list[Meld]:
    """Turn the programme's choices back into melds of physical tiles."""
    melds: list[Meld] = []
    open_runs: list[list[list[tuple[Tile, Tile]]]] = [[] for _ in range(4)]
    finished: list[list[tuple[Tile, Tile]]] = []
    for n, (pat, runs) in enumerate(steps, start=1):
        # Real tiles go to sets first, okeys fill what is missing.
        sets_by_colour: list[list[tuple[Tile, Tile]]] = []
        for c in range(4):
            if not (pat[c] or runs[c] or open_runs[c]):
                sets_by_colour.append([])
                continue
            real_left = counts[c][n]
            meant = _TILES[c][n]
            into_sets: list[tuple[Tile, Tile]] = []
            for _ in range(pat[c]):
                if real_left:
                    into_sets.append((_physical(c, n, okey), meant))
                    real_left -= 1
                else:
                    into_sets.append((okey, meant))
            sets_by_colour.append(into_sets)
            into_runs: list[tuple[Tile, Tile]] = []
            for _ in range(runs[c]):
                if real_left:
                    into_runs.append((_physical(c, n, okey), meant))
                    real_left -= 1
                else:
                    into_runs.append((okey, meant))
            current = sorted(open_runs[c], key=len)
            if runs[c] >= len(current):
                for run, placed in zip(current, into_runs, strict=False):
                    run.append(placed)
                for placed in into_runs[len(current) :]:
                    current.append([placed])
            else:
                keep = current[: runs[c]]
                for run in current[runs[c] :]:
                    assert len(run) >= 3
                    finished.append(run)
                for run, placed in zip(keep, into_runs, strict=True):
                    run.append(placed)
                current = keep
            open_runs[c] = current
        if any(pat):
            melds.extend(_split_sets(sets_by_colour, okey))
    for runs_left in open_runs:
        finished.extend(runs_left)
    for run in finished:
        melds.append(make_meld([a for a, _ in run], [b for _, b in run], okey))
    order = {MeldKind.RUN: 0, MeldKind.SET: 1, MeldKind.PAIR: 2}
    melds.sort(key=lambda m: (order[m.kind], m.stands_for[0].sort_key(), len(m.tiles)))
    return melds


def _split_sets(by_colour: list[list[tuple[Tile, Tile]]], okey: Tile) -> list[Meld]:
    count = max(len(x) for x in by_colour)
    if count == 0:
        return []
    groups: list[list[tuple[Tile, Tile]]] = [[] for _ in range(count)]
    for placed in by_colour:
        if len(placed) == count:
            for group, item in zip(groups, placed, strict=True):
                group.append(item)
    for placed in by_colour:
        if 0 < len(placed) < count:
            for item in placed:
                min(groups, key=len).append(item)
    return [make_meld([a for a, _ in g], [b for _, b in g], okey) for g in groups]


_BY_INDEX = [Tile.from_index(i) for i in range(53)]


def _leftover(hand: Sequence[Tile], melds: Sequence[Meld]) -> tuple[Tile, ...]:
    """The hand's tiles not in ``melds``, in rack order (index order is sort order)."""
    left = [0] * 53
    for tile in hand:
        left[tile.index] += 1
    for meld in melds:
        for tile in meld.tiles:
            left[tile.index] -= 1
    if min(left) < 0:  # pragma: no cover - melds are built from the hand
        raise AssertionError("melds use tiles the hand does not hold")
    return tuple(_BY_INDEX[i] for i in range(53) for _ in range(left[i]))


def _solve(hand: Sequence[Tile], okey: Tile, weight: _Weight) -> Arrangement:
    counts, wilds = _counts(hand, okey)
    solver = _Solver(counts, wilds, weight, cover=False)
    melds = _build(solver.path(), counts, okey)
    return Arrangement(tuple(melds), _leftover(hand, melds), okey)


# -- public answers ------------------------------------------------------------------------


def best_melds(hand: Sequence[Tile], okey: Tile) -> Arrangement:
    """Disjoint runs and sets of the highest total value, then the fewest tiles left.

    Okeys are placed where they are worth most; a false okey plays as the okey.
    """
    return _solve(hand, okey, _weight_value)


def least_left(hand: Sequence[Tile], okey: Tile) -> Arrangement:
    """Runs and sets that leave the lowest sum in hand (a real okey left counts 0)."""
    return _solve(hand, okey, _weight_least)


def can_cover(hand: Sequence[Tile], okey: Tile) -> list[Meld] | None:
    """Melds using every tile of ``hand`` (okeys too), or None if there are none."""
    counts, wilds = _counts(hand, okey)
    if not hand:
        return []
    solver = _Solver(counts, wilds, _weight_count, cover=True)
    if solver.best() <= _NEG:
        return None
    return _build(solver.path(), counts, okey)


def best_pairs(hand: Sequence[Tile], okey: Tile) -> Arrangement:
    """The most pairs (then the highest value): identical tiles, or an okey and a tile."""
    wild_count = sum(1 for t in hand if is_wild(t, okey))
    groups = Counter(t for t in hand if not is_wild(t, okey))
    twins: list[Tile] = []
    singles: list[Tile] = []
    for tile in groups:
        count = groups[tile]
        twins += [tile] * (count // 2)
        singles += [tile] * (count % 2)
    singles.sort(key=lambda t: -effective(t, okey).number)
    twins.sort(key=lambda t: -effective(t, okey).number)
    melds: list[Meld] = []
    for tile in twins:
        meant = effective(tile, okey)
        melds.append(make_meld([tile, tile], [meant, meant], okey))
    for tile in singles[:wild_count]:
        meant = effective(tile, okey)
        melds.append(make_meld([tile, okey], [meant, meant], okey))
    spare = wild_count - min(wild_count, len(singles))
    if spare >= 2 and twins:
        # Two okeys cannot pair each other; split the best twin pair instead.
        tile = twins[0]
        meant = effective(tile, okey)
        melds.remove(make_meld([tile, tile], [meant, meant], okey))
        melds += [make_meld([tile, okey], [meant, meant], okey)] * 2
    melds.sort(key=lambda m: (-m.value, m.stands_for[0].sort_key()))
    return Arrangement(tuple(melds), _leftover(hand, melds), okey)


def _pairs_cover(hand: Sequence[Tile], okey: Tile) -> list[Meld] | None:
    best = best_pairs(hand, okey)
    return list(best.melds) if not best.leftover else None


def opening_check(
    hand: Sequence[Tile], okey: Tile, floor: int = 101, pairs_floor: int = 5
) -> OpeningCheck:
    """The best melds and pairs of a hand, and whether each reaches its floor."""
    return OpeningCheck(best_melds(hand, okey), best_pairs(hand, okey), floor, pairs_floor)


def arrange(hand: Sequence[Tile], okey: Tile, by: OpeningKind = OpeningKind.MELDS) -> list[Tile]:
    """An order of the rack: the best melds (or pairs) together, then the rest sorted."""
    if by is OpeningKind.MELDS:
        found = best_melds(hand, okey)
    elif by is OpeningKind.PAIRS:
        found = best_pairs(hand, okey)
    else:
        raise SetupError(
            f"arrange by OpeningKind.MELDS or OpeningKind.PAIRS, not {by!r}",
            code=ErrorCode.BAD_ARGUMENT,
            by=by,
        )
    order: list[Tile] = []
    for meld in found.melds:
        order.extend(meld.tiles)
    order.extend(found.leftover)
    return order


# -- table play ---------------------------------------------------------------------------


def lay_offs(hand: Sequence[Tile], okey: Tile, table: Sequence[Meld]) -> list[LayOff]:
    """Every tile of the hand that can be added to a table meld, and where."""
    found: list[LayOff] = []
    for tile in sort_tiles(set(hand)):
        for index, meld in enumerate(table):
            for result in extensions(meld, tile, okey):
                found.append(LayOff(tile, index, result))
    return found


def okey_swaps(hand: Sequence[Tile], okey: Tile, table: Sequence[Meld]) -> list[Swap]:
    """Every okey on the table the hand can take by giving the real tile(s)."""
    real = sort_tiles(set(t for t in hand if not is_wild(t, okey)))
    have = Counter(hand)
    found: list[Swap] = []
    for index, meld in enumerate(table):
        if meld.kind is MeldKind.PAIR or not meld.wild_places(okey):
            continue
        need = 2 if meld.kind is MeldKind.SET and len(meld.tiles) == 3 else 1
        seen: set[tuple[Tile, ...]] = set()
        for given in combinations(real, need):
            if given in seen or any(have[t] < given.count(t) for t in given):
                continue
            seen.add(given)
            try:
                result = swap_okey(meld, given, okey)
            except MeldError:
                continue
            found.append(Swap(index, given, result))
    return found


# -- finishing -------------------------------------------------------------------------------


def _run_growth(
    meld: Meld, left: Counter[Tile], wilds: int, okey: Tile
) -> list[tuple[list[tuple[Tile, Tile]], int]]:
    """Ways to lengthen a table meld: (tiles laid with what they mean, okeys used).

    A real tile is always used before an okey for the same place: swapping
    them elsewhere never hurts, as an okey can stand anywhere.
    """
    if meld.kind is MeldKind.PAIR:
        return [([], 0)]
    if meld.kind is MeldKind.SET:
        out: list[tuple[list[tuple[Tile, Tile]], int]] = [([], 0)]
        if len(meld.tiles) == 3:
            present = {t.colour for t in meld.stands_for}
            for colour in COLOURS:
                if colour in present:
                    continue
                meant = Tile(colour, meld.low)
                laid = FALSE_OKEY if meant == okey else meant
                if left[laid] > 0:
                    out.append(([(laid, meant)], 0))
            if wilds:
                missing = next(c for c in COLOURS if c not in present)
                out.append(([(okey, Tile(missing, meld.low))], 1))
        return out
    run_colour = meld.colour
    assert run_colour is not None
    out = []
    for low_taken, low_okeys, low_used in _side(
        range(meld.low - 1, 0, -1), run_colour, left, wilds, okey
    ):
        after = left - low_used
        above = _side(range(meld.high + 1, 14), run_colour, after, wilds - low_okeys, okey)
        for high_taken, high_okeys, _ in above:
            out.append((low_taken + high_taken, low_okeys + high_okeys))
    return out


def _side(
    numbers: range, colour: Colour, left: Counter[Tile], wilds: int, okey: Tile
) -> list[tuple[list[tuple[Tile, Tile]], int, Counter[Tile]]]:
    """Ways to lengthen a run outward through ``numbers``: (tiles, okeys used, reals used)."""
    ways: list[tuple[list[tuple[Tile, Tile]], int, Counter[Tile]]] = [([], 0, Counter())]
    taken: list[tuple[Tile, Tile]] = []
    used: Counter[Tile] = Counter()
    okeys = 0
    for number in numbers:
        meant = Tile(colour, number)
        laid = FALSE_OKEY if meant == okey else meant
        if left[laid] - used[laid] > 0:
            taken = taken + [(laid, meant)]
            used = used + Counter([laid])
        elif okeys < wilds:
            taken = taken + [(okey, meant)]
            okeys += 1
        else:
            break
        ways.append((taken, okeys, used))
    return ways


def _grow(meld: Meld, placed: list[tuple[Tile, Tile]], index: int, okey: Tile) -> list[LayOff]:
    """Lay the tiles one by one (nearest the meld first), each step a legal lay-off."""
    steps: list[LayOff] = []
    current = meld
    for laid, meant in placed:
        options = [m for m in extensions(current, laid, okey) if meant in m.stands_for]
        options = [
            m for m in options if m.stands_for.count(meant) > current.stands_for.count(meant)
        ]
        assert options
        current = options[0]
        steps.append(LayOff(laid, index, current))
    return steps


class _Finisher:
    """Search for lay-offs on the table that leave a hand that can be fully laid."""

    def __init__(
        self,
        okey: Tile,
        table: Sequence[Meld],
        lay: Callable[[list[Tile]], list[Meld] | None],
        may_lay_off: bool,
        budget: _Budget | None = None,
    ) -> None:
        self.budget = budget
        self.okey = okey
        self.table = list(table)
        self.lay = lay
        self.may_lay_off = may_lay_off
        self.memo: dict[tuple[int, tuple[tuple[Tile, int], ...]], bool] = {}
        self.leaf_memo: dict[tuple[tuple[Tile, int], ...], list[Meld] | None] = {}
        self._final: Counter[Tile] = Counter()

    def _key(self, left: Counter[Tile]) -> tuple[tuple[Tile, int], ...]:
        return tuple(sorted(((t, c) for t, c in left.items() if c > 0), key=lambda p: p[0].index))

    def _leaf(self, left: Counter[Tile]) -> list[Meld] | None:
        key = self._key(left)
        if key not in self.leaf_memo:
            if self.budget is not None:
                self.budget.spend()
            self.leaf_memo[key] = self.lay(list(left.elements()))
        return self.leaf_memo[key]

    def search(self, left: Counter[Tile]) -> tuple[list[Meld], list[LayOff]] | None:
        plan: list[LayOff] = []
        if not self.may_lay_off:
            melds = self._leaf(left)
            return None if melds is None else (melds, plan)
        if self._dfs(0, left, plan):
            melds = self._leaf(self._final)
            assert melds is not None
            return melds, plan
        return None

    def _dfs(self, i: int, left: Counter[Tile], plan: list[LayOff]) -> bool:
        if i == len(self.table):
            if self._leaf(left) is not None:
                self._final = left
                return True
            return False
        key = (i, self._key(left))
        if key in self.memo:
            return False  # a success would have ended the search
        wilds = left[self.okey]
        for placed, _okeys in _run_growth(self.table[i], left, wilds, self.okey):
            after = left - Counter(laid for laid, _ in placed)
            if sum(left.values()) - sum(after.values()) != len(placed):
                continue
            steps = _grow(self.table[i], _order_outward(self.table[i], placed), i, self.okey)
            plan.extend(steps)
            if self._dfs(i + 1, after, plan):
                return True
            del plan[len(plan) - len(steps) :]
        self.memo[key] = False
        return False


def _order_outward(meld: Meld, placed: list[tuple[Tile, Tile]]) -> list[tuple[Tile, Tile]]:
    """Lay-off order: each tile next to the meld as it stands then."""
    if meld.kind is not MeldKind.RUN:
        return placed
    below = sorted((p for p in placed if p[1].number < meld.low), key=lambda p: -p[1].number)
    above = sorted((p for p in placed if p[1].number > meld.high), key=lambda p: p[1].number)
    return below + above


def finish_plan(
    hand: Sequence[Tile],
    okey: Tile,
    table: Sequence[Meld],
    opened: OpeningKind | None,
    can_lay_off: bool = True,
    floor: int | None = None,
) -> FinishPlan | None:
    """How to finish this turn, or None if the hand cannot.

    ``opened`` is None (not opened: a straight out, all tiles but one into
    melds or into pairs, no floor; and, when ``floor`` is given, an opening
    of at least ``floor`` points followed by lay-offs on the table),
    ``OpeningKind.MELDS`` (new melds and lay-offs, with okey swaps) or ``OpeningKind.PAIRS`` (new
    pairs; lay-offs only if ``can_lay_off``). Keeping a real okey for the
    discard is preferred (it doubles the hand), then pairs over melds for a
    straight out.
    """
    if opened is not None and not isinstance(opened, OpeningKind):
        raise SetupError(
            f"opened is None or an OpeningKind, not {opened!r}",
            code=ErrorCode.BAD_ARGUMENT,
            opened=opened,
        )
    if not hand or (opened is None and len(hand) < 3):
        return None  # a straight out lays at least one meld or pair
    kinds = [OpeningKind.PAIRS, OpeningKind.MELDS] if opened is None else [opened]
    candidates = sort_tiles(set(hand))
    candidates.sort(key=lambda t: (not is_wild(t, okey), -_plays_as(t, okey)))
    table_play = opened is OpeningKind.MELDS or (opened is OpeningKind.PAIRS and can_lay_off)
    for discard in candidates:
        rest = Counter(hand)
        rest[discard] -= 1
        for kind in kinds:
            lay = _pairs_cover_list(okey) if kind is OpeningKind.PAIRS else _melds_cover_list(okey)
            plan = _try_finish(rest, discard, okey, table, lay, table_play, kind)
            if plan is not None:
                return plan
    if opened is None and floor is not None and table and best_melds(hand, okey).value >= floor:
        # Open with enough points, then add the rest to the table (RULES §5).
        # This search can grow large on a crowded table, so it has a fixed
        # budget of hand arrangements to try: past it, the answer is "none found".
        budget = _Budget(OPEN_AND_LAY_OFF_BUDGET)
        try:
            for discard in candidates:
                rest = Counter(hand)
                rest[discard] -= 1
                finder = _Finisher(okey, table, _opening_cover(okey, floor), True, budget)
                found = finder.search(rest)
                if found is not None and found[1]:
                    return FinishPlan(
                        OpeningKind.MELDS, tuple(found[0]), tuple(found[1]), (), discard, okey
                    )
        except _OutOfBudget:
            return None
    return None


# How many arrangements the open-then-lay-off finishing search may try.
OPEN_AND_LAY_OFF_BUDGET = 60


class _OutOfBudget(Exception):
    pass


class _Budget:
    def __init__(self, left: int) -> None:
        self.left = left

    def spend(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise _OutOfBudget


def _opening_cover(okey: Tile, floor: int) -> Callable[[list[Tile]], list[Meld] | None]:
    """Melds using every tile and worth at least ``floor`` (an opening), or None."""

    def cover(tiles: list[Tile]) -> list[Meld] | None:
        melds = can_cover(tiles, okey)
        if melds is not None and melds and sum(m.value for m in melds) >= floor:
            return melds
        best = best_melds(tiles, okey)
        if best.melds and not best.leftover and best.value >= floor:
            return list(best.melds)
        return None

    return cover


def _melds_cover_list(okey: Tile) -> Callable[[list[Tile]], list[Meld] | None]:
    return lambda tiles: can_cover(tiles, okey)


def _pairs_cover_list(okey: Tile) -> Callable[[list[Tile]], list[Meld] | None]:
    return lambda tiles: _pairs_cover(tiles, okey)


def _try_finish(
    rest: Counter[Tile],
    discard: Tile,
    okey: Tile,
    table: Sequence[Meld],
    lay: Callable[[list[Tile]], list[Meld] | None],
    table_play: bool,
    kind: OpeningKind,
) -> FinishPlan | None:
    finder = _Finisher(okey, table, lay, table_play)
    found = finder.search(rest)
    if found is not None:
        melds, plan = found
        return FinishPlan(kind, tuple(melds), tuple(plan), (), discard, okey)
    if not table_play or kind is not OpeningKind.MELDS:
        return None
    # An okey swap hands over an okey that must be laid again this turn.
    for swap in okey_swaps(list(rest.elements()), okey, table):
        after = rest - Counter(swap.given)
        after[okey] += 1
        new_table = list(table)
        new_table[swap.index] = swap.result
        finder = _Finisher(okey, new_table, lay, True)
        found = finder.search(after)
        if found is not None:
            melds, plan = found
            return FinishPlan(kind, tuple(melds), tuple(plan), (swap,), discard, okey)
    return None
