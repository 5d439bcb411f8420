"""The ``okey101`` command line.

Each command lives in its own module under :mod:`okey_tui.commands` and is
imported only when it runs, so ``okey101 --help`` starts fast.
"""

from __future__ import annotations

import importlib
from typing import Any

import click

from okey_tui import __version__

# command name -> (module, attribute, one-line help)
COMMANDS: dict[str, tuple[str, str, str]] = {
    "rules": (
        "okey_tui.commands.rules",
        "rules",
        "Print the rules of 101 Okey as this game plays them.",
    ),
    "stats": (
        "okey_tui.commands.stats",
        "stats",
        "Your statistics: matches, hands, openings, finishes.",
    ),
    "hint": (
        "okey_tui.commands.hint",
        "hint",
        "Show the best arrangement of a hand: melds, pairs, what is left.",
    ),
    "play": ("okey_tui.commands.play", "play", "Sit down at a table with three bots."),
    "saves": (
        "okey_tui.commands.saves",
        "saves",
        "Your unfinished matches: list them, or delete one.",
    ),
    "host": ("okey_tui.commands.host", "host", "Open a table friends join from their computers."),
    "join": (
        "okey_tui.commands.join",
        "join",
        "Take a seat at a friend's table (okey101 host opens one).",
    ),
    "simulate": (
        "okey_tui.commands.simulate",
        "simulate",
        "Play bot-only matches and report how each seat did.",
    ),
    "web": (
        "okey_tui.commands.web",
        "web",
        "Serve the game as a web page: each visitor plays their own table.",
    ),
}


class LazyGroup(click.Group):
    """A group whose commands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(COMMANDS))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in COMMANDS:
            module_name, attr, _ = COMMANDS[cmd_name]
            command: click.Command = getattr(importlib.import_module(module_name), attr)
            return command
        return super().get_command(ctx, cmd_name)

    def format_commands(self, ctx: click.Context, formatter: Any) -> None:
        rows = [(name, COMMANDS[name][2]) for name in sorted(COMMANDS)]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="okey101")
def main() -> None:
    """okey101: 101 Okey (yüzbir okey), the Turkish tile game, in your terminal."""
