"""Finishing this turn as a pairs opener who may lay off (RULES.md sections 8-10, the
table option "a pairs opener may add to runs and sets"): the search is exact.

A brute force plays every legal series of steps from the rules alone (open with
pairs, lay a pair, add a tile, swap an okey) on small positions, and the solver
must find a finish exactly when the brute force does: an opened pairs player
laying pairs, adding to runs and sets and swapping okeys, and an unopened one who
opens with pairs over the floor and lays everything else off.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import pytest

from okey_tui.engine.melds import Meld, MeldKind, extensions, make_meld, parse_meld
from okey_tui.engine.rules import OpeningKind
from okey_tui.engine.solver import FinishPlan, finish_plan, okey_swaps
from okey_tui.engine.tiles import COLOURS, FALSE_OKEY, Tile, parse_tiles
from tests.engine.test_s10_finish_exact import (
    _covers,
    _groups,
    _key,
    _minus,
    _near,
    _random_meld,
    _swap_position,
)

Rack = tuple[Tile, ...]
Table = tuple[Meld, ...]
_PAIR = (MeldKind.PAIR,)


def brute_pairs_finish(
    hand: list[Tile], okey: Tile, table: list[Meld], opened: bool, pairs_floor: int
) -> bool:
    """Whether some legal series of steps this turn ends with the last tile thrown."""
    own = hand.count(okey)

    @cache
    def after_opening(rack: Rack, melds: Table) -> bool:
        if len(rack) == 1:
            # The last tile is thrown; an okey swapped off the table cannot be.
            return not (rack[0] == okey and own < 1)
        for pair in _groups(rack, okey, _PAIR):
            if len(pair.tiles) < len(rack) and after_opening(_minus(rack, pair.tiles), melds):
                return True  # a pair on the table takes nothing, so it need not be kept
        for index, meld in enumerate(melds):
            for tile in set(rack):
                for grown in extensions(meld, tile, okey):
                    new = list(melds)
                    new[index] = grown
                    if after_opening(_minus(rack, [tile]), tuple(new)):
                        return True
        for swap in okey_swaps(list(rack), okey, list(melds)):
            new = list(melds)
            new[swap.index] = swap.result
            if after_opening(_key([*_minus(rack, swap.given), okey]), tuple(new)):
                return True
        return False

    rack = _key(hand)
    if opened:
        return after_opening(rack, tuple(table))
    # Straight out: every tile but one into melds, or into pairs, no floor.
    for discard in set(rack):
        rest = _minus(rack, [discard])
        for kinds in ((MeldKind.RUN, MeldKind.SET), _PAIR):
            if _covers(rest, okey, kinds):
                return True

    # An opening of at least ``pairs_floor`` pairs (more can follow), then the rest.
    @cache
    def opening(rest: Rack, count: int) -> bool:
        if count >= pairs_floor:
            return after_opening(rest, tuple(table))
        return any(
            len(pair.tiles) < len(rest) and opening(_minus(rest, pair.tiles), count + 1)
            for pair in _groups(rest, okey, _PAIR)
        )

    return opening(rack, 0)


def _position(seed: int) -> tuple[list[Tile], Tile, list[Meld], int]:
    """A small table and a rack with some twins, okeys and tiles that fit the table."""
    rng = random.Random(seed)
    okey = Tile(rng.choice(COLOURS), rng.randint(1, 13))
    pool: Counter[Tile] = Counter({Tile(c, n): 2 for c in COLOURS for n in range(1, 14)})
    pool[FALSE_OKEY] = 2
    table: list[Meld] = []
    while len(table) < rng.randint(1, 3):
        meld = _random_meld(rng, okey, pool)
        if meld is not None:
            table.append(meld)
    hand: list[Tile] = []
    size = rng.randint(4, 8)
    while len(hand) < size:
        roll = rng.random()
        if roll < 0.35:
            tile = _near(rng, table, okey)
        elif roll < 0.45:
            tile = okey
        elif roll < 0.75 and hand:
            tile = rng.choice(hand)  # a twin
        else:
            tile = Tile(rng.choice(COLOURS), rng.randint(1, 13))
        if tile == okey and roll >= 0.45:
            tile = FALSE_OKEY
        if pool[tile] > 0:
            pool[tile] -= 1
            hand.append(tile)
    return hand, okey, table, rng.randint(1, 3)


def _tiles_used(plan: FinishPlan) -> Counter[Tile]:
    laid: Counter[Tile] = Counter()
    for meld in (*plan.melds, *plan.later):
        laid.update(meld.tiles)
    for lay_off in plan.lay_offs:
        laid[lay_off.tile] += 1
    for swap in plan.swaps:
        laid.update(swap.given)
    laid[plan.discard] += 1
    return laid


def _check(hand: list[Tile], okey: Tile, table: list[Meld], opened: bool, floor: int) -> bool:
    if opened:
        plan = finish_plan(hand, okey, table, OpeningKind.PAIRS, True)
    else:
        plan = finish_plan(hand, okey, table, None, True, pairs_floor=floor)
    expected = brute_pairs_finish(hand, okey, table, opened, floor)
    shown = " ".join(map(str, hand)), [m.text(okey) for m in table], str(okey), floor
    assert (plan is not None) == expected, shown
    if plan is not None:
        # The plan uses exactly the hand, plus the okeys its swaps take.
        assert _tiles_used(plan) == Counter(hand) + Counter({okey: len(plan.swaps)}), shown
        if not opened and plan.kind is OpeningKind.PAIRS and (plan.lay_offs or plan.swaps):
            assert len(plan.melds) >= floor, shown
            assert all(m.kind is MeldKind.PAIR for m in (*plan.melds, *plan.later)), shown
    return expected


@pytest.mark.parametrize("chunk", range(3))
def test_pairs_finishing_search_matches_a_brute_force(chunk: int) -> None:
    """Sections 8-10 with the lay-off option: a finish is found exactly when one exists."""
    found = {True: 0, False: 0}
    for seed in range(chunk * 80, (chunk + 1) * 80):
        hand, okey, table, floor = _position(seed)
        for opened in (False, True):
            found[_check(hand, okey, table, opened, floor)] += 1
    assert found[True] >= 10 and found[False] >= 10


@pytest.mark.parametrize("chunk", range(2))
def test_pairs_openings_around_swapped_okeys_match_a_brute_force(chunk: int) -> None:
    """Sections 8-10: an okey swapped off the table after a pairs opening makes no pair
    of the opening. Positions whose table melds hold okeys the rack can take."""
    found = {True: 0, False: 0}
    for seed in range(chunk * 150, (chunk + 1) * 150):
        hand, okey, table, _ = _swap_position(seed)
        floor = random.Random(seed).randint(1, 3)
        found[_check(hand, okey, table, False, floor)] += 1
    assert found[True] >= 10 and found[False] >= 10, found


def test_a_pairs_opening_that_lays_the_swapped_okey_off_to_keep_its_twins() -> None:
    # Open with K10 K10 and Y9 Y9, give Y12 for the run's okey and lay that okey off
    # below the run, as its Y9, then throw K4. Laying a real Y9 there instead leaves the
    # other Y9 to pair with the swapped okey, which makes no pair of the opening.
    okey = Tile.parse("B12")
    table = [parse_meld("R10Y10B10*K10", okey), parse_meld("Y10Y11*Y12Y13", okey)]
    hand = parse_tiles("Y12 Y9 Y9 K4 K10 K10")
    assert brute_pairs_finish(hand, okey, table, False, 2)
    plan = finish_plan(hand, okey, table, None, True, pairs_floor=2)
    assert plan is not None and plan.kind is OpeningKind.PAIRS
    assert sorted(m.text(okey) for m in plan.melds) == ["K10K10", "Y9Y9"]
    assert [(x.tile, x.result.text(okey)) for x in plan.lay_offs] == [(okey, "*Y9Y10Y11Y12Y13")]
    assert plan.discard == Tile.parse("K4")


def test_a_pairs_opener_lays_a_pair_adds_a_tile_and_throws() -> None:
    okey = Tile.parse("B8")
    table = [make_meld(parse_tiles("Y4 Y5 Y6"), parse_tiles("Y4 Y5 Y6"), okey)]
    hand = parse_tiles("R5 R5 K9 Y3")
    plan = finish_plan(hand, okey, table, OpeningKind.PAIRS, True)
    assert plan is not None and plan.discard == Tile.parse("K9") and len(plan.lay_offs) == 1
    assert finish_plan(hand, okey, table, OpeningKind.PAIRS, False) is None


def test_an_opening_with_pairs_then_the_rest_laid_off() -> None:
    """Open with five pairs, add three tiles to a run, throw the last: a straight out."""
    okey = Tile.parse("B8")
    table = [make_meld(parse_tiles("Y4 Y5 Y6"), parse_tiles("Y4 Y5 Y6"), okey)]
    hand = parse_tiles("R5 R5 K9 K9 R1 R1 K1 K1 B1 B1 Y3 Y2 Y7 R13")
    plan = finish_plan(hand, okey, table, None, True, pairs_floor=5)
    assert plan is not None and plan.kind is OpeningKind.PAIRS
    assert len(plan.melds) == 5 and len(plan.lay_offs) == 3 and plan.discard == Tile.parse("R13")
    assert finish_plan(hand, okey, table, None, True, pairs_floor=6) is None
    assert finish_plan(hand, okey, table, None, False, pairs_floor=5) is None
