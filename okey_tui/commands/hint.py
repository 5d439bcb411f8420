"""``okey101 hint``: the best arrangement of a hand, its opening chances, what is left.

okey101 hint --indicator B7 R1 R2 R3 K9 Y9 B9 F
okey101 hint --indicator B7 --json R1 R2 R3
okey101 hint --batch hands.txt        # lines like "B7: R1 R2 R3 K9 Y9 B9 F"; "#" comments
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import IO, TYPE_CHECKING

import click

from okey_tui.cli import IntBetween, ReadFile
from okey_tui.engine.errors import NotationError
from okey_tui.engine.melds import Meld, effective, is_wild
from okey_tui.engine.rules import OpeningKind
from okey_tui.engine.solver import FinishPlan, OpeningCheck, finish_plan, opening_check
from okey_tui.engine.tiles import Tile, okey_for, parse_tiles, sort_tiles
from okey_tui.i18n import N_, _, ngettext, shortened
from okey_tui.messages import describe, meld_kind
from okey_tui.storage import JSONObject

if TYPE_CHECKING:  # for the annotations only: rich loads when the command prints
    from rich.table import Table
    from rich.text import Text

# -- reading and checking a hand ---------------------------------------------------------

# The most tiles a rack ever holds: the starter's 22 before the first discard.
MAX_RACK = 22
# The highest floor a hand could reach, and more: 22 tiles of 13 points each.
MAX_FLOOR = MAX_RACK * 13


def parse_indicator(text: str) -> Tile:
    if not text.strip():  # it was "'' is not a tile … or F for a false okey", and F is none
        raise NotationError(_("the indicator is missing: give the face-up tile, like B7"))
    indicator = Tile.parse(text)
    if indicator.is_false_okey:
        raise NotationError(
            _(
                "'F' cannot be the indicator: a false okey turned up is put back and another "
                "tile is turned up instead"
            )
        )
    return indicator


def parse_hand(indicator: Tile, tokens: Iterable[str]) -> list[Tile]:
    """Read the tiles and check the hand could exist beside this indicator."""
    hand: list[Tile] = []
    for token in tokens:
        hand.extend(parse_tiles(token))
    if not hand:
        raise NotationError(_("The hand is empty: give its tiles, like R1 R2 R3 K9 Y9 B9 F"))
    if len(hand) > MAX_RACK:
        raise NotationError(
            _(
                "The hand has {count} tiles: a rack holds at most {most} (21, and 22 "
                "after drawing or for the starter before the first discard)"
            ).format(count=len(hand), most=MAX_RACK)
        )
    counts = Counter(hand)
    for tile in sort_tiles(counts):
        count = counts[tile]
        if tile.is_false_okey and count > 2:
            raise NotationError(
                _("'F' appears {count} times: there are only two false okeys in the set").format(
                    count=count
                )
            )
        if tile == indicator and count > 1:
            raise NotationError(
                _(
                    "'{tile}' appears {count} times, but {tile} is the indicator: one of its two "
                    "copies is face up on the table, so a hand holds at most one"
                ).format(tile=tile, count=count)
            )
        if count > 2:
            raise NotationError(
                _(
                    "'{tile}' appears {count} times: the set has only two copies of each tile"
                ).format(tile=tile, count=count)
            )
    return hand


# -- the answer as data ------------------------------------------------------------------------


def _meld_data(meld: Meld) -> JSONObject:
    return {
        "kind": meld.kind.value,
        "tiles": [str(t) for t in meld.tiles],
        "stands_for": [str(t) for t in meld.stands_for],
        "value": meld.value,
    }


def straight_out(hand: Sequence[Tile], okey: Tile) -> FinishPlan | None:
    """How a hand of a full rack (22 tiles, as a player holds it after drawing, before
    opening) goes out this turn by a straight out, every tile but the discard laid down
    with no floor (rules §7), or None. Fewer tiles are a hand of a turn not yet drawn."""
    if len(hand) != MAX_RACK:
        return None
    return finish_plan(hand, okey, (), None)


def hint_data(indicator: Tile, check: OpeningCheck, hand: Sequence[Tile]) -> JSONObject:
    """The JSON object of the issue: best melds, pairs count, floors, leftover; the best
    pairs and what they leave (``pair_melds``, ``pairs_leftover``: the pairs an opening
    by pairs lays), and a straight out (``straight_out``: the melds or pairs laid, then
    the discard; null when the hand cannot go out this turn)."""
    okey = okey_for(indicator)
    plan = straight_out(hand, okey)
    return {
        "indicator": str(indicator),
        "okey": str(okey),
        "value": check.value,
        "melds": [_meld_data(m) for m in check.melds.melds],
        "pairs": check.pair_count,
        "can_open_melds": check.can_open_melds,
        "can_open_pairs": check.can_open_pairs,
        "leftover": [str(t) for t in check.melds.leftover],
        "pair_melds": [_meld_data(m) for m in check.pairs.melds],
        "pairs_leftover": [str(t) for t in check.pairs.leftover],
        "straight_out": None
        if plan is None
        else {
            "kind": "pairs" if plan.kind is OpeningKind.PAIRS else "melds",
            "melds": [_meld_data(m) for m in plan.melds],
            "discard": str(plan.discard),
        },
    }


def solve_line(line: str, floor: int, pairs_floor: int) -> JSONObject:
    """One batch line, ``INDICATOR: TILES…``, to its JSON object (raises NotationError)."""
    head, sep, rest = line.partition(":")
    if not sep:
        raise NotationError(
            _(
                "'{line}' has no ':': write the indicator, a colon, then the tiles, "
                "like B7: R1 R2 R3"
            ).format(line=shortened(line.strip(), 60))
        )
    indicator = parse_indicator(head)
    hand = parse_hand(indicator, [rest])
    check = opening_check(hand, okey_for(indicator), floor, pairs_floor)
    return hint_data(indicator, check, hand)


# -- drawing with Rich -------------------------------------------------------------------------

# Each tile is a chip on a dark background so all four colours read on any terminal.
_STYLES = {
    "R": "bold red1 on grey11",
    "Y": "bold gold1 on grey11",
    "B": "bold dodger_blue1 on grey11",
    "K": "bold grey93 on grey30",
    "F": "bold magenta on grey11",
}


def _chip(laid: Tile, meant: Tile, okey: Tile, any_colour: bool = False) -> tuple[str, str]:
    """A tile as the table writes it: an okey as ★ and what it stands for (its number
    alone in a set of three: any colour the set misses), one left over as ``B8★``."""
    if is_wild(laid, okey) and meant == laid:
        return f" {laid}★ ", _STYLES[str(laid)[0]] + " underline"
    if is_wild(laid, okey):
        said = f"★{meant.number}" if any_colour else f"★{meant}"
        return f" {said} ", _STYLES[str(meant)[0]] + " underline"
    if laid.is_false_okey:
        return f" F={meant} ", _STYLES["F"]
    return f" {laid} ", _STYLES[str(laid)[0]]


def _tiles_text(pairs: Sequence[tuple[Tile, Tile]], okey: Tile, any_colour: bool = False) -> Text:
    from rich.text import Text

    text = Text()
    for i, (laid, meant) in enumerate(pairs):
        if i:
            text.append(" ")
        text.append(*_chip(laid, meant, okey, any_colour))
    return text


def render(indicator: Tile, check: OpeningCheck, hand: Sequence[Tile]) -> None:
    from rich.console import Console
    from rich.text import Text

    okey = okey_for(indicator)
    console = Console(highlight=False)
    head = Text(_("Indicator") + " ")
    head.append(f" {indicator} ", _STYLES[str(indicator)[0]])
    head.append("   " + _("okey (wild)") + " ")
    head.append(f" {okey} ", _STYLES[str(okey)[0]] + " underline")
    head.append("   " + _("false okey") + " ")
    head.append(" F ", _STYLES["F"])
    head.append(" " + _("plays as {okey}").format(okey=okey))
    console.print(head)

    # The arrangement that opens: the pairs when they open and the runs and sets do not
    # (showing the melds then listed the pairs' tiles as left over), else the melds.
    by_pairs = check.can_open_pairs and not check.can_open_melds
    best = check.pairs if by_pairs else check.melds
    if by_pairs:
        console.print(_("Open with pairs:"), style="bold")
    if best.melds:
        console.print(_melds_table(best.melds, okey))
    else:
        console.print(_("No runs or sets in this hand."), style="dim")

    total = Text(
        _("Melds: {value} / {floor}").format(value=check.value, floor=check.floor) + " — ",
        style="bold",
    )
    if check.can_open_melds:
        total.append(_("you can open"), style="bold green")
    else:
        short = check.floor - check.value
        total.append(
            ngettext("{n} point short", "{n} points short", short).format(n=short),
            style="bold yellow",
        )
    console.print(total)

    pairs = Text(
        _("Pairs: {count} / {floor}").format(count=check.pair_count, floor=check.pairs_floor)
        + " — ",
        style="bold",
    )
    if check.can_open_pairs:
        pairs.append(_("you can open with pairs"), style="bold green")
    else:
        short = check.pairs_floor - check.pair_count
        pairs.append(
            ngettext("{n} pair short", "{n} pairs short", short).format(n=short),
            style="bold yellow",
        )
    if check.pair_count and not check.can_open_pairs:  # (an opening's pairs are rows above)
        # Which pairs: "Pairs: 3 / 5" with R1 R1 Y3 Y3 K5 K5 under Left named none.
        pairs.append(":")
        for pair in check.pairs.melds:
            pairs.append("  ")
            pairs.append_text(_tiles_text([(t, effective(t, okey)) for t in pair.tiles], okey))
    console.print(pairs)

    left = Text(_("Left:") + " ")
    if best.leftover:
        left.append_text(_tiles_text([(t, effective(t, okey)) for t in best.leftover], okey))
        okeys = sum(is_wild(t, okey) for t in best.leftover)
        if okeys:  # not in S, but written at a penalty table (rules §10)
            said = ngettext(
                "(sum {total}; +101 for the okey left in hand at a penalty table)",
                "(sum {total}; +101 for each okey left in hand at a penalty table)",
                okeys,
            )
        else:
            said = _("(sum {total})")
        left.append("  " + said.format(total=best.leftover_sum))
    else:
        left.append(_("nothing"), style="bold green")
    console.print(left)

    plan = straight_out(hand, okey)
    if plan is not None:  # the hand goes out this turn: how, under what the opening needs
        console.print()
        console.print(
            _("Straight out: lay down these, then discard {tile}").format(tile=plan.discard),
            style="bold",
        )
        console.print(_melds_table(plan.melds, okey))
        out = Text(_("You go out at once"), style="bold green")
        if plan.with_okey:
            out.append(" " + _("(the okey discarded doubles the hand)"))
        elif not check.can_open_melds and not check.can_open_pairs:
            out.append(" " + _("(a straight out needs no floor)"))
        console.print(out)


def _melds_table(melds: Sequence[Meld], okey: Tile) -> Table:
    """The melds a line each: their kind, their tiles (an okey as what it stands for), value."""
    from rich.table import Table

    table = Table(show_edge=False, box=None, padding=(0, 1))
    table.add_column(_("meld"), style="dim")
    table.add_column(_("tiles"))
    table.add_column(_("value"), justify="right")
    for meld in melds:
        tiles = list(zip(meld.tiles, meld.stands_for, strict=True))
        chips = _tiles_text(tiles, okey, meld.any_colour)
        table.add_row(meld_kind(meld.kind), chips, str(meld.value))
    return table


# -- the command ------------------------------------------------------------------------------


def _run_batch(stream: IO[bytes], floor: int, pairs_floor: int) -> int:
    failed = False
    # Read as bytes and decode line by line: a line that is not UTF-8 is reported like
    # any other bad line, and the lines around it are still solved.
    for number, raw in enumerate(stream, start=1):
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            row = {"line": number, "error": _("The line is not UTF-8 text")}
            click.echo(json.dumps(row, ensure_ascii=False))
            failed = True
            continue
        if not line.strip() or line.lstrip().startswith("#"):  # blank, or a comment
            continue
        try:
            # Its line number first, as an error's: a row is matched to its line without
            # counting the comments and blank lines skipped.
            out = {"line": number, **solve_line(line, floor, pairs_floor)}
        except NotationError as error:
            out = {"line": number, "error": describe(error)}
            failed = True
        click.echo(json.dumps(out, ensure_ascii=False))
    return 1 if failed else 0


@click.command(
    name="hint",
    help=N_(
        "Show the best arrangement of a hand: melds, pairs, what is left.\n\n"
        "TILES are written like R7, K13, b1 or F (a false okey), separated by "
        "spaces or commas, at most 22 (a full rack). The colour letters: R red, Y yellow, "
        "B blue, K black."
    ),
)
@click.argument("tiles", nargs=-1)
@click.option(
    "--indicator",
    "-i",
    metavar="TILE",
    help=N_("The face-up indicator, like B7 (needed, except with --batch)."),
)
@click.option(
    "--floor",
    type=IntBetween(min=1, max=MAX_FLOOR),
    default=101,
    show_default=True,
    help=N_("Points a melds opening needs."),
)
@click.option(
    "--pairs-floor",
    type=IntBetween(min=1, max=MAX_RACK // 2),
    default=5,
    show_default=True,
    help=N_("Pairs a pairs opening needs."),
)
@click.option("--json", "as_json", is_flag=True, help=N_("Print one JSON object."))
@click.option(
    "--batch",
    type=ReadFile(),
    metavar="FILE",
    help=N_(
        "Solve one 'INDICATOR: TILES' hand per line ('-' for stdin); JSON lines out. "
        "Blank lines and lines starting with # are skipped. A line that cannot be read "
        "gives an error line; the exit status is then 1."
    ),
)
@click.pass_context
def hint(
    ctx: click.Context,
    tiles: tuple[str, ...],
    indicator: str | None,
    floor: int,
    pairs_floor: int,
    as_json: bool,
    batch: IO[bytes] | None,
) -> None:
    if batch is not None:
        if tiles or indicator:
            raise click.UsageError(
                _(
                    "--batch reads the indicator and tiles from each line; "
                    "give no TILES or --indicator with it"
                )
            )
        ctx.exit(_run_batch(batch, floor, pairs_floor))
    if indicator is None:
        raise click.UsageError(_("Give the indicator with --indicator, like --indicator B7"))
    try:
        face_up = parse_indicator(indicator)
    except NotationError as error:
        raise click.BadParameter(describe(error), param_hint="'--indicator'") from None
    try:
        hand = parse_hand(face_up, tiles)
    except NotationError as error:
        raise click.UsageError(describe(error)) from None
    check = opening_check(hand, okey_for(face_up), floor, pairs_floor)
    if as_json:
        click.echo(json.dumps(hint_data(face_up, check, hand), ensure_ascii=False))
    else:
        render(face_up, check, hand)
