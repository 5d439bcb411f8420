"""With one tile left, the line says its discard ends the hand and how the finish is
doubled: a player who opened 175 points with every tile but one was told only "x
discards the tile under the cursor", and learned of the straight out (×2) on the summary."""

from __future__ import annotations

from ui_helpers import OPENING_SEED, at_position, select_tiles, status_text, table_app

from tests.positions import position

# 144 points in runs of four and a run of three, and Y5 loose (indicator B7: okey B8).
RACK = "R10 R11 R12 R13 Y10 Y11 Y12 Y13 B10 B11 B12 B13 K1 K2 K3 Y5"


async def test_opening_with_all_but_one_tile_says_x_goes_out_straight() -> None:
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_position(pilot, app, position([RACK, "", "", ""], phase="p"))
        await pilot.press("s", "o", "enter")  # every group staged and laid: Y5 is left
        await pilot.pause()
        said = status_text(screen)
        assert said == (
            "You opened with 144 points: x discards Y5, your last tile, and you finish: "
            "straight out (×2)"
        ), said
        await pilot.press("x")
        await pilot.pause()
        outcome = app.session.hand.outcome
        assert outcome is not None and outcome.straight and outcome.multiplier == 2


async def test_an_add_that_leaves_the_okey_says_the_okey_finish() -> None:
    """Opened before: laying off to the last tile, the okey (B8), says the finish with it."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(
            ["K4 B8", "", "", ""], phase="p", table=["2:K5K6K7K8"], openings="m101/-/m101/-"
        )
        screen = await at_position(pilot, app, hand)
        assert "your last tile" not in status_text(screen)
        await select_tiles(pilot, screen, "K4")
        await pilot.press("a")
        await pilot.pause()
        said = status_text(screen)
        assert said == (
            "Added K4 to meld 1 · x discards B8★, your last tile, and you finish: with an okey (×2)"
        ), said


async def test_opened_before_a_plain_finish_says_no_doubling() -> None:
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(["R1 R2 R3 Y5", "", "", ""], phase="p", openings="m101/-/-/-")
        screen = await at_position(pilot, app, hand)
        await select_tiles(pilot, screen, "R1 R2 R3")
        await pilot.press("o", "enter")
        await pilot.pause()
        said = status_text(screen)
        assert said == "You laid down 1 meld: x discards Y5, your last tile, and you finish", said
