"""Finishing this turn (RULES.md sections 5, 7, 8, 10): the solver's search is exact.

A brute force plays every legal series of steps from the rules alone (open,
lay a meld, add a tile, swap an okey) on small positions, and the solver must
find a finish exactly when the brute force does.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from itertools import combinations

import pytest

from okey_tui.engine.errors import MeldError
from okey_tui.engine.melds import (
    Meld,
    MeldKind,
    extensions,
    make_meld,
    parse_meld,
    readings,
    swap_okey,
)
from okey_tui.engine.rules import OpeningKind
from okey_tui.engine.solver import finish_plan, okey_swaps
from okey_tui.engine.tiles import COLOURS, FALSE_OKEY, Tile, parse_tiles

_KINDS = (MeldKind.RUN, MeldKind.SET)

Rack = tuple[Tile, ...]
Table = tuple[Meld, ...]


def _key(tiles: list[Tile] | Rack) -> Rack:
    return tuple(sorted(tiles, key=Tile.sort_key))


def _minus(rack: Rack, gone: tuple[Tile, ...] | list[Tile]) -> Rack:
    rest = list(rack)
    for tile in gone:
        rest.remove(tile)
    return _key(rest)


def _groups(rack: Rack, okey: Tile, kinds: tuple[MeldKind, ...]) -> list[Meld]:
    """Every meld some of the rack's tiles make, in every reading."""
    found: dict[tuple[Rack, tuple[Tile, ...]], Meld] = {}
    for size in range(2 if MeldKind.PAIR in kinds else 3, len(rack) + 1):
        for combo in set(combinations(rack, size)):
            for meld in readings(combo, okey, kinds):
                found[(_key(list(meld.tiles)), meld.stands_for)] = meld
    return list(found.values())


def brute_finish(
    hand: list[Tile], okey: Tile, table: list[Meld], opened: bool, floor: int | None
) -> bool:
    """Whether some legal series of steps this turn ends with the last tile thrown."""
    own = hand.count(okey)

    @cache
    def after_opening(rack: Rack, melds: Table) -> bool:
        if len(rack) == 1:
            # The last tile is thrown; an okey swapped off the table cannot be.
            return not (rack[0] == okey and own < 1)
        for meld in _groups(rack, okey, _KINDS):
            if len(meld.tiles) < len(rack) and after_opening(
                _minus(rack, meld.tiles), (*melds, meld)
            ):
                return True
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
        for kinds in (_KINDS, (MeldKind.PAIR,)):
            if _covers(rest, okey, kinds):
                return True
    if floor is None:
        return False

    # An opening of at least ``floor`` points, then everything after opening.
    @cache
    def opening(rest: Rack, value: int, laid: Table) -> bool:
        if value >= floor and after_opening(rest, (*table, *laid)):
            return True
        for meld in _groups(rest, okey, _KINDS):
            if len(meld.tiles) < len(rest) and opening(
                _minus(rest, meld.tiles), value + meld.value, (*laid, meld)
            ):
                return True
        return False

    return opening(rack, 0, ())


def _covers(rack: Rack, okey: Tile, kinds: tuple[MeldKind, ...]) -> bool:
    @cache
    def go(rest: Rack) -> bool:
        if not rest:
            return True
        first = rest[0]
        for meld in _groups(rest, okey, kinds):
            if first in meld.tiles and go(_minus(rest, meld.tiles)):
                return True
        return False

    return go(rack)


# -- small positions ------------------------------------------------------------------


def _random_meld(rng: random.Random, okey: Tile, pool: Counter[Tile]) -> Meld | None:
    colour = rng.choice(COLOURS)
    if rng.random() < 0.6:
        length = rng.randint(3, 4)
        low = rng.randint(1, 14 - length)
        meant = [Tile(colour, n) for n in range(low, low + length)]
    else:
        number = rng.randint(1, 13)
        meant = [Tile(c, number) for c in rng.sample(COLOURS, rng.randint(3, 4))]
    laid = [FALSE_OKEY if t == okey else t for t in meant]
    if pool[okey] and rng.random() < 0.4:
        laid[rng.randrange(len(laid))] = okey
    need = Counter(laid)
    if any(pool[t] < c for t, c in need.items()) or all(t == okey for t in laid):
        return None
    try:
        meld = make_meld(laid, meant, okey)
    except MeldError:
        return None
    pool.subtract(need)
    return meld


def _near(rng: random.Random, table: list[Meld], okey: Tile) -> Tile:
    """A tile that may fit a table meld or swap its okey."""
    meld = rng.choice(table)
    meant = list(meld.stands_for)
    if meld.kind is MeldKind.RUN:
        colour = meant[0].colour
        numbers = [meld.low - 1, meld.high + 1, meld.low - 2, meld.high + 2]
        numbers += [m.number for m in meant]
        number = rng.choice([n for n in numbers if 1 <= n <= 13] or [meld.low])
        return Tile(colour, number)
    return Tile(rng.choice(COLOURS), meld.low)


def _position(seed: int) -> tuple[list[Tile], Tile, list[Meld], int]:
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
    size = rng.randint(4, 7)
    while len(hand) < size:
        roll = rng.random()
        if roll < 0.45:
            tile = _near(rng, table, okey)
        elif roll < 0.55:
            tile = okey
        else:
            tile = Tile(rng.choice(COLOURS), rng.randint(1, 13))
        if tile == okey and roll >= 0.55:
            tile = FALSE_OKEY
        if pool[tile] > 0:
            pool[tile] -= 1
            hand.append(tile)
    floor = rng.choice([9, 15, 21, 30])
    return hand, okey, table, floor


def _check(hand: list[Tile], okey: Tile, table: list[Meld], opened: bool, floor: int) -> None:
    kind = OpeningKind.MELDS if opened else None
    plan = finish_plan(hand, okey, table, kind, floor=None if opened else floor)
    expected = brute_finish(hand, okey, table, opened, None if opened else floor)
    shown = " ".join(map(str, hand)), [m.text(okey) for m in table], str(okey), floor
    assert (plan is not None) == expected, shown
    if plan is None:
        return
    # The plan uses exactly the hand, plus the okeys its swaps take.
    laid: Counter[Tile] = Counter()
    for meld in (*plan.melds, *plan.later):
        laid.update(meld.tiles)
    for lay_off in plan.lay_offs:
        laid[lay_off.tile] += 1
    for swap in plan.swaps:
        laid.update(swap.given)
    laid[plan.discard] += 1
    assert laid == Counter(hand) + Counter({okey: len(plan.swaps)}), shown


@pytest.mark.parametrize("chunk", range(4))
def test_finishing_search_matches_a_brute_force(chunk: int) -> None:
    """Sections 7, 8, 10: a hand that can go out this turn is always found, and only then."""
    found = {True: 0, False: 0}
    for seed in range(chunk * 80, (chunk + 1) * 80):
        hand, okey, table, floor = _position(seed)
        for opened in (False, True):
            _check(hand, okey, table, opened, floor)
            found[brute_finish(hand, okey, table, opened, None if opened else floor)] += 1
    assert found[True] >= 10 and found[False] >= 10


def test_an_opened_player_finishes_through_two_okey_swaps() -> None:
    """Section 8: both okeys come off the table and go into a new meld."""
    okey = Tile.parse("B8")
    table = [
        make_meld(parse_tiles("R3 B8 R5"), parse_tiles("R3 R4 R5"), okey),
        make_meld(parse_tiles("K9 B8 K11"), parse_tiles("K9 K10 K11"), okey),
    ]
    hand = parse_tiles("R4 K10 Y13 Y1")
    plan = finish_plan(hand, okey, table, OpeningKind.MELDS)
    assert plan is not None and len(plan.swaps) == 2 and plan.discard == Tile.parse("Y13")
    assert brute_finish(hand, okey, table, True, None)


def test_an_opening_with_a_swap_after_it() -> None:
    """Sections 7-8: the okey swapped after opening counts toward nothing, but goes down."""
    okey = Tile.parse("B8")
    table = [make_meld(parse_tiles("R3 B8 R5"), parse_tiles("R3 R4 R5"), okey)]
    hand = parse_tiles("K11 K12 K13 R4 Y9 Y10 K1")
    plan = finish_plan(hand, okey, table, None, floor=36)
    assert plan is not None and plan.swaps and plan.discard == Tile.parse("K1")
    assert sum(m.value for m in plan.melds) == 36
    assert plan.later and okey in plan.later[0].tiles
    assert finish_plan(hand, okey, table, None, floor=37) is None
    assert swap_okey(table[0], [Tile.parse("R4")], okey).kind is MeldKind.RUN


def _swap_position(seed: int) -> tuple[list[Tile], Tile, list[Meld], int]:
    """A small position whose table melds hold okeys that the hand can take by a swap:
    an opening may then hinge on whether a swapped okey counts (it never does)."""
    rng = random.Random(seed)
    okey = Tile(rng.choice(COLOURS), rng.randint(1, 13))
    pool: Counter[Tile] = Counter({Tile(c, n): 2 for c in COLOURS for n in range(1, 14)})
    pool[FALSE_OKEY] = 2
    hand: list[Tile] = []
    table: list[Meld] = []
    while len(table) < rng.randint(1, 2):
        meld = _random_meld(rng, okey, pool)
        if meld is None or not meld.wild_places(okey):
            if meld is not None:
                pool.update(meld.tiles)  # put it back: only melds holding an okey here
            continue
        table.append(meld)
        for place in meld.wild_places(okey):
            given = meld.stands_for[place]
            given = FALSE_OKEY if given == okey else given
            if pool[given] and rng.random() < 0.8:
                pool[given] -= 1
                hand.append(given)
    size = rng.randint(5, 7)
    while len(hand) < size:
        tile = _near(rng, table, okey) if rng.random() < 0.5 else okey
        if rng.random() < 0.4:
            tile = Tile(rng.choice(COLOURS), rng.randint(1, 13))
        if pool[tile] > 0:
            pool[tile] -= 1
            hand.append(tile)
    return hand, okey, table, rng.choice([15, 21, 27, 33])


@pytest.mark.parametrize("chunk", range(2))
def test_openings_around_swapped_okeys_match_a_brute_force(chunk: int) -> None:
    """Sections 7 and 10: an opening followed by okey swaps is found exactly when one
    exists, though an okey swapped off the table counts toward no floor."""
    found = {True: 0, False: 0}
    for seed in range(chunk * 60, (chunk + 1) * 60):
        hand, okey, table, floor = _swap_position(seed)
        _check(hand, okey, table, False, floor)
        found[brute_finish(hand, okey, table, False, floor)] += 1
    assert found[True] >= 10 and found[False] >= 10, found


# Open with Y9 Y10 Y11 (30), give K3 for the okey of K2 *K3 K4, lay that okey off below
# *Y11 Y12 Y13 as its Y10, then the other Y9 below it, and throw K11. Laying the real Y10
# there instead would leave the opening Y9 *Y10 Y11, which holds the swapped okey and so
# counts for nothing. The same above a run: open with Y3 Y4 Y5 (12), give K11 for the okey
# of K10 *K11 K12, lay that okey off above Y1 Y2 *Y3 as its Y4, then the other Y5 above it,
# and throw K3.
@pytest.mark.parametrize(
    ("table", "hand", "floor", "opening", "laid", "thrown"),
    [
        (
            ("*Y11Y12Y13", "K2*K3K4"),
            "Y11 K3 Y9 Y10 Y9 K11",
            21,
            "Y9Y10Y11",
            [("R8", "*Y10*Y11Y12Y13"), ("Y9", "Y9*Y10*Y11Y12Y13")],
            "K11",
        ),
        (
            ("Y1Y2*Y3", "K10*K11K12"),
            "Y3 K11 Y5 Y4 Y5 K3",
            12,
            "Y3Y4Y5",
            [("R8", "Y1Y2*Y3*Y4"), ("Y5", "Y1Y2*Y3*Y4Y5")],
            "K3",
        ),
    ],
    ids=["below a run", "above a run"],
)
def test_the_swapped_okey_is_laid_off_so_that_the_real_tile_counts_in_the_opening(
    table: tuple[str, str],
    hand: str,
    floor: int,
    opening: str,
    laid: list[tuple[str, str]],
    thrown: str,
) -> None:
    okey = Tile.parse("R8")
    melds = [parse_meld(text, okey) for text in table]
    tiles = parse_tiles(hand)
    assert brute_finish(tiles, okey, melds, False, floor)
    plan = finish_plan(tiles, okey, melds, None, floor=floor)
    assert plan is not None and [m.text(okey) for m in plan.melds] == [opening]
    assert [(str(x.tile), x.result.text(okey)) for x in plan.lay_offs] == laid
    assert plan.discard == Tile.parse(thrown)


def test_racks_of_the_same_tiles_in_other_numbers_are_weighed_each() -> None:
    """Two Y9, two Y10 and two B10 in hand: the lay-offs and throws weighed leave racks
    that hold the same tiles, some once here and twice there. The way out: open Y8 Y9 Y10,
    R10 Y10 B10 K10 and Y9 B9 K9 (94), lay K6 and the okey (as K7) off on K3 K4 K5 and R5
    on R1 R2 R3 R4, throw the other B10. An opening search that took such racks for one
    (told apart by which tiles they hold, not how many) found no way out."""
    okey = Tile.parse("R11")
    table = [parse_meld(text, okey) for text in ("K3K4K5", "R1R2R3R4", "R5*R6R7")]
    hand = parse_tiles("R11 Y9 B9 K9 Y8 Y9 Y10 R10 Y10 B10 K10 R5 B10 K6")
    for floor in (51, 94):
        plan = finish_plan(hand, okey, table, None, floor=floor)
        assert plan is not None, floor
        assert sorted(m.text(okey) for m in plan.melds) == ["R10Y10B10K10", "Y8Y9Y10", "Y9B9K9"]
        assert sorted((str(x.tile), x.result.text(okey)) for x in plan.lay_offs) == [
            ("K6", "K3K4K5K6"),
            ("R11", "K3K4K5K6*K7"),
            ("R5", "R1R2R3R4R5"),
        ]
        assert plan.discard == Tile.parse("B10")


@pytest.mark.parametrize(("colour", "okey"), [("R", "K1"), ("Y", "K1"), ("B", "K1"), ("K", "R1")])
def test_a_finish_reads_the_okey_at_a_run_s_high_end_as_an_opening_would(
    colour: str, okey: str
) -> None:
    """Going out with c11 c12 and the okey, the melds' points count for nothing, and the
    okey could stand for c10 or c13: the plan reads it as c13, as the opening search does
    (where it is worth more), in every colour, opened or going straight out; the same with
    c10 c11 c12 (c13, not c9) and c2 c3 c4 (c5, not c1)."""
    wild = Tile.parse(okey)
    other = "R3" if colour == "Y" else "Y3"
    c = colour
    for run, meant in (
        ((11, 12), f"{c}11{c}12*{c}13"),
        ((10, 11, 12), f"{c}10{c}11{c}12*{c}13"),
        ((2, 3, 4), f"{c}2{c}3{c}4*{c}5"),
    ):
        hand = [*(Tile.parse(f"{c}{n}") for n in run), wild, Tile.parse(other)]
        for opened in (OpeningKind.MELDS, None):
            plan = finish_plan(hand, wild, [], opened)
            assert plan is not None, (run, opened)
            assert [m.text(wild) for m in plan.melds] == [meant], (run, opened)


def test_an_unopened_hand_of_one_or_two_tiles_never_goes_out() -> None:
    """Going out unopened lays at least one meld or pair: one tile (the throw) or two lay
    nothing, whatever the table and the floors (a search that let them through answered a
    pairs finish of no pairs)."""
    okey = Tile.parse("K11")
    table = [parse_meld(text, okey) for text in ("R4Y4*B4K4", "*Y7Y8Y9", "K3K4K5")]
    for hand in (parse_tiles("Y12"), parse_tiles("Y12 Y12"), parse_tiles("K11 Y12")):
        for floors in ({}, {"floor": 21}, {"pairs_floor": 5}):
            assert finish_plan(hand, okey, table, None, **floors) is None, (hand, floors)
