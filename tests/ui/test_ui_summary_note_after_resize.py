"""The summary's foot says how many lines lie below as the box is now: back at 80x24 from
the notice of a terminal too small (60x20), it said the lines below at that small size
("PgDn: 12 more lines" where 7 were), until the next scroll."""

from __future__ import annotations

from test_ui_summary_opens_at_top import SEATS
from textual.containers import VerticalScroll
from ui_helpers import last_hand_report, table_app

from okey_tui import i18n
from okey_tui.ui.screens.summary import HandSummaryScreen


async def test_the_lines_below_are_counted_again_after_a_too_small_terminal() -> None:
    app = table_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        summary = HandSummaryScreen(last_hand_report(1), SEATS, 0)
        app.push_screen(summary)
        await pilot.pause()
        body = summary.query_one("#summary-body", VerticalScroll)
        for size in [(200, 50), (60, 20), (80, 24)]:
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause()
        assert app.screen is summary
        below = round(body.max_scroll_y) - round(body.scroll_y)
        assert below > 0
        said = str(summary.query_one("#summary").border_subtitle)
        more = i18n.ngettext("PgDn: {n} more line", "PgDn: {n} more lines", below)
        assert said == "▼ " + more.format(n=below)
