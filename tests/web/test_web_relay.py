"""What a page sends its table's game, relayed: a page gone as the server answered its
clock's ping (a tab reloaded, a connection reset) put a traceback in the server's log at
each such close; one message of 200 000 keys kept a visitor's game busy at a core's
full use for tens of seconds. Both are let go, and the relay reads on or ends quietly."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

from aiohttp import WSMsgType
from aiohttp.client_exceptions import ClientConnectionResetError

from okey_tui.web.server import MAX_STDIN, Visit, WebServer


class Message:
    def __init__(self, envelope: list[Any]) -> None:
        self.type = WSMsgType.TEXT
        self.data = json.dumps(envelope)


class Page:
    """A page's connection: its messages in turn; its answers, or a reset."""

    def __init__(self, *envelopes: list[Any], gone: bool = False) -> None:
        self.envelopes = envelopes
        self.gone = gone
        self.sent: list[Any] = []

    async def __aiter__(self) -> AsyncIterator[Message]:
        for envelope in self.envelopes:
            yield Message(envelope)

    async def send_json(self, data: Any) -> None:
        if self.gone:
            raise ClientConnectionResetError("Cannot write to closing transport")
        self.sent.append(data)


class Game:
    def __init__(self) -> None:
        self.keys: list[bytes] = []

    async def send_bytes(self, data: bytes) -> None:
        self.keys.append(data)


async def relayed(page: Page) -> Game:
    game = Game()
    visit = Visit("0" * 32, page)  # type: ignore[arg-type]
    await WebServer.relay(None, visit, game)  # type: ignore[arg-type]
    return game


async def test_a_ping_from_a_page_gone_ends_the_relay_quietly() -> None:
    page = Page(["ping", "1"], ["stdin", "d"], gone=True)
    game = await relayed(page)  # no ClientConnectionResetError
    assert game.keys == []  # nothing read after the page went


async def test_a_ping_is_answered_and_the_keys_go_on() -> None:
    page = Page(["ping", "7"], ["stdin", "d"])
    game = await relayed(page)
    assert page.sent == [["pong", "7"]] and game.keys == [b"d"]


async def test_a_message_of_more_keys_than_a_page_sends_is_refused_whole() -> None:
    page = Page(["stdin", "s" * (MAX_STDIN + 1)], ["stdin", "x" * MAX_STDIN], ["stdin", "d"])
    game = await relayed(page)
    assert game.keys == [b"x" * MAX_STDIN, b"d"]
