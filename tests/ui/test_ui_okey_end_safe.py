"""The okey at the end of a run stands for the tile its place needs, as on a real rack, and
the sort puts it at the end nobody else can swap it from.

`s o Enter` opened with R3 R4 ★ as R3 R4 R5 while both R2 were in sight and an R5 was not:
the lay-down box warned that a player holding R5 could take the okey (+101), and the only
way round was to read the group the other way, which o did not do (it read every group at
its highest value, wherever the okey stood)."""

from __future__ import annotations

from ui_helpers import at_position, slot_of, status_text, table_app

from okey_tui.engine.tiles import Tile
from okey_tui.engine.view import exposed_okeys
from tests.positions import position

OKEY = Tile.parse("B8")  # the indicator is B7
R3, R4, R5 = (Tile.parse(name) for name in ("R3", "R4", "R5"))


def an_opening_with_the_okey_beside_r3_r4():  # type: ignore[no-untyped-def]
    """Seat 0, to lay down: 36 + 36 + 30 in two runs and a set, and R3 R4 with the okey
    (+12 as R3 R4 R5, +9 as R2 R3 R4); both R2 in the piles, no R5 in sight."""
    return position(
        ["K11 K12 K13 Y11 Y12 Y13 R10 Y10 K10 R3 R4 B8 K1 K5", "", "", ""],
        phase="p",
        discards=("R2", "", "R2", ""),
    )


def okey_group(screen) -> list[Tile]:  # type: ignore[no-untyped-def]
    """The tiles of the rack's group that holds R3, in their slots' order."""
    rack = screen.rack
    return [t for i in rack.group_at(slot_of(screen, R3)) if (t := rack.slots[i]) is not None]


def label_of_okey_group(screen) -> str:  # type: ignore[no-untyped-def]
    rack = screen.rack
    start = rack.group_at(slot_of(screen, R3))[0]
    return screen.rack_widget.labels()[start][0]


async def test_the_sort_puts_the_okey_where_nobody_can_swap_it_and_o_lays_it_there() -> None:
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_position(pilot, app, an_opening_with_the_okey_beside_r3_r4())
        await pilot.press("s")
        assert okey_group(screen) == [OKEY, R3, R4]
        assert label_of_okey_group(screen) == "run 9"
        said = status_text(screen)
        assert "111 points in runs and sets" in said, said
        assert "the okey as R2, where nobody can swap it out" in said, said
        await pilot.press("o")
        assert exposed_okeys(screen.view, screen.staging.melds) == []
        await pilot.press("enter")
        await pilot.pause()
        hand = app.session.hand
        assert hand.openings[0] is not None and hand.openings[0].value == 111
        laid = next(tm.meld for tm in hand.table if R3 in tm.meld.tiles)
        assert [str(t) for t in laid.stands_for] == ["R2", "R3", "R4"]


async def test_the_okey_moved_to_the_other_end_stands_for_that_ends_tile() -> None:
    """After the sort, the player slides the okey past R3 R4: the group reads R3 R4 R5
    (run 12) and o stages it so, the box warning of the R5 that could take it."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_position(pilot, app, an_opening_with_the_okey_beside_r3_r4())
        await pilot.press("s")
        screen.cursor = slot_of(screen, OKEY)
        await pilot.press("space", "shift+right", "shift+right", "escape")
        assert okey_group(screen) == [R3, R4, OKEY]
        assert label_of_okey_group(screen) == "run 12"
        await pilot.press("o")
        assert [
            str(meant) for meant, _tiles in exposed_okeys(screen.view, screen.staging.melds)
        ] == ["R5"]
        staged = next(m for m in screen.staging.melds if R3 in m.tiles)
        assert [str(t) for t in staged.stands_for] == ["R3", "R4", "R5"]


async def test_the_reading_chooser_says_which_reading_can_be_swapped_and_opens_on_the_racks() -> (
    None
):
    """m o on the group ★ R3 R4: "Which reading?" lists R3 R4 ★R5 (12) first, with the
    +101 a player holding R5 could cost, and opens on R2 R3 R4 (9), as the rack shows it."""
    from textual.widgets import OptionList

    from okey_tui.ui.screens.dialogs import ChooserScreen

    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_position(pilot, app, an_opening_with_the_okey_beside_r3_r4())
        await pilot.press("s")
        screen.cursor = slot_of(screen, R3)
        await pilot.press("m", "o")
        await pilot.pause()
        chooser = app.screen
        assert isinstance(chooser, ChooserScreen), type(chooser)
        rows = [(str(label), meld) for label, meld in chooser.options]
        assert [[str(t) for t in meld.stands_for] for _label, meld in rows] == [
            ["R3", "R4", "R5"],
            ["R2", "R3", "R4"],
        ]
        assert "+101 to you if a player holding R5 takes it" in rows[0][0]
        assert "+101" not in rows[1][0]
        assert chooser.query_one(OptionList).highlighted == 1
        await pilot.press("enter")
        await pilot.pause()
        staged = next(m for m in screen.staging.melds if R3 in m.tiles)
        assert [str(t) for t in staged.stands_for] == ["R2", "R3", "R4"]


def test_the_hints_best_opening_reads_the_okey_as_the_sort_puts_it() -> None:
    """The practice panel's "Best opening on your rack" showed R3 R4 ★R5 and 114 where the
    sorted rack read ★R2 R3 R4 and 111: it shows what s and o lay."""
    from okey_tui.engine.view import PlayerView
    from okey_tui.practice import hint_for

    hint = hint_for(PlayerView.of(an_opening_with_the_okey_beside_r3_r4(), 0))
    assert hint.check is not None
    run = next(m for m in hint.check.melds.melds if R3 in m.tiles)
    assert [str(t) for t in run.stands_for] == ["R2", "R3", "R4"]
    assert hint.opening_line() == "111 / 101: enough to open"


async def test_melds_staged_already_count_towards_the_floor_the_sort_keeps() -> None:
    """The other three melds staged first (102 points), then s: R3 R4 and the okey alone
    are far from the floor, but with what is staged the opening reaches it either way, and
    the okey goes where nobody can swap it."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_position(pilot, app, an_opening_with_the_okey_beside_r3_r4())
        await pilot.press("s")
        for name in ("K11", "Y11", "R10"):
            screen.cursor = slot_of(screen, Tile.parse(name))
            await pilot.press("m", "o")
        assert sum(m.value for m in screen.staging.melds) == 102
        await pilot.press("s")
        assert okey_group(screen) == [OKEY, R3, R4]


async def test_the_sort_shortens_a_run_whose_okey_fills_a_gap_anyone_could_swap() -> None:
    """R3 R4 ★ R6 R7 R8 sorted as one run of 33, the okey an R5 a player holding one could
    take (+101), while both R9 were in sight: R6 R7 R8 ★ read as R9 opens too (112 with
    the other runs, not 115) and nobody can swap it. The sort gives up R3 R4 for it; the
    okey's own run stays whole where no part is safer, and below the floor it stays."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(
            ["R3 R4 B8 R6 R7 R8 Y10 Y11 Y12 Y13 K11 K12 K13 K2 Y5 B1", "", "", ""],
            phase="p",
            discards=("R9", "", "R9", ""),
        )
        screen = await at_position(pilot, app, hand)
        await pilot.press("s")
        said = status_text(screen)
        assert "112 points in runs and sets" in said, said
        assert "the okey as R9, where nobody can swap it out, R3 R4 left out of its run" in said, (
            said
        )
        rack = screen.rack
        group = [t for i in rack.group_at(slot_of(screen, OKEY)) if (t := rack.slots[i])]
        assert [str(t) for t in group] == ["R6", "R7", "R8", "B8"], group
        assert rack.group_at(slot_of(screen, R3)) != rack.group_at(slot_of(screen, OKEY))
        await pilot.press("o")
        assert exposed_okeys(screen.view, screen.staging.melds) == []
        assert sum(m.value for m in screen.staging.melds) == 112
        await pilot.press("escape")
        # With no R9 in sight no part of the run is safer: it stays whole (115).
        hand = position(
            ["R3 R4 B8 R6 R7 R8 Y10 Y11 Y12 Y13 K11 K12 K13 K2 Y5 B1", "", "", ""], phase="p"
        )
        screen = await at_position(pilot, app, hand)
        await pilot.press("s")
        assert "115 points in runs and sets" in status_text(screen), status_text(screen)


async def test_the_sort_moves_an_exposed_okey_to_a_run_where_nobody_can_swap_it() -> None:
    """★ Y11 Y12 Y13 (the okey a Y10 anyone holding one could take) sorted so though
    R6 R7 R8 ★, the okey read as R9 with both R9 in sight, was safe and still opened (122,
    not 123): the sort moves the okey there, Y11 Y12 Y13 staying a run."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(
            ["R1 R2 R3 R4 B8 R6 R7 R8 Y11 Y12 Y13 K10 K11 K12 K13 K2 Y5 B1", "", "", ""],
            phase="p",
            discards=("R9", "", "R9", ""),
        )
        screen = await at_position(pilot, app, hand)
        await pilot.press("s")
        said = status_text(screen)
        assert "122 points in runs and sets" in said, said
        assert "the okey as R9, where nobody can swap it out" in said, said
        rack = screen.rack
        group = [t for i in rack.group_at(slot_of(screen, OKEY)) if (t := rack.slots[i])]
        assert [str(t) for t in group] == ["R6", "R7", "R8", "B8"], group
        await pilot.press("o")
        assert exposed_okeys(screen.view, screen.staging.melds) == []
