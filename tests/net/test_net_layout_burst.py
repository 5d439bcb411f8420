"""A burst of rack moves (a key held down, or pressed faster than a person types) sends
the table the last rack order, not one message a move: the table drops what comes faster
than its rate and closes a connection that keeps on, so the seat was dropped by its own
player's keys. The last order still reaches the table, and one left waiting when the
player leaves goes before the connection closes."""

from __future__ import annotations

from net_helpers import a_started_table

from okey_tui.net.client import LAYOUT_GAP


def orders(rack: list[str], count: int) -> list[list[str | None]]:
    """``count`` rack orders of the same tiles in two rows of 16 slots: the rack slid
    along one slot at a time, back to the start after the last."""
    room = 32 - len(rack) + 1
    return [
        [None] * (n % room) + list(rack) + [None] * (32 - n % room - len(rack))
        for n in range(count)
    ]


async def test_a_burst_of_rack_moves_keeps_the_seat_and_the_last_order() -> None:
    async with a_started_table(grace=60.0) as (server, tables):
        table = tables[1]
        rack = [str(t) for t in table.view().rack]
        burst = orders(rack, 300)  # more than the table's burst (40) and its 50 dropped
        for slots in burst:
            table.keep_layout(slots)
        await table.ping(1)
        await table.wait_for(lambda: 1 in table.pongs, 5)
        await table.wait_for(lambda: server.seats[1].layout == burst[-1], 5)
        assert table.connected
        (conn,) = [c for c in server._conns if c.seat == 1]
        assert conn.dropped == 0  # nothing came faster than the table takes


async def test_the_order_left_waiting_goes_before_the_connection_closes() -> None:
    async with a_started_table(grace=60.0) as (server, tables):
        table = tables[2]
        rack = [str(t) for t in table.view().rack]
        first, last = orders(rack, 2)
        table.keep_layout(first)
        table.keep_layout(last)  # waits LAYOUT_GAP behind the first
        await table.close(quitting=True)
        assert server.seats[2].layout == last, (LAYOUT_GAP, server.seats[2].layout)
