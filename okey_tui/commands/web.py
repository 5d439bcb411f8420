"""``okey101 web``: serve the game as a web page; every visitor plays their own table."""

from __future__ import annotations

import click

from okey_tui.cli import FloatBetween, IntBetween, Pace, requested_language
from okey_tui.i18n import N_, _

# --public, for the page here and for the table server of okey101 host alike.
public_option = click.option(
    "--public",
    is_flag=True,
    help=N_("Listen on every network interface (default: this computer only, 127.0.0.1)."),
)

DEFAULT_PORT = 8000


@click.command(
    name="web",
    help=N_(
        "Serve the game as a web page: each visitor gets their own table against three bots.\n\n"
        "\b\n"
        "Open the printed address in a browser. Each visitor's matches, remembered\n"
        "choices and statistics are their own (a cookie tells visitors apart);\n"
        "they are kept under the data dir, in web/visitors/ (the folder of a visitor\n"
        "not seen for 400 days, whose cookie no browser keeps that long, is removed).\n"
        "Add ?practice=1 to the address for a practice table."
    ),
)
@click.option(
    "--port",
    type=IntBetween(0, 65535),
    default=DEFAULT_PORT,
    show_default=True,
    help=N_("Port to listen on (0: any free port)."),
)
@public_option
@click.option(
    "--max-visitors",
    type=IntBetween(1, 500),
    default=8,
    show_default=True,
    help=N_("Tables open at once (one per visitor); the next visitor is asked to come back later."),
)
@click.option(
    "--idle-minutes",
    type=FloatBetween(0.1, 24 * 60),
    default=30,
    show_default=True,
    help=N_("Close a table after this long without a key press or a click (the match is saved)."),
)
@click.option(
    "--bot-delay",
    type=Pace(),
    default=None,
    metavar="SECONDS|PACE",
    help=N_(
        "Seconds between bot moves at every table, or a pace: instant, fast, normal, slow "
        "(default: each visitor's choice, else 0.6)."
    ),
)
@click.option(
    "--seed",
    type=int,
    default=None,
    help=N_(
        "Every table starts at once with the deals of this seed (the new-table screen is skipped)."
    ),
)
def web(
    port: int,
    public: bool,
    max_visitors: int,
    idle_minutes: float,
    bot_delay: float | None,
    seed: int | None,
) -> None:
    """``okey101 web``: see the help text above."""

    import asyncio
    import contextlib
    import logging
    import signal

    from okey_tui import storage
    from okey_tui.commands.host import let_go_of_terminal, own_terminal
    from okey_tui.net.server import listen_problem
    from okey_tui.web.server import WebServer, limits_line, visitors_folder

    play_args: list[str] = []
    if bot_delay is not None:
        play_args += ["--bot-delay", str(bot_delay)]
    if seed is not None:
        play_args += ["--seed", str(seed)]
    logging.basicConfig(level=logging.INFO, format="okey101 web: %(message)s")
    logging.getLogger("aiohttp").setLevel(logging.WARNING)
    root = storage.data_dir() / "web"
    host = "0.0.0.0" if public else "127.0.0.1"

    def ready(actual_port: int) -> None:
        address = _lan_address() if public else "127.0.0.1"
        click.echo(_("okey101 in a browser: {url}").format(url=f"http://{address}:{actual_port}/"))
        click.echo(
            _("A practice table: {url}").format(url=f"http://{address}:{actual_port}/?practice=1")
        )
        if not public:
            click.echo(_("Only this computer can open it: add --public to let others in."))
        click.echo(limits_line(max_visitors, idle_minutes * 60, visitors_folder(root)))
        click.echo(_("Ctrl+C stops the server."))

    async def main() -> None:
        server = WebServer(
            root,
            host=host,
            port=port,
            max_visitors=max_visitors,
            idle_seconds=idle_minutes * 60,
            play_args=play_args,
            language=requested_language(),
        )
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            # Without signal handlers (Windows), Ctrl+C arrives as KeyboardInterrupt.
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, stop.set)
        hangup = getattr(signal, "SIGHUP", None)  # none on Windows
        if hangup is not None and signal.getsignal(hangup) != signal.SIG_IGN:  # nohup: serves on
            # The terminal closed (its window shut, an ssh session dropped): the server
            # stops as on Ctrl+C, each page told why, and no longer writes to the
            # terminal gone.
            terminal = own_terminal()

            def hung_up() -> None:
                let_go_of_terminal(terminal)
                stop.set()

            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(hangup, hung_up)
        try:
            await server.run(ready, stop)
        except OSError as exc:
            raise click.ClickException(listen_problem(exc, host, port)) from None

    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(main())
    click.echo(_("The server is stopped."))


def _lan_address() -> str:
    from okey_tui.commands.host import _lan_address as address

    return address()
