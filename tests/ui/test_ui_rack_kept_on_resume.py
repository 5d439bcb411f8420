"""A practice table's u (undo of a step on the table) keeps the rack as the player sees it.

After an opening laid and undone with u, the tiles were back in their slots on the screen,
but the match was saved with the rack of before the undo (those tiles still on the table):
quit and resumed, they came back as new tiles, at the end of a row. The same for an add
(a), an okey taken (w) and a take-back (b) undone, and at a hot-seat table. Every check
plays to the position, lays and undoes, leaves the app, and the same save is resumed: the
practice table's checks one after another, the app that resumes one check's save, once it
has shown the rack as it was left, taken to the next check's position.
"""

from __future__ import annotations

from ui_helpers import (
    OPENING_SEED,
    added_after_arranging,
    at_position,
    at_the_table,
    goto,
    select_tiles,
    slot_of,
)

from okey_tui import storage
from okey_tui.engine.tiles import Tile
from okey_tui.settings import TableSettings
from okey_tui.ui.app import make_app
from okey_tui.ui.screens.dialogs import ConfirmScreen
from okey_tui.ui.screens.table import TableScreen
from tests.positions import position

PRACTICE = TableSettings(bots=("easy",) * 3, hands=3, practice=True, tips=False)
HOTSEAT = PRACTICE.with_changes(humans=2, human_names=("Mehmet",), name="Ayşe")


def saved_rack(seat: int = 0) -> list[Tile | None]:
    """The rack of ``seat`` as the save on disk holds it."""
    layouts = storage.list_saves().entries[0].saved.extra["layouts"]
    assert isinstance(layouts, dict)
    slots = layouts[str(seat)]
    assert isinstance(slots, list)
    return [None if t is None else Tile.parse(str(t)) for t in slots]


async def quit_keeping_the_match(pilot) -> None:  # type: ignore[no-untyped-def]
    await pilot.press("q")
    await pilot.pause()
    await pilot.press("y")
    await pilot.pause()


async def resumed_rack(settings: TableSettings) -> tuple[int, list[Tile | None]]:
    """A new app resumes the save: the seat on the screen and its rack's slots."""
    again = make_app(settings=settings, ask=False, bot_delay=0, resume=True)
    async with again.run_test(size=(80, 24)) as pilot:
        screen = await at_the_table(pilot, again)
        return again.session.viewer, list(screen.rack.slots)


async def shown_as_left(pilot, app, left: tuple[int, list[Tile | None]], check) -> None:  # type: ignore[no-untyped-def]
    """``app`` resumed the save ``check`` left: the seat on the screen and its rack's slots
    are ``left``, and the save is the one match on disk."""
    screen = await at_the_table(pilot, app)
    assert len(storage.list_saves().entries) == 1, "one save, resumed and kept"
    resumed = (app.session.viewer, list(screen.rack.slots))
    assert resumed == left, f"resumed after {check.__name__}: {resumed} != {left}"


async def undone_as_arranged(pilot, screen: TableScreen, arranged: list[Tile | None]):  # type: ignore[no-untyped-def]
    """u: the rack is back as the player arranged it, on the screen and in the save; then
    the match is left (seat 0's rack, as left, for the app that resumes it)."""
    await pilot.press("u")
    await pilot.pause()
    assert screen.rack.slots == arranged
    assert saved_rack() == arranged
    await quit_keeping_the_match(pilot)
    return 0, arranged


async def arranged_by_hand(pilot, screen: TableScreen) -> list[Tile | None]:  # type: ignore[no-untyped-def]
    """The rack sorted into groups, then a tile of the lower row moved a slot by hand: an
    arrangement of the player's own, with gaps and groups in both rows."""
    rack = screen.rack
    await pilot.press("s")
    last = max(i for i, t in enumerate(rack.slots) if t is not None)
    await goto(pilot, screen, last)
    await pilot.press("space", "shift+left", "escape")
    await pilot.pause()
    return list(rack.slots)


async def an_opening_undone_is_saved_with_every_tile_in_the_slot_it_left(pilot, app, deal):  # type: ignore[no-untyped-def]
    """From the deal of a new app (the first check)."""
    screen = await at_the_table(pilot, app)
    seat = app.session.viewer
    arranged = await arranged_by_hand(pilot, screen)
    await pilot.press("o", "enter")  # the groups staged, and laid as the opening
    await pilot.pause()
    hand = app.session.hand
    assert hand.openings[seat] is not None
    assert screen.rack.count() < sum(1 for t in arranged if t is not None)
    await pilot.press("u")
    await pilot.pause()
    assert hand.openings[seat] is None
    assert screen.rack.slots == arranged, "back in their slots on the screen"
    assert saved_rack(seat) == arranged, "and so in the save"
    await quit_keeping_the_match(pilot)
    return seat, arranged


async def two_copies_laid_from_both_rows_and_undone_come_back_to_their_own_slots(  # type: ignore[no-untyped-def]
    pilot, app, deal
):
    """The report's case: two copies of B8, one on each row, apart from the groups, each
    laid in a meld of the opening and undone: after the resume each copy is in its own
    slot (the upper one came back at the end of its row)."""
    rack = "B8 B9 B10 B8 R8 Y8 R1 R2 R3 R4 K10 K11 K12 K13 Y9 Y10 Y11 Y12 B1 K5 Y3"
    hand = position([rack, "", "", ""], indicator="K1")
    screen = await at_position(pilot, app, hand)
    assert isinstance(screen, TableScreen)
    await pilot.press("s")
    rack_ = screen.rack
    b8 = Tile.parse("B8")

    def free_near(row: int, col: int) -> int:
        free = [c for c in range(rack_.cols) if rack_.slots[rack_.index(row, c)] is None]
        return min(free, key=lambda c: abs(c - col))

    # By hand: one B8 to the middle of the upper row, the other to the lower row.
    upper_col = free_near(0, 9)
    screen.moved(rack_.move_to([slot_of(screen, b8)], 0, upper_col), "")
    upper = rack_.index(0, upper_col)
    lower_col = free_near(1, 8)
    screen.moved(rack_.move_to([slot_of(screen, b8, avoid={upper})], 1, lower_col), "")
    lower = rack_.index(1, lower_col)
    await pilot.pause()
    arranged = list(rack_.slots)
    assert arranged[upper] == arranged[lower] == b8
    for first, rest in ((upper, "B9 B10"), (lower, "R8 Y8")):
        await goto(pilot, screen, first)
        await pilot.press("space")
        await select_tiles(pilot, screen, rest)
        await pilot.press("o")
    for meld in ("R1 R2 R3 R4", "K10 K11 K12 K13", "Y9 Y10 Y11 Y12"):
        await select_tiles(pilot, screen, meld)
        await pilot.press("o")
    await pilot.press("enter")
    await pilot.pause()
    assert app.session.hand.openings[0] is not None
    assert b8 not in rack_.slots
    await pilot.press("u")
    await pilot.pause()
    assert rack_.slots == arranged
    await quit_keeping_the_match(pilot)
    return 0, arranged


async def an_add_undone_is_saved_with_the_tiles_in_their_slots(pilot, app, deal):  # type: ignore[no-untyped-def]
    hand = position(
        ["K9 K10 K11 R1 R1 B2 B12 Y7 Y3", "", "", ""],
        table=("0:R10R11R12R13", "3:K6K7K8"),
        openings="m101/-/-/m101",
    )
    # K10 moved a slot by hand (the player's own order), then K9 K10 K11 added.
    screen, arranged = await added_after_arranging(pilot, app, hand, "K10", "K9 K10 K11")
    assert str(app.session.hand.table[1].meld) == "K6 K7 K8 K9 K10 K11"
    return await undone_as_arranged(pilot, screen, arranged)


async def an_okey_taken_and_undone_is_saved_with_the_given_tile_in_its_slot(pilot, app, deal):  # type: ignore[no-untyped-def]
    hand = position(
        ["Y12 K1 K2 K3 R5 B9 R11", "", "", ""],
        table=("0:Y11*Y12Y13",),
        openings="m101/-/-/-",
    )
    screen = await at_position(pilot, app, hand)
    assert isinstance(screen, TableScreen)
    await goto(pilot, screen, slot_of(screen, Tile.parse("Y12")))
    await pilot.press("space", "home", "escape")  # Y12 moved by hand
    arranged = list(screen.rack.slots)
    okey = app.session.hand.okey
    await pilot.press("w")
    await pilot.pause()
    assert Tile.parse("Y12") not in screen.rack.slots and okey in screen.rack.slots
    return await undone_as_arranged(pilot, screen, arranged)


async def a_take_back_and_its_undo_are_each_saved_as_the_rack_shows(pilot, app, deal):  # type: ignore[no-untyped-def]
    """b (an engine move) puts the laid tiles back in their slots and the match keeps that;
    u undoing the take-back lays them again, and the match keeps their slots empty."""
    screen = await at_position(pilot, app, deal)
    arranged = await arranged_by_hand(pilot, screen)
    await pilot.press("o", "enter")
    await pilot.pause()
    opened = list(screen.rack.slots)
    await pilot.press("b")
    if isinstance(app.screen, ConfirmScreen):  # a practice table asks first
        await pilot.press("y")
    await pilot.pause()
    assert app.session.hand.openings[0] is None
    assert screen.rack.slots == arranged and saved_rack() == arranged
    await pilot.press("u")  # the take-back undone: the opening on the table again
    await pilot.pause()
    assert app.session.hand.openings[0] is not None
    assert screen.rack.slots == opened
    assert saved_rack() == opened
    await quit_keeping_the_match(pilot)
    return 0, opened


async def test_at_a_practice_table_each_undo_is_saved_as_the_rack_shows_and_resumed_so() -> None:
    """A practice table for one person (seed 125, 80x24), each check left with q y and its
    save resumed by the next app, which shows the rack as it was left before it is put at
    the next check's position (the last save resumed on its own): an opening undone is
    saved with every tile in the slot it left (from the deal); two copies laid from both
    rows and undone come back to their own slots; an add undone, and an okey taken and
    undone, are saved with the tiles in their slots; a take-back and its undo are each
    saved as the rack shows (from the deal)."""
    app = make_app(settings=PRACTICE, ask=False, seed=OPENING_SEED, bot_delay=0)
    left = None
    deal = None
    previous = None
    for check in (
        an_opening_undone_is_saved_with_every_tile_in_the_slot_it_left,
        two_copies_laid_from_both_rows_and_undone_come_back_to_their_own_slots,
        an_add_undone_is_saved_with_the_tiles_in_their_slots,
        an_okey_taken_and_undone_is_saved_with_the_given_tile_in_its_slot,
        a_take_back_and_its_undo_are_each_saved_as_the_rack_shows,
    ):
        async with app.run_test(size=(80, 24)) as pilot:
            if left is None:
                await at_the_table(pilot, app)
                deal = app.session.hand.copy()  # the deal, for the checks made from it
            else:
                await shown_as_left(pilot, app, left, previous)
            left = await check(pilot, app, deal)
            previous = check
        app = make_app(settings=PRACTICE, ask=False, bot_delay=0, resume=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await shown_as_left(pilot, app, left, previous)


async def test_a_hot_seat_opening_undone_is_saved_with_every_tile_in_the_slot_it_left() -> None:
    """The opening laid and undone by Ayşe at a practice table for two at one terminal,
    left with q y and resumed: her rack as she left it, on the screen and so in the save."""
    app = make_app(settings=HOTSEAT, ask=False, seed=OPENING_SEED, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        left = await an_opening_undone_is_saved_with_every_tile_in_the_slot_it_left(
            pilot, app, None
        )
    assert await resumed_rack(HOTSEAT) == left
