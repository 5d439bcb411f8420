"""A tile taken from the left must be laid this turn: it comes in beside the group it makes a
meld with when a free slot there touches no other group, and otherwise the line says which
group it goes with. No tile the player arranged moves."""

from __future__ import annotations

from ui_helpers import opened_beside_a_run, table_app

from okey_tui.engine.tiles import Tile
from okey_tui.ui.screens.table import TableScreen


def faces(screen: TableScreen) -> list[str]:
    return [str(t) if t is not None else "_" for t in screen.rack.slots]


async def arranged_and_taken(row: str, left: str) -> tuple[list[str], str]:
    """Seat 0 (opened) arranges its upper row as ``row`` says (``_`` a free slot) and takes
    ``left``: the rack's slots after the take, and the status line."""
    rack = " ".join(t for t in row.split() if t != "_")
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened_beside_a_run(pilot, app, rack, left)
        slots = [None if t == "_" else Tile.parse(t) for t in row.split()]
        screen.rack.slots = slots + [None] * (len(screen.rack.slots) - len(slots))
        screen.render_all()
        before = faces(screen)
        await pilot.press("t")
        await pilot.pause()
        assert app.session.hand.taken is not None
        after = faces(screen)
        status = str(screen.query_one("#status").render())
    moved = [i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]
    assert len(moved) == 1 and before[moved[0]] == "_", "only the taken tile came in"
    return after, status


async def test_a_taken_tile_comes_in_beside_the_set_it_makes():
    after, status = await arranged_and_taken("R5 Y5 _ _ K1 K2 K3", "B5")
    assert after[:4] == ["R5", "Y5", "B5", "_"]
    assert status.startswith("You took B5, now beside R5 Y5: set 15 · lay it down this turn")


async def test_a_taken_tile_lower_than_a_run_goes_at_its_low_end():
    after, status = await arranged_and_taken("_ _ B10 B11 B12 _ K1", "B9")
    assert after[:5] == ["_", "B9", "B10", "B11", "B12"]
    assert status.startswith("You took B9, now beside B10 B11 B12: run 42")


async def test_a_taken_tile_never_joins_two_groups_and_the_line_says_where_it_goes():
    # Y11 Y12 _ R5 Y5: the slot after Y12 touches R5 Y5, so Y13 comes in apart.
    after, status = await arranged_and_taken("Y11 Y12 _ R5 Y5 _ _ K1", "Y13")
    assert after[:8] == ["Y11", "Y12", "_", "R5", "Y5", "_", "_", "K1"]
    assert status.startswith("You took Y13: run 36 with Y11 Y12 · lay it down")


async def test_a_taken_tile_that_would_read_out_of_order_in_a_run_comes_in_apart():
    # R9 between R8 and R10: beside them it would read R8 R10 R9.
    after, status = await arranged_and_taken("_ _ R8 R10 _ _ K1 K2 K3", "R9")
    assert after[:9] == ["_", "_", "R8", "R10", "_", "_", "K1", "K2", "K3"]
    assert status.startswith("You took R9: run 27 with R8 R10 · lay it down")


async def test_a_taken_tile_that_moves_the_okey_along_a_run_still_goes_with_it():
    # Indicator B7: B8 is the okey. R3 with R5 R6 ★ makes R3 ★ R5 R6, the same 18 points:
    # the run is named, and R3 comes in apart (at the run's end it would read out of order).
    after, status = await arranged_and_taken("_ _ R5 R6 B8 _ K1 K2 K3", "R3")
    assert after[:9] == ["_", "_", "R5", "R6", "B8", "_", "K1", "K2", "K3"]
    assert status.startswith("You took R3: run 18 with R5 R6 B8★ · lay it down")


async def test_on_a_full_rack_the_line_names_the_group_the_tile_goes_with_not_its_neighbour():
    """Every free slot touched a group: Y6 came in after R11 R12, and the line said
    "now beside R11 R12: ·"."""
    upper = "R1 R2 R3 _ Y7 Y8 _ K4 K5 _ Y9 Y10 _ R11 R12 _"
    lower = "K11 K12 _ B1 B1 _ Y6 Y7 _ R6 K6 _ B12 B13 _ Y13"
    after, status = await arranged_and_taken(f"{upper} {lower}", "Y6")
    assert "now beside" not in status
    assert status.startswith("You took Y6: run 21 with Y7 Y8 · lay it down"), status
