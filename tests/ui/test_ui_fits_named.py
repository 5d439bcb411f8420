"""Rules §9, adding to the table: when the tile under the cursor goes on no meld, or the
player has just laid melds down, the line names the rack's tiles that a table meld takes.

Found playing at 80x24: after opening and laying B4 B5 B6, the line said "a adds a tile
that fits a table meld", the cursor was on R2, and a answered "R2 does not fit any meld on
the table", naming neither B8 (which fitted meld 17) nor what to do."""

from __future__ import annotations

import pytest
from ui_helpers import (
    OPENING_SEED,
    at_position,
    goto,
    select_tiles,
    slot_of,
    status_text,
    table_app,
)

from okey_tui.engine.tiles import Tile
from tests.positions import position

# The player (seat 0) has opened; meld 1 their run, meld 2 Zeynep's (seat 3).
TABLE = ("0:B5B6B7", "3:R8R9R10")


async def test_a_on_a_tile_that_fits_nowhere_names_the_one_that_fits() -> None:
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        hand = position(["R2 B4 K4 K4 Y1", "", "", ""], table=TABLE, openings="m101/-/-/m101")
        screen = await at_position(pilot, app, hand)
        await goto(pilot, screen, slot_of(screen, Tile.parse("R2")))
        await pilot.press("a")
        said = status_text(screen)
        assert said == (
            "R2 does not fit any meld on the table; B4 does: put the cursor on it, then a"
        ), said
        assert len(app.session.hand.racks[0]) == 5  # nothing was added
        await goto(pilot, screen, slot_of(screen, Tile.parse("B4")))
        await pilot.press("a")
        assert [str(tm.meld) for tm in app.session.hand.table][0] == "B4 B5 B6 B7"
        assert status_text(screen) == "Added B4 to meld 1"  # nothing else goes on the table


async def test_two_tiles_that_fit_are_both_named_each_once_and_no_okey() -> None:
    """R11 fits Zeynep's run, both B8s the player's; the okey, which goes anywhere, is
    never named as a lay-off (an okey laid off is one to lose)."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        # Indicator K12: the okey is K13, which would fit nowhere but goes anywhere.
        hand = position(
            ["R2 B8 B8 R11 K13", "", "", ""],
            indicator="K12",
            table=TABLE,
            openings="m101/-/-/m101",
        )
        screen = await at_position(pilot, app, hand)
        await goto(pilot, screen, slot_of(screen, Tile.parse("R2")))
        await pilot.press("a")
        said = status_text(screen)
        assert said.startswith("R2 does not fit any meld on the table; "), said
        named = said.split("; ", 1)[1]
        assert named.endswith(" do: put the cursor on one, then a"), said
        tiles = named.removesuffix(" do: put the cursor on one, then a")
        assert sorted(tiles.replace(" and ", " ").replace(",", " ").split()) == ["B8", "R11"]
        assert "★" not in said and "K13" not in said, said


@pytest.mark.parametrize(
    ("rack", "table", "said"),
    [
        (
            "K1 K2 K3 B4 R2",
            TABLE,
            "You laid down 1 meld: a adds B4 to a meld on the table, then x discards",
        ),
        # Nothing left that goes on the table: only the discard.
        ("K1 K2 K3 Y4 R2", TABLE, "You laid down 1 meld: x discards the tile under the cursor"),
        # R12 in hand and Zeynep's okey standing for R12: the line said only "x discards
        # the tile under the cursor", the swap (w) left for the player to find.
        (
            "K1 K2 K3 R12 Y5",
            ("0:B5B6B7", "3:R11*R12R13"),
            "You laid down 1 meld: w gives R12 for the okey in meld 2, then x discards",
        ),
    ],
    ids=["a tile a meld takes", "nothing", "an okey a tile takes"],
)
async def test_the_line_after_laying_down_names_what_goes_on_the_table(
    rack: str, table: tuple[str, ...], said: str
) -> None:
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        hand = position([rack, "", "", ""], table=table, openings="m101/-/-/m101")
        screen = await at_position(pilot, app, hand)
        await select_tiles(pilot, screen, "K1 K2 K3")
        await pilot.press("o", "enter")
        await pilot.pause()
        assert status_text(screen) == said


async def test_the_turns_step_names_the_tile_a_adds() -> None:
    """Drawn and opened, the step said "lay what you can (o, a)": which tile, it did not say
    (a refused second draw repeats the step, as the line after the draw says it)."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        hand = position(["R2 B4 K4 K4 Y1", "", "", ""], table=TABLE, openings="m101/-/-/m101")
        screen = await at_position(pilot, app, hand)
        await pilot.press("d")
        said = status_text(screen)
        assert said.endswith(" · a adds B4 to a meld on the table, then x discards"), said


async def test_an_okey_owed_to_the_table_is_named_as_the_tile_that_fits() -> None:
    """Swapped off the table, the okey must go back this turn: a on another tile said only
    "K8 does not fit any meld on the table"."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        hand = position(
            ["K8 R12 Y5 Y1", "", "", ""],
            table=("0:B5B6B7", "3:R11*R12R13"),
            openings="m101/-/-/m101",
        )
        screen = await at_position(pilot, app, hand)
        await goto(pilot, screen, slot_of(screen, Tile.parse("R12")))
        await pilot.press("w")
        assert app.session.hand.racks[0].count(Tile.parse("B8")) == 1  # the okey, owed
        await goto(pilot, screen, slot_of(screen, Tile.parse("K8")))
        await pilot.press("a")
        said = status_text(screen)
        assert said == (
            "K8 does not fit any meld on the table; B8★ does: put the cursor on it, then a"
        ), said
