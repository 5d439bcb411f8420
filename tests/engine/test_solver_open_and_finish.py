"""Opening with melds and finishing in the same turn (RULES.md sections 7, 8 and 10).

The opening goes down first; an okey swapped off the table after it counts toward
nothing: it is laid in a later meld or added to a meld, an opening meld included.
"""

from __future__ import annotations

import sys

from okey_tui.engine.budget import Deadline
from okey_tui.engine.melds import parse_meld
from okey_tui.engine.rules import OpeningKind
from okey_tui.engine.solver import FinishPlan, finish_plan
from okey_tui.engine.tiles import Tile, parse_tiles
from tests.engine.test_s10_finish_exact import brute_finish

B8 = Tile.parse("B8")  # the okey whenever the indicator is B7
# A full run: it takes no tile, and its okey (for R2) can be taken by giving R2.
FULL_RUN = parse_meld("R1*R2R3R4R5R6R7R8R9R10R11R12R13", B8)


def _plan(hand: str, table: list[object], floor: int) -> FinishPlan | None:
    return finish_plan(parse_tiles(hand), B8, table, None, floor=floor)  # type: ignore[arg-type]


def test_a_swapped_okey_is_added_to_an_opening_meld_after_the_opening() -> None:
    plan = _plan("R2 K10 K11 K12 Y1", [FULL_RUN], floor=30)
    assert plan is not None
    assert [m.text(B8) for m in plan.melds] == ["K10K11K12"] and plan.later == ()
    assert [s.given for s in plan.swaps] == [(Tile.parse("R2"),)]
    # The opening meld is the table's second meld once down: index 1.
    assert [(x.tile, x.index, x.result.text(B8)) for x in plan.lay_offs] == [
        (B8, 1, "*K9K10K11K12")
    ]
    assert plan.discard == Tile.parse("Y1")


def test_two_swapped_okeys_are_added_to_two_opening_melds_after_the_opening() -> None:
    # Giving R2 and Y5 frees both okeys. The opening: a set of four (48) and two sets
    # of three (33 and 30) = 111; each set of three then takes one okey. Laying three
    # runs instead is 99, below the floor, and a set of four takes no okey.
    table = [FULL_RUN, parse_meld("Y1Y2Y3Y4*Y5Y6Y7Y8Y9Y10Y11Y12Y13", B8)]
    plan = _plan("R2 Y5 R10 Y10 K10 R11 Y11 K11 R12 Y12 B12 K12 K1", table, floor=101)
    assert plan is not None
    assert [m.text(B8) for m in plan.melds] == ["R12Y12B12K12", "R11Y11K11", "R10Y10K10"]
    # The table's two melds, then the opening's: the sets of three are melds 3 and 4.
    assert [(x.tile, x.index, x.result.text(B8)) for x in plan.lay_offs] == [
        (B8, 3, "R11Y11*B11K11"),
        (B8, 4, "R10Y10*B10K10"),
    ]
    assert len(plan.swaps) == 2 and plan.later == () and plan.discard == Tile.parse("K1")


def test_two_swapped_okeys_go_into_two_melds_laid_after_the_opening() -> None:
    # B1 B2 and K1 K2 each need an okey: both okeys come off the table after the
    # opening (a set of four, 40), so both melds are laid later.
    table = [FULL_RUN, parse_meld("Y1Y2Y3Y4*Y5Y6Y7Y8Y9Y10Y11Y12Y13", B8)]
    plan = _plan("R2 Y5 R10 Y10 B10 K10 B1 B2 K1 K2 Y13", table, floor=40)
    assert plan is not None
    assert [m.text(B8) for m in plan.melds] == ["R10Y10B10K10"]
    assert sorted(m.text(B8) for m in plan.later) == ["B1B2*B3", "K1K2*K3"]
    assert plan.lay_offs == () and len(plan.swaps) == 2


def test_a_swapped_okey_does_not_count_toward_the_opening_floor() -> None:
    # K10 K11 K12 are 33; with the swapped okey they would be 42 or 46.
    assert _plan("R2 K10 K11 K12 Y1", [FULL_RUN], floor=34) is None


def test_a_search_whose_real_tiles_fall_short_of_the_floor_tries_no_opening(
    monkeypatch,  # type: ignore[no-untyped-def]
) -> None:
    """With an okey swapped off the table in hand, the search is cut as soon as the melds of
    the real tiles and the player's own okeys cannot reach the floor: no opening is tried."""
    import okey_tui.engine.solver as solver

    asked: list[int] = []
    leaf = solver._OpeningLeaf.__call__

    def counted(self, tiles):  # type: ignore[no-untyped-def]
        asked.append(len(tiles))
        return leaf(self, tiles)

    monkeypatch.setattr(solver._OpeningLeaf, "__call__", counted)
    # Y11 Y12 Y13 (36) would open, but Y12 goes for the table's okey or onto the run, and
    # then the real tiles make no meld: Y9 *Y10 Y11 holds the swapped okey.
    okey = Tile.parse("K3")
    table = [parse_meld("Y10Y11*Y12", okey)]
    hand = parse_tiles("Y12 K11 Y7 Y9 Y11 Y13")
    assert finish_plan(hand, okey, table, None, floor=27) is None
    assert not brute_finish(hand, okey, table, False, 27)
    assert asked == []


def test_an_opening_that_finishes_by_throwing_the_own_okey() -> None:
    plan = _plan("K10 K11 K12 B8 R4", [parse_meld("R1R2R3", B8)], floor=30)
    assert plan is not None and plan.with_okey
    assert [m.text(B8) for m in plan.melds] == ["K10K11K12"]
    assert [(x.tile, x.result.text(B8)) for x in plan.lay_offs] == [(Tile.parse("R4"), "R1R2R3R4")]


def test_the_opening_plan_is_a_melds_opening() -> None:
    plan = _plan("K10 K11 K12 B8 R4", [parse_meld("R1R2R3", B8)], floor=30)
    assert plan is not None and plan.kind is OpeningKind.MELDS


# -- every search of a finish honours the deadline ------------------------------------

_SEARCHES = (
    "_OpeningLeaf",
    "_Finisher",
    "_relaxed",
    "_open_and_finish",
    "_open_pairs_and_finish",
    "_finish_throwing",
)


class _Recording(Deadline):
    """A deadline far away that notes which search ticked it, inside which stage
    (the leaves of the opening search are asked from inside the finishing search)."""

    __slots__ = ("seen",)

    def __init__(self) -> None:
        super().__init__(steps=10**9)
        self.seen: set[tuple[str, ...]] = set()

    def tick(self) -> bool:
        path: list[str] = []
        frame = sys._getframe(1)
        while frame is not None:
            name = next((s for s in _SEARCHES if s in frame.f_code.co_qualname), None)
            if name is not None and (not path or path[-1] != name):
                path.append(name)
            frame = frame.f_back  # type: ignore[assignment]
        self.seen.add(tuple(reversed(path)))
        return super().tick()


def test_the_finishing_search_and_its_throw_filter_tick_the_deadline() -> None:
    deadline = _Recording()
    hand = parse_tiles("R1 R2 B8 K12 Y13")
    table = [parse_meld("K9K10K11", B8)]
    assert finish_plan(hand, B8, table, OpeningKind.MELDS, deadline=deadline) is not None
    assert {("_finish_throwing", "_relaxed"), ("_finish_throwing", "_Finisher")} <= deadline.seen


def test_the_search_after_okey_swaps_ticks_the_deadline() -> None:
    # No finish without the swap: the search before it lays nothing.
    deadline = _Recording()
    hand = parse_tiles("R6 Y10 Y11 K13")
    table = [parse_meld("R5*R6R7", B8)]
    assert finish_plan(hand, B8, table, OpeningKind.MELDS, deadline=deadline) is not None
    assert ("_finish_throwing", "_Finisher") in deadline.seen


def test_the_opening_search_and_its_leaves_tick_the_deadline() -> None:
    deadline = _Recording()
    hand = parse_tiles("R2 K10 K11 K12 Y1")
    assert finish_plan(hand, B8, [FULL_RUN], None, floor=30, deadline=deadline) is not None
    assert {
        ("_finish_throwing", "_relaxed"),
        ("_finish_throwing", "_open_and_finish", "_Finisher"),
        ("_finish_throwing", "_open_and_finish", "_Finisher", "_OpeningLeaf"),
    } <= deadline.seen


def test_an_opening_worth_exactly_the_floor_then_a_lay_off() -> None:
    plan = _plan("K10 K11 K12 R4 Y1", [parse_meld("R1R2R3", B8)], floor=33)
    assert plan is not None
    assert [m.text(B8) for m in plan.melds] == ["K10K11K12"]  # 33, the floor
    assert [(x.tile, x.result.text(B8)) for x in plan.lay_offs] == [(Tile.parse("R4"), "R1R2R3R4")]
    assert _plan("K10 K11 K12 R4 Y1", [parse_meld("R1R2R3", B8)], floor=34) is None


# A rack that opens with its own okey in a meld, swaps the table's okey and lays it in a
# later meld: found, but by a long search (half a second on the test machine).
SLOW_RACK = "B1 R1 R3 Y7 Y12 Y9 Y3 R7 R12 Y6 Y11 Y2 K7 K13 Y10 Y9 Y4 Y5 K9 R4 B3 Y8"
K9 = Tile.parse("K9")
SLOW_TABLE = ("R10R11*R12R13", "B11B12B13", "R9B9F", "Y5Y6Y7")


def test_the_slow_opening_search_finds_its_straight_out() -> None:
    table = [parse_meld(m, K9) for m in SLOW_TABLE]
    plan = finish_plan(parse_tiles(SLOW_RACK), K9, table, None, floor=101)
    assert plan is not None and plan.kind is OpeningKind.MELDS and plan.swaps
    assert sum(m.value for m in plan.melds) >= 101


def test_out_of_time_the_opening_search_stops_at_once(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Once the deadline has passed, the search works out no more melds' cores: it went on
    through every loop of the opening's melds (each step returning at once) and ran past
    the deadline by about as long again as it had searched."""
    import okey_tui.engine.solver as solver

    table = [parse_meld(m, K9) for m in SLOW_TABLE]
    cores = solver._cores
    for steps in (50, 400, 1500):
        deadline = Deadline(steps=steps)
        late: list[int] = []

        def counted(meld, okey, deadline=deadline, late=late):  # type: ignore[no-untyped-def]
            if deadline.ran_out:
                late.append(1)
            return cores(meld, okey)

        monkeypatch.setattr(solver, "_cores", counted)
        assert (
            finish_plan(parse_tiles(SLOW_RACK), K9, table, None, floor=101, deadline=deadline)
            is None
        )
        assert deadline.ran_out and not late, (steps, len(late))
