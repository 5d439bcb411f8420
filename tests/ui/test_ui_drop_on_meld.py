"""A tile dropped on a table meld goes on that meld: the chooser is for a drop beside the
melds, or for what an okey stands for there.

K9 fits melds 1-3 (the player's K10-K13 and Zeynep's two K6 K7 K8): dragged and dropped
on meld 1's line, it still opened "Add to which meld?" with melds 1-3.
"""

from __future__ import annotations

import pytest
from test_ui_mouse import slot_offset
from textual.widgets import Static
from ui_helpers import OPENING_SEED, at_position, table_app

from okey_tui.engine.tiles import Tile
from okey_tui.ui.screens.dialogs import ChooserScreen
from okey_tui.ui.widgets.board import MeldsView
from okey_tui.ui.widgets.rack import RackWidget
from tests.positions import position

RACK = "K9 K9 K5 K5 Y7 R1 R1 B2 B12"
# Meld 1 the player's own; melds 2 and 3 Zeynep's (seat 3).
TABLE = ("0:K10K11K12K13", "3:K6K7K8", "3:K6K7K8")


def meld_point(app, number: int) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    """The screen point of meld ``number``'s first tile, found in the text the box shows
    ("1:K10 K11 …")."""
    box = app.screen.query_one(MeldsView)
    text = box.query_one("#melds-text", Static)
    lines = str(text.render()).split("\n")
    row, line = next((r, ln) for r, ln in enumerate(lines) if f"{number}:" in ln)
    column = line.index(f"{number}:") + len(f"{number}:") + 1  # on the tile, past "1:"
    region = text.content_region
    return region.x + column, region.y + row


async def at_the_position(pilot, app):  # type: ignore[no-untyped-def]
    hand = position([RACK, "", "", ""], table=TABLE, openings="m101/-/-/m101")
    return await at_position(pilot, app, hand)


async def drop(pilot, screen, tile: str, point: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    """``tile`` dragged from the rack and dropped at the screen ``point``."""
    rack = screen.query_one(RackWidget)
    source = screen.rack.slots.index(Tile.parse(tile))
    await pilot.mouse_down(RackWidget, offset=slot_offset(rack, source))
    x, y = point
    await pilot.mouse_up(RackWidget, offset=(x - rack.region.x, y - rack.region.y))
    await pilot.pause()


def table_melds(app) -> list[str]:  # type: ignore[no-untyped-def]
    return [str(tm.meld) for tm in app.session.hand.table]


@pytest.mark.parametrize(("number", "meld"), [(1, "K9 K10 K11 K12 K13"), (3, "K6 K7 K8 K9")])
async def test_a_tile_dropped_on_a_meld_goes_on_that_meld(number: int, meld: str) -> None:
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_the_position(pilot, app)
        await drop(pilot, screen, "K9", meld_point(app, number))
        assert not isinstance(app.screen, ChooserScreen)
        table = table_melds(app)
        assert table[number - 1] == meld, table
        assert sorted(map(str, app.session.hand.racks[0])).count("K9") == 1


async def test_a_drop_on_a_meld_that_does_not_take_the_tile_adds_nothing() -> None:
    """K5 fits melds 2 and 3, not 1: dropped on meld 1, nothing changes and the line
    says which melds take it."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_the_position(pilot, app)
        await drop(pilot, screen, "K5", meld_point(app, 1))
        assert not isinstance(app.screen, ChooserScreen)
        assert table_melds(app) == [
            "K10 K11 K12 K13",
            "K6 K7 K8",
            "K6 K7 K8",
        ]
        said = str(screen.query_one("#status", Static).render())
        assert "Meld 1 does not take K5: nothing was added; melds that do: 2, 3" in said, said


async def test_a_drop_beside_the_melds_still_asks_which() -> None:
    """Dropped in the melds box but on no meld (the free lines under them), K9 asks which
    of melds 1-3, as a does."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_the_position(pilot, app)
        box = screen.query_one(MeldsView)
        x, y = meld_point(app, 3)
        below = box.content_region.bottom - 1
        assert below > y + 1, "the box has free lines under the melds"
        await drop(pilot, screen, "K9", (x, below))
        chooser = app.screen
        assert isinstance(chooser, ChooserScreen), type(chooser)
        assert [steps[0].target for _label, steps in chooser.options] == [0, 1, 2]
