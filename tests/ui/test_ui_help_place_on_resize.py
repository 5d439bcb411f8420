"""The help keeps the reader's place as the terminal changes size: kept at as many lines
from its top, the page rewrapped at another width showed another passage (a play-tester
reading "1. The tiles" at 80x24 was at "5. Melds" at 200x50)."""

from __future__ import annotations

from rendered import screen_text
from textual.containers import VerticalScroll
from ui_helpers import at_the_table, table_app

from okey_tui.ui.screens.help import HelpScreen


def top_lines(app, box: VerticalScroll) -> list[str]:  # type: ignore[no-untyped-def]
    """The words on the box's first lines, as drawn."""
    region = box.content_region
    rows = screen_text(app).splitlines()[region.y : region.bottom]
    return [" ".join(row[region.x : region.right].split()) for row in rows]


async def test_the_passage_read_stays_in_sight_at_another_size() -> None:
    app = table_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await at_the_table(pilot, app)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        box = app.screen.query_one("#help", VerticalScroll)
        for pages in (9, 20):  # in the rules' first section, then deep in them
            while box.scroll_y < box.max_scroll_y and pages:
                await pilot.press("pagedown")
                await pilot.wait_for_scheduled_animations()
                await pilot.pause()
                pages -= 1
            read = next(line for line in top_lines(app, box) if len(line.split()) >= 3)
            for size in [(200, 50), (120, 40), (80, 24)]:
                await pilot.resize_terminal(*size)
                await pilot.pause()
                await pilot.pause()
                # At the box's top; near the page's end, in sight (the box cannot go further).
                lines = top_lines(app, box)
                seen = " ".join(lines if box.scroll_y == box.max_scroll_y else lines[:4])
                # Its first words (a table's row rewraps its cells, its columns' words between).
                assert " ".join(read.split()[:3]) in seen, (size, read, seen)
