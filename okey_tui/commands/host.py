"""``okey101 host``: open a table others join from their own computers.

The table choices are ``okey101 play``'s own options (the same objects, so
the two commands cannot drift). The host sits at the table in this terminal
(joining their own server over loopback, like every other player);
``--no-seat`` serves the table only.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import ssl
import sys
import threading
from collections.abc import Iterator
from types import FrameType
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from okey_tui.net.server import TableServer
    from okey_tui.storage import SaveList
    from okey_tui.web.server import WebServer

from okey_tui.bots.base import LEVELS
from okey_tui.cli import FloatBetween, IntBetween
from okey_tui.commands.ids import LATEST, given_id
from okey_tui.commands.play import _bots, check_own_name, check_seat_name, table_changes
from okey_tui.commands.play import play as _play
from okey_tui.commands.web import public_option
from okey_tui.i18n import N_, _, ngettext
from okey_tui.net.server import DEFAULT_GRACE

DEFAULT_PORT = 8101
WEB_PORT = 8000
# The options of ``play`` that describe a table; host takes them as they are.
TABLE_OPTIONS = (
    "game_type",
    "hands",
    "no_penalty",
    "partners",
    "finisher_zero",
    "pairs_lay_off",
    "finish_needs_floor",
    "give_back_penalty",
    "bots",
    "seed",
    "bot_delay",
)


def _table_options() -> list[click.Parameter]:
    return [p for p in _play.params if p.name in TABLE_OPTIONS]


@click.command(
    name="host",
    params=_table_options(),
    help=N_(
        "Open a table that friends join with okey101 join: prints the address and join code.\n\n"
        "Seats nobody takes are bots (--bots: one level for all seats, or one per seat: "
        "right, across, left of the host's seat; a bot in the host's seat plays at the "
        "first). A player whose connection drops keeps their seat: a bot "
        "plays it after --grace seconds, until they rejoin. The table is saved as it is "
        "played; okey101 host --resume opens it again."
    ),
)
@click.option(
    "--port",
    type=IntBetween(0, 65535),
    default=None,
    help=N_("Port to listen on (default 8101; with --resume, the table's own; 0: any free port)."),
)
@public_option
@click.option(
    "--cert",
    type=click.Path(dir_okay=False),
    help=N_("TLS certificate (PEM): serve over wss. Needs --key."),
)
@click.option("--key", type=click.Path(dir_okay=False), help=N_("TLS private key (PEM)."))
@click.option("--no-seat", is_flag=True, help=N_("Only serve the table: the host does not play."))
@click.option("--name", help=N_("Your name at the table (at most 16 characters)."))
@click.option(
    "--start-when-full",
    is_flag=True,
    help=N_(
        "Deal as soon as four people sit (otherwise the first at the table starts: the host, "
        "unless --no-seat)."
    ),
)
@click.option(
    "--start-at",
    type=IntBetween(1, 4),
    default=None,
    help=N_("Deal as soon as this many people sit (1-4)."),
)
@click.option(
    "--grace",
    type=FloatBetween(0, 3600),
    default=None,
    help=N_(
        "Seconds a player whose connection dropped keeps their seat before a bot plays it "
        "(default 30; with --resume, the table's own)."
    ),
)
@click.option(
    "--turn-time",
    type=FloatBetween(0, 3600),
    default=None,
    help=N_(
        "Seconds a player has for a turn; when they run out, a bot plays the rest of it "
        "(0, the default: no limit; with --resume, the table's own). Between hands the "
        "table then waits as long, and at least 30 s."
    ),
)
@click.option(
    "--resume",
    metavar="[ID]",
    is_flag=False,
    flag_value=LATEST,
    callback=given_id,
    default=None,
    help=N_(
        "Open again the table this computer served last (after a crash), or the one with "
        "this ID (okey101 saves lists them): its match, join code and port; its players "
        "rejoin with okey101 join as before."
    ),
)
@click.option(
    "--web",
    is_flag=True,
    help=N_("Also serve a web page: friends join the table from a browser with the printed link."),
)
@click.option(
    "--web-port",
    type=IntBetween(0, 65535),
    default=WEB_PORT,
    show_default=True,
    help=N_("Port of the web page (0: any free port)."),
)
@click.option("--autoplay", type=click.Choice(LEVELS), hidden=True)
def host(
    port: int | None,
    public: bool,
    cert: str | None,
    key: str | None,
    no_seat: bool,
    name: str | None,
    start_when_full: bool,
    start_at: int | None,
    grace: float | None,
    turn_time: float | None,
    resume: str | None,
    web: bool,
    web_port: int,
    autoplay: str | None,
    game_type: str | None = None,
    hands: int | None = None,
    no_penalty: bool | None = None,
    partners: bool | None = None,
    bots: str | None = None,
    seed: int | None = None,
    bot_delay: float | None = None,
    **rule_flags: bool | None,
) -> None:
    """``okey101 host``: see the help text above."""
    if (cert is None) != (key is None):
        raise click.UsageError(_("--cert and --key go together: give both to serve over TLS"))
    levels = _bots(bots) or ("normal", "normal", "normal")
    if name is not None:
        check_seat_name(name)
        check_own_name(name.strip())
    if no_seat and name is not None:
        raise click.UsageError(
            _(
                "--no-seat keeps the host from the table, so --name would name nobody: "
                "give --name or --no-seat, not both"
            )
        )
    if start_when_full and start_at not in (None, 4):
        raise click.UsageError(
            _(
                "--start-when-full waits for 4 people and --start-at {n} for {n}: "
                "give --start-when-full or --start-at, not both"
            ).format(n=start_at)
        )
    if start_when_full:
        start_at = 4
    table_choices = [game_type, hands, no_penalty, partners, bots, seed, *rule_flags.values()]
    table_id = resume or ""  # --resume ID: that table; --resume alone: the latest
    resuming = resume is not None
    if resuming and any(choice is not None for choice in table_choices):
        raise click.UsageError(
            _("--resume opens the saved table with its own choices: leave out the table options")
        )
    table_port = DEFAULT_PORT if port is None and not resuming else port  # resumed: its own
    if web and web_port != 0 and web_port == table_port:
        raise click.UsageError(
            _(
                "--port and --web-port are both {port}: the table and its web page each need "
                "a port of their own"
            ).format(port=web_port)
        )
    context = None
    if cert is not None and key is not None:
        # Said with what to give (click's own said "File '…' does not exist." and no more).
        for option, path in (("--cert", cert), ("--key", key)):
            if not os.path.exists(path):
                raise click.BadParameter(
                    _("there is no file {file}: give a PEM file").format(file=path),
                    param_hint=f"'{option}'",
                )
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        try:
            context.load_cert_chain(cert, key)
        except (ssl.SSLError, OSError) as exc:
            raise click.BadParameter(
                _(
                    "cannot load the certificate and key ({error}): give a PEM certificate and "
                    "its private key (openssl req -x509 -newkey rsa:2048 -nodes -keyout key.pem "
                    "-out cert.pem makes a pair)"
                ).format(error=exc),
                param_hint="'--cert/--key'",
            ) from None

    from okey_tui import storage
    from okey_tui.net.server import TableServer

    # Any: TableServer's keyword options (host, TLS, pace, grace…), passed on unchanged.
    options: dict[str, Any] = {
        "host": "0.0.0.0" if public else "127.0.0.1",
        "ssl_context": context,
        "start_at": start_at,
    }
    # The pace, the turn time and the grace period: given, or a resumed table's own (it
    # lost them, and its players had been told "Each turn has 40 s"), else the remembered
    # pace, no limit and 30 s.
    paces = {"bot_delay": bot_delay, "turn_time": turn_time, "grace": grace}
    if resuming:
        given = {k: v for k, v in paces.items() if v is not None}
        server = _resumed(port, options, given, table_id)
        if not no_seat and autoplay is None and server.host_seat is None:
            raise click.UsageError(
                _("the host did not sit at this table: resume it with --no-seat")
            )
    else:
        import secrets

        from okey_tui.settings import TableSettings, load_settings

        changes = table_changes(game_type, hands, no_penalty, partners, **rule_flags)
        rules = TableSettings().with_changes(**changes).checked().rules()
        all_levels = (levels[0], *levels)  # seat 1's level covers the host if they drop
        options["bot_delay"] = load_settings().bot_delay if bot_delay is None else bot_delay
        options["turn_time"] = turn_time or 0.0
        options["grace"] = DEFAULT_GRACE if grace is None else grace
        server = TableServer(
            rules,
            secrets.randbelow(2**31) if seed is None else seed,
            (all_levels[0], all_levels[1], all_levels[2], all_levels[3]),
            port=DEFAULT_PORT if port is None else port,
            save_path=storage.new_save_path(storage.hosted_dir()),
            **options,
        )
    try:
        server.claim()
    except storage.SaveInUseError:
        raise click.ClickException(
            _("another okey101 is serving this table right now: close it there first")
        ) from None
    except storage.LockFolderError as exc:  # said, not a traceback
        raise click.ClickException(str(exc)) from None
    player = host_name(name, server)
    if resuming and not web and server.web_port is not None:
        # Hosted with --web: the friends who joined from a browser come back by its link.
        web, web_port = True, server.web_port
    page = _WebPage(server, web_port, public) if web else None
    if page is not None:
        server.forgivers.append(page.forgive)  # lifting the blocks lifts the page's too
    try:
        _take_port(server, comes_back=resuming and port is None)
        if not no_seat and autoplay is None and not sys.stdin.isatty():
            # Under nohup, or with its input a file: the seat's screen ended the command in
            # a traceback once the table was set up (a port in use is said first).
            raise click.ClickException(
                _(
                    "okey101 host sits you at the table, whose screen reads its keys from a "
                    "terminal, and the input here is a file or a pipe: run it in a terminal "
                    "window, or serve the table without a seat (--no-seat, as under nohup)"
                )
            )
        if page is not None:
            page.start()
            server.web_port = page.bound_port  # saved with the table
            # However the table closes (the host quits at their seat, Ctrl+C, --no-seat):
            # the friends' pages first, each told why (the table closed for good, or to
            # come back). The table closing first ended their apps, and a page could close
            # with no reason. The page's thread waits on the table's loop.
            server.closers.append(page.close_pages)
        if autoplay is not None:
            _autoplay(server, public=public, name=player, level=autoplay, page=page)
        elif no_seat:
            _serve(server, public=public, start_at=start_at, page=page)
        else:
            _sit(server, public=public, cert=cert, name=player, page=page)
    finally:
        if page is not None:
            page.stop()
        server.release()  # a table that never listened (a port in use) leaves no lock


def _take_port(server: TableServer, *, comes_back: bool = False) -> None:
    """Take the table's port before anything says where the table is (a join code for a
    table that never opened): a port in use, or not allowed, ends the command here.
    ``comes_back``: the port is a resumed table's own, where its players rejoin."""
    from okey_tui.net.server import listen_problem

    try:
        server.bind()
    except OSError as exc:
        problem = listen_problem(exc, server.host, server.port, resumed=comes_back)
        raise click.ClickException(problem) from None


class _WebPage:
    """``--web``: the web page of ``okey101 web`` for this table, in a thread of its own
    (its own event loop, beside the table's or the screen's). Each visitor who opens the
    link gets ``okey101 join`` to the table, in their browser."""

    def __init__(self, server: TableServer, port: int, public: bool) -> None:
        self.server = server
        self.port = port
        self.public = public
        self.link = ""
        self.bound_port = port  # the port it listens on, once started (0 picks one)
        self._ready = threading.Event()
        self._problem = ""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._page: WebServer | None = None
        self._thread = threading.Thread(target=self._run, name="okey101-web", daemon=True)

    def start(self) -> None:
        """Listen (a ClickException if the port is taken); :attr:`link` is then the link."""
        self._thread.start()
        self._ready.wait(30)
        if self._problem or not self.link:
            raise click.ClickException(self._problem or _("the web page did not start"))

    def stop(self) -> None:
        """Stop serving the page and wait for its thread to end."""
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None:
            # A page that could not listen ends by itself, and its loop closes before its
            # thread does: a closed loop refuses the call, and has nothing left to stop.
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(stop.set)
        if self._thread.ident is not None:  # started
            self._thread.join(30)

    async def close_pages(self) -> None:
        """Stop serving the page (each friend's page closed, told why) from the table's
        loop, which the page's closing waits on (its visitors' apps leave the table)."""
        await asyncio.get_running_loop().run_in_executor(None, self.stop)

    def forgive(self) -> None:
        """The page's own blocks for wrong codes in its link are lifted too (the host lifted
        the table's): every browser may try again."""
        loop, page = self._loop, self._page
        if loop is not None and page is not None:
            with contextlib.suppress(RuntimeError):  # the page's loop has ended
                loop.call_soon_threadsafe(page.code_tries.forget)

    def _run(self) -> None:
        asyncio.run(self._serve())

    async def _serve(self) -> None:
        from okey_tui import storage
        from okey_tui.net.server import listen_problem
        from okey_tui.web.server import HostedTable, WebServer

        server = self.server
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        table = HostedTable(
            url=lambda: server.local_url,
            code=server.code,
            resumable=lambda: server.resumable,
            over=lambda: server.match is not None and server.match.is_over,
            begun=lambda: server.match is not None,
            has_seat=server.has_seat_token,
            bridge_key=server.bridge_key,
        )
        page = self._page = WebServer(
            storage.data_dir() / "web",
            host="0.0.0.0" if self.public else "127.0.0.1",
            port=self.port,
            table=table,
        )

        def ready(port: int) -> None:
            address = _lan_address() if self.public else "127.0.0.1"
            self.link = f"http://{address}:{port}/?code={server.code}"
            self.bound_port = port
            self._ready.set()

        try:
            await page.run(ready, self._stop)
        except OSError as exc:
            self._problem = listen_problem(exc, page.host, self.port, "--web-port")
        finally:
            self._ready.set()


def _resumed(
    port: int | None, options: dict[str, Any], paces: dict[str, float], table_id: str = ""
) -> TableServer:  # Any: as above
    """The table this computer served last, or the one ``table_id`` names, as it was saved
    (its bots' pace and turn time too, unless ``paces`` gives them again).

    The table served last, still open in another okey101, is said so: an older table
    opened in its place gave its players a join code and port that led nowhere."""
    from okey_tui import storage
    from okey_tui.net.server import TableServer

    found = storage.list_saves(storage.hosted_dir())
    for problem in [*found.problems, *found.reminders()]:  # a newer okey101's table too
        click.echo(f"okey101: {problem}", err=True)
    if table_id:
        entry = found.find(table_id)
        if entry is None:
            raise click.BadParameter(_no_table(found, table_id), param_hint="'--resume'")
        entries = [entry]
    else:
        entries = found.entries
    for entry in entries:
        try:
            in_use = storage.in_use(entry.path)
        except storage.LockFolderError as exc:  # said, not a traceback
            raise click.ClickException(str(exc)) from None
        if in_use:
            # "There is no table to resume: host a new one" sent the host to open a second
            # table beside the one still running; an older table opened instead went
            # unnoticed.
            said = _(
                "another okey101 is serving the table {id} right now: close it there first"
            ).format(id=entry.id)
            if not table_id and len(found.entries) > 1:
                said += "\n" + _(
                    "To open an older table: okey101 host --resume ID (okey101 saves lists them)."
                )
            raise click.ClickException(said)
        try:
            return TableServer.resume(entry.path, port=port, paces=paces, **options)
        except (ValueError, storage.SaveError) as exc:
            click.echo(f"okey101: {exc}", err=True)
    if table_id:
        raise click.ClickException(_("the table {id} cannot be opened").format(id=table_id))
    raise click.ClickException(_("there is no table to resume: host a new one with okey101 host"))


def _no_table(found: SaveList, table_id: str) -> str:
    """Why ``table_id`` names no single table this computer hosted."""
    several = found.starting_with(table_id)
    if len(several) > 1:
        return _("'{id}' starts the ids of {n} hosted tables ({ids}): give more of it").format(
            id=table_id, n=len(several), ids=", ".join(e.id for e in several)
        )
    from okey_tui import storage

    own = storage.list_saves().find(table_id)
    if own is not None:  # a match of a table at home: said where it is resumed
        return _(
            "'{id}' is an unfinished match at a table of your own, not a hosted one: "
            "okey101 play --resume {id} goes on with it"
        ).format(id=own.id)
    return _("there is no hosted table '{id}': okey101 saves lists them").format(id=table_id)


def join_line(code: str, address: str, port: int, *, tls: bool = False) -> str:
    """What the host's lobby says about joining: the code, and on a line of its own
    the whole command a friend types (at 80 columns it never wraps, so it is copied whole)."""
    command = f"okey101 join {address}:{port} {code}" + (" --tls" if tls else "")
    return _("Join code {code} · friends run:").format(code=code) + "\n  " + command


def host_name(name: str | None, server: TableServer) -> str:
    """The name the host sits under: ``--name``; at a resumed table without it, the name
    the table kept for the host's seat (the table showed it, while the statistics wrote
    the hands after the resume under a second player, "Host"); else "Host"."""
    player = (name or "").strip()
    if not player and server.host_seat is not None:
        player = server.seats[server.host_seat].name or ""
    return player or _("Host")


def _sit(
    server: TableServer, *, public: bool, cert: str | None, name: str, page: _WebPage | None
) -> None:
    """Sit at the table in this terminal, joining it over loopback (the host's seat is seat 1)."""
    from okey_tui.ui.remote import RemoteApp, Seat

    context = server.ssl_context
    own: ssl.SSLContext | None = None
    if context is not None and cert is not None:
        # The host reaches its own table over loopback: trust its own certificate.
        own = ssl.create_default_context(cafile=cert)
        own.check_hostname = False
    address = _lan_address() if public else "127.0.0.1"
    line = join_line(server.code, address, server.port, tls=context is not None)
    if page is not None:
        line += "\n" + _("In a browser: {link}").format(link=page.link)
    if not public:
        line += "\n" + _("(only this computer can join: host with --public to let others in)")
    token = ""
    if server.host_seat is not None:  # a resumed table: the host takes their seat back
        token = server.seats[server.host_seat].token or ""
    seat = Seat("", code=server.code, name=name, token=token, ssl_context=own, join_line=line)
    with stopped_as_ctrl_c():  # the screen closes the table as after q
        RemoteApp(seat, server=server, own_choices=True).run()
    note = _closed_note(server)
    if note:
        click.echo(note)


def _closed_note(server: TableServer) -> str | None:
    """What the host's terminal keeps once the screen closes: how to open a match left
    unfinished again (the quit question said it, and went with the screen)."""
    if not server.resumable:
        return None  # nothing was saved to go on with
    # The command on a line of its own, whole, to copy (it wrapped inside the sentence).
    return _(
        "The table is closed. This opens it again, and the others rejoin:\n  okey101 host --resume"
    )


def _serve(
    server: TableServer, *, public: bool, start_at: int | None, page: _WebPage | None
) -> None:
    """Only serve the table, saying on this terminal who comes and goes."""
    import logging

    logging.basicConfig(level=logging.WARNING, format="okey101: %(message)s")
    server.on_notice = click.echo

    async def run() -> None:
        await server.start()  # on the port host() took
        _announce(server, public=public, page=page)
        if server.started:
            starts = _("The match goes on where it was: its players rejoin")
        elif start_at is not None:
            starts = ngettext(
                "The match starts when {n} person sits",
                "The match starts when {n} people sit",
                start_at,
            ).format(n=start_at)
        else:
            starts = _("The first to join starts the match")
        console = _watch_console(server)
        if console and not server.started:  # a resumed match has started: Enter deals
            starts += " " + _("(or press Enter here to start it now)")
        click.echo(
            _("{starts}; empty seats are bots. Ctrl+C closes the table.").format(starts=starts)
        )
        if console:
            click.echo(
                _(
                    "Between hands, Enter here deals the next hand without waiting for "
                    "those not ready."
                )
            )
        try:
            await server.serve_forever()
        finally:
            if console:
                asyncio.get_running_loop().remove_reader(sys.stdin.fileno())
            await server.close()  # the friends' pages first (see host)

    try:
        with stopped_as_ctrl_c():
            asyncio.run(run())
    except KeyboardInterrupt:  # Ctrl+C, SIGTERM, SIGHUP
        click.echo(_("The table is closed."))


@contextlib.contextmanager
def stopped_as_ctrl_c() -> Iterator[None]:
    """While the block runs, SIGTERM (a service stopped, kill) and SIGHUP (the terminal
    closed: its window shut, an ssh session dropped) close the table as Ctrl+C does: every
    friend is told the host closed it (killed at once, they read a lost connection and the
    host's terminal said so of each). Where Ctrl+C does nothing of its own (ignored, as in
    a job started in the background), they end the host as they always did; a SIGHUP
    ignored when the host started (``nohup okey101 host``) stays ignored: the table goes on.

    A closed terminal is gone by the time SIGHUP comes: every write to it fails, and the
    screen or a line said as the table closes would end the host with an error before the
    friends were told. It is let go of first (:func:`let_go_of_terminal`)."""
    import signal

    def on_term(signum: int, frame: FrameType | None) -> None:
        ctrl_c = signal.getsignal(signal.SIGINT)
        if callable(ctrl_c):  # asyncio.run's: it cancels the task serving the table
            ctrl_c(signal.SIGINT, frame)
            return
        signal.signal(signum, signal.SIG_DFL)
        signal.raise_signal(signum)

    terminal = own_terminal()

    def on_hangup(signum: int, frame: FrameType | None) -> None:
        # It may come more than once (the shell passes it on to its jobs, the session's
        # end sends it again): passed on as a second Ctrl+C, it would cut the closing
        # short.
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
        if let_go_of_terminal(terminal):
            # The kernel sends SIGCONT with the hangup, and the screen would come back
            # to the terminal on it: there is none to come back to.
            signal.signal(signal.SIGCONT, signal.SIG_DFL)
        on_term(signum, frame)

    try:
        previous = signal.signal(signal.SIGTERM, on_term)
    except ValueError:  # not the main thread: the signals stay as they are
        yield
        return
    hangup = getattr(signal, "SIGHUP", None)  # none on Windows
    before = None if hangup is None else signal.getsignal(hangup)
    if hangup is not None and before != signal.SIG_IGN:
        signal.signal(hangup, on_hangup)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL if previous is None else previous)
        if hangup is not None:
            signal.signal(hangup, signal.SIG_DFL if before is None else before)


def own_terminal() -> tuple[int, ...]:
    """This process's standard input, output and error that are its terminal (see
    :func:`let_go_of_terminal`)."""
    return tuple(fd for fd in (0, 1, 2) if os.isatty(fd))


def let_go_of_terminal(terminal: tuple[int, ...]) -> bool:
    """Whether the terminal this process started in (its descriptors ``terminal``, from
    :func:`own_terminal`) is gone: closed, each one is read as an end of input and written
    to nowhere (/dev/null) from now on, so that nothing said after it, nor the screen's
    last drawing, fails. A terminal still open (a SIGHUP sent by hand) is kept: the screen
    puts it back as it was."""
    gone = [fd for fd in terminal if not os.isatty(fd)]
    if not gone:
        return False
    nowhere = os.open(os.devnull, os.O_RDWR)
    try:
        for fd in gone:
            os.dup2(nowhere, fd)
    finally:
        os.close(nowhere)
    return True


def _announce(server: TableServer, *, public: bool, page: _WebPage | None = None) -> None:
    """Where the table is and how to join it."""
    address = _lan_address() if public else "127.0.0.1"
    tls = " --tls" if server.ssl_context is not None else ""
    if server.started:
        click.echo(
            _("okey101 table ({rules}) resumed on {url}").format(
                rules=server.rules.code(), url=server.url
            )
        )
    else:
        click.echo(
            _("okey101 table ({rules}) open on {url}").format(
                rules=server.rules.code(), url=server.url
            )
        )
    if not public:
        click.echo(_("Only this computer can join: add --public to let others in."))
    click.echo(_("Join code: {code}").format(code=server.code))
    click.echo(
        _("Join with: okey101 join {address}:{port} {code}{tls} --name NAME").format(
            address=address, port=server.port, code=server.code, tls=tls
        )
    )
    if page is not None:
        click.echo(_("In a browser: {link}").format(link=page.link))


def _autoplay(
    server: TableServer, *, public: bool, name: str, level: str, page: _WebPage | None
) -> None:
    """Serve the table and sit at it with a bot playing the host's seat (for tests and
    try-outs): no screen; what happens is told on this terminal."""
    import logging

    from okey_tui.net import autoplay

    logging.basicConfig(level=logging.WARNING, format="okey101: %(message)s")
    server.on_notice = lambda text: click.echo(text, err=True)
    own: ssl.SSLContext | None = None
    if server.ssl_context is not None:
        own = ssl.create_default_context()
        own.check_hostname = False
        own.verify_mode = ssl.CERT_NONE  # our own table, over loopback

    async def run() -> int:
        await server.start()  # on the port host() took
        try:
            with contextlib.redirect_stdout(sys.stderr):
                _announce(server, public=public, page=page)
            token = ""
            if server.host_seat is not None:
                token = server.seats[server.host_seat].token or ""
            table = await autoplay.take_seat(
                server.local_url, code=server.code, name=name, token=token, ssl_context=own
            )
            server.host_seat = table.seat
            # The host's bot thinks as long as the table's bots.
            status = await autoplay.play_seat(table, level, think=server.bot_delay, ssl_context=own)
            # The others get the end of the match before the table closes.
            for _wait in range(100):
                if not any(s.conn is not None for s in server.seats):
                    break
                await asyncio.sleep(0.05)
            return status
        finally:
            await server.close()

    autoplay.run(run())


def _watch_console(server: TableServer) -> bool:
    """At a terminal, Enter starts the match: the host sees who joined and starts when ready."""

    if not sys.stdin.isatty():
        return False

    def on_line() -> None:
        line = sys.stdin.readline()
        if not line:  # end of input: stop watching
            asyncio.get_running_loop().remove_reader(sys.stdin.fileno())
        else:
            console_line(server, line)

    try:
        asyncio.get_running_loop().add_reader(sys.stdin.fileno(), on_line)
    except (NotImplementedError, OSError, ValueError):
        return False  # no console watching on this platform: the lead starts
    return True


def console_line(server: TableServer, line: str) -> None:
    """A line typed at the host's terminal: Enter starts the match, and between hands
    deals the next one, ready or not (a friend away from the keys held the table up)."""
    if not console_starts(line):
        return
    if not server.started:
        server.start_match()
    elif server.waiting_for():
        server.deal_now()


def console_starts(line: str) -> bool:
    """Whether a line typed at the host's terminal starts the match: Enter, or ``start``."""
    return line.strip().lower() in ("", "start", "s")


def _lan_address() -> str:
    """This computer's address on its network, for the join line (no packet is sent)."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: only picks the outgoing interface
            return str(probe.getsockname()[0])
        except OSError:
            return socket.gethostname()
