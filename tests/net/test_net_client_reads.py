"""What a table sends, the client reads whole or refuses whole: mutated copies of a real
table's messages (fields dropped, values of other types, lists cut short or grown) either
raise ProtocolError or leave the client with what the screens can show (four seats in the
lobby, four entries in every per-seat field, seat numbers among the four). A lobby of three
seats, a view of three discard piles and a report of three seats' lines each read well and
ended a person's app in an IndexError as the table or the summary was drawn.

Seeded: a failure repeats. The table is a real server on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import copy
import json
import random
from collections.abc import AsyncIterator

import pytest
from net_helpers import open_table, play_hand_out, seat_four

from okey_tui.engine.state import SEATS
from okey_tui.net.client import RemoteTable, _decode
from okey_tui.net.protocol import ProtocolError
from okey_tui.storage import JSONObject

VALUES: list[object] = [None, True, 0, -1, 4, 99, 2.5, "", "R1", "x", [], {}, [0, 1], ["R1"] * 30]


async def messages_of_a_hand() -> list[JSONObject]:
    """Everything a seat is sent from its welcome to the end of a hand, chat included."""
    server = await open_table()
    tables = await seat_four(server, record=True)
    try:
        await tables[0].start()
        await tables[0].wait_for(lambda: tables[0].has_view, 5)
        await tables[1].say("merhaba")
        await play_hand_out(server, tables)
        await tables[0].wait_for(lambda: tables[0].hand_over, 5)
        assert tables[0].received is not None
        return [json.loads(text) for text in tables[0].received]
    finally:
        for table in tables:
            await table.close()
        await server.close()


def mutate(value: object, rng: random.Random) -> None:
    """One change deep inside ``value``: a field or item dropped, replaced, or (a list)
    grown by a copy of one of its items."""
    if isinstance(value, dict) and value:
        key = rng.choice(sorted(value))
        inner = value[key]
        roll = rng.random()
        if roll < 0.15 and key != "type":
            del value[key]
        elif roll < 0.5 or not isinstance(inner, dict | list) or not inner:
            value[key] = copy.deepcopy(rng.choice(VALUES))
        else:
            mutate(inner, rng)
    elif isinstance(value, list) and value:
        at = rng.randrange(len(value))
        inner = value[at]
        roll = rng.random()
        if roll < 0.2:
            del value[at]
        elif roll < 0.35:
            value.append(copy.deepcopy(inner))
        elif roll < 0.6 or not isinstance(inner, dict | list) or not inner:
            value[at] = copy.deepcopy(rng.choice(VALUES))
        else:
            mutate(inner, rng)


class Silent:
    """A connection that never delivers anything: the test hands the client its messages."""

    def __init__(self) -> None:
        self.closed = asyncio.Event()

    async def close(self, *args: object, **kwargs: object) -> None:
        self.closed.set()

    def __aiter__(self) -> AsyncIterator[str]:
        return self._nothing()

    async def _nothing(self) -> AsyncIterator[str]:
        await self.closed.wait()
        return
        yield  # an async generator that ends when closed


def check_what_the_screens_read(table: RemoteTable) -> None:
    assert 0 <= table.seat < SEATS
    assert table.seats() == [] or sorted(s.seat for s in table.seats()) == list(range(SEATS))
    assert len(table.totals()) == SEATS
    if table.has_view:
        view = table.view()
        for field in ("discards", "rack_counts", "openings", "going_pairs", "match_totals"):
            assert len(getattr(view, field)) == SEATS, field
        assert 0 <= view.seat < SEATS and 0 <= view.turn < SEATS
        assert all(0 <= tm.owner < SEATS for tm in view.table)
    for summary in table.results:
        assert sorted(line.seat for line in summary.seats) == list(range(SEATS))
    report = table.report()
    if report is not None:
        assert sorted(s.seat for s in report.result.seats) == list(range(SEATS))
        assert len(report.totals) == SEATS and all(len(row) == SEATS for row in report.sheet)
        assert all(0 <= w < SEATS for w in report.winners)


@pytest.fixture(scope="module")
def messages() -> list[JSONObject]:
    return asyncio.run(messages_of_a_hand())


@pytest.mark.parametrize("seed", range(8))
async def test_a_table_message_is_read_whole_or_refused_whole(
    messages: list[JSONObject], seed: int
) -> None:
    rng = random.Random(seed)
    welcome, *rest = messages
    assert {m["type"] for m in rest} >= {"lobby", "state", "chat", "hand_over"}
    silent = Silent()
    table = RemoteTable(silent, welcome)  # type: ignore[arg-type]
    try:
        refused = 0
        for _ in range(150):
            message = copy.deepcopy(rng.choice(rest))
            for _ in range(rng.randint(0, 3)):
                mutate(message, rng)
            try:
                table._handle(_decode(json.dumps(message)))
            except ProtocolError:
                refused += 1
            check_what_the_screens_read(table)
        assert refused > 0  # the mutations reach what is checked
        # Nested past what Python reads: refused like any text that is not JSON.
        with pytest.raises(ProtocolError):
            _decode("[" * 5000 + "]" * 5000)
    finally:
        await table.close()
