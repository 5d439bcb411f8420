"""At the end of a hand every rack is turned over, at a network table as at a real one: a
friend's summary shows every seat's tiles left. Never before: while the hand is played,
no message to a seat carries another seat's rack."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from net_helpers import MAX_ACTIONS, easy_move, open_table, shows, until
from rich.console import Console
from test_net_hidden import ALLOWED_TILE_PATHS, tile_paths
from test_net_remote_ui import back_at_the_summary
from textual.widgets import Static
from websockets.asyncio.server import ServerConnection, serve

from okey_tui.bots.base import make_bot
from okey_tui.bots.driver import play_bot_step
from okey_tui.engine.match import Match
from okey_tui.engine.rules import RuleSet
from okey_tui.engine.state import Phase
from okey_tui.net.client import RemoteTable
from okey_tui.net.protocol import encode, report_to_json, summary_of, summary_to_json
from okey_tui.net.server import TableServer
from okey_tui.table import hand_report
from okey_tui.ui.screens.summary import HandSummaryScreen
from okey_tui.ui.screens.table import TableScreen

HOST, FRIEND = 0, 1  # two people; the other two seats are the table's bots
# Where a tile may be in a message to a seat while its hand is played: its own view and
# the public events, never a report.
DURING_THE_HAND = {p for p in ALLOWED_TILE_PATHS if not p.startswith("report.")}


def compact(tiles: list[str]) -> str:
    """A list of tiles as the server writes it."""
    return json.dumps(tiles, separators=(",", ":"))


async def play_to_the_end(server: TableServer, people: dict[int, RemoteTable]) -> None:
    """The people's moves (an easy bot's choice) until the hand is over; the table's bots
    play the other seats. At every step, what the friend was sent since the last holds no
    other seat's rack (see :func:`nothing_of_the_others`)."""
    assert server.match is not None
    hand = server.match.hand
    friend = people[FRIEND]
    seen = 0
    for _ in range(MAX_ACTIONS):
        if hand.is_over:
            return
        version = server.version
        for table in people.values():
            await table.wait_for(lambda t=table, v=version: t.has_view and t.version >= v, 5)
        assert friend.received is not None
        seen = nothing_of_the_others(server, friend.received, seen)
        if hand.is_over:
            return
        turn = hand.turn
        if turn not in people:
            # A bot's turn: the table plays it; wait until the friend hears of it.
            await friend.wait_for(lambda v=version: friend.version > v or hand.is_over, 5)
            continue
        # A person's turn: the bots wait for it, so the table's state stands still.
        table, now = people[turn], server.version
        await table.wait_for(lambda t=table, v=now: t.version >= v, 5)
        await easy_move(table)
    raise AssertionError(f"the hand did not end in {MAX_ACTIONS} steps")


def nothing_of_the_others(server: TableServer, received: list[str], seen: int) -> int:
    """Check the friend's messages from ``seen`` on, all sent while the hand was played:
    no report, tiles only where its own view and the public events put them, the state it
    holds is its own seat's, and no other seat's rack as it stands now (a rack of a few
    tiles may match a discard pile, so only those of four tiles or more). Returns how many
    messages were checked in all."""
    assert server.match is not None
    hand = server.match.hand
    others = [compact([str(t) for t in hand.racks[s]]) for s in range(4) if s != FRIEND]
    for raw in received[seen:]:
        message = json.loads(raw)
        if hand.is_over and message["type"] == "hand_over":
            break  # the end: the test reads it
        assert message["type"] != "hand_over", "a hand_over before the hand is over"
        assert "report" not in message and "tiles_left" not in raw, message["type"]
        assert tile_paths(message) <= DURING_THE_HAND, message["type"]
        if message["type"] == "state":
            assert message["view"]["seat"] == FRIEND
        for rack in others:
            if rack.count(",") >= 3:
                assert rack not in raw, f"another seat's rack in a {message['type']}"
        seen += 1
    return seen


async def test_a_friends_summary_shows_every_racks_tiles_left_once_the_hand_is_over() -> None:
    server = await open_table(levels=("easy",) * 4)
    people: dict[int, RemoteTable] = {}
    try:
        for seat, name in ((HOST, "Mehmet"), (FRIEND, "Ayşe")):
            people[seat] = await RemoteTable.join(server.url, server.code, name, record=True)
        assert [t.seat for t in people.values()] == [HOST, FRIEND]
        await people[HOST].start()
        await people[FRIEND].wait_for(lambda: people[FRIEND].has_view, 5)
        assert server.match is not None
        match, hand = server.match, server.match.hand
        # The friend's first rack is its own.
        assert people[FRIEND].view().rack == tuple(hand.racks[FRIEND])

        await play_to_the_end(server, people)
        friend = people[FRIEND]
        await friend.wait_for(lambda: friend.hand_over and friend.report() is not None, 5)
        assert match.hand_scored

        report = friend.report()
        assert report is not None
        # Every rack as the host's match holds it at the end, and all else the local
        # summary shows (finish, formulas, notes, the table): the host's own report.
        for line in report.result.seats:
            assert line.tiles_left == tuple(hand.racks[line.seat]), line.seat
            assert line.tiles_left == match.results[-1].seats[line.seat].tiles_left
        assert any(report.result.seats[s].tiles_left for s in range(4) if s != FRIEND), (
            "some other seat had tiles left"
        )
        assert report == hand_report(match, server.hand_events())
        host_report = people[HOST].report()
        assert host_report == report

        # The racks came in the hand_over, once the friend's state said the hand was over.
        assert friend.received is not None
        messages = [json.loads(raw) for raw in friend.received]
        first = next(i for i, m in enumerate(messages) if "report" in m)
        assert messages[first]["type"] == "hand_over"
        states = [m for m in messages[:first] if m["type"] == "state"]
        over = Phase.OVER.value
        assert states[-1]["view"]["phase"] == over
        assert all(m["view"]["phase"] != over for m in states[:-1])

        # A friend who comes back after the end is shown the same turned-over racks.
        token = friend.token
        await friend.close()
        del people[FRIEND]
        back = await RemoteTable.rejoin(server.url, token)
        people[FRIEND] = back
        await back.wait_for(lambda: back.hand_over and back.report() is not None, 5)
        assert back.report() == report
    finally:
        for table in people.values():
            await table.close()
        await server.close()


def finished_match() -> Match:
    """A one-hand match played by easy bots, its hand scored."""
    match = Match(RuleSet(hands=1), seed=5)
    bot = make_bot("easy")
    for _ in range(MAX_ACTIONS):
        if match.hand.is_over:
            break
        play_bot_step(match.hand, bot)
    assert match.hand.is_over
    match.finish_hand()
    return match


async def test_an_older_or_broken_tables_report_is_read_without_crashing() -> None:
    """A table from before the racks were turned over (another seat's ``tiles_left`` is
    ``[]``, or left out), or one whose report is malformed: the friend sees the scores it
    can read, and the hand still ends; never the last hand's report as this one's."""
    match = finished_match()
    report = hand_report(match)
    assert report is not None
    full = report_to_json(report)
    seats: list[dict[str, Any]] = full["seats"]
    old = {
        **full,
        "seats": [
            {**s, "tiles_left": []}
            if s["seat"] == 0
            else {k: v for k, v in s.items() if k != "tiles_left"}
            if s["seat"] == 1
            else {**s, "tiles_left": None}
            if s["seat"] == 2
            else {**s, "tiles_left": ["R7", "not a tile", 3]}
            for s in seats
        ],
    }
    broken = {**full, "rules": 5}
    summary = summary_to_json(summary_of(0, match.results[-1]))

    async def table(ws: ServerConnection) -> None:
        await ws.recv()
        welcome = {"type": "welcome", "v": 2, "seat": 1, "token": "t" * 32, "rules": "x"}
        await ws.send(encode({**welcome, "chat": [], "results": [], "layout": None}))
        for sent in (old, broken):
            await ws.send(
                encode(
                    {
                        "type": "hand_over",
                        "result": summary,
                        "report": sent,
                        "totals": [1, 2, 3, 4],
                        "match_over": False,
                        "winners": [],
                    }
                )
            )
            await ws.recv()  # the friend's "next": the table goes on

    async with serve(table, "127.0.0.1", 0) as server:
        port = server.sockets[0].getsockname()[1]
        friend = await RemoteTable.join(f"ws://127.0.0.1:{port}", "CODE22", "Ayşe")
        try:
            await friend.wait_for(lambda: friend.hand_over and friend.report() is not None, 5)
            read = friend.report()
            assert read is not None
            assert [s.tiles_left for s in read.result.seats] == [(), (), (), ()]
            assert [s.total for s in read.result.seats] == [s["total"] for s in seats]
            assert friend.results[-1].number == 0
            await friend.next_hand()
            # The malformed report is refused alone: the hand's end and scores still count.
            await friend.wait_for(lambda: friend.report() is None, 5)
            assert friend.hand_over and friend.totals() == (1, 2, 3, 4)
            await friend.next_hand()
        finally:
            await friend.close()


async def test_the_friends_summary_screen_lists_every_racks_tiles_left() -> None:
    """What the play-tester saw: a friend's summary named only their own tiles left."""
    async with back_at_the_summary() as (app, tables), app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HandSummaryScreen), "the summary")
        screen = app.screen
        assert isinstance(screen, HandSummaryScreen)
        console = Console(width=200, record=True, file=io.StringIO())
        console.print(screen.query_one("#hand-explained", Static).content)
        lines = console.export_text().splitlines()
        report = screen.report
        assert app.table is not None and report == app.table.report()
        names = [info.name for info in app.table.seats()]
        assert any(s.tiles_left for s in report.result.seats if s.seat != screen.you)
        for line in report.result.seats:
            # The seat's block: from the line that starts with its name to the next seat's.
            start = next(i for i, li in enumerate(lines) if li.startswith(names[line.seat]))
            end = next(
                (i for i, li in enumerate(lines[start + 1 :], start + 1) if li[:1].strip()),
                len(lines),
            )
            block = "\n".join(lines[start:end])
            count = len(line.tiles_left)
            if count:
                assert f"{count} tiles left:" in block or f"{count} tile left:" in block, block
                # The tiles as chips: an okey with its star, a false okey as F✦.
                chips = block.split("left:", 1)[1].split()[:count]
                shown = sorted(c.replace("★", "").replace("✦", "") for c in chips)
                assert shown == sorted(str(t) for t in line.tiles_left), block
            else:
                assert "left:" not in block, block


async def test_a_report_that_cannot_be_read_still_shows_the_scores_and_the_table_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A hand's report the friend's okey101 cannot read (a newer or broken table) left the
    hand without a summary: the friend's screen waited for one, and Enter did nothing. The
    summary now shows the hand's scores, says the rest could not be read, and Enter goes on
    to the next hand."""
    monkeypatch.setattr(
        "okey_tui.net.server.report_to_json",
        lambda report: {**report_to_json(report), "rules": 5},
    )
    async with back_at_the_summary() as (app, tables), app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HandSummaryScreen), "the summary")
        screen = app.screen
        assert isinstance(screen, HandSummaryScreen)
        report = screen.report
        assert report.scores_only and report.number == 1
        scores = tables[1].results[-1]
        assert [line.total for line in report.result.seats] == scores.totals()
        assert report.totals == tables[1].totals() and not report.match_over
        console = Console(width=200, record=True, file=io.StringIO())
        console.print(screen.query_one("#hand-explained", Static).content)
        said = console.export_text()
        assert "report of this hand could not be read" in said, said
        assert "left:" not in said  # no rack is shown as if it were known
        for line in report.result.seats:
            assert str(line.total) in said
        await pilot.press("enter")
        await until(pilot, lambda: shows(app, TableScreen), "the table")
        for table in tables[1:]:
            await table.next_hand()
        await until(pilot, lambda: app.table is not None and app.table.hand_number == 1, "hand 2")
