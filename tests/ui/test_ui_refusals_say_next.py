"""A key refused in the middle of a turn says what the turn goes on with, by its keys."""

from __future__ import annotations

from ui_helpers import (
    at_position,
    opened_beside_a_run,
    status_text,
    table_app,
    wait_for_human,
)

from tests.positions import position


async def test_a_second_draw_says_what_comes_next():
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened_beside_a_run(pilot, app, "R10 Y1 K2 B4", "K9")
        await pilot.press("d", "d")
        said = status_text(screen)
        assert said.startswith("You cannot draw now: you have already drawn or taken a tile")
        assert said.endswith(
            " · lay what you can (o, a), then x discards the tile under the cursor"
        )


async def test_a_discard_while_holding_the_taken_tile_names_the_keys_that_go_on():
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened_beside_a_run(pilot, app, "R10 Y1 K2 B4", "K9")
        await pilot.press("t")
        said = status_text(screen)
        assert said == "You took K9: a adds it to a meld on the table (g gives it back)"
        await pilot.press("x")
        said = status_text(screen)
        assert said.startswith("No discard yet: K9, taken from the left, must be used this turn or")
        assert said.endswith(" · a adds it to a meld, o stages it, g gives it back")
        assert app.session.hand.taken is not None  # nothing changed


async def test_a_left_discard_that_fits_a_run_after_a_tile_of_the_rack_names_that_tile():
    """K10 fits the table's K5-K8 only once the rack's K9 goes on: t asked "K10 fits no meld
    on the table", and the line after the take said only "lay it down this turn"."""
    from okey_tui.ui.screens.dialogs import ConfirmScreen

    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened_beside_a_run(pilot, app, "R10 Y1 K9 B4", "K10")
        await pilot.press("t")
        assert not isinstance(app.screen, ConfirmScreen)
        said = status_text(screen)
        assert said == "You took K10: a adds K9 to meld 1, then K10 (g gives it back)", said
        # a alone does as the line says (it added K9 alone, and a second a was needed).
        await pilot.press("a")
        await pilot.pause()
        assert app.session.hand.taken is None  # laid
        assert str(app.session.hand.table[0].meld) == "K5 K6 K7 K8 K9 K10"


async def test_a_left_discard_that_goes_in_for_an_okey_is_taken_unasked_and_w_named():
    """A player saw K12 on offer, the tile the okey stood for in a run of theirs on the
    table, and t asked "K12 fits no meld on the table ... you could only give it back":
    a swap lays the taken tile as well (rules §8). t now takes it at once, the refused x
    names w, and w gives it for the okey."""
    from okey_tui.ui.screens.dialogs import ConfirmScreen

    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(
            ["R10 Y1 K2 B4 B5", "", "", ""],  # indicator B7: the okey is B8
            phase="d",
            discards=["", "", "", "K12"],
            table=["0:K11*K12K13"],
            openings="m101/-/-/-",
        )
        screen = await at_position(pilot, app, hand)
        await pilot.press("t")
        assert not isinstance(app.screen, ConfirmScreen)
        assert app.session.hand.taken is not None
        said = status_text(screen)
        assert said == "You took K12: w gives it for an okey on the table (g gives it back)"
        await pilot.press("x")
        said = status_text(screen)
        assert said.startswith("No discard yet: K12, taken from the left, must be used this turn")
        assert said.endswith(
            " · w gives it for an okey, a adds it to a meld, o stages it, g gives it back"
        )
        await pilot.press("w")
        assert app.session.hand.taken is None  # laid: the run holds K12 now
        assert str(app.session.hand.table[0].meld) == "K11 K12 K13"


async def test_the_sort_s_line_gives_way_once_the_tiles_are_moved():
    """ "Sorted: 54 points in runs and sets" stayed on the line after the player moved
    tiles about with shift+End: it speaks of the sort, so a move puts the turn's line back."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        screen = app.screen
        await pilot.press("s")
        assert status_text(screen).startswith("Sorted: ")
        slots = list(screen.rack.slots)
        await pilot.press("shift+end")
        assert screen.rack.slots != slots  # a tile moved
        assert not status_text(screen).startswith("Sorted: ")


async def test_before_opening_a_discard_while_holding_the_taken_tile_names_o_not_a():
    """Unopened, the line offered "a adds it to a meld", and a was then refused: only an
    opening can hold the tile."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(
            ["R11 R12 R13 Y11 Y12 Y13 B12 B13", "", "", ""],
            phase="d",
            discards=["", "", "", "B11"],
        )
        screen = await at_position(pilot, app, hand)
        await pilot.press("t")
        await pilot.press("x")
        said = status_text(screen)
        assert said.endswith(" · o stages it in your opening, g gives it back"), said


async def test_a_pairs_opener_is_told_to_lay_pairs_not_to_add():
    """Opened with pairs, at a table where pairs openers lay off nothing, the line after a
    draw said "lay what you can (o, a)": a only ever refused. At a table that lets them
    lay off, it still names a."""
    for lays_off, step in (
        (False, "lay pairs if you can (o), then x discards the tile under the cursor"),
        (True, "lay what you can (o, a), then x discards the tile under the cursor"),
    ):
        app = table_app(pairs_opener_lays_off=lays_off)
        async with app.run_test(size=(120, 40)) as pilot:
            hand = position(
                ["R3 R4 Y8 B12 K1", "", "", ""],
                table=["0:Y13Y13", "0:R2R2", "0:Y2Y2", "0:B2B2", "0:B1B1", "1:K5K6K7"],
                openings="p5/m101/-/-",
                rules="classic/11" + ("+l" if lays_off else ""),
            )
            screen = await at_position(pilot, app, hand)
            await pilot.press("d", "d")  # a second draw: the refusal names the turn's step
            said = status_text(screen)
            assert said.endswith(" · " + step), said
