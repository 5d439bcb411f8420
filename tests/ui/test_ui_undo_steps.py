"""One key, one undo step (practice tables, where u undoes the turn's steps on the table).

Several tiles selected and `a` adds them all to one meld at once, but u undid that add one
tile at a time: u had to be pressed once a tile, and in between the table showed a meld
with only some of the tiles added. One u now puts the whole add back: the table as it was,
each tile back in the slot it left, the rack otherwise as the player had arranged it.
"""

from __future__ import annotations

from ui_helpers import (
    OPENING_SEED,
    added_after_arranging,
    checks_at_one_table,
    select_tiles,
    status_text,
    table_app,
    wait_for_screen,
)

from okey_tui import i18n
from okey_tui.engine.tiles import Tile
from okey_tui.ui.screens.privacy import PrivacyScreen
from okey_tui.ui.screens.table import TableScreen
from tests.positions import position

RACK = "K9 K10 K11 R1 R1 B2 B12 Y7 Y3"
# Meld 1 the player's own (nothing selected fits it), meld 2 Zeynep's: K9 K10 K11 go on it.
TABLE = ("0:R10R11R12R13", "3:K6K7K8")


def melds(app) -> list[str]:  # type: ignore[no-untyped-def]
    return [str(tm.meld) for tm in app.session.hand.table]


async def arranged_and_added(pilot, app, tiles: str) -> tuple[TableScreen, list[Tile | None]]:  # type: ignore[no-untyped-def]
    """The position above at a practice table, the player's own arrangement of the rack
    (K10 moved a slot to the right by hand), then ``tiles`` selected and added with `a`:
    the screen and the rack's slots as they were just before `a`."""
    hand = position([RACK, "", "", ""], table=TABLE, openings="m101/-/-/m101")
    return await added_after_arranging(pilot, app, hand, "K10", tiles)  # type: ignore[no-any-return]


async def one_u_undoes_a_several_tile_add_and_the_tiles_go_back_to_their_slots(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """At a practice table for one person, and for two at one terminal (hot-seat)."""
    hand = app.session.hand
    screen, arranged = await arranged_and_added(pilot, app, "K9 K10 K11")
    assert melds(app) == ["R10 R11 R12 R13", "K6 K7 K8 K9 K10 K11"], melds(app)
    assert "Added K9 K10 K11 to meld 2" in status_text(screen), status_text(screen)
    events = len(hand.events)
    await pilot.press("u")
    await pilot.pause()
    assert melds(app) == ["R10 R11 R12 R13", "K6 K7 K8"], "the whole add undone at once"
    assert sorted(map(str, hand.racks[0])) == sorted(RACK.split())
    assert screen.rack.slots == arranged, "each tile back in its slot, the rest unmoved"
    assert len(hand.events) < events
    said = status_text(screen)
    assert said == "Undone: adding K9 K10 K11 to meld 2", said
    # The next u goes on to the step before the add (the move by hand), not to a
    # tile of the add left on the table.
    await pilot.press("u")
    await pilot.pause()
    assert "Undone: the move" in status_text(screen), status_text(screen)
    assert melds(app) == ["R10 R11 R12 R13", "K6 K7 K8"]


async def a_one_tile_add_is_still_one_step(pilot, app) -> None:  # type: ignore[no-untyped-def]
    screen, arranged = await arranged_and_added(pilot, app, "K9")
    assert melds(app)[1] == "K6 K7 K8 K9"
    await pilot.press("u")
    await pilot.pause()
    assert melds(app)[1] == "K6 K7 K8"
    assert screen.rack.slots == arranged
    assert status_text(screen) == "Undone: adding K9 to meld 2", status_text(screen)


async def two_adds_are_two_steps_each_undone_whole(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """Two presses of `a` are two steps: u undoes the newer add, then the older one."""
    screen, arranged = await arranged_and_added(pilot, app, "K9 K10")
    between = list(screen.rack.slots)
    await select_tiles(pilot, screen, "K11")
    await pilot.press("a")
    await pilot.pause()
    assert melds(app)[1] == "K6 K7 K8 K9 K10 K11"
    await pilot.press("u")
    await pilot.pause()
    assert melds(app)[1] == "K6 K7 K8 K9 K10"
    assert screen.rack.slots == between
    await pilot.press("u")
    await pilot.pause()
    assert melds(app)[1] == "K6 K7 K8"
    assert screen.rack.slots == arranged
    assert status_text(screen) == "Undone: adding K9 K10 to meld 2", status_text(screen)


async def test_at_one_practice_table_u_undoes_an_add_whole_one_tile_or_several_once_or_twice() -> (
    None
):
    """One practice table for one person (seed 125, 120x40), put at the position above for
    each check: one u undoes a several-tile add and its tiles go back to their slots (the
    next u undoes the move by hand); a one-tile add is still one step; two adds are two
    steps, each undone whole."""
    app = table_app(OPENING_SEED, practice=True, tips=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await checks_at_one_table(
            pilot,
            app,
            one_u_undoes_a_several_tile_add_and_the_tiles_go_back_to_their_slots,
            a_one_tile_add_is_still_one_step,
            two_adds_are_two_steps_each_undone_whole,
        )


async def test_one_u_undoes_a_several_tile_add_at_a_hot_seat_table() -> None:
    """The several-tile add undone with one u, at a practice table for two at one terminal
    (hot-seat): Ayşe takes the terminal for her turn."""
    names = {"humans": 2, "human_names": ("Mehmet",), "name": "Ayşe"}
    app = table_app(OPENING_SEED, practice=True, tips=False, **names)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_screen(pilot, app, PrivacyScreen)
        await pilot.press("enter")
        await wait_for_screen(pilot, app, TableScreen)
        assert app.session.viewer == 0
        await one_u_undoes_a_several_tile_add_and_the_tiles_go_back_to_their_slots(pilot, app)


async def test_the_undone_add_is_said_in_turkish() -> None:
    i18n.set_language("tr")
    try:
        app = table_app(OPENING_SEED, practice=True, tips=False)
        async with app.run_test(size=(120, 40)) as pilot:
            screen, _arranged = await arranged_and_added(pilot, app, "K9 K10 K11")
            await pilot.press("u")
            await pilot.pause()
            said = status_text(screen)
            assert said == "Geri alındı: 2 numaralı pere K9 K10 K11 işlemek", said
    finally:
        i18n.set_language("en")
