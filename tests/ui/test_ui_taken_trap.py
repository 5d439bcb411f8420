"""A tile taken from the left that fits nowhere can be given back (g) only before anything
else is laid; after that only a take-back, +101, lets the turn end. A player who took such
a tile on a yes, then added another tile with a, was caught: the game asks first."""

from __future__ import annotations

from ui_helpers import opened_beside_a_run, select_tiles, status_text, table_app

from okey_tui.ui.screens.dialogs import ConfirmScreen


async def y13_on_offer(pilot, app, rules: str):  # type: ignore[no-untyped-def]
    """As :func:`opened_beside_a_run` with R10 Y1 K4 B4 and Y13 on offer, at a table of
    ``rules`` (its code: ``classic/11+n`` has no penalties, ``+g`` charges for g)."""
    from ui_helpers import at_position

    from tests.positions import position

    hand = position(
        ["R10 Y1 K4 B4", "", "", ""],
        phase="d",
        rules=rules,
        discards=["", "", "", "Y13"],
        table=["2:K5K6K7K8"],
        openings="m101/-/m101/-",
    )
    return await at_position(pilot, app, hand)


async def took_y13_then_added_k4(pilot, screen) -> None:  # type: ignore[no-untyped-def]
    """Y13 taken on a yes, then K4 added on a yes to the question of the trap."""
    await pilot.press("t", "y")
    await pilot.pause()
    await select_tiles(pilot, screen, "K4")
    await pilot.press("a")
    await pilot.pause()
    await pilot.press("y")
    await pilot.pause()


async def test_laying_off_while_a_taken_tile_fits_nowhere_asks_first():
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened_beside_a_run(pilot, app, "R10 Y1 K4 B4", "Y13")
        hand = app.session.hand
        await pilot.press("t")
        assert isinstance(app.screen, ConfirmScreen)  # "Take it anyway?", as before
        assert "costs" not in app.screen.question  # g is free at this table
        await pilot.press("y")
        await pilot.pause()
        assert hand.taken is not None and str(hand.taken.tile) == "Y13"
        await select_tiles(pilot, screen, "K4")
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen), "K4 added with no word of the trap"
        question = app.screen.question
        assert question.startswith("Y13, the tile you took from the left, fits nowhere yet")
        assert "only a take-back (b, +101) lets you discard. Lay this anyway?" in question
        # No: nothing laid, and g still gives the tile back for free.
        await pilot.press("n")
        await pilot.pause()
        assert str(hand.table[0].meld) == "K5 K6 K7 K8" and not hand.laid_this_turn()
        assert status_text(screen) == "Nothing laid: g gives Y13 back"
        await pilot.press("g")
        await pilot.pause()
        assert hand.taken is None and not hand.penalties


async def test_a_yes_lays_it_as_asked():
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened_beside_a_run(pilot, app, "R10 Y1 K4 B4", "Y13")
        hand = app.session.hand
        await took_y13_then_added_k4(pilot, screen)
        assert str(hand.table[0].meld) == "K4 K5 K6 K7 K8"
        # The line says what the turn goes on with (it said "x discards", which x refused).
        assert status_text(screen) == (
            "Added K4 to meld 1 · Y13, taken from the left, fits nowhere: "
            "b takes back what you laid (+101), then g gives it back"
        )


async def test_after_laying_a_meld_the_line_says_the_taken_tile_still_waits():
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened_beside_a_run(pilot, app, "R1 R2 R3 Y1 B4 Y5", "K9")
        hand = app.session.hand
        await pilot.press("t")  # K9 fits the table's K5-K8: no question
        await pilot.pause()
        assert hand.taken is not None
        await select_tiles(pilot, screen, "R1 R2 R3")
        await pilot.press("o", "enter")
        await pilot.pause()
        assert hand.laid_this_turn() and hand.taken is not None
        said = status_text(screen)
        assert said == "You laid down 1 meld · now lay K9, taken from the left", said


async def test_no_question_at_a_table_without_penalties():
    app = table_app(penalties=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await y13_on_offer(pilot, app, "classic/11+n")
        hand = app.session.hand
        await pilot.press("t")
        if isinstance(app.screen, ConfirmScreen):
            await pilot.press("y")
        await pilot.pause()
        await select_tiles(pilot, screen, "K4")
        await pilot.press("a")
        await pilot.pause()
        # A take-back is free here: nothing to warn of.
        assert not isinstance(app.screen, ConfirmScreen)
        assert str(hand.table[0].meld) == "K4 K5 K6 K7 K8"


async def test_g_after_laying_says_what_the_take_back_costs():
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened_beside_a_run(pilot, app, "R10 Y1 K4 B4", "Y13")
        await took_y13_then_added_k4(pilot, screen)
        await pilot.press("g")
        await pilot.pause()
        assert status_text(screen) == (
            "Take back what you laid this turn before giving the tile back · "
            "b takes back what you laid (+101), then g gives it back"
        )
        await pilot.press("x")
        await pilot.pause()
        assert status_text(screen) == (
            "No discard yet: Y13, taken from the left, must be used this turn or given back · "
            "b takes back what you laid (+101), then g gives it back"
        )


async def test_at_a_table_that_charges_for_giving_back_the_question_says_so():
    """Table option give-back penalty: g costs +101 too, and the question said "at no cost"."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await y13_on_offer(pilot, app, "classic/11+g")
        await pilot.press("t")
        await pilot.pause()
        # Asked before the take, the cost of the one way out is said (it was said only
        # on g, after the yes).
        assert isinstance(app.screen, ConfirmScreen)
        take = app.screen.question
        assert "you could only give it back (g)" in take, take
        assert "Giving it back costs +101 at this table (table options)." in take, take
        await pilot.press("y")
        await pilot.pause()
        await select_tiles(pilot, screen, "K4")
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        question = app.screen.question
        assert "g gives it back now (+101 at this table)" in question, question
        assert "at no cost" not in question
        await pilot.press("y")
        await pilot.pause()
        assert status_text(screen).endswith(
            "b takes back what you laid (+101), then g gives it back (+101)"
        ), status_text(screen)


async def test_the_draw_after_a_give_back_goes_where_any_draw_goes():
    """g gives the taken tile back and draws: the drawn tile went to the middle of the
    rack, kept away from the given tile's slot as from a tile that would come back. It is
    gone for good: the draw goes where a draw goes, the lower row's right end."""
    from okey_tui.ui.rack import ROWS

    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await y13_on_offer(pilot, app, "classic/11")
        rack = screen.rack
        await pilot.press("t", "y")
        await pilot.pause()
        last = ROWS * rack.cols - 1  # the lower row's right end
        assert str(rack.slots[last]) == "Y13"  # the taken tile, where a new tile goes
        await pilot.press("g")
        await pilot.pause()
        assert app.session.hand.taken is None
        drawn = sorted(screen.fresh)
        assert drawn == [last], (drawn, rack.slots)
        assert status_text(screen).startswith(f"You gave Y13 back and drew {rack.slots[last]}")
