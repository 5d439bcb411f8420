"""``okey101 web``: serve the game as a web page; every visitor plays their own table."""

from __future__ import annotations

import click

DEFAULT_PORT = 8000


@click.command(name="web")
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=DEFAULT_PORT,
    show_default=True,
    help="Port to listen on (0: any free port).",
)
@click.option(
    "--public",
    is_flag=True,
    help="Listen on every network interface (default: this computer only, 127.0.0.1).",
)
@click.option(
    "--max-visitors",
    type=click.IntRange(1, 500),
    default=8,
    show_default=True,
    help="Tables open at once (one per visitor); the next visitor is asked to come back later.",
)
@click.option(
    "--idle-minutes",
    type=click.FloatRange(0.1, 24 * 60),
    default=30,
    show_default=True,
    help="Close a table after this long without a key press or a click (the match is saved).",
)
@click.option(
    "--bot-delay",
    type=click.FloatRange(0, 10),
    default=None,
    help="Seconds between bot moves at every table (default: each visitor's choice, else 0.6).",
)
@click.option(
    "--seed",
    type=int,
    default=None,
    help="Every table starts at once with the deals of this seed (the new-table screen is skipped).",
)
def web(
    port: int,
    public: bool,
    max_visitors: int,
    idle_minutes: float,
    bot_delay: float | None,
    seed: int | None,
) -> None:
    """Serve the game as a web page: each visitor gets their own table against three bots.

    \b
    Open the printed address in a browser. Each visitor's matches, remembered
    choices and statistics are their own (a cookie tells visitors apart);
    they are kept under the data dir, in web/visitors/. Add ?practice=1 to the
    address for a practice table.
    """
    import asyncio
    import contextlib
    import logging
    import signal

    from okey_tui import storage
    from okey_tui.web.server import WebServer

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
        click.echo(f"okey101 in a browser: http://{address}:{actual_port}/")
        click.echo(f"A practice table: http://{address}:{actual_port}/?practice=1")
        if not public:
            click.echo("Only this computer can open it: add --public to let others in.")
        click.echo(
            f"At most {max_visitors} tables at once; a table is closed after "
            f"{idle_minutes:g} minutes without a move. Visitors' data: {root / 'visitors'}"
        )
        click.echo("Ctrl+C stops the server.", nl=True)

    async def main() -> None:
        server = WebServer(
            root,
            host=host,
            port=port,
            max_visitors=max_visitors,
            idle_seconds=idle_minutes * 60,
            play_args=play_args,
        )
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            # Without signal handlers (Windows), Ctrl+C arrives as KeyboardInterrupt.
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, stop.set)
        try:
            await server.run(ready, stop)
        except OSError as exc:
            raise click.ClickException(
                f"cannot listen on port {port}: {exc.strerror or exc} (give another --port)"
            ) from None

    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(main())
    click.echo("The server is stopped.")


def _lan_address() -> str:
    from okey_tui.commands.host import _lan_address as address

    return address()
