"""The host's own seat has every key of the table: its screen adds D (deal now) to them,
and the keys a refused move explains, the keys the help lists and the draw keys the bar
keeps room for were read from that screen's own BINDINGS alone, D. At the host's seat a,
w or x refused said nothing (friends were told why), and ? listed D and no other key."""

from __future__ import annotations

from net_helpers import shows, until
from textual.binding import Binding
from textual.widgets import Static

from okey_tui.engine.rules import RuleSet
from okey_tui.net.server import TableServer
from okey_tui.ui.remote import RemoteApp, Seat
from okey_tui.ui.remote_screens import HostTableScreen
from okey_tui.ui.screens.help import HelpScreen
from okey_tui.ui.screens.table import TableScreen


async def test_a_refused_key_at_the_hosts_seat_says_why_and_help_lists_every_key() -> None:
    server = TableServer(RuleSet(hands=1), 7, ("easy",) * 4, host="127.0.0.1", port=0, bot_delay=0)
    app = RemoteApp(Seat("", name="Host", join_line="Join"), server=server)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: app.table is not None or app.problem, "the host is seated")
            await pilot.press("enter")
            await until(pilot, lambda: shows(app, TableScreen), "the table screen")
            screen = app.screen
            assert isinstance(screen, HostTableScreen)
            table = app.table
            assert table is not None
            await until(pilot, lambda: table.view().turn == table.view().seat, "the host's turn")
            for key, said in (
                ("a", "may add tiles"),
                ("w", "may take okeys"),
                ("D", "D deals the next hand without waiting"),  # D mid-hand said nothing
                ("P", "Going Pairs is a Challenge rule"),  # not "wait for your turn"
            ):
                await pilot.press(key)
                await until(
                    pilot,
                    lambda said=said: said in str(screen.query_one("#status", Static).render()),
                    f"{key} refused, and why",
                )
            await pilot.press("question_mark")
            await until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
            listed = [b.action for b in app.screen.table_bindings if isinstance(b, Binding)]
            assert {"draw", "discard", "add", "swap", "deal_now"} <= set(listed), listed
    finally:
        await server.close()
