"""``okey101 join HOST[:PORT] CODE``: take a free seat at a friend's table."""

from __future__ import annotations

import click

from okey_tui.commands.host import COMING, DEFAULT_PORT


def parse_address(text: str) -> tuple[str, int]:
    """``host``, ``host:port``, ``[::1]:port`` -> (host, port); raises ValueError."""
    text = text.strip()
    if text.startswith("["):
        host, sep, rest = text[1:].partition("]")
        if not sep or not host:
            raise ValueError(f"'{text}' is not an address: write [IPv6]:PORT")
        port_text = rest[1:] if rest.startswith(":") else rest
        if rest and not rest.startswith(":"):
            raise ValueError(f"'{text}' is not an address")
    elif text.count(":") == 1:
        host, _, port_text = text.partition(":")
    elif ":" in text:
        raise ValueError(f"'{text}' is not an address: write an IPv6 address as [ADDRESS]:PORT")
    else:
        host, port_text = text, ""
    if not host or any(ch.isspace() or ch in "/@?#" for ch in host):
        raise ValueError(f"'{text}' is not an address: write HOST or HOST:PORT")
    if not port_text:
        return host, DEFAULT_PORT
    if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
        raise ValueError(f"'{port_text}' is not a port (1-65535)")
    return host, int(port_text)


@click.command(name="join")
@click.argument("address", metavar="HOST[:PORT]")
@click.argument("code")
@click.option("--name", help="Your name at the table (at most 16 characters).")
@click.option("--tls", is_flag=True, help="The table serves over TLS (wss).")
def join(address: str, code: str, name: str | None, tls: bool) -> None:
    """Take a free seat at a table opened with okey101 host, using its join code."""
    try:
        parse_address(address)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="HOST[:PORT]") from None
    clean = code.strip().upper()
    if not (4 <= len(clean) <= 32 and clean.isalnum()):
        raise click.BadParameter(
            "a join code is the letters and digits the host printed", param_hint="CODE"
        )
    if name is not None and not 1 <= len(name.strip()) <= 16:
        raise click.BadParameter("a name is 1-16 characters", param_hint="--name")
    click.echo(COMING, err=True)
    raise SystemExit(1)
