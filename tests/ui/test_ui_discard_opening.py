"""Not opened, with an opening in the rack: a discard that takes it away asks first,
saying what is lost (B6 of B4 B5 B6 went without a word, and the opening with it). A
tile the opening does without, or any tile once opened, goes at once."""

from __future__ import annotations

from ui_helpers import at_position, goto, slot_of, status_text, table_app

from okey_tui.engine.tiles import Tile
from okey_tui.ui.screens.dialogs import ConfirmScreen
from tests.positions import position

# 46 + 39 + 15 + 6 = 106 points in runs and sets; R1 and K3 are loose.
RACK = "K10 K11 K12 K13 R13 Y13 B13 B4 B5 B6 Y1 Y2 Y3 R1 K3"


async def press_x_on(pilot, screen, name: str) -> None:  # type: ignore[no-untyped-def]
    await goto(pilot, screen, slot_of(screen, Tile.parse(name)))
    await pilot.press("x")
    await pilot.pause()


async def test_a_discard_that_breaks_the_opening_asks_and_no_keeps_the_rack() -> None:
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_position(pilot, app, position([RACK, "", "", ""]))
        floor = screen.view.melds_floor
        assert floor == 101
        before = list(screen.rack.slots)
        await press_x_on(pilot, screen, "B6")
        asked = app.screen
        assert isinstance(asked, ConfirmScreen), "B6 went without a question"
        assert asked.question == (
            f"B6 is in your opening (106 points): without it 91, below {floor}. Discard it?"
        )
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen
        assert screen.rack.slots == before
        assert not screen.view.discards[0]
        assert "Nothing discarded" in status_text(screen)


async def test_yes_discards_the_tile() -> None:
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_position(pilot, app, position([RACK, "", "", ""]))
        await press_x_on(pilot, screen, "K13")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert Tile.parse("K13") in screen.view.discards[0]


async def test_a_tile_outside_the_opening_goes_without_a_question() -> None:
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_position(pilot, app, position([RACK, "", "", ""]))
        await press_x_on(pilot, screen, "R1")
        assert not isinstance(app.screen, ConfirmScreen)
        assert Tile.parse("R1") in screen.view.discards[0]


async def test_once_opened_no_question() -> None:
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position([RACK, "", "", ""], openings="m101/-/-/-", table=("0:R5R6R7",))
        screen = await at_position(pilot, app, hand)
        await press_x_on(pilot, screen, "B6")
        assert not isinstance(app.screen, ConfirmScreen)
        assert Tile.parse("B6") in screen.view.discards[0]


async def test_a_pairs_opening_lost_is_named_in_pairs() -> None:
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        rack = "R1 R1 Y2 Y2 B3 B3 K4 K4 R9 R9 K12 Y6 B11 R3"
        screen = await at_position(pilot, app, position([rack, "", "", ""]))
        floor = screen.view.pairs_floor
        assert floor == 5
        await press_x_on(pilot, screen, "R9")
        asked = app.screen
        assert isinstance(asked, ConfirmScreen)
        assert asked.question == (
            f"R9 is in your pairs opening (5 pairs): without it 4, below {floor}. Discard it?"
        )


async def test_the_okey_of_the_opening_is_asked_about_once_with_its_penalty() -> None:
    """The okey (B8, the indicator B7) stands for B6 in the opening: x asked whether to
    break the opening, and after yes asked again about the penalty. One question says
    both; yes throws it, the penalty written."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        rack = RACK.replace("B6", "B8")
        screen = await at_position(pilot, app, position([rack, "", "", ""], indicator="B7"))
        assert screen.view.okey == Tile.parse("B8")
        await press_x_on(pilot, screen, "B8")
        asked = app.screen
        assert isinstance(asked, ConfirmScreen)
        assert "+101" in asked.question and "is in your opening (106 points)" in asked.question
        await pilot.press("y")
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmScreen), "a second question"
        assert Tile.parse("B8") in screen.view.discards[0]
        assert any(p.points == 101 and p.seat == 0 for p in app.session.hand.penalties)


async def test_an_opening_let_go_once_is_not_asked_about_again_that_hand() -> None:
    """A player building runs was asked at two discards in three whether to break the
    pairs opening: once they said yes, the pairs opening is theirs to have let go for
    the hand."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        rack = "R1 R1 Y2 Y2 B3 B3 K4 K4 R9 R9 K12 Y6 B11 R3"
        others = ["K5 Y9 B1", "K6 Y10 B2", "K7 Y11 B4"]  # nothing to lay, nobody goes out
        hand = position([rack, *others], middle="K1 K2 K3 Y6")
        screen = await at_position(pilot, app, hand)
        await press_x_on(pilot, screen, "R9")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        played = app.session.hand
        for _ in range(300):  # bounded: the others play, then it is this seat's turn again
            if played.turn == 0 and not played.is_over:
                break
            await pilot.pause(0.01)
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        assert screen.view.rack.count(Tile.parse("Y6")) == 2, screen.view.rack
        await press_x_on(pilot, screen, "R1")  # 5 pairs again, and R1 breaks them
        assert not isinstance(app.screen, ConfirmScreen), app.screen.question  # type: ignore[attr-defined]
        assert Tile.parse("R1") in screen.view.discards[0]


async def test_letting_the_melds_opening_go_still_asks_about_the_pairs_opening() -> None:
    """Having let the runs-and-sets opening go this hand silenced the question about the
    pairs opening as well, though that one was never let go."""
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        rack = "K13 K13 Y13 Y13 B13 B13 R9 R9 K12 K12 R13 R12 R11 Y1"
        screen = await at_position(pilot, app, position([rack, "", "", ""]))
        screen.opening_let_go.add((screen.table.hand_number, 0, "melds"))
        asked = screen.opening_lost_question(Tile.parse("K13"))
        assert asked is not None and asked[1] == "pairs", asked
        assert asked[0].startswith("K13 is in your pairs opening (5 pairs)"), asked
