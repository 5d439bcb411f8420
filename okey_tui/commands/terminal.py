"""Running the game's screen in the player's terminal, from a command."""

from __future__ import annotations

import click

from okey_tui.ui.app import NoTerminalError, OkeyApp


def run_app(app: OkeyApp) -> None:
    """Run ``app``; with no terminal to read keys from, say so and exit 1."""
    try:
        app.run()
    except NoTerminalError as exc:
        raise click.ClickException(str(exc)) from None
