"""Bad input never hurts the table: each gets a clear error or is closed, the game unchanged."""

from __future__ import annotations

import asyncio
import contextlib
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from net_helpers import a_started_table, open_table, seat_four, settle
from websockets.asyncio.client import connect
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from okey_tui import i18n
from okey_tui.bots.base import make_bot
from okey_tui.bots.driver import play_bot_step
from okey_tui.engine.match import Match
from okey_tui.engine.rules import RuleSet
from okey_tui.net.client import JoinError, RemoteTable
from okey_tui.net.protocol import (
    CLIENT_MESSAGES,
    MAX_CLIENT_BYTES,
    PROTOCOL_VERSION,
    ErrorCode,
    ProtocolError,
    decode_client,
    error_message,
    summary_of,
    summary_to_json,
)
from okey_tui.net.server import Limits

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
# Objects that look like messages: a known or unknown type, any fields.
message_like = st.builds(
    lambda kind, fields: {**fields, "type": kind},
    st.sampled_from([*CLIENT_MESSAGES, "hello!", "", "ACT"]),
    st.dictionaries(
        st.sampled_from(["v", "code", "name", "token", "action", "id", "seat", "text", "x"]),
        json_values,
        max_size=4,
    ),
)
raw_messages = (
    st.binary(max_size=200)
    | st.text(max_size=200)
    | json_values.map(json.dumps)
    | message_like.map(json.dumps)
)


@given(raw_messages)
@settings(max_examples=300, deadline=None)
def test_decoding_any_input_gives_a_message_or_a_protocol_error(raw: str | bytes) -> None:
    try:
        message = decode_client(raw)
    except ProtocolError as exc:
        assert isinstance(exc.code, ErrorCode) and exc.message
    else:
        assert message.type in CLIENT_MESSAGES
        assert set(message.fields) <= set(CLIENT_MESSAGES[message.type])


def test_oversized_and_non_json_constants_are_refused() -> None:
    with pytest.raises(ProtocolError) as info:
        decode_client("x" * (MAX_CLIENT_BYTES + 1))
    assert info.value.code is ErrorCode.BAD_FIELD
    with pytest.raises(ProtocolError) as info:
        decode_client('{"type": "ping", "id": NaN}')
    assert info.value.code is ErrorCode.BAD_JSON
    with pytest.raises(ProtocolError) as info:
        decode_client('{"type": "act", "action": "draw", "id": true}')
    assert info.value.code is ErrorCode.BAD_FIELD
    assert info.value.message == "act.id must be an integer"  # it said "must be a int"
    with pytest.raises(ProtocolError) as info:
        decode_client('{"type": "act", "action": 5}')
    assert info.value.message == "act.action must be a string"


async def test_random_malformed_messages_change_nothing_and_the_table_still_answers() -> None:
    server = await open_table(limits=Limits(rate=10_000, burst=10_000, code_tries=10_000))
    tables = await seat_four(server)
    try:
        await tables[0].start()
        await settle(tables, server)
        assert server.match is not None
        before = server.match.hand.position()
        noisy = tables[(server.match.hand.turn + 1) % 4]  # not the seat to play

        sent: list[str | bytes] = []

        @given(raw_messages)
        @settings(
            max_examples=150,
            deadline=None,
            suppress_health_check=[HealthCheck.function_scoped_fixture],
            database=None,
        )
        def collect(raw: str | bytes) -> None:
            sent.append(raw)

        collect()
        for raw in sent:
            await noisy.send_raw(raw)
        async with connect(server.url) as ws:  # the table still answers a newcomer
            await ws.send(json.dumps({"type": "ping", "id": 5}))
            assert json.loads(await ws.recv()) == {"type": "pong", "id": 5}
        seats = [(seat.name, seat.token) for seat in server.seats]
        async with connect(server.url) as stranger:  # the same noise before any hello
            for raw in sent:
                await stranger.send(raw)
            await stranger.send(json.dumps({"type": "ping", "id": 7}))
            for _ in range(len(sent) + 1):
                reply = json.loads(await stranger.recv())
                if reply == {"type": "pong", "id": 7}:
                    break
                assert reply["type"] in ("error", "pong")  # a random ping is answered too
            assert reply == {"type": "pong", "id": 7}
        assert [(seat.name, seat.token) for seat in server.seats] == seats
        await noisy.ping(9)
        await noisy.wait_for(lambda: 9 in noisy.pongs, 5)
        assert noisy.errors  # each bad message got its error
        assert server.match.hand.position() == before
        assert server.version == 1
    finally:
        for t in tables:
            await t.close()
        await server.close()


async def test_an_oversized_message_closes_the_connection_and_the_table_goes_on() -> None:
    async with a_started_table() as (server, tables):
        assert server.match is not None
        before = server.match.hand.position()
        await tables[1].send_raw("{" + " " * (MAX_CLIENT_BYTES + 10) + "}")
        await tables[1].wait_for(lambda: not tables[1].connected, 5)
        assert server.match.hand.position() == before
        # Its seat is kept for its token; a bot covers it meanwhile.
        back = await RemoteTable.rejoin(server.url, tables[1].token)
        assert back.seat == 1
        await back.close()


async def test_a_flood_is_dropped_with_a_rate_error_then_closed() -> None:
    server = await open_table(limits=Limits(rate=5, burst=5, max_dropped=20))
    tables = await seat_four(server)
    try:
        flood = tables[2]
        for i in range(200):
            try:
                await flood.send_raw(json.dumps({"type": "ping", "id": i}))
            except ConnectionClosed:
                break
        await flood.wait_for(lambda: not flood.connected, 5)
        assert ErrorCode.RATE_LIMIT.value in [code for code, _ in flood.errors]
        assert tables[0].connected
    finally:
        for t in tables:
            await t.close()
        await server.close()


async def test_an_action_for_another_seat_is_refused() -> None:
    async with a_started_table() as (server, tables):
        assert server.match is not None
        turn = server.match.hand.turn
        liar = tables[(turn + 1) % 4]
        await liar.send_raw(json.dumps({"type": "act", "action": "discard R1", "seat": turn}))
        await liar.wait_for(lambda: bool(liar.errors), 5)
        assert liar.errors[-1][0] == ErrorCode.NOT_YOUR_SEAT.value
        assert server.version == 1


async def test_wrong_join_codes_are_counted_then_the_address_is_shut_out() -> None:
    server = await open_table(limits=Limits(code_tries=3))
    try:
        codes = []
        for _ in range(3):
            with pytest.raises(JoinError) as info:
                await RemoteTable.join(server.url, "WRONG1", "Guess", timeout=5)
            codes.append(info.value.code)
        assert codes == ["bad-code", "bad-code", "too-many-tries"]
        # Even the right code is refused now from this address.
        with pytest.raises(JoinError) as info:
            await RemoteTable.join(server.url, server.code, "Late", timeout=5)
        assert info.value.code == "too-many-tries"
        assert not any(s.human for s in server.seats)
    finally:
        await server.close()


async def test_a_used_token_cannot_open_a_second_connection() -> None:
    server = await open_table()
    try:
        first = await RemoteTable.join(server.url, server.code, "Ayşe")
        with pytest.raises(JoinError) as info:
            await RemoteTable.rejoin(server.url, first.token)
        assert info.value.code == "token-in-use"
        with pytest.raises(JoinError) as info:
            await RemoteTable.rejoin(server.url, "guessed-token")
        assert info.value.code == "bad-token"
        assert first.connected
        await first.close()
    finally:
        await server.close()


async def test_a_client_of_another_version_is_told_and_closed() -> None:
    server = await open_table()
    try:
        async with connect(server.url) as ws:
            await ws.send(
                json.dumps(
                    {"type": "hello", "v": PROTOCOL_VERSION + 1, "code": server.code, "name": "New"}
                )
            )
            reply = json.loads(await ws.recv())
            assert reply["code"] == "version" and reply["server_version"] == PROTOCOL_VERSION
            with pytest.raises(ConnectionClosed):
                await ws.recv()
        assert not any(s.human for s in server.seats)
    finally:
        await server.close()


async def test_a_silent_connection_is_closed_after_the_hello_timeout() -> None:
    server = await open_table(limits=Limits(hello_timeout=0.2))
    try:
        async with connect(server.url) as ws:
            reply = json.loads(await ws.recv())
            assert reply["code"] == "timeout"
            with pytest.raises(ConnectionClosed):
                await ws.recv()
    finally:
        await server.close()


async def test_a_flooding_client_that_reads_nothing_is_closed_and_loses_its_lobby_seat() -> None:
    server = await open_table(limits=Limits(rate=5, burst=5, max_dropped=5, close_grace=0.2))
    try:
        # close_timeout: its close waits on a client that reads nothing (10 s by default)
        async with connect(server.url, max_queue=1, close_timeout=1) as deaf:
            await deaf.send(
                json.dumps(
                    {"type": "hello", "v": PROTOCOL_VERSION, "code": server.code, "name": "Deaf"}
                )
            )
            for i in range(30):  # never reads a reply: its queue fills, then the flood closes it
                with contextlib.suppress(ConnectionClosed):
                    await deaf.send(json.dumps({"type": "ping", "id": i}))
            for _ in range(100):
                if not any(seat.human for seat in server.seats):
                    break
                await asyncio.sleep(0.05)
            assert not any(seat.human for seat in server.seats)
    finally:
        await server.close()


async def test_guessed_tokens_count_like_wrong_codes() -> None:
    server = await open_table(limits=Limits(code_tries=2))
    try:
        with pytest.raises(JoinError) as info:
            await RemoteTable.rejoin(server.url, "guess-1", timeout=5)
        assert info.value.code == "bad-token"
        with pytest.raises(JoinError) as info:
            await RemoteTable.rejoin(server.url, "guess-2", timeout=5)
        assert info.value.code == "too-many-tries"
        with pytest.raises(JoinError) as info:
            await RemoteTable.join(server.url, server.code, "Late", timeout=5)
        assert info.value.code == "too-many-tries"
    finally:
        await server.close()


async def test_a_refusal_is_said_in_the_players_language_not_the_hosts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A table run in English refuses a Turkish friend's code: the friend reads it in
    Turkish, made from the error's code and fields; an error whose words depend on what was
    refused keeps the table's words. (A stand-in table on loopback answers every hello.)"""
    replies = [
        error_message(ErrorCode.BAD_CODE, tries_left=2),
        error_message(ErrorCode.TOO_MANY_TRIES, retry_after=250),
        error_message(ErrorCode.STARTED, joining=True),
        error_message(ErrorCode.BAD_FIELD, "name: expected a string"),
    ]
    english = [reply["message"] for reply in replies]
    assert english[0] == "Wrong join code (2 tries left)"

    async def table(ws: ServerConnection) -> None:
        await ws.recv()
        await ws.send(json.dumps(replies.pop(0)))

    monkeypatch.setenv(i18n.ENV_LANG, "tr")
    i18n.set_language("tr")
    said = []
    async with serve(table, "127.0.0.1", 0) as server:
        port = server.sockets[0].getsockname()[1]
        for _ in range(4):
            with pytest.raises(JoinError) as info:
                await RemoteTable.join(f"ws://127.0.0.1:{port}", "WRONG1", "Mehmet", timeout=5)
            said.append(info.value.message)
    assert said[0] == "Yanlış katılma kodu (2 deneme hakkı kaldı)", said
    assert "5 dakika" in said[1] and "try again" not in said[1], said
    assert said[2] != english[2] and "rejoin" not in said[2], said
    assert said[3] == "name: expected a string"


async def test_a_tables_message_the_screens_could_not_show_is_refused_and_the_seat_goes_on() -> (
    None
):
    """A lobby without the four seats, or a view with three discard piles, read well as
    JSON: the person's app ended in an IndexError as it drew the table. The client
    refuses such a message whole and keeps what it had; the next good one is read."""
    server = await open_table()
    recorder = await RemoteTable.join(server.url, server.code, "Ayşe", record=True)
    try:
        await recorder.start()
        await recorder.wait_for(lambda: recorder.has_view, 5)
        assert recorder.received is not None
        welcome, *rest = (json.loads(text) for text in recorder.received)
    finally:
        await recorder.close()
        await server.close()
    lobby = next(m for m in rest if m["type"] == "lobby")
    state = next(m for m in rest if m["type"] == "state")
    view = state["view"]
    later = {**state, "version": state["version"] + 1}
    sent = [
        json.dumps(lobby),
        json.dumps(state),
        json.dumps({**lobby, "seats": lobby["seats"][:3]}),
        json.dumps({**state, "version": 99, "view": {**view, "discards": view["discards"][:3]}}),
        "[" * 5000 + "]" * 5000,  # nested past what Python reads: its reader stopped
        json.dumps({"type": "hand_over", "result": a_result(), "totals": [0, 0, 0]}),
        json.dumps(later),
    ]
    done = asyncio.Event()

    async def replay(ws: ServerConnection) -> None:
        await ws.recv()  # the hello
        await ws.send(json.dumps(welcome))
        for message in sent:
            await ws.send(message)
        await done.wait()

    async with serve(replay, "127.0.0.1", 0) as fake:
        port = fake.sockets[0].getsockname()[1]
        table = await RemoteTable.join(f"ws://127.0.0.1:{port}", "ABCD", "Ayşe")
        try:
            await table.wait_for(lambda: table.version == later["version"], 5)
            assert table.connected
            assert [seat.seat for seat in table.seats()] == [0, 1, 2, 3]
            assert len(table.view().discards) == 4
            assert not table.hand_over and table.results == []  # refused whole
        finally:
            done.set()
            await table.close()


def a_result() -> dict[str, object]:
    """A scored hand's result as a table sends it (``hand_over``'s ``result``)."""
    match = Match(RuleSet(hands=3), seed=5)
    bot = make_bot("easy")
    while not match.hand.is_over:
        play_bot_step(match.hand, bot)
    match.finish_hand()
    return summary_to_json(summary_of(0, match.results[-1]))
