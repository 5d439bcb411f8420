"""A chooser of table melds picks a meld by its number, as its lines show it: the number
typed picks at once when no other meld's number starts with it, goes to it when one does
(1 among 1 and 12), and says so when no meld offered has it."""

from __future__ import annotations

import pytest
from ui_helpers import OPENING_SEED, at_position, goto, slot_of, table_app

from okey_tui.engine.tiles import Tile
from okey_tui.ui.screens import dialogs
from okey_tui.ui.screens.dialogs import ChooserScreen
from tests.positions import position


def melds(app) -> list[str]:  # type: ignore[no-untyped-def]
    return [str(tm.meld) for tm in app.session.hand.table]


async def r6_on_meld_1_or_12(pilot, app) -> ChooserScreen:  # type: ignore[no-untyped-def,type-arg]
    """The chooser of a with the cursor on R6, which goes on meld 1 (R3 R4 R5) or meld 12
    (Y6 B6 K6), nine runs that take nothing of the rack between them."""
    filler = [f"3:{c}{n}{c}{n + 1}{c}{n + 2}" for c in "YBK" for n in (1, 5, 9)]
    hand = position(
        ["R6 R1 R1 R13 R13", "", "", ""],
        table=["0:R3R4R5", *filler[:9], "3:R9R10R11", "3:Y6B6K6"],
        openings="m101/-/-/m101",
    )
    screen = await at_position(pilot, app, hand)
    await goto(pilot, screen, slot_of(screen, Tile.parse("R6")))
    await pilot.press("a")
    await pilot.pause()
    chooser = app.screen
    assert isinstance(chooser, ChooserScreen)
    return chooser


async def r6_on_meld_1_or_3(pilot, app) -> ChooserScreen:  # type: ignore[no-untyped-def,type-arg]
    """The chooser of a with the cursor on R6, which goes on meld 1 (R3 R4 R5) or meld 3
    (Y6 B6 K6); meld 2 (R8 R9 R10) does not take it."""
    hand = position(
        ["R6 Y1 B2 K4 K9", "", "", ""],
        table=["0:R3R4R5", "3:R8R9R10", "3:Y6B6K6"],
        openings="m101/-/-/m101",
    )
    screen = await at_position(pilot, app, hand)
    await goto(pilot, screen, slot_of(screen, Tile.parse("R6")))
    await pilot.press("a")
    await pilot.pause()
    chooser = app.screen
    assert isinstance(chooser, ChooserScreen)
    return chooser


async def test_a_melds_number_adds_the_tile_there_at_once() -> None:
    """R6 goes on R3 R4 R5 (meld 1) or on Y6 B6 K6 (meld 3): 3 adds it to meld 3."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(
            ["R6 Y1 B2 K4 K9", "", "", ""],
            table=["0:R3R4R5", "3:R8R9R10", "3:Y6B6K6"],
            openings="m101/-/-/m101",
        )
        screen = await at_position(pilot, app, hand)
        await goto(pilot, screen, slot_of(screen, Tile.parse("R6")))
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, ChooserScreen)
        assert app.screen.numbers == [1, 3]
        await pilot.press("3")
        await pilot.pause()
        assert not isinstance(app.screen, ChooserScreen)
        assert melds(app) == ["R3 R4 R5", "R8 R9 R10", "R6 Y6 B6 K6"]


async def test_a_number_no_meld_offered_has_is_said_and_picks_nothing() -> None:
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        chooser = await r6_on_meld_1_or_3(pilot, app)
        await pilot.press("2")  # meld 2 does not take R6
        await pilot.pause()
        assert app.screen is chooser
        keys = str(chooser.query_one("#chooser-keys").render())
        assert "No meld 2 here" in keys, keys
        assert melds(app) == ["R3 R4 R5", "R8 R9 R10", "Y6 B6 K6"]
        await pilot.press("1")
        await pilot.pause()
        assert melds(app) == ["R3 R4 R5 R6", "R8 R9 R10", "Y6 B6 K6"]


async def test_enter_just_after_a_number_no_meld_has_does_not_choose_the_marked_line() -> None:
    """6 (no meld offered) then Enter added R8 to meld 11, the marked line: the Enter was
    meant for 6. It says so, and the next Enter chooses the marked line."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        chooser = await r6_on_meld_1_or_3(pilot, app)
        await pilot.press("2", "enter")
        await pilot.pause()
        assert app.screen is chooser
        keys = str(chooser.query_one("#chooser-keys").render())
        assert "No meld 2 here: Enter again chooses the marked line" in keys, keys
        assert melds(app) == ["R3 R4 R5", "R8 R9 R10", "Y6 B6 K6"]
        await pilot.press("enter")
        await pilot.pause()
        assert melds(app) == ["R3 R4 R5 R6", "R8 R9 R10", "Y6 B6 K6"]


async def test_a_number_another_starts_with_goes_to_it_and_a_second_digit_makes_the_longer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """R6 goes on meld 1 (R3 R4 R5) and meld 12 (Y6 B6 K6): 1 goes to meld 1 and waits; 1
    then 2 at once adds to meld 12."""
    monkeypatch.setattr(dialogs, "CHOOSER_SECOND_DIGIT", 30.0)  # a slow machine types "at once" too
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        chooser = await r6_on_meld_1_or_12(pilot, app)
        assert chooser.numbers == [1, 12]
        await pilot.press("2")  # nothing offered is numbered 2 or 2-something
        await pilot.press("1")
        await pilot.pause()
        assert app.screen is chooser, "1 among 1 and 12 waits for a second digit"
        assert chooser.query_one("#chooser").highlighted == 0
        keys = str(chooser.query_one("#chooser-keys").render())
        assert "1: Enter picks meld 1, a second digit another" in keys, keys
        await pilot.press("2")
        await pilot.pause()
        assert not isinstance(app.screen, ChooserScreen)
        assert melds(app)[11] == "R6 Y6 B6 K6"


async def test_a_meld_offered_twice_the_okey_two_ways_goes_from_one_row_to_the_next() -> None:
    """The okey (R2, the indicator R1) goes on R7-R10 as R6 or as R11: both rows are meld
    1, so 1 picks neither at once; typed again it goes to the other row, Enter adds."""
    okey = Tile.parse("R2")
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(
            ["R2 K9 K10 Y1 Y5 B3", "", "", ""],
            indicator="R1",
            table=["2:R7R8R9R10"],
            openings="m101/-/m101/-",
            rules="classic/11+n",
        )
        screen = await at_position(pilot, app, hand)
        await goto(pilot, screen, slot_of(screen, okey))
        await pilot.press("space", "a")
        await pilot.pause()
        chooser = app.screen
        assert isinstance(chooser, ChooserScreen)
        assert chooser.numbers == [1, 1]
        rows = chooser.query_one("#chooser")
        first = rows.highlighted
        await pilot.press("1")
        await pilot.pause()
        assert app.screen is chooser and rows.highlighted == first
        await pilot.press("1")
        await pilot.pause()
        assert app.screen is chooser and rows.highlighted == 1 - first
        meant = [s.meant for s in chooser.options[1 - first][1] if s.tile == okey][0]
        await pilot.press("enter")
        await pilot.pause()
        laid = app.session.hand.table[0].meld
        assert meant in laid.stands_for, laid


async def test_a_two_digit_number_typed_again_goes_on_to_its_next_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The okey goes on meld 1 (two ways) and meld 12 (two ways): 1 2 goes to meld 12's
    first line; 1 2 again, later, to its second (its 1 went to meld 1 meanwhile, and the
    second 12 was never reached). A "No meld" said goes once an arrow moves on."""
    monkeypatch.setattr(dialogs, "CHOOSER_SECOND_DIGIT", 30.0)
    okey = Tile.parse("B8")
    fours = [f"1:R{n}Y{n}B{n}K{n}" for n in (1, 2, 3, 4, 5, 6, 10, 11, 12, 13)]
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(
            ["B8 K9 Y1 B3", "", "", ""],
            table=["1:Y7Y8Y9", *fours, "1:R7R8R9R10"],
            openings="m101/m101/-/-",
            rules="classic/11+n",
        )
        screen = await at_position(pilot, app, hand)
        await goto(pilot, screen, slot_of(screen, okey))
        await pilot.press("space", "a")
        await pilot.pause()
        chooser = app.screen
        assert isinstance(chooser, ChooserScreen)
        assert chooser.numbers == [1, 1, 12, 12]
        rows = chooser.query_one("#chooser")
        await pilot.press("1", "2")
        await pilot.pause()
        assert rows.highlighted == 2
        chooser._typed = None  # the window of the second digit over: a new number
        await pilot.press("1")
        await pilot.pause()
        assert rows.highlighted == 0
        await pilot.press("2")
        await pilot.pause()
        assert rows.highlighted == 3, "12 again: its second line"
        chooser._typed = None
        await pilot.press("7")
        await pilot.pause()
        keys = chooser.query_one("#chooser-keys")
        assert "No meld 7 here" in str(keys.render())
        await pilot.press("up")
        await pilot.pause()
        assert "No meld 7 here" not in str(keys.render())


async def test_the_wait_for_a_second_digit_ends_on_the_line_too(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ "1: Enter picks meld 1, a second digit another" stayed after the wait was over, and
    a 2 typed later was a number of its own: the line goes back to its usual words."""
    monkeypatch.setattr(dialogs, "CHOOSER_SECOND_DIGIT", 0.1)
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        chooser = await r6_on_meld_1_or_12(pilot, app)
        keys = chooser.query_one("#chooser-keys")
        await pilot.press("1")
        await pilot.pause()
        assert "a second digit another" in str(keys.render())
        await pilot.pause(0.3)
        assert "a second digit another" not in str(keys.render())
        assert "a meld's number: that meld" in str(keys.render())
