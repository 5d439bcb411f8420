"""Rules §9, adding to the table: `a` with tiles selected for several table melds adds each
to the one meld it goes on, when every tile has just one (R9 to meld 1, K9 K10 to meld 2).

A player selected R5 R10 Y1 Y7 and pressed `a`: "do not go on one meld together ...:
nothing was added", and then had to add them one by one, a cursor and an `a` for each.
A tile that goes on more than one meld (the player chooses which), on none, or an okey
(the player says what it stands for) still keeps the whole selection off the table.
"""

from __future__ import annotations

import pytest
from ui_helpers import (
    OPENING_SEED,
    added_after_arranging,
    at_position,
    select_tiles,
    status_text,
    table_app,
)

from okey_tui.engine.tiles import Tile
from okey_tui.ui.screens.dialogs import ChooserScreen
from okey_tui.ui.screens.table import TableScreen
from tests.positions import position

# The okey is B8 (indicator B7). K5 goes on meld 2 (K5 K6 K7 K8) and on meld 4 (the set).
RACK = "R9 K9 K10 Y1 K5 Y7 R1 R1 B2 B12 B8 Y12 K3 R3"
# Meld 1 the player's own; the others Zeynep's (seat 3).
TABLE = ("0:R10R11R12R13", "3:K6K7K8", "3:Y2Y3Y4", "3:R5Y5B5")
MELDS = ["R10 R11 R12 R13", "K6 K7 K8", "Y2 Y3 Y4", "R5 Y5 B5"]


def melds(app) -> list[str]:  # type: ignore[no-untyped-def]
    return [str(tm.meld) for tm in app.session.hand.table]


async def press_a_with(tiles: str, pilot, app) -> tuple[TableScreen, list[Tile | None]]:  # type: ignore[no-untyped-def]
    """The position above, the rack arranged by hand (R9 moved a slot to the right), then
    ``tiles`` selected and `a` pressed: the screen and the rack's slots just before `a`."""
    hand = position([RACK, "", "", ""], table=TABLE, openings="m101/-/-/m101")
    return await added_after_arranging(pilot, app, hand, "R9", tiles)  # type: ignore[no-any-return]


async def test_tiles_for_two_melds_each_go_on_theirs_and_one_u_takes_them_back() -> None:
    app = table_app(OPENING_SEED, practice=True, tips=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen, arranged = await press_a_with("R9 K9", pilot, app)
        assert melds(app) == ["R9 R10 R11 R12 R13", "K6 K7 K8 K9", *MELDS[2:]], melds(app)
        said = status_text(screen)
        assert said == (
            "Added R9 to meld 1, K9 to meld 2 · a adds Y1 K5 K10 to melds on the table"
        ), said
        assert not screen.selected
        rack = app.session.hand.racks[0]
        assert Tile.parse("R9") not in rack and Tile.parse("K9") not in rack
        await pilot.press("u")
        await pilot.pause()
        assert melds(app) == MELDS, "one u takes back the whole key's adds"
        assert screen.rack.slots == arranged, "each tile back in its slot, the rest unmoved"
        said = status_text(screen)
        assert said == "Undone: adding R9 to meld 1, K9 to meld 2", said


async def test_tiles_for_three_melds_two_of_them_for_one_meld_all_go_on() -> None:
    """K10 goes on meld 2 only after K9: the two go there together, in the meld's order."""
    app = table_app(OPENING_SEED, practice=True, tips=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen, arranged = await press_a_with("K10 Y1 R9 K9", pilot, app)
        assert melds(app) == [
            "R9 R10 R11 R12 R13",
            "K6 K7 K8 K9 K10",
            "Y1 Y2 Y3 Y4",
            "R5 Y5 B5",
        ], melds(app)
        said = status_text(screen)
        assert said == (
            "Added R9 to meld 1, K9 K10 to meld 2, Y1 to meld 3 · a adds K5 to a meld on the table"
        ), said
        assert not isinstance(app.screen, ChooserScreen)
        await pilot.press("u")
        await pilot.pause()
        assert melds(app) == MELDS
        assert screen.rack.slots == arranged


async def unchanged_after(tiles: str, pilot, app) -> str:  # type: ignore[no-untyped-def]
    """`a` with ``tiles`` selected changes nothing: the table, the rack, the selection.
    The line it leaves."""
    hand = position([RACK, "", "", ""], table=TABLE, openings="m101/-/-/m101")
    screen = await at_position(pilot, app, hand)
    assert isinstance(screen, TableScreen)
    await select_tiles(pilot, screen, tiles)
    slots, selected = list(screen.rack.slots), set(screen.selected)
    events = len(app.session.hand.events)
    await pilot.press("a")
    await pilot.pause()
    assert melds(app) == MELDS, melds(app)
    assert sorted(map(str, app.session.hand.racks[0])) == sorted(RACK.split())
    assert screen.rack.slots == slots
    assert screen.selected == selected
    assert len(app.session.hand.events) == events
    assert not isinstance(app.screen, ChooserScreen)
    return status_text(screen)


@pytest.mark.parametrize(
    ("tiles", "said"),
    [
        # A tile that goes on two melds: the player chooses which, one tile at a time.
        (
            "R9 K5",
            [
                "R9 K5 do not go on one meld together (R9 → 1; K5 → 2, 4)",
                "K5 could go on more than one",
                "nothing was added",
            ],
        ),
        # A tile that goes on no meld.
        ("R9 K9 Y7", ["Y7 does not fit any meld on the table: nothing was added"]),
        # The okey (B8) could go with R9 on meld 1 or with K9 on meld 2: the player says
        # where and as which.
        (
            "R9 K9 B8",
            [
                "do not go on one meld together (R9 → 1; B8★ → 1-4; K9 → 2)",
                "nothing was added",
                "say what it stands for",
            ],
        ),
    ],
)
async def test_tiles_a_cannot_place_each_in_one_meld_keep_the_refusal_and_change_nothing(
    tiles: str, said: list[str]
) -> None:
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        line = await unchanged_after(tiles, pilot, app)
        for words in said:
            assert words in line, line


async def test_at_a_network_table_tiles_for_two_melds_go_on_theirs_in_one_move() -> None:
    """A network table takes the adds as one move (act_all): both melds change at once."""
    from okey_tui.net.client import RemoteTable
    from okey_tui.ui.remote import RemoteApp, Seat
    from tests.net.net_helpers import open_table, shows, until

    server = await open_table(bot_delay=0)
    friend = await RemoteTable.join(server.url, server.code, "Mehmet")  # the lead, seat 0
    app = RemoteApp(Seat(server.url, code=server.code, name="Ayşe"))
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: app.table is not None, "seated")
            await friend.start()
            await until(pilot, lambda: shows(app, TableScreen), "the table screen")
            screen = app.screen
            assert isinstance(screen, TableScreen) and screen.table.seat == 1
            assert server.match is not None
            hand = server.match.hand
            # Ayşe (seat 1) to play, meld 1 her own.
            table = ("1:R10R11R12R13", *TABLE[1:])
            racks = ["K1 K2 K4", RACK, "Y9 Y10 Y11", "B1 B3 B4"]
            hand.restore(position(racks, turn=1, table=table, openings="-/m101/-/m101"))
            server._broadcast_state()  # the seats see the position set up here
            await until(
                pilot,
                lambda: (
                    screen.my_turn and len(screen.view.table) == 4 and screen.rack.count() == 14
                ),
                "the position on the screen",
            )
            await select_tiles(pilot, screen, "R9 K9")
            await pilot.press("a")
            await until(
                pilot,
                lambda: status_text(screen).startswith(
                    "Added R9 to meld 1, K9 to meld 2 · a adds "
                ),
                "the line",
            )
            assert [str(tm.meld) for tm in hand.table] == [
                "R9 R10 R11 R12 R13",
                "K6 K7 K8 K9",
                *MELDS[2:],
            ]
            assert Tile.parse("R9") not in hand.racks[1] and Tile.parse("K9") not in hand.racks[1]
    finally:
        await friend.close()
        await server.close()
