"""``okey101 stats``: what you have played, from the statistics file."""

from __future__ import annotations

import json

import click

from okey_tui.i18n import N_, _, decimal, ngettext, os_problem

# Under the tables: what the figures count, for a player who reads "matches played 0"
# after five hands, or a mean score of 303 without knowing that lower is better.
LEGEND = N_(
    "Matches: finished ones only (okey101 saves lists the others). Hands: every hand "
    "played, those of unfinished and deleted matches too; finished: the hands the player "
    "went out in. Scores are each player's own as the summary writes them (at a partners "
    "table, not the team's sum on the score sheet): lower is better. Open rate: the share "
    "of hands the player opened. Best opening: the most points of a first lay-down; best "
    "pairs opening: the most pairs. Straight-outs: hands the player went out in with their "
    "first lay-down; okey finishes: hands they ended by discarding an okey."
)


@click.command(help=N_("Matches and hands played and won, openings, finishes, per game type."))
@click.option(
    "--json", "as_json", is_flag=True, help=N_("Print one JSON object instead of tables.")
)
@click.option("--reset", is_flag=True, help=N_("Delete every statistic (asks first)."))
@click.option("--yes", "-y", is_flag=True, help=N_("With --reset: do not ask."))
def stats(as_json: bool, reset: bool, yes: bool) -> None:
    if yes and not reset:
        raise click.UsageError(_("-y/--yes only skips the question of --reset: give --reset too"))
    if as_json and reset:
        raise click.UsageError(
            _(
                "--json prints the statistics and --reset deletes them: "
                "give --json or --reset, not both"
            )
        )
    from okey_tui import stats as store
    from okey_tui.commands.ask import confirm
    from okey_tui.messages import game_type_label
    from okey_tui.settings import shown_name

    if reset:
        path = store.stats_path()
        if not path.exists() or (path.is_file() and path.stat().st_size == 0):
            # Nothing kept (no hand played yet): no question whose answer changes nothing.
            click.echo(_("No statistics are kept yet: there is nothing to delete."))
            return
        # How much goes, and what stays (a player asked before a reset whether their
        # unfinished matches would go with it).
        kept = store.read_file()
        question = (
            ngettext(
                "Delete all okey101 statistics ({n} hand)? Unfinished matches and settings stay",
                "Delete all okey101 statistics ({n} hands)? Unfinished matches and settings stay",
                len(kept.records),
            ).format(n=len(kept.records))
            if kept.records and not kept.problem
            else _("Delete all okey101 statistics?")
        )
        if not yes and not confirm(question):
            click.echo(_("Nothing deleted."))
            return
        try:
            deleted = store.reset()
        except OSError as exc:  # a folder in its place: not ours to delete
            said = _("okey101: {problem}; nothing deleted").format(problem=os_problem(exc))
            click.echo(said, err=True)
            raise SystemExit(1) from None
        click.echo(_("Statistics deleted.") if deleted else _("There were no statistics."))
        return
    found = store.read_file()
    if found.problem:  # not "no hands played yet": they cannot be read
        said = _("okey101: the statistics could not be read ({error})")
        click.echo(said.format(error=found.problem), err=True)
        raise SystemExit(1)
    if found.skipped:
        said = ngettext(
            "okey101: {n} line of {file} is no hand's statistics (damaged or edited): left out",
            "okey101: {n} lines of {file} are no hand's statistics (damaged or edited): left out",
            found.skipped,
        )
        click.echo(said.format(n=found.skipped, file=store.stats_path()), err=True)
    players = store.summarise(found.records)
    if as_json:
        document = {
            name: {**tally.as_dict(), "by_type": {k: v.as_dict() for k, v in tally.by_type.items()}}
            for name, tally in players.items()
        }
        click.echo(json.dumps({"players": document}, ensure_ascii=False))
        return
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    console = Console()
    if not players:
        console.print(_("No hands played yet. Start one with [bold]okey101 play[/]."))
        return
    for name, tally in players.items():
        # A name is text, never markup; the default one is said in the language of the day.
        table = Table(title=Text(shown_name(name)), title_justify="left")
        table.add_column("")
        table.add_column(_("all"), justify="right")
        types = sorted(tally.by_type)
        for game_type in types:
            # Text, never markup: the type is as the file says (a hand-edited line too).
            table.add_column(Text(game_type_label(game_type)), justify="right")
        rows = [
            (N_("matches played"), "matches"),
            (N_("matches won"), "matches_won"),
            (N_("hands played"), "hands"),
            (N_("hands finished"), "hands_won"),
            (N_("mean hand score"), "mean_hand_score"),
            (N_("open rate"), "open_rate"),
            (N_("best opening"), "best_opening"),
            (N_("best pairs opening"), "best_pairs"),
            (N_("straight-outs"), "straight_outs"),
            (N_("okey finishes"), "okey_finishes"),
        ]
        columns = [tally.as_dict()] + [tally.by_type[t].as_dict() for t in types]
        for label, key in rows:
            table.add_row(_(label), *(_cell(key, c[key]) for c in columns))
        console.print(table)
    console.print(Text(_(LEGEND), style="dim"))


def _cell(key: str, value: object) -> str:
    """A statistic as the table shows it: the open rate as a percentage, a best opening
    never made (0) and a figure with no hands behind it (None) as a dash."""
    if value is None or (key in ("best_opening", "best_pairs") and value == 0):
        return "-"
    if key == "open_rate" and isinstance(value, float):
        return _("{percent}%").format(percent=round(value * 100))
    if isinstance(value, float):
        # One place for every mean ("35.0" beside "68.6": "35" beside it read as a count).
        return decimal(value, places=1)  # "37,8" in Turkish
    return str(value)
