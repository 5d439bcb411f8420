"""Another match at the same table, at a friend's screen: the summary at the match's end
offers it (Enter or n), the line says whom the table waits for, and the new match comes
on a table screen of its own; its hands count as another match in the statistics."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

import pytest
from net_helpers import play_hand_out, play_step, seat_four, settle, until
from test_net_remote_ui import status_line
from textual.pilot import Pilot

from okey_tui import stats
from okey_tui.engine.rules import RuleSet
from okey_tui.net.client import RemoteTable
from okey_tui.net.server import TableServer
from okey_tui.ui.remote import RemoteApp, Seat
from okey_tui.ui.screens.summary import HandSummaryScreen
from okey_tui.ui.screens.table import TableScreen
from tests.ui.rendered import screen_text


@contextlib.asynccontextmanager
async def ayse_at_the_end(
    size: tuple[int, int] = (120, 40), asked: tuple[int, ...] = (), rejoin: bool = False
) -> AsyncIterator[tuple[TableServer, list[RemoteTable], RemoteApp, Pilot[None]]]:
    """A one-hand table of four people, played out to its summary: Ayşe through her screen
    (an app at ``size``), the three others through their tables. ``asked``: the seats that
    ask for another match before her screen opens, which then opens at the summary (a
    rejoin: the hand played out by the tables alone) when ``rejoin``."""
    server = TableServer(RuleSet(hands=1), 7, ("easy",) * 4, grace=60.0)
    await server.start()
    tables = await seat_four(server)
    try:
        await tables[0].start()
        await settle(tables, server)
        if rejoin:
            await play_hand_out(server, tables)
            await settle(tables, server)
            for seat in asked:
                await tables[seat].again()
            await tables[2].wait_for(
                lambda: sum(s.ready for s in tables[2].seats()) == len(asked), 5
            )
        await tables[0].close()
        app = RemoteApp(Seat(server.url, token=tables[0].token, name="Ayşe"))
        async with app.run_test(size=size) as pilot:
            await until(pilot, lambda: app.table is not None and app.table.has_view, "seated")
            assert isinstance(app.table, RemoteTable)
            if not rejoin:
                await play_hand_out(server, [app.table, *tables[1:]])
            await until(pilot, lambda: isinstance(app.screen, HandSummaryScreen), "summary")
            yield server, tables, app, pilot
    finally:
        for table in tables:
            await table.close()
        await server.close()


def table_under(app: RemoteApp) -> TableScreen:
    return next(s for s in app.screen_stack if isinstance(s, TableScreen))


async def test_a_friend_plays_again_at_the_same_table_on_a_new_screen() -> None:
    async with ayse_at_the_end() as (server, tables, app, pilot):
        first_screen = table_under(app)
        await until(pilot, lambda: len(stats.read()) == 1, "the hand written")
        await until(
            pilot,
            lambda: "Enter or n: another match at this table" in screen_text(app),
            "the summary's offer",
        )

        # People talk between matches: / on the summary says a line to the table, and a
        # line said to it shows over the summary (the log is under it).
        await pilot.press("slash")
        await until(pilot, lambda: app.screen.query("#chat-line"), "the chat line")
        await pilot.press(*"again?", "enter")
        await tables[1].wait_for(lambda: any(c.text == "again?" for c in tables[1].chat_lines))
        assert isinstance(app.screen, HandSummaryScreen)
        await tables[1].say("yes, one more")
        await until(
            pilot,
            lambda: any(n.message == "yes, one more" for n in app._notifications),
            "Mehmet's line over the summary",
        )
        # Mehmet wants another: her line says so under the summary.
        await tables[1].again()
        await until(
            pilot,
            lambda: (
                "Mehmet wants another match at this table: Enter if you do too"
                in str(status_line(first_screen))
            ),
            "Mehmet's wish said",
        )
        # She does too: the line names the two the table waits for.
        await pilot.press("enter")
        await until(
            pilot,
            lambda: (
                "Waiting for Zeynep and Can: the new match starts when all want it"
                in str(status_line(first_screen))
            ),
            "whom the table waits for",
        )
        assert server.match_number == 1

        for table in tables[2:]:
            await table.again()
        await until(
            pilot,
            lambda: isinstance(app.screen, TableScreen) and app.screen is not first_screen,
            "the new match's screen",
        )
        screen = app.screen
        assert app.table.match_number == 2 and not app.table.match_over
        assert not any(isinstance(s, HandSummaryScreen) for s in app.screen_stack)
        assert first_screen not in app.screen_stack
        await pilot.pause()
        shown = sorted(str(t) for t in screen.rack.slots if t is not None)
        assert server.match is not None
        assert shown == sorted(str(t) for t in server.match.hand.racks[app.table.seat])
        await until(pilot, lambda: "Hand 1/1" in screen_text(app), "the new hand")

        # The new match is played on that screen (it heard nothing of the table once the
        # last match's screen went: it froze at the deal) and written as a match of its own.
        assert app.table.listener == screen.tell_table_changed
        while not server.match.hand_scored:
            before = server.version
            await play_step([app.table, *tables[1:]])
            await until(
                pilot,
                lambda b=before: (
                    screen.view.turn == server.match.hand.turn and app.table.version > b
                ),
                "the screen follows the table",
            )
        await until(pilot, lambda: isinstance(app.screen, HandSummaryScreen), "its summary")
        await until(pilot, lambda: len(stats.read()) == 2, "the second match's hand")
    first, second = stats.read()
    assert first["hand"] == second["hand"] == 1
    assert first["match"] != second["match"]
    assert stats.summarise(stats.read())["Ayşe"].matches == 2


async def test_a_friend_the_host_dealt_another_match_without_is_told_so() -> None:
    async with ayse_at_the_end() as (server, tables, app, pilot):
        await tables[1].again()
        await tables[1].wait_for(lambda: any(s.ready for s in tables[1].seats()), 5)
        assert server.deal_now()  # the host's D: Ayşe never asked
        await until(
            pilot,
            lambda: isinstance(app.screen, TableScreen) and app.table.match_number == 2,
            "the new match's screen",
        )
        said = "The host dealt another match without waiting: play your turns, or a bot plays them"
        await until(
            pilot, lambda: str(status_line(app.screen)).startswith(said), "the line saying so"
        )


@pytest.mark.parametrize(
    ("asked", "said"),
    [
        # Mehmet had asked: the line under the summary was empty.
        ((1,), "Mehmet wants another match at this table: Enter if you do too"),
        # Ayşe had asked too: the line asked her again, though the table counted her yes.
        ((0, 1), "Waiting for Zeynep and Can: the new match starts when all want it"),
    ],
)
async def test_back_at_the_matchs_end_the_line_says_who_wants_another(
    asked: tuple[int, ...], said: str
) -> None:
    """Ayşe lost her connection on the match's summary and came back with her token."""
    async with ayse_at_the_end(asked=asked, rejoin=True) as (_server, _tables, app, pilot):
        table_screen = table_under(app)
        await until(pilot, lambda: said in str(status_line(table_screen)), "the line")


async def test_at_80x24_the_line_under_the_last_summary_shows_whole() -> None:
    """At 80x24 the line "… want another match at this table: Enter if you do too" took two
    rows and the summary's box covered the first: who had asked was out of sight."""
    async with ayse_at_the_end(size=(80, 24)) as (_server, tables, app, pilot):
        for table in tables[1:]:
            await table.again()
        said = "Mehmet, Zeynep and Can want another match at this table: Enter if you do too"
        table_screen = table_under(app)
        await until(pilot, lambda: said in str(status_line(table_screen)), "the line")
        await pilot.pause()
        await pilot.pause()
        shown = " ".join(line.strip() for line in screen_text(app).splitlines()[-3:])
        assert said in shown, shown


async def test_quitting_at_the_matchs_end_says_the_way_back_for_another_match() -> None:
    """A friend's q on the last summary quit at once, saying nothing: the others might play
    another match at the table, and the seat is still theirs."""
    from okey_tui.ui.screens.dialogs import ConfirmScreen

    async with ayse_at_the_end() as (_server, _tables, app, pilot):
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        question = app.screen.question
        assert "Your seat is kept" in question and "okey101 join" in question, question
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, HandSummaryScreen), "still there")


async def test_a_look_at_the_table_from_the_summary_keeps_who_wants_another_match() -> None:
    """Esc on the last summary showed the table with "The hand as it ended: Enter brings
    back the summary" alone: who had asked for another match was gone from the line."""
    async with ayse_at_the_end() as (_server, tables, app, pilot):
        await tables[1].again()
        wants = "Mehmet wants another match at this table: Enter if you do too"
        table_screen = table_under(app)
        await until(pilot, lambda: wants in str(status_line(table_screen)), "the line")
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is table_screen, "the table")
        said = str(status_line(table_screen))
        assert said.startswith("The hand as it ended: Enter brings back the summary · ")
        assert said.endswith(wants), said
