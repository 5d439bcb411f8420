"""A seat's rack memory of the turn (where the tiles laid this turn left from) goes with
its rack order to the table and comes back on a rejoin; a bad one is refused, nothing
kept of that message, and the table goes on."""

from __future__ import annotations

import json

import pytest
from net_helpers import a_started_table, open_table, seat_four, settle

from okey_tui.net.client import RemoteTable
from okey_tui.table import Departures


def slots_of(table: RemoteTable) -> list[str | None]:
    """The seat's rack as a layout: its tiles, a gap after the first, an even count."""
    slots: list[str | None] = [str(t) for t in table.view().rack]
    slots.insert(1, None)
    return slots + [None] * (len(slots) % 2)


async def test_the_memory_sent_with_the_rack_order_comes_back_on_a_rejoin() -> None:
    server = await open_table()
    tables = await seat_four(server)
    back: RemoteTable | None = None
    try:
        await tables[0].start()
        await settle(tables, server)
        assert server.match is not None
        slots = slots_of(tables[1])
        memory = Departures(
            server.match.hand_number, 0, ((1, "R5"), (3, "K13")), ((0, str(slots[0])),)
        )
        tables[1].keep_layout(slots, memory)
        await tables[1].ping(1)
        await tables[1].wait_for(lambda: 1 in tables[1].pongs, 5)
        assert server.seats[1].layout == slots and server.seats[1].departures == memory
        saved = server.table_extra()["table"]["seats"][1]
        assert Departures.from_json(json.loads(json.dumps(saved))["departures"]) == memory
        token = tables[1].token
        await tables[1].close()
        back = await RemoteTable.rejoin(server.url, token)
        await back.wait_for(lambda: back.has_view, 5)
        assert back.layout() == slots and back.departures() == memory
        # A rack order sent without a memory (a client from before) keeps none.
        back.keep_layout(slots)
        await back.ping(2)
        await back.wait_for(lambda: 2 in back.pongs, 5)
        assert server.seats[1].layout == slots and server.seats[1].departures is None
    finally:
        for t in [*tables, *([back] if back else [])]:
            await t.close()
        await server.close()


async def test_a_memory_of_another_hand_is_not_kept() -> None:
    async with a_started_table() as (server, tables):
        assert server.match is not None
        slots = slots_of(tables[2])
        tables[2].keep_layout(slots, Departures(server.match.hand_number + 1, 0, ((1, "R5"),)))
        await tables[2].ping(1)
        await tables[2].wait_for(lambda: 1 in tables[2].pongs, 5)
        assert server.seats[2].layout == slots and server.seats[2].departures is None


@pytest.mark.parametrize(
    "memory",
    [
        {"turn": 0},  # not whole
        {"hand": 0, "turn": 0, "left": "1:R5"},  # no back
        {"hand": -1, "turn": 0, "left": "", "back": ""},
        {"hand": 0, "turn": -3, "left": "", "back": ""},
        {"hand": 0, "turn": 0, "left": "99:R5", "back": ""},  # a slot off the rack
        {"hand": 0, "turn": 0, "left": "1:Z5", "back": ""},  # not a tile
        {"hand": 0, "turn": 0, "left": "R5", "back": ""},  # no slot
        {"hand": 0, "turn": 0, "left": "-1:R5", "back": ""},
        {"hand": 0, "turn": 0, "left": "", "back": "1:R5 " * 200},  # too long
        {"hand": "0", "turn": 0, "left": "", "back": ""},
        {"hand": 0, "turn": 0, "left": [[1, "R5"]], "back": ""},
        {"hand": True, "turn": 0, "left": "", "back": ""},
    ],
)
async def test_a_bad_memory_is_refused_and_nothing_of_its_message_kept(
    memory: dict[str, object],
) -> None:
    async with a_started_table() as (server, tables):
        assert server.match is not None
        kept = slots_of(tables[3])
        good = Departures(server.match.hand_number, 0, ((1, "R5"),))
        tables[3].keep_layout(kept, good)
        await tables[3].ping(1)
        await tables[3].wait_for(lambda: 1 in tables[3].pongs, 5)
        before = server.match.hand.position()
        errors = len(tables[3].errors)
        other = list(reversed(kept))
        await tables[3].send_raw(
            json.dumps({"type": "layout", "slots": " ".join(t or "." for t in other), **memory})
        )
        await tables[3].wait_for(lambda: len(tables[3].errors) > errors, 5)
        assert tables[3].errors[-1][0] == "bad-field"
        assert server.seats[3].layout == kept and server.seats[3].departures == good
        assert server.match.hand.position() == before
        await tables[3].ping(2)  # the table goes on
        await tables[3].wait_for(lambda: 2 in tables[3].pongs, 5)


@pytest.mark.parametrize(
    "slots",
    [
        " ".join(["R1", "R2"] + ["."] * 32),  # 34 slots: rows of 17, wider than any rack
        " ".join(["R1", "R1", "R1"] + ["."] * 29),  # a tile three times: the game has two
        "R1 R2 .",  # rows of unequal length
    ],
)
async def test_a_rack_order_no_rack_can_have_is_refused(slots: str) -> None:
    """A client sent 52 slots of tiles not in its rack; the table kept them and gave them
    back on the rejoin, and the rack was drawn 26 slots a row, over the status line at
    80x24. Refused, the order kept before stays and the table goes on."""
    async with a_started_table() as (server, tables):
        kept = slots_of(tables[2])
        tables[2].keep_layout(kept)
        await tables[2].ping(1)
        await tables[2].wait_for(lambda: 1 in tables[2].pongs, 5)
        errors = len(tables[2].errors)
        await tables[2].send_raw(json.dumps({"type": "layout", "slots": slots}))
        await tables[2].wait_for(lambda: len(tables[2].errors) > errors, 5)
        assert tables[2].errors[-1][0] == "bad-field"
        assert server.seats[2].layout == kept
        await tables[2].ping(2)  # the table goes on
        await tables[2].wait_for(lambda: 2 in tables[2].pongs, 5)
