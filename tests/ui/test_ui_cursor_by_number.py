"""A digit puts the cursor on the next tile of that number: steering over 21 tiles with the
arrows to the one to discard was most of a turn's keys. 1 then 0 to 3 typed at once goes
to 10 to 13; the false okey counts as the number it plays as; with none on the rack the
line says so and the cursor stays."""

from __future__ import annotations

from ui_helpers import OPENING_SEED, at_position, goto, status_text, table_app

from okey_tui.engine.tiles import Tile
from okey_tui.ui.screens import table as table_module
from tests.positions import position

# The okey is B8 (indicator B7): the false okey plays as B8.
RACK = "R7 Y3 K7 B12 R1 F Y11 K2"


def under(screen) -> str:  # type: ignore[no-untyped-def]
    return str(screen.rack.slots[screen.cursor])


async def test_digits_put_the_cursor_on_the_next_tile_of_that_number(monkeypatch) -> None:
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_position(pilot, app, position([RACK, "", "", ""]))
        await goto(pilot, screen, next(i for i, t in enumerate(screen.rack.slots) if t))
        slots_before = list(screen.rack.slots)
        sevens = []
        for _ in range(3):
            await pilot.press("7")
            sevens.append(under(screen))
        assert sevens[0] in ("R7", "K7") and sevens[1] != sevens[0] and sevens[2] == sevens[0]
        await pilot.press("8")
        assert screen.rack.slots[screen.cursor] == Tile.parse("F")  # plays as B8
        # 1 then 2 at once: the 12; slowly, a 1 and then a 2.
        await pilot.press("1", "2")
        assert under(screen) == "B12"
        monkeypatch.setattr(table_module, "SECOND_DIGIT", -1.0)
        await pilot.press("1")
        assert under(screen) == "R1"
        await pilot.press("2")
        assert under(screen) == "K2"
        await pilot.press("5")
        assert "No tile numbered 5 on your rack" in status_text(screen)
        assert under(screen) == "K2"
        assert screen.rack.slots == slots_before  # only the cursor moved


async def test_a_one_is_said_missing_only_once_no_second_digit_comes(monkeypatch) -> None:
    """With no 1 on the rack, "1 2" went to the 12 after flashing "No tile numbered 1"; and
    "1 1" with no 11 is a 1 again, not "No tile numbered 11"."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_position(pilot, app, position(["Y3 B12 K2 R1", "", "", ""]))
        await pilot.press("1", "1")
        assert under(screen) == "R1" and "No tile" not in status_text(screen)
        screen = await at_position(pilot, app, position(["Y3 B12 K2", "", "", ""]))
        await pilot.press("1", "2")
        await pilot.pause(0.2)
        assert under(screen) == "B12" and "No tile" not in status_text(screen)
        monkeypatch.setattr(table_module, "SECOND_DIGIT", 0.05)
        await pilot.press("1")
        await pilot.pause(0.2)
        assert "No tile numbered 1 on your rack" in status_text(screen)


async def test_a_one_typed_then_another_key_is_not_said_missing_over_that_keys_line(
    monkeypatch,
) -> None:  # type: ignore[no-untyped-def]
    """With no 1 on the rack, 1 then d (or any key) drew, and the second-digit wait later
    wrote "No tile numbered 1" over the draw's line, false if a 1 was drawn."""
    monkeypatch.setattr(table_module, "SECOND_DIGIT", 0.2)
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_position(
            pilot, app, position(["Y3 B12 K2", "", "", ""], phase="d", middle="R1 R5 R6")
        )
        await pilot.press("1", "d")
        await pilot.pause(0.5)
        said = status_text(screen)
        assert "No tile numbered" not in said, said
        assert len(screen.rack.tiles()) == 4  # drawn


async def test_another_key_between_two_ones_ends_the_first_number() -> None:
    """Stepping through the 1s with space between (1 space 1 space), the second 1 was read
    with the first as 11 and went to Y11: any other key ends the number typed."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_position(pilot, app, position(["R1 Y11 B1 K1 Y3", "", "", ""]))
        await pilot.press("1", "space", "1")
        assert under(screen) != "Y11" and under(screen).endswith("1"), under(screen)
        assert len([i for i in screen.selected if str(screen.rack.slots[i]) != "Y11"]) == 1


async def test_slash_at_a_table_of_bots_says_what_it_is_for() -> None:
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_position(pilot, app, position(["R1 Y11 B1 K1 Y3", "", "", ""]))
        await pilot.press("slash")
        said = status_text(screen)
        assert said.startswith("/ says a line to the table at a table with friends"), said
