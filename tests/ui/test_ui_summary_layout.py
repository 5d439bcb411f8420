"""The end-of-match summary at the supported sizes: who won and the keys always in sight."""

from __future__ import annotations

import pytest
from rendered import screen_text
from textual.containers import VerticalScroll
from ui_helpers import last_hand_report, table_app

from okey_tui.table import SeatInfo
from okey_tui.ui.screens.summary import HandSummaryScreen

SEATS = [SeatInfo(s, name, None) for s, name in enumerate(["You", "Ayşe", "Mehmet", "Zeynep"])]


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_the_end_of_an_eleven_hand_match_keeps_the_winner_and_the_keys_in_sight(
    size: tuple[int, int],
) -> None:
    """An 11-hand score sheet made the summary taller than a 120x40 screen: its own
    "n: new match · q: quit" line and the winner's line fell below the dialog. Both now
    stay under the part that scrolls, which says so and scrolls with the arrows to its
    last line."""
    app = table_app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        app.push_screen(HandSummaryScreen(last_hand_report(11), SEATS, 0))
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        body = app.screen.query_one("#summary-body", VerticalScroll)
        scrolls = body.max_scroll_y > 0
        assert scrolls or size == (80, 24)  # 80x24 leaves out the score sheet
        assert "The match is over. Mehmet won with -1111." in text
        keys = "Esc: see the table · n: new match · q: quit"
        assert (f"↑ ↓ scroll · {keys}" if scrolls else keys) in text
        dialog = app.screen.query_one("#summary")
        for line in ("#winners", ".dialog-hint"):
            region = app.screen.query_one(line).region
            assert dialog.content_region.contains_region(region), (line, region)
            assert not body.region.overlaps(region), line
        await pilot.press(*["pagedown"] * 4)
        await pilot.pause()
        assert body.scroll_y == body.max_scroll_y
        last = "│ Total │ 1771 │" if scrolls else "Match totals: You 1771"
        assert last in screen_text(app)


async def test_a_summary_that_fits_says_nothing_of_scrolling() -> None:
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.push_screen(HandSummaryScreen(last_hand_report(1), SEATS, 0))
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        assert "The match is over. Mehmet won with -101." in text
        assert "n: new match · q: quit" in text and "scroll" not in text


async def test_the_tiles_left_read_in_order_of_colour_and_number() -> None:
    """Each seat's tiles left read as a sorted rack (colour, then number), not in the order
    the seat happened to hold them: "B12 Y13 R5 Y12 K4 ..." was hard to count."""
    import re

    from okey_tui.engine.tiles import Tile

    report = last_hand_report(1)
    shuffled = [s for s in report.result.seats if len(s.tiles_left) > 3]
    assert shuffled and any(
        list(s.tiles_left) != sorted(s.tiles_left, key=Tile.sort_key) for s in shuffled
    ), "the report holds racks out of order"
    app = table_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.push_screen(HandSummaryScreen(report, SEATS, 0))
        await pilot.pause()
        text = screen_text(app)
    lines = re.findall(r"\d+ tiles left: ([^\n]*)", text)
    assert len(lines) == len(shuffled)
    for line in lines:
        shown = [Tile.parse(word.lstrip("★")) for word in line.split() if word[:1] in "RYBK★"]
        assert len(shown) >= 3 and shown == sorted(shown, key=Tile.sort_key), line
