"""The solver's building blocks, each against its own definition (RULES.md sections 4 and 7).

The finishing search is checked against a brute force on random hands, which seldom
reach the rare corners of these parts: two sets at one number, a swapped okey at the
end of a run or inside a set of four, a run from 1 or up to 13, a false okey in a
meld. Each part is pinned here exactly, on small hands, against a plain statement
of what it must give.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from itertools import combinations

import pytest

from okey_tui.engine.errors import ErrorCode, SetupError
from okey_tui.engine.melds import Meld, MeldKind, effective, make_meld, readings
from okey_tui.engine.rules import OpeningKind
from okey_tui.engine.solver import (
    _NEG,
    _SCALE,
    _cores,
    _counts,
    _max_value_cover,
    _melds_with_okeys,
    _plays_as,
    _set_patterns,
    _SkipSolver,
    _Solver,
    _weight_count,
    _weight_value,
    arrange,
    best_melds,
    best_pairs,
    least_left,
)
from okey_tui.engine.tiles import COLOURS, FALSE_OKEY, Tile, full_set, parse_tiles

B8 = Tile.parse("B8")  # the okey whenever the indicator is B7


def _meld(laid: str, meant: str, okey: Tile = B8) -> Meld:
    return make_meld(parse_tiles(laid), parse_tiles(meant), okey)


# -- sets at one number -----------------------------------------------------------


def test_sets_at_one_number_are_one_or_two_sets_of_three_or_four_colours() -> None:
    """Every way the colours can join sets at one number: no set, one set of 3-4
    distinct colours, or two such sets (each colour at most twice: two copies)."""
    one_set = [
        tuple(1 if c in chosen else 0 for c in range(4))
        for size in (3, 4)
        for chosen in combinations(range(4), size)
    ]
    legal = {(0, 0, 0, 0), *one_set}
    legal |= {tuple(x + y for x, y in zip(a, b, strict=True)) for a in one_set for b in one_set}
    found = _set_patterns()
    assert len(found) == len(set(found))  # each way once
    assert set(found) == legal
    # Two sets of three share at least two colours; two colours alone make no set.
    assert (2, 2, 1, 1) in found and (2, 2, 0, 0) not in found and (2, 1, 1, 0) not in found
    assert (2, 2, 2, 2) in found and (2, 2, 2, 0) in found and (1, 1, 1, 0) in found


# -- an opening meld laid small, the swapped okey added later ----------------------


def test_a_run_ending_in_an_okey_is_laid_without_it_and_the_okey_added_later() -> None:
    run = _meld("R3 R4 R5 B8", "R3 R4 R5 R6")
    assert _cores(run, B8) == [(_meld("R3 R4 R5", "R3 R4 R5"), ((B8, Tile.parse("R6")),))]


def test_a_run_with_okeys_at_both_ends_has_every_core_of_three_or_more() -> None:
    run = _meld("B8 R4 R5 R6 B8", "R3 R4 R5 R6 R7")
    r3, r4, r6, r7 = parse_tiles("R3 R4 R6 R7")
    assert _cores(run, B8) == [
        (_meld("B8 R4 R5", "R3 R4 R5"), ((r6, r6), (B8, r7))),
        (_meld("B8 R4 R5 R6", "R3 R4 R5 R6"), ((B8, r7),)),
        (_meld("R4 R5 R6", "R4 R5 R6"), ((B8, r3), (B8, r7))),
        (_meld("R4 R5 R6 B8", "R4 R5 R6 R7"), ((B8, r3),)),
        # Tiles below the core are added outward: R4 next to R5, then the okey as R3.
        (_meld("R5 R6 B8", "R5 R6 R7"), ((r4, r4), (B8, r3))),
    ]


def test_a_run_whose_okey_is_inside_has_no_core_to_lay_first() -> None:
    assert _cores(_meld("R3 B8 R5 R6", "R3 R4 R5 R6"), B8) == []
    assert _cores(_meld("R3 R4 R5 R6", "R3 R4 R5 R6"), B8) == []


def test_a_run_up_to_13_or_from_1_with_an_okey_at_the_end() -> None:
    k13 = Tile.parse("K13")
    assert _cores(_meld("K10 K11 K12 B8", "K10 K11 K12 K13"), B8) == [
        (_meld("K10 K11 K12", "K10 K11 K12"), ((B8, k13),))
    ]
    y1 = Tile.parse("Y1")
    assert _cores(_meld("B8 Y2 Y3 Y4", "Y1 Y2 Y3 Y4"), B8) == [
        (_meld("Y2 Y3 Y4", "Y2 Y3 Y4"), ((B8, y1),))
    ]


def test_a_set_of_four_with_an_okey_is_laid_as_three_and_the_okey_added() -> None:
    b5 = Tile.parse("B5")
    assert _cores(_meld("R5 Y5 B8 K5", "R5 Y5 B5 K5"), B8) == [
        (_meld("R5 Y5 K5", "R5 Y5 K5"), ((B8, b5),))
    ]
    y5 = Tile.parse("Y5")
    assert _cores(_meld("R5 B8 B8 K5", "R5 Y5 B5 K5"), B8) == [
        (_meld("R5 B8 K5", "R5 B5 K5"), ((B8, y5),)),
        (_meld("R5 B8 K5", "R5 Y5 K5"), ((B8, b5),)),
    ]


def test_a_set_of_three_or_a_set_without_okey_has_no_core() -> None:
    assert _cores(_meld("R5 Y5 B8", "R5 Y5 B5"), B8) == []
    assert _cores(_meld("R5 Y5 B5 K5", "R5 Y5 B5 K5"), B8) == []
    assert _cores(make_meld([Tile.parse("R5"), B8], parse_tiles("R5 R5"), B8), B8) == []


# -- the melds a swapped okey can go into --------------------------------------------


def _physical(colour: int, number: int, okey: Tile) -> Tile:
    tile = Tile(COLOURS[colour], number)
    return FALSE_OKEY if tile == okey else tile


def _melds_with_okeys_by_definition(tiles: list[Tile], okey: Tile) -> Counter[tuple[object, ...]]:
    """Each run or set of the tiles, with each choice of 1.. (up to the okeys held) of
    its places filled by an okey, at least one place by a real tile of the hand."""
    have = Counter(tiles)
    wilds = have[okey]
    found: Counter[tuple[object, ...]] = Counter()
    places: list[list[tuple[int, int]]] = []
    for c in range(4):
        for low in range(1, 14):
            for high in range(low + 2, 14):
                places.append([(c, n) for n in range(low, high + 1)])
    for n in range(1, 14):
        for size in (3, 4):
            places += [[(c, n) for c in chosen] for chosen in combinations(range(4), size)]
    for spots in places:
        for k in range(1, wilds + 1):
            for okeyed in combinations(range(len(spots)), k):
                if k == len(spots):
                    continue
                real = [s for i, s in enumerate(spots) if i not in okeyed]
                if any(have[_physical(c, n, okey)] == 0 for c, n in real):
                    continue
                laid = tuple(
                    okey if i in okeyed else _physical(c, n, okey) for i, (c, n) in enumerate(spots)
                )
                meant = tuple(Tile(COLOURS[c], n) for c, n in spots)
                found[(laid, meant)] += 1
    return found


def _as_counter(melds: list[Meld]) -> Counter[tuple[object, ...]]:
    return Counter((m.tiles, m.stands_for) for m in melds)


def test_no_okey_no_meld_with_an_okey() -> None:
    assert _melds_with_okeys(parse_tiles("R1 R2 R3 Y1 B1"), B8) == []


def test_melds_with_one_okey_reach_1_and_13_and_hold_a_real_tile() -> None:
    tiles = parse_tiles("R1 R2 R3 Y1 B1 K12 K13 B8")
    found = _melds_with_okeys(tiles, B8)
    assert _as_counter(found) == _melds_with_okeys_by_definition(tiles, B8)
    texts = {m.text(B8) for m in found}
    assert {"*R1R2R3", "R1R2*R3", "R1R2R3*R4", "R1*R2R3", "*K11K12K13", "R1Y1B1*K1"} <= texts
    assert "R1Y1*B1" in texts and "R1*Y1*B1" not in texts  # one okey only
    assert not any(m.stands_for[-1].number > 13 for m in found)


def test_melds_with_two_okeys_and_a_false_okey_playing_as_the_okey_tile() -> None:
    tiles = parse_tiles("B7 F B10 R8 Y8 K1 K3 B8 B8")
    found = _melds_with_okeys(tiles, B8)
    assert _as_counter(found) == _melds_with_okeys_by_definition(tiles, B8)
    texts = {m.text(B8) for m in found}
    # The false okey stands for B8 in a run and a set; two okeys beside one real tile.
    assert {"B7F*B9", "B7F*B9B10", "R8Y8F*K8", "*K1*K2K3", "K1*K2*K3", "*B8*B9B10"} <= texts


# -- the programme with tiles allowed to stay out ----------------------------------------
#
# The finishing search bounds its work with the programme run on "every tile in a
# meld but these": ``slack[c][n]`` tiles of each kind and ``wild_slack`` okeys may stay
# out (they could go onto the table), and for the skip programme one tile more (the
# throw). Both are checked against every way of cutting a small hand into melds.

_KINDS = (MeldKind.RUN, MeldKind.SET)


def _cuts(hand: list[Tile], okey: Tile) -> dict[tuple[Tile, ...], int]:
    """Every set of tiles a hand can leave out of disjoint runs and sets, with the
    highest value of melds that leaves exactly those tiles."""

    @cache
    def go(rest: tuple[Tile, ...]) -> dict[tuple[Tile, ...], int]:
        if not rest:
            return {(): 0}
        first, others = rest[0], rest[1:]
        found: dict[tuple[Tile, ...], int] = {}

        def note(left: tuple[Tile, ...], value: int) -> None:
            key = tuple(sorted(left, key=Tile.sort_key))
            found[key] = max(found.get(key, value), value)

        for left, value in go(others).items():
            note((first, *left), value)
        places = range(len(others))
        for size in range(2, len(others) + 1):
            for chosen in combinations(places, size):
                meld = readings([first, *(others[i] for i in chosen)], okey, _KINDS)
                if meld:
                    after = tuple(others[i] for i in places if i not in chosen)
                    for left, value in go(after).items():
                        note(left, meld[0].value + value)
        return found

    return go(tuple(sorted(hand, key=Tile.sort_key)))


def _over(left: tuple[Tile, ...], okey: Tile, slack: list[list[int]], wild_slack: int) -> int:
    """How many tiles left out are beyond what may stay out."""
    real: Counter[tuple[int, int]] = Counter()
    okeys = 0
    for tile in left:
        if tile == okey:
            okeys += 1
        else:
            meant = effective(tile, okey)
            assert meant.colour is not None
            real[(COLOURS.index(meant.colour), meant.number)] += 1
    over = max(0, okeys - wild_slack)
    return over + sum(max(0, k - slack[c][n]) for (c, n), k in real.items())


def _expected(
    hand: list[Tile], okey: Tile, by_value: bool, slack: list[list[int]], wild_slack: int, skip: int
) -> int:
    best = _NEG
    for left, value in _cuts(hand, okey).items():
        if _over(left, okey, slack, wild_slack) <= skip:
            used = len(hand) - len(left)
            best = max(best, value * _SCALE + used if by_value else used)
    return best


def _random_case(rng: random.Random) -> tuple[list[Tile], Tile, list[list[int]], int]:
    okey = rng.choice([B8, Tile.parse("R1"), Tile.parse("K13"), Tile.parse("Y4")])
    low = rng.choice([1, 1, 2, 5, 9, 11, 11])
    pool = [t for t in full_set() if t.is_false_okey or low <= t.number <= low + 2 or t == okey]
    hand = rng.sample(pool, rng.randint(3, 8))
    if rng.random() < 0.4:
        hand[0] = okey
    slack = [[0] * 16 for _ in range(4)]
    for tile in hand:
        if tile != okey and rng.random() < 0.5:
            meant = effective(tile, okey)
            assert meant.colour is not None
            slack[COLOURS.index(meant.colour)][meant.number] += 1
    return hand, okey, slack, rng.choice([0, 0, 1, 2])


def test_melds_leaving_out_only_what_may_stay_out() -> None:
    rng = random.Random(101)
    for _ in range(120):
        hand, okey, slack, wild_slack = _random_case(rng)
        counts, wilds = _counts(hand, okey)
        for weight, by_value in ((_weight_value, True), (_weight_count, False)):
            got = _Solver(counts, wilds, weight, False, slack, wild_slack).best()
            assert got == _expected(hand, okey, by_value, slack, wild_slack, 0), (hand, okey)


def test_melds_leaving_out_what_may_stay_out_and_one_throw() -> None:
    rng = random.Random(13)
    for _ in range(120):
        hand, okey, slack, wild_slack = _random_case(rng)
        counts, wilds = _counts(hand, okey)
        for weight, by_value in ((_weight_value, True), (_weight_count, False)):
            got = _SkipSolver(counts, wilds, weight, False, slack, wild_slack).best()
            assert got == _expected(hand, okey, by_value, slack, wild_slack, 1), (hand, okey)


def test_least_left_leaves_the_lowest_sum_a_cut_can_leave() -> None:
    rng = random.Random(7)
    for _ in range(60):
        hand, okey, _, _ = _random_case(rng)
        found = least_left(hand, okey)
        lowest = min(sum(_plays_as(t, okey) for t in left) for left in _cuts(hand, okey))
        assert found.leftover_sum == lowest, (hand, okey)


def test_least_left_breaks_a_tie_in_the_sum_by_laying_the_most_tiles() -> None:
    # R7 R9 R10 and Y13 K13 are worth 26 each; one okey completes either, not both.
    # The run lays four tiles, the set three.
    found = least_left(parse_tiles("R7 R9 R10 Y13 K13 B8"), B8)
    assert found.texts() == ["R7*R8R9R10"] and found.leftover == tuple(parse_tiles("Y13 K13"))
    # A real okey left counts 0 in the sum, but laying it is a tile more laid.
    found = least_left(parse_tiles("Y12 B12 R5 R13 Y2 B8 B8"), B8)
    assert found.texts() == ["*R12Y12B12*K12"]
    assert found.leftover == tuple(parse_tiles("R5 R13 Y2"))


# -- the rack order -------------------------------------------------------------------------


def test_arrange_by_pairs_pairs_the_okey_with_the_highest_single() -> None:
    order = arrange(parse_tiles("R4 B8 Y5 R4 K2"), B8, by=OpeningKind.PAIRS)
    assert order == parse_tiles("Y5 B8 R4 R4 K2")


def test_arrange_by_anything_else_is_refused_with_its_code() -> None:
    with pytest.raises(SetupError) as refused:
        arrange(parse_tiles("R4 Y5"), B8, by="colour")  # type: ignore[arg-type]
    assert refused.value.code is ErrorCode.BAD_ARGUMENT
    assert refused.value.params == {"by": "colour"}
    assert "not 'colour'" in str(refused.value)


def test_melds_up_to_13_and_from_1_in_every_colour_with_okeys_free_to_stay_out() -> None:
    # Runs that are still open when the numbers end, in each colour, with okeys that
    # may or may not stay out: the cases random hands reach least.
    for colour in "RYBK":
        for text in (
            "{c}11 {c}12 {c}13",
            "{c}12 {c}13 B8",
            "{c}13 B8",
            "{c}13 B8 B8",
            "{c}1 {c}2 B8",
        ):
            hand = parse_tiles(text.format(c=colour))
            for wild_slack in (0, 1, 2):
                for loose in (False, True):
                    slack = [[0] * 16 for _ in range(4)]
                    if loose:
                        meant = effective(hand[0], B8)
                        assert meant.colour is not None
                        slack[COLOURS.index(meant.colour)][meant.number] = 1
                    counts, wilds = _counts(hand, B8)
                    for weight, by_value in ((_weight_value, True), (_weight_count, False)):
                        for solver, skip in ((_Solver, 0), (_SkipSolver, 1)):
                            got = solver(counts, wilds, weight, False, slack, wild_slack).best()
                            want = _expected(hand, B8, by_value, slack, wild_slack, skip)
                            assert got == want, (text, colour, wild_slack, loose, solver)


def test_the_melds_after_an_opening_use_every_tile_left_or_there_are_none() -> None:
    # After the lay-offs every tile left but the throw goes into melds: a tile that
    # fits none (Y5) means no melds at all, not melds that leave it out.
    assert _max_value_cover(parse_tiles("R10 R11 R12 Y5"), B8) is None
    assert _max_value_cover([], B8) == []
    # R13 goes into the set, not the run: the run alone would leave Y13 and B13 out.
    found = _max_value_cover(parse_tiles("R10 R11 R12 R13 Y13 B13"), B8)
    assert found is not None
    assert sorted(m.text(B8) for m in found) == ["R10R11R12", "R13Y13B13"]


def test_the_skip_programme_tells_apart_states_that_differ_in_one_colour() -> None:
    # Hands where two states of the programme differ only in which colour holds an
    # open run, or by a short run against a throw already made: each is its own case.
    cases = [
        ("Y4 R7 K4 F Y5 K4 Y7 Y4", "Y4", ["R7", "Y7", "K4", "K4"], 1),
        ("Y1 K13 K10 Y12 Y13 B12 Y11 Y10 B11", "Y1", ["Y12", "Y13", "B11", "K13"], 1),
        # One colour's run takes an okey; another colour then has options with and
        # without okeys, and only those without fit the okeys left.
        ("R12 R13 R10 R1 Y12 K11 Y13 K13 R13", "R1", ["R12", "Y12", "Y13"], 1),
        (
            "B10 R11 R12 B12 F K10 Y1 R12 B11",
            "Y1",
            ["R11", "R12", "R12", "B10", "B11", "B12", "K10"],
            0,
        ),
        ("B8 K9 K7 Y10 R10 K8 B9 Y7 Y1", "Y1", ["R10", "Y10", "K8", "K9"], 0),
    ]
    for text, okey_text, loose, wild_slack in cases:
        hand, okey = parse_tiles(text), Tile.parse(okey_text)
        slack = [[0] * 16 for _ in range(4)]
        for tile in parse_tiles(" ".join(loose)):
            assert tile.colour is not None
            slack[COLOURS.index(tile.colour)][tile.number] += 1
        counts, wilds = _counts(hand, okey)
        got = _SkipSolver(counts, wilds, _weight_value, False, slack, wild_slack).best()
        assert got == _expected(hand, okey, True, slack, wild_slack, 1), text


def test_best_melds_finds_the_best_value_when_colours_compete_for_the_okeys() -> None:
    # One colour's options use an okey, another colour's options with and without
    # okeys follow: the best value needs the okey-free ones.
    for text, okey_text in (
        ("Y1 Y1 R3 R4 Y2 Y3", "Y1"),
        ("Y4 R5 K3 R3 R6 B6 B4 Y4 Y3", "Y4"),
        ("R1 B10 K10 K11 K9 R12 B11", "R1"),
    ):
        hand, okey = parse_tiles(text), Tile.parse(okey_text)
        assert best_melds(hand, okey).value == max(_cuts(hand, okey).values()), text


def test_two_spare_okeys_split_the_highest_twin_pair() -> None:
    # Two okeys cannot pair each other: K9 K9 becomes K9+okey twice (worth 18 more),
    # not R3 R3 (worth 6 more).
    found = best_pairs(parse_tiles("R3 R3 K9 K9 B8 B8"), B8)
    assert found.texts() == ["K9*K9", "K9*K9", "R3R3"] and found.value == 42
    # With nothing to pair them with, both okeys stay in hand and count 0 there.
    alone = best_pairs(parse_tiles("B8 B8"), B8)
    assert alone.melds == () and alone.okey == B8 and alone.leftover_sum == 0
