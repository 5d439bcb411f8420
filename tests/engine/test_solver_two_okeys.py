"""Both okeys in one hand: two runs of one colour and two sets at one number (RULES.md 4).

Random hands seldom hold both okeys next to two runs of the same colour, the case where
the programme must decide, number by number, which run each okey extends or starts,
and whether an okey starts a run that has to reach 13. Each example here is small
enough to check against the brute force of ``test_solver``, and a property test draws
many more of that shape.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from okey_tui.engine.melds import MeldKind
from okey_tui.engine.solver import best_melds, can_cover, least_left
from okey_tui.engine.tiles import COLOURS, FALSE_OKEY, Tile, parse_tiles
from tests.engine.test_solver import brute_force, check_arrangement

Y3 = Tile.parse("Y3")  # an okey away from every run below


def _melds(hand: str, okey: Tile = Y3) -> list[str]:
    found = best_melds(parse_tiles(hand), okey)
    check_arrangement(found, parse_tiles(hand), okey)
    return [m.text(okey) for m in found.melds]


@pytest.mark.parametrize(
    ("hand", "value", "runs"),
    [
        # Both okeys above the second run: 9-10-11 and 10-11-(12)-(13).
        ("Y9 Y10 Y10 Y11 Y11 Y3 Y3", 9 + 10 + 11 + 10 + 11 + 12 + 13, 2),
        # One okey starts a run at 10, the other fills 12 in the second run to 13.
        ("K11 K11 K12 K13 K13 Y3 Y3", 10 + 11 + 12 + 13 + 11 + 12 + 13, 2),
        # One real 5 and one real 6 each join two runs, the okeys fill the rest.
        ("R4 R5 R5 R6 Y3 Y3", 4 + 5 + 6 + 5 + 6 + 7, 2),
        # Two runs share the one real 11 and the one real 10: okeys for 11 and 13.
        ("K10 K11 K12 K12 Y3 Y3", 10 + 11 + 12 + 11 + 12 + 13, 2),
    ],
)
def test_two_okeys_go_into_two_runs_of_one_colour(hand: str, value: int, runs: int) -> None:
    tiles = parse_tiles(hand)
    found = best_melds(tiles, Y3)
    check_arrangement(found, tiles, Y3)
    assert found.value == value == brute_force(tiles, Y3)
    assert [m.kind for m in found.melds] == [MeldKind.RUN] * runs
    assert found.leftover == ()
    # Every tile fits, so the cover and the least-left answers agree.
    assert can_cover(tiles, Y3) is not None
    assert least_left(tiles, Y3).leftover_sum == 0


def test_an_okey_starts_a_run_that_the_other_okey_carries_to_13() -> None:
    # R11 and R13 with both okeys: (10) 11 (12) 13 is worth 46. Without the okey at
    # the low end the run stops at 13 with one okey left over (36).
    tiles = parse_tiles("R11 R13 Y3 Y3")
    found = best_melds(tiles, Y3)
    assert [m.text(Y3) for m in found.melds] == ["*R10R11*R12R13"]
    assert found.value == 46 == brute_force(tiles, Y3)
    assert can_cover(tiles, Y3) is not None


def test_an_okey_goes_below_a_run_only_when_it_cannot_go_above() -> None:
    # With R2 R3 alone the okey goes above (2-3-4, 9 points), never below (1-2-3).
    assert _melds("R2 R3 Y3") == ["R2R3*R4"]
    # R12 R13: the okey can only go below, as 11.
    assert _melds("R12 R13 Y3") == ["*R11R12R13"]


def test_two_sets_at_one_number_with_an_okey_in_one_of_them() -> None:
    # R5 twice, B5, Y5, K5 and an okey: two sets of three (30 points, every tile
    # laid). In one set the okey stands for a colour whose real tile is in the other.
    okey = Tile.parse("K9")
    tiles = parse_tiles("R5 R5 B5 Y5 K5 K9")
    found = best_melds(tiles, okey)
    check_arrangement(found, tiles, okey)
    assert found.value == 30 == brute_force(tiles, okey)
    assert [m.kind for m in found.melds] == [MeldKind.SET, MeldKind.SET]
    assert found.leftover == ()
    covered = can_cover(tiles, okey)
    assert covered is not None and sorted(len(m.tiles) for m in covered) == [3, 3]


@st.composite
def two_okey_hands(draw: st.DrawFn) -> tuple[list[Tile], Tile]:
    """Both okeys (now and then a false okey too) and up to 7 tiles of one or two
    colours in a window of five numbers, often at an end of the number line."""
    okey = draw(st.sampled_from([Tile.parse(t) for t in ("Y3", "K6", "B2", "R1", "K13")]))
    colours = draw(st.lists(st.sampled_from(COLOURS), min_size=1, max_size=2, unique=True))
    low = draw(st.sampled_from([1, 1, 2, 5, 8, 9, 9]))
    pool = [Tile(c, n) for c in colours for n in range(low, low + 5)] * 2
    pool = [t for t in pool if t != okey]
    picks = draw(st.lists(st.integers(0, len(pool) - 1), min_size=2, max_size=7, unique=True))
    hand = [pool[i] for i in picks] + [okey, okey]
    if draw(st.booleans()) and len(hand) < 9:
        hand.append(FALSE_OKEY)
    return hand, okey


@given(two_okey_hands())
@settings(max_examples=150, deadline=None)
def test_hands_with_both_okeys_equal_brute_force(case: tuple[list[Tile], Tile]) -> None:
    hand, okey = case
    found = best_melds(hand, okey)
    check_arrangement(found, hand, okey)
    assert found.value == brute_force(hand, okey)
    left = least_left(hand, okey)
    check_arrangement(left, hand, okey)
    covered = can_cover(hand, okey)
    if not found.leftover:
        assert covered is not None
    if covered is not None:
        laid = [t for m in covered for t in m.tiles]
        assert sorted(laid, key=Tile.sort_key) == sorted(hand, key=Tile.sort_key)
