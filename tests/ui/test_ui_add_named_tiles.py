"""`a` with nothing selected adds the tiles the line names, asking where one with a choice
goes: a meld is offered only where the tile goes beside the tiles already chosen for it,
and a meld that takes only some of its tiles takes the first (the one pointed at)."""

from __future__ import annotations

from ui_helpers import OPENING_SEED, at_position, goto, slot_of, status_text, table_app

from okey_tui.engine.tiles import Tile
from okey_tui.ui.screens.dialogs import ChooserScreen
from tests.positions import position


def melds(app) -> list[str]:  # type: ignore[no-untyped-def]
    return [str(tm.meld) for tm in app.session.hand.table]


async def test_two_tiles_one_meld_takes_only_one_of_adds_the_one_pointed_at() -> None:
    """Y11 and K11 both go on R11 ★ B11, not together: a (the cursor on Y11) said "Nothing
    added: Y11 K11 do not go on meld 1 together" each time; it adds Y11."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(
            ["Y11 K11 R1 K2 Y5", "", "", ""],
            table=["0:R11*Y11B11"],
            openings="m101/-/-/-",
            rules="classic/11+n",  # no penalties: nothing asked about the okey
        )
        screen = await at_position(pilot, app, hand)
        await goto(pilot, screen, slot_of(screen, Tile.parse("Y11")))
        await pilot.press("a")
        await pilot.pause()
        assert not isinstance(app.screen, ChooserScreen)
        assert status_text(screen).startswith("Added Y11 to meld 1"), status_text(screen)
        assert Tile.parse("K11") in app.session.hand.racks[0]


async def test_a_meld_a_tile_takes_only_after_another_is_not_offered_once_that_went_elsewhere():
    """R6 goes on R3 R4 R5 (meld 1) or the set Y6 B6 K6 (meld 3); R7 on R8 R9 R10 (meld 2),
    or on meld 1 after R6. R6 chosen for meld 3, R7 was still asked about meld 1, and the
    answer lost both: now R7 goes on meld 2 unasked, with R6 and K9, in one move."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(
            ["R6 R7 K9 Y1 B2", "", "", ""],
            table=["0:R3R4R5", "3:R8R9R10", "3:Y6B6K6", "3:K10K11K12"],
            openings="m101/-/-/m101",
        )
        screen = await at_position(pilot, app, hand)
        await goto(pilot, screen, slot_of(screen, Tile.parse("Y1")))
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, ChooserScreen)
        assert app.screen.title_text == "Add R6 to which meld?"
        await pilot.press("down", "enter")  # meld 3, the set
        await pilot.pause()
        assert not isinstance(app.screen, ChooserScreen), "R7 has one meld left: not asked"
        assert melds(app) == ["R3 R4 R5", "R7 R8 R9 R10", "R6 Y6 B6 K6", "K9 K10 K11 K12"]
        said = status_text(screen)
        assert said.startswith("Added R7 to meld 2, R6 to meld 3, K9 to meld 4"), said


async def test_an_okey_taken_off_the_table_goes_on_by_itself_not_along_with_the_tile_pointed_at():
    """After w the okey taken off the table is due this turn, and the line names it among
    the tiles that fit: a with the cursor on B13 added it too, as B6 at the run's other end
    (where a B6 could take it), asking nothing. Now a adds B13, and the okey waits for its
    own a, asked where and as what."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(
            ["R8 B13 Y1 K2 K3", "", "", ""],
            table=["3:R7*R8R9", "0:B9B10B11B12"],
            openings="m101/-/-/m101",
        )
        screen = await at_position(pilot, app, hand)
        await goto(pilot, screen, slot_of(screen, Tile.parse("R8")))
        await pilot.press("w")
        await pilot.pause()
        okey = app.session.hand.okey
        assert okey in app.session.hand.racks[0], "the okey came to the rack"
        await goto(pilot, screen, slot_of(screen, Tile.parse("B13")))
        await pilot.press("a")
        await pilot.pause()
        assert not isinstance(app.screen, ChooserScreen)
        assert melds(app)[1].endswith("B12 B13"), melds(app)
        assert okey in app.session.hand.racks[0], "the okey is not laid unasked"


async def test_a_that_would_leave_no_discard_is_refused_before_any_question() -> None:
    """R6 and K9, the whole rack, each fit two melds: a asked where each goes, then said
    "You must keep one tile in hand to discard". Said at once now, nothing asked."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(
            ["R6 K9", "", "", ""],
            table=["0:R3R4R5", "3:Y6B6K6", "3:K10K11K12", "0:K6K7K8"],
            openings="m101/-/-/m101",
        )
        screen = await at_position(pilot, app, hand)
        # The line does not offer an a it would refuse ("a adds R6 K9 to melds").
        screen.set_status(screen.turn_hint())
        said = status_text(screen)
        assert "each of K9 R6 fits a meld on the table: add all but the one to discard" in said
        assert "a adds R6 K9" not in said, said
        await goto(pilot, screen, slot_of(screen, Tile.parse("R6")))
        await pilot.press("a")
        await pilot.pause()
        assert not isinstance(app.screen, ChooserScreen)
        said = status_text(screen)
        assert said.startswith("You must keep one tile in hand to discard"), said
        assert melds(app) == ["R3 R4 R5", "Y6 B6 K6", "K10 K11 K12", "K6 K7 K8"]
