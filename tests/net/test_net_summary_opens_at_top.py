"""At a network table of one hand, at 80x24 in Turkish, the hand's summary opened scrolled
to its foot ("PgUp: yukarıda 6 satır"): its first line was half of a seat's tiles left, the
hand's head line and the first seat out of sight. It opens at its top, the keys in sight."""

from __future__ import annotations

from net_helpers import until
from test_net_remote_ui import a_hand_played_out
from textual.containers import VerticalScroll

from okey_tui import i18n
from okey_tui.ui.remote import RemoteApp, Seat
from okey_tui.ui.screens.summary import HandSummaryScreen
from tests.ui.rendered import screen_text


async def test_a_one_hand_match_s_summary_opens_at_its_top_at_80x24_in_turkish() -> None:
    i18n.set_language("tr")
    async with a_hand_played_out(hands=1) as (server, tables):
        await tables[0].close()
        app = RemoteApp(Seat(server.url, token=tables[0].token))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, HandSummaryScreen), "summary")
            await pilot.pause()
            await pilot.pause()
            summary = app.screen
            assert isinstance(summary, HandSummaryScreen) and summary.report.match_over
            body = summary.query_one("#summary-body", VerticalScroll)
            assert body.max_scroll_y > 0  # longer than its box: the sheet below the fold
            assert body.scroll_y == 0
            box = summary.query_one("#summary").content_region
            lines = [line[box.x : box.right] for line in screen_text(app).splitlines()]
            lines = lines[box.y : box.bottom]
            assert lines[0].startswith("El 1/1: "), lines
            first = summary.seats[summary.report.result.seats[0].seat].name
            assert any(line.startswith(f"{first} ") for line in lines[1:]), lines
            assert "Esc: masaya bak" in screen_text(app)
            assert "PgUp" not in screen_text(app)
