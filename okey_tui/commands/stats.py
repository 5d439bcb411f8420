"""``okey101 stats``: what you have played, from the statistics file."""

from __future__ import annotations

import json

import click


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of tables.")
@click.option("--reset", is_flag=True, help="Delete every statistic (asks first).")
@click.option("--yes", "-y", is_flag=True, help="With --reset: do not ask.")
def stats(as_json: bool, reset: bool, yes: bool) -> None:
    """Matches and hands played and won, openings, finishes, per game type."""
    if yes and not reset:
        raise click.UsageError("-y/--yes only skips the question of --reset: give --reset too")
    from okey_tui import stats as store

    if reset:
        if not yes and not click.confirm("Delete all okey101 statistics?", default=False):
            click.echo("Nothing deleted.")
            return
        click.echo("Statistics deleted." if store.reset() else "There were no statistics.")
        return
    players = store.summarise(store.read())
    if as_json:
        document = {
            name: {**tally.as_dict(), "by_type": {k: v.as_dict() for k, v in tally.by_type.items()}}
            for name, tally in players.items()
        }
        click.echo(json.dumps({"players": document}, ensure_ascii=False))
        return
    from rich.console import Console
    from rich.table import Table

    console = Console()
    if not players:
        console.print("No hands played yet. Start one with [bold]okey101 play[/].")
        return
    for name, tally in players.items():
        table = Table(title=f"{name}", title_justify="left")
        table.add_column("")
        table.add_column("all", justify="right")
        types = sorted(tally.by_type)
        for game_type in types:
            table.add_column(game_type, justify="right")
        rows = [
            ("matches played", "matches"),
            ("matches won", "matches_won"),
            ("hands played", "hands"),
            ("hands won", "hands_won"),
            ("mean hand score", "mean_hand_score"),
            ("open rate", "open_rate"),
            ("best opening", "best_opening"),
            ("best pairs opening", "best_pairs"),
            ("straight-outs", "straight_outs"),
            ("okey finishes", "okey_finishes"),
        ]
        columns = [tally.as_dict()] + [tally.by_type[t].as_dict() for t in types]
        for label, key in rows:
            table.add_row(label, *("-" if c[key] is None else str(c[key]) for c in columns))
        console.print(table)
