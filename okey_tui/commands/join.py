"""``okey101 join HOST[:PORT] CODE``: take a free seat at a friend's table."""

from __future__ import annotations

import click

from okey_tui.bots.base import LEVELS
from okey_tui.cli import FloatBetween
from okey_tui.commands.host import DEFAULT_PORT
from okey_tui.commands.play import check_own_name, check_seat_name
from okey_tui.engine.tiles import is_number
from okey_tui.i18n import N_, _


def parse_address(text: str) -> tuple[str, int]:
    """``host``, ``host:port``, ``[::1]:port`` -> (host, port); raises ValueError."""
    text = text.strip()
    if "://" in text:  # the link host --web prints, say: it opens in a browser
        raise ValueError(
            _("'{text}' is a link: open it in a browser, or write HOST or HOST:PORT").format(
                text=text
            )
        )
    if text.startswith("["):
        host, sep, rest = text[1:].partition("]")
        if not sep or not host:
            raise ValueError(_("'{text}' is not an address: write [IPv6]:PORT").format(text=text))
        port_text = rest[1:] if rest.startswith(":") else rest
        if rest and not rest.startswith(":"):
            raise ValueError(_("'{text}' is not an address").format(text=text))
    elif text.count(":") == 1:
        host, _colon, port_text = text.partition(":")
    elif ":" in text:
        raise ValueError(
            _("'{text}' is not an address: write an IPv6 address as [ADDRESS]:PORT").format(
                text=text
            )
        )
    else:
        host, port_text = text, ""
    if not host or any(ch.isspace() or ch in "/@?#" for ch in host):
        raise ValueError(_("'{text}' is not an address: write HOST or HOST:PORT").format(text=text))
    if text.startswith("["):
        if not _is_ip(host, version=6):
            raise ValueError(
                _("'{text}' is not an address: no IPv6 address is written so").format(text=text)
            )
    else:
        check_host_name(host)
    if not port_text:
        return host, DEFAULT_PORT
    if not is_number(port_text) or not 1 <= int(port_text) <= 65535:
        raise ValueError(_("'{text}' is not a port (1-65535)").format(text=port_text))
    return host, int(port_text)


def _is_ip(host: str, *, version: int) -> bool:
    import ipaddress

    try:
        return ipaddress.ip_address(host).version == version
    except ValueError:
        return False


# What a computer's name is made of, once written in ASCII (a name in other letters is
# first written so by the idna codec): letters, digits, - and _ (some local names have
# one), in parts between dots.
NAME_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
MAX_LABEL = 63
MAX_NAME = 253


def check_host_name(host: str) -> None:
    """Raise ValueError, saying what is wrong, unless ``host`` can be a computer's name
    or an IPv4 address: the name resolver refuses the rest with a ValueError of its own
    (``bad..host`` failed in the idna codec, as a traceback)."""
    from encodings import idna

    if _is_ip(host, version=4):
        return
    shown = host if host.isprintable() else ascii(host)[1:-1]
    name = host.removesuffix(".")  # "box.example." names the same computer
    for ch in name:
        if ch.isdigit() and not ch.isascii():  # "１２７.０.０.１" was read as 127.0.0.1
            raise ValueError(
                _(
                    "'{host}' is not an address: write its digits 0-9 ('{char}' is another "
                    "script's digit)"
                ).format(host=shown, char=ch)
            )
        if ch != "." and ch.isascii() and ch not in NAME_CHARACTERS:
            raise ValueError(
                _(
                    "'{host}' is not an address: a computer's name has no '{char}' "
                    "(letters, digits, - and dots only)"
                ).format(host=shown, char=ch if ch.isprintable() else ascii(ch)[1:-1])
            )
    ascii_labels = []
    for label in name.split("."):
        if not label:
            raise ValueError(
                _(
                    "'{host}' is not an address: a computer's name has no empty part between dots"
                ).format(host=shown)
            )
        if not label.isascii():
            try:
                label = idna.nameprep(label)
            except UnicodeError:  # a letter no name may have (idna's own list)
                raise ValueError(
                    _("'{host}' is not an address: no computer's name has such letters").format(
                        host=shown
                    )
                ) from None
        try:  # a name in other letters is written in ASCII as xn--…, longer
            ascii_labels.append(idna.ToASCII(label))
        except UnicodeError:
            ascii_labels.append(b"?" * (MAX_LABEL + 1))  # too long once in ASCII
        if len(ascii_labels[-1]) > MAX_LABEL:
            raise ValueError(
                _(
                    "'{host}' is not an address: each part of a computer's name between dots "
                    "is at most {n} characters"
                ).format(host=shown, n=MAX_LABEL)
            )
    if len(b".".join(ascii_labels)) > MAX_NAME:
        raise ValueError(
            _("'{host}' is not an address: a computer's name is at most {n} characters").format(
                host=shown, n=MAX_NAME
            )
        )


@click.command(
    name="join",
    help=N_("Take a free seat at a table opened with okey101 host, using its join code."),
)
@click.argument("address", metavar="HOST[:PORT]")
@click.argument("code", required=False)
@click.option("--name", help=N_("Your name at the table (at most 16 characters)."))
@click.option(
    "--token",
    help=N_("Take your seat back after leaving (the token the table gave you; no CODE needed)."),
)
@click.option("--tls", is_flag=True, help=N_("The table serves over TLS (wss)."))
@click.option("--autoplay", type=click.Choice(LEVELS), hidden=True)
@click.option("--think", type=FloatBetween(0, 10), default=0.0, hidden=True)
def join(
    address: str,
    code: str | None,
    name: str | None,
    token: str | None,
    tls: bool,
    autoplay: str | None,
    think: float,
) -> None:
    """``okey101 join``: see the help text above."""
    from okey_tui.net.protocol import looks_like_token

    try:
        host, port = parse_address(address.removeprefix("ws://").removeprefix("wss://"))
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="HOST[:PORT]") from None
    tls = tls or address.startswith("wss://")
    if token is None:
        if code is None:
            # The metavar stands apart in brackets: a language that inflects "code" puts its
            # ending on its own word ("kodunu"), never on CODE ("KODUnu").
            raise click.UsageError(
                _("give the table's join code (CODE), or --token to take your seat back")
            )
        clean = code.strip().upper()
        if not (4 <= len(clean) <= 32 and clean.isalnum()):
            from okey_tui.net.server import CODE_LENGTH

            said = _(
                "a join code is the {n} letters and digits the host printed (like {example}), not {given}"
            )
            raise click.BadParameter(
                said.format(n=CODE_LENGTH, example="8QHP2E", given=code.strip() or "''"),
                param_hint=_("CODE"),  # KOD, as the Turkish usage line writes it
            )
    elif not looks_like_token(token):
        raise click.BadParameter(
            _(
                "a token is the 8-64 letters, digits, - and _ printed when you left the table "
                "(okey101 join ADDRESS --token …): copy it whole"
            ),
            param_hint="'--token'",
        )
    if name is not None:
        check_seat_name(name)
        check_own_name(name.strip())
    shown = f"[{host}]" if ":" in host else host
    url = f"{'wss' if tls else 'ws'}://{shown}:{port}"
    player = (name or "").strip() or unnamed()
    clean_code = (code or "").strip().upper()
    if autoplay is not None:
        _autoplay(url, clean_code, player, token or "", autoplay, think)
        return
    import os

    from okey_tui.commands.terminal import run_app
    from okey_tui.net.protocol import Bridge
    from okey_tui.ui.remote import RemoteApp, Seat

    # Started by the host's own web page for a browser: its connections say so.
    bridge = Bridge.from_environment(os.environ)
    seat = Seat(
        url,
        code=clean_code,
        name=player,
        token=token or "",
        bridge=bridge,
        name_given=name is not None,
    )
    # The player's own look (not a browser visitor's: the host's page runs this for them).
    app = RemoteApp(seat, keep_seat=True, own_choices=bridge is None)
    run_app(app)
    # What the screen said last stays on the terminal once it closes: why no seat was
    # taken (then the exit status says so too), or how to take the seat back.
    if app.problem and app.seat_waiting and app.quitting:
        # The player left a wait for the table's host: no failure, the seat is kept.
        print_note(app.waiting_note())
        return
    if app.problem:
        raise click.ClickException(app.problem)
    if app.table is not None and not app.table.started and app.quitting:
        # A seat left in the lobby on purpose is free again: its token is no use. A game
        # ended from outside (a browser page reloaded or closed) keeps it: the table keeps
        # the seat a while for it, and the page opened again takes it back with its name.
        app.forget_seat()
    note = app.table.leave_note() if app.table is not None else None
    if note:
        print_note(note)


def print_note(note: str) -> None:
    """What the table screen said of leaving, on the terminal: its words wrapped between
    words at the terminal's width, each command on a line of its own printed whole (the
    terminal split "… --token o-AXE-vWepCWDa7ght" / "Cdwvrk3R4SKrjK takes it back." in the
    middle of the token; copied, the command lost its end)."""
    from rich.console import Console

    from okey_tui.ui.screens.dialogs import WHOLE_LINE

    console = Console(highlight=False, markup=False, emoji=False)
    for line in note.splitlines():
        console.print(line, soft_wrap=line.startswith(WHOLE_LINE))


def _autoplay(url: str, code: str, name: str, token: str, level: str, think: float) -> None:
    """A bot plays the seat, without a screen (tests and try-outs); the seat's token is kept
    like the screen keeps it, so running the same command again takes the seat back."""
    import logging

    from websockets.exceptions import InvalidHandshake

    from okey_tui.net import autoplay
    from okey_tui.net.client import JoinError, not_a_table_reason, unreachable_reason

    logging.basicConfig(level=logging.WARNING, format="okey101: %(message)s")
    keep_key = f"{url} {code}" if code else None

    async def run() -> int:
        try:
            table = await autoplay.take_seat(
                url, code=code, name=name, token=token, keep_key=keep_key
            )
        except JoinError as exc:
            raise click.ClickException(
                _("the table said no: {reason}").format(reason=exc.reason)
            ) from None
        except (OSError, TimeoutError) as exc:
            raise click.ClickException(
                _("cannot reach the table at {url}: {error}").format(
                    url=url, error=unreachable_reason(exc)
                )
            ) from None
        except InvalidHandshake:
            raise click.ClickException(
                _("cannot reach the table at {url}: {error}").format(
                    url=url, error=not_a_table_reason()
                )
            ) from None
        return await autoplay.play_seat(table, level, think=think, keep_key=keep_key)

    autoplay.run(run())


def unnamed() -> str:
    """The name of a player who gave none: the computer's user, or in a browser (a friend
    at okey101 host --web's page, whose game runs on the host's computer) a guest."""
    import getpass  # (deferred: okey101 --help starts fast)

    from okey_tui.web import in_browser

    if in_browser():
        return _("Guest")
    return getpass.getuser()[:16] or _("Player")
