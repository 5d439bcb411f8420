"""At 80x24 the table's melds fit their box when they can: with every seat opened the box
showed five of eight lines ("PgDn: 3 more lines"), and a player planning a lay-off paged
through them every turn. A seat's melds follow another's on its line, then runs of four
tiles or more are written by their ends, their okeys after them ("8:R5–R8 ★R6"); melds
that fit in full stay so, and a taller terminal is laid out as before."""

from __future__ import annotations

import re

import pytest
from rich.text import Text
from test_ui_drop_on_meld import drop
from textual.widgets import Static
from ui_helpers import OPENING_SEED, at_position, table_app

from okey_tui import i18n
from okey_tui.engine.melds import parse_meld
from okey_tui.engine.tiles import Tile
from okey_tui.ui.screens.dialogs import ChooserScreen
from okey_tui.ui.widgets.board import MeldsView, run_by_ends
from tests.positions import position

# Every seat opened, three melds each, a run of each length from three to five and an
# okey standing for R6 in Mehmet's run: eight lines of melds at 80x24, one seat's a line.
CROWDED = (
    "0:R9R10R11",
    "0:Y10Y11Y12Y13",
    "0:B9B10B11",
    "1:R12Y12K12",
    "1:Y2Y3Y4",
    "1:B2B3B4B5B6",
    "2:K1K2K3",
    "2:R5*R6R7R8",
    "2:K9K10K11",
    "3:B1B2B3",
    "3:Y5Y6Y7",
    "3:K10K11K12K13",
)


def crowded(table: tuple[str, ...] = CROWDED, rack: str = "R1 R2 Y3 B4 B6 K7 K8"):  # type: ignore[no-untyped-def]
    return position(
        [rack, "R3 R4", "Y1 Y2", "B12 B13"],
        phase="p",
        discards=["R13", "Y4", "B7", "K4"],
        table=table,
        openings="m101/m102/m103/m104",
    )


def box_lines(melds: MeldsView) -> list[str]:
    return str(melds.query_one("#melds-text", Static).render()).split("\n")


def numbers_at(melds: MeldsView) -> dict[int, str]:
    """Each meld's text as the box shows it at the place meld_at finds it, by meld number:
    what a click or a drop there would find."""
    text = melds.query_one("#melds-text", Static)
    region = text.content_region
    lines = box_lines(melds)
    found: dict[int, str] = {}
    for row, line in enumerate(lines):
        for x in range(len(line)):
            index = melds.meld_at(region.x + x, region.y + row)
            if index is not None:
                found[index] = found.get(index, "") + line[x]
    return found


@pytest.mark.parametrize("language", ["en", "tr"])
async def test_at_80x24_every_seats_melds_fit_the_box(language: str) -> None:
    i18n.set_language(language)
    try:
        app = table_app(OPENING_SEED)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await at_position(pilot, app, crowded())
            await pilot.pause()
            melds = screen.query_one(MeldsView)
            lines = box_lines(melds)
            assert len(lines) <= melds.scrollable_content_region.height, lines
            assert melds.max_scroll_y == 0 and not screen.query_one("#centre").border_subtitle
            shown = "\n".join(lines)
            # The runs of four or five by their ends, the okey where it stands; the runs of
            # three and the sets in full.
            for meld in ("2:Y10–Y13", "6:B2–B6", "8:R5–R8 ★R6", "12:K10–K13"):
                assert meld in shown, shown
            for meld in ("1:R9 R10 R11", "4:R12 Y12 K12", "7:K1 K2 K3", "11:Y5 Y6 Y7"):
                assert meld in shown, shown
            # Every line names its owner first, a seat after another where both fit.
            names = (i18n._("You"), "Ayşe", "Mehmet", "Zeynep")
            assert all(line.startswith(tuple(f"{n}: " for n in names)) for line in lines)
            assert any(
                line.count(": ") >= 2 and re.search(r"\w+: \d+:.*  \w+: \d+:", line)
                for line in lines
            ), lines
            # A click or a drop finds each meld where it is written.
            found = numbers_at(melds)
            assert sorted(found) == list(range(len(CROWDED))), found
            for index, text in found.items():
                assert text.startswith(f"{index + 1}:"), (index, text)
            assert found[7] == "8:R5–R8 ★R6"
    finally:
        i18n.set_language("en")


async def test_a_tile_dropped_on_a_seats_melds_after_anothers_goes_on_that_meld() -> None:
    """B4 fits Zeynep's B1 B2 B3 (meld 10) alone: the meld is on Mehmet's line, after his."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await at_position(pilot, app, crowded())
        await pilot.pause()
        melds = screen.query_one(MeldsView)
        line, start, _end = melds.meld_spans[9]
        row = box_lines(melds)[line]
        assert row.startswith("Mehmet: ") and "Zeynep: 10:B1 B2 B3" in row, row
        region = melds.query_one("#melds-text", Static).content_region
        await drop(pilot, screen, "B4", (region.x + start + 4, region.y + line))
        assert not isinstance(app.screen, ChooserScreen)
        assert str(app.session.hand.table[9].meld) == "B1 B2 B3 B4"


async def test_melds_that_fit_in_full_stay_in_full() -> None:
    """Four seats' melds that fit the box as they are: a seat's a line, every tile shown."""
    table = ("0:Y10Y11Y12Y13", "1:B2B3B4B5B6", "2:R5*R6R7R8", "3:K10K11K12K13")
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await at_position(pilot, app, crowded(table))
        await pilot.pause()
        melds = screen.query_one(MeldsView)
        assert box_lines(melds) == [
            f"{i18n._('You')}: 1:Y10 Y11 Y12 Y13",
            "Ayşe: 2:B2 B3 B4 B5 B6",
            "Mehmet: 3:R5 ★R6 R7 R8",
            "Zeynep: 4:K10 K11 K12 K13",
        ]


async def test_at_120x40_the_crowded_table_is_laid_out_as_before() -> None:
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_position(pilot, app, crowded())
        await pilot.pause()
        shown = "\n".join(box_lines(screen.query_one(MeldsView)))
        assert "–" not in shown
        assert "Mehmet — opened with 103 points\n7:K1 K2 K3 =6   8:R5 ★R6 R7 R8 =26\n" in shown


async def test_a_tip_taking_the_box_s_lines_writes_the_runs_by_their_ends() -> None:
    """Melds that fit five lines in full, not the two a tip leaves: the runs shorten while
    the tip shows, and are whole again once it is gone."""
    table = ("0:Y10Y11Y12Y13", "1:B2B3B4B5B6", "2:R5*R6R7R8", "3:K10K11K12K13", "3:Y2Y3Y4")
    app = table_app(3, practice=True, tips=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await at_position(pilot, app, crowded(table, rack="R1 R2 Y1 Y5 B6 K7 K8"))
        await pilot.pause()
        assert screen.practice.tip_shown is not None
        melds = screen.query_one(MeldsView)
        assert melds.scrollable_content_region.height < 5
        shown = "\n".join(box_lines(melds))
        assert "1:Y10–Y13" in shown and "3:R5–R8 ★R6" in shown, shown
        await pilot.press("n")
        await pilot.pause()
        await pilot.pause()
        assert screen.practice.tip_shown is None
        shown = "\n".join(box_lines(melds))
        assert "1:Y10 Y11 Y12 Y13" in shown and "3:R5 ★R6 R7 R8" in shown, shown


@pytest.mark.parametrize(
    ("meld", "okey", "shown"),
    [
        ("R3R4R5R6R7", "B8", "R3–R7"),
        ("R3R4*R5R6R7", "B8", "R3–R7 ★R5"),
        ("*R3R4R5*R6", "B8", "R3–R6 ★R3 ★R6"),
        # The okey laid as itself: "B6–B9 B8★" read as a fifth tile.
        ("B6B7*B8B9", "B8", "B6–B9 ★B8"),
        ("K10K11K12K13", "B8", "K10–K13"),
    ],
)
def test_a_run_by_its_ends_names_its_okeys(meld: str, okey: str, shown: str) -> None:
    okey_tile = Tile.parse(okey)
    text = run_by_ends(parse_meld(meld, okey_tile), okey_tile)
    assert isinstance(text, Text) and text.plain == shown


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_column_is_kept_between_the_melds_and_the_scroll_bar(size: tuple[int, int]) -> None:
    """At 80x24 a full line of melds ran into the scroll bar's thumb ("10:Y4 Y4▁"): the melds
    are laid out a column short of the bar, and every line fits the text's own width."""
    from rich.cells import cell_len

    app = table_app(OPENING_SEED)
    async with app.run_test(size=size) as pilot:
        screen = await at_position(pilot, app, crowded())
        await pilot.pause()
        melds = screen.query_one(MeldsView)
        text = melds.query_one("#melds-text", Static)
        assert text.region.right <= melds.scrollable_content_region.right - 1
        assert all(cell_len(line) <= text.content_region.width for line in box_lines(melds))
