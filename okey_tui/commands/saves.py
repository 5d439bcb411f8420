"""``okey101 saves``: the unfinished matches, and deleting one (it asks first)."""

from __future__ import annotations

import json

import click


@click.command(name="saves")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
@click.option(
    "--delete", "delete_id", metavar="ID", help="Delete this unfinished match (asks first)."
)
@click.option("--yes", "-y", is_flag=True, help="With --delete: do not ask.")
def saves(as_json: bool, delete_id: str | None, yes: bool) -> None:
    """Your unfinished matches: okey101 play --resume ID continues one."""
    if yes and delete_id is None:
        raise click.UsageError("-y/--yes only skips the question of --delete: give --delete ID")
    from okey_tui import storage
    from okey_tui.ui.session import summarise_save

    found = storage.list_saves()
    for problem in found.problems:
        click.echo(f"okey101: {problem}", err=True)
    if delete_id is not None:
        _delete(found, delete_id, yes)
        return
    summaries = [summarise_save(entry) for entry in found.entries]
    if as_json:
        document = {
            "saves": [s.as_dict() for s in summaries],
            "set_aside": [str(p.moved_to) for p in found.problems if p.moved_to is not None],
        }
        click.echo(json.dumps(document, ensure_ascii=False))
        return
    from rich.console import Console
    from rich.table import Table

    console = Console()
    if not summaries:
        console.print("No unfinished matches. Start one with [bold]okey101 play[/].")
        return
    table = Table(
        title="Unfinished matches (latest first)",
        title_justify="left",
        box=None,
        pad_edge=False,
        header_style="bold underline",
    )
    for column in ("ID", "Started", "Type", "Hand", "Your\nscore", "Seats"):
        table.add_column(
            column,
            justify="right" if column in ("Hand", "Your\nscore") else "left",
            no_wrap=column in ("ID", "Started", "Hand"),  # an ID copies whole; seats may wrap
            min_width=15 if column == "Seats" else None,
        )
    for s in summaries:
        table.add_row(
            s.id, s.started, s.table, f"{s.hand}/{s.hands}", str(s.score), "\n".join(s.seats)
        )
    console.print(table)
    console.print("Continue one with [bold]okey101 play --resume ID[/].")


def _delete(found: object, match_id: str, yes: bool) -> None:
    from okey_tui import storage
    from okey_tui.ui.session import summarise_save

    assert isinstance(found, storage.SaveList)
    entry = found.find(match_id)
    if entry is None:
        known = ", ".join(e.id for e in found.entries) or "none"
        raise click.BadParameter(
            f"there is no unfinished match '{match_id}' (unfinished: {known})",
            param_hint="--delete",
        )
    try:
        lock = storage.MatchLock(entry.path)
    except storage.SaveInUseError as exc:
        click.echo(f"okey101: {exc}; nothing deleted", err=True)
        raise SystemExit(1) from None
    try:
        line = summarise_save(entry).line()
        if not yes and not click.confirm(
            f"Delete the unfinished match {entry.id} ({line})? It cannot be undone",
            default=False,
        ):
            click.echo("Nothing deleted.")
            return
        storage.discard(entry.path)
    finally:
        lock.release()
    click.echo(f"Deleted the unfinished match {entry.id}.")
