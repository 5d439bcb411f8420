"""``okey101 rules``: print the rules page of 101 Okey as okey101 plays it."""

from __future__ import annotations

from importlib.resources import files

import click

RULES_PACKAGE = "okey_tui.docs"
RULES_FILE = "rules.md"


def rules_text() -> str:
    """The rules page as Markdown, read from the installed package."""
    return files(RULES_PACKAGE).joinpath(RULES_FILE).read_text(encoding="utf-8")


@click.command(name="rules")
@click.option("--plain", is_flag=True, help="Print the raw Markdown text (handy for piping).")
@click.option("--pager", is_flag=True, help="Show the page in a pager.")
def rules(plain: bool, pager: bool) -> None:
    """Print the rules of 101 Okey as this game plays them."""
    text = rules_text()
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
    else:
        console.print(page)
