"""The wait between hands at a table with a turn time: one person who does not press
Enter on a hand's summary no longer holds up the table; the next hand is dealt when the
wait is over, the summary counts it down, and the late person finds the new hand."""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator
from pathlib import Path

from click.testing import CliRunner
from net_helpers import play_hand_out, seat_four, settle, shows, until
from test_net_remote_ui import a_hand_played_out, status_line
from textual.pilot import Pilot

from okey_tui.cli import main
from okey_tui.engine.rules import RuleSet
from okey_tui.net.client import RemoteTable
from okey_tui.net.protocol import ErrorCode
from okey_tui.net.server import BETWEEN_HANDS_MIN, TableServer
from okey_tui.ui.remote import RemoteApp, Seat
from okey_tui.ui.screens.summary import HandSummaryScreen
from okey_tui.ui.screens.table import TableScreen


@contextlib.asynccontextmanager
async def played_out(
    between_wait: float | None, turn_time: float = 60.0
) -> AsyncIterator[tuple[TableServer, list[RemoteTable]]]:
    """The first hand of three played out (every move at once, well inside the turn time)."""
    async with a_hand_played_out(turn_time=turn_time, between_wait=between_wait) as played:
        yield played


@contextlib.asynccontextmanager
async def at_her_summary(
    between_wait: float,
) -> AsyncIterator[tuple[TableServer, list[RemoteTable], RemoteApp, Pilot[None]]]:
    """Ayşe's screen at the first hand of three (she takes her seat back as it is dealt);
    the four play it out, every move at once (hers through her screen's table), and her
    screen shows its summary as it ends: the wait between hands starts then, with her
    screen already up (opening it after the hand ended took some of the wait)."""
    server = TableServer(
        RuleSet(hands=3), 7, ("easy",) * 4, turn_time=60.0, between_wait=between_wait
    )
    await server.start()
    tables = await seat_four(server)
    try:
        await tables[0].start()
        await settle(tables, server)
        await tables[0].close()
        app = RemoteApp(Seat(server.url, token=tables[0].token))
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: shows(app, TableScreen), "her table")
            assert isinstance(app.table, RemoteTable)
            await play_hand_out(server, [app.table, *tables[1:]])
            await until(pilot, lambda: isinstance(app.screen, HandSummaryScreen), "summary")
            yield server, tables, app, pilot
    finally:
        for table in tables:
            await table.close()
        await server.close()


async def test_the_next_hand_is_dealt_when_the_wait_between_hands_is_over() -> None:
    notices: list[str] = []
    async with played_out(between_wait=0.5) as (server, tables):
        server.on_notice = notices.append
        assert server.match is not None and server.match.hand_number == 0
        # Every client was told when the table deals by itself.
        await tables[3].wait_for(lambda: tables[3].next_hand_at is not None, 5)
        for table in tables[:3]:
            await table.next_hand()
        # Can never presses Enter: the table deals all the same once the wait is over.
        await tables[0].wait_for(lambda: tables[0].hand_number == 1, 5)
        assert server.match.hand_number == 1 and not server.match.hand_scored
        assert any("The wait between hands is over: hand 2 is dealt" in n for n in notices)
        assert tables[0].next_hand_at is None  # the new hand has no such clock
        # His late Enter, for the hand before, is let pass without an error.
        errors_before = len(tables[3].errors)
        await tables[3].send_raw(json.dumps({"type": "next", "hand": 0}))
        await settle(tables, server)
        assert len(tables[3].errors) == errors_before
        # Ready for the hand under way, unfinished, is still refused as before.
        await tables[3].send_raw(json.dumps({"type": "next", "hand": 1}))
        await tables[3].wait_for(lambda: len(tables[3].errors) > errors_before, 5)
        assert tables[3].errors[-1][0] == ErrorCode.HAND_NOT_OVER.value


async def test_without_a_turn_time_the_table_waits_between_hands_for_everyone() -> None:
    async with played_out(between_wait=None, turn_time=0.0) as (server, tables):
        assert server.between_time == 0.0 and server.next_hand_left() is None
        for table in tables[:3]:
            await table.next_hand()
        await settle(tables, server)
        assert server.match is not None and server.match.hand_number == 0
        assert tables[3].next_hand_at is None


def test_the_wait_between_hands_is_a_turn_and_at_least_half_a_minute() -> None:
    rules = RuleSet(hands=3)
    assert TableServer(rules, 1, turn_time=20.0).between_time == BETWEEN_HANDS_MIN == 30.0
    assert TableServer(rules, 1, turn_time=45.0).between_time == 45.0
    assert TableServer(rules, 1).between_time == 0.0
    # The host is told so with the option.
    said = CliRunner().invoke(main, ["host", "--help"], terminal_width=200).output
    assert f"waits as long, and at least {BETWEEN_HANDS_MIN:g} s" in said


async def test_a_person_still_on_the_summary_sees_it_count_down_and_finds_the_new_hand() -> None:
    async with at_her_summary(1.5) as (server, tables, app, pilot):
        summary = app.screen
        assert isinstance(summary, HandSummaryScreen)
        assert "Enter: next hand (dealt in" in summary.hint()
        # She reads on; the others are ready; the wait runs out.
        for table in tables[1:]:
            await table.next_hand()
        await until(pilot, lambda: shows(app, TableScreen), "the table", 400)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await until(pilot, lambda: screen.table.hand_number == 1, "the second hand")
        said = str(status_line(screen))
        assert said.startswith("The wait between hands ran out: the next hand is dealt")
        assert len(screen.view.rack) in (21, 22)


async def test_ready_between_hands_the_line_counts_down_to_the_deal() -> None:
    async with at_her_summary(2.0) as (server, tables, app, pilot):
        await pilot.press("enter")  # Ayşe is ready; the other three are not
        await until(pilot, lambda: shows(app, TableScreen), "the table")
        screen = app.screen
        assert isinstance(screen, TableScreen)
        waiting = "Waiting for Mehmet, Zeynep and Can: the next hand starts when all are ready"

        def seconds() -> int | None:
            said = str(status_line(screen))
            if not said.startswith(waiting + ", or in "):
                return None
            return int(said.removeprefix(waiting + ", or in ").removesuffix(" s"))

        await until(pilot, lambda: seconds() is not None, "the countdown")
        first = seconds()
        assert first is not None and first <= 2
        await until(pilot, lambda: (seconds() or 99) < first, "a second less")
        await until(pilot, lambda: screen.table.hand_number == 1, "the deal", 400)


async def test_a_table_opened_again_between_hands_starts_its_wait_then(tmp_path: Path) -> None:
    """Saved at a hand's summary and opened again (``okey101 host --resume``): the wait
    between hands starts as it opens, and nobody is told of a wait that does not run."""
    save = tmp_path / "table.json"
    async with played_out(between_wait=30.0) as (server, tables):
        server.save_path = save
        server.save_now()
    again = TableServer.resume(save, port=0, between_wait=0.3, grace=0.0)
    assert again.next_hand_left() is None  # not listening yet: no wait runs
    await again.start()
    try:
        left = again.next_hand_left()
        assert left is not None and 0 < left <= 0.3
    finally:
        await again.close()


async def test_the_last_one_ready_gets_the_new_hand_with_no_word_of_a_wait() -> None:
    async with at_her_summary(30.0) as (server, tables, app, pilot):
        for table in tables[1:]:
            await table.next_hand()
        await until(pilot, lambda: all(s.ready for s in server.seats[1:]), "the others")
        await pilot.press("enter")  # the last one ready: the table deals at once
        await until(pilot, lambda: shows(app, TableScreen), "the table")
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await until(pilot, lambda: screen.table.hand_number == 1, "the second hand")
        for _ in range(20):
            await pilot.pause(0.02)
            assert screen.dealt_unready_line() not in str(status_line(screen))


async def test_who_was_ready_for_a_hand_is_not_ready_for_the_next() -> None:
    """At the end of hand 2 every screen said the others were ready for the next hand:
    the seats kept the "ready" of those who had pressed Enter first after hand 1."""
    async with played_out(between_wait=None, turn_time=0.0) as (server, tables):
        for table in tables[:3]:
            await table.next_hand()
        await tables[3].wait_for(lambda: all(s.ready for s in tables[3].seats()[:3]), 5)
        await tables[3].next_hand()  # the last one: hand 2 is dealt
        await tables[3].wait_for(lambda: tables[3].hand_number == 1, 5)
        await play_hand_out(server, tables)
        for table in tables:
            await table.wait_for(lambda t=table: t.hand_over, 5)
            assert not any(s.ready for s in table.seats()), [s.ready for s in table.seats()]


async def test_who_was_ready_at_the_summary_is_ready_after_the_host_opens_the_table_again(
    tmp_path: Path,
) -> None:
    """A friend pressed Enter at the hand's summary, the host quit and ran host --resume:
    the friend, back at the table, had to press Enter again (the table waited for them)."""
    save = tmp_path / "table.json"
    async with played_out(between_wait=None, turn_time=0.0) as (server, tables):
        server.save_path = save
        await tables[1].next_hand()
        await tables[0].wait_for(lambda: tables[0].seats()[1].ready, 5)
        assert not server.seats[0].ready
    again = TableServer.resume(save, port=0, grace=0.0)
    assert [seat.ready for seat in again.seats] == [False, True, False, False]


async def test_a_screen_the_table_counts_ready_says_whom_it_waits_for() -> None:
    """Back at a table opened again between hands, a friend the table still counted ready
    read "Mehmet is ready for the next hand: Enter when you are" (their screen had not
    asked, the one before the host's restart had). The table's word is taken: the line
    says whom the table waits for."""
    async with at_her_summary(30.0) as (server, tables, app, pilot):
        screen = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        await tables[1].next_hand()  # Mehmet is ready
        await until(pilot, lambda: server.seats[1].ready, "Mehmet ready")
        assert isinstance(app.table, RemoteTable)
        await app.table.next_hand()  # her seat ready, as the table remembered it
        await until(pilot, lambda: server.seats[0].ready, "her seat ready")
        await until(pilot, lambda: str(status_line(screen)).startswith("Waiting for"), "the line")
        assert "Enter when you are" not in str(status_line(screen))


async def test_a_seat_ready_at_the_summary_comes_back_to_the_table_not_the_summary() -> None:
    """A browser friend pressed Enter on the summary, then reloaded the page: the summary
    came up again with "⏎ Next hand", though the table counted them ready (and its line
    said whom it waited for). Back, the screen shows the table and that line."""
    async with played_out(between_wait=None, turn_time=0.0) as (server, tables):
        await tables[0].next_hand()  # Enter on her summary: ready
        await tables[0].wait_for(lambda: tables[0].seats()[0].ready, 5)
        await tables[0].close()  # the page reloaded
        app = RemoteApp(Seat(server.url, token=tables[0].token))
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: shows(app, TableScreen), "her table")
            screen = app.screen
            assert isinstance(screen, TableScreen)
            await until(
                pilot, lambda: str(status_line(screen)).startswith("Waiting for"), "the line"
            )
            await pilot.pause(0.2)
            assert not any(isinstance(s, HandSummaryScreen) for s in app.screen_stack)
