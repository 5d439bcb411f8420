"""Helpers that build hand positions from a few racks, in the position notation.

``position(["R1 R2 R3 K9", "", "", ""])`` gives a legal 106-tile position:
the tiles named are placed, every other tile of the set goes to the middle
(or to the rack or discard pile named by ``rest``), in a fixed order.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Sequence

from okey_tui.engine.melds import parse_meld
from okey_tui.engine.notation import format_position, parse_position
from okey_tui.engine.state import SEATS, Hand
from okey_tui.engine.tiles import Tile, format_compact, full_set, okey_for, parse_tiles, sort_tiles


def position_text(
    racks: Sequence[str],
    *,
    indicator: str = "B7",
    turn: int = 0,
    phase: str = "p",
    rules: str = "classic/11",
    middle: str = "",
    discards: Sequence[str] = ("", "", "", ""),
    table: Sequence[str] = (),
    openings: str = "-/-/-/-",
    penalties: str = "-",
    locks: str = "-",
    end: str = "-",
    rest: str = "middle",
    actions: Sequence[str] = (),
) -> str:
    """The one-line text of a position; tiles not named go where ``rest`` says.

    ``rest`` is ``middle`` (after the tiles of ``middle``), ``rackN`` or
    ``discardN`` (under the named discards, so the named top stays on top).
    """
    assert len(racks) == 4 and len(discards) == 4
    ind = Tile.parse(indicator)
    okey = okey_for(ind)
    rack_tiles = [parse_tiles(r) if r.strip() else [] for r in racks]
    pile_tiles = [parse_tiles(d) if d.strip() else [] for d in discards]
    middle_tiles = parse_tiles(middle) if middle.strip() else []
    table_tiles: list[Tile] = []
    for item in table:
        meld_text = item.partition(":")[2]
        table_tiles += parse_meld(re.sub(r"@\d", "", meld_text), okey).tiles
    used = Counter([ind])
    for group in [*rack_tiles, *pile_tiles, middle_tiles, table_tiles]:
        used.update(group)
    left = Counter(full_set()) - used
    over = used - Counter(full_set())
    assert not over, f"more copies than the set holds: {dict(over)}"
    spare = sort_tiles(left.elements())
    if rest == "middle":
        middle_tiles += spare
    elif rest.startswith("rack"):
        rack_tiles[int(rest[4:])] += spare
    elif rest.startswith("discard"):
        seat = int(rest[7:])
        pile_tiles[seat] = spare + pile_tiles[seat]
    else:  # pragma: no cover - a mistake in a test
        raise AssertionError(rest)
    fields = [
        rules,
        indicator,
        f"{turn}{phase}",
        "/".join(format_compact(r) for r in rack_tiles),
        format_compact(middle_tiles),
        "/".join(format_compact(d) for d in pile_tiles),
        ",".join(table) or "-",
        openings,
        penalties,
        locks,
        end,
    ]
    text = " ".join(fields)
    if actions:
        text += " | " + ";".join(actions)
    return text


def position(racks: Sequence[str], **kwargs: object) -> Hand:
    """A hand built from :func:`position_text` (same arguments)."""
    return parse_position(position_text(racks, **kwargs))  # type: ignore[arg-type]


def names(tiles: object) -> list[str]:
    """Tiles (a list, or text like ``"R1 R2"``) as sorted names, for comparisons."""
    if isinstance(tiles, str):
        tiles = parse_tiles(tiles)
    return sorted(str(t) for t in tiles)  # type: ignore[attr-defined]


def redeal_hidden(hand: Hand, seat: int, rng: random.Random) -> Hand:
    """The same position for ``seat`` with the other racks and the middle dealt anew.

    Goes through the position notation, so the variant is a complete, valid hand.
    """
    variant = parse_position(format_position(hand))
    others = [s for s in range(SEATS) if s != seat]
    pool = [t for s in others for t in variant.racks[s]] + list(variant.middle)
    rng.shuffle(pool)
    for s in others:
        size = len(variant.racks[s])
        variant.racks[s], pool = pool[:size], pool[size:]
    variant.middle = pool
    if variant.turn_start is not None:
        start = variant.turn_start
        start.racks = [list(r) for r in start.racks]
        for s in others:
            start.racks[s] = list(variant.racks[s])
        start.middle = list(variant.middle)
    return variant


def okey_owed_where_it_finishes() -> Hand:
    """Seat 0 has just swapped the okey off seat 2's run (K5 ★K6 K7, for its K6) and owes
    it: laid as Y11 in ★Y11 Y12 Y13 it goes out this turn, while laid off as Y8 on
    R8 B8 K8 (both Y8 in sight, so safe there) it would leave Y12 Y13 in hand."""
    from okey_tui.engine.actions import SwapOkey

    hand = position(
        ["K6 Y12 Y13 R9 R10 R11 K4 K8 Y1 B12", "R1 R2", "Y1 Y2", "K1"],
        indicator="R12",
        phase="p",
        discards=("Y8", "Y8", "", ""),
        table=("0:R8B8K8", "0:R1B1K1", "2:K5*K6K7"),
        openings="m101/-/m101/-",
    )
    hand.apply(SwapOkey(2, (Tile.parse("K6"),)))
    return hand


def okey_owed_in_a_long_finish(second_okey: bool = False) -> Hand:
    """Seat 0 (opened) has just swapped the okey (R13) off seat 2's B5 ★B6 B7 and owes it,
    with 8 tiles: every one but K2 goes out as a lay-off, the okey as Y10 between Y9 and
    Y11, while laying its melds K10 K11 K12 and ★ Y6 K6 leaves Y11 K2. With
    ``second_okey`` the other okey stands for B2 in B1 ★B2 B3 and the rack holds B2 and
    R5 for K2: the one finish swaps that okey out too, lays both and throws R5."""
    from okey_tui.engine.actions import SwapOkey

    hand = position(
        ["B6 Y6 K6 Y11 K10 K11 K12 " + ("R5 B2" if second_okey else "K2"), "R1 R2", "Y1 Y2", "K1"],
        indicator="R12",
        phase="p",
        table=("2:Y7Y8Y9", "2:K7K8K9", "2:B5*B6B7", *(["2:B1*B2B3"] if second_okey else [])),
        openings="m101/-/m101/-",
    )
    hand.apply(SwapOkey(2, (Tile.parse("B6"),)))
    return hand


def left_discard_swaps_an_okey() -> Hand:
    """Seat 0 (opened) to draw; the left discard K6 takes the okey (R13) off seat 2's
    K5 ★K6 K7, and meld 1 (R8 B8 K8) would take the okey again as Y8, both Y8 in sight."""
    return position(
        ["Y3 Y5 K10 R2 B12 Y1 B4", "R1 R2", "Y1 Y2", "K1"],
        indicator="R12",
        phase="d",
        discards=("", "Y8", "Y8", "K6"),
        table=("0:R8B8K8", "0:R1B1K1", "2:K5*K6K7"),
        openings="m101/-/m101/-",
    )


def a_bot_opens_and_adds_after_seat_0_discards() -> Hand:
    """Seat 0 to play, Y1 its discard to make: seat 3 (a bot) then opens and lays off two
    tiles before seat 0's next turn (three moves to say on the line)."""
    return position(
        [
            "R9 B1 K5 Y1",
            "Y6 K1 Y9",
            "Y2 Y3 B2 B3",
            "K10 K11 K12 K13 Y10 Y11 Y12 Y13 B11 B12 B13 R4 K7 R6 Y4 B1",
        ],
        table=("1:R1R2R3", "1:K4K5K6"),
        openings="-/m101/-/-",
        phase="p",
    )
