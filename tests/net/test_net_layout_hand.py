"""A seat's kept rack order belongs to its hand: the next deal clears it, and a rack order
of an earlier hand (sent late, carried over from a dead connection, or left in a save) is
never laid over the new rack. A friend back after ``host --resume`` before their first
turn of a new hand gets the rack as dealt, not scattered in the slots of the last hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from net_helpers import crash, play_hand_out, seat_four, settle

from okey_tui.engine.rules import RuleSet
from okey_tui.net.client import RemoteTable
from okey_tui.net.server import TableServer
from okey_tui.ui.remote import carry_layout

THREE_HANDS = RuleSet(hands=3)
# Each seat's rack order in hand 1 (second_hand fills it).
FIRST_HAND: dict[int, list[str | None]] = {}


def scattered(table: RemoteTable) -> list[str | None]:
    """The seat's rack backwards from the last of its 32 slots (an order no deal gives)."""
    slots: list[str | None] = [None] * 32
    for place, tile in enumerate(table.view().rack):
        slots[31 - place] = str(tile)
    return slots


async def kept(table: RemoteTable, slots: list[str | None], ping: int) -> None:
    """The seat keeps ``slots`` as its rack order, and the table has read it."""
    table.keep_layout(slots)
    await table.ping(ping)
    await table.wait_for(lambda: ping in table.pongs, 5)


async def second_hand(path: Path) -> tuple[TableServer, list[RemoteTable], int]:
    """Four people, each arranged their rack in hand 1, played it out; hand 2 is dealt.
    Returns a friend whose turn it is not (they have not acted in hand 2)."""
    server = TableServer(THREE_HANDS, 7, ("easy",) * 4, grace=60.0, save_path=path)
    await server.start()
    tables = await seat_four(server)
    await tables[0].start()
    await settle(tables, server)
    for number, table in enumerate(tables):
        FIRST_HAND[number] = scattered(table)
        await kept(table, FIRST_HAND[number], number + 1)
    assert all(s.layout is not None for s in server.seats)
    await play_hand_out(server, tables)
    for table in tables:
        await table.wait_for(lambda t=table: t.hand_over, 5)
        await table.next_hand()
    for table in tables:
        await table.wait_for(lambda t=table: t.hand_number == 1 and not t.hand_over, 5)
    await settle(tables, server)
    assert server.match is not None
    assert server.match.hand_number == 1 and not server.match.hand_scored
    return server, tables, (server.match.hand.turn + 1) % 4


async def test_a_resume_before_a_friends_first_turn_gives_the_rack_as_dealt(
    tmp_path: Path,
) -> None:
    path = tmp_path / "table.json"
    server, tables, friend = await second_hand(path)
    old = tables[friend]
    second: TableServer | None = None
    back: RemoteTable | None = None
    try:
        await crash(server)  # the host quits, or is killed, before the friend's turn
        second = TableServer.resume(path, grace=60.0)
        await second.start()
        back = await RemoteTable.rejoin(second.url, old.token)
        await back.wait_for(lambda: back is not None and back.has_view, 5)
        carry_layout(old, back)  # what the friend's app does as it takes the seat back
        await back.ping(9)
        await back.wait_for(lambda: back is not None and 9 in back.pongs, 5)
        assert back.layout() is None and second.seats[friend].layout is None
        second.save_now()
        saved = json.loads(path.read_text())["extra"]["table"]["seats"][friend]
        assert saved["layout"] is None
    finally:
        for t in [*tables, *([back] if back else [])]:
            await t.close()
        if second is not None:
            await second.close()


@pytest.mark.parametrize("stamp", [None, 0])
async def test_a_saved_rack_order_of_an_earlier_hand_is_not_laid_over_the_new_rack(
    tmp_path: Path, stamp: int | None
) -> None:
    """A save that holds a seat's order of hand 1 in hand 2 (a save written before the
    order was stamped with its hand, or stamped with hand 1) resumes with no order."""
    path = tmp_path / "table.json"
    server, tables, friend = await second_hand(path)
    server.save_now()
    for table in tables:
        await table.close()
    await server.close()
    raw = json.loads(path.read_text())
    seat = raw["extra"]["table"]["seats"][friend]
    seat["layout"] = FIRST_HAND[friend]
    seat.pop("layout_hand", None)
    if stamp is not None:
        seat["layout_hand"] = stamp
    path.write_text(json.dumps(raw))
    second = TableServer.resume(path, grace=60.0)
    assert second.seats[friend].layout is None


async def test_a_rack_order_sent_for_another_hand_is_dropped(tmp_path: Path) -> None:
    """A rack order the client stamped with a hand that is over (it was sent as the next
    was dealt) is not kept, and is no error; one of this hand is kept."""
    server, tables, friend = await second_hand(tmp_path / "table.json")
    table = tables[friend]
    try:
        slots = scattered(table)
        text = " ".join(t or "." for t in slots)
        errors = len(table.errors)
        await table.send_raw(json.dumps({"type": "layout", "slots": text, "hand": 0}))
        await table.ping(21)
        await table.wait_for(lambda: 21 in table.pongs, 5)
        assert server.seats[friend].layout is None and len(table.errors) == errors
        await table.send_raw(json.dumps({"type": "layout", "slots": text, "hand": 1}))
        await table.ping(22)
        await table.wait_for(lambda: 22 in table.pongs, 5)
        assert server.seats[friend].layout == slots and len(table.errors) == errors
    finally:
        for t in tables:
            await t.close()
        await server.close()
