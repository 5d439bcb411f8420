"""``okey101 rules``: print the rules page of 101 Okey as okey101 plays it."""

from __future__ import annotations

import os
import sys
from importlib.resources import files

import click

from okey_tui.i18n import N_, _, current_language

RULES_PACKAGE = "okey_tui.docs"
RULES_FILE = "rules.md"
# The rule book in another language: rules.<lang>.md beside the English one.
RULES_FILES = {"tr": "rules.tr.md"}


def rules_text(language: str | None = None) -> str:
    """The rules page as Markdown, in the current language, read from the installed package."""
    name = RULES_FILES.get(language or current_language(), RULES_FILE)
    page = files(RULES_PACKAGE).joinpath(name)
    if not page.is_file():
        page = files(RULES_PACKAGE).joinpath(RULES_FILE)
    return page.read_text(encoding="utf-8")


def stdout_is_terminal() -> bool:
    """Whether the page goes to a terminal (not a pipe or a file)."""
    isatty = getattr(sys.stdout, "isatty", None)
    return bool(isatty is not None and isatty())


def missing_pager() -> str | None:
    """The pager the environment names (``MANPAGER``, ``PAGER``, as the pagers rich and
    click use read them) when it is no program found here, else None: with
    ``PAGER=/nonexistent`` the page was lost to "/bin/sh: 1: /nonexistent: not found"."""
    import shlex
    import shutil

    for name in ("MANPAGER", "PAGER"):
        command = os.environ.get(name, "").strip()
        if not command:
            continue
        try:
            words = shlex.split(command)
        except ValueError:
            return f"{name}={command}"
        if not words or shutil.which(words[0]) is None:
            return f"{name}={command}"
        return None
    return None


@click.command(
    name="rules",
    help=N_(
        "Print the rules of 101 Okey as this game plays them: in a pager when the "
        "output is a terminal, straight when it is piped."
    ),
)
@click.option("--plain", is_flag=True, help=N_("Print the raw Markdown text (handy for piping)."))
@click.option(
    "--pager/--no-pager",
    default=None,
    help=N_(
        "Show the page in a pager, or print it straight (default: a pager when the "
        "output is a terminal)."
    ),
)
def rules(plain: bool, pager: bool | None) -> None:
    text = rules_text()
    if pager is None:  # as git does: a terminal gets a pager, a pipe the text
        pager = stdout_is_terminal()
    missing = missing_pager() if pager else None
    if missing is not None:  # printed straight, and said why
        said = _("the pager {pager} was not found here: the rules are printed straight")
        click.echo("okey101: " + said.format(pager=missing), err=True)
        pager = False
    if pager:
        # less shows the page's colours, and leaves at once a page that fits the screen,
        # unless the player set LESS otherwise (git sets the same).
        os.environ.setdefault("LESS", "FRX")
    if plain:
        if pager:
            click.echo_via_pager(text)
        else:
            click.echo(text, nl=not text.endswith("\n"))
        return

    from rich.console import Console
    from rich.markdown import Markdown

    console = Console()
    page = Markdown(text)
    if pager:
        with console.pager(styles=True):
            console.print(page)
    elif console.is_terminal:
        console.print(page)
    else:  # piped: no line padded with spaces to the width (most were)
        with console.capture() as captured:
            console.print(page)
        click.echo("\n".join(line.rstrip() for line in captured.get().splitlines()))
