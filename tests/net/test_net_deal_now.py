"""Between hands at a table without a turn time, one friend who never pressed Enter held
the others up for ever ("Waiting for Can: the next hand starts when all are ready"). The
host deals anyway (D at their table, Enter at the terminal of ``host --no-seat``): the
friend not ready plays on as usual once back, and until then each of their turns waits the
grace period, then a bot plays it. Real tables on 127.0.0.1; bounded waits."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from net_helpers import (
    MAX_ACTIONS,
    easy_move,
    play_hand_out,
    seat_four,
    settle,
    shows,
    until,
)
from test_net_remote_ui import a_hand_played_out, status_line
from textual.pilot import Pilot

from okey_tui.commands.host import console_line
from okey_tui.engine.actions import DrawMiddle
from okey_tui.engine.rules import RuleSet
from okey_tui.net.client import RemoteTable
from okey_tui.net.server import TableServer
from okey_tui.ui.remote import RemoteApp, Seat
from okey_tui.ui.remote_screens import HostTableScreen, RemoteTableScreen
from okey_tui.ui.screens.summary import HandSummaryScreen


@contextlib.asynccontextmanager
async def the_host_at_the_summary(
    hands: int,
) -> AsyncIterator[tuple[TableServer, RemoteApp, Pilot[None], list[RemoteTable]]]:
    """The host seated at their own table (an app) with three friends (tables), the first
    hand of ``hands`` played out, the host's screen at its summary."""
    server = TableServer(RuleSet(hands=hands), 7, ("easy",) * 4, port=0, grace=30.0)
    app = RemoteApp(Seat("", name="Host"), server=server)
    friends: list[RemoteTable] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.table is not None, "the host is seated")
        assert app.table is not None
        for name in ("Mehmet", "Zeynep", "Can"):
            friends.append(await RemoteTable.join(server.url, server.code, name))
        try:
            await app.table.start()
            tables = [app.table, *friends]
            await settle(tables, server)
            await until(pilot, lambda: shows(app, HostTableScreen), "the host's table")
            await play_hand_out(server, tables)
            await until(pilot, lambda: shows(app, HandSummaryScreen), "the summary")
            yield server, app, pilot, friends
        finally:
            for friend in friends:
                await friend.close()


async def test_the_host_deals_without_one_and_a_bot_plays_their_turns_until_they_are_back() -> None:
    server = TableServer(RuleSet(hands=3), 7, ("easy",) * 4, grace=0.3)
    await server.start()
    notices: list[str] = []
    server.on_notice = notices.append
    tables = await seat_four(server)
    can = tables[3]
    try:
        await tables[0].start()
        await settle(tables, server)
        assert not server.deal_now()  # nothing to deal during a hand
        await play_hand_out(server, tables)
        assert server.match is not None
        for table in tables[:3]:
            await table.next_hand()
        await can.wait_for(lambda: sum(s.ready for s in can.seats()) == 3, 5)
        assert server.waiting_for() == ["Can"] and server.match.hand_number == 0
        assert server.deal_now()
        await can.wait_for(lambda: can.hand_number == 1, 5)
        assert can.host_dealt and tables[0].host_dealt  # every seat is told who dealt
        assert "The host dealt hand 2 without waiting for Can" in notices
        assert not server.waiting_for() and not server.deal_now()
        # Can is away from the keys: his turn waits the grace period (counted down for all)
        # and then his bot plays it; the others play theirs.
        bot_played = False
        for _ in range(MAX_ACTIONS):
            await settle(tables, server)
            view = tables[0].view()
            if view.turn == 3:
                await can.wait_for(lambda: can.turn_ends is not None, 5)
                # His screen asks the table about the draw by itself as his turn comes: no
                # sign of a person at the keys (the bot never played, "Time is up" said).
                assert await can.check(DrawMiddle()) is None
                assert 3 in server._idle
                before = server.version
                await can.wait_for(lambda b=before: server.version > b, 5)
                # The bot plays the whole turn: then the next seat's turn comes.
                await tables[0].wait_for(lambda: tables[0].view().turn != 3, 5)
                bot_played = True
                break
            await easy_move(tables[view.turn])
        assert bot_played
        assert any(e.seat == 3 and e.bot for e in server.hand_events())
        assert any("Can is not back: a bot plays their turn" in n for n in notices)
        # Back at his keys, Can plays his own next turn: no clock, no bot. (A long grace
        # from here: his turn never runs out before his move reaches the table.)
        server.grace = 60.0
        for _ in range(MAX_ACTIONS):
            await settle(tables, server)
            if server.match.hand.is_over:
                break
            view = tables[0].view()
            if view.turn == 3:
                await can.wait_for(lambda: can.has_view and can.view().turn == 3, 5)
                moved = len([e for e in server.hand_events() if e.seat == 3 and not e.bot])
                await easy_move(can)
                await settle(tables, server)
                mine = [e for e in server.hand_events() if e.seat == 3 and not e.bot]
                assert len(mine) > moved
                break
            await easy_move(tables[view.turn])
        assert server.turn_limit(3) == 0.0
    finally:
        for table in tables:
            await table.close()
        await server.close()


async def test_d_at_the_hosts_table_deals_the_next_hand_and_the_line_says_so() -> None:
    async with the_host_at_the_summary(hands=3) as (_server, app, pilot, friends):
        await pilot.press("enter")  # the host is ready
        await until(pilot, lambda: shows(app, HostTableScreen), "back at the table")
        screen = app.screen
        assert isinstance(screen, HostTableScreen)
        await friends[0].next_hand()
        await friends[1].next_hand()
        said = "Waiting for Can: the next hand starts when all are ready · D deals it now"
        await until(pilot, lambda: str(status_line(screen)) == said, "the line")
        assert screen.check_action("deal_now", ())
        await pilot.press("D")
        await until(pilot, lambda: screen.table.hand_number == 1, "the next hand")
        await friends[2].wait_for(lambda: friends[2].hand_number == 1, 5)
        assert not screen.check_action("deal_now", ())
        assert "D deals it now" not in str(status_line(screen))


async def test_a_friend_still_on_the_summary_is_told_the_host_dealt() -> None:
    """The friend's line said "The wait between hands ran out" at a table that has no
    wait: the host dealt, and the line says so, and what happens to their turns."""
    async with a_hand_played_out() as (server, tables):
        await tables[0].close()
        app = RemoteApp(Seat(server.url, token=tables[0].token))
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: shows(app, HandSummaryScreen), "her summary")
            for table in tables[1:]:
                await table.next_hand()
            await until(pilot, lambda: server.waiting_for() == ["Ayşe"], "only Ayşe not ready")
            assert server.deal_now()
            await until(pilot, lambda: shows(app, RemoteTableScreen), "the new hand")
            screen = app.screen
            assert isinstance(screen, RemoteTableScreen)
            await until(pilot, lambda: screen.table.hand_number == 1, "the second hand")
            said = str(status_line(screen))
            assert said.startswith("The host dealt without waiting: play your turns"), said


async def test_enter_at_the_terminal_of_a_host_who_does_not_sit_deals_the_next_hand() -> None:
    async with a_hand_played_out() as (server, tables):
        for table in tables[:3]:
            await table.next_hand()
        await tables[3].wait_for(lambda: sum(s.ready for s in tables[3].seats()) == 3, 5)
        console_line(server, "x\n")  # not a key of the console: nothing
        assert server.match is not None and server.match.hand_number == 0
        console_line(server, "\n")
        await tables[3].wait_for(lambda: tables[3].hand_number == 1, 5)
        assert server.match.hand_number == 1


async def test_d_on_the_summary_deals_and_the_host_is_never_one_the_table_waited_for() -> None:
    """At a match's end a friend asked for another match; the host pressed D on the summary:
    nothing happened (the summary kept the table's keys from it). From the table (Esc, D),
    the host's own seat was counted among those not ready: "The host dealt another match
    without waiting" said to the host, and a bot played the host's first turn."""
    async with the_host_at_the_summary(hands=1) as (server, app, pilot, friends):
        summary = app.screen
        assert not summary.check_action("deal_now", ())  # nobody asked yet
        await friends[0].again()
        await until(pilot, lambda: summary.check_action("deal_now", ()), "D offered")
        await pilot.press("D")
        await until(pilot, lambda: app.table.match_number == 2, "the new match")
        assert server.host_seat is not None and server.host_seat not in server._idle
        assert server._idle == {2, 3}  # Zeynep and Can, who did not ask
        await until(pilot, lambda: shows(app, HostTableScreen), "the new match's table")
        assert "without waiting" not in str(status_line(app.screen))
