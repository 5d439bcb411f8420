"""The table's own closers (``okey101 host --web``: its web page) run before its
connections are told it closed: a seated host who quits, like Ctrl+C at ``--no-seat``,
closes the friends' pages, each told why, while their games still sit at the table (the
table closing first could end a game, and its page closed saying nothing). Real tables on
127.0.0.1."""

from __future__ import annotations

from net_helpers import open_table

from okey_tui.net.client import RemoteTable


async def test_the_closers_run_while_the_seats_are_still_at_the_table() -> None:
    server = await open_table()
    friend = await RemoteTable.join(server.url, server.code, "Deniz")
    seen: list[bool] = []

    async def close_pages() -> None:
        seen.append(friend.connected and server.seats[friend.seat].conn is not None)

    server.closers.append(close_pages)
    try:
        await server.close()
        assert seen == [True]
        await friend.wait_for(lambda: not friend.connected, 5)  # then the table closed
    finally:
        await friend.close()
