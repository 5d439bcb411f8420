"""Rules §9, adding to the table: `a` with several tiles selected offers the melds that
take them all together, and when none does, nothing changes and the line says so, naming
the tiles and never a meld the player did not choose.

Zeynep had two K6 K7 K8 runs on the table and the player their own K10 K11 K12 K13: both
K9s selected and `a` said "K9 does not fit meld 3: nothing was added", though K9 fits
meld 3 (it is the two K9s together that go on no one meld)."""

from __future__ import annotations

from ui_helpers import OPENING_SEED, at_position, select_tiles, status_text, table_app

from okey_tui.engine.tiles import Tile, parse_tiles
from okey_tui.ui.screens.dialogs import ChooserScreen
from tests.positions import position

RACK = "K9 K9 K5 K5 Y7 R1 R1 B2 B12"
# Meld 1 the player's own; melds 2 and 3 Zeynep's (seat 3).
TABLE = ("0:K10K11K12K13", "3:K6K7K8", "3:K6K7K8")


async def press_a_with(tiles: str, pilot, app):  # type: ignore[no-untyped-def]
    """The position above, ``tiles`` selected, ``a`` pressed: the table screen."""
    hand = position([RACK, "", "", ""], table=TABLE, openings="m101/-/-/m101")
    screen = await at_position(pilot, app, hand)
    await select_tiles(pilot, screen, tiles)
    await pilot.press("a")
    await pilot.pause()
    return screen


async def test_two_k9s_that_go_on_no_one_meld_together_are_said_as_such() -> None:
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await press_a_with("K9 K9", pilot, app)
        hand = app.session.hand
        said = status_text(screen)
        assert "K9 K9 do not go on one meld together (K9 → 1-3)" in said, said
        assert "select the tiles for one meld" in said, said
        assert "does not fit meld" not in said, said
        assert [str(tm.meld) for tm in hand.table] == [
            "K10 K11 K12 K13",
            "K6 K7 K8",
            "K6 K7 K8",
        ]
        assert sorted(map(str, hand.racks[0])).count("K9") == 2
        assert not isinstance(app.screen, ChooserScreen)


async def test_two_k5s_name_only_the_selected_tiles() -> None:
    """The refusal named the first tile left over once a meld had taken what it could
    ("Y7 does not fit meld 17" with Y7 K5 K5 selected): it names the selected tiles that
    go on no one meld together, and only those."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await press_a_with("K5 K5", pilot, app)
        said = status_text(screen)
        assert "K5 K5 do not go on one meld together (K5 → 2, 3)" in said, said
        assert "Y7" not in said, said


async def test_a_selected_tile_that_fits_nowhere_is_named_and_nothing_is_added() -> None:
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await press_a_with("K9 Y7", pilot, app)
        said = status_text(screen)
        assert "Y7 does not fit any meld on the table: nothing was added" in said, said
        assert "meld 1" not in said, said
        assert len(app.session.hand.racks[0]) == len(parse_tiles(RACK))


async def test_tiles_that_go_on_one_meld_together_offer_every_such_meld() -> None:
    """K5 and K9 go together on either K6 K7 K8: the chooser offers melds 2 and 3 (not 1,
    which takes K9 alone), and the chosen one takes both."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        await press_a_with("K5 K9", pilot, app)
        chooser = app.screen
        assert isinstance(chooser, ChooserScreen), type(chooser)
        assert [steps[0].target for _label, steps in chooser.options] == [1, 2]
        await pilot.press("enter")
        await pilot.pause()
        assert str(app.session.hand.table[1].meld) == "K5 K6 K7 K8 K9"
        assert Tile.parse("K5") in app.session.hand.racks[0]  # the other K5 stays


async def test_tiles_gone_from_the_rack_since_they_were_chosen_add_nothing() -> None:
    """A choice of meld answered after the rack changed (a bot played the turn out at a
    network table) added a tile the rack no longer held: the game ended in a traceback.
    Nothing is added, and the line says why."""
    from okey_tui.engine.actions import AddTile

    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position([RACK, "", "", ""], table=TABLE, openings="m101/-/-/m101")
        screen = await at_position(pilot, app, hand)
        before = list(screen.rack.slots)
        k9 = next(i for i, tile in enumerate(before) if tile == Tile.parse("K9"))
        await screen.add_all([k9], [[AddTile(Tile.parse("R13"), 0)]])  # R13 is not held
        await pilot.pause()
        assert status_text(screen).startswith("Nothing added: your tiles changed meanwhile")
        assert list(screen.rack.slots) == before and len(screen.view.table[0].meld.tiles) == 4
