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
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from itertools import combinations

from okey_tui.engine.budget import Deadline
from okey_tui.engine.errors import ErrorCode, MeldError, SetupError
from okey_tui.engine.melds import (
    Meld,
    MeldKind,
    effective,
    extensions,
    is_wild,
    make_meld,
    readings,
    swap_okey,
)
from okey_tui.engine.rules import OpeningKind
from okey_tui.engine.tiles import COLOURS, FALSE_OKEY, Colour, Tile, sort_tiles

__all__ = [
    "Arrangement",
    "FinishPlan",
    "LayOff",
    "MeldsSearch",
    "OpeningCheck",
    "Outline",
    "Swap",
    "arrange",
    "best_melds",
    "best_pairs",
    "can_cover",
    "could_meld",
    "finish_plan",
    "lay_offs",
    "least_left",
    "melds_outline",
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


@dataclass(frozen=True, slots=True)
class Outline:
    """What the best melds of a hand come to, without building them (see
    :func:`melds_outline`): their value, how many tiles they use, and the tiles of
    which at least one copy stays out of them."""

    value: int
    tiles_used: int
    loose: frozenset[Tile]


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
    earlier one), then discard. A player who opens this turn lays the melds
    (the opening) first, then swaps, then lays ``later``, then the lay-offs;
    a lay-off's index may then name a meld laid this turn (the table's
    melds come first, then the opening's, then ``later``).
    """

    kind: OpeningKind  # what the new melds are: runs and sets, or pairs
    melds: tuple[Meld, ...]
    lay_offs: tuple[LayOff, ...]
    swaps: tuple[Swap, ...]
    discard: Tile
    okey: Tile
    # Melds laid after the swaps by a player who opens this turn (they hold a
    # swapped okey, which cannot count toward the opening).
    later: tuple[Meld, ...] = ()

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
_OptKey = tuple[int, int, int, bool, int, int, int]
_Option = tuple[int, int, int]  # (new code, tiles into runs, okeys used)
_OPTIONS: dict[_OptKey, tuple[_Option, ...]] = {}


def _colour_options(
    code: int, real: int, wilds: int, wild_start: bool, next1: int, next2: int, need: int
) -> tuple[_Option, ...]:
    """Every way the run tiles of one colour at one number can go, most tiles first.

    Options whose short runs cannot be fed at the next two numbers, even by
    every free okey, are dropped here.
    """
    key = (code, real, wilds, wild_start, next1, next2, need)
    cached = _OPTIONS.get(key)
    if cached is not None:
        return cached
    n1, n2, n3 = _unpack(code)
    short = n1 + n2
    total = short + n3
    lo = max(short, min(real, total), need)
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

    def __init__(
        self,
        counts: list[list[int]],
        wilds: int,
        weight: _Weight,
        cover: bool,
        slack: list[list[int]] | None = None,
        wild_slack: int = 0,
        suffix: tuple[dict[int, int], int] | None = None,
    ) -> None:
        # counts[c][n] for n in 0..15 (0, 14, 15 are always zero)
        self.counts = counts
        self.wilds = wilds
        self.weight = weight
        self.cover = cover
        # With ``slack``: melds that use every tile but slack[c][n] of each
        # (and all okeys but ``wild_slack``), the rest staying out.
        self.slack = slack
        self.wild_slack = wild_slack
        self.memo: dict[int, int] = {}
        # With ``suffix`` (memo, above): the values at numbers past ``above`` go to, and
        # come from, a memo shared by solvers whose counts and slack agree past
        # ``above`` (a value depends only on the numbers from its own on).
        self.shared, self.above = suffix if suffix is not None else (self.memo, 0)
        # key -> (okeys left, next state, choice) of the best move
        self.choice: dict[int, tuple[int, tuple[int, int, int, int], _Step]] = {}
        # gaps[c][n]: numbers above n (to 13) with no real tile of colour c
        self.gaps = []
        for row in counts:
            gaps = [0] * 16
            for n in range(12, -1, -1):
                gaps[n] = gaps[n + 1] + (0 if row[n + 1] else 1)
            self.gaps.append(gaps)
        c0, c1, c2, c3 = counts
        self.bound = bound = [0] * 16
        for n in range(13, 0, -1):
            here = c0[n] + c1[n] + c2[n] + c3[n]
            bound[n] = bound[n + 1] + (weight(n, here, 0) if here else 0)
        self.wild_bound = weight(13, 0, 1)

    def best(self) -> int:
        return self._go(1, self.wilds, 0, 0, 0, 0)

    def _go(self, n: int, w: int, s0: int, s1: int, s2: int, s3: int) -> int:
        if n == 14:
            if (s0 | s1 | s2 | s3) and (s0 % 25 or s1 % 25 or s2 % 25 or s3 % 25):
                return _NEG
            if self.cover and w:
                return _NEG
            if self.slack is not None and w > self.wild_slack:
                return _NEG
            return 0
        key = ((((n * 8 + w) * _SPAN + s0) * _SPAN + s1) * _SPAN + s2) * _SPAN + s3
        memo = self.shared if n > self.above else self.memo
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
        slack = self.slack
        for set_tiles, set_wild, r0, r1, r2, r3, pat in _set_options(c0[n], c1[n], c2[n], c3[n], w):
            free = w - set_wild
            if cover:
                need0, need1, need2, need3 = r0, r1, r2, r3
            elif slack is not None:
                need0 = max(0, r0 - slack[0][n])
                need1 = max(0, r1 - slack[1][n])
                need2 = max(0, r2 - slack[2][n])
                need3 = max(0, r3 - slack[3][n])
            else:
                need0 = need1 = need2 = need3 = 0
            opts0 = _colour_options(s0, r0, free, gaps0[n] < free, c0[nxt], c0[nn], need0)
            if not opts0:
                continue
            opts1 = _colour_options(s1, r1, free, gaps1[n] < free, c1[nxt], c1[nn], need1)
            if not opts1:
                continue
            opts2 = _colour_options(s2, r2, free, gaps2[n] < free, c2[nxt], c2[nn], need2)
            if not opts2:
                continue
            opts3 = _colour_options(s3, r3, free, gaps3[n] < free, c3[nxt], c3[nn], need3)
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


class _SkipSolver(_Solver):
    """The programme with ``slack`` (see :class:`_Solver`) and one tile more left out:
    the throw. Only :meth:`best` is offered."""

    def best(self) -> int:
        return self._skip_go(1, self.wilds, 0, 0, 0, 0, 1)

    def _skip_go(self, n: int, w: int, s0: int, s1: int, s2: int, s3: int, k: int) -> int:
        if n == 14:
            if (s0 | s1 | s2 | s3) and (s0 % 25 or s1 % 25 or s2 % 25 or s3 % 25):
                return _NEG
            if w > self.wild_slack + k:
                return _NEG
            return 0
        key = (((((n * 8 + w) * _SPAN + s0) * _SPAN + s1) * _SPAN + s2) * _SPAN + s3) * 2 + k
        memo = self.memo
        got = memo.get(key)
        if got is not None:
            return got
        c0, c1, c2, c3 = self.counts
        gaps0, gaps1, gaps2, gaps3 = self.gaps
        weight = self.weight
        bound = self.bound[n + 1]
        wild_bound = self.wild_bound
        slack = self.slack
        assert slack is not None
        best = _NEG
        nxt = n + 1
        nn = n + 2
        for set_tiles, set_wild, r0, r1, r2, r3, _pat in _set_options(
            c0[n], c1[n], c2[n], c3[n], w
        ):
            free = w - set_wild
            needs = [
                max(0, r0 - slack[0][n]),
                max(0, r1 - slack[1][n]),
                max(0, r2 - slack[2][n]),
                max(0, r3 - slack[3][n]),
            ]
            variants = [(needs, k)]
            if k:
                for c in range(4):
                    if needs[c]:
                        fewer = list(needs)
                        fewer[c] -= 1
                        variants.append((fewer, 0))
            for (need0, need1, need2, need3), k2 in variants:
                opts0 = _colour_options(s0, r0, free, gaps0[n] < free, c0[nxt], c0[nn], need0)
                opts1 = _colour_options(s1, r1, free, gaps1[n] < free, c1[nxt], c1[nn], need1)
                opts2 = _colour_options(s2, r2, free, gaps2[n] < free, c2[nxt], c2[nn], need2)
                opts3 = _colour_options(s3, r3, free, gaps3[n] < free, c3[nxt], c3[nn], need3)
                if not (opts0 and opts1 and opts2 and opts3):
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
                                rest = self._skip_go(nxt, rest_w, n0, n1, n2, n3, k2)
                                if rest > _NEG and gain + rest > best:
                                    best = gain + rest
        memo[key] = best
        return best


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
    return [
        _set_as_read(make_meld([a for a, _ in g], [b for _, b in g], okey), okey) for g in groups
    ]


def _set_as_read(meld: Meld, okey: Tile) -> Meld:
    """A set's okeys standing for the colours the player's own staging gives them (the
    missing colours in R Y B K order, :func:`readings`): the hint shows ``★R8 Y8 B8``
    as ``o`` stages it, not ``Y8 B8 ★K8``. Which colour changes neither value nor swaps."""
    if not any(is_wild(t, okey) for t in meld.tiles):
        return meld
    found = readings(meld.tiles, okey, (MeldKind.SET,))
    return found[0] if found else meld


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


def could_meld(tile: Tile, hand: Sequence[Tile], okey: Tile) -> bool:
    """Whether ``tile`` could be in a run or set with some of ``hand``: False only when no
    meld can hold it (a set needs two more colours of its number, a run two more numbers
    of its colour next to it; each okey of the hand stands in for one). A quick test
    before a search: the tile left out of every meld changes no best melds."""
    if is_wild(tile, okey):
        return True
    have = Counter(hand)
    return _placeable(tile, have, okey, (), False, have[okey], False)


def melds_outline(hand: Sequence[Tile], okey: Tile) -> Outline:
    """The value, the tiles used and the loose tiles of :func:`best_melds`'s melds, from
    the same programme but without building the melds: for a search that weighs many
    hands and needs only those (a bot's worlds)."""
    return MeldsSearch(hand, okey).outline


class MeldsSearch:
    """The best melds of one hand (:attr:`outline`, as :func:`melds_outline`), and what
    the best melds of hands a few tiles away from it come to (:meth:`variant`).

    A value of the programme at a number depends only on the counts from that number
    on, so a hand that differs from this one only at lower numbers reuses this search's
    values past its highest changed number: weighing every throw of one rack, or one
    rack with each tile it might be given, costs far less than as many searches.
    """

    def __init__(self, hand: Sequence[Tile], okey: Tile) -> None:
        self.okey = okey
        self._counts, self._wilds = _counts(hand, okey)
        solver = _Solver(self._counts, self._wilds, _weight_value, cover=False)
        best = solver.best()
        self._memo = solver.memo
        loose: set[Tile] = set()
        okeys_in_melds = 0
        for n, (pat, runs) in enumerate(solver.path(), start=1):
            for c in range(4):
                placed = pat[c] + runs[c]
                have = self._counts[c][n]
                okeys_in_melds += max(0, placed - have)
                if have > placed:
                    loose.add(_physical(c, n, okey))
        if okeys_in_melds < self._wilds:
            loose.add(okey)
        self.outline = Outline(best // _SCALE, best % _SCALE, frozenset(loose))
        self._variants: dict[tuple[tuple[Tile, ...], tuple[Tile, ...]], tuple[int, int]] = {}

    def variant(self, less: Sequence[Tile] = (), more: Sequence[Tile] = ()) -> tuple[int, int]:
        """(value, tiles used) of the best melds of the hand less the tiles ``less`` (each
        one it holds) and plus the tiles ``more``.

        One tile less that the best melds leave loose changes neither: no melds
        without it are worth more, nor use more tiles at that value.
        """
        if not more and not less:
            return self.outline.value, self.outline.tiles_used
        if not more and len(less) == 1 and less[0] in self.outline.loose:
            return self.outline.value, self.outline.tiles_used
        key = (tuple(sorted(less, key=Tile.sort_key)), tuple(sorted(more, key=Tile.sort_key)))
        found = self._variants.get(key)
        if found is not None:
            return found
        counts = [row[:] for row in self._counts]
        wilds = self._wilds
        above = 0
        for tiles, step in ((less, -1), (more, 1)):
            for tile in tiles:
                if is_wild(tile, self.okey):
                    wilds += step
                    above = 13  # the okeys count from the first number on: nothing shared
                    continue
                index = effective(tile, self.okey).index
                counts[index // 13][index % 13 + 1] += step
                above = max(above, index % 13 + 1)
        if wilds < 0 or any(c < 0 for row in counts for c in row):
            raise SetupError(
                "the hand does not hold every tile to take away",
                code=ErrorCode.BAD_ARGUMENT,
                less=[str(t) for t in less],
            )
        best = _Solver(counts, wilds, _weight_value, False, suffix=(self._memo, above)).best()
        found = self._variants[key] = (best // _SCALE, best % _SCALE)
        return found


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


def _grow(meld: Meld, placed: list[tuple[Tile, Tile]], index: int, okey: Tile) -> list[LayOff]:
    """Lay the tiles one by one (nearest the meld first), each step a legal lay-off."""
    steps: list[LayOff] = []
    current = meld
    if meld.kind is MeldKind.SET:
        for laid, _ in placed:
            current = extensions(current, laid, okey)[0]
            steps.append(LayOff(laid, index, current))
        return steps
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
    """Search for lay-offs on the table that leave a hand that can be fully laid.

    The tiles in hand are a vector of 53 counts (by tile index); the search
    walks the table melds in order, trying every way each can grow, and asks
    ``lay`` about what is left at the end. Failed states are remembered, so a
    finder reused for several discards never repeats work. With ``floor``,
    a state whose best melds are worth less than the floor is cut at once:
    the tiles left only shrink further down the search.
    """

    def __init__(
        self,
        okey: Tile,
        table: Sequence[Meld],
        lay: Callable[[list[Tile]], list[Meld] | None],
        may_lay_off: bool,
        floor: int | None = None,
        deadline: Deadline | None = None,
        pairs: bool = False,
        own: int | None = None,
    ) -> None:
        self.okey = okey
        self.deadline = deadline
        # With ``floor``: how many okeys are the player's own (the rest were swapped off
        # the table after the opening and count toward no floor); None: every one counts.
        self.own = own
        self.own_memo: dict[bytes, bool] = {}
        self.pairs = pairs  # the hand's tiles go into pairs, not runs and sets
        self.okey_index = okey.index
        self.table = list(table)
        self.lay = lay
        self.may_lay_off = may_lay_off
        self.floor = floor
        self.failed: set[tuple[int, bytes]] = set()
        self.leaf_memo: dict[bytes, list[Meld] | None] = {}
        self.bound_memo: dict[tuple[bytes, bool, bytes], bool] = {}
        self._set_colours = [self._set_takers(meld) for meld in self.table]
        # What each table meld can take: a run's (colour, low, high), the slots
        # a 3-tile set takes, or None.
        self._reach: list[tuple[int, int, int] | frozenset[int] | None] = []
        for k, meld in enumerate(self.table):
            if meld.kind is MeldKind.RUN:
                assert meld.colour is not None
                self._reach.append((_COLOUR_ORDER[meld.colour], meld.low, meld.high))
            elif self._set_colours[k]:
                self._reach.append(
                    frozenset(effective(_BY_INDEX[j], okey).index for j, _ in self._set_colours[k])
                )
            else:
                self._reach.append(None)
        self._final = b""
        self._path: list[tuple[int, list[tuple[int, Tile]]]] = []

    def _takes(self, i: int, slot: int, counts: list[int], wilds: int) -> bool:
        """Whether a table meld from ``i`` on could take the tile playing as ``slot``
        (0..51), with the hand's tiles and okeys filling any gap before it."""
        colour, number0 = divmod(slot, 13)
        number = number0 + 1
        okey_index = self.okey_index
        for k in range(i, len(self.table)):
            reach = self._reach[k]
            if reach is None:
                continue
            if isinstance(reach, frozenset):
                if slot in reach:
                    return True
                continue
            c, low, high = reach
            if c != colour:
                continue
            if number < low:
                gap = range(number + 1, low)
            elif number > high:
                gap = range(high + 1, number)
            else:
                continue
            missing = 0
            for m in gap:
                j = colour * 13 + m - 1
                if j == okey_index:
                    j = 52
                if counts[j] == 0:
                    missing += 1
            if missing <= wilds:
                return True
        return False

    def _set_takers(self, meld: Meld) -> list[tuple[int, Tile]]:
        """The (tile index, tile) a 3-tile set takes (a missing colour, or an okey's)."""
        if meld.kind is not MeldKind.SET or len(meld.tiles) != 3:
            return []
        found: list[tuple[int, Tile]] = []
        for colour in COLOURS:
            meant = Tile(colour, meld.low)
            laid = FALSE_OKEY if meant == self.okey else meant
            if extensions(meld, laid, self.okey):
                found.append((laid.index, meant))
        return found

    def _tiles(self, counts: list[int]) -> list[Tile]:
        return [_BY_INDEX[j] for j in range(53) for _ in range(counts[j])]

    def _leaf(self, counts: list[int]) -> list[Meld] | None:
        key = bytes(counts)
        if key not in self.leaf_memo:
            self.leaf_memo[key] = self.lay(self._tiles(counts))
        return self.leaf_memo[key]

    def _hopeful(self, i: int, counts: list[int]) -> bool:
        """A relaxed test of the state: the tiles no later table meld can take
        must be in melds of the hand (worth the floor, when there is one),
        less one for the throw. Failing it, no finish is reachable from here.
        """
        if not self.may_lay_off:
            return True
        okey = self.okey
        okey_index = self.okey_index
        later = self.table[i:]
        wilds = counts[okey_index]
        if (
            self.own is not None
            and not self.pairs
            and wilds > self.own
            and not self._own_reach(counts)
        ):
            return False
        if self.pairs and self.floor is not None:
            # Lay-offs only take tiles away: the pairs the tiles make now bound the opening.
            twins = sum(counts[j] // 2 for j in range(53) if j != okey_index)
            singles = sum(counts[j] % 2 for j in range(53) if j != okey_index)
            if twins + min(singles, wilds) < self.floor:
                return False
        slack = [[0] * 16 for _ in range(4)]
        stuck = 0
        lone = 0  # stuck tiles that no meld of the hand's tiles could hold
        for j in range(53):
            count = counts[j]
            if not count or j == okey_index:
                continue
            slot = okey_index if j == 52 else j
            c, n = divmod(slot, 13)
            if self._takes(i, slot, counts, wilds):
                slack[c][n + 1] += count
            else:
                stuck += count
                if self.pairs:
                    lone += count % 2  # a pair needs its twin or an okey
                elif not self._meldable(c, n + 1, counts, wilds):
                    lone += count
        if stuck == 0:
            return True
        if self.pairs:
            # Each odd stuck tile takes an okey, but for the throw.
            return lone - 1 <= wilds
        if lone > 1:
            return False  # at most one such tile, the throw
        extendable = any(
            (m.kind is MeldKind.RUN and (m.low > 1 or m.high < 13))
            or (m.kind is MeldKind.SET and len(m.tiles) == 3)
            for m in later
        )
        key = (bytes(counts), extendable, bytes(v for row in slack for v in row))
        got = self.bound_memo.get(key)
        if got is None:
            grid, free = _grid(counts, okey)
            weight = _weight_value if self.floor is not None else _weight_count
            got = False
            # One tile more may stay out: the throw.
            best = _SkipSolver(grid, free, weight, False, slack, free if extendable else 0).best()
            got = best > _NEG and (self.floor is None or best // _SCALE >= self.floor)
            self.bound_memo[key] = got
        return got

    def _own_reach(self, counts: list[int]) -> bool:
        """Whether melds of the real tiles and the player's own okeys alone could be worth
        the floor. The opening holds no other okey, and lay-offs only take tiles away,
        so failing this no finish is reachable from here."""
        key = bytes(counts)
        got = self.own_memo.get(key)
        if got is None:
            assert self.floor is not None and self.own is not None
            vector = list(counts)
            vector[self.okey_index] = self.own
            got = _melds_value(*_grid(vector, self.okey)) >= self.floor
            self.own_memo[key] = got
        return got

    def _meldable(self, colour: int, number: int, counts: list[int], wilds: int) -> bool:
        """Whether the tile playing as (colour, number) makes a run or a set with
        some of the tiles of ``counts`` (okeys helping), each test on its own."""
        okey_index = self.okey_index

        def held(c: int, n: int) -> bool:
            if not 1 <= n <= 13:
                return False
            j = c * 13 + n - 1
            return counts[52 if j == okey_index else j] > 0

        others = sum(1 for c in range(4) if c != colour and held(c, number))
        if others + wilds >= 2:
            return True
        for a, b in ((number - 2, number - 1), (number - 1, number + 1), (number + 1, number + 2)):
            if a >= 1 and b <= 13 and int(not held(colour, a)) + int(not held(colour, b)) <= wilds:
                return True
        return False

    def search(self, left: Counter[Tile]) -> tuple[list[Meld], list[LayOff]] | None:
        counts = [0] * 53
        for tile, n in left.items():
            counts[tile.index] += n
        if not self.may_lay_off:
            if self.deadline is not None and self.deadline.tick():
                return None
            melds = self._leaf(counts)
            return None if melds is None else (melds, [])
        self._path = []
        if not self._dfs(0, counts):
            return None
        melds = self.leaf_memo[self._final]
        assert melds is not None
        plan: list[LayOff] = []
        for i, placed in self._path:
            meld = self.table[i]
            as_tiles = [(_BY_INDEX[j], meant) for j, meant in placed]
            plan += _grow(meld, _order_outward(meld, as_tiles), i, self.okey)
        return melds, plan

    def _dfs(self, i: int, counts: list[int]) -> bool:
        if self.deadline is not None and self.deadline.tick():
            return False  # out of time: give up (the caller answers None)
        if i == len(self.table):
            if self._leaf(counts) is not None:
                self._final = bytes(counts)
                return True
            return False
        key = (i, bytes(counts))
        if key in self.failed:
            return False
        if not self._hopeful(i, counts):
            self.failed.add(key)
            return False
        # The most tiles first: a finish usually lays off all it can.
        for placed in sorted(self._growth(i, counts), key=len, reverse=True):
            for j, _ in placed:
                counts[j] -= 1
            self._path.append((i, placed))
            done = self._dfs(i + 1, counts)
            for j, _ in placed:
                counts[j] += 1
            if done:
                return True
            self._path.pop()
        self.failed.add(key)
        return False

    def _growth(self, i: int, counts: list[int]) -> list[list[tuple[int, Tile]]]:
        """Ways to lengthen table meld ``i``: the tiles laid (index, what each stands for).

        A real tile is used before an okey for the same place: swapping them
        elsewhere never hurts, as an okey can stand anywhere. Not so while the
        hand holds an okey swapped off the table after the opening: it counts
        toward no floor, so laying it off may be what lets the real tile count
        in the opening; then either may take the place. Growing nothing comes
        first.
        """
        meld = self.table[i]
        okey_index = self.okey_index
        out: list[list[tuple[int, Tile]]] = [[]]
        if meld.kind is MeldKind.PAIR:
            return out
        if meld.kind is MeldKind.SET:
            for j, meant in self._set_colours[i]:
                if counts[j] > 0:
                    out.append([(j, meant)])
            if len(meld.tiles) == 3 and counts[okey_index] > 0:
                present = {t.colour for t in meld.stands_for}
                missing = next(c for c in COLOURS if c not in present)
                out.append([(okey_index, Tile(missing, meld.low))])
            return out
        colour = meld.colour
        assert colour is not None
        either = self.own is not None and counts[okey_index] > self.own
        out = []
        for low, spent in self._run_steps(colour, range(meld.low - 1, 0, -1), counts, either):
            for above, _ in self._run_steps(
                colour, range(meld.high + 1, 14), counts, either, spent
            ):
                out.append(low + above)
        return out

    def _run_steps(
        self,
        colour: Colour,
        numbers: range,
        counts: list[int],
        either: bool,
        spent: list[int] | None = None,
    ) -> list[tuple[list[tuple[int, Tile]], list[int]]]:
        """Ways to lay tiles of ``colour`` at ``numbers``, in order, each next to the
        last (none first): the tiles (index, what each stands for) and the counts spent
        with them. With ``either``, an okey may stand where a real tile could."""
        c = _COLOUR_ORDER[colour]
        okey_index = self.okey_index
        okey_number = self.okey.number if self.okey.colour is colour else 0
        start = [0] * 53 if spent is None else spent
        found: list[tuple[list[tuple[int, Tile]], list[int]]] = [([], start)]
        frontier = found
        for number in numbers:
            real = 52 if number == okey_number else c * 13 + number - 1
            meant = _TILES[c][number]
            grown: list[tuple[list[tuple[int, Tile]], list[int]]] = []
            for taken, used in frontier:
                for j in (real, okey_index):
                    if counts[j] - used[j] <= 0:
                        continue
                    after = list(used)
                    after[j] += 1
                    grown.append(([*taken, (j, meant)], after))
                    if not either:
                        break  # the real tile, or else the okey
            if not grown:
                break
            found = found + grown
            frontier = grown
        return found


_COLOUR_ORDER = {colour: k for k, colour in enumerate(COLOURS)}


def _grid(vector: list[int], okey: Tile) -> tuple[list[list[int]], int]:
    """The programme's counts from a vector of 53 tile counts."""
    counts = [[0] * 16 for _ in range(4)]
    okey_index = okey.index
    wilds = vector[okey_index]
    for j in range(52):
        if j != okey_index and vector[j]:
            counts[j // 13][j % 13 + 1] += vector[j]
    if vector[52]:
        counts[okey_index // 13][okey_index % 13 + 1] += vector[52]
    return counts, wilds


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
    deadline: Deadline | None = None,
    pairs_floor: int | None = None,
    *,
    barred: Collection[Tile] = (),
) -> FinishPlan | None:
    """How to finish this turn, or None if the hand cannot.

    ``opened`` is None (not opened: a straight out, all tiles but one into
    melds or into pairs, no floor; when ``floor`` is given, an opening
    of at least ``floor`` points followed by okey swaps, new melds and
    lay-offs on the table; when ``pairs_floor`` is given and a pairs opener
    may lay off (``can_lay_off``), an opening of at least ``pairs_floor``
    pairs followed by okey swaps, new pairs and lay-offs),
    ``OpeningKind.MELDS`` (new melds and lay-offs, with any number of okey
    swaps) or ``OpeningKind.PAIRS`` (new pairs; lay-offs and okey swaps only
    if ``can_lay_off``). Keeping a real okey for the discard is
    preferred (it doubles the hand), then pairs over melds for a straight out,
    then the highest discard. No tile in ``barred`` is the discard (the
    caller's locks: say, an okey taken off the table this turn that must go
    on the table again).

    The search is exact: when the hand can go out this turn, a plan is found.
    With a ``deadline`` (see :mod:`okey_tui.engine.budget`) it gives up
    once the deadline has passed: it answers None and ``deadline.ran_out``
    is set (a plan found before then is still returned).
    """
    if opened is not None and not isinstance(opened, OpeningKind):
        raise SetupError(
            f"opened is None or an OpeningKind, not {opened!r}",
            code=ErrorCode.BAD_ARGUMENT,
            opened=opened,
        )
    if not hand or (opened is None and len(hand) < 3):
        return None  # a straight out lays at least one meld or pair
    candidates = sort_tiles(set(hand) - set(barred))
    if not candidates:
        return None
    candidates.sort(key=lambda t: (not is_wild(t, okey), -_plays_as(t, okey)))
    if is_wild(candidates[0], okey):
        # Going out by throwing an okey doubles the hand: look for that first.
        plan = _finish_throwing(
            hand, okey, table, opened, can_lay_off, floor, candidates[:1], deadline, pairs_floor
        )
        if plan is not None:
            return plan
        candidates = candidates[1:]
    return _finish_throwing(
        hand, okey, table, opened, can_lay_off, floor, candidates, deadline, pairs_floor
    )


def _finish_throwing(
    hand: Sequence[Tile],
    okey: Tile,
    table: Sequence[Meld],
    opened: OpeningKind | None,
    can_lay_off: bool,
    floor: int | None,
    discards: Sequence[Tile],
    deadline: Deadline | None = None,
    pairs_floor: int | None = None,
) -> FinishPlan | None:
    """A finish whose last throw is one of ``discards`` (tried in that order)."""
    if not discards:
        return None
    kinds = [OpeningKind.PAIRS, OpeningKind.MELDS] if opened is None else [opened]
    table_play = opened is OpeningKind.MELDS or (opened is OpeningKind.PAIRS and can_lay_off)
    everything = Counter(hand)
    table_okeys = sum(len(m.wild_places(okey)) for m in table if m.kind is not MeldKind.PAIR)
    for kind in kinds:
        if deadline is not None and deadline.ran_out:
            return None
        pairs_kind = kind is OpeningKind.PAIRS
        swaps_too = opened is None or kind is OpeningKind.MELDS or table_play
        usable = _throw_only(
            hand,
            okey,
            table if table_play or opened is None else [],
            pairs_kind,
            table_okeys if swaps_too else 0,
            discards,
        )
        if usable and table_play and not pairs_kind and table:
            usable = _relaxed(everything, okey, table, 0, usable, None, deadline)
        if not usable:
            continue
        cover = _pairs_cover_list(okey) if pairs_kind else _melds_cover_list(okey)
        leaf = _DiscardLeaf(usable, _constant(cover), okey, pairs=pairs_kind)
        found = _Finisher(
            okey, table, leaf, table_play, deadline=deadline, pairs=pairs_kind
        ).search(everything)
        if found is not None:
            melds, lay_offs = found
            return FinishPlan(kind, tuple(melds), tuple(lay_offs), (), leaf.thrown(melds), okey)
    if deadline is not None and deadline.ran_out:
        return None
    if opened is not None and table_play and table:
        # Okey swaps hand over okeys that must be laid again this turn.
        pairs_kind = opened is OpeningKind.PAIRS
        usable = _throw_only(hand, okey, table, pairs_kind, table_okeys, discards)
        if not pairs_kind:
            usable = _relaxed(everything, okey, table, table_okeys, usable, None, deadline)
        cover = _pairs_cover_list(okey) if pairs_kind else _melds_cover_list(okey)
        for swaps, after, new_table in _swap_sequences(everything, okey, table) if usable else []:
            leaf = _DiscardLeaf(usable, _constant(cover), okey, pairs=pairs_kind)
            found = _Finisher(
                okey, new_table, leaf, True, deadline=deadline, pairs=pairs_kind
            ).search(after)
            if found is not None:
                melds, lay_offs = found
                return FinishPlan(
                    opened,
                    tuple(melds),
                    tuple(lay_offs),
                    swaps,
                    leaf.thrown(melds),
                    okey,
                )
    if deadline is not None and deadline.ran_out:
        return None
    if opened is None and pairs_floor is not None and can_lay_off and table:
        usable = _throw_only(hand, okey, table, True, table_okeys, discards)
        plan = _open_pairs_and_finish(hand, okey, table, pairs_floor, usable, deadline)
        if plan is not None or (deadline is not None and deadline.ran_out):
            return plan
    if opened is None and floor is not None and table and best_melds(hand, okey).value >= floor:
        usable = _throw_only(hand, okey, table, False, table_okeys, discards)
        usable = _relaxed(everything, okey, table, table_okeys, usable, floor, deadline)
        if usable:
            return _open_and_finish(hand, okey, table, floor, usable, deadline)
    return None


def _relaxed(
    hand: Counter[Tile],
    okey: Tile,
    table: Sequence[Meld],
    table_okeys: int,
    discards: Sequence[Tile],
    floor: int | None,
    deadline: Deadline | None = None,
) -> list[Tile]:
    """The throws that pass a relaxed finish: every tile that cannot go onto the
    table is in a meld of the hand (worth ``floor`` in all, when given).

    Tiles that could go onto the table may stay out of the melds, as may the
    table's okeys (a swap is never forced) and, when some table meld can take
    one, every okey. Lay-offs are not checked against each other, so a throw
    this rules out can never finish.
    """
    wilds = hand[okey] + table_okeys
    extendable = any(
        (m.kind is MeldKind.RUN and (m.low > 1 or m.high < 13))
        or (m.kind is MeldKind.SET and len(m.tiles) == 3)
        for m in table
    )
    loose = {
        t for t in hand if t != okey and _layable(t, hand, okey, table, wilds, table_okeys > 0)
    }
    weight = _weight_value if floor is not None else _weight_count
    kept: list[Tile] = []
    # One discard changes the counts (and slack) at its own number only, so the
    # values past it are shared between the discards (all but the okey's, which
    # changes how many okeys there are).
    shared: dict[int, int] = {}
    for discard in discards:
        if deadline is not None and deadline.tick():
            return []  # out of time: the caller gives up
        rest = hand.copy()
        rest[discard] -= 1
        vector = [0] * 53
        for tile, count in rest.items():
            vector[tile.index] += count
        vector[okey.index] += table_okeys
        grid, free = _grid(vector, okey)
        slack = [[0] * 16 for _ in range(4)]
        for tile in loose:
            meant = effective(tile, okey)
            assert meant.colour is not None
            slack[_COLOUR_ORDER[meant.colour]][meant.number] += rest[tile]
        suffix = None if discard == okey else (shared, effective(discard, okey).number)
        best = _Solver(
            grid, free, weight, False, slack, free if extendable else table_okeys, suffix
        ).best()
        ok = best > _NEG and (floor is None or best // _SCALE >= floor)
        if ok:
            kept.append(discard)
    return kept


def _throw_only(
    hand: Sequence[Tile],
    okey: Tile,
    table: Sequence[Meld],
    pairs_kind: bool,
    more_okeys: int,
    discards: Sequence[Tile],
) -> list[Tile]:
    """The discards still possible once tiles that can go nowhere are found.

    A tile that fits no meld of the hand and no table meld, even with every
    okey (the hand's and the table's, ``more_okeys``) helping, can only be
    the last throw: two such tiles rule out any finish, one fixes the throw.
    Each test ignores the others' needs, so it never rules out a finish.
    """
    have = Counter(hand)
    wilds = have[okey] + more_okeys
    dead: list[Tile] = []
    for tile, count in have.items():
        if tile == okey:
            continue
        if not _placeable(tile, have, okey, table, pairs_kind, wilds, more_okeys > 0):
            dead += [tile] * count
    if len(dead) > 1:
        return []
    if dead:
        return [t for t in discards if t == dead[0]]
    return list(discards)


def _placeable(
    tile: Tile,
    have: Counter[Tile],
    okey: Tile,
    table: Sequence[Meld],
    pairs_kind: bool,
    wilds: int,
    more_okeys: bool,
) -> bool:
    if pairs_kind:
        if have[tile] >= 2 or wilds:
            return True
    else:
        meant = effective(tile, okey)
        colour, number = meant.colour, meant.number
        assert colour is not None

        def held(n: int, c: Colour = colour) -> bool:
            if not 1 <= n <= 13:
                return False
            return have[_physical(_COLOUR_ORDER[c], n, okey)] > 0

        others = sum(1 for c in COLOURS if c is not colour and held(number, c))
        if others + wilds >= 2:
            return True
        for a, b in ((number - 2, number - 1), (number - 1, number + 1), (number + 1, number + 2)):
            if a >= 1 and b <= 13 and int(not held(a)) + int(not held(b)) <= wilds:
                return True
    return _layable(tile, have, okey, table, wilds, more_okeys)


def _layable(
    tile: Tile,
    have: Counter[Tile],
    okey: Tile,
    table: Sequence[Meld],
    wilds: int,
    more_okeys: bool,
) -> bool:
    """Whether the tile could go onto a table meld (or be given for its okey)."""
    for meld in table:
        if meld.kind is MeldKind.PAIR:
            continue
        if more_okeys and any(
            meld.stands_for[i] == effective(tile, okey) for i in meld.wild_places(okey)
        ):
            return True  # it can be given for that okey
        if meld.kind is MeldKind.SET:
            if len(meld.tiles) == 3 and extensions(meld, tile, okey):
                return True
            continue
        meant = effective(tile, okey)
        if meant.colour is None or meant.colour is not meld.colour:
            continue
        if meant.number < meld.low:
            gap = range(meant.number + 1, meld.low)
        elif meant.number > meld.high:
            gap = range(meld.high + 1, meant.number)
        else:
            continue
        missing = sum(1 for n in gap if have[_physical(_COLOUR_ORDER[meant.colour], n, okey)] == 0)
        if missing <= wilds:
            return True
    return False


_Check = Callable[[list[Tile]], list[Meld] | None]


def _constant(check: _Check) -> Callable[[int], _Check]:
    return lambda _own: check


class _DiscardLeaf:
    """The tiles left after the lay-offs, less one of ``discards``, laid by ``make(own)``.

    ``make`` is given how many of the okeys left are the player's own (one
    fewer when the okey is the throw) and returns the check for the rest.
    """

    def __init__(
        self,
        discards: Sequence[Tile],
        make: Callable[[int], Callable[[list[Tile]], list[Meld] | None]],
        okey: Tile,
        own: int = 0,
        pairs: bool = False,
    ) -> None:
        self.discards = list(discards)
        self.make = make
        self.okey = okey
        self.own = own
        self.pairs = pairs
        self.checks: dict[int, Callable[[list[Tile]], list[Meld] | None]] = {}
        self.chosen: dict[tuple[Meld, ...], Tile] = {}

    def __call__(self, tiles: list[Tile]) -> list[Meld] | None:
        present = set(tiles)
        have = Counter(tiles)
        okey = self.okey
        wilds = have[okey]
        # A tile that fits no meld of these tiles can only be the throw.
        dead: list[Tile] = []
        for tile, count in have.items():
            if tile != okey and not _placeable(tile, have, okey, (), self.pairs, wilds, False):
                dead += [tile] * count
                if len(dead) > 1:
                    return None
        for discard in self.discards:
            if discard not in present or (dead and discard != dead[0]):
                continue
            own = self.own - (1 if discard == self.okey else 0)
            check = self.checks.get(own)
            if check is None:
                check = self.make(own)
                self.checks[own] = check
            rest = list(tiles)
            rest.remove(discard)
            melds = check(rest)
            if melds is not None:
                self.chosen[tuple(melds)] = discard
                return melds
        return None

    def thrown(self, melds: Sequence[Meld]) -> Tile:
        return self.chosen[tuple(melds)]


def _open_and_finish(
    hand: Sequence[Tile],
    okey: Tile,
    table: Sequence[Meld],
    floor: int,
    discards: Sequence[Tile],
    deadline: Deadline | None = None,
) -> FinishPlan | None:
    """Open with at least ``floor`` points, then swap, lay and lay off everything else.

    The opening goes down first (RULES section 7), so an okey swapped off
    the table afterwards cannot count toward it: such an okey is laid in a
    later meld or added to a meld (the opening's own melds included).
    """
    everything = Counter(hand)
    own = everything[okey]
    leaves: dict[int, _OpeningLeaf] = {}
    for swaps, after, new_table in [((), everything, tuple(table))] + _swap_sequences(
        everything, okey, table
    ):

        def make(own_left: int, size: int = len(new_table)) -> _OpeningLeaf:
            key = own_left * 1000 + size
            if key not in leaves:
                leaves[key] = _OpeningLeaf(okey, floor, own_left, size, deadline)
            return leaves[key]

        thrower = _DiscardLeaf(discards, make, okey, own)
        found = _Finisher(okey, new_table, thrower, True, floor, deadline, own=own).search(after)
        if found is None:
            continue
        melds, lay_offs = found
        discard = thrower.thrown(melds)
        leaf = make(own - (1 if is_wild(discard, okey) else 0))
        split = leaf.split[tuple(melds)]
        opening = tuple(melds[: split.opening])
        later = tuple(melds[split.opening :])
        if not (lay_offs or swaps or later or split.lay_offs):
            continue  # a straight out, which the caller has ruled out
        return FinishPlan(
            OpeningKind.MELDS,
            opening,
            tuple(lay_offs) + split.lay_offs,
            swaps,
            discard,
            okey,
            later,
        )
    return None


def _open_pairs_and_finish(
    hand: Sequence[Tile],
    okey: Tile,
    table: Sequence[Meld],
    pairs_floor: int,
    discards: Sequence[Tile],
    deadline: Deadline | None = None,
) -> FinishPlan | None:
    """Open with at least ``pairs_floor`` pairs, then swap, pair and lay off everything else.

    For a pairs opener who may lay off. The opening goes down first, so a
    pair holding an okey swapped off the table afterwards does not count
    toward it: it is laid later.
    """
    if not discards:
        return None
    everything = Counter(hand)
    own = everything[okey]
    for swaps, after, new_table in [((), everything, tuple(table))] + _swap_sequences(
        everything, okey, table
    ):

        def make(own_left: int) -> Callable[[list[Tile]], list[Meld] | None]:
            def enough(tiles: list[Tile]) -> list[Meld] | None:
                cover = _pairs_cover(tiles, okey)
                if cover is None:
                    return None
                foreign = max(0, sum(1 for t in tiles if t == okey) - own_left)
                return cover if len(cover) - foreign >= pairs_floor else None

            return enough

        thrower = _DiscardLeaf(discards, make, okey, own, pairs=True)
        found = _Finisher(
            okey, new_table, thrower, True, pairs_floor, deadline=deadline, pairs=True, own=own
        ).search(after)
        if found is None:
            if deadline is not None and deadline.ran_out:
                return None
            continue
        melds, lay_offs = found
        discard = thrower.thrown(melds)
        own_left = own - (1 if discard == okey else 0)
        with_okey = [k for k, m in enumerate(melds) if okey in m.tiles]
        later_at = set(with_okey[: max(0, len(with_okey) - own_left)])
        opening = tuple(m for k, m in enumerate(melds) if k not in later_at)
        later = tuple(m for k, m in enumerate(melds) if k in later_at)
        if not (lay_offs or swaps or later):
            continue  # a straight out, which the caller has ruled out
        return FinishPlan(OpeningKind.PAIRS, opening, tuple(lay_offs), swaps, discard, okey, later)
    return None


@dataclass(frozen=True)
class _Split:
    opening: int  # how many of the leaf's melds are the opening
    lay_offs: tuple[LayOff, ...]  # tiles added to the opening's melds after the swaps


# A leaf's answer: the melds that count toward the opening, the melds laid
# later, and opening melds that grow later (the core, then the tiles added
# outward from it with what they stand for).
_Grown = tuple[Meld, tuple[tuple[Tile, Tile], ...]]
_LeafAnswer = tuple[list[Meld], list[Meld], list[_Grown]]


class _OpeningLeaf:
    """Melds for the tiles left after the lay-offs: an opening of ``floor`` points first.

    Okeys beyond the ``own`` ones were swapped off the table after the
    opening, so they count toward nothing: each goes into a later meld, or is
    added (with any tiles beyond it) to one of the opening's melds once it
    is down.
    """

    def __init__(
        self,
        okey: Tile,
        floor: int,
        own: int,
        table_size: int,
        deadline: Deadline | None = None,
    ) -> None:
        self.okey = okey
        self.deadline = deadline
        self.floor = floor
        self.own = own
        self.table_size = table_size
        self.split: dict[tuple[Meld, ...], _Split] = {}
        self._memo: dict[tuple[bytes, int, int], _LeafAnswer | None] = {}
        self._cores: dict[Meld, list[_Grown]] = {}

    def __call__(self, tiles: list[Tile]) -> list[Meld] | None:
        okey = self.okey
        foreign = max(0, sum(1 for t in tiles if t == okey) - self.own)
        found = self._solve(tiles, foreign, self.floor)
        if found is None:
            return None
        counting, later, grown = found
        opening = counting + [core for core, _ in grown]
        if not opening:
            return None
        lay_offs: list[LayOff] = []
        for k, (core, placed) in enumerate(grown):
            index = self.table_size + len(counting) + k
            lay_offs += _grow(core, list(placed), index, okey)
        melds = opening + later
        self.split[tuple(melds)] = _Split(len(opening), tuple(lay_offs))
        return melds

    def _solve(self, tiles: list[Tile], foreign: int, need: int) -> _LeafAnswer | None:
        okey = self.okey
        need = max(need, 0)
        vector = [0] * 53
        for tile in tiles:
            vector[tile.index] += 1
        key = (bytes(vector), foreign, need)
        if key in self._memo:
            return self._memo[key]
        if self.deadline is not None and self.deadline.tick():
            return None  # out of time: the search gives up
        result: _LeafAnswer | None = None
        if foreign and _own_value(tiles, okey, foreign) < need:
            pass  # the melds that count hold no swapped okey: they fall short of the floor
        elif foreign == 0:
            melds = _max_value_cover(tiles, okey)
            if melds is not None and sum(m.value for m in melds) >= need:
                result = (melds, [], [])
        elif _max_cover_value(tiles, okey) >= need:
            # Some meld holds the swapped okey: laid later as a whole, or an
            # opening meld (its core) that the okey and the tiles beyond it join later.
            for meld in _melds_with_okeys(tiles, okey):
                rest = _minus(tiles, meld.tiles)
                okeys = sum(1 for t in meld.tiles if t == okey)
                inner = self._solve(rest, max(0, foreign - okeys), need)
                if inner is not None:
                    result = (inner[0], [*inner[1], meld], inner[2])
                    break
                if self._late():
                    return None
                cores = self._cores.get(meld)
                if cores is None:
                    cores = self._cores[meld] = _cores(meld, okey)
                for core, placed in cores:
                    added = sum(1 for laid, _ in placed if laid == okey)
                    inner = self._solve(rest, max(0, foreign - added), need - core.value)
                    if inner is not None:
                        result = (inner[0], inner[1], [*inner[2], (core, placed)])
                        break
                    if self._late():
                        return None
                if result is not None:
                    break
        self._memo[key] = result
        return result

    def _late(self) -> bool:
        """Whether the deadline has passed: the search stops at once, rather than going
        on through the rest of its loops (each step returning at once) and working out
        every meld's cores on the way. What was not found in time is not remembered."""
        return self.deadline is not None and self.deadline.ran_out


def _cores(meld: Meld, okey: Tile) -> list[_Grown]:
    """Ways to lay ``meld`` as a smaller meld first and add the rest (holding an okey) later."""
    found: list[_Grown] = []
    pairs = list(zip(meld.tiles, meld.stands_for, strict=True))
    if meld.kind is MeldKind.RUN:
        pairs.sort(key=lambda p: p[1].number)
        size = len(pairs)
        for a in range(size):
            for b in range(a + 2, size):
                if a == 0 and b == size - 1:
                    continue
                core_part = pairs[a : b + 1]
                below = list(reversed(pairs[:a]))
                above = pairs[b + 1 :]
                if not any(laid == okey for laid, _ in below + above):
                    continue
                if all(laid == okey for laid, _ in core_part):
                    continue
                core = make_meld([p[0] for p in core_part], [p[1] for p in core_part], okey)
                found.append((core, tuple(below + above)))
    elif meld.kind is MeldKind.SET and len(pairs) == 4:
        for i, (laid, meant) in enumerate(pairs):
            if laid != okey:
                continue
            core_part = pairs[:i] + pairs[i + 1 :]
            if all(t == okey for t, _ in core_part):
                continue
            core = make_meld([p[0] for p in core_part], [p[1] for p in core_part], okey)
            found.append((core, ((laid, meant),)))
    return found


def _minus(tiles: Sequence[Tile], gone: Sequence[Tile]) -> list[Tile]:
    rest = list(tiles)
    for tile in gone:
        rest.remove(tile)
    return rest


def _max_value_cover(tiles: Sequence[Tile], okey: Tile) -> list[Meld] | None:
    """Runs and sets using every tile, of the highest total value, or None."""
    if not tiles:
        return []
    counts, wilds = _counts(tiles, okey)
    found = _Solver(counts, wilds, _weight_value, cover=True)
    if found.best() <= _NEG:
        return None
    return _build(found.path(), counts, okey)


def _own_value(tiles: Sequence[Tile], okey: Tile, foreign: int) -> int:
    """The most that melds of ``tiles`` can be worth without ``foreign`` of their okeys."""
    counts, wilds = _counts(tiles, okey)
    return _melds_value(counts, max(0, wilds - foreign))


def _melds_value(counts: list[list[int]], wilds: int) -> int:
    """The most that melds of these counts (and okeys) can be worth, not every tile used."""
    return _Solver(counts, wilds, _weight_value, cover=False).best() // _SCALE


def _max_cover_value(tiles: Sequence[Tile], okey: Tile) -> int:
    if not tiles:
        return 0
    counts, wilds = _counts(tiles, okey)
    best = _Solver(counts, wilds, _weight_value, cover=True).best()
    return -1 if best <= _NEG else best // _SCALE


def _melds_with_okeys(tiles: Sequence[Tile], okey: Tile) -> list[Meld]:
    """Every run and set of some of ``tiles`` that holds at least one okey and one real tile."""
    have = Counter(tiles)
    wilds = have[okey]
    found: list[Meld] = []
    if not wilds:
        return found

    def physical(colour: int, number: int) -> Tile:
        return _physical(colour, number, okey)

    for c in range(4):
        for low in range(1, 12):
            for high in range(low + 2, 14):
                places = list(range(low, high + 1))
                free = [n for n in places if have[physical(c, n)] > 0]
                missing = len(places) - len(free)
                if missing > wilds or not free:
                    continue
                for extra in range(0, wilds - missing + 1):
                    if missing + extra == 0:
                        continue
                    for swapped in combinations(free, extra):
                        if len(swapped) == len(free):
                            continue
                        laid = [
                            okey if (n not in free or n in swapped) else physical(c, n)
                            for n in places
                        ]
                        meant = [_TILES[c][n] for n in places]
                        found.append(make_meld(laid, meant, okey))
    for number in range(1, 14):
        for size in (3, 4):
            for colours in combinations(range(4), size):
                free = [c for c in colours if have[physical(c, number)] > 0]
                missing = size - len(free)
                if missing > wilds or not free:
                    continue
                for extra in range(0, wilds - missing + 1):
                    if missing + extra == 0:
                        continue
                    for swapped in combinations(free, extra):
                        if len(swapped) == len(free):
                            continue
                        laid = [
                            okey if (c not in free or c in swapped) else physical(c, number)
                            for c in colours
                        ]
                        meant = [_TILES[c][number] for c in colours]
                        found.append(make_meld(laid, meant, okey))
    return found


def _swap_sequences(
    rest: Counter[Tile], okey: Tile, table: Sequence[Meld]
) -> list[tuple[tuple[Swap, ...], Counter[Tile], tuple[Meld, ...]]]:
    """Every non-empty series of okey swaps the tiles allow: (swaps, tiles after, table after)."""
    found: list[tuple[tuple[Swap, ...], Counter[Tile], tuple[Meld, ...]]] = []
    seen: set[tuple[tuple[tuple[Tile, int], ...], tuple[Meld, ...]]] = set()

    def walk(swaps: tuple[Swap, ...], left: Counter[Tile], melds: tuple[Meld, ...]) -> None:
        for swap in okey_swaps(list(left.elements()), okey, melds):
            after = left - Counter(swap.given)
            after[okey] += 1
            new = list(melds)
            new[swap.index] = swap.result
            state = (
                tuple(sorted(((t, c) for t, c in after.items()), key=lambda p: p[0].index)),
                tuple(new),
            )
            if state in seen:
                continue
            seen.add(state)
            found.append(((*swaps, swap), after, tuple(new)))
            walk((*swaps, swap), after, tuple(new))

    walk((), rest, tuple(table))
    return found


def _melds_cover_list(okey: Tile) -> Callable[[list[Tile]], list[Meld] | None]:
    return lambda tiles: can_cover(tiles, okey)


def _pairs_cover_list(okey: Tile) -> Callable[[list[Tile]], list[Meld] | None]:
    return lambda tiles: _pairs_cover(tiles, okey)
