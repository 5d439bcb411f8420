"""One table served over WebSocket: the host's engine is the only authority.

A :class:`TableServer` holds a lobby of four seats, then a
:class:`~okey_tui.engine.match.Match`. People join with the table's join
code and get a seat token; seats nobody took are bots of the table's level,
and a person whose connection drops is covered by a bot until they rejoin
with their token. Every action arrives as the engine's action text, is
checked by the engine and either applied or refused with the engine's
error. Each connection receives only its seat's view and the events it may
see (:func:`okey_tui.net.protocol.event_for`); once a hand is scored, the
hand's report turns every rack over for every seat, as at a real table.

Bad input never touches the game: a message is checked
(:func:`~okey_tui.net.protocol.decode_client`) before anything reads it, is
size-limited by the WebSocket layer, rate-limited per connection, and join
codes have a limited number of tries per address.

A table given a ``save_path`` autosaves like a local match
(:mod:`okey_tui.storage`: the same format, written atomically, one process
per match through its lock). The table's own part (join code, port, each
seat's name, token, join order and rack order, the chat) rides in the
save's ``extra``; :meth:`TableServer.resume` builds the table again from it,
and its players rejoin with their tokens.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import math
import secrets
import socket
import ssl
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from okey_tui import storage
from okey_tui.bots.base import LEVELS, Bot, make_bot
from okey_tui.bots.driver import apply_action, choose_action
from okey_tui.engine.actions import parse_action
from okey_tui.engine.errors import ErrorCode as EngineCode
from okey_tui.engine.errors import HandOverError, NotationError, NotYourTurnError, OkeyError
from okey_tui.engine.match import Match
from okey_tui.engine.rules import RuleSet
from okey_tui.engine.state import SEATS, Event, Hand
from okey_tui.engine.view import PlayerView, okey_readings, plan_adds
from okey_tui.hotseat import own_name_text, screen_word_name
from okey_tui.i18n import _, ngettext, os_problem
from okey_tui.net.protocol import (
    MAX_ACTIONS,
    MAX_ADDRESS,
    MAX_CHAT,
    MAX_CLIENT_BYTES,
    MAX_NAME,
    PROTOCOL_VERSION,
    ClientMessage,
    Closing,
    ErrorCode,
    ProtocolError,
    clean_text,
    closing_message,
    decode_client,
    departures_from_fields,
    encode,
    encode_with,
    error_message,
    event_for,
    event_from_json,
    event_to_json,
    layout_from_text,
    layout_hand_from_fields,
    refusal,
    report_to_json,
    seat_to_json,
    summary_of,
    summary_to_json,
    tile_from_text,
    view_private_json,
    view_public_json,
)
from okey_tui.net.tries import CodeTries
from okey_tui.table import BOT_NAMES as SEAT_BOT_NAMES
from okey_tui.table import (
    MORE_BOT_NAMES,
    SPARE_BOT_NAMES,
    Departures,
    HandSummary,
    SeatInfo,
    folded_name,
    hand_report,
)

log = logging.getLogger("okey_tui.net")

# Join codes: no 0/O, 1/I/L, so a code read aloud is typed right.
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 6
# The bots' own names, seat by seat (those of the hot-seat table's bots, then one for the
# fourth seat). A bot's name is a name alone, as at the hot-seat table: Turkish inflects it
# ("Can'ın", "Can'a"), which a name with "(bot)" after it broke ("Can (bot)'un"). That a
# seat is a bot is said by its level (SeatInfo.level), in its box and in the lobby.
BOT_FIRST_NAMES = (*SEAT_BOT_NAMES, SPARE_BOT_NAMES[0])
# Seconds a player who dropped keeps their turn before a bot plays for them.
DEFAULT_GRACE = 30.0
# Before the match begins, a seat whose connection was lost (a browser page reloaded, a
# network that comes back) waits for its person with its name for the grace period, and
# at least this many seconds (``--grace 0``: a reload still finds the seat), then is free.
# A person who quits on purpose gives the seat up at once.
LOBBY_HOLD = 15.0
# At a table with a turn time, the wait between hands lasts as long as a turn, and at
# least this many seconds (the summary takes a while to read); then the next hand is dealt.
BETWEEN_HANDS_MIN = 30.0
# Messages only a person at the keys sends (a rack order, a ping, go out by themselves, and
# so does a check: a screen asks the table about the draw as its seat's turn comes).
PERSON_PRESENT = frozenset({"start", "act", "act_all", "plan", "chat", "rename", "next", "again"})
# What a hosted table keeps in its save's ``extra`` (``storage`` keeps the match).
TABLE_KEY = "table"
TABLE_VERSION = 1


def listen_problem(
    exc: OSError, host: str, port: int, option: str = "--port", *, resumed: bool = False
) -> str:
    """Why a table (or a web page) cannot listen on ``host``:``port``, said to the person
    who gave ``option``: a port in use in words of our own (the system's words are English
    and name the address as Python writes it), with what most often holds it (a table
    still open) and the two ways on; any other reason (not allowed, no such address) as
    the system gives it. ``resumed``: the port is the one a resumed table's players come
    back to (they rejoin on it by themselves; a new one has to be told to them)."""
    if exc.errno == errno.EADDRINUSE and resumed:
        return _(
            "port {port} on {address} is in use (another okey101 still open there, or another "
            "program), and this table's players come back to it: close that and resume "
            "again, or give another {option} and tell them the new address"
        ).format(port=port, address=host, option=option)
    if exc.errno == errno.EADDRINUSE:
        return _(
            "port {port} on {address} is in use (another okey101 still open there, or another "
            "program): close it, or give another {option}"
        ).format(port=port, address=host, option=option)
    return _("cannot listen on port {port}: {error} (give another {option})").format(
        port=port, error=os_problem(exc), option=option
    )


def new_join_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


@dataclass(frozen=True)
class Limits:
    """What one connection may do before it is refused or closed."""

    max_bytes: int = MAX_CLIENT_BYTES  # a bigger message closes the connection (1009)
    rate: float = 20.0  # messages per second, sustained
    burst: int = 40  # messages at once
    max_dropped: int = 50  # messages dropped for the rate before the connection is closed
    code_tries: int = 5  # wrong join codes (or tokens) per address before it is blocked
    code_block: float = 300.0  # seconds an address stays blocked; wrong tries older are forgotten
    alive_check: float = 3.0  # seconds a seat's connection has to answer a ping when its
    # token comes again on a new connection (no answer: the new one takes the seat)
    hello_timeout: float = 15.0  # seconds to say hello or rejoin
    send_queue: int = 1000  # messages waiting for a slow client before it is closed
    chat_keep: int = 50  # chat lines a newcomer is sent
    max_connections: int = 64  # open connections at once, seated or not
    close_grace: float = 5.0  # seconds a closing connection has before it is cut off


@dataclass
class _Seat:
    index: int
    level: str
    name: str | None = None  # None: nobody took the seat; a bot plays it
    asked: str = ""  # the name the person asked for ("Ayşe" of "Ayşe 2")
    token: str | None = None
    conn: _Conn | None = None
    joined: int = 0  # join order: the earliest connected person leads
    # When the seat's name was asked for (joining, or a rename in the lobby): the earlier
    # keeps a name two ask for, the later is numbered ("Ayşe 2").
    named: int = 0
    ready: bool = False  # for the next hand
    layout: list[str | None] | None = None  # the person's rack order, given back on a rejoin
    # The hand that order was arranged in: an order of another hand is never given back
    # (the tiles of the last deal, laid over a new rack, scatter it).
    layout_hand: int = -1
    # With it, the rack's memory of the turn under way (where the tiles laid this turn left
    # from): given back on a rejoin, for a take-back to put them back in their slots.
    departures: Departures | None = None
    away_since: float = 0.0  # when the person's connection dropped (time.monotonic)
    # Why the person is away: their connection was lost (False: they quit on purpose,
    # their client's close said so).
    dropped: bool = False

    @property
    def human(self) -> bool:
        return self.name is not None


def quit_on_purpose(ws: ServerConnection) -> bool:
    """Whether the client closed ``ws`` saying its player quit (:attr:`Closing.LEFT`): a
    connection killed or cut off sends no close at all, and a browser tab closed, or an
    older client, closes without that reason."""
    close = ws.protocol.close_rcvd
    return close is not None and close.reason == Closing.LEFT.value


def bot_names(people: Sequence[str | None]) -> list[str]:
    """Each seat's name: a person's own (``people[i]``), else its bot's, a name nobody at
    the table uses (never the host's own name).

    A bot keeps its seat's name (BOT_FIRST_NAMES) unless a person has it; then it takes one
    of the names the hot-seat table's bots take (:func:`okey_tui.ui.session.bot_names`).
    The name is a name alone ("Can", never "Can bot"): Turkish puts its endings on it.

    >>> bot_names([None, None, None, None])
    ['Ayşe', 'Mehmet', 'Zeynep', 'Can']
    """
    taken = {folded_name(p) for p in people if p is not None}

    def free(first: str) -> bool:
        return folded_name(first) not in taken

    names: list[str | None] = list(people)
    # First the seats' own names, so that only a bot whose name a person has is renamed.
    for index, person in enumerate(people):
        if person is None and free(BOT_FIRST_NAMES[index]):
            names[index] = BOT_FIRST_NAMES[index]
            taken.add(folded_name(BOT_FIRST_NAMES[index]))
    for index, name in enumerate(names):
        if name is not None:
            continue
        first = next((f for f in (*SPARE_BOT_NAMES, *MORE_BOT_NAMES) if free(f)), None)
        if first is None:  # every name is some person's: the seat's number tells the bot
            names[index] = _("Bot {n}").format(n=index + 1)
        else:
            names[index] = first
            taken.add(folded_name(first))
    return [n or "" for n in names]


@dataclass(eq=False)
class _Conn:
    ws: ServerConnection
    address: str
    # Whose wrong codes this connection's count: its address; for the host's own web page,
    # the browser's ("web 10.0.0.7").
    guesser: str = ""
    # A connection of the host's own web page: the person is in a browser, where no
    # command can be typed (a late joiner is told how to come back there).
    browser: bool = False
    seat: int | None = None
    tokens: float = 0.0
    stamp: float = field(default_factory=time.monotonic)
    dropped: int = 0
    events_sent: int = 0  # how many of the current hand's events this seat has been sent
    hand_sent: tuple[int, int] = (0, -1)  # the match and hand those events belong to
    queue: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue())
    writer: asyncio.Task[None] | None = None
    checking: bool = False  # its rejoin waits to learn whether the seat's connection answers
    closing: bool = False
    close_code: int = 1000
    close_reason: str = ""


class TableServer:
    """A table anyone with the join code can sit at; bots fill the empty seats."""

    def __init__(
        self,
        rules: RuleSet,
        seed: int,
        levels: tuple[str, str, str, str] = ("normal",) * 4,
        *,
        code: str | None = None,
        host: str = "127.0.0.1",
        port: int = 0,
        ssl_context: ssl.SSLContext | None = None,
        limits: Limits | None = None,
        bot_delay: float = 0.0,
        start_at: int | None = None,
        grace: float = DEFAULT_GRACE,
        turn_time: float = 0.0,
        between_wait: float | None = None,
        save_path: Path | None = None,
        on_notice: Callable[[str], None] | None = None,
    ) -> None:
        if any(level not in LEVELS for level in levels):
            raise ValueError(_("Bot levels are {levels}").format(levels=", ".join(LEVELS)))
        self.rules = rules
        self.seed = seed
        self.code = code or new_join_code()
        self.host = host
        self.port = port
        # The port of the table's web page (``host --web``), kept with the table: a resumed
        # table serves its page again there, for the friends who joined from a browser.
        self.web_port: int | None = None
        self.ssl_context = ssl_context
        self.limits = limits or Limits()
        self.bot_delay = bot_delay
        # Deal as soon as this many people sit (None: the lead or the host starts).
        self.start_at = start_at
        self.grace = grace
        # Seconds a person has for a turn before their seat's bot plays the rest of it
        # (0: no limit). A turn counts from when the seat's turn comes.
        self.turn_time = turn_time
        # Seconds between hands before the next is dealt, ready or not (None: as long as
        # a turn, and at least BETWEEN_HANDS_MIN, at a table with a turn time; else no end).
        self.between_wait = between_wait
        # (match, hand, seat) whose turn is timed.
        self._turn_key: tuple[int, int, int] | None = None
        self._turn_no = 0  # bumped as each turn comes
        self._timed_out = -1  # the turn (``_turn_no``) whose time ran out
        self._turn_began = 0.0  # when the timed turn came (time.monotonic)
        # Seats whose person was not ready when the host dealt anyway (:meth:`deal_now`),
        # until they act again: a bot plays each of their turns after the grace period.
        self._idle: set[int] = set()
        self._host_dealt = -1  # the hand the host dealt that way (its states say so)
        self._between_began = 0.0  # when the last hand ended (time.monotonic)
        self._between_for = -1  # the scored hand whose wait runs (its number)
        self.save_path = save_path
        self.on_notice = on_notice
        # What the host must hear even while they play at the table (a terminal that only
        # serves hears it through on_notice): a wrong join code, an address blocked.
        self.on_alert: Callable[[str], None] | None = None
        # The seat of the person who opened the table, when they sit at it (``host --resume``
        # gives it back to them).
        self.host_seat: int | None = None
        # This run of the table's server, told to each seat as it sits: a player who comes
        # back to another (the host closed the table and opened it again with okey101 host
        # --resume) is told so; one whose connection alone dropped comes back to the same.
        self.instance = secrets.token_hex(6)
        self.seats = [_Seat(i, levels[i]) for i in range(SEATS)]
        self.bots: list[Bot] = [make_bot(level) for level in levels]
        self.match: Match | None = None
        # The match at this table, counted from 1 (0 before the first deal): at a match's
        # end the people here may play again at the same table (``again``).
        self.match_number = 0
        self.summaries: list[HandSummary] = []
        self.chat: list[storage.JSONObject] = []
        # The current hand's events before the table was resumed (from its save): the
        # log and the hand's report start at the deal, not at the resume.
        self.earlier_events: list[Event] = []
        self.version = 0  # bumped by every change to the game
        self.bot_replacements = 0
        self._conns: set[_Conn] = set()
        # Wrong join codes and tokens, by address.
        self._tries = CodeTries(self.limits.code_tries, self.limits.code_block)
        # The guesser whose wrong codes the host's alert tells of now (None: no alert).
        self._alerted: str | None = None
        # Called as the host lifts the blocks (the web page's own count of wrong codes).
        self.forgivers: list[Callable[[], None]] = []
        # Awaited as the table closes, before its connections are told: the host's web
        # page closes the friends' pages first, each told why (``host --web``).
        self.closers: list[Callable[[], Awaitable[object]]] = []
        # The tokens of seats given up before the match began: one coming back (a browser
        # that kept it) is told no such seat is here, and is not counted as a guess.
        self._given_up: set[str] = set()
        # The key of the host's own web page (``host --web``): its connections, from this
        # computer, say with it whose browser they serve (see protocol.Bridge).
        self.bridge_key = secrets.token_urlsafe(24)
        self._checks: set[asyncio.Task[None]] = set()  # rejoins waiting on an alive check
        self._joins = 0
        self._namings = 0  # names asked for in the lobby, joins and renames (_Seat.named)
        self._server: Server | None = None
        self._closing: asyncio.Future[None] | None = None  # set as :meth:`close` begins
        self._socket: socket.socket | None = None  # bound by :meth:`bind`, not yet served
        self._wake = asyncio.Event()
        self._bot_task: asyncio.Task[None] | None = None
        self._lock: storage.MatchLock | None = None
        self._save_timer: asyncio.TimerHandle | None = None
        self.save_problem = ""  # the last autosave's failure, if it failed
        # Seconds each message took to handle, reply and broadcasts queued (a benchmark's
        # figure: None keeps nothing).
        self.handle_times: list[float] | None = None

    # -- life ------------------------------------------------------------------------
    def bind(self) -> int:
        """Take the table's port now, before anything about the table is shown: an
        ``OSError`` (:func:`listen_problem` says it) if it cannot be had, in use or not
        allowed. :meth:`start` then serves on it. Returns the port (a free one when
        ``port`` was 0)."""
        if self._socket is None and self._server is None:
            family = socket.getaddrinfo(
                self.host, self.port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
            )[0][0]
            self._socket = socket.create_server((self.host, self.port), family=family)
            self.port = self._socket.getsockname()[1]
        return self.port

    async def start(self) -> int:
        """Listen (on the port :meth:`bind` took, if it was called); returns the port (a
        free one when ``port`` was 0).

        A table with a ``save_path`` holds its lock from here on
        (:class:`~okey_tui.storage.SaveInUseError` if another process plays it).
        """
        self.claim()
        sock, self._socket = self._socket, None
        try:
            self._server = await serve(
                self._handle,
                self.host if sock is None else None,  # a bound socket is where it listens
                self.port if sock is None else None,
                sock=sock,
                max_size=self.limits.max_bytes,
                ssl=self.ssl_context,
                compression=None,
            )
        except BaseException:
            if sock is not None:
                sock.close()
            self.release()
            raise
        self.port = self._server.sockets[0].getsockname()[1] if self._server.sockets else 0
        self._bot_task = asyncio.create_task(self._run_bots())
        self._watch_between()  # a table opened again between hands: its wait starts now
        # A resumed table: its players have the grace period to come back.
        now = time.monotonic()
        for seat in self.seats:
            if seat.human and seat.conn is None and self.started:
                seat.away_since = now
                self._start_grace(seat)
        self._watch_turn()
        return self.port

    def claim(self) -> None:
        """Take the save's lock (:class:`~okey_tui.storage.SaveInUseError` if another
        okey101 serves this table); :meth:`start` does it too."""
        if self.save_path is not None and self._lock is None:
            self._lock = storage.MatchLock(self.save_path)

    def release(self) -> None:
        """Let go of the save's lock (:meth:`close` does it too), and of a port :meth:`bind`
        took that was never served. The lock file goes with it while nothing is saved (the
        table never listened, or its match never started)."""
        if self._socket is not None:
            self._socket.close()
            self._socket = None
        if self._lock is not None:
            self._lock.release()
            self._lock = None
            if self.save_path is not None and not self.save_path.exists():
                storage.discard(self.save_path)

    @property
    def lobby_hold(self) -> float:
        """Seconds a seat whose connection was lost before the match began waits for its
        person (see ``LOBBY_HOLD``)."""
        return max(self.grace, LOBBY_HOLD)

    @property
    def closing(self) -> bool:
        """Whether the table is closing (or closed): the friends leaving now leave because
        it closes, and nobody is told they left or lost the connection."""
        return self._closing is not None

    async def close(self) -> None:
        """Close the table however the host ends it (q at their seat, Ctrl+C, SIGTERM):
        the friends' pages first, each told why (:attr:`closers`), then every connection
        told the host closed the table (:meth:`_say_goodbye`), then the server. Bounded in
        time; a second call waits for the first close to end."""
        if self._closing is None:
            self._closing = asyncio.ensure_future(self._close_table())
        await asyncio.shield(self._closing)

    async def _close_table(self) -> None:
        closers, self.closers = self.closers, []
        for closer in closers:  # the friends' pages, told why, before their apps lose the table
            try:
                await closer()
            except Exception as error:  # the table closes all the same
                log.warning("closing: %s", error)
        if self._save_timer is not None:
            self._save_timer.cancel()
            self._save_timer = None
            self.save_now()
        self.release()
        if self._bot_task is not None:
            self._bot_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._bot_task
        for check in list(self._checks):
            check.cancel()
        if self._server is not None:
            self._server.close(close_connections=False)  # nobody new comes in
            await self._say_goodbye()
            self._server.close()
            await self._server.wait_closed()

    async def _say_goodbye(self) -> None:
        """Tell every connection the host closed the table, then close it (a second at
        most: a connection that does not read is closed by the server's own close)."""
        writers = []
        for conn in list(self._conns):
            self._send(
                conn,
                closing_message(
                    Closing.HOST_CLOSED,
                    _("The host closed the table: the seats are kept if they open it again"),
                ),
            )
            self._close(conn, 1001, Closing.HOST_CLOSED.value)
            if conn.writer is not None:
                writers.append(conn.writer)
        if writers:
            await asyncio.wait(writers, timeout=1.0)

    async def serve_forever(self) -> None:
        """Serve until the table is closed; cancelled (Ctrl+C at the host's terminal), close
        it as the host's q does, every friend told first, then end. (The server's own
        ``serve_forever``, cancelled, closed every connection at once with 1001: each friend
        read a lost connection, and the host's terminal said so of each.)"""
        if self._server is None:
            await self.start()
        assert self._server is not None
        try:
            await self._server.wait_closed()
        except asyncio.CancelledError:
            await self.close()
            raise

    @property
    def url(self) -> str:
        scheme = "wss" if self.ssl_context else "ws"
        return f"{scheme}://{self.host}:{self.port}"

    @property
    def local_url(self) -> str:
        """The address this computer reaches the table at (loopback, whatever it listens on)."""
        scheme = "wss" if self.ssl_context else "ws"
        return f"{scheme}://127.0.0.1:{self.port}"

    def _notice(self, text: str) -> None:
        log.info("%s", text)
        if self.on_notice is not None:
            self.on_notice(text)

    # -- who sits where ------------------------------------------------------------
    def seat_infos(self) -> list[SeatInfo]:
        names = bot_names([s.name for s in self.seats])
        between = self.match is not None and self.match.hand_scored
        return [
            SeatInfo(
                s.index,
                names[s.index],
                None if s.human else s.level,
                s.conn is not None if s.human else True,
                between and s.ready,
                s.human and s.conn is None and self.started and s.dropped,
            )
            for s in self.seats
        ]

    def bot_covers(self, seat: _Seat) -> bool:
        """Whether a bot plays ``seat`` now: nobody took it, or its person has been away
        for the grace period."""
        if seat.conn is not None:
            # Present, but their turn's time ran out: the bot plays the rest of that turn.
            return self._timed_out == self._turn_no and self._turn_seat() == seat.index
        if not seat.human:
            return True
        return time.monotonic() - seat.away_since >= self.grace

    def _turn_seat(self) -> int | None:
        match = self.match
        return None if match is None or match.hand.is_over else match.hand.turn

    def turn_limit(self, seat: int) -> float:
        """Seconds ``seat``'s person has for a turn (0: no limit): the table's turn time; at a
        table without one, the grace period while the person is not back from the hand the
        host dealt without them (:meth:`deal_now`)."""
        if self.turn_time > 0:
            return self.turn_time
        if seat in self._idle:
            return max(self.grace, 0.001)  # --grace 0: a bot plays at once
        return 0.0

    def _watch_turn(self) -> None:
        """As a person's turn comes, with a limit (a turn time, or they are not back yet):
        if the turn is still theirs when the time is up, their seat's bot plays the rest of
        it (and the table says so)."""
        match = self.match
        if match is None or match.hand.is_over:
            return
        # The match's number too: a one-hand match played again deals hand 0 again, its
        # first turn perhaps the seat whose turn ended the last (no clock then started).
        key = (self.match_number, match.hand_number, match.hand.turn)
        if key == self._turn_key:
            return  # the same turn goes on
        self._turn_key = key
        self._turn_no += 1
        self._turn_began = time.monotonic()
        number, seat = self._turn_no, self.seats[match.hand.turn]
        limit = self.turn_limit(seat.index)
        if not seat.human or limit <= 0:
            return

        def up() -> None:
            if self.match is not match or match.hand.is_over:
                return  # the hand ended (a time up said over its summary, and counted)
            if self._turn_no != number or seat.conn is None:
                return  # the turn was played, or the person left (the grace period decides)
            if self.turn_limit(seat.index) <= 0:
                return  # back at the keys meanwhile: their turn is theirs
            self._time_up()
            if seat.index in self._idle:
                said = _("{name} is not back: a bot plays their turn")
            else:
                said = _("Time is up for {name}: a bot plays the rest of their turn")
            self._notice(said.format(name=seat.name))

        asyncio.get_running_loop().call_later(limit, up)

    def waiting_for(self) -> list[str]:
        """Between hands (or at a match's end, for another match once someone asked for
        it), the people here the table waits for (not ready yet); [] when it waits for
        nobody, or it is not between hands."""
        if self._after_match():
            if not any(s.ready for s in self.seats if s.conn is not None):
                return []  # nobody asked for another match: the table waits for nothing
        elif not self._between_hands():
            return []
        return [s.name or "" for s in self.seats if s.conn is not None and not s.ready]

    def deal_now(self) -> bool:
        """The host deals the next hand (at a match's end, the next match someone asked
        for) without waiting for everyone to be ready (a friend away from the keys held
        the table up for ever). Whoever was not ready plays on as usual once back: until
        then each of their turns waits the grace period, then a bot plays it. The host's
        own seat is never one of them: dealing is the host's yes (a bot played the host's
        first turn, "or a bot plays them" said to the host). Whether anything was dealt."""
        if self._after_match():
            if not self.waiting_for():
                return False  # nobody asked for another match
        elif not self._between_hands():
            return False
        host = None if self.host_seat is None else self.seats[self.host_seat]
        if host is not None and host.conn is not None:
            host.ready = True
        late = [s for s in self.seats if s.conn is not None and not s.ready]
        if not late:
            return self._maybe_next_hand() or self._maybe_again()
        self._idle |= {s.index for s in late}
        if self._after_match():
            self._play_again(late)
            return True
        assert self.match is not None
        number = self.match.hand_number + 2
        for seat in late:
            seat.ready = True
        self._host_dealt = self.match.hand_number + 1  # its states say so
        if not self._maybe_next_hand():
            return False
        self._notice(
            _("The host dealt hand {number} without waiting for {names}").format(
                number=number, names=", ".join(s.name or "" for s in late)
            )
        )
        return True

    @property
    def between_time(self) -> float:
        """Seconds the table waits between hands before it deals the next one, ready or
        not (0: it waits for everyone, as at a table with no turn time)."""
        if self.between_wait is not None:
            return max(0.0, self.between_wait)
        return max(BETWEEN_HANDS_MIN, self.turn_time) if self.turn_time > 0 else 0.0

    def _watch_between(self) -> None:
        """As a hand ends at a table with a turn time: when the wait between hands is over,
        the next hand is dealt whoever is not ready yet (one person away from the keys
        does not hold up the table)."""
        match = self.match
        wait = self.between_time
        if not self._between_hands() or wait <= 0:
            return
        assert match is not None
        number = match.hand_number
        if self._between_for == number:
            return  # its wait runs already
        self._between_for = number
        self._between_began = time.monotonic()

        def up() -> None:
            if self.match is not match or match.hand_number != number or match.is_over:
                return  # dealt already (everyone was ready), or another match
            late = [s.name for s in self.seats if s.conn is not None and not s.ready]
            for seat in self.seats:
                seat.ready = seat.ready or seat.conn is not None
            if self._maybe_next_hand() and late:
                self._notice(
                    _("The wait between hands is over: hand {number} is dealt").format(
                        number=number + 2
                    )
                )

        asyncio.get_running_loop().call_later(wait, up)

    def next_hand_left(self) -> float | None:
        """Seconds until the next hand is dealt by itself, between hands at a table with
        a turn time (None otherwise)."""
        if not self._between_hands() or self.between_time <= 0:
            return None
        assert self.match is not None
        if self._between_for != self.match.hand_number:
            return None  # no wait runs (none has been started for this hand)
        return max(0.0, self.between_time - (time.monotonic() - self._between_began))

    def _between_hands(self) -> bool:
        """A hand is scored and another is to come."""
        match = self.match
        return match is not None and match.hand_scored and not match.is_over

    def _after_match(self) -> bool:
        """The match is over: another may be played at this table (``again``)."""
        return self.match is not None and self.match.is_over

    def _time_up(self) -> None:
        """The turn under way has run out of time: its seat's bot plays the rest of it."""
        self._timed_out = self._turn_no
        self._wake.set()

    def turn_left(self) -> float | None:
        """Seconds left of the turn under way, while a person plays it against the turn
        time (None: no turn time, a bot's turn, or the time has run out)."""
        seat = self._turn_seat()
        if seat is None or self._timed_out == self._turn_no:
            return None
        limit = self.turn_limit(seat)
        if limit <= 0 or not self.seats[seat].human or self.seats[seat].conn is None:
            return None
        return max(0.0, limit - (time.monotonic() - self._turn_began))

    def _start_grace(self, seat: _Seat) -> None:
        """When the grace period of the away ``seat`` ends, its bot takes over."""
        since = seat.away_since

        def over() -> None:
            if seat.conn is None and seat.away_since == since and self.started:
                if self._seated():  # (with nobody here the bots wait: said as the last left)
                    self._notice(
                        _("A bot plays for {name} (seat {seat}) until they come back").format(
                            name=seat.name, seat=seat.index + 1
                        )
                    )
                self._broadcast_lobby()  # the others' countdown ends with the grace
                self._wake.set()

        asyncio.get_running_loop().call_later(max(0.0, self.grace) + 0.01, over)

    @property
    def lead(self) -> int | None:
        """The connected person who joined first: they start the match."""
        present = [s for s in self.seats if s.conn is not None]
        return min(present, key=lambda s: s.joined).index if present else None

    @property
    def started(self) -> bool:
        return self.match is not None

    @property
    def resumable(self) -> bool:
        """Whether ``okey101 host --resume`` would open this table again once it is closed:
        its match has begun and is not over (its players may wait for it)."""
        return self.match is not None and not self.match.is_over

    def start_match(self) -> None:
        """Deal the first hand (the lead's ``start``, or the host's own call)."""
        if self.match is not None:
            return
        self.match = Match(self.rules, self.seed)
        self.match_number = 1
        self.version += 1
        self.save_now()
        self._notice(_("The match has started"))
        now = time.monotonic()
        for seat in self.seats:
            if seat.human and seat.conn is None:
                # Kept from the lobby for a person whose connection was lost: their seat
                # now, with the grace period from the deal before a bot plays it.
                seat.away_since = now
                self._start_grace(seat)
        if self.turn_time > 0:
            self._notice(
                _(
                    "Each turn has {seconds} s: a bot plays the rest of a turn that runs over"
                ).format(seconds=f"{self.turn_time:g}")
            )
        self._watch_turn()
        self._broadcast_lobby()
        self._broadcast_state()
        self._wake.set()

    # -- the autosave --------------------------------------------------------------------
    def table_extra(self) -> storage.JSONObject:
        """The table's part of its save: what a resumed table needs besides the match."""
        return {
            TABLE_KEY: {
                "version": TABLE_VERSION,
                "code": self.code,
                "port": self.port,
                **({} if self.web_port is None else {"web_port": self.web_port}),
                "levels": [s.level for s in self.seats],
                "host_seat": self.host_seat,
                "joins": self._joins,
                "seats": [
                    {
                        "name": s.name,
                        "token": s.token,
                        "joined": s.joined,
                        "layout": s.layout,
                        **({} if s.layout is None else {"layout_hand": s.layout_hand}),
                        **({} if s.departures is None else {"departures": s.departures.to_json()}),
                        # Between hands, who pressed Enter for the next (a resume asked
                        # them again, and the table waited on someone who had answered).
                        **({"ready": True} if s.ready and self._between_hands() else {}),
                    }
                    for s in self.seats
                ],
                "chat": self.chat[-self.limits.chat_keep :],
                # Which match of the table this is (its people played again): the seats'
                # statistics know a match by it.
                "match_number": self.match_number,
                "events": [event_to_json(e) for e in self.hand_events()],
                # Kept for a resume, which played on with none (the players were told of
                # the turn time, and waited for ever on a person who had gone).
                "bot_delay": self.bot_delay,
                "turn_time": self.turn_time,
                # The grace period too: a resume counted an away seat down from 30 s, the
                # table hosted with --grace 20.
                "grace": self.grace,
            }
        }

    def hand_events(self) -> list[Event]:
        """The current hand's events from its deal, those before a resume included."""
        if self.match is None:
            return []
        return [*self.earlier_events, *self.match.hand.events]

    def save_now(self) -> None:
        """Write the match and the table to ``save_path`` (atomically); a finished match's
        file is deleted. A failure is told, and the game goes on."""
        if self._save_timer is not None:
            self._save_timer.cancel()
            self._save_timer = None
        match, path = self.match, self.save_path
        if path is None or match is None:
            return
        try:
            if match.is_over:
                if path.exists():
                    storage.discard(path)
                return
            storage.save(match, self.table_extra(), path)
        except OSError as exc:
            if not self.save_problem:
                said = _("The table could not be saved: {error}")
                self._notice(said.format(error=os_problem(exc)))
            self.save_problem = os_problem(exc)
            return
        self.save_problem = ""

    def _save_soon(self) -> None:
        """Save a little later (rack orders and chat come in bursts)."""
        if self.save_path is None or self.match is None or self._save_timer is not None:
            return
        self._save_timer = asyncio.get_running_loop().call_later(0.2, self.save_now)

    @classmethod
    def resume(
        cls,
        path: Path,
        *,
        port: int | None = None,
        paces: dict[str, float] | None = None,
        # Any: the constructor's keyword options (host, TLS, grace), passed on unchanged.
        **options: Any,
    ) -> TableServer:
        """The table saved at ``path``, as it was: its match, join code, seats and tokens,
        its bots' pace, turn time and grace period (``paces`` gives them anew:
        ``bot_delay``, ``turn_time``, ``grace``; a save older than them plays at 0.6 s with
        no limit and a grace period of 30 s).

        Raises :class:`~okey_tui.storage.SaveError` for a file that cannot be used (it is
        set aside; one that cannot be read here is left where it is) and ``ValueError`` for
        a save that is not a hosted table's.
        """
        saved = storage.load(path)
        if saved is None:
            raise ValueError(_("No table is saved at {file}").format(file=path))
        table = saved.extra.get(TABLE_KEY)
        if not isinstance(table, dict) or table.get("version") != TABLE_VERSION:
            raise ValueError(_("{file} is not a hosted table's save").format(file=path.name))
        levels = table.get("levels")
        seats = table.get("seats")
        code = table.get("code")
        saved_port = table.get("port")
        if (
            not isinstance(levels, list)
            or len(levels) != SEATS
            or not all(level in LEVELS for level in levels)
            or not isinstance(seats, list)
            or len(seats) != SEATS
            or not all(isinstance(seat, dict) for seat in seats)
            or not isinstance(code, str)
            or not code.isalnum()
            or not isinstance(saved_port, int)
        ):
            raise ValueError(
                _("{file}: the table's seats or code are unreadable").format(file=path.name)
            )
        # Any: as ``options``; the pace, turn time and grace kept, unless given again.
        chosen: dict[str, Any] = {"bot_delay": 0.6, "turn_time": 0.0, "grace": DEFAULT_GRACE}
        for name in list(chosen):
            value = table.get(name)
            if isinstance(value, int | float) and 0 <= value <= 3600:
                chosen[name] = float(value)
        chosen.update(paces or {})
        chosen.update(options)
        server = cls(
            saved.match.rules,
            saved.match.seed,
            (levels[0], levels[1], levels[2], levels[3]),
            code=code,
            port=saved_port if port is None else port,
            save_path=path,
            **chosen,
        )
        server.match = saved.match
        number = table.get("match_number")
        server.match_number = number if type(number) is int and number >= 1 else 1
        for seat, raw in zip(server.seats, seats, strict=True):
            name, token, joined = raw.get("name"), raw.get("token"), raw.get("joined")
            if isinstance(name, str) and isinstance(token, str) and token:
                seat.name = clean_text(name, MAX_NAME) or _("Player {n}").format(n=seat.index + 1)
                seat.token = token
                seat.joined = joined if isinstance(joined, int) else 0
                layout = raw.get("layout")
                if isinstance(layout, list) and all(
                    t is None or isinstance(t, str) for t in layout
                ):
                    with contextlib.suppress(ProtocolError):
                        slots = layout_from_text(" ".join(t or "." for t in layout))
                        if server._layout_of_this_hand(seat.index, slots, raw.get("layout_hand")):
                            seat.layout, seat.layout_hand = slots, saved.match.hand_number
                            seat.departures = Departures.from_json(raw.get("departures"))
                between = saved.match.hand_scored and not saved.match.is_over
                seat.ready = raw.get("ready") is True and between
        raw_events = table.get("events")
        if isinstance(raw_events, list):
            # All or nothing: a log with holes would tell the hand wrong.
            with contextlib.suppress(ProtocolError):
                kept = [event_from_json(e) for e in raw_events]
                hand = saved.match.hand
                server.earlier_events = storage.logged_before_load(kept, hand)
                # The turn under way, logged again by the load: a bot's moves stay its own.
                again = kept[len(server.earlier_events) :]
                if len(again) == len(hand.events):
                    hand.events = [
                        replace(e, bot=k.bot) for e, k in zip(hand.events, again, strict=True)
                    ]
        joins = table.get("joins")
        server._joins = joins if isinstance(joins, int) else SEATS
        host_seat = table.get("host_seat")
        server.host_seat = host_seat if host_seat in range(SEATS) else None
        chat = table.get("chat")
        for line in chat if isinstance(chat, list) else []:
            if isinstance(line, dict) and isinstance(line.get("text"), str):
                seat_number = line.get("seat")
                server.chat.append(
                    {
                        "type": "chat",
                        "seat": seat_number if seat_number in range(SEATS) else None,
                        "name": clean_text(str(line.get("name", "")), MAX_NAME),
                        "text": clean_text(line["text"], MAX_CHAT),
                    }
                )
        web_port = table.get("web_port")
        if isinstance(web_port, int) and not isinstance(web_port, bool) and 0 < web_port < 65536:
            server.web_port = web_port
        server.summaries = [summary_of(n, r) for n, r in enumerate(saved.match.results)]
        server.version = 1
        return server

    def _layout_of_this_hand(self, seat: int, slots: list[str | None], stamp: object) -> bool:
        """Whether a saved rack order of ``seat`` belongs to the hand under way: stamped
        with it, or (a save from before orders were stamped) holding just the seat's rack
        tiles. An order of an earlier hand would scatter the new rack over its slots."""
        match = self.match
        if match is None:
            return False
        if stamp is not None:
            return type(stamp) is int and stamp == match.hand_number
        rack = [str(t) for t in match.hand.racks[seat]]
        return Counter(t for t in slots if t is not None) == Counter(rack)

    # -- connections -------------------------------------------------------------------
    async def _handle(self, ws: ServerConnection) -> None:
        address = str(ws.remote_address[0]) if ws.remote_address else "?"
        conn = _Conn(ws, address, address, tokens=float(self.limits.burst))
        self._conns.add(conn)
        writer = conn.writer = asyncio.create_task(self._write(conn))
        try:
            if len(self._conns) > self.limits.max_connections:
                self._send(conn, error_message(ErrorCode.BUSY))
                self._close(conn, 1013, "busy")
                return
            # An address blocked for wrong codes may still rejoin with a seat's token.
            await self._read(conn)
        except ConnectionClosed:
            pass
        finally:
            self._conns.discard(conn)
            self._leave(conn)
            conn.queue.put_nowait(None)
            # Read and drop whatever still comes, so the closing handshake is not stuck
            # behind unread messages.
            drain = asyncio.create_task(self._drain(conn))
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, 5.0)
            writer.cancel()
            drain.cancel()

    @staticmethod
    async def _drain(conn: _Conn) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for _message in conn.ws:
                pass

    async def _write(self, conn: _Conn) -> None:
        while True:
            text = await conn.queue.get()
            if text is None:
                await conn.ws.close(conn.close_code, conn.close_reason)
                return
            try:
                await conn.ws.send(text)
            except ConnectionClosed:
                return

    def _send(self, conn: _Conn, message: storage.JSONObject) -> None:
        self._send_text(conn, encode(message))

    def _send_text(self, conn: _Conn, text: str) -> None:
        if conn.closing:
            return
        if conn.queue.qsize() >= self.limits.send_queue:
            log.warning(_("closing a connection from %s: it does not read"), conn.address)
            self._close(conn, 1008, _("too slow"))
            return
        conn.queue.put_nowait(text)

    def _close(self, conn: _Conn, code: int = 1008, reason: str = "") -> None:
        """Close after what is queued; 1008: the client broke the rules."""
        if not conn.closing:
            conn.closing = True
            conn.close_code, conn.close_reason = code, reason
            conn.queue.put_nowait(None)
            # A client that reads nothing never finishes the closing handshake: cut it off.
            asyncio.get_running_loop().call_later(self.limits.close_grace, self._abort, conn)

    @staticmethod
    def _abort(conn: _Conn) -> None:
        if conn.ws.state is not State.CLOSED:
            log.warning(_("cutting off a connection from %s that did not close"), conn.address)
            conn.ws.transport.abort()

    async def _read(self, conn: _Conn) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.limits.hello_timeout
        while conn.seat is None and not conn.closing:
            try:
                async with asyncio.timeout_at(deadline):
                    raw = await conn.ws.recv()
            except TimeoutError:
                if conn.seat is not None:
                    break  # seated meanwhile: its rejoin took a silent connection's seat
                if conn.checking:  # its rejoin waits on the seat's old connection
                    deadline = loop.time() + self.limits.alive_check + 1.0
                    continue
                self._send(conn, error_message(ErrorCode.TIMEOUT))
                self._close(conn)
                return
            self._receive(conn, raw)
        while not conn.closing:
            self._receive(conn, await conn.ws.recv())

    def _receive(self, conn: _Conn, raw: str | bytes) -> None:
        """Check one message and act on it. Nothing here awaits: the table never sees half a message."""
        if not self._take_token(conn):
            return
        start = time.perf_counter()
        try:
            message = decode_client(raw)
            self._dispatch(conn, message)
        except ProtocolError as exc:
            self._send(conn, error_message(exc.code, exc.message, **exc.extra))
        if self.handle_times is not None:
            self.handle_times.append(time.perf_counter() - start)

    def _take_token(self, conn: _Conn) -> bool:
        now = time.monotonic()
        limits = self.limits
        conn.tokens = min(float(limits.burst), conn.tokens + (now - conn.stamp) * limits.rate)
        conn.stamp = now
        if conn.tokens >= 1.0:
            conn.tokens -= 1.0
            return True
        conn.dropped += 1
        if conn.dropped > limits.max_dropped:
            log.warning(_("closing a connection from %s: it floods"), conn.address)
            self._close(conn, 1008, _("too many messages"))
        elif conn.dropped == 1 or conn.dropped % 10 == 0:
            self._send(
                conn,
                error_message(ErrorCode.RATE_LIMIT, rate=limits.rate),
            )
        return False

    def _dispatch(self, conn: _Conn, message: ClientMessage) -> None:
        kind = message.type
        if kind == "ping":
            self._send(conn, {"type": "pong", "id": message.int_field("id")})
        elif kind in ("hello", "rejoin"):
            if conn.seat is not None:
                raise ProtocolError(ErrorCode.ALREADY_SEATED)
            version = message.int_field("v")
            if version != PROTOCOL_VERSION:
                self._send(
                    conn,
                    error_message(
                        ErrorCode.VERSION, server_version=PROTOCOL_VERSION, client_version=version
                    ),
                )
                self._close(conn)
            elif not self._vouched(conn, message):
                return
            elif kind == "hello":
                self._join(conn, message.str_field("code"), message.str_field("name"))
            else:
                self._rejoin(conn, message.str_field("token"))
        elif conn.seat is None:
            raise ProtocolError(ErrorCode.NOT_SEATED)
        elif kind in PERSON_PRESENT and conn.seat in self._idle:
            # Back at the keys after the host dealt without them: their turns are theirs.
            self._idle.discard(conn.seat)
            self._dispatch(conn, message)
        elif kind == "start":
            self._start_by(conn)
        elif kind == "act":
            self._act(conn, message)
        elif kind == "act_all":
            self._act_all(conn, message)
        elif kind == "check":
            self._check(conn, message)
        elif kind == "plan":
            self._plan(conn, message)
        elif kind == "layout":
            self._keep_layout(self.seats[conn.seat], message)
        elif kind == "chat":
            self._chat(conn, message.str_field("text"))
        elif kind == "rename":
            self._rename(self.seats[conn.seat], message.str_field("name"))
        elif kind == "again":
            self._again(conn, message.int_field("match"))
        elif kind == "next":
            done = message.int_field("hand")
            if done is not None and self.match is not None and done < self.match.hand_number:
                return  # ready for a hand the table has already moved past (it timed out)
            self._next(conn)

    def _join(self, conn: _Conn, code: str, name: str) -> None:
        if self._blocked(conn):
            return
        if not secrets.compare_digest(code.strip().upper().encode(), self.code.encode()):
            left = self._wrong_guess(conn)
            if left:
                self._send(conn, error_message(ErrorCode.BAD_CODE, tries_left=left))
            return
        if self.started:
            # Said in the words of where the person is: a terminal, or a browser.
            if conn.browser:
                raise ProtocolError(ErrorCode.STARTED, joining=True, browser=True)
            raise ProtocolError(ErrorCode.STARTED, joining=True)
        free = [s for s in self.seats if not s.human]
        if not free:
            raise ProtocolError(ErrorCode.TABLE_FULL)
        asked = clean_text(name, MAX_NAME) or _("Player {n}").format(n=free[0].index + 1)
        seat = free[0]
        self._joins += 1
        self._namings += 1
        seat.asked, seat.token, seat.joined = asked, secrets.token_urlsafe(24), self._joins
        seat.named = self._namings
        seat.name = asked
        self._name_people()
        name = seat.name
        self._seat(conn, seat)
        self._notice(_("{name} joined (seat {seat})").format(name=name, seat=seat.index + 1))
        if self._tries.left(conn.guesser) < self._tries.tries:
            # That address had given a wrong code, then the right one (a friend's typo):
            # the host's warning of it is moot (an empty alert takes it away).
            self._alert("")
        if self.start_at is not None and sum(s.human for s in self.seats) >= self.start_at:
            self.start_match()

    def _rename(self, seat: _Seat, name: str) -> None:
        """The seat's person asks for another name (a browser friend sat as "Guest"): until
        the match starts; numbered like any name someone has already ("Ayşe 2")."""
        if self.started:
            raise ProtocolError(ErrorCode.STARTED)
        asked = clean_text(name, MAX_NAME)
        if not asked:
            raise ProtocolError(ErrorCode.BAD_FIELD, _("A name is 1-16 characters"))
        if screen_word_name([asked]) is not None:
            # It was taken as the seat's "Player 3", said as "You is taken at this table".
            raise ProtocolError(ErrorCode.BAD_FIELD, own_name_text(asked))
        before = seat.name
        seat.asked = seat.name = asked
        self._namings += 1
        seat.named = self._namings  # after every name asked for before it
        self._name_people()
        if seat.name != before:
            self._notice(
                _("{before} is now {name} (seat {seat})").format(
                    before=before, name=seat.name, seat=seat.index + 1
                )
            )
        self._broadcast_lobby()

    def _name_people(self) -> None:
        """Each person in the lobby their own name, in the order the names were asked for:
        the name they asked for, or (someone before them has it, or one that sounds the
        same) it with the lowest number free ("Ayşe 2"). Named again as someone leaves the lobby, so a
        number goes once its name is free; never once the match has started."""
        taken: set[str] = set()
        # A friend who renamed to a name another already had took it from them (in join
        # order), who then read "is taken: you sit as … 2" having done nothing.
        for seat in sorted((s for s in self.seats if s.human), key=lambda s: (s.named, s.joined)):
            asked = seat.asked or seat.name or ""
            if screen_word_name([asked]) is not None:
                # "You" (or "Sen") is what every screen calls its own player: the others
                # read "You discarded R2" of this one. Named by the seat instead.
                asked = _("Player {n}").format(n=seat.index + 1)
            name = asked
            for number in range(2, SEATS + 2):  # at most SEATS - 1 names are taken
                if folded_name(name) not in taken:
                    break
                suffix = f" {number}"
                name = asked[: MAX_NAME - len(suffix)] + suffix
            seat.name = name
            taken.add(folded_name(name))

    def _vouched(self, conn: _Conn, message: ClientMessage) -> bool:
        """Whether a ``hello`` or ``rejoin`` may go on. One from the host's own web page
        (its ``bridge`` is the table's key) counts its wrong codes for the browser it serves
        (``visitor``), apart from the terminals of this computer: one person's typos there
        shut no browser friend out, nor the other way round. A wrong key counts as a wrong
        code of the connection's own address (and is refused)."""
        key = message.str_field("bridge")
        if not key:
            return True
        if not secrets.compare_digest(key.encode(), self.bridge_key.encode()):
            if not self._blocked(conn):
                left = self._wrong_guess(conn)
                if left:
                    self._send(conn, error_message(ErrorCode.BAD_CODE, tries_left=left))
            return False
        visitor = clean_text(message.str_field("visitor"), MAX_ADDRESS) or "?"
        conn.guesser = f"web {visitor}"
        conn.browser = True
        return True

    def blocked(self) -> list[str]:
        """Who is blocked for wrong codes now, as the host is told of them."""
        return [self._shown_as(guesser) for guesser in self._tries.blocked()]

    @staticmethod
    def _shown_as(guesser: str) -> str:
        """A guesser as the host is told of it: an address, or a browser's."""
        if guesser.startswith("web "):
            return _("{address} (in a browser)").format(address=guesser.removeprefix("web "))
        return guesser

    def forgive(self) -> list[str]:
        """Lift every block for wrong codes (the host's key in the lobby): all may try again,
        with all their tries, at the table and on its web page. Who was blocked."""
        lifted = self.blocked()
        self._tries.forget()
        for forgiver in self.forgivers:
            forgiver()
        self._alert("")
        if lifted:
            self._notice(
                _("Block lifted: {who} may try the join code again").format(who=", ".join(lifted))
            )
        return lifted

    def _alert(self, text: str, guesser: str | None = None) -> None:
        """Tell the host ``text`` of ``guesser``'s wrong codes ("": the last alert no longer
        holds). An alert is taken back by itself once its wrong codes no longer count (the
        block is over, the tries forgotten)."""
        self._alerted = guesser if text else None
        if self.on_alert is not None:
            self.on_alert(text)
        if not text or guesser is None:
            return

        def over() -> None:
            if self._alerted == guesser and self._tries.left(guesser) >= self._tries.tries:
                self._alert("")

        asyncio.get_running_loop().call_later(self.limits.code_block + 0.05, over)

    def _blocked(self, conn: _Conn) -> bool:
        """When ``conn``'s address is blocked for wrong codes: it is told until when, and
        closed."""
        left = self._tries.blocked_for(conn.guesser)
        if left <= 0:  # not blocked, or the block is over: every try again
            return False
        self._send(
            conn,
            error_message(ErrorCode.TOO_MANY_TRIES, retry_after=math.ceil(left)),
        )
        self._close(conn)
        return True

    def _wrong_guess(self, conn: _Conn) -> int:
        """Count a wrong code or token from this address; the tries it has left (0: that was
        the last, the address is blocked for a while, and the connection told and closed)."""
        left = self._tries.wrong(conn.guesser)
        shown = self._shown_as(conn.guesser)
        log.warning(_("wrong join code or token from %s (tries left: %d)"), shown, left)
        if left > 0:
            said = ngettext(
                "Someone at {address} gave a wrong join code ({left} try left)",
                "Someone at {address} gave a wrong join code ({left} tries left)",
                left,
            ).format(address=shown, left=left)
        else:
            minutes = math.ceil(self.limits.code_block / 60)
            said = ngettext(
                "Someone at {address} gave wrong join codes: blocked for {minutes} minute",
                "Someone at {address} gave wrong join codes: blocked for {minutes} minutes",
                minutes,
            ).format(address=shown, minutes=minutes)
        self._alert(said, conn.guesser)
        if not left:
            self._blocked(conn)
        return left

    def has_seat_token(self, token: str) -> bool:
        """Whether a seat of this table holds ``token`` (a seat given up has none). The
        host's web page asks it, from its own thread (it only reads), before it serves a
        link with a token: a link no seat has gets a page of its own, in a browser's words."""
        given = token.encode()
        return any(
            seat.token is not None and secrets.compare_digest(seat.token.encode(), given)
            for seat in list(self.seats)
        )

    def _rejoin(self, conn: _Conn, token: str) -> None:
        seat = next(
            (
                s
                for s in self.seats
                if s.token is not None and secrets.compare_digest(s.token.encode(), token.encode())
            ),
            None,
        )
        if seat is None and token in self._given_up:
            # A seat given up before the match (a page closed and opened again later):
            # its token was the table's own, not a guess.
            raise ProtocolError(ErrorCode.BAD_TOKEN)
        if seat is None:
            # A guessed token counts against the address like a wrong join code (a blocked
            # address is refused at once: only a seat's own token is let in).
            if not self._blocked(conn) and (left := self._wrong_guess(conn)):
                # The tries left said, as for a wrong code (a client had no word before
                # its address was blocked).
                self._send(conn, error_message(ErrorCode.BAD_TOKEN, tries_left=left))
            return
        if seat.conn is not None:
            # The player's old connection may be gone without a word (a laptop off its
            # network, a stopped terminal): if it does not answer, this one takes the seat.
            if not conn.checking:
                conn.checking = True
                check = asyncio.create_task(self._take_over(conn, seat, seat.conn))
                self._checks.add(check)
                check.add_done_callback(self._checks.discard)
            return
        self._seat_back(conn, seat)

    def _seat_back(self, conn: _Conn, seat: _Seat) -> None:
        self.version += 1  # the bot stops covering this seat: a pending bot move is void
        self._seat(conn, seat)
        self._notice(_("{name} is back (seat {seat})").format(name=seat.name, seat=seat.index + 1))
        self._tell_version(conn)

    async def _take_over(self, conn: _Conn, seat: _Seat, old: _Conn) -> None:
        """``conn`` came with the token of ``seat``, whose connection ``old`` is open: the
        seat is ``conn``'s if ``old`` does not answer a ping in time, else it is refused."""
        try:
            alive = await self._answers(old)
        finally:
            conn.checking = False
        if conn.closing or conn not in self._conns or conn.seat is not None:
            return
        if seat.conn is old and not alive:
            log.info("seat %d: its connection from %s does not answer", seat.index, old.address)
            self._send(
                old,
                closing_message(
                    Closing.REPLACED, _("Your seat was taken back on another connection")
                ),
            )
            self._close(old, 1000, Closing.REPLACED.value)
            seat.conn, old.seat = None, None  # its own end leaves no seat behind
        if seat.conn is None:
            self._seat_back(conn, seat)
            return
        # Its name: the token's holder may not know whose seat this computer kept.
        self._send(conn, error_message(ErrorCode.TOKEN_IN_USE, name=seat.name))
        self._close(conn)

    async def _answers(self, conn: _Conn) -> bool:
        """Whether ``conn`` answers a ping within the alive check's time."""
        try:
            async with asyncio.timeout(self.limits.alive_check):
                pong = await conn.ws.ping()
                await pong
        except (TimeoutError, ConnectionClosed):
            return False
        return True

    def _seat(self, conn: _Conn, seat: _Seat) -> None:
        seat.conn = conn
        conn.seat = seat.index
        limit = self.turn_limit(seat.index)
        if (
            limit > 0
            and self._turn_seat() == seat.index
            and self._timed_out != self._turn_no
            and time.monotonic() - self._turn_began >= limit
        ):
            # Back on their own turn after its time ran out (the grace period kept the
            # seat meanwhile): the bot plays the rest of it, as had they stayed.
            self._time_up()
        conn.hand_sent = (0, -1)
        # The bots wait while nobody is at the table (``_bot_to_play``): a person sitting
        # down wakes them, else the away seats' turns would wait for the next change.
        self._wake.set()
        self._send(
            conn,
            {
                "type": "welcome",
                "v": PROTOCOL_VERSION,
                "seat": seat.index,
                "token": seat.token,
                "rules": self.rules.code(),
                "instance": self.instance,
                "chat": self.chat[-self.limits.chat_keep :],
                "results": [summary_to_json(s) for s in self.summaries],
                "match": self.match_number,
                "layout": seat.layout,
                **({} if seat.layout is None else {"layout_hand": seat.layout_hand}),
                **({} if seat.departures is None else {"departures": seat.departures.to_json()}),
            },
        )
        self._broadcast_lobby()
        if self.match is not None:
            self._send_state(conn)
            if self.match.hand_scored:
                self._send_hand_over(conn)

    def _leave(self, conn: _Conn) -> None:
        if conn.seat is None:
            return
        seat = self.seats[conn.seat]
        if seat.conn is not conn:
            return
        seat.conn = None
        if self.closing:
            return  # the host closed the table: nobody left it, nobody is told so
        if self.started:
            seat.away_since = time.monotonic()
            seat.dropped = not quit_on_purpose(conn.ws)
            if self._after_match() and not seat.dropped:
                # Gone on purpose once the match is over: another match played here has a
                # bot in the seat from its first turn (the table waited the grace period
                # for a person who had said goodbye); their token still takes it back.
                seat.away_since -= self.grace
                said = _("{name} left: a bot plays seat {seat} until they rejoin")
                self._notice(said.format(name=seat.name, seat=seat.index + 1))
            elif self.grace > 0:
                said = (
                    _(
                        "{name} lost the connection: a bot plays seat {seat} if they are not "
                        "back in {seconds} s"
                    )
                    if seat.dropped
                    else _(
                        "{name} left: a bot plays seat {seat} if they are not back in {seconds} s"
                    )
                )
                self._notice(
                    said.format(name=seat.name, seat=seat.index + 1, seconds=f"{self.grace:g}")
                )
                self._start_grace(seat)
            else:
                said = (
                    _("{name} lost the connection: a bot plays seat {seat} until they rejoin")
                    if seat.dropped
                    else _("{name} left: a bot plays seat {seat} until they rejoin")
                )
                self._notice(said.format(name=seat.name, seat=seat.index + 1))
            if not self._seated():
                # The bots wait while nobody is here (``_bot_to_play``), whatever was said.
                self._notice(_("Nobody is at the table: the bots wait until someone is back"))
            self.version += 1
            self._tell_version(conn)
            self._wake.set()
            # Those still here may all be ready (for the next hand, or another match).
            if not self._maybe_next_hand():
                self._maybe_again()
        elif quit_on_purpose(conn.ws):
            self._notice(
                _("{name} left (seat {seat} is free)").format(name=seat.name, seat=seat.index + 1)
            )
            self._give_up(seat)
        else:
            # Lost, not left (a browser page reloaded): the seat and its name wait for the
            # seat's token a while.
            seat.away_since = time.monotonic()
            seat.dropped = True
            hold = self.lobby_hold
            self._notice(
                _(
                    "{name} lost the connection: seat {seat} is kept for them for {seconds} s"
                ).format(name=seat.name, seat=seat.index + 1, seconds=f"{hold:g}")
            )
            self._hold_lobby_seat(seat, hold)
        self._broadcast_lobby()

    def _give_up(self, seat: _Seat) -> None:
        """Before the match: ``seat`` is free for the next to join."""
        if seat.token is not None:
            self._given_up.add(seat.token)
        seat.name = seat.token = None
        seat.asked = ""
        seat.dropped = False
        self._name_people()  # a name it had is free: a number after it may go

    def _hold_lobby_seat(self, seat: _Seat, hold: float) -> None:
        """The lobby ``seat`` whose connection was lost is free after ``hold`` seconds,
        unless its person is back (or the match has begun: then it is theirs, and a bot
        plays it after the grace period)."""
        since = seat.away_since

        def over() -> None:
            if seat.conn is None and seat.human and seat.away_since == since and not self.started:
                self._notice(
                    _("{name} did not come back (seat {seat} is free)").format(
                        name=seat.name, seat=seat.index + 1
                    )
                )
                self._give_up(seat)
                self._broadcast_lobby()

        asyncio.get_running_loop().call_later(hold, over)

    # -- the game --------------------------------------------------------------------------
    def _start_by(self, conn: _Conn) -> None:
        if self.started:
            raise ProtocolError(ErrorCode.STARTED)
        if conn.seat != self.lead:
            raise ProtocolError(ErrorCode.NOT_LEAD)
        self.start_match()

    def _playing_hand(self, conn: _Conn) -> Hand:
        """The hand, when it is ``conn``'s seat's turn in it; the engine's refusal otherwise."""
        if self.match is None:
            raise ProtocolError(ErrorCode.NOT_STARTED)
        hand = self.match.hand
        if hand.is_over:
            raise HandOverError(_("The hand is over"), code=EngineCode.HAND_OVER)
        if hand.turn != conn.seat:
            raise NotYourTurnError(
                # By name: "seat 1" read against the protocol's seats (from 0) was another.
                _("It is not your turn: {name} plays").format(
                    name=bot_names([s.name for s in self.seats])[hand.turn]
                ),
                code=EngineCode.NOT_YOUR_TURN,
            )
        return hand

    def _act(self, conn: _Conn, message: ClientMessage) -> None:
        action_id = message.int_field("id")
        claimed = message.int_field("seat")
        if claimed is not None and claimed != conn.seat:
            raise ProtocolError(ErrorCode.NOT_YOUR_SEAT)
        if self.match is None:
            raise ProtocolError(ErrorCode.NOT_STARTED)
        try:
            action = parse_action(message.str_field("action"), self.match.hand.okey)
            hand = self._playing_hand(conn)
            events = hand.apply(action)
        except (NotationError, OkeyError) as exc:
            self._send(conn, refusal(exc, action_id))
            return
        self.version += 1
        log.debug("seat %s: %s (%d events)", conn.seat, action.text(hand.okey), len(events))
        self._after_change(ack=(conn, action_id))

    def _act_all(self, conn: _Conn, message: ClientMessage) -> None:
        """Several actions, all or nothing: tried on a copy of the hand, kept only if all pass."""
        action_id = message.int_field("id")
        if self.match is None:
            raise ProtocolError(ErrorCode.NOT_STARTED)
        texts = [t for t in message.str_field("actions").splitlines() if t.strip()]
        if not 0 < len(texts) <= MAX_ACTIONS:
            raise ProtocolError(
                ErrorCode.BAD_FIELD,
                _("act_all carries 1 to {most} actions, one per line").format(most=MAX_ACTIONS),
            )
        try:
            hand = self._playing_hand(conn)
            actions = [parse_action(t, hand.okey) for t in texts]
            work = hand.copy()
            for action in actions:
                work.apply(action)
        except (NotationError, OkeyError) as exc:
            self._send(conn, refusal(exc, action_id))
            return
        hand.restore(work)
        self.version += 1
        self._after_change(ack=(conn, action_id))

    def _check(self, conn: _Conn, message: ClientMessage) -> None:
        """Would this action be refused now? The answer changes nothing."""
        action_id = message.int_field("id")
        if self.match is None:
            raise ProtocolError(ErrorCode.NOT_STARTED)
        try:
            action = parse_action(message.str_field("action"), self.match.hand.okey)
            self._playing_hand(conn).check(action)
        except (NotationError, OkeyError) as exc:
            self._send(conn, refusal(exc, action_id))
            return
        self._send(conn, {"type": "checked", "id": action_id})

    def _plan(self, conn: _Conn, message: ClientMessage) -> None:
        """The engine's order for adding several tiles to one table meld (changes nothing)."""
        action_id = message.int_field("id")
        try:
            hand = self._playing_hand(conn)
        except OkeyError as exc:
            self._send(conn, refusal(exc, action_id))
            return
        tiles = [tile_from_text(t) for t in message.str_field("tiles").split()]
        target = message.int_field("target")
        if not tiles or len(tiles) > MAX_ACTIONS or target is None:
            raise ProtocolError(
                ErrorCode.BAD_FIELD,
                _("plan names 1 to {most} tiles and a meld").format(most=MAX_ACTIONS),
            )
        meant = message.str_field("okey_as")
        okey_as = tile_from_text(meant) if meant else None
        steps, bad = plan_adds(hand, tiles, target, okey_as)
        self._send(
            conn,
            {
                "type": "planned",
                "id": action_id,
                "steps": [a.text(hand.okey) for a in steps],
                "bad": None if bad is None else str(bad),
                "readings": [str(t) for t in okey_readings(hand, tiles, target)],
            },
        )

    def _after_change(self, ack: tuple[_Conn, int | None] | None = None) -> None:
        assert self.match is not None
        ended = self.match.hand.is_over and not self.match.hand_scored
        if ended:
            # Scored before the state goes out, so the view's totals include this hand.
            result = self.match.finish_hand()
            self.summaries.append(summary_of(self.match.hand_number, result))
            for seat in self.seats:
                seat.ready = False
        self.save_now()  # on disk before anyone is told
        self._watch_turn()  # a turn that came starts its clock before the state goes out
        if ended:
            self._watch_between()
        if ended:
            # Nobody is ready for the next hand yet: the seats' "ready" of the hand before
            # (those who pressed Enter first) read as ready for this one. Said before the
            # state, so that no screen reads the ended hand with the old seats.
            self._broadcast_lobby()
        self._broadcast_state(ack)
        if ended:
            for conn in self._seated():
                self._send_hand_over(conn)
            self._notice(
                _("Hand {number} is over: totals {totals}").format(
                    number=self.match.hand_number + 1,
                    totals=" ".join(map(str, self.match.totals())),
                )
            )
        self._wake.set()

    def _next(self, conn: _Conn) -> None:
        match = self.match
        if match is None:
            raise ProtocolError(ErrorCode.NOT_STARTED)
        if not match.hand_scored:
            raise ProtocolError(ErrorCode.HAND_NOT_OVER)
        if match.is_over:
            raise ProtocolError(ErrorCode.MATCH_OVER)
        assert conn.seat is not None
        self.seats[conn.seat].ready = True
        self._save_soon()  # kept for a resume: the seat is not asked again
        if not self._maybe_next_hand():
            self._broadcast_lobby()  # the others see who the table still waits for

    def _again(self, conn: _Conn, finished: int | None) -> None:
        """The person at ``conn`` wants another match at this table once the match is over
        (``finished``: the match they are done with; one the table has played past, the
        table already dealt the next without them, is let pass). Dealt once every person
        here wants it; until then the lobby says who does."""
        match = self.match
        if match is None:
            raise ProtocolError(ErrorCode.NOT_STARTED)
        if finished is not None and finished != self.match_number:
            return  # of a match played past (or none this table has played: not a yes)
        if not match.is_over:
            raise ProtocolError(ErrorCode.MATCH_NOT_OVER)
        assert conn.seat is not None
        self.seats[conn.seat].ready = True
        if not self._maybe_again():
            self._broadcast_lobby()

    def _maybe_again(self) -> bool:
        """Deal another match if the last is over and every person here wants it."""
        if not self._after_match():
            return False
        present = [s for s in self.seats if s.conn is not None]
        if not (present and all(s.ready for s in present)):
            return False
        self._play_again([])
        return True

    def _play_again(self, late: list[_Seat]) -> None:
        """Another match at this table: the same seats, rules and bots, the next deals
        (the seed after the last match's). ``late``: the people the host dealt it without."""
        old = self.match
        assert old is not None
        self.match = Match(self.rules, old.seed + 1)
        self.match_number += 1
        self.summaries = []
        self.earlier_events = []
        self.bots = [make_bot(seat.level) for seat in self.seats]
        for seat in self.seats:
            seat.ready = False
            seat.layout = None
            seat.departures = None
        self._host_dealt = 0 if late else -1  # the new match's first hand, dealt so
        self._between_for = -1
        self.version += 1
        self.save_now()
        if late:
            said = _("The host dealt match {number} without waiting for {names}")
            self._notice(
                said.format(number=self.match_number, names=", ".join(s.name or "" for s in late))
            )
        else:
            self._notice(
                _("Match {number} has started at this table").format(number=self.match_number)
            )
        self._watch_turn()
        self._broadcast_lobby()
        self._broadcast_state()
        self._wake.set()

    def _maybe_next_hand(self) -> bool:
        """Deal the next hand if every person here is ready for it; whether it was dealt."""
        match = self.match
        if match is None or not self._between_hands():
            return False
        present = [s for s in self.seats if s.conn is not None]
        if not (present and all(s.ready for s in present)):
            return False
        match.next_hand()
        self.earlier_events = []
        for seat in self.seats:
            # The racks of the last hand: a person back after the deal gets the new deal in
            # order, not its tiles in the slots their namesakes had (a scattered rack).
            seat.layout = None
            seat.departures = None
        self.version += 1
        self._after_change()
        return True

    def _keep_layout(self, seat: _Seat, message: ClientMessage) -> None:
        """A seat's rack order, and the memory of the turn sent with it (none from a client
        before it was sent): all read whole before any is kept, a bad one refused. An order
        the client says is of another hand (sent as the next was dealt) is dropped."""
        layout = layout_from_text(message.str_field("slots"))
        arranged_in = layout_hand_from_fields(message.fields)
        memory = departures_from_fields(message.fields, len(layout))
        hand = -1 if self.match is None else self.match.hand_number
        if arranged_in is not None and arranged_in != hand:
            return  # the rack of a hand that is over: the new one is not laid out by it
        match = message.int_field("match")
        if match is not None and match != self.match_number:
            return  # of the last match (a one-hand match played again deals hand 0 again)
        if memory is not None and memory.hand != hand:
            memory = None  # sent just before the next deal: of a hand that is over
        seat.layout, seat.layout_hand, seat.departures = layout, hand, memory
        self._save_soon()

    def _chat(self, conn: _Conn, text: str) -> None:
        assert conn.seat is not None
        line = clean_text(text, MAX_CHAT)
        if not line:
            raise ProtocolError(ErrorCode.BAD_FIELD, _("An empty chat line"))
        name = self.seats[conn.seat].name or ""
        message = {"type": "chat", "seat": conn.seat, "name": name, "text": line}
        self.chat.append(message)
        del self.chat[: -self.limits.chat_keep]
        self._notice(f"<{name}> {line}")
        for other in self._seated():
            self._send(other, message)
        self._save_soon()

    # -- bots ------------------------------------------------------------------------------
    def _bot_to_play(self) -> bool:
        match = self.match
        if match is None or match.hand.is_over:
            return False
        if not any(s.conn is not None for s in self.seats):
            return False  # nobody is watching: wait for someone to come back
        return self.bot_covers(self.seats[match.hand.turn])

    async def _run_bots(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            try:
                await self._play_bots()
            except Exception:  # a fault here must not leave the table without its bots
                log.exception(_("the bots stopped on an error; they go on at the next change"))
                await asyncio.sleep(0.1)
                self._wake.set()

    async def _play_bots(self) -> None:
        while self._bot_to_play():
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
                if not self._bot_to_play():
                    break
            assert self.match is not None
            match, hand = self.match, self.match.hand
            seat, version = hand.turn, self.version
            view = PlayerView.of(hand, seat, tuple(match.totals()))
            # A worker thread thinks, so a slow bot never stalls the other seats.
            chosen, _ = await asyncio.to_thread(choose_action, self.bots[seat], view)
            if self.version != version or not self._bot_to_play():
                continue  # someone came back or the hand moved on: think again
            _, played, replaced = apply_action(hand, seat, chosen, self.bots[seat])
            self.bot_replacements += replaced
            if self.seats[seat].human:
                self._mark_stand_in(hand, seat, len(played))
            self.version += 1
            self._after_change()
        self._maybe_next_hand()

    @staticmethod
    def _mark_stand_in(hand: Hand, seat: int, count: int) -> None:
        """The last ``count`` events of ``hand`` were a bot's move for ``seat``'s person, who
        is away: the seat's own are marked, so every log says a bot played them."""
        start = len(hand.events) - count
        hand.events[start:] = [
            replace(e, bot=True) if e.seat == seat else e for e in hand.events[start:]
        ]

    # -- what each seat is sent ----------------------------------------------------------
    def _seated(self) -> list[_Conn]:
        return [s.conn for s in self.seats if s.conn is not None]

    def away_left(self, seat: _Seat) -> float | None:
        """Seconds before a bot takes the seat of its person, who is away (0: a bot plays
        it now); None for a seat whose person is here, a bot's seat, or before the match."""
        if not (self.started and seat.human and seat.conn is None):
            return None
        return max(0.0, self.grace - (time.monotonic() - seat.away_since))

    def _broadcast_lobby(self) -> None:
        seats = []
        for info, seat in zip(self.seat_infos(), self.seats, strict=True):
            said = seat_to_json(info)
            left = self.away_left(seat)
            if left is not None:
                # The others count it down ("a bot plays in 42 s"), as they do a turn.
                said["away_left"] = round(left, 1)
            seats.append(said)
        message = {
            "type": "lobby",
            "seats": seats,
            "lead": self.lead,
            "started": self.started,
            "start_at": self.start_at,
            "turn_time": self.turn_time,
        }
        for conn in self._seated():
            self._send(conn, message)

    def _broadcast_state(self, ack: tuple[_Conn, int | None] | None = None) -> None:
        seated = self._seated()
        match = self.match
        if not seated or match is None:
            return
        totals = tuple(match.totals())
        # What every seat sees alike is encoded once for all of them.
        seat = seated[0].seat
        assert seat is not None
        shared = encode(view_public_json(PlayerView.of(match.hand, seat, totals)))
        for conn in seated:
            ack_id = ack[1] if ack is not None and ack[0] is conn else None
            self._send_state(conn, ack_id, ack, shared=shared, totals=totals)

    def _send_state(
        self,
        conn: _Conn,
        ack_id: int | None = None,
        ack: tuple[_Conn, int | None] | None = None,
        *,
        shared: str | None = None,
        totals: tuple[int, ...] | None = None,
    ) -> None:
        match = self.match
        assert match is not None and conn.seat is not None
        hand = match.hand
        if conn.hand_sent != (self.match_number, match.hand_number):
            conn.hand_sent, conn.events_sent = (self.match_number, match.hand_number), 0
        every = self.hand_events()
        events = every[conn.events_sent :]
        conn.events_sent = len(every)
        view = PlayerView.of(hand, conn.seat, tuple(match.totals()) if totals is None else totals)
        if shared is None:
            shared = encode(view_public_json(view))
        message: storage.JSONObject = {
            "type": "state",
            "match": self.match_number,
            "hand": match.hand_number,
            "version": self.version,
            "events": [event_to_json(event_for(e, conn.seat)) for e in events],
        }
        if ack is not None and ack[0] is conn:
            message["ack"] = ack_id
        left = self.turn_left()
        if left is not None:
            message["turn_left"] = round(left, 1)
        dealt_in = self.next_hand_left()
        if dealt_in is not None:
            message["next_hand_left"] = round(dealt_in, 1)
        if self._host_dealt == match.hand_number:
            message["host_dealt"] = True
        self._send_text(conn, encode_with(message, "view", view_private_json(view), shared))

    def _tell_version(self, but: _Conn) -> None:
        """The state again (no new events) to the seated connections but ``but``: every
        client knows the table's latest version."""
        if self.match is None:
            return
        for conn in self._seated():
            if conn is not but:
                self._send_state(conn)

    def _send_hand_over(self, conn: _Conn) -> None:
        """The scored hand's summary and report. Once a hand is over every rack is turned
        over, as at a real table: the report names each seat's tiles left, to every seat.
        Never sent before the hand is scored (a hand under way keeps the other racks out of
        every message: :meth:`_send_state` sends a seat's own view only)."""
        match = self.match
        assert match is not None and conn.seat is not None
        if not (match.hand_scored and match.hand.is_over):
            return
        report = hand_report(match, self.hand_events())
        assert report is not None
        self._send(
            conn,
            {
                "type": "hand_over",
                "result": summary_to_json(self.summaries[-1]),
                "report": report_to_json(report),
                "totals": match.totals(),
                "match_over": match.is_over,
                "winners": match.winners() if match.is_over else [],
            },
        )
