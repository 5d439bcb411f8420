"""Rules §11: a tile laid off onto one's own meld may leave its okey open to a swap (+101
to the player). K11 onto R11 ★ B11 made the okey Y11 alone, one Y11 taking it where Y11
and K11 together did, and a added it with no word (staging melds says it). It asks first:
no leaves the table as it was, yes adds."""

from __future__ import annotations

from ui_helpers import OPENING_SEED, at_position, select_tiles, status_text, table_app

from okey_tui.engine.tiles import Tile
from okey_tui.ui.screens.dialogs import ConfirmScreen
from tests.positions import position


def hand():  # type: ignore[no-untyped-def]
    return position(["K11 R1 K2 Y5", "", "", ""], table=["0:R11*Y11B11"], openings="m101/-/-/-")


async def test_a_tile_that_leaves_the_players_okey_open_asks_first() -> None:
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_position(pilot, app, hand())
        table = app.session.hand.table
        await select_tiles(pilot, screen, "K11")
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        asked = str(app.screen.query_one(".dialog-title").render())
        assert "With K11 added, your okey in meld 1 stands for Y11" in asked, asked
        assert "+101 to you if a player holding Y11 takes it" in asked, asked
        await pilot.press("n")
        await pilot.pause()
        assert "Nothing added: the okey in meld 1 stays as it was" in status_text(screen)
        assert len(table[0].meld.tiles) == 3
        assert [screen.rack.slots[i] for i in screen.selected] == [Tile.parse("K11")]  # kept
        await pilot.press("a")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert len(app.session.hand.table[0].meld.tiles) == 4
        assert "Added K11 to meld 1" in status_text(screen)


async def test_a_partners_okey_left_open_asks_first_naming_the_partner() -> None:
    app = table_app(OPENING_SEED, partners=True)
    async with app.run_test(size=(120, 40)) as pilot:
        partners = position(
            ["K11 R1 K2 Y5", "", "", ""],
            table=["2:R11*Y11B11"],
            openings="m101/-/m101/-",
            rules="classic/11+p",
        )
        screen = await at_position(pilot, app, partners)
        await select_tiles(pilot, screen, "K11")
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        asked = str(app.screen.query_one(".dialog-title").render())
        assert "your partner's okey in meld 1 stands for Y11" in asked, asked
        assert "+101 to your partner if a player holding Y11 takes it" in asked, asked


async def test_two_okeys_left_open_are_both_named() -> None:
    """R11 ★ ★ (the okeys as Y11 and B11) plus K11: each okey then stands for one tile,
    a Y11 taking one and a B11 the other. The question named the first alone."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        two = position(
            ["K11 R1 K2 Y5", "", "", ""],
            indicator="R1",
            table=["0:R11*Y11*B11"],
            openings="m101/-/-/-",
        )
        screen = await at_position(pilot, app, two)
        await select_tiles(pilot, screen, "K11")
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        asked = str(app.screen.query_one(".dialog-title").render())
        assert "your okey in meld 1 stands for Y11: +101 to you if a player holding Y11" in asked
        assert "your okey in meld 1 stands for B11: +101 to you if a player holding B11" in asked
        await pilot.press("n")
        await pilot.pause()
        assert "Nothing added: the okeys stay as they were" in status_text(screen)
        assert len(app.session.hand.table[0].meld.tiles) == 3
