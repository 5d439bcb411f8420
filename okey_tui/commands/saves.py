"""``okey101 saves``: the unfinished matches, and deleting one (it asks first); the saves
set aside because they could not be used, and those of a newer okey101, listed too."""

from __future__ import annotations

import json
from dataclasses import dataclass
from itertools import zip_longest
from typing import TYPE_CHECKING

import click

from okey_tui.commands.ids import given_id
from okey_tui.i18n import N_, _, os_problem, pgettext, upper

if TYPE_CHECKING:
    from pathlib import Path

    from rich.console import Console
    from rich.text import Text

    from okey_tui.storage import JSONObject, NewerSave, SaveEntry, SaveList, SetAsideFile
    from okey_tui.ui.session import SaveSummary

ID_COLUMN = N_("ID")
# The columns of the table: (heading, right-aligned).
COLUMNS = (
    ("ID", ID_COLUMN, False),
    # When it was last played: the list's order, and what tells two matches of one table
    # apart (the ID begins with when it started).
    ("Played", N_("Last played"), False),
    ("Type", N_("Type"), False),
    ("Hand", N_("Hand"), True),
    # Every seat's score, on the line of its name: the bots' too.
    ("Score", N_("Score"), True),
    ("Seats", N_("Seats"), False),
)
# Below this width the lists keep one space between their columns, not two.
NARROW = 100
# The column of the saves set aside that names each one: ``saves --delete FILE`` takes it.
FILE_COLUMN = N_("File")


@click.command(
    name="saves",
    help=N_(
        "Your unfinished matches, and the tables you hosted: okey101 play --resume ID "
        "continues a match, okey101 host --resume a table."
    ),
)
@click.option(
    "--json", "as_json", is_flag=True, help=N_("Print one JSON object instead of a table.")
)
@click.option(
    "--delete",
    "delete_id",
    metavar="ID",
    callback=given_id,
    help=N_(
        "Delete this unfinished match, hosted table, match saved by a newer okey101 or "
        "save set aside (by its file name); asks first."
    ),
)
@click.option("--yes", "-y", is_flag=True, help=N_("With --delete: do not ask."))
def saves(as_json: bool, delete_id: str | None, yes: bool) -> None:
    if yes and delete_id is None:
        raise click.UsageError(_("-y/--yes only skips the question of --delete: give --delete ID"))
    if as_json and delete_id is not None:
        raise click.UsageError(
            _("--json prints the list and --delete prints none: give --json or --delete, not both")
        )
    from okey_tui import storage
    from okey_tui.ui.session import summarise_save

    found = storage.list_saves()
    hosted_found = storage.list_saves(storage.hosted_dir())
    # Once each: a data folder out of reach made both lists say the same words.
    for said in dict.fromkeys(str(p) for p in [*found.problems, *hosted_found.problems]):
        click.echo(f"okey101: {said}", err=True)
    if delete_id is not None:
        _delete(found, hosted_found, delete_id, yes)
        return
    summaries = [summarise_save(entry) for entry in found.entries]
    # Saved between two hands: the hand numbered is scored, the next not dealt yet.
    done = [hand_done(entry) for entry in found.entries]
    hosted = [h for entry in hosted_found.entries if (h := summarise_hosted(entry)) is not None]
    set_aside = [*found.set_aside, *hosted_found.set_aside]
    newer = [*found.newer, *hosted_found.newer]
    if as_json:
        document = {
            "saves": [
                {**s.as_dict(), "hand_done": d} for s, d in zip(summaries, done, strict=True)
            ],
            "hosted": [h.as_dict() for h in hosted],
            "set_aside": [f.as_dict() for f in set_aside],
            "newer": [n.as_dict() for n in newer],
        }
        click.echo(json.dumps(document, ensure_ascii=False))
        if found.unreadable or hosted_found.unreadable:
            raise SystemExit(1)  # the list is not all there is: said above, on stderr
        return
    from rich.console import Console

    console = Console()
    unreadable = found.unreadable or hosted_found.unreadable
    if summaries:
        _print_matches(console, summaries, done)
    elif not hosted and not unreadable:  # a folder not read may hold some: not said
        print_said(console, _("No unfinished matches. Start one with [bold]okey101 play[/]."))
    if hosted:
        _print_hosted(console, hosted, blank_line=bool(summaries))
    if newer:
        _print_newer(console, newer)
    if set_aside:
        _print_set_aside(console, set_aside)
    if unreadable:
        raise SystemExit(1)


@dataclass(frozen=True)
class Column:
    """A column of a list: its heading, and how its cells may be laid out."""

    heading: str  # in the language of the screen
    right: bool = False
    no_wrap: bool = False  # read or copied whole (an ID, a start time)
    min_width: int | None = None
    max_width: int | None = None

    def needs(self, cells: list[Text]) -> int:
        """The width the column takes at the least without cutting a word of it."""
        from rich.cells import cell_len

        texts = [self.heading, *(cell.plain for cell in cells)]
        lines = [line for text in texts for line in text.splitlines()]
        if self.no_wrap:
            width = max((cell_len(line) for line in lines), default=0)
        else:
            words = [word for line in lines for word in line.split()]
            width = max((cell_len(word) for word in words), default=0)
            if self.max_width is not None:
                width = min(width, self.max_width)
        return max(width, self.min_width or 0)


def print_list(
    console: Console,
    title: str,
    columns: list[Column],
    rows: list[list[Text]],
    blocks: list[list[tuple[str, Text]]] | None = None,
) -> None:
    """A list under its title: a table where its columns fit the terminal, each row a
    block of its own where they do not. At 40 columns the table cut every ID
    ("20261207-002728-2c…", which ``--resume`` needs whole) and every seat's name.

    A row's block is its first cell (what names it: an ID, a file) whole on a line, then
    each of ``blocks``' (heading, cell) under it; by default the row's other cells beside
    their columns' headings."""
    from rich.padding import Padding
    from rich.table import Table
    from rich.text import Text

    # The title on a line of its own: a table's title wrapped at the width of the table,
    # and a narrow one's (two columns of the matches of a newer okey101) was broken in
    # two in Turkish.
    console.print(Text(title, style="table.title"))
    # Two spaces between columns where the terminal has the room, one below 100 columns:
    # at 80 a seat's name and level were cut at the edge ("Mehmet (norma"), in Turkish.
    collapse = console.width < NARROW
    gaps = (len(columns) - 1) * (1 if collapse else 2)
    needed = gaps + sum(
        column.needs([row[index] for row in rows]) for index, column in enumerate(columns)
    )
    if needed <= console.width:
        table = Table(
            box=None, pad_edge=False, header_style="bold underline", collapse_padding=collapse
        )
        for column in columns:
            table.add_column(
                column.heading,
                justify="right" if column.right else "left",
                no_wrap=column.no_wrap,
                min_width=column.min_width,
                max_width=column.max_width,
            )
        for row in rows:
            table.add_row(*row)
        console.print(table)
        return
    if blocks is None:
        blocks = [
            [(column.heading, cell) for column, cell in zip(columns[1:], row[1:], strict=True)]
            for row in rows
        ]
    for index, (row, block) in enumerate(zip(rows, blocks, strict=True)):
        if index:
            console.print()
        console.print(Text(row[0].plain, style="bold"), overflow="fold")
        grid = Table.grid(padding=(0, 1))
        grid.add_column(no_wrap=True, style="dim")
        grid.add_column(overflow="fold")
        for heading, cell in block:
            grid.add_row(heading, cell)
        console.print(Padding(grid, (0, 0, 0, 2)))


def print_said(console: Console, markup: str) -> None:
    """A sentence that ends with a command to type (in bold): where it does not fit on a
    line, the command goes on the next line whole, indented, not broken between two
    lines at a space ("okey101 play --resume" / "ID." at 40 columns)."""
    from rich.cells import cell_len
    from rich.text import Text

    text = Text.from_markup(markup)
    starts = [span.start for span in text.spans if "bold" in str(span.style)]
    if cell_len(text.plain) <= console.width or not starts:
        console.print(text)
        return
    start = min(starts)
    before = text[:start]
    before.rstrip()
    console.print(before)
    console.print(Text("  ") + text[start:], overflow="fold")


def as_text(*cells: str) -> list[Text]:
    """A row's cells as text, never markup: a file's name ("match [copy].json"), a
    table's code, a start time or a name from a save is shown as written ("[/b]" in one
    ended the list in a traceback, and "[copy]" was dropped from an ID)."""
    from rich.text import Text

    return [Text(cell) for cell in cells]


def hand_done(entry: SaveEntry) -> bool:
    """Whether the match was saved between two hands: its current hand is over and
    scored, the next not dealt (the new-table screen says "hand 3/11 done")."""
    return entry.saved.match.hand.is_over


def hand_cell(hand: int, hands: int, done: bool) -> str:
    """The Hand column's cell: ``3/11``, and ``done`` under it for a hand that is over
    (on a line of its own, the list fits 80 columns)."""
    shown = f"{hand}/{hands}"
    if not done:
        return shown
    said = pgettext("a hand of the match", "done")  # outside the f-string: extracted
    return f"{shown}\n{said}"


def _print_matches(console: Console, summaries: list[SaveSummary], done: list[bool]) -> None:
    columns = [
        Column(
            _(heading),
            right=right,
            # An ID copies whole, a time reads whole; the rest may wrap.
            no_wrap=key in ("ID", "Played", "Hand"),
            min_width=15 if key == "Seats" else None,
            max_width=10 if key == "Type" else None,  # the type wraps at its commas
        )
        for key, heading, right in COLUMNS
    ]
    rows = [
        as_text(
            s.id,
            s.played or s.started,
            s.table_text,
            hand_cell(s.hand, s.hands, over),
            s.score_lines(),
            s.seat_lines(),
        )
        for s, over in zip(summaries, done, strict=True)
    ]
    # In a block a seat's score stands before its name, as the table's two columns do.
    blocks = [
        [(column.heading, cell) for column, cell in zip(columns[1:4], row[1:4], strict=True)]
        + [(f"{columns[4].heading} · {columns[5].heading}", scored_seats(s))]
        for s, row in zip(summaries, rows, strict=True)
    ]
    print_list(console, _("Unfinished matches (latest first)"), columns, rows, blocks)
    # -101 beside 33 read as behind: the summary says who is ahead, the list said nothing.
    print_said(console, _("Scores are the match totals so far: the lowest total is ahead."))
    # The ID as the column above names it (Kimlik, KİMLİK), as a metavar is written.
    said = _("Continue one with [bold]okey101 play --resume {id}[/].")
    print_said(console, said.format(id=upper(_(ID_COLUMN))))


def scored_seats(summary: SaveSummary) -> Text:
    """Each seat on a line, its score right-aligned before its name: ``  12 Ayşe``."""
    from rich.cells import cell_len
    from rich.text import Text

    # Line for line as the table's two columns (a partners side's score on its first
    # partner's line, none beside the second).
    scores = summary.score_lines().split("\n")
    names = summary.seat_lines().split("\n")
    width = max((cell_len(score) for score in scores), default=0)
    lines = [
        " " * (width - cell_len(score)) + f"{score} {name}".rstrip()
        for score, name in zip_longest(scores, names, fillvalue="")
    ]
    return Text("\n".join(lines))


@dataclass(frozen=True)
class HostedSummary:
    """A table served with ``okey101 host`` whose match is not over, in a few words."""

    id: str
    started: str
    table: str
    hand: int
    hands: int
    code: str
    # The names as saved, a bot's level after its name, in seat order: None for a seat
    # the save names no one and no bot for (so that seats, levels and scores line up).
    seats: tuple[str | None, ...]
    table_text: str = ""
    seat_texts: tuple[str, ...] = ()  # the same in the language of the screen
    hand_done: bool = False  # saved between two hands: ``hand`` is over, the next not dealt
    # The table in the keys of a match's entry (and the flags): the game type, each seat's
    # bot level (None: a person's seat, or one nobody took whose level the save lacks),
    # its options and every seat's match score (a partners table: each seat its team's).
    game_type: str = "classic"
    levels: tuple[str | None, ...] = ()
    partners: bool = False
    penalties: bool = True
    scores: tuple[int, ...] = ()

    def line(self) -> str:
        """``Classic · hand 2/11 · code QCEPUM · 2026-11-30 20:58`` (``hand 2/11 done``
        when saved between two hands)."""
        said = (
            _("{table} · hand {hand}/{hands} done · code {code} · {started}")
            if self.hand_done
            else _("{table} · hand {hand}/{hands} · code {code} · {started}")
        )
        return said.format(
            table=self.table_text or self.table,
            hand=self.hand,
            hands=self.hands,
            code=self.code,
            started=self.started,
        )

    def as_dict(self) -> JSONObject:
        return {
            "id": self.id,
            "started": self.started,
            "type": self.table,
            "hand": self.hand,
            "hands": self.hands,
            "code": self.code,
            "seats": list(self.seats),
            "hand_done": self.hand_done,
            # As a match's entry has them ("type" is in words).
            "game_type": self.game_type,
            "partners": self.partners,
            "penalties": self.penalties,
            "levels": list(self.levels),
            "scores": list(self.scores),
        }


def summarise_hosted(entry: SaveEntry) -> HostedSummary | None:
    """A hosted table's save in a few words; None for a save that is not a hosted table's."""
    from okey_tui.messages import bot_level
    from okey_tui.net.server import bot_names
    from okey_tui.settings import shown_name
    from okey_tui.ui.session import saved_name, table_type

    table = entry.saved.extra.get("table")
    if not isinstance(table, dict):
        return None
    raw_seats = table.get("seats")
    raw_levels = table.get("levels")
    seats = raw_seats if isinstance(raw_seats, list) else []
    levels = raw_levels if isinstance(raw_levels, list) else []
    names: list[str | None] = []
    texts: list[str] = []
    seat_levels: list[str | None] = []
    people = [
        saved_name(seats[index].get("name"))  # as the table shows it
        if index < len(seats) and isinstance(seats[index], dict)
        else ""
        for index in range(4)
    ]
    shown = bot_names([person or None for person in people])  # the bots' as the table's
    for index, name in enumerate(people):
        level = levels[index] if index < len(levels) else None
        seat_levels.append(None if name or not isinstance(level, str) else level)
        if name:  # a person sat here
            names.append(name)
            texts.append(shown_name(name))
        elif isinstance(level, str):  # a bot plays the seat
            names.append(f"{shown[index]} ({level})")
            texts.append(
                _("{name} (bot, {level})").format(name=shown[index], level=bot_level(level))
            )
        else:  # a save that names nobody here: the seat kept, its place said unknown
            names.append(None)
    code = table.get("code")
    match = entry.saved.match
    kind, kind_text = table_type(match.rules)
    return HostedSummary(
        id=entry.id,
        started=entry.started,
        table=kind,
        hand=match.hand_number + 1,
        hands=match.rules.hands,
        code=code if isinstance(code, str) else "",
        seats=tuple(names),
        table_text=kind_text,
        seat_texts=tuple(texts),
        hand_done=hand_done(entry),
        game_type=match.rules.game_type.value,
        levels=tuple(seat_levels),
        partners=match.rules.partners,
        penalties=match.rules.penalties,
        scores=tuple(match.totals()),
    )


def _print_hosted(console: Console, hosted: list[HostedSummary], blank_line: bool) -> None:
    if blank_line:
        console.print()
    columns = [
        Column(_("ID"), no_wrap=True),
        Column(_("Started"), no_wrap=True),
        Column(_("Type"), max_width=10),
        Column(_("Hand"), right=True, no_wrap=True),
        Column(_("Code"), no_wrap=True),
        Column(_("Seats"), min_width=15),
    ]
    rows = [
        as_text(
            h.id,
            h.started,
            h.table_text,
            hand_cell(h.hand, h.hands, h.hand_done),
            h.code,
            "\n".join(h.seat_texts),
        )
        for h in hosted
    ]
    print_list(console, _("Tables you hosted (latest first)"), columns, rows)
    # A line each: at 80 columns one sentence broke "okey101 host" / "--resume ID".
    print_said(console, _("Open the latest again with [bold]okey101 host --resume[/]."))
    print_said(console, _("Open an older one with [bold]okey101 host --resume ID[/]."))
    said = _("Forget one with [bold]okey101 saves --delete {id}[/].")
    print_said(console, said.format(id=upper(_(ID_COLUMN))))


def _print_newer(console: Console, newer: list[NewerSave]) -> None:
    """The matches of a newer okey101: kept untouched, for it to continue."""
    console.print()
    columns = [Column(_(ID_COLUMN), no_wrap=True), Column(_("Save version"), right=True)]
    rows = [as_text(n.id, str(n.version)) for n in newer]
    print_list(console, _("Matches saved by a newer okey101"), columns, rows)
    console.print(_("They are kept as they are: update okey101 to continue them."))


def _print_set_aside(console: Console, files: list[SetAsideFile]) -> None:
    """The saves set aside because they could not be used, still lying in the saves folder."""
    from rich.text import Text

    console.print()
    # The file's name is long and read whole; on a narrow terminal the moment it was set
    # aside, which its name ends with, leaves the room to why (wrapped a word a line).
    when = console.width >= NARROW
    columns = [
        Column(_(FILE_COLUMN), no_wrap=True),
        *([Column(_("Set aside"), no_wrap=True)] if when else []),
        Column(_("Why")),
    ]
    rows = [as_text(f.name, *((f.when,) if when else ()), f.reason) for f in files]
    print_list(console, _("Saves set aside because they could not be used"), columns, rows)
    folders = sorted({str(f.path.parent) for f in files})
    console.print(Text(_("They are in {folder}.").format(folder=", ".join(folders))))
    said = _("Delete one with [bold]okey101 saves --delete {file}[/].")
    print_said(console, said.format(file=upper(_(FILE_COLUMN))))


def not_one_match(found: SaveList, match_id: str, listed: str = "") -> str:
    """Why ``match_id`` names no single unfinished match: it starts several ids, or none.
    ``listed`` ends the message when it names no match (where the list can be seen)."""
    # (A newer okey101's match among them: the start is the player's to lengthen, not a
    # reason to update okey101.)
    several = [e.id for e in found.starting_with(match_id)]
    several += [n.id for n in found.newer if match_id and n.id.startswith(match_id)]
    if len(several) > 1:
        return _("'{id}' starts the ids of {n} unfinished matches ({ids}): give more of it").format(
            id=match_id, n=len(several), ids=", ".join(several)
        )
    unread = [
        p.left for p in found.problems if p.left is not None and p.left.stem.startswith(match_id)
    ]
    if match_id and len(unread) == 1:  # there, and not readable here: said, not "no match"
        return _(
            "the match '{id}' could not be read (above): once okey101 may read {file}, it "
            "can be resumed"
        ).format(id=match_id, file=unread[0])
    aside = [f for f in found.set_aside if match_id and f.name.startswith(match_id)]
    if len({f.name.split(".json")[0] for f in aside}) == 1:
        # One match's, set aside once or more (damaged again since): the newest said
        # ("no unfinished match" was said the second time).
        aside = [max(aside, key=lambda f: (f.when, f.name))]
    if len(aside) == 1:  # not missing: set aside, and the player can see why
        return _(
            "the match '{id}' was set aside as {file}, as it could not be used ({why}); "
            "okey101 saves lists it"
        ).format(id=match_id, file=aside[0].name, why=aside[0].reason)
    if found.unreadable and not found.entries:
        # None read, not none there: "unfinished: none" read as the matches gone.
        return _(
            "no unfinished match '{id}' could be found: the saved matches could not be read (above)"
        ).format(id=match_id)
    known = ", ".join(e.id for e in found.entries) or _("none")
    said = _("there is no unfinished match '{id}' (unfinished: {known})").format(
        id=match_id, known=known
    )
    return said + (f"; {listed}" if listed else "")


def _delete(found: SaveList, hosted: SaveList, match_id: str, yes: bool) -> None:
    """Delete the unfinished match, or the table this computer hosted, whose id is (or
    starts with) ``match_id``: the ids ``okey101 saves`` lists, under either heading; else
    the save set aside, or the match of a newer okey101, that it names."""
    from okey_tui import storage
    from okey_tui.ui.session import summarise_save

    tables = {e.id: h for e in hosted.entries if (h := summarise_hosted(e)) is not None}
    listed = storage.SaveList(
        [*found.entries, *(e for e in hosted.entries if e.id in tables)],
        problems=[*found.problems, *hosted.problems],  # a save not read here is named so
        unreadable=found.unreadable or hosted.unreadable,
    )
    entry = listed.find(match_id)
    if entry is None and not listed.starting_with(match_id):
        # No unfinished match is meant: a save set aside, or one of a newer okey101?
        other = _other_save(found, hosted, match_id)
        if isinstance(other, storage.SetAsideFile):
            _delete_set_aside(other, yes)
            return
        if other is not None:
            _delete_newer(other, yes)
            return
    if entry is None:
        raise click.BadParameter(not_one_match(listed, match_id), param_hint="'--delete'")
    table = None if any(e is entry for e in found.entries) else tables.get(entry.id)
    if table is None:
        question = _("Delete the unfinished match {id} ({line})? It cannot be undone")
        line = summarise_save(entry).line(hand_done(entry))
    else:
        question = _("Delete the table you hosted {id} ({line})? It cannot be undone")
        line = table.line()
    if not _delete_locked(entry.path, question.format(id=entry.id, line=line), yes):
        return
    if table is None:
        click.echo(_("Deleted the unfinished match {id}.").format(id=entry.id))
    else:
        click.echo(_("Deleted the table you hosted {id}.").format(id=entry.id))


def _other_save(found: SaveList, hosted: SaveList, given: str) -> SetAsideFile | NewerSave | None:
    """The save set aside (named by its file name or path) or the match of a newer okey101
    (by its id) that ``given`` names, or the only one whose name starts with it; None
    when it names none. A start that names several is refused, naming them."""
    from okey_tui.storage import SetAsideFile

    files = [*found.set_aside, *hosted.set_aside]
    newer = [*found.newer, *hosted.newer]
    for file in files:
        if given in (file.name, str(file.path)):
            return file
    for match in newer:
        if match.id == given:
            return match
    starts: list[SetAsideFile | NewerSave] = [
        *(f for f in files if given and f.name.startswith(given)),
        *(n for n in newer if given and n.id.startswith(given)),
    ]
    if len(starts) > 1:
        names = ", ".join(s.name if isinstance(s, SetAsideFile) else s.id for s in starts)
        said = _("'{given}' starts the names of {n} files ({names}): give more of it")
        raise click.BadParameter(
            said.format(given=given, n=len(starts), names=names), param_hint="'--delete'"
        )
    return starts[0] if starts else None


def _delete_set_aside(file: SetAsideFile, yes: bool) -> None:
    """Delete a save set aside because it could not be used (it asks first)."""
    from okey_tui.commands.ask import confirm

    question = _(
        "Delete {file}, a save set aside because it could not be used ({why})? It cannot be undone"
    )
    said = question.format(file=file.name, why=file.reason)
    if not yes and not confirm(said):
        click.echo(_("Nothing deleted."))
        return
    try:
        file.path.unlink()
    except FileNotFoundError:
        pass  # gone already: what was asked is done
    except OSError as exc:
        click.echo(
            _("okey101: {problem}; nothing deleted").format(problem=os_problem(exc)), err=True
        )
        raise SystemExit(1) from None
    click.echo(_("Deleted {file}.").format(file=file.name))


def _delete_newer(newer: NewerSave, yes: bool) -> None:
    """Delete a match saved by a newer okey101 (it asks first, and no okey101 may play it)."""
    question = _(
        "Delete the match {id}, saved by a newer okey101 (save version {version})? "
        "It cannot be undone"
    )
    if _delete_locked(newer.path, question.format(id=newer.id, version=newer.version), yes):
        click.echo(_("Deleted the match {id}.").format(id=newer.id))


def _delete_locked(path: Path, question: str, yes: bool) -> bool:
    """Delete the save at ``path`` once ``question`` is answered yes (``yes``: asked
    already), while no other okey101 plays it; whether it was deleted. A save in use
    elsewhere is refused: exit 1, nothing deleted."""
    from okey_tui import storage
    from okey_tui.commands.ask import confirm

    try:
        lock = storage.MatchLock(path)
    except (storage.SaveInUseError, OSError) as exc:
        problem = os_problem(exc) if isinstance(exc, OSError) else str(exc)
        click.echo(_("okey101: {problem}; nothing deleted").format(problem=problem), err=True)
        raise SystemExit(1) from None
    try:
        if not yes and not confirm(question):
            click.echo(_("Nothing deleted."))
            return False
        storage.discard(path)
    except OSError as exc:  # a file that may not be deleted here
        click.echo(
            _("okey101: {problem}; nothing deleted").format(problem=os_problem(exc)), err=True
        )
        raise SystemExit(1) from None
    finally:
        lock.release()
    return True
