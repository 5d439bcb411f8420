"""A seat at a remote table: :class:`RemoteTable`, a :class:`~okey_tui.table.TableInterface`.

>>> # async with await RemoteTable.join("ws://127.0.0.1:8101", "K7M2QX", "Ayşe") as table:
>>> #     await table.act(DrawMiddle())

The client keeps what the server sent (this seat's view, the events it may
see, the seats, chat, scores) and calls the listener after each message.
``act`` waits for the server's answer: the new state, or the engine's
refusal as :class:`~okey_tui.table.ActionRefused`.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import shlex
import socket
import ssl
import time
from collections.abc import Callable, Sequence
from types import TracebackType
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidURI

from okey_tui.engine.actions import Action, AddTile, parse_action
from okey_tui.engine.errors import OkeyError
from okey_tui.engine.match import side_rows
from okey_tui.engine.rules import RuleSet
from okey_tui.engine.scoring import HandResult, SeatScore
from okey_tui.engine.state import SEATS, Event
from okey_tui.engine.tiles import Tile
from okey_tui.engine.view import PlayerView
from okey_tui.i18n import _
from okey_tui.net.protocol import (
    MAX_CHAT,
    MAX_LAYOUT,
    MAX_NAME,
    MAX_SERVER_BYTES,
    PROTOCOL_VERSION,
    Bridge,
    Closing,
    ErrorCode,
    JSONList,
    ProtocolError,
    ViewReader,
    chat_from_json,
    clean_text,
    departures_to_fields,
    encode,
    event_from_json,
    layout_to_text,
    lobby_seats_from_json,
    report_from_json,
    said_error,
    summary_from_json,
    tile_from_text,
)
from okey_tui.storage import JSONObject
from okey_tui.table import (
    CONNECTION_LOST,
    NO_ANSWER,
    ActionRefused,
    ChatLine,
    Departures,
    HandReport,
    HandSummary,
    SeatInfo,
    TableInterface,
)

log = logging.getLogger("okey_tui.net")

# Seconds a move or a question waits for the table's answer before it is said to have none.
ANSWER_WAIT = 10.0
# Seconds between two rack orders sent to the table: at most ten a second, half the rate
# a table takes from a connection (the moves and the chat keep the rest).
LAYOUT_GAP = 0.1


class BadAddress(OSError):
    """An address no computer can have: the name resolver refused it with a ValueError
    (``bad..host`` failed in the idna codec), raised as an OSError so that every place
    that says a table cannot be reached says this too, instead of a traceback."""


def unreachable_reason(error: OSError | TimeoutError) -> str:
    """Why a table could not be reached, in words a player can act on (not an errno)."""
    if isinstance(error, BadAddress):
        return _("no computer can have that name: check the address")
    if isinstance(error, ConnectionRefusedError):
        return _(
            "nothing answers at that address and port. Is okey101 host running there? "
            "From another computer, the host needs --public"
        )
    if isinstance(error, socket.gaierror):
        return _("no computer has that name: check the address")
    if isinstance(error, TimeoutError):
        return _("no answer in time: check the address, and that the host's network lets you in")
    if isinstance(error, ssl.SSLCertVerificationError):
        return _(
            "this computer does not trust the table's certificate ({reason}). For a "
            "certificate the host made: SSL_CERT_FILE=its-cert.pem okey101 join …"
        ).format(reason=error.verify_message or error.reason)
    if isinstance(error, ssl.SSLError):
        return _("the secure connection failed: does the table serve over TLS? ({reason})").format(
            reason=error.reason or error
        )
    if isinstance(error, ConnectionResetError) or not (error.strerror or str(error)):
        return _(
            "the connection was closed at once: check the address and port, and --tls "
            "(only for a table served over TLS)"
        )
    return error.strerror or str(error)


def not_a_table_reason() -> str:
    """What a player reads when the address answers, but not as an okey101 table does."""
    return _(
        "the answer there is not an okey101 table: check the address and port (a table "
        "served over TLS needs --tls)"
    )


def after_colon(text: str) -> str:
    """``text`` said after a colon ("The table said no: every seat is taken"): its first
    letter in lower case, as the language writes it (Turkish ``I`` is ``ı``), unless its
    first word is written in capitals (TLS, a code).

    >>> after_colon("Every seat is taken"), after_colon("TLS failed"), after_colon("")
    ('every seat is taken', 'TLS failed', '')
    """
    from okey_tui.i18n import lower

    first = text.split(" ", 1)[0]
    if not first or (len(first) > 1 and first.isupper()):
        return text
    return lower(text[:1]) + text[1:]


class JoinError(Exception):
    """The table would not seat us; ``code`` is the server's error code. ``name``: the
    seat's name, where the table says it (a ``token-in-use`` of a newer table)."""

    def __init__(self, code: str, message: str, name: str = "") -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.name = name

    @property
    def reason(self) -> str:
        """The table's words as said after a colon ("The table said no: {reason}")."""
        return after_colon(self.message)


def join_address(url: str) -> str:
    """A table's address as ``okey101 join`` is given it, the way the host prints it:
    ``127.0.0.1:8101``, with `` --tls`` for a table served over TLS (the rejoin line
    said ``ws://127.0.0.1:8101``).

    >>> join_address("ws://127.0.0.1:8101"), join_address("wss://10.0.0.5:8101")
    ('127.0.0.1:8101', '10.0.0.5:8101 --tls')
    """
    if url.startswith("wss://"):
        return url.removeprefix("wss://").rstrip("/") + " --tls"
    return url.removeprefix("ws://").rstrip("/")


class RemoteTable:
    """One seat at a table served by :class:`okey_tui.net.server.TableServer`."""

    def __init__(self, ws: ClientConnection, welcome: JSONObject, record: bool = False) -> None:
        self._ws = ws
        self._seat = _int(welcome.get("seat"))
        if not 0 <= self._seat < SEATS:
            raise ProtocolError(
                ErrorCode.BAD_FIELD, _("{field} is out of range").format(field="seat")
            )
        token = welcome.get("token")
        self.token = token if isinstance(token, str) else ""
        # The table's rules, as the host set them (its lobby says them before the deal);
        # None when the welcome names none this okey101 reads.
        self.rules: RuleSet | None = None
        code = welcome.get("rules")
        if isinstance(code, str):
            with contextlib.suppress(OkeyError, ValueError):
                self.rules = RuleSet.from_code(code)
        self.received: list[str] | None = [] if record else None
        self._view: PlayerView | None = None
        self._views = ViewReader()
        self._events: list[Event] = []
        self._hand = -1
        self._seats: list[SeatInfo] = []
        self.lead: int | None = None
        self.started = False
        self.start_at: int | None = None  # the table deals by itself once this many people sit
        self.turn_time = 0.0  # seconds a person has for a turn (0: no limit)
        self._results: list[HandSummary] = [
            summary_from_json(r) for r in _list(welcome.get("results"))
        ]
        self._totals: tuple[int, ...] = (0, 0, 0, 0)
        # Which match of the table this is (its people played again at its end): 1 when
        # the welcome does not say.
        self._match = _match_number(welcome.get("match"))
        self._match_over = False
        self._hand_over = False
        self._chat: list[ChatLine] = [chat_from_json(c) for c in _list(welcome.get("chat"))]
        # The run of the table's server this seat sits at: a seat back at another run was
        # at a table its host closed and opened again (okey101 host --resume). "": the
        # table did not say.
        instance = welcome.get("instance")
        self.instance = instance[:64] if isinstance(instance, str) else ""
        self._notices: list[ChatLine] = []  # this seat's own, among the chat (add_notice)
        self.errors: list[tuple[str, str]] = []  # protocol errors the server sent: (code, message)
        # Why the table closed this connection, when it said (a ``closing`` message's code:
        # ``host-closed``, ``replaced``; see protocol.Closing); None: it did not say.
        self.closed_why: str | None = None
        # The seat of the person whose okey101 serves the table (okey101 host): leaving ends it.
        self.hosting = False
        self.version = 0
        self.pongs: list[int] = []
        self._listener: Callable[[], None] | None = None
        self._ids = itertools.count(1)
        self._pending: dict[int, asyncio.Future[JSONObject | None]] = {}
        self._report: HandReport | None = None
        # When the turn under way must be played by (time.monotonic), at a table with a
        # turn time; None: no clock runs.
        self._turn_ends: float | None = None
        self._next_hand_at: float | None = None  # when the table deals by itself
        # The host dealt the hand under way without waiting for everyone to be ready.
        self.host_dealt = False
        # When a bot takes the seat of each person away from the table (time.monotonic;
        # past: a bot plays it), as the table last said.
        self._bot_at: dict[int, float] = {}
        raw_layout = welcome.get("layout")
        self._layout: list[str | None] | None = (
            [t if isinstance(t, str) else None for t in raw_layout]
            if isinstance(raw_layout, list)
            else None
        )
        # The hand that order was arranged in (None: the table did not say; the hand it
        # deals now). An order of a hand that is over is dropped as the next is dealt.
        stamp = welcome.get("layout_hand")
        self._layout_hand: int | None = stamp if type(stamp) is int else None
        # The rack's memory of the turn kept with that order (None: none was kept).
        self._departures = Departures.from_json(welcome.get("departures"))
        self.url = ""
        # The join code this seat was taken with ("" when it was taken back with its token):
        # said in the command that sits the person down again.
        self.code = ""
        self.asked_name = ""  # the name the seat was asked for with that code
        # Whether this computer keeps the seat's token under the table's address and join
        # code (``okey101 join`` does): the same command with the code takes the seat back.
        self.token_kept = False
        self._sends: set[asyncio.Task[None]] = set()
        # The rack order waiting to go to the table, and the task that sends it: orders
        # made in a burst go as the last of them, at most one a LAYOUT_GAP.
        self._layout_out: JSONObject | None = None
        self._layout_sender: asyncio.Task[None] | None = None
        # Called once when the connection ends (the remote app takes the seat back).
        self.on_close: Callable[[], None] | None = None
        # Called as a scored hand's result comes (the remote app adds it to the player's
        # statistics): again for the same hand after a rejoin, as the table sends it again.
        self.on_hand_over: Callable[[], None] | None = None
        self._changed = asyncio.Event()
        self._reader = asyncio.create_task(self._read())

    # -- connecting ---------------------------------------------------------------------
    @classmethod
    async def join(
        cls,
        url: str,
        code: str,
        name: str,
        *,
        ssl_context: ssl.SSLContext | None = None,
        timeout: float = 10.0,
        record: bool = False,
        bridge: Bridge | None = None,
    ) -> RemoteTable:
        """Take a free seat with the table's join code (``bridge``: for a browser, on the
        host's own web page)."""
        said = {} if bridge is None else bridge.fields()
        table = await cls._open(
            url,
            {"type": "hello", "v": PROTOCOL_VERSION, "code": code, "name": name, **said},
            ssl_context,
            timeout,
            record,
        )
        table.code = code
        table.asked_name = name
        return table

    @classmethod
    async def rejoin(
        cls,
        url: str,
        token: str,
        *,
        ssl_context: ssl.SSLContext | None = None,
        timeout: float = 10.0,
        record: bool = False,
        bridge: Bridge | None = None,
    ) -> RemoteTable:
        """Take back our seat with the token we were given when we joined."""
        said = {} if bridge is None else bridge.fields()
        return await cls._open(
            url,
            {"type": "rejoin", "v": PROTOCOL_VERSION, "token": token, **said},
            ssl_context,
            timeout,
            record,
        )

    @classmethod
    async def _open(
        cls,
        url: str,
        hello: JSONObject,
        ssl_context: ssl.SSLContext | None,
        timeout: float,
        record: bool,
    ) -> RemoteTable:
        # No context of our own: leave ssl out, so a wss:// table is checked against the
        # certificates this computer trusts (ssl=None is refused for wss://).
        # Any: connect's keyword options, passed on unchanged.
        tls: dict[str, Any] = {} if ssl_context is None else {"ssl": ssl_context}
        try:
            ws = await connect(
                url,
                **tls,
                max_size=MAX_SERVER_BYTES,
                compression=None,
                open_timeout=timeout,
            )
        except OSError:  # said as it is (ssl's certificate error is a ValueError too)
            raise
        except (ValueError, InvalidURI) as exc:  # UnicodeError is a ValueError
            raise BadAddress(str(exc)) from exc
        try:
            # A table that shuts us out may close before reading the hello: its reason is
            # still waiting to be read.
            with contextlib.suppress(ConnectionClosed):
                await ws.send(encode(hello))
            try:
                async with asyncio.timeout(timeout):
                    raw = await ws.recv()
            except ConnectionClosed:
                raise JoinError("closed", _("The table closed the connection")) from None
            data = _decode(raw)
            if data.get("type") != "welcome":
                name = data.get("name")
                raise JoinError(
                    str(data.get("code", "?")),
                    said_error(data) or str(data),
                    clean_text(name, MAX_NAME) if isinstance(name, str) else "",
                )
            table = cls(ws, data, record)
            table.url = url
            if table.received is not None:
                table.received.append(raw if isinstance(raw, str) else raw.decode())
            return table
        except BaseException:
            await ws.close()
            raise

    async def close(self, *, quitting: bool = False) -> None:
        """Close the connection; ``quitting``: the player quits on purpose, and the close
        says so (the others read that they left the table, not that their connection
        was lost)."""
        await self._send_layout_now()  # the last rack order, not left waiting its turn
        if quitting:
            await self._ws.close(1000, Closing.LEFT.value)
        else:
            await self._ws.close()
        self._reader.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._reader

    async def __aenter__(self) -> RemoteTable:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    @property
    def connected(self) -> bool:
        return not self._reader.done()

    # -- TableInterface -----------------------------------------------------------------
    @property
    def seat(self) -> int:
        return self._seat

    def view(self) -> PlayerView:
        if self._view is None:
            raise RuntimeError(_("The match has not started: no view yet"))
        return self._view

    @property
    def has_view(self) -> bool:
        return self._view is not None

    @property
    def hand_number(self) -> int:
        return self._hand

    @property
    def events(self) -> Sequence[Event]:
        return self._events

    def seats(self) -> Sequence[SeatInfo]:
        return self._seats

    @property
    def turn(self) -> int:
        return self.view().turn

    @property
    def hand_over(self) -> bool:
        return self._hand_over

    @property
    def match_over(self) -> bool:
        return self._match_over

    @property
    def match_number(self) -> int:
        return self._match

    @property
    def results(self) -> Sequence[HandSummary]:
        return self._results

    def totals(self) -> tuple[int, ...]:
        return self._totals

    @property
    def chat_lines(self) -> Sequence[ChatLine]:
        return self._chat

    def report(self) -> HandReport | None:
        return self._report

    @property
    def table_chat(self) -> Sequence[ChatLine]:
        """The chat as the table sent it: :attr:`chat_lines` without this seat's own
        notices (:meth:`add_notice`)."""
        return [line for line in self._chat if not any(line is n for n in self._notices)]

    def add_notice(self, text: str) -> None:
        """A notice of this seat's own among the chat lines (``seat`` None: the log writes
        it as the table's, "· …"), as what happened to the table while this seat was away
        from it ("the host closed the table and opened it again"). Never sent."""
        line = ChatLine(None, "", text)
        self._notices.append(line)
        self._chat.append(line)
        self._changed.set()

    @property
    def turn_ends(self) -> float | None:
        return self._turn_ends

    @property
    def next_hand_at(self) -> float | None:
        return self._next_hand_at

    def bot_takes_seat_at(self, seat: int) -> float | None:
        return self._bot_at.get(seat)

    def layout(self) -> list[str | None] | None:
        return self._layout

    @property
    def layout_hand(self) -> int | None:
        """The hand the kept rack order was arranged in (None: none is kept, or the table
        has not dealt yet)."""
        return None if self._layout is None else self._layout_hand

    def departures(self) -> Departures | None:
        return self._departures

    def keep_layout(
        self,
        slots: list[str | None],
        departures: Departures | None = None,
        *,
        hand: int | None = None,
    ) -> None:
        """Keep the rack order here and with the table (sent in the background), stamped
        with the hand it was arranged in (``hand``; the hand under way when not given), and
        with it the rack's memory of the turn (left out when it would not fit the message).
        An order of a hand that is over is neither kept nor sent."""
        if hand is None:
            hand = self._hand if self._hand >= 0 else None
        elif self._hand >= 0 and hand != self._hand:
            return  # arranged in a hand that is over: it would scatter this one's rack
        self._layout, self._layout_hand, self._departures = list(slots), hand, departures
        if self._reader.done():
            return
        message: JSONObject = {"type": "layout", "slots": layout_to_text(slots)}
        if hand is not None:
            # The table drops it once that hand is over (in another match too: a match
            # played again deals hand 0 again).
            message["hand"] = hand
            message["match"] = self._match
        if departures is not None and departures.hand == hand:  # a memory of another hand: none
            fields = departures_to_fields(departures)
            if all(len(fields[name]) <= MAX_LAYOUT for name in ("left", "back")):
                message.update(fields)
        self._layout_out = message
        if self._layout_sender is None or self._layout_sender.done():
            task = asyncio.get_running_loop().create_task(self._send_layouts())
            self._layout_sender = task
            self._sends.add(task)
            task.add_done_callback(self._sends.discard)

    async def _send_layouts(self) -> None:
        """Send the rack order waiting, then each newer one after LAYOUT_GAP: a burst of
        moves (a key held down) sends its last order, not one message a move (the table
        drops what comes faster than its rate, and closes a connection that keeps on:
        the seat was dropped by its own player's keys)."""
        while self._layout_out is not None:
            await self._send_layout_now()
            await asyncio.sleep(LAYOUT_GAP)

    async def _send_layout_now(self) -> None:
        message, self._layout_out = self._layout_out, None
        if message is not None and not self._reader.done():
            await self._send_quietly(message)

    async def _send_quietly(self, message: JSONObject) -> None:
        """Send a message that waits for no answer; while the connection is down it is
        dropped (the seat is being taken back, and the table's state comes with it)."""
        with contextlib.suppress(ConnectionClosed):
            await self._ws.send(encode(message))

    def quit_closes_table(self) -> bool:
        # At a match's end too: the others may be asking for another match at the table.
        return self.hosting

    def replay_command(self) -> str | None:
        return None  # the deals are the host's

    def leave_note(self) -> str | None:
        if self._match_over and self.hosting:
            return _(
                "You host this table: quitting closes it, and nobody plays another match at it."
            )
        if self.hosting:
            if not self.started:
                return None  # nothing to open again: the table was never played
            # The command on a line of its own, indented: copied whole.
            return _(
                "You host this table: quitting closes it for everyone. This opens it "
                "again, and the others rejoin:\n  okey101 host --resume"
            )
        from okey_tui.web import web_link

        link = web_link()
        if not self.started:
            # The table frees a seat left before the match begins, for the next to join.
            if link is not None:
                return _(
                    "You left before the match began: your seat is free for the next "
                    "person. The table's link sits you down again while a seat is free."
                )
            # The name asked for too: as printed, the command sat them under another name.
            # The command on a line of its own, indented: in the middle of the words, the
            # terminal split it over two lines, and the first line copied was refused.
            name = f" --name {shlex.quote(self.asked_name)}" if self.asked_name else ""
            return _(
                "You left before the match began: your seat is free for the next person. "
                "While a seat is free, this sits you down again:\n  okey101 join {url} {code}"
            ).format(url=join_address(self.url), code=(self.code or _("CODE")) + name)
        if link is not None:  # a friend in a browser (okey101 host --web): no terminal there
            # The link for another browser is on the page shown next, whole, to click or
            # copy: in the dialog it broke over three lines between its borders.
            return _(
                "Your seat is kept (a bot plays it if you are not back soon): open the table's "
                "link again in this browser to take it back. The page shown next has the link "
                "for another browser."
            )
        # Each command on a line of its own, indented: copied whole (a dialog keeps such a
        # line unwrapped where it fits; the terminal prints it as it is).
        url = join_address(self.url)
        if self.token_kept and self.code:
            return _(
                "Your seat is kept (a bot plays it if you are not back soon). To take it "
                "back, run:\n  okey101 join {url} --token {token}\nor, on this computer "
                "(it keeps the token):\n  okey101 join {url} {code}"
            ).format(url=url, token=self.token, code=self.code)
        return _(
            "Your seat is kept (a bot plays it if you are not back soon). To take it "
            "back, run:\n  okey101 join {url} --token {token}"
        ).format(url=url, token=self.token)

    async def act(self, action: Action, timeout: float | None = None) -> None:
        await self.act_text(action.text(self.view().okey), timeout)

    async def act_text(self, text: str, timeout: float | None = None) -> None:
        """Send an action in the engine's text form and wait for the answer."""
        await self._ask({"type": "act", "action": text}, timeout)

    async def act_all(self, actions: Sequence[Action], timeout: float | None = None) -> None:
        okey = self.view().okey
        text = "\n".join(a.text(okey) for a in actions)
        await self._ask({"type": "act_all", "actions": text}, timeout)

    async def check(self, action: Action, timeout: float | None = None) -> ActionRefused | None:
        try:
            await self._ask({"type": "check", "action": action.text(self.view().okey)}, timeout)
        except ActionRefused as refused:
            return refused
        return None

    async def plan_adds(
        self,
        tiles: Sequence[Tile],
        target: int,
        okey_as: Tile | None = None,
        timeout: float | None = None,
    ) -> tuple[list[AddTile], Tile | None]:
        message: JSONObject = {"type": "plan", "tiles": " ".join(map(str, tiles)), "target": target}
        if okey_as is not None:
            message["okey_as"] = str(okey_as)
        answer = await self._ask(message, timeout)
        okey = self.view().okey
        steps: list[AddTile] = []
        bad: Tile | None = None
        if isinstance(answer, dict):
            for text in _list(answer.get("steps")):
                step = parse_action(str(text), okey)
                if isinstance(step, AddTile):
                    steps.append(step)
            raw_bad = answer.get("bad")
            bad = None if raw_bad is None else tile_from_text(raw_bad)
        return steps, bad

    async def okey_readings(
        self, tiles: Sequence[Tile], target: int, timeout: float | None = None
    ) -> list[Tile]:
        message = {"type": "plan", "tiles": " ".join(map(str, tiles)), "target": target}
        answer = await self._ask(message, timeout)
        if not isinstance(answer, dict):
            return []
        return [tile_from_text(t) for t in _list(answer.get("readings"))]

    async def _ask(self, message: JSONObject, timeout: float | None) -> JSONObject | None:
        """Send ``message`` with a new id and wait for the server's answer to it (for
        ``timeout`` seconds, by default ``ANSWER_WAIT``)."""
        action_id = next(self._ids)
        future: asyncio.Future[JSONObject | None] = asyncio.get_running_loop().create_future()
        self._pending[action_id] = future
        try:
            await self._ws.send(encode({**message, "id": action_id}))
            async with asyncio.timeout(ANSWER_WAIT if timeout is None else timeout):
                return await future
        except (ConnectionClosed, ConnectionError):
            # A refusal like the table's own: the screen says it, and nothing changed.
            raise ActionRefused(
                "ConnectionError",
                CONNECTION_LOST,
                _("The connection to the table dropped: wait until the seat is taken back"),
                worded=True,
            ) from None
        except TimeoutError:
            raise ActionRefused(
                "TimeoutError",
                NO_ANSWER,
                _("The table did not answer in time: look at the table, then try again"),
                worded=True,
            ) from None
        finally:
            self._pending.pop(action_id, None)

    async def say(self, text: str) -> None:
        """Send one chat line, cut to the table's limit (a longer one would be refused)."""
        await self._send_quietly({"type": "chat", "text": text[:MAX_CHAT]})

    async def rename(self, name: str) -> None:
        """Sit under another name (before the match starts): the lobby then shows it, with
        a number after it if someone has it already."""
        await self._send_quietly({"type": "rename", "name": name[:MAX_NAME]})

    async def next_hand(self) -> None:
        # The hand this seat is done with: a table that dealt the next one meanwhile (its
        # wait between hands ran out) lets the late "ready" pass.
        await self._send_quietly({"type": "next", "hand": self._hand})

    async def again(self) -> None:
        """Once the match is over: this seat wants another at the same table (dealt when
        every person there wants it, or by the host). The match it is done with is said:
        a table that has dealt the next meanwhile lets the late word pass."""
        await self._send_quietly({"type": "again", "match": self._match})

    async def start(self) -> None:
        """Start the match (the lead player only)."""
        await self._send_quietly({"type": "start"})

    async def ping(self, ping_id: int) -> None:
        await self._ws.send(encode({"type": "ping", "id": ping_id}))

    async def send_raw(self, raw: str | bytes) -> None:
        """Send anything (tests of the server's defences)."""
        await self._ws.send(raw)

    @property
    def listener(self) -> Callable[[], None] | None:
        return self._listener

    def set_listener(self, listener: Callable[[], None] | None) -> None:
        self._listener = listener

    async def wait_for(self, predicate: Callable[[], bool], timeout: float = 10.0) -> None:
        """Wait until ``predicate()`` holds after some message (TimeoutError after ``timeout``)."""
        async with asyncio.timeout(timeout):
            while not predicate():
                if self._reader.done():
                    raise ConnectionError(_("The table closed the connection"))
                self._changed.clear()
                await self._changed.wait()

    # -- reading ------------------------------------------------------------------------------
    async def _read(self) -> None:
        try:
            async for raw in self._ws:
                text = raw if isinstance(raw, str) else raw.decode("utf-8", "replace")
                if self.received is not None:
                    self.received.append(text)
                try:
                    data = _decode(text)
                    self._handle(data)
                except ProtocolError as exc:
                    log.warning(_("the server sent a malformed message: %s"), exc.message)
                    data = {}
                self._changed.set()
                if data.get("type") == "hand_over" and self.on_hand_over is not None:
                    try:
                        self.on_hand_over()
                    except Exception:  # the statistics must not cut the seat off the table
                        log.exception(_("the table listener failed"))
                if self._listener is not None:
                    try:
                        self._listener()
                    except Exception:  # a screen's fault must not cut the seat off the table
                        log.exception(_("the table listener failed"))
        except ConnectionClosed:
            pass
        finally:
            for future in self._pending.values():
                if not future.done():
                    future.set_exception(ConnectionError(_("The table closed the connection")))
            self._changed.set()
            if self.on_close is not None:
                self.on_close()

    def _handle(self, data: JSONObject) -> None:
        kind = data.get("type")
        if kind == "state":
            hand = _int(data.get("hand"))
            match = _match_number(data.get("match"))
            if match != self._match:
                # Another match at the table: nothing of the last one is this match's (a
                # one-hand match's next deal is hand 0 again).
                self._match, self._hand = match, -1
                self._results, self._totals, self._report = [], (0, 0, 0, 0), None
                self._match_over = False
                self._layout, self._departures, self._layout_hand = None, None, None
            if hand != self._hand:
                self._hand, self._events, self._hand_over = hand, [], False
                if self._layout_hand is None:
                    self._layout_hand = hand  # given back in the welcome: of this hand
                elif self._layout_hand != hand:
                    # A new deal: the last hand's order would scatter its rack.
                    self._layout, self._departures = None, None
            self._view = self._views.read(data.get("view"))
            self._totals = self._view.match_totals
            self._events.extend(event_from_json(e) for e in _list(data.get("events")))
            self.version = _int(data.get("version"))
            self.started = True
            left = _seconds(data.get("turn_left"))
            self._turn_ends = None if left is None else time.monotonic() + left
            dealt_in = _seconds(data.get("next_hand_left"))
            self._next_hand_at = None if dealt_in is None else time.monotonic() + dealt_in
            self.host_dealt = data.get("host_dealt") is True
            self._resolve(data.get("ack"), None)
        elif kind == "checked":
            self._resolve(data.get("id"), None)
        elif kind == "planned":
            self._resolve(data.get("id"), None, answer=data)
        elif kind == "refused":
            code, rule, params = data.get("code"), data.get("rule"), data.get("params")
            self._resolve(
                data.get("id"),
                ActionRefused(
                    str(data.get("error")),
                    code if isinstance(code, str) else None,
                    str(data.get("message")),
                    rule=rule if isinstance(rule, int) else None,
                    params=params if isinstance(params, dict) else None,
                ),
            )
        elif kind == "lobby":
            self._seats = lobby_seats_from_json(data.get("seats"))
            now = time.monotonic()
            self._bot_at = {}
            for raw in _list(data.get("seats")):
                left = _seconds(raw.get("away_left")) if isinstance(raw, dict) else None
                if left is not None and isinstance(seat := raw.get("seat"), int):
                    self._bot_at[seat] = now + left
            lead = data.get("lead")
            self.lead = lead if isinstance(lead, int) else None
            self.started = bool(data.get("started"))
            start_at = data.get("start_at")
            self.start_at = start_at if isinstance(start_at, int) and 1 <= start_at <= 4 else None
            self.turn_time = _seconds(data.get("turn_time")) or 0.0
        elif kind == "hand_over":
            # This hand's report, or none: never the last hand's, shown as this one's. A
            # malformed report is refused alone; the scores and the hand's end still count.
            # The hand's scores, read whole before anything changes: malformed, the message
            # is refused.
            summary = summary_from_json(data.get("result"))
            totals = tuple(_int(t) for t in _list(data.get("totals")))
            winners = tuple(_int(w) for w in _list(data.get("winners")))
            if len(totals) != SEATS or not all(0 <= w < SEATS for w in winners):
                raise ProtocolError(
                    ErrorCode.BAD_FIELD,
                    _("{field} is out of range").format(field="hand_over.totals"),
                )
            self._report = None
            if not self._results or self._results[-1].number != summary.number:
                self._results.append(summary)
            self._totals = totals
            self._match_over = bool(data.get("match_over"))
            if data.get("report") is not None:
                try:
                    self._report = report_from_json(data.get("report"))
                except ProtocolError as exc:
                    log.warning(_("the server sent a malformed message: %s"), exc.message)
                    self._report = self._scores_only(summary, winners)
            self._hand_over = True
        elif kind == "chat":
            self._chat.append(chat_from_json(data))
        elif kind == "closing":
            self.closed_why = str(data.get("code"))
        elif kind == "pong":
            pong = data.get("id")
            if isinstance(pong, int):
                self.pongs.append(pong)
        elif kind == "error":
            code, message = str(data.get("code")), said_error(data)
            self.errors.append((code, message))
            # Errors carry no action id: the server answers in order, so the oldest waiting act.
            if self._pending:
                oldest = min(self._pending)
                self._resolve(oldest, ActionRefused("ProtocolError", code, message))

    def _scores_only(self, summary: HandSummary, winners: tuple[int, ...]) -> HandReport | None:
        """The hand's report from its scores, when the table's own could not be read: every
        seat's line as the hand's result said it; no meld, no rack turned over and no
        penalty's story (``scores_only``). None before any view."""
        view = self._view
        if view is None:
            return None
        seats = tuple(
            SeatScore(
                seat=line.seat,
                finish=line.finish,
                tiles_left=(),
                left_sum=line.left_sum,
                okeys_in_hand=line.okeys_in_hand,
                penalties=line.penalties,
                bonus=line.bonus,
                opened=view.openings[line.seat] if 0 <= line.seat < len(view.openings) else None,
                total=line.total,
                note=line.note,
            )
            for line in summary.seats
        )
        rows = side_rows([r.totals() for r in self._results], view.rules.partners)
        return HandReport(
            number=summary.number + 1,
            hands=view.rules.hands,
            result=HandResult(summary.outcome, seats),
            indicator=view.indicator,
            table=(),  # whose tiles each meld holds was the report's to say
            last_discard=None,
            notes=(),
            sheet=tuple(tuple(row) for row in rows),
            totals=self._totals,
            match_over=self._match_over,
            winners=winners,
            rules=view.rules,
            going_pairs=tuple(view.going_pairs),
            scores_only=True,
        )

    def _resolve(
        self, action_id: object, error: ActionRefused | None, answer: JSONObject | None = None
    ) -> None:
        if not isinstance(action_id, int):
            return
        future = self._pending.get(action_id)
        if future is None or future.done():
            return
        if error is None:
            future.set_result(answer)
        else:
            future.set_exception(error)


def _is_a_table_interface(table: RemoteTable) -> TableInterface:
    """Never called: mypy checks here that a RemoteTable is a TableInterface."""
    return table


def _decode(raw: str | bytes) -> JSONObject:
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):  # RecursionError: nested past what Python reads
        raise ProtocolError(
            ErrorCode.BAD_JSON, _("The server sent something that is not JSON")
        ) from None
    if not isinstance(data, dict):
        raise ProtocolError(
            ErrorCode.NOT_OBJECT, _("The server sent a message that is not an object")
        )
    return data


def _match_number(value: object) -> int:
    """A match's number at its table (from 1), as a message says it; 1 for none (an older
    table) or one that makes no sense."""
    return value if type(value) is int and value >= 1 else 1


def _seconds(value: object) -> float | None:
    """A count of seconds a table sent (0 to an hour), or None for anything else."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= 3600:
        return float(value)
    return None


def _int(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ProtocolError(ErrorCode.BAD_FIELD, _("expected an integer"))
    return value


def _list(value: object) -> JSONList:
    return value if isinstance(value, list) else []
