"""A tile taken from the left must be laid this turn: it comes in beside the group it makes a
meld with when a free slot there touches no other group, and otherwise the line says which
group it goes with. No tile the player arranged moves."""

from __future__ import annotations

from ui_helpers import at_position, table_app

from okey_tui.engine.tiles import Tile
from okey_tui.ui.screens.table import TableScreen
from tests.positions import position


def faces(screen: TableScreen) -> list[str]:
    return [str(t) if t is not None else "_" for t in screen.rack.slots]


async def arranged_and_taken(row: str, left: str) -> tuple[list[str], str]:
    """Seat 0 (opened) arranges its upper row as ``row`` says (``_`` a free slot) and takes
    ``left``: the rack's slots after the take, and the status line."""
    rack = " ".join(t for t in row.split() if t != "_")
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(
            [rack, "", "", ""],
            phase="d",
            discards=["", "", "", left],
            table=["2:K5K6K7K8"],
            openings="m101/-/m101/-",
        )
        screen = await at_position(pilot, app, hand)
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
