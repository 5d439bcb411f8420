"""j puts a tile beside the group it makes the best meld with: a newcomer took eleven
shift+→ (splitting a pair on the way) to put K5 beside B5 Y5, Tab and shift+End keeping
it apart from every group. u undoes it as any move."""

from __future__ import annotations

from ui_helpers import OPENING_SEED, at_position, goto, status_text, table_app

from okey_tui.engine.tiles import Tile, parse_tiles
from tests.positions import position


def row(screen, n: int) -> str:  # type: ignore[no-untyped-def]
    rack = screen.rack
    cells = rack.slots[n * rack.cols : (n + 1) * rack.cols]
    return " ".join(str(t) if t else "." for t in cells).rstrip(" .")


async def test_j_joins_a_tile_to_the_group_it_makes_a_meld_with_and_u_undoes_it() -> None:
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(["K1 K3 K5 R8 R8 B5 Y5", "", "", ""], phase="p")
        screen = await at_position(pilot, app, hand)
        groups = ["K1 K3 K5", "R8 R8", "B5 Y5"]
        screen.rack.arrange([parse_tiles(g) for g in groups], [])
        screen.render_all()
        before = list(screen.rack.slots)
        assert row(screen, 0) == "K1 K3 K5 . R8 R8 . B5 Y5"
        await goto(pilot, screen, screen.rack.slots.index(Tile.parse("K5")))
        await pilot.press("j")
        await pilot.pause()
        assert row(screen, 0) == "K1 K3 . . R8 R8 . B5 Y5 K5", row(screen, 0)
        assert status_text(screen) == "K5 is beside B5 Y5 now: set 15", status_text(screen)
        assert screen.rack.slots[screen.cursor] == Tile.parse("K5")  # the cursor went along
        # K1 makes a meld with no group: nothing moves, and the line says why.
        await goto(pilot, screen, screen.rack.slots.index(Tile.parse("K1")))
        await pilot.press("j")
        await pilot.pause()
        assert status_text(screen) == "K1 makes a meld with no group that has room beside it"
        assert row(screen, 0) == "K1 K3 . . R8 R8 . B5 Y5 K5"
        await pilot.press("u")
        await pilot.pause()
        assert screen.rack.slots == before
