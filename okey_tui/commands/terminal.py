"""Running the game's screen in the player's terminal, from a command."""

from __future__ import annotations

import sys
from typing import NoReturn

import click

from okey_tui.ui.app import NoTerminalError, OkeyApp

# The terminal the command was started from, whatever its output was redirected to.
TTY = "/dev/tty"


def run_app(app: OkeyApp) -> None:
    """Run ``app``; with no terminal to read keys from or draw on, say so and exit 1."""
    try:
        app.run()
    except NoTerminalError as exc:
        refuse(str(exc))


def refuse(said: str) -> NoReturn:
    """Say ``said`` (on the terminal too, when errors go elsewhere) and exit 1."""
    refusal = click.ClickException(said)
    _on_the_terminal_too(refusal)
    raise refusal from None


def _on_the_terminal_too(refusal: click.ClickException) -> None:
    """With the errors redirected (``okey101 play 2> file``) the refusal went into the file
    alone, and the player saw the prompt come back with nothing said: it is said on the
    terminal as well, when there is one."""
    if sys.stderr is not None and sys.stderr.isatty():
        return  # said there already
    try:
        with open(TTY, "w", encoding="utf-8") as terminal:
            refusal.show(file=terminal)
    except OSError:
        return  # no terminal (a service, a pipeline's job): the redirected output has it
