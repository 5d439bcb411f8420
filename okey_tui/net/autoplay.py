"""A seat at a remote table played by a bot, without a screen (``--autoplay LEVEL``).

``okey101 join ... --autoplay easy`` and ``okey101 host --autoplay easy``
sit like a person would (the same join, the same token kept in the data dir,
the same rejoin after a dropped connection) but a bot of LEVEL chooses each
move from the seat's view. The end-to-end tests run real host and join
processes this way; it is also a way to fill a table for a try-out.

It writes one JSON object a line on standard output, for programs:
``{"seated": SEAT}``, ``{"turn": HAND}`` at the start of each of its turns,
``{"rejoined": SEAT}`` after a dropped connection, and at the end of the match
``{"over": true, "seat": SEAT, "totals": [...], "results": [...]}``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import ssl
import sys
from collections.abc import Coroutine

from okey_tui import storage
from okey_tui.bots.base import Bot, make_bot
from okey_tui.bots.driver import choose_action, safe_action
from okey_tui.engine.state import Phase
from okey_tui.net.client import JoinError, RemoteTable
from okey_tui.net.protocol import Closing, ErrorCode
from okey_tui.table import ActionRefused

# Tries to take the seat back after the connection drops, REJOIN_PAUSE apart.
REJOIN_TRIES = 30
REJOIN_PAUSE = 0.5
# More steps than any match takes: the loop always ends.
MAX_STEPS = 100_000


def say(**fields: object) -> None:
    print(json.dumps(fields), flush=True)


async def take_seat(
    url: str,
    *,
    code: str,
    name: str,
    token: str = "",
    keep_key: str | None = None,
    ssl_context: ssl.SSLContext | None = None,
) -> RemoteTable:
    """Our seat back with a token (given, or kept under ``keep_key``), else a new seat.

    Only a token the table does not know is forgotten (then the code takes a new seat):
    a seat open on another connection, say, keeps its token, and the refusal is raised."""
    kept = storage.seat_token(keep_key) if keep_key else None
    if token or kept:
        try:
            return await RemoteTable.rejoin(url, token or kept or "", ssl_context=ssl_context)
        except JoinError as exc:
            if token or not code or exc.code != ErrorCode.BAD_TOKEN.value:
                raise
            if keep_key:
                storage.keep_seat_token(keep_key, None)  # the table has no such seat
    return await RemoteTable.join(url, code, name, ssl_context=ssl_context)


async def play_seat(
    table: RemoteTable,
    level: str,
    *,
    think: float = 0.0,
    keep_key: str | None = None,
    ssl_context: ssl.SSLContext | None = None,
) -> int:
    """Play the seat until the match is over; 0 then, 1 if the table went away."""
    bot = make_bot(level)
    if keep_key:
        storage.keep_seat_token(keep_key, table.token)
    say(seated=table.seat)
    finished: set[int] = set()
    try:
        for _ in range(MAX_STEPS):
            if not table.connected:
                if table.closed_why == Closing.REPLACED.value:
                    return 1  # the seat plays on another connection now
                back = await _rejoin(table.url, table.token, ssl_context)
                if back is None:
                    return 1
                table = back
                say(rejoined=table.seat)
                continue
            if table.hand_over and table.hand_number not in finished:
                finished.add(table.hand_number)
                if table.match_over:
                    if keep_key:
                        storage.keep_seat_token(keep_key, None)
                    say(
                        over=True,
                        seat=table.seat,
                        totals=list(table.totals()),
                        results=[[s.total for s in r.seats] for r in table.results],
                    )
                    return 0
                await table.next_hand()
                continue
            if table.has_view and not table.hand_over and table.view().my_turn:
                await _move(table, bot, think)
                continue
            with contextlib.suppress(ConnectionError, TimeoutError):
                await _changed(table)
        return 1
    finally:
        await table.close()


async def _changed(table: RemoteTable) -> None:
    """Wait for the table's next change (at most a minute)."""
    version = table.version
    await table.wait_for(
        lambda: table.version != version or table.hand_over or not table.connected, 60
    )


async def _move(table: RemoteTable, bot: Bot, think: float) -> None:
    view = table.view()
    if view.phase is Phase.DRAW:
        say(turn=table.hand_number)
    if think:
        await asyncio.sleep(think)
    chosen, _ = choose_action(bot, view)
    try:
        await table.act(chosen if chosen is not None else safe_action(view))
    except ActionRefused:
        with contextlib.suppress(ActionRefused, ConnectionError, TimeoutError):
            await table.act(safe_action(view))
    except (ConnectionError, TimeoutError):
        pass


async def _rejoin(url: str, token: str, ssl_context: ssl.SSLContext | None) -> RemoteTable | None:
    for _ in range(REJOIN_TRIES):
        try:
            return await RemoteTable.rejoin(url, token, ssl_context=ssl_context)
        except JoinError as exc:
            if exc.code in (ErrorCode.TOKEN_IN_USE.value, ErrorCode.BAD_TOKEN.value):
                return None  # the seat is open elsewhere, or the table does not know it
            await asyncio.sleep(REJOIN_PAUSE)
        except (OSError, TimeoutError):
            await asyncio.sleep(REJOIN_PAUSE)
    return None


def run(coroutine: Coroutine[object, object, int]) -> None:
    """Run an autoplay coroutine as a command: its result is the exit status."""
    try:
        status = asyncio.run(coroutine)
    except KeyboardInterrupt:
        status = 130
    sys.exit(status)
