"""Finishing by table play (RULES.md sections 8 and 10): where an okey or a tile goes.

The finishing search first rules out throws that cannot finish, by a relaxed test:
every tile that cannot go onto the table must be in a meld of the hand. These cases
need the table for exactly one tile (an okey that fits no meld of the hand, a tile
given for a table okey), at each kind of table meld that can take it: a run open at
both ends, a run from 1, a run up to 13 open only below, a set of three.
"""

from __future__ import annotations

import pytest

from okey_tui.engine.melds import parse_meld
from okey_tui.engine.rules import OpeningKind
from okey_tui.engine.solver import FinishPlan, finish_plan
from okey_tui.engine.tiles import FALSE_OKEY, Tile, parse_tiles

B8 = Tile.parse("B8")  # the okey whenever the indicator is B7
Y13 = Tile.parse("Y13")


def _plan(hand: str, table: str) -> FinishPlan | None:
    melds = [parse_meld(text, B8) for text in table.split()]
    return finish_plan(parse_tiles(hand), B8, melds, OpeningKind.MELDS)


def _laid_off(plan: FinishPlan) -> list[tuple[str, str]]:
    return [(str(x.tile), x.result.text(B8)) for x in plan.lay_offs]


@pytest.mark.parametrize(
    ("table", "result"),
    [
        ("K10K11K12", ("*K9K10K11K12", "K10K11K12*K13")),
        ("K1K2K3", ("K1K2K3*K4",)),
        ("K2K3K4K5K6K7K8K9K10K11K12K13", ("*K1K2K3K4K5K6K7K8K9K10K11K12K13",)),
        ("R9Y9K9", ("R9Y9*B9K9",)),
    ],
)
def test_an_okey_that_fits_no_meld_of_the_hand_goes_onto_the_table(table: str, result: str) -> None:
    # A set of four takes no okey, and two of its tiles with the okey leave two behind.
    plan = _plan("R7 Y7 B7 K7 B8 Y13", table)
    assert plan is not None
    assert [m.text(B8) for m in plan.melds] == ["R7Y7B7K7"]
    [(tile, grown)] = _laid_off(plan)
    assert tile == "B8" and grown in result and plan.discard == Y13


def test_an_okey_with_nowhere_to_go_on_a_full_table_blocks_the_finish() -> None:
    assert _plan("R7 Y7 B7 K7 B8 Y13", "K1K2K3K4K5K6K7K8K9K10K11K12K13 R9Y9B9K9") is None


def test_a_tile_given_for_a_table_okey_frees_the_okey_for_a_meld_of_the_hand() -> None:
    plan = _plan("R6 Y10 Y11 K13", "R5*R6R7")
    assert plan is not None
    assert [(s.given, s.result.text(B8)) for s in plan.swaps] == [((Tile.parse("R6"),), "R5R6R7")]
    assert [m.text(B8) for m in plan.melds] == ["Y10Y11*Y12"] and plan.lay_offs == ()
    assert plan.discard == Tile.parse("K13")


def test_the_hands_own_okey_completes_a_meld_while_a_tile_is_laid_off() -> None:
    plan = _plan("R1 R2 B8 K12 Y13", "K9K10K11")
    assert plan is not None
    assert [m.text(B8) for m in plan.melds] == ["R1R2*R3"]
    assert _laid_off(plan) == [("K12", "K9K10K11K12")] and plan.discard == Y13


def test_a_false_okey_standing_for_the_okey_y1_is_laid_in_its_run() -> None:
    y1 = Tile.parse("Y1")  # the okey when the indicator is Y13: the false okey plays as Y1
    table = [parse_meld("K9K10K11", y1)]
    plan = finish_plan(parse_tiles("F Y2 Y3 K12 B13"), y1, table, OpeningKind.MELDS)
    assert plan is not None
    assert [m.text(y1) for m in plan.melds] == ["FY2Y3"]
    assert [(str(x.tile), x.result.text(y1)) for x in plan.lay_offs] == [("K12", "K9K10K11K12")]
    assert plan.discard == Tile.parse("B13")


@pytest.mark.parametrize(
    ("hand", "table", "tile", "index"),
    [
        # A real tile onto a set of three.
        ("R7 Y7 B7 K7 B9 Y13", "R9Y9K9", "B9", 0),
        # The meld that takes the tile comes after one that cannot: a set, a pair,
        # a run of another colour, a run of its colour that already holds its number.
        ("R7 Y7 B7 K7 R4 Y13", "R9Y9K9 R1R2R3", "R4", 1),
        ("R7 Y7 B7 K7 R4 Y13", "K5K5 R1R2R3", "R4", 1),
        ("R7 Y7 B7 K7 R4 Y13", "K9K10K11 R1R2R3", "R4", 1),
        ("R10 Y10 B10 K10 R6 Y13", "R5R6R7 R7R8R9", "R6", 1),
        # After a run, past the okey's own place filled by the false okey.
        ("F B9 R7 Y7 K7 Y13", "B5B6B7", "B9", 0),
        # Below a run: next to it, and past a gap the hand's okey fills.
        ("R7 Y7 B7 K7 K8 Y13", "K9K10K11", "K8", 0),
        ("R5 Y5 B5 K5 K8 B8 Y13", "K10K11K12", "K8", 0),
    ],
)
def test_a_tile_that_fits_no_meld_of_the_hand_is_laid_off_where_it_fits(
    hand: str, table: str, tile: str, index: int
) -> None:
    plan = _plan(hand, table)
    assert plan is not None and plan.discard == Y13
    assert (tile, index) in [(str(x.tile), x.index) for x in plan.lay_offs]


def test_of_two_tiles_a_set_of_three_takes_one_and_the_other_is_thrown() -> None:
    plan = _plan("R7 Y7 B7 K7 B9 B9", "R9Y9K9")
    assert plan is not None and plan.discard == Tile.parse("B9")
    assert _laid_off(plan) == [("B9", "R9Y9B9K9")]


def test_two_okeys_that_fit_no_meld_of_the_hand_both_go_onto_one_run() -> None:
    plan = _plan("R5 Y5 B5 K5 B8 B8 Y13", "K10K11K12")
    assert plan is not None and plan.discard == Y13
    assert [m.text(B8) for m in plan.melds] == ["R5Y5B5K5"]
    assert [tile for tile, _ in _laid_off(plan)] == ["B8", "B8"]
    assert all(x.index == 0 for x in plan.lay_offs)


def test_a_finish_lays_off_all_it_can_before_laying_new_melds() -> None:
    # R4..R7 could go down as a new run; the search tries the most lay-offs first.
    plan = _plan("R4 R5 R6 R7 Y13", "R1R2R3")
    assert plan is not None and plan.melds == () and plan.discard == Y13
    assert _laid_off(plan)[-1] == ("R7", "R1R2R3R4R5R6R7")


def test_the_false_okey_goes_onto_a_set_of_three_at_the_okeys_number() -> None:
    # The set R8 Y8 K8 lacks B8, the okey's own tile: the false okey plays as it.
    plan = _plan("F R5 Y5 B5 K5 Y13", "R8Y8K8")
    assert plan is not None and plan.discard == Y13
    assert _laid_off(plan) == [("F", "R8Y8FK8")]


@pytest.mark.parametrize(
    ("run", "grown"),
    [
        # Room for one okey at each end, for two below only, for two above only.
        ("K2K3K4K5K6K7K8K9K10K11K12", "*K1K2K3K4K5K6K7K8K9K10K11K12*K13"),
        ("K3K4K5K6K7K8K9K10K11K12K13", "*K1*K2K3K4K5K6K7K8K9K10K11K12K13"),
        ("K1K2K3K4K5K6K7K8K9K10K11", "K1K2K3K4K5K6K7K8K9K10K11*K12*K13"),
    ],
)
def test_two_okeys_go_onto_a_long_run_wherever_it_has_room(run: str, grown: str) -> None:
    plan = _plan("R5 Y5 B5 K5 B8 B8 Y13", run)
    assert plan is not None and plan.discard == Y13
    assert [tile for tile, _ in _laid_off(plan)] == ["B8", "B8"]
    assert _laid_off(plan)[-1][1] == grown


def test_the_false_okey_is_given_for_a_table_okey_standing_for_the_okeys_tile() -> None:
    plan = _plan("F Y10 Y11 K1", "B7*B8B9")
    assert plan is not None and plan.discard == Tile.parse("K1")
    assert [(s.given, s.result.text(B8)) for s in plan.swaps] == [((FALSE_OKEY,), "B7FB9")]
    assert [m.text(B8) for m in plan.melds] == ["Y10Y11*Y12"]
