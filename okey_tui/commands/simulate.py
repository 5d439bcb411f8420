"""``okey101 simulate``: play bot-only matches and report how each seat did."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

import click

from okey_tui.cli import WholeNumber, both_names, named_word
from okey_tui.commands.play import (
    GAME_TYPE,
    HANDS_HELP,
    NO_PENALTY_HELP,
    PARTNERS_HELP,
    SEED_HELP,
    TYPE_HELP,
    HandCount,
)
from okey_tui.commands.play import play as _play
from okey_tui.i18n import N_, _, decimal, ngettext
from okey_tui.messages import BOT_LEVELS, bot_level, game_type_label
from okey_tui.settings import RULE_FLAGS
from okey_tui.storage import JSONObject

if TYPE_CHECKING:  # for the annotations only: rich and the arena load when a command runs
    from rich.console import Console
    from rich.table import Table

    from okey_tui.bots.arena import RunReport
    from okey_tui.engine.rules import RuleSet


def _parse_seats(text: str) -> list[str]:
    # The English words, or the levels as the new-table screen names them ("kolay", "uzman").
    seats = [named_word(part, BOT_LEVELS) for part in text.split(",")]
    if any(not level.strip() for level in seats):  # "easy,,hard,expert": said "called :"
        raise click.BadParameter(
            _(
                "a bot level is missing: give four bot levels separated by commas (like "
                "hard,easy,easy,easy)"
            ),
            param_hint="'--seats'",
        )
    for level in seats:  # a wrong word first, by name ("foo" was "not 1" level)
        if level not in BOT_LEVELS:
            raise click.BadParameter(
                _("no bot level is called {level}: the levels are {levels}").format(
                    level=level, levels=both_names(BOT_LEVELS)
                ),
                param_hint="'--seats'",
            )
    if len(seats) != 4:
        raise click.BadParameter(
            _(
                "give four bot levels separated by commas (like hard,easy,easy,easy): "
                "you gave {count}"
            ).format(count=len(seats)),
            param_hint="'--seats'",
        )
    return seats


# The most matches one run plays: a thousand times a benchmark's row, hours of play (a
# number of 23 digits ran until killed).
MOST_MATCHES = 1_000_000


class MatchCount(WholeNumber):
    """``--matches``: one or more, at most ``MOST_MATCHES`` ("abc", no number at all, is
    refused as a whole number is)."""

    def accepts(self, number: int) -> bool:
        return 1 <= number <= MOST_MATCHES

    def refusal(self, given: str) -> str:
        try:
            too_many = int(given) > MOST_MATCHES
        except ValueError:
            too_many = False
        if too_many:
            return _("play at most {most} matches, not {count}").format(
                most=MOST_MATCHES, count=given
            )
        return _("play at least one match, not {count}").format(count=given)


def report_json(report: RunReport) -> JSONObject:
    """The one JSON object ``--json`` prints."""
    return {
        "matches": report.matches,
        "hands": report.hands,
        "seed": report.seed,
        "seats": [
            {
                "seat": rec.seat,
                "bot": rec.bot,
                "wins": rec.wins,
                "shared_wins": rec.shared_wins,
                "mean_total": round(rec.mean_total, 2),
                "mean_hand": round(rec.mean_hand, 2),
                "open_rate": round(rec.open_rate, 4),
                "finish_rate": round(rec.finish_rate, 4),
                "penalties": rec.penalties,
                "penalty_points": rec.penalty_points,
                "straight_outs": rec.straight_outs,
                "okey_finishes": rec.okey_finishes,
                "errors": rec.errors,
                "decision_ms": report.decisions.summary([rec.seat]),
            }
            for rec in report.seats
        ],
        "errors": report.errors,
        "decision_ms": report.decisions.summary(),
    }


# The table options ``play`` switches on with a flag (--finisher-zero…): the same flags here.
OPTION_WORDS = {
    "finisher_scores_zero": N_("the finisher scores 0"),
    "pairs_opener_lays_off": N_("a pairs opener adds to runs and sets"),
    "finish_opening_needs_floor": N_("a finishing opening needs the floor"),
    "give_back_penalty": N_("giving back costs +101"),
}


@click.command(
    name="simulate",
    params=[p for p in _play.params if p.name in RULE_FLAGS],
    help=N_("Play bot-only matches and report how each seat did."),
)
@click.option(
    "--matches",
    type=MatchCount(),
    default=20,
    show_default=True,
    help=N_("How many matches to play (at most a million)."),
)
@click.option("--hands", type=HandCount(), default=11, show_default=True, help=HANDS_HELP)
@click.option("--seed", type=WholeNumber(), default=0, show_default=True, help=SEED_HELP)
@click.option(
    "--seats",
    metavar="LEVEL,LEVEL,LEVEL,LEVEL",
    default="hard,easy,easy,easy",
    show_default=True,
    help=N_(
        "The bot level of each of the four seats, comma-separated (easy, normal, hard, expert)."
    ),
)
@click.option(
    "--type",
    "game_type",
    type=GAME_TYPE,
    default="classic",
    show_default=True,
    help=TYPE_HELP,
)
@click.option("--partners", is_flag=True, help=PARTNERS_HELP)
@click.option("--no-penalty", is_flag=True, help=NO_PENALTY_HELP)
@click.option(
    "--json", "as_json", is_flag=True, help=N_("Print one JSON object instead of a table.")
)
def simulate(
    matches: int,
    hands: int,
    seed: int,
    seats: str,
    game_type: str,
    partners: bool,
    no_penalty: bool,
    as_json: bool,
    **rule_flags: bool | None,
) -> None:
    levels = _parse_seats(seats)

    from okey_tui.bots.arena import run
    from okey_tui.engine.rules import GameType, RuleSet

    rules = RuleSet(
        game_type=GameType(game_type.lower()),
        penalties=not no_penalty,
        partners=partners,
        hands=hands,
        **{field: True for flag, field in RULE_FLAGS.items() if rule_flags.get(flag)},
    )
    show_progress = not as_json and sys.stderr.isatty()
    if show_progress:
        from rich.console import Console
        from rich.progress import Progress

        with Progress(console=Console(stderr=True), transient=True) as progress:
            task = progress.add_task(",".join(bot_level(level) for level in levels), total=matches)
            tick: Callable[[int], None] = lambda done: progress.update(task, completed=done)  # noqa: E731
            report = run(levels, rules, matches, seed, progress=tick)
    else:
        report = run(levels, rules, matches, seed)

    if as_json:
        click.echo(json.dumps({**report_json(report), "rules": rules.code()}))
        return
    _print_table(report, rules)


# In --help, the table-option flags follow the other table flags, and --json ends the list.
simulate.params.sort(key=lambda p: 2 if p.name == "as_json" else int(p.name in RULE_FLAGS))


HEADERS = (
    N_("Seat"),
    N_("Level"),
    N_("Wins"),
    N_("Mean\ntotal"),
    N_("Mean\nhand"),
    N_("Open\nrate"),
    N_("Finish\nrate"),
    N_("Penalties"),
    N_("Straight-\nouts"),
    N_("Okey\nfinishes"),
)


def _percent(fraction: float) -> str:
    """``56%``, in Turkish ``%56``: as ``okey101 stats`` writes its open rate."""
    return _("{percent}%").format(percent=round(fraction * 100))


def _width_needed(table: Table) -> int:
    """The columns the table takes drawn whole (its title may wrap; a cell may not)."""
    import io

    from rich.cells import cell_len
    from rich.console import Console

    wide = Console(width=1000, file=io.StringIO(), color_system=None)
    wide.print(table, crop=False)
    lines = wide.file.getvalue().splitlines()  # type: ignore[attr-defined]
    return max((cell_len(line.rstrip()) for line in lines[1:]), default=0)  # under the title


def _print_table(report: RunReport, rules: RuleSet, console: Console | None = None) -> None:
    from rich import box
    from rich.cells import cell_len
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    title = (
        ngettext("{n} match", "{n} matches", report.matches).format(n=report.matches)
        + " "
        + ngettext("of {n} hand", "of {n} hands", report.hands).format(n=report.hands)
        + ", "
        + _("seed {seed}").format(seed=report.seed)
        + ", "
        + game_type_label(rules.game_type)
        + (", " + _("partners") if rules.partners else "")
        + ("" if rules.penalties else ", " + _("no penalties"))
        + "".join(
            ", " + _(words) for field, words in OPTION_WORDS.items() if rules.in_effect(field)
        )
    )
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 0), title=title)
    # Whole words on two lines, never cut, keep the table within an 80-column terminal.
    for header in HEADERS:
        name = _(header)
        table.add_column(
            name,
            justify="left" if header == "Level" else "right",
            min_width=max(len(line) for line in name.split("\n")),
            no_wrap=True,
        )
    rows = [
        [
            str(rec.seat + 1),
            bot_level(rec.bot),
            f"{rec.wins} ({_percent(rec.wins / report.matches)})",
            decimal(rec.mean_total, places=1),  # "154,5" in Turkish
            decimal(rec.mean_hand, places=1),
            _percent(rec.open_rate),
            _percent(rec.finish_rate),
            str(rec.penalties),
            str(rec.straight_outs),
            str(rec.okey_finishes),
        ]
        for rec in report.seats
    ]
    for row in rows:
        table.add_row(*row)
    console = console or Console()
    if _width_needed(table) <= console.width:
        console.print(table)
    else:
        # Narrower than the table (a split pane): a block a seat, every figure whole (the
        # table's last columns were cut, "-101…", and the rest left out).
        _print_wrapped(console, title)
        labels = [_(header).replace("-\n", "-").replace("\n", " ") for header in HEADERS]
        width = max(cell_len(label) for label in labels[2:])
        for row in rows:
            console.print()
            console.print(Text(f"{labels[0]} {row[0]} · {row[1]}", style="bold"))
            for label, cell in zip(labels[2:], row[2:], strict=True):
                console.print(Text(f"  {label}{' ' * (width - cell_len(label))}  {cell}"))
        console.print()
    if rules.partners:  # the wins add up to twice the matches: said, not left to puzzle out
        _print_wrapped(
            console,
            _(
                "At a partners table each seat's wins and mean total are its side's: the two "
                "partners win a match together."
            ),
        )
    shared = sum(rec.shared_wins for rec in report.seats)
    if shared:  # the wins add up to more than the matches: said, not left to puzzle out
        _print_wrapped(
            console,
            ngettext(
                "{n} win was shared: a match whose lowest total two seats had counts as a "
                "win for each, so the wins add up to more than the matches.",
                "{n} wins were shared: a match whose lowest total two seats or more had "
                "counts as a win for each, so the wins add up to more than the matches.",
                shared,
            ).format(n=shared),
        )
    timing = {key: decimal(ms, places=2) for key, ms in report.decisions.summary().items()}
    said = _(
        "Illegal attempts: {errors}. Decision time: median {median} ms, p99 {p99} ms, max {max} ms."
    ).format(errors=report.errors, **timing)
    # A number and its unit kept on one line ("5.63" ended a line, "ms." began the next).
    _print_wrapped(console, re.sub(r"(\d) (ms\b)", "\\1\u00a0\\2", said))


def _print_wrapped(console: Console, text: str) -> None:
    """``text`` wrapped at the console's width, never inside a no-break space (rich breaks
    there), no line ending in a space."""
    import textwrap

    for line in textwrap.wrap(text, width=max(20, console.width)) or [""]:
        console.print(line.replace("\u00a0", " "), soft_wrap=True, highlight=False)
