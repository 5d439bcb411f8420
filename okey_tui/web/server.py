"""The web server of ``okey101 web``: the game's own Textual app, one process per visitor.

A visitor is known by a cookie (a random id the server hands out on the first
visit). Each visitor's app runs with data and config dirs of their own under
the server's data dir, so matches, remembered choices and statistics are never
shared. The page is textual-serve's terminal (its script, styles and font, served
from the installed package) in a page of this module's own; the processes are
textual-serve's :class:`AppService`, started with the visitor's environment.

``okey101 host --web`` serves the same page for a hosted table
(:class:`HostedTable`): the link carries the table's join code, and each
visitor's process is ``okey101 join`` to that table; a visitor without the
right code gets no process. A link with a seat's token added (``&token=…``, as the
page shows a friend who has left, asking ``/seat`` for that browser's own seat) takes that
seat back from any browser (a token no seat of the table has gets a notice saying so,
not the game); without it, the visitor's cookie does (their ``okey101 join``
keeps the token in their data dir).
When the host's okey101 ends (closed with a match to go on with, or killed), the page
waits for the table, asking now and then for a while, and comes back to the seat by
itself once ``okey101 host --resume`` has opened it again.

Resources stay bounded: at most ``max_visitors`` tables at once (the next
visitor is told to come back later), one table per visitor (a second tab takes
the table over from the first), a table without a key press or a click for
``idle_seconds`` is closed, and a closed tab ends its process (asked to quit
first, so the match is saved; killed if it does not).

The page's own words and the reasons a table is closed speak the visitor's
language, resolved as their game resolves it (:meth:`WebServer.visitor_language`).
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import logging
import math
import os
import re
import secrets
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable, Collection, Iterator, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from string import Template
from typing import Any
from urllib.parse import quote, unquote, urlencode

import textual_serve
from aiohttp import WSCloseCode, WSMsgType, web
from aiohttp.http_exceptions import HttpProcessingError
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

from okey_tui import i18n, storage
from okey_tui.i18n import _, ngettext
from okey_tui.net.tries import BRIDGE_ENV, VISITOR_ENV, CodeTries
from okey_tui.settings import ENV_DIR as CONFIG_ENV
from okey_tui.settings import settings_path
from okey_tui.web import WEB_ENV, WEB_LINK_ENV, link_with_token

log = logging.getLogger("okey101.web")

COOKIE = "okey101_visitor"
# Browsers keep a cookie for at most 400 days.
COOKIE_DAYS = 400
_VISITOR_ID = re.compile(r"[0-9a-f]{32}")
# A visitor's folder holds this file, touched as the cookie is given again (each visit of
# the page) and as a table starts: a folder whose file is older than the cookie lives is
# one no browser can reach any more, and the server removes it.
VISITED = "visited"
# How often a running server looks for such folders (it looks as it starts, too).
FORGET_EVERY = 24 * 3600.0
# The smallest terminal the game plays in (the app shows a "too small" screen below it).
MIN_COLS, MIN_ROWS = 80, 24
# Seconds a table's process has to quit (and save) before it is killed.
QUIT_GRACE = 10.0
# A visitor back within this many seconds of leaving a table (a reload, a tab closed and
# opened again) goes on with the match played in that visit, not the new-table screen.
BACK_SECONDS = 600.0
# WebSocket close code 1013: "try again later".
TRY_AGAIN_LATER = 1013
# Every table taken: the notice page loads again by itself after this many seconds.
FULL_RETRY = 15
# WebSocket close code of a hosted table's page when its host closes a table they may open
# again (``okey101 host --resume``): the page waits for it. A connection lost without a
# close (1006: the host's process killed, the network down) waits too.
TABLE_AWAY = 4001
# Close code of a hosted table's page when its host closes a table nobody may open again
# (its match over, or never begun): the web page goes with it, so the page offers no
# Back to the game (a reload would find nothing).
TABLE_GONE = 4002
ABNORMAL_CLOSURE = 1006
# How long a page has to answer the server's close (a browser answers at once): one that
# does not is cut off, and holds up no other page nor a second tab taking the table over.
# (As the server stops, aiohttp no longer reads what comes in: the pages' answers go
# unheard, and each page's connection stays open this long after its close frame, which
# lets a message it sent across the close arrive without resetting the connection.)
CLOSE_ANSWER_SECONDS = 1.0
# While a hosted table is away, its page asks for it this often, for this long (as a
# friend's ``okey101 join`` in a terminal waits for the host), and then gives up.
AWAY_EVERY = 3.0
AWAY_FOR = 30 * 60.0
KINDS = ("table", "practice")
# Wrong join codes a browser's address may try at a hosted table's page, and how long the
# address is then refused (as the table itself refuses a terminal's): tries older than
# that are forgotten. A browser that came in with the right code is never refused.
CODE_TRIES = 5
CODE_BLOCK = 300.0
MAX_NAME = 16
# The most characters one message of keys from a page may hold: a key, a paste of a name
# or a chat line is far less. One of 200 000 keys kept a visitor's game busy for tens of
# seconds at a core's full use; such a message is refused whole.
MAX_STDIN = 16_384
# The Textual driver each visitor's game runs with.
VISITOR_DRIVER = "okey_tui.web.driver:VisitorDriver"


@dataclass(frozen=True)
class HostedTable:
    """The table ``okey101 host --web`` opened: each visitor joins it.

    ``url`` gives the table's address from this computer (its port may be chosen when
    it starts listening, after the web server is made)."""

    url: Callable[[], str]
    code: str
    # Whether ``okey101 host --resume`` would open the table again (its match has begun
    # and is not over): when the host closes it, the friends' pages wait for it.
    resumable: Callable[[], bool] = lambda: True
    # Whether the table's match has been played to its end.
    over: Callable[[], bool] = lambda: False
    # Whether the table's match has begun (before, a seat left goes back to the table).
    begun: Callable[[], bool] = lambda: True
    # Whether a seat of the table holds this token: a link with a token no seat has (a
    # link of an earlier table, a character changed) gets a notice, not the friend's game.
    has_seat: Callable[[str], bool] = lambda token: True
    # The table's bridge key: each visitor's ``okey101 join`` says with it that it joins
    # for a browser, and whose, so the table counts that browser's wrong codes on their own
    # (never those of the terminals on the host's computer, from the same 127.0.0.1).
    bridge_key: str = ""

    def code_matches(self, code: str | None) -> bool:
        given = (code or "").strip().upper().encode()
        return secrets.compare_digest(given, self.code.encode())


def clean_name(text: str | None) -> str:
    """A visitor's name from the link: letters, digits, spaces, at most 16 characters."""
    kept = "".join(ch for ch in (text or "") if ch.isalnum() or ch in " -_.")
    return " ".join(kept.split())[:MAX_NAME]


def new_visitor_id() -> str:
    return secrets.token_hex(16)


def valid_visitor_id(value: str | None) -> bool:
    return value is not None and _VISITOR_ID.fullmatch(value) is not None


def visitors_folder(root: Path) -> Path:
    """The folder of every visitor's folder."""
    return root / "visitors"


def visitor_dirs(root: Path, visitor: str) -> tuple[Path, Path]:
    """A visitor's data dir (saves, statistics) and config dir (remembered choices)."""
    base = visitors_folder(root) / visitor
    return base / "data", base / "config"


def saw_visitor(root: Path, visitor: str) -> None:
    """Start again the count of days after which ``visitor``'s folder is removed (only a
    folder there is: a page looked at without a table played leaves none)."""
    base = visitors_folder(root) / visitor
    if base.is_dir():
        with contextlib.suppress(OSError):  # a read-only disk: the folder is kept
            (base / VISITED).touch()


def forget_unreachable_visitors(
    root: Path, *, now: float, keep: Collection[str] = (), days: float = COOKIE_DAYS
) -> list[str]:
    """Remove the folders of visitors not seen for ``days`` (the cookie's life): their
    browsers have let the cookie go, so nobody can reach those matches again. A folder
    without the ``VISITED`` file (made before the server kept one) gets one now, and its
    count starts today. ``keep`` (the visitors at a table now), anything that is not a
    visitor's folder, and a folder that cannot be removed are left. Returns the visitors
    forgotten."""
    forgotten: list[str] = []
    try:
        folders = sorted(visitors_folder(root).iterdir())
    except OSError:  # no visitor yet, or a folder that cannot be read
        return forgotten
    for folder in folders:
        visitor = folder.name
        if not valid_visitor_id(visitor) or visitor in keep:
            continue
        if folder.is_symlink() or not folder.is_dir():
            continue
        visited = folder / VISITED
        try:
            seen = visited.stat().st_mtime
        except FileNotFoundError:
            with contextlib.suppress(OSError):
                visited.touch()
            continue
        except OSError:
            continue
        if now - seen <= days * 24 * 3600:
            continue
        try:
            shutil.rmtree(folder)
        except OSError as error:
            log.warning(_("a visitor's folder could not be removed: %s"), error)
            continue
        forgotten.append(visitor)
    return forgotten


def browser_language(header: str | None) -> str | None:
    """The language okey101 speaks that the browser prefers most (its Accept-Language),
    or None: ``tr-TR,tr;q=0.9,en;q=0.8`` gives ``tr``.

    >>> browser_language("de-DE,tr;q=0.7,en;q=0.9"), browser_language("de"), browser_language(None)
    ('en', None, None)
    """
    ranked: list[tuple[float, int, str]] = []
    for n, part in enumerate((header or "").split(",")):
        tag, _sep, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                continue
        found = i18n.normalise(tag.replace("-", "_"))
        if found and weight > 0:
            ranked.append((-weight, n, found))
    return min(ranked)[2] if ranked else None


def remembered_language(config: Path) -> str | None:
    """The language a visitor chose on the new-table screen (kept in their settings), or None."""
    try:
        data = json.loads((config / settings_path().name).read_text(encoding="utf-8"))
        chosen = data["table"]["language"]
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return None
    return i18n.normalise(chosen) if isinstance(chosen, str) else None


@contextlib.contextmanager
def speaking(language: str) -> Iterator[None]:
    """``_()`` speaks ``language`` inside the block (the page and the notices of one visitor);
    the server's own language comes back after it. No await may run inside."""
    before = i18n.current_language()
    i18n.set_language(language)
    try:
        yield
    finally:
        i18n.set_language(before)


def close_message(reason: str) -> bytes:
    """A close frame's reason: at most 123 bytes of UTF-8, never cut inside a character."""
    return reason.encode("utf-8")[:123].decode("utf-8", "ignore").encode("utf-8")


def play_command(kind: str, play_args: Sequence[str] = (), resume: str | None = None) -> str:
    """The shell command of one visitor's app: ``okey101 play`` in this Python (with
    ``resume``, that match goes on: of ``play_args`` only the bots' pace applies to it)."""
    args = [sys.executable, "-m", "okey_tui", "play"]
    if resume is not None:
        pace = [
            arg
            for flag, value in zip(play_args[::2], play_args[1::2], strict=True)
            if flag == "--bot-delay"
            for arg in (flag, value)
        ]
        return _shell([*args, *pace, "--resume", resume])
    args += play_args
    if kind == "practice":
        args += ["--practice"]
    return _shell(args)


def unfinished_practice(data: Path) -> str | None:
    """The id of the visitor's latest unfinished practice match (in their data dir
    ``data``), or None: the practice link, opened again (a reload, a bookmark), goes on
    with it rather than dealing another while it waits."""
    for entry in storage.list_saves(storage.saves_dir(data)).entries:
        if entry.saved.extra.get("practice") is True:
            return entry.id
    return None


def join_command(url: str, code: str, name: str, token: str = "") -> str:
    """The shell command of a visitor at a hosted table: ``okey101 join`` to it (with a
    seat's ``token``: that seat, taken back)."""
    args = [sys.executable, "-m", "okey_tui", "join", url, code]
    if name:
        args += ["--name", name]
    if token:
        args += ["--token", token]
    return _shell(args)


def valid_token(value: str | None) -> bool:
    """Whether ``value`` looks like a seat's token (a link's ``?token=``)."""
    from okey_tui.net.protocol import looks_like_token

    return looks_like_token(value)


# Where textual-serve's script (textual-serve 1.1.3, pinned in pyproject.toml) opens its
# terminal: the page keeps the terminal's session there (``window.okeySession``), so it
# can give the terminal a new font size when the window changes size, and measures the
# font there (``okeyOpened``), before the terminal is fitted to the window.
SESSION_OPENED = "this.terminal.open(e)"
SESSION_KEPT = ",window.okeySession=this,window.okeyOpened&&window.okeyOpened(this)"


def page_script(script: str) -> str:
    """textual-serve's script with its terminal session kept for the page
    (unchanged, and the font size stays the one guessed at load, if that place is gone).

    >>> page_script("x;this.terminal.open(e),y")
    'x;this.terminal.open(e),window.okeySession=this,window.okeyOpened&&window.okeyOpened(this),y'
    """
    if SESSION_OPENED not in script:
        log.warning(_("textual-serve's script changed: the font size is not fitted on resize"))
        return script
    return script.replace(SESSION_OPENED, SESSION_OPENED + SESSION_KEPT, 1)


def _shell(args: list[str]) -> str:
    if os.name != "posix":
        return subprocess.list2cmdline(args)
    # exec: the process the server watches (and may kill) is the app itself, not a shell.
    return "exec " + shlex.join(args)


class VisitorApp(AppService):
    """textual-serve's app process, run with the visitor's own dirs."""

    # Any: textual-serve's own keyword arguments, passed on unchanged.
    def __init__(self, command: str, *, environment: dict[str, str], **kwargs: Any) -> None:
        super().__init__(command, **kwargs)
        self.visitor_environment = environment

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width=width, height=height)
        # The browser's terminal size is the size: a LINES inherited from the server's
        # own terminal would override it.
        environment.pop("LINES", None)
        # The game's own driver: textual-serve's, deaf to Ctrl+C (see okey_tui.web.driver).
        environment["TEXTUAL_DRIVER"] = VISITOR_DRIVER
        environment.update(self.visitor_environment)
        return environment

    @property
    def pid(self) -> int | None:
        return None if self._process is None else self._process.pid

    async def end(self, wait: float) -> None:
        """Wait up to ``wait`` seconds for the process to end, then kill it; tidy up."""
        process, task = self._process, self._task
        if process is not None and process.returncode is None:
            try:
                await asyncio.wait_for(process.wait(), wait)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    process.kill()
                await process.wait()
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._task = None


@dataclass(eq=False)
class Visit:
    """One visitor's open table: their page's WebSocket and the app behind it."""

    visitor: str
    websocket: web.WebSocketResponse
    # The browser's Accept-Language: the notices the visit is sent follow it.
    accept_language: str | None = None
    # A hosted table's seat token the page's link brought ("": none).
    token: str = ""
    last_input: float = field(default_factory=time.monotonic)
    started: float = field(default_factory=time.time)  # the wall clock, as saves keep it
    done: asyncio.Event = field(default_factory=asyncio.Event)
    app: VisitorApp | None = None
    # The task passing the page's messages to the app (see WebServer.relay), while it runs.
    relay: asyncio.Task[None] | None = None

    # The page's connection closing, once asked (the first reason asked is the one given).
    closing: asyncio.Task[None] | None = None

    async def close(self, reason: str, code: int = WSCloseCode.OK) -> None:
        """Close the page's connection; the visit's handler then ends the app. Asked again
        meanwhile (the app ending as the server closes it), it waits for the first close."""
        if self.closing is None:
            self.closing = asyncio.create_task(self._close(reason, code))
        await asyncio.shield(self.closing)

    async def _close(self, reason: str, code: int) -> None:
        """The relay stops reading first: a WebSocket closed by another task while one reads
        it is cut at once after its close frame, without the page's answer; a message the
        page had just sent was then left unread, the cut reset the connection, and the
        page lost the frame too: it read a lost connection (1006) with no reason, and a
        browser without a seat said nothing of the host closing the table."""
        if self.websocket.closed:
            return
        relay = self.relay
        if relay is not None and not relay.done():
            relay.cancel()
            await asyncio.wait([relay])
        with contextlib.suppress(Exception):
            await self.websocket.close(code=code, message=close_message(reason))

    async def close_quietly(self) -> None:
        """Close the page's connection without a reason (the app has ended)."""
        await self.close("")


class WebServer:
    """Serves the page and runs one app per visitor."""

    def __init__(
        self,
        root: Path,
        *,
        host: str = "127.0.0.1",
        port: int = 8000,
        max_visitors: int = 8,
        idle_seconds: float = 30 * 60,
        play_args: Sequence[str] = (),
        command: str | None = None,
        quit_grace: float = QUIT_GRACE,
        table: HostedTable | None = None,
        away_every: float = AWAY_EVERY,
        away_for: float = AWAY_FOR,
        language: str | None = None,
    ) -> None:
        self.root = root
        # The language the server was asked to speak (okey101 web --lang tr): every
        # visitor's table speaks it, unless they chose one at the table; None: each
        # visitor's browser says.
        self.language = language
        self.host = host
        self.port = port
        self.max_visitors = max_visitors
        self.idle_seconds = idle_seconds
        self.play_args = tuple(play_args)
        # Tests run a stand-in for the app: the same command for every visitor.
        self.command = command
        self.quit_grace = quit_grace
        # A hosted table: every visitor joins it (with its code in the link).
        self.table = table
        # While a hosted table is away, how often and how long its pages ask for it.
        self.away_every = away_every
        self.away_for = away_for
        # Wrong join codes by address, counted as the table counts a terminal's.
        self.code_tries = CodeTries(CODE_TRIES, CODE_BLOCK)
        # Visitors who came in with the right code: a block on their address (someone else
        # guessing from the same network) never keeps them from their seat.
        self._admitted: set[str] = set()
        self.visits: dict[str, Visit] = {}
        # Each visitor's last visit that ended: when it ended, and when it had started.
        self.left: dict[str, tuple[float, float]] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self.downloads = DownloadManager()
        self.admission = asyncio.Lock()
        self.static_dir = Path(textual_serve.__file__).parent / "static"
        self.page = Template(
            resources.files("okey_tui.web").joinpath("page.html").read_text(encoding="utf-8")
        )
        self.notice = Template(
            resources.files("okey_tui.web").joinpath("notice.html").read_text(encoding="utf-8")
        )
        self._reaper: asyncio.Task[None] | None = None
        self._forgetter: asyncio.Task[None] | None = None
        self._script: str | None = None

    # -- the aiohttp application ------------------------------------------------

    def make_app(self) -> web.Application:
        refuse_unreadable_requests_quietly()
        app = web.Application(middlewares=[self._not_found])
        app.add_routes(
            [
                web.get("/", self.handle_page),
                web.get("/ws/{kind}", self.handle_websocket),
                web.get("/ws/join/{code}/{name}", self.handle_websocket),
                web.get("/ws/join/{code}/{name}/{token}", self.handle_websocket),
                web.get("/seat", self.handle_seat),
                web.get("/words", self.handle_words),
                web.get("/static/js/textual.js", self.handle_script),
                web.static("/static", self.static_dir),
            ]
        )
        app.on_startup.append(self._on_startup)
        app.on_shutdown.append(self._on_shutdown)
        return app

    async def _on_startup(self, app: web.Application) -> None:
        self._reaper = asyncio.create_task(self._close_idle_visits())
        self._forgetter = asyncio.create_task(self._forget_unreachable_visitors())

    async def _on_shutdown(self, app: web.Application) -> None:
        if self.table is not None:
            # A hosted table's page stops with the host's okey101: the match is theirs.
            await self.close_all(self.host_closed)
            return
        await self.close_all(
            lambda visit: (
                _("The server stopped.") + " " + self.kept(visit),
                WSCloseCode.GOING_AWAY,
            )
        )

    def kept(self, visit: Visit) -> str:
        """What of ``visit`` is kept as its table closes: the match played in it (saved at
        each move, and as it was resumed), else when a match is kept. "A match you have
        played in is kept" was said to a visitor who had sat down and made no move, and
        read as their match kept: the new-table screen they came back to had none."""
        data, _config = visitor_dirs(self.root, visit.visitor)
        latest = next(iter(storage.list_saves(storage.saves_dir(data)).entries), None)
        if latest is not None and latest.saved_at >= visit.started:
            return _("Your match is kept: it goes on when you come back.")
        # (A match played to its end is over: nothing of it waits to go on.)
        return _("An unfinished match is kept once a move has been made in it.")

    def host_closed(self, visit: Visit) -> tuple[str, int]:
        """Why ``visit``'s page closes as the host closes the table, and its close code: a
        seat the host may open the table again for has the page wait for it; a browser with
        no seat (it came after the match began) and a table nobody may open again are gone
        for good (no wait, no Back to the game)."""
        assert self.table is not None
        if self.table.resumable():
            if self.seated(visit):
                return (
                    _("The host closed the table. Your seat is kept if they open it again."),
                    TABLE_AWAY,
                )
            return _("The host closed the table."), TABLE_GONE
        if self.table.over():
            return _("The match is over and the host has closed the table."), TABLE_GONE
        return _("The host closed the table."), TABLE_GONE

    def seated(self, visit: Visit) -> bool:
        """Whether ``visit`` has a seat at the hosted table: its link brought a seat's token,
        or its browser's game kept one (as :meth:`late` decides it for the page)."""
        return valid_token(visit.token) or self.seat_token(visit.visitor) is not None

    @property
    def full(self) -> bool:
        return len(self.visits) >= self.max_visitors

    def full_text(self, retries: bool = False) -> str:
        """Why there is no table now; ``retries``: said on the page that tries again by
        itself (its Try again button alone left a visitor reloading by hand)."""
        if retries:
            return ngettext(
                "The table is taken. This page tries again every {seconds} s and seats you "
                "once it is free.",
                "All {n} tables are taken. This page tries again every {seconds} s and seats "
                "you once one is free.",
                self.max_visitors,
            ).format(n=self.max_visitors, seconds=FULL_RETRY)
        return ngettext(
            "The table is taken: try again in a few minutes.",
            "All {n} tables are taken: try again in a few minutes.",
            self.max_visitors,
        ).format(n=self.max_visitors)

    # -- the page ---------------------------------------------------------------

    def visitor_language(self, visitor: str | None, accept_language: str | None) -> str:
        """The language the visitor's game speaks, so their page and notices speak it too:
        ``OKEY101_LANG``, else the one they chose at the table, else the server's own
        (``--lang``), else their browser's, else the server's locale (as the visitor's
        process resolves it)."""
        remembered = None
        if valid_visitor_id(visitor):
            assert visitor is not None
            remembered = remembered_language(visitor_dirs(self.root, visitor)[1])
        environment = dict(os.environ)
        default = self.default_language(accept_language)
        if default is not None:
            environment["LANGUAGE"] = default
        return i18n.resolve_language(None, remembered, environment)

    def default_language(self, accept_language: str | None) -> str | None:
        """A visitor's language before any choice of theirs: the server's own, asked for
        (--lang), else their browser's (None: neither says)."""
        return self.language or browser_language(accept_language)

    def speaking_to(self, visit: Visit) -> contextlib.AbstractContextManager[None]:
        """``with self.speaking_to(visit):`` the notices of this visit, in its language."""
        return speaking(self.visitor_language(visit.visitor, visit.accept_language))

    async def handle_page(self, request: web.Request) -> web.Response:
        visitor = request.cookies.get(COOKIE)
        if not valid_visitor_id(visitor):
            visitor = new_visitor_id()
        assert visitor is not None
        saw_visitor(self.root, visitor)  # the cookie lives on: so does the folder
        with speaking(self.visitor_language(visitor, request.headers.get("Accept-Language"))):
            response = self.page_response(request, visitor)
        response.set_cookie(
            COOKIE,
            visitor,
            max_age=COOKIE_DAYS * 24 * 3600,
            httponly=True,
            secure=self.secure(request),
            samesite="Lax",
            path="/",
        )
        return response

    def page_response(self, request: web.Request, visitor: str) -> web.Response:
        """The page (or the notice that stands for it), in the language spoken now."""
        if self.full and visitor not in self.visits:
            response = web.Response(
                status=503,
                text=self.full_page(),
                content_type="text/html",
                headers={"Retry-After": str(FULL_RETRY), "Cache-Control": "no-store"},
            )
        elif self.table is not None and not self.code_allowed(
            request, request.query.get("code"), visitor
        ):
            blocked = self.blocked_for(request)
            title = _("okey101: ask the host for the link")
            if blocked is not None:
                said = ngettext(
                    "Too many wrong join codes came from your address: try the host's link "
                    "again in {minutes} minute.",
                    "Too many wrong join codes came from your address: try the host's link "
                    "again in {minutes} minutes.",
                    blocked,
                ).format(minutes=blocked)
            elif request.query.get("code"):  # a wrong code, counted as a guess
                left = self.code_tries.left(request.remote or "?")
                title = _("okey101: wrong join code")
                said = ngettext(
                    "The join code in this link is wrong ({left} try left): open the link "
                    "the host gave you, as it is, or ask them for it again.",
                    "The join code in this link is wrong ({left} tries left): open the link "
                    "the host gave you, as it is, or ask them for it again.",
                    left,
                ).format(left=left)
            else:
                said = _(
                    "This table is for the host's friends: open the link the host gave you "
                    "(the join code is part of it)."
                )
            response = web.Response(
                status=403,
                text=self.notice_page(title, said),
                content_type="text/html",
                headers={"Cache-Control": "no-store"},
            )
        elif (
            self.table is not None
            and "token" in request.query
            and not valid_token(request.query["token"])
        ):
            # A link's token cut short or mistyped: said, not left out (the visitor would
            # sit down as someone new, or be told the match has started).
            response = web.Response(
                status=400,
                text=self.notice_page(
                    _("okey101: this link's token is not valid"),
                    _(
                        "The seat's token in this link is not valid: open the link you were "
                        "shown when you left the table as it is (copied whole), or the "
                        "table's link again in the browser you played in."
                    ),
                    # The table's link without the token: in the browser played in, the
                    # seat comes back by itself.
                    way=(
                        self.link(request, request.query.get("name")),
                        _("Open the table's link"),
                    ),
                ),
                content_type="text/html",
                headers={"Cache-Control": "no-store"},
            )
        elif (
            self.table is not None
            and valid_token(request.query.get("token"))
            and not self.table.has_seat(request.query["token"])
        ):
            # A seat's link of an earlier table, or with a character changed: the friend's
            # game would only say what to type in a terminal.
            log.info(_("a link with a token no seat has, from %s"), request.remote or "?")
            response = web.Response(
                status=404,
                text=self.no_seat_page(request),
                content_type="text/html",
                headers={"Cache-Control": "no-store"},
            )
        else:
            kind = "practice" if request.query.get("practice") in ("1", "yes", "true") else "table"
            websocket = self.websocket_url(request, kind)
            if self.table is not None:
                name = quote(clean_name(request.query.get("name")) or "-", safe="")
                path = f"join/{self.table.code}/{name}"
                token = request.query.get("token")
                if valid_token(token):  # a seat's token: that seat, from any browser
                    path += f"/{token}"
                websocket = self.websocket_url(request, path)
            response = web.Response(
                text=self.page.substitute(
                    lang=i18n.current_language(),
                    static="/static/",
                    websocket=html.escape(websocket),
                    min_cols=MIN_COLS,
                    min_rows=MIN_ROWS,
                    setting_up=html.escape(_("setting up your table…")),
                    late_class=html.escape("-late" if self.late(visitor, request) else ""),
                    **self.closed_words(),
                    sideways=html.escape(_("Turn your phone sideways: the tiles get bigger.")),
                    close=html.escape(_("Close")),
                    **self.away_words(),
                    **self.seat_words(request),
                ),
                content_type="text/html",
                headers={"Cache-Control": "no-store"},
            )
        return response

    def no_seat_page(self, request: web.Request) -> str:
        """The notice of a link whose token no seat of the hosted table has: before the
        match, the table's link sits the friend at a free seat; once it has begun, the
        friend's own links take their seat back."""
        assert self.table is not None
        if self.table.resumable() or self.table.over():
            said = _(
                "This link is not, or no longer, a seat at this table: it may be from an "
                "earlier table, or changed on the way. To take your seat back, open the link "
                "you were shown when you left the table, copied whole, or the table's link "
                "in the browser you played in."
            )
        else:
            said = _(
                "This link is not, or no longer, a seat at this table: it may be from an "
                "earlier table, or changed on the way. The table's link sits you at a free "
                "seat."
            )
        return self.notice_page(
            _("okey101: this link is not a seat here"),
            said,
            way=(self.link(request, request.query.get("name")), _("Open the table's link")),
        )

    def closed_words(self) -> dict[str, str]:
        """:meth:`closed_texts`, for the page's HTML."""
        return {key: html.escape(text) for key, text in self.closed_texts().items()}

    def closed_texts(self) -> dict[str, str]:
        """What the page says once its game has ended (the visitor quit, or the table was
        closed without a word of why): at a hosted table the seat waits for the visitor,
        and this browser takes it back ("unfinished matches are kept" is ``okey101 web``'s,
        whose visitors have matches of their own); a browser without a seat once the match
        has begun (:meth:`late`) is told it had none, with nothing promised. Its button,
        and what it says when the server does not answer, with them."""
        words = {
            "start_again": _("Back to the game"),
            "no_answer": _("The server is not answering: try again in a few moments."),
        }
        if self.table is not None:
            return {
                **words,
                "closed": _("You are no longer at the table."),
                "closed_reason": _(
                    "Back to the game takes your seat back: this browser keeps it. "
                    "A bot plays your seat if you are not back soon."
                ),
                # A browser that never had a seat (it came after the match began): no seat
                # waits for it, and Back to the game would only say so again.
                "late_closed": _("You had no seat at this table."),
                "late_reason": _(
                    "The match began without you. Ask the host for a seat at the next one."
                ),
                # Left before the match began: the seat went back to the table (no bot
                # plays it, as the words above said).
                "left_reason": _(
                    "You left before the match began: your seat is free for the next "
                    "person. Back to the game sits you down again while a seat is free."
                ),
            }
        return {
            **words,
            "closed": _("The table is closed."),
            "closed_reason": _(
                "Back to the game sits you down again: unfinished matches are kept."
            ),
            "late_closed": "",
            "late_reason": "",
            "left_reason": "",
        }

    async def handle_words(self, request: web.Request) -> web.Response:
        """The words of the page's notice once its game has ended, in the language the
        visitor speaks now: one who chose another on the new-table screen read "The table
        is closed." and *Back to the game* in the page's first language, under a reason in the
        new one (the page asks for them as its game ends)."""
        language = self.visitor_language(
            request.cookies.get(COOKIE), request.headers.get("Accept-Language")
        )
        with speaking(language):
            words = {"lang": language, **self.closed_texts()}
        return web.json_response(words, headers={"Cache-Control": "no-store"})

    def seat_words(self, request: web.Request) -> dict[str, str]:
        """What the page needs to show a hosted table's friend, once they have left, the
        link that takes their seat back from another browser: where to ask for it (``/seat``,
        with the link's code and name; "" at ``okey101 web``), and its words."""
        asked = ""
        if self.table is not None:
            query = {"code": self.table.code}
            name = clean_name(request.query.get("name"))
            if name:
                query["name"] = name
            asked = "/seat?" + urlencode(query, quote_via=quote)
        return {
            "seat_asked": html.escape(asked),
            "seat_said": html.escape(
                _(
                    "To take your seat back from another browser, open this link there "
                    "(it is your seat's own: give it to nobody):"
                )
            ),
            "copy_link": html.escape(_("Copy the link")),
            "copied": html.escape(_("Copied")),
        }

    async def handle_seat(self, request: web.Request) -> web.Response:
        """The link with the seat's token of the visitor who asks (their cookie's seat, as
        their own game kept it), once they have left a hosted table: ``{"link": …}``, or
        ``{"link": ""}`` when they have no seat to take back (the match is over, the seat
        was given up before it began); ``"late"``: they have none and the match has begun
        (they came after it began, or gave their seat up before). Only ever the asking
        visitor's own seat."""
        visitor = request.cookies.get(COOKIE)
        if self.table is None:
            raise web.HTTPNotFound()
        if not valid_visitor_id(visitor) or not self.code_allowed(
            request, request.query.get("code"), visitor
        ):
            raise web.HTTPForbidden(text=_("okey101: open the link the host gave you"))
        assert visitor is not None
        token = self.seat_token(visitor)
        link = ""
        if token is not None:
            link = link_with_token(self.link(request, request.query.get("name")), token)
        # No seat kept and no match begun: it was given up in the lobby (or never had).
        left = token is None and not self.table.begun()
        return web.json_response(
            {"link": link, "late": token is None and self.table.resumable(), "left": left},
            headers={"Cache-Control": "no-store"},
        )

    def late(self, visitor: str, request: web.Request) -> bool:
        """Whether the browser of ``visitor`` comes to a hosted table whose match has begun
        without a seat there: its own game kept no seat's token, and its link brings none.
        (Its page says so once it leaves; ``/seat`` says it again then, from the same token.)"""
        if self.table is None or valid_token(request.query.get("token")):
            return False
        return self.table.resumable() and self.seat_token(visitor) is None

    def seat_token(self, visitor: str) -> str | None:
        """The token of ``visitor``'s seat at the hosted table, as their ``okey101 join``
        keeps it in their data dir (under the table's address and code; a seat taken back
        with a token and no code, under the address), or None."""
        assert self.table is not None
        data, _config = visitor_dirs(self.root, visitor)
        try:
            seats = json.loads((data / storage.seats_path().name).read_text(encoding="utf-8"))
        except (OSError, ValueError, RecursionError):
            return None
        if not isinstance(seats, dict):
            return None
        url = self.table.url()
        for key in (f"{url} {self.table.code}", f"{url} "):
            token = seats.get(key)
            if isinstance(token, str) and valid_token(token):
                return token
        return None

    def away_words(self) -> dict[str, str]:
        """What the page needs to wait for a hosted table that went away, and its words in
        the language spoken now (an ``okey101 web`` page never waits: ``away_waits``)."""
        return {
            "away_code": str(TABLE_AWAY),
            "gone_code": str(TABLE_GONE),
            "away_waits": "true" if self.table is not None else "false",
            "away_every": str(round(self.away_every * 1000)),
            "away_for": str(round(self.away_for * 1000)),
            "away_lost": html.escape(_("The connection to the table was lost.")),
            "away_waiting": html.escape(
                _(
                    "This page waits for the table and takes you back to your seat by itself "
                    "once it is open again."
                )
            ),
            "away_pace": html.escape(
                _("Asking every {every}, for up to {span}.").format(
                    every=span_text(self.away_every), span=span_text(self.away_for)
                )
            ),
            "stop_waiting": html.escape(_("Stop waiting")),
            "away_gave_up": html.escape(
                _(
                    "The table did not come back within {span}. Press Back to the game once the host "
                    "has opened it again."
                ).format(span=span_text(self.away_for))
            ),
        }

    async def handle_script(self, request: web.Request) -> web.Response:
        """textual-serve's script, with the terminal's session kept for the page."""
        if self._script is None:
            raw = (self.static_dir / "js" / "textual.js").read_text(encoding="utf-8")
            self._script = page_script(raw)
        return web.Response(text=self._script, content_type="text/javascript")

    def full_page(self) -> str:
        return self.notice_page(
            _("okey101: every table is taken"),
            self.full_text(retries=True),
            again=True,
            retry=FULL_RETRY,
        )

    @web.middleware
    async def _not_found(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        """A mistyped address gets a page in the game's colours and the visitor's language,
        with a way to the table, rather than the bare "404: Not Found"."""
        try:
            return await handler(request)
        except web.HTTPNotFound:
            visitor = request.cookies.get(COOKIE)
            with speaking(self.visitor_language(visitor, request.headers.get("Accept-Language"))):
                text = self.notice_page(
                    _("okey101: no such page"),
                    _("There is no page at this address."),
                    # A hosted table's page needs the host's link: no way in from here.
                    home=self.table is None,
                )
            return web.Response(
                status=404,
                text=text,
                content_type="text/html",
                headers={"Cache-Control": "no-store"},
            )

    def notice_page(
        self,
        title: str,
        text: str,
        *,
        again: bool = False,
        home: bool = False,
        way: tuple[str, str] | None = None,
        retry: int = 0,
    ) -> str:
        """A page of one sentence under its title, with the look of the game page's own
        notices (``again``: with a Try again button; ``home``: with a link to the table;
        ``way``: with a link of its own, its address and words; ``retry``: the page loads
        again by itself after that many seconds)."""
        if way is None and home:
            way = ("/", _("Go to your table"))
        return self.notice.substitute(
            lang=i18n.current_language(),
            title=html.escape(title),
            text=html.escape(text),
            again=html.escape(_("Try again")),
            again_style="" if again else "display:none",
            way=html.escape(way[0] if way else "/"),
            way_text=html.escape(way[1] if way else ""),
            way_style="" if way else "display:none",
            retry=str(retry * 1000),
        )

    def code_allowed(self, request: web.Request, code: str | None, visitor: str | None) -> bool:
        """Whether ``visitor`` may open the hosted table: it came with the table's code, or
        did before. Wrong codes are counted by address (no code at all is not a guess), and
        an address out of tries is refused even the right code for ``CODE_BLOCK`` seconds,
        except to a visitor who came in with it before: a seated friend is never locked out
        of their seat by someone else's guesses."""
        assert self.table is not None
        if visitor is not None and visitor in self._admitted:
            return True
        address = request.remote or "?"
        if self.code_tries.blocked_for(address) > 0:
            return False
        if self.table.code_matches(code):
            if visitor is not None:
                self._admitted.add(visitor)
            return True
        if code:
            self.code_tries.wrong(address)
            log.warning(_("a wrong join code from %s"), address)
        return False

    def blocked_for(self, request: web.Request) -> int | None:
        """Minutes (rounded up) until the address of ``request`` may try codes again; None
        when it is not blocked."""
        seconds = self.code_tries.blocked_for(request.remote or "?")
        return max(1, math.ceil(seconds / 60)) if seconds > 0 else None

    @staticmethod
    def secure(request: web.Request) -> bool:
        """Whether the browser came over HTTPS (directly, or through a proxy that says so)."""
        return request.secure or request.headers.get("X-Forwarded-Proto") == "https"

    def table_link(self, request: web.Request) -> str:
        """A hosted table's link as the visitor's browser opened it (its address, the
        code and the visitor's name; never a token)."""
        return self.link(request, unquote(request.match_info.get("name", "")))

    def link(self, request: web.Request, name: str | None) -> str:
        """A hosted table's link on the address the browser used, with the code and
        ``name`` (none for "" or "-"; never a token)."""
        assert self.table is not None
        name = clean_name(name)
        scheme = "https" if self.secure(request) else "http"
        link = f"{scheme}://{request.host}/?code={self.table.code}"
        if name not in ("", "-"):
            link += f"&name={quote(name, safe='')}"
        return link

    def websocket_url(self, request: web.Request, kind: str) -> str:
        """The page's WebSocket address, on the host and scheme the browser used."""
        return f"{'wss' if self.secure(request) else 'ws'}://{request.host}/ws/{kind}"

    # -- a visitor's table ------------------------------------------------------

    def environment_for(self, visitor: str) -> dict[str, str]:
        data, config = visitor_dirs(self.root, visitor)
        data.mkdir(parents=True, exist_ok=True)
        config.mkdir(parents=True, exist_ok=True)
        saw_visitor(self.root, visitor)
        return {"OKEY101_DATA_DIR": str(data), CONFIG_ENV: str(config), WEB_ENV: "1"}

    @staticmethod
    def same_origin(request: web.Request) -> bool:
        """Only the page this server served opens tables (a browser always sends Origin)."""
        origin = request.headers.get("Origin")
        if origin is None:
            return True
        return origin.split("://", 1)[-1] == request.host

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        kind = request.match_info.get("kind", "join")
        if self.table is not None:
            code = request.match_info.get("code")
            if kind != "join" or not self.code_allowed(request, code, request.cookies.get(COOKIE)):
                raise web.HTTPForbidden(text=_("okey101: open the link the host gave you"))
        elif kind not in KINDS:
            raise web.HTTPNotFound()
        if not self.same_origin(request):
            raise web.HTTPForbidden(text=_("okey101: this page belongs to another site"))
        websocket = web.WebSocketResponse(heartbeat=15, timeout=CLOSE_ANSWER_SECONDS)
        await websocket.prepare(request)
        visitor = request.cookies.get(COOKIE)
        accept_language = request.headers.get("Accept-Language")
        if not valid_visitor_id(visitor):
            with speaking(self.visitor_language(None, accept_language)):
                reason = _("This page needs cookies: they keep your matches apart from others'.")
            await websocket.close(code=WSCloseCode.POLICY_VIOLATION, message=close_message(reason))
            return websocket
        assert visitor is not None
        token = request.match_info.get("token", "")
        visit = await self.admit(Visit(visitor, websocket, accept_language, token=token))
        if visit is None:
            with speaking(self.visitor_language(visitor, accept_language)):
                reason = self.full_text()
            await websocket.close(code=TRY_AGAIN_LATER, message=close_message(reason))
            return websocket
        # The table lives in a task of its own: it is ended and tidied up even when
        # this handler is cancelled (a lost connection, the server stopping).
        task = asyncio.create_task(self.run_visit(visit, request, kind))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.shield(task)
        return websocket

    async def admit(self, visit: Visit) -> Visit | None:
        """``visit`` once it has a table, or ``None`` when every table is taken.

        A visitor with a table open in another tab gets it here: the other tab's
        table is closed (and its match saved; at a hosted table, the seat is kept) first.
        """
        visitor = visit.visitor
        async with self.admission:
            previous = self.visits.get(visitor)
            if previous is not None:
                with self.speaking_to(previous):
                    if self.table is not None:
                        # A hosted table's match is the host's: the visitor's seat is kept.
                        reason = _("This table was opened in another tab. Your seat is kept.")
                    else:
                        reason = (
                            _("This table was opened in another tab.") + " " + self.kept(previous)
                        )
                await previous.close(reason)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(previous.done.wait(), self.quit_grace + 5)
            elif self.full:
                log.info(_("a visitor was turned away: %d tables open"), len(self.visits))
                return None
            self.visits[visitor] = visit
            log.info(_("table opened (%s); %d open"), visitor[:6], len(self.visits))
            return visit

    async def run_visit(self, visit: Visit, request: web.Request, kind: str) -> None:
        try:
            await self.play(visit, request, kind)
        finally:
            if self.visits.get(visit.visitor) is visit:
                del self.visits[visit.visitor]
            now = time.time()
            # Only the visits that ended lately matter: the rest are let go.
            self.left = {v: t for v, t in self.left.items() if now - t[0] <= BACK_SECONDS}
            self.left[visit.visitor] = (now, visit.started)
            visit.done.set()
            log.info(_("table closed (%s); %d open"), visit.visitor[:6], len(self.visits))

    def command_for(self, visit: Visit, request: web.Request, kind: str) -> str:
        """The shell command of the visitor's app: their table, or ``okey101 join`` to the
        hosted table (with the link's token, if any: that seat, taken back)."""
        if self.command is not None:
            return self.command
        if self.table is None:
            data, _config = visitor_dirs(self.root, visit.visitor)
            if kind == "practice":
                resume = unfinished_practice(data)
            else:
                resume = self.match_left_just_now(visit.visitor, data)
            return play_command(kind, self.play_args, resume)
        name = clean_name(unquote(request.match_info.get("name", "")))
        if name == "-":
            # No name given: the game sits them as a guest (okey101 join in a browser), and
            # tells no rename at a seat taken back ("--name Guest" read as a name asked for,
            # and each reload said "a name does not change once the match has begun").
            name = ""
        token = request.match_info.get("token", "")
        return join_command(
            self.table.url(), self.table.code, name, token if valid_token(token) else ""
        )

    def match_left_just_now(self, visitor: str, data: Path) -> str | None:
        """The match a visitor played in a visit that ended moments ago (within
        ``BACK_SECONDS``: a reload, a tab closed and opened again), if it is unfinished:
        they come back to it, not to the new-table screen (which offers every match)."""
        left = self.left.get(visitor)
        if left is None or time.time() - left[0] > BACK_SECONDS:
            return None
        latest = next(iter(storage.list_saves(storage.saves_dir(data)).entries), None)
        return latest.id if latest is not None and latest.saved_at >= left[1] else None

    async def play(self, visit: Visit, request: web.Request, kind: str) -> None:
        """The visitor's app, from start to end."""
        websocket = visit.websocket
        width = _int(request.query.get("width"), MIN_COLS)
        height = _int(request.query.get("height"), MIN_ROWS)
        command = self.command_for(visit, request, kind)
        environment = self.environment_for(visit.visitor)
        if self.table is not None:
            # The friend's game says how to come back in the browser, with this link.
            environment[WEB_LINK_ENV] = self.table_link(request)
            if self.table.bridge_key:
                environment[BRIDGE_ENV] = self.table.bridge_key
                environment[VISITOR_ENV] = request.remote or "?"
        language = self.default_language(request.headers.get("Accept-Language"))
        if language is not None:
            # The server's language, else the visitor's own locale: a language they chose
            # at the table still comes first.
            environment["LANGUAGE"] = language
        app = VisitorApp(
            command,
            environment=environment,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=visit.close_quietly,
            download_manager=self.downloads,
        )
        visit.app = app
        await app.start(width, height)
        relay = visit.relay = asyncio.create_task(self.relay(visit, app))
        try:
            await asyncio.wait([relay])
            if not relay.cancelled():  # (cancelled: the visit closed the page's connection)
                relay.result()
        finally:
            relay.cancel()
            await self.end_app(app)
            await visit.close("")

    async def relay(self, visit: Visit, app: VisitorApp) -> None:
        """The page's messages to the app: keys and clicks, the terminal's size, focus."""
        async for message in visit.websocket:
            if message.type != WSMsgType.TEXT:
                continue
            # What no page of ours sends is refused, and the table goes on: text that is
            # not JSON or is nested past what Python reads, an envelope that is no list,
            # keys that are no text a keyboard types (a lone surrogate has no UTF-8).
            try:
                envelope = json.loads(message.data)
                kind, data = envelope[0], envelope[1:]
            except (ValueError, TypeError, IndexError, KeyError, RecursionError):
                continue
            if kind == "stdin" and data and isinstance(data[0], str):
                if len(data[0]) > MAX_STDIN:
                    continue
                try:
                    keys = data[0].encode("utf-8")
                except UnicodeEncodeError:
                    continue
                visit.last_input = time.monotonic()
                await app.send_bytes(keys)
            elif kind == "resize" and data and isinstance(data[0], dict):
                width = _int(data[0].get("width"), MIN_COLS)
                height = _int(data[0].get("height"), MIN_ROWS)
                await app.set_terminal_size(width, height)
            elif kind == "ping" and data and isinstance(data[0], str):  # the page's clock
                try:
                    await visit.websocket.send_json(["pong", data[0]])
                except ConnectionError:  # the page went as it asked: nothing more to read
                    return
            elif kind == "blur":
                await app.blur()
            elif kind == "focus":
                await app.focus()

    async def end_app(self, app: VisitorApp) -> None:
        """Ask the app to quit (it saves the match); kill it if it does not."""
        try:
            await asyncio.wait_for(app.stop(), self.quit_grace)
        except TimeoutError:
            log.warning(_("a table's process did not quit: it is killed"))
            await app.end(0)
        except Exception as error:  # a broken pipe: the process is ending anyway
            log.warning(_("a table's process ended badly: %s"), error)

        await app.end(self.quit_grace)

    # -- bounds -----------------------------------------------------------------

    async def _close_idle_visits(self) -> None:
        every = max(0.2, min(30.0, self.idle_seconds / 4))
        while True:
            await asyncio.sleep(every)
            await self.close_idle()

    async def _forget_unreachable_visitors(self) -> None:
        while True:
            forgotten = await asyncio.to_thread(
                forget_unreachable_visitors, self.root, now=time.time(), keep=set(self.visits)
            )
            if forgotten:
                log.info(
                    ngettext(
                        "removed the folder of %d visitor not seen for %d days"
                        " (no browser keeps the cookie that long)",
                        "removed the folders of %d visitors not seen for %d days"
                        " (no browser keeps the cookie that long)",
                        len(forgotten),
                    ),
                    len(forgotten),
                    COOKIE_DAYS,
                )
            await asyncio.sleep(FORGET_EVERY)

    async def close_idle(self) -> None:
        now = time.monotonic()
        for visit in list(self.visits.values()):
            if now - visit.last_input >= self.idle_seconds:
                log.info(_("closing an idle table (%s)"), visit.visitor[:6])
                with self.speaking_to(visit):
                    if self.table is not None:  # the host's match: the visitor's seat is kept
                        said = _("Closed after {span} without a move. Your seat is kept.")
                    else:
                        said = _("Closed after {span} without a move.") + " " + self.kept(visit)
                    reason = said.format(span=span_text(self.idle_seconds))
                await visit.close(reason)

    async def close_all(self, reason: Callable[[Visit], tuple[str, int]]) -> None:
        """Close every table; ``reason(visit)`` says why and with which close code, asked
        in each visitor's language."""
        for task in (self._reaper, self._forgetter):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        self._reaper = self._forgetter = None
        visits = list(self.visits.values())
        closing = []
        for visit in visits:
            with self.speaking_to(visit):
                said, code = reason(visit)
            # Each page answers its close in its own time (a page gone does not hold
            # up the others).
            closing.append(visit.close(said, code))
        await asyncio.gather(*closing)
        if visits:
            await asyncio.wait(
                [asyncio.create_task(v.done.wait()) for v in visits], timeout=self.quit_grace + 5
            )

    # -- running ----------------------------------------------------------------

    async def run(
        self, on_ready: Callable[[int], object] | None = None, stop: asyncio.Event | None = None
    ) -> None:
        """Serve until ``stop`` is set (``on_ready(url)`` once listening)."""
        runner = web.AppRunner(self.make_app(), handle_signals=False, access_log=None)
        await runner.setup()
        try:
            site = web.TCPSite(runner, self.host, self.port)
            await site.start()
            port = runner.addresses[0][1]
            if on_ready is not None:
                on_ready(port)
            await (stop or asyncio.Event()).wait()
        finally:
            await runner.cleanup()


class RefusedRequests(logging.Filter):
    """aiohttp logs a request it could not read (a request line or header too long, a
    broken header) with a traceback, as if the server had failed; it has answered 400 and
    serves on. Anyone who can reach the page can send one, so the server's terminal gets
    one line that says so instead."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, HttpProcessingError):
            remote = record.args[0] if isinstance(record.args, tuple) and record.args else "?"
            record.msg = _("refused a request from %s that could not be read (HTTP %d)")
            record.args = (remote, error.code)
            record.exc_info = record.exc_text = None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


def refuse_unreadable_requests_quietly() -> None:
    """Put ``RefusedRequests`` on aiohttp's server log (once)."""
    logger = logging.getLogger("aiohttp.server")
    if not any(isinstance(f, RefusedRequests) for f in logger.filters):
        logger.addFilter(RefusedRequests())


def _int(value: object, default: int) -> int:
    try:
        number = int(str(value))
    except ValueError:
        return default
    return max(1, min(number, 1000))


def span_text(seconds: float) -> str:
    """A span of time as the page and the server's own lines say it: whole minutes in
    minutes, anything else in seconds ("1 minute", "30 minutes", "90 seconds")."""
    minutes = round(seconds / 60)
    if minutes >= 1 and abs(seconds - minutes * 60) < 0.5:
        return ngettext("{n} minute", "{n} minutes", minutes).format(n=minutes)
    return ngettext("{n} second", "{n} seconds", round(seconds)).format(n=round(seconds))


def limits_line(max_visitors: int, idle_seconds: float, folder: Path) -> str:
    """What ``okey101 web`` says of its limits when it starts.

    >>> print(limits_line(1, 60, Path("v")))
    At most 1 table at once; a table is closed after 1 minute without a move. Visitors' data: v
    """
    return ngettext(
        "At most {n} table at once; a table is closed after {span} without a move."
        " Visitors' data: {folder}",
        "At most {n} tables at once; a table is closed after {span} without a move."
        " Visitors' data: {folder}",
        max_visitors,
    ).format(n=max_visitors, span=span_text(idle_seconds), folder=folder)
