"""``okey101 saves``: the unfinished matches, and deleting one (it asks first)."""

from __future__ import annotations

import json

import click

from okey_tui.i18n import N_, _

# The columns of the table: (heading, right-aligned).
COLUMNS = (
    ("ID", N_("ID"), False),
    ("Started", N_("Started"), False),
    ("Type", N_("Type"), False),
    ("Hand", N_("Hand"), True),
    ("Score", N_("Your\nscore"), True),
    ("Seats", N_("Seats"), False),
)


@click.command(
    name="saves",
    help=N_("Your unfinished matches: okey101 play --resume ID continues one."),
)
@click.option(
    "--json", "as_json", is_flag=True, help=N_("Print one JSON object instead of a table.")
)
@click.option(
    "--delete", "delete_id", metavar="ID", help=N_("Delete this unfinished match (asks first).")
)
@click.option("--yes", "-y", is_flag=True, help=N_("With --delete: do not ask."))
def saves(as_json: bool, delete_id: str | None, yes: bool) -> None:
    if yes and delete_id is None:
        raise click.UsageError(_("-y/--yes only skips the question of --delete: give --delete ID"))
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
        console.print(_("No unfinished matches. Start one with [bold]okey101 play[/]."))
        return
    table = Table(
        title=_("Unfinished matches (latest first)"),
        title_justify="left",
        box=None,
        pad_edge=False,
        header_style="bold underline",
    )
    for key, heading, right in COLUMNS:
        table.add_column(
            _(heading),
            justify="right" if right else "left",
            no_wrap=key in ("ID", "Hand"),  # an ID copies whole; the rest may wrap
            min_width=15 if key == "Seats" else None,
            max_width=12 if key == "Type" else None,  # the type wraps at its commas
        )
    for s in summaries:
        table.add_row(
            s.id,
            s.started,
            s.table_text,
            f"{s.hand}/{s.hands}",
            str(s.score),
            "\n".join(s.seat_texts),
        )
    console.print(table)
    console.print(_("Continue one with [bold]okey101 play --resume ID[/]."))


def _delete(found: object, match_id: str, yes: bool) -> None:
    from okey_tui import storage
    from okey_tui.ui.session import summarise_save

    assert isinstance(found, storage.SaveList)
    entry = found.find(match_id)
    if entry is None:
        known = ", ".join(e.id for e in found.entries) or _("none")
        raise click.BadParameter(
            _("there is no unfinished match '{id}' (unfinished: {known})").format(
                id=match_id, known=known
            ),
            param_hint="--delete",
        )
    try:
        lock = storage.MatchLock(entry.path)
    except storage.SaveInUseError as exc:
        click.echo(_("okey101: {problem}; nothing deleted").format(problem=exc), err=True)
        raise SystemExit(1) from None
    try:
        line = summarise_save(entry).line()
        if not yes and not click.confirm(
            _("Delete the unfinished match {id} ({line})? It cannot be undone").format(
                id=entry.id, line=line
            ),
            default=False,
        ):
            click.echo(_("Nothing deleted."))
            return
        storage.discard(entry.path)
    finally:
        lock.release()
    click.echo(_("Deleted the unfinished match {id}.").format(id=entry.id))
