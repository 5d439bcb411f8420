"""Rules §9, adding to the table: when the player has just laid melds down, or drawn, the
line names the rack's tiles that a table meld takes ("a adds B4 to a meld on the table"),
and a does what it says: with nothing selected, a adds the tiles the line names, the
cursor on one of them or not.

Found playing at 80x24: after opening and laying B4 B5 B6, the line said "a adds a tile
that fits a table meld", the cursor was on R2, and a answered "R2 does not fit any meld on
the table", naming neither B8 (which fitted meld 17) nor what to do. Later the line said
"a adds R3 R6 to melds on the table", and a (the cursor on Y6) only said where they went."""

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
from okey_tui.ui.screens.dialogs import ChooserScreen
from tests.positions import position

# The player (seat 0) has opened; meld 1 their run, meld 2 Zeynep's (seat 3).
TABLE = ("0:B5B6B7", "3:R8R9R10")


async def test_a_on_a_tile_that_fits_nowhere_adds_the_one_that_fits() -> None:
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        hand = position(["R2 B4 K4 K4 Y1", "", "", ""], table=TABLE, openings="m101/-/-/m101")
        screen = await at_position(pilot, app, hand)
        await pilot.press("d")  # drawn already: the line repeats the turn's step
        assert status_text(screen).endswith("a adds B4 to a meld on the table, then x discards")
        await goto(pilot, screen, slot_of(screen, Tile.parse("R2")))
        await pilot.press("a")
        assert [str(tm.meld) for tm in app.session.hand.table][0] == "B4 B5 B6 B7"
        assert status_text(screen) == "Added B4 to meld 1"  # nothing else goes on the table
        assert len(app.session.hand.racks[0]) == 4  # R2 stays
        assert Tile.parse("R2") in app.session.hand.racks[0]
        await pilot.press("a")  # nothing fits now: a says so, and nothing moves
        # Nothing selected, a adds every tile that fits: it says none does, not R2 alone.
        said = "R2 does not fit any meld on the table, nor does any other tile"
        assert status_text(screen) == said
        await pilot.press("space", "a")  # R2 chosen: of R2 alone
        assert status_text(screen) == "R2 does not fit any meld on the table"
        assert len(app.session.hand.racks[0]) == 4


async def test_a_selected_tile_that_fits_nowhere_adds_nothing() -> None:
    """A selection is the player's choice: a adds it or says why not, never other tiles."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        hand = position(["R2 B4 K4 K4 Y1", "", "", ""], table=TABLE, openings="m101/-/-/m101")
        screen = await at_position(pilot, app, hand)
        await select_tiles(pilot, screen, "R2")
        await pilot.press("a")
        said = status_text(screen)
        assert said.startswith("R2 does not fit any meld on the table; B4 does"), said
        assert len(app.session.hand.racks[0]) == 5  # nothing was added
        assert [str(tm.meld) for tm in app.session.hand.table][0] == "B5 B6 B7"
        # What to do, as it works: the cursor moved to B4, a added nothing, R2 selected.
        assert said.endswith("Esc clears the selection, then a adds it"), said
        await pilot.press("escape", "a")
        assert [str(tm.meld) for tm in app.session.hand.table][0] == "B4 B5 B6 B7"


async def test_a_question_does_not_stand_over_the_refusal_of_a_move_before_it() -> None:
    """A touch-drag that missed said "R13 stays in its slot…"; the next, onto the pile,
    asked "Discard it anyway?" with that line still under the question, read as its
    reason. The line goes back to the turn's words as the question is asked."""
    from okey_tui.ui.screens.dialogs import ConfirmScreen

    app = table_app(OPENING_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        hand = position(["R2 B4 K4 K4 Y1", "", "", ""], table=TABLE, openings="m101/-/-/m101")
        screen = await at_position(pilot, app, hand)
        await goto(pilot, screen, slot_of(screen, Tile.parse("B4")))
        await pilot.press("w")  # no okey to take: a refusal on the line, the cursor kept
        refused = status_text(screen)
        assert refused == "No okey on the table stands for a tile you hold", refused
        await pilot.press("x")  # B4 fits meld 1: asked first
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert status_text(screen) == screen.turn_hint() != refused


async def test_a_adds_each_tile_that_fits_once_and_no_okey() -> None:
    """R11 fits Zeynep's run, both B8s the player's; the okey, which goes anywhere, is
    never named as a lay-off (an okey laid off is one to lose), nor added by a."""
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
        await pilot.press("d")  # drawn already: the line repeats the turn's step
        said = status_text(screen)
        assert "B8" in said and "R11" in said, said
        assert "★" not in said and "K13" not in said, said
        await goto(pilot, screen, slot_of(screen, Tile.parse("R2")))
        await pilot.press("a")
        assert [str(tm.meld) for tm in app.session.hand.table] == ["B5 B6 B7 B8", "R8 R9 R10 R11"]
        assert status_text(screen) == "Added B8 to meld 1, R11 to meld 2"
        rack = app.session.hand.racks[0]
        assert rack.count(Tile.parse("B8")) == 1 and Tile.parse("K13") in rack


async def test_a_on_a_tile_that_fits_adds_every_tile_the_line_names() -> None:
    """The line said "a adds R11 B4 to melds on the table" and, the cursor on R11, a added
    R11 alone: a second a was needed. Nothing selected, a adds them all; a selected tile
    alone is added alone."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(["R2 B4 R11 Y1", "", "", ""], table=TABLE, openings="m101/-/-/m101")
        screen = await at_position(pilot, app, hand)
        await pilot.press("d")  # drawn already: the line repeats the turn's step
        assert "a adds R11 B4 to melds on the table" in status_text(screen)
        await goto(pilot, screen, slot_of(screen, Tile.parse("R11")))
        await pilot.press("a")
        assert [str(tm.meld) for tm in app.session.hand.table] == ["B4 B5 B6 B7", "R8 R9 R10 R11"]
        assert sorted(map(str, app.session.hand.racks[0])) == ["R2", "Y1"]
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(["R2 B4 R11 Y1", "", "", ""], table=TABLE, openings="m101/-/-/m101")
        screen = await at_position(pilot, app, hand)
        await select_tiles(pilot, screen, "R11")
        await pilot.press("a")
        assert [str(tm.meld) for tm in app.session.hand.table] == ["B5 B6 B7", "R8 R9 R10 R11"]
        assert status_text(screen).startswith("Added R11 to meld 2 · a adds B4")


async def a_with_r6_and_k8_named(pilot, app):  # type: ignore[no-untyped-def]
    """R6 (meld 1 or 2) and K8 (meld 3) named by the line, the cursor on Y1, a pressed."""
    hand = position(
        ["Y1 R6 K8 K1", "", "", ""],
        table=("0:R3R4R5", "3:Y6B6K6", "3:K5K6K7"),
        openings="m101/-/-/m101",
    )
    screen = await at_position(pilot, app, hand)
    await goto(pilot, screen, slot_of(screen, Tile.parse("Y1")))
    await pilot.press("a")
    await pilot.pause()
    return screen


async def test_a_asks_where_a_tile_with_a_choice_goes_then_adds_the_rest() -> None:
    """R6 goes on the run R3 R4 R5 or the set Y6 B6 K6, K8 only on K5 K6 K7: a (the cursor
    on Y1) asks where R6 goes, and adds R6 and K8 together, as the line promised ("a adds
    R6 K8": a added R6 alone, and a second a was needed for K8)."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await a_with_r6_and_k8_named(pilot, app)
        assert isinstance(app.screen, ChooserScreen)
        # The tile asked about is named: the line had named two.
        assert app.screen.title_text == "Add R6 to which meld?", app.screen.title_text
        await pilot.press("enter")
        await pilot.pause()
        said = status_text(screen)
        assert said == "Added R6 to meld 1, K8 to meld 3", said
        assert sorted(map(str, app.session.hand.racks[0])) == ["K1", "Y1"]
        # Esc on the question adds nothing.
        screen = await a_with_r6_and_k8_named(pilot, app)
        assert isinstance(app.screen, ChooserScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert len(app.session.hand.racks[0]) == 4
        assert [len(tm.meld.tiles) for tm in app.session.hand.table] == [3, 3, 3]


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


async def test_an_okey_owed_to_the_table_is_the_tile_a_adds() -> None:
    """Swapped off the table, the okey must go back this turn: a on another tile said only
    "K8 does not fit any meld on the table"; it now asks where the okey goes."""
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
        await pilot.pause()
        assert isinstance(app.screen, ChooserScreen)  # which meld, the okey as which tile
        title = app.screen.title_text
        assert title == "Add B8★ to which meld, the okey as which tile?", title
        await pilot.press("enter")
        await pilot.pause()
        assert Tile.parse("B8") not in app.session.hand.racks[0]
        assert status_text(screen) == "Added ★B4 to meld 1"
