"""RULES.md sections 4 and 9 at the ends of the number line: 1 is only low, 13 only high.

Random hands seldom put an okey next to a 1 or a 13, so the readings, extensions
and lay-offs there are checked one by one.
"""

from __future__ import annotations

import pytest

from okey_tui.engine.errors import ErrorCode, MeldError
from okey_tui.engine.melds import extend, extensions, fits_table, parse_meld, readings, swap_okey
from okey_tui.engine.tiles import Tile, parse_tiles

OKEY = Tile.parse("B8")  # indicator B7


def texts(tiles: str) -> list[str]:
    return [m.text(OKEY) for m in readings(parse_tiles(tiles), OKEY)]


@pytest.mark.parametrize(
    ("tiles", "only"),
    [
        ("R1 R2 B8", "R1R2*R3"),
        ("R1 B8 B8", "R1*R2*R3 R1*Y1*B1"),
        ("R12 R13 B8", "*R11R12R13"),
        ("R13 B8 B8", "R13*Y13*B13 *R11*R12R13"),
        ("R1 R13 B8", None),
        (
            " ".join(f"K{n}" for n in range(1, 13)) + " B8",
            "".join(f"K{n}" for n in range(1, 13)) + "*K13",
        ),
        (
            " ".join(f"K{n}" for n in range(2, 14)) + " B8",
            "*K1" + "".join(f"K{n}" for n in range(2, 14)),
        ),
    ],
)
def test_an_okey_beside_1_or_13_reads_inside_the_number_line(tiles: str, only: str | None) -> None:
    assert texts(tiles) == (only.split() if only else [])  # a set reading, if any, as well


def test_a_run_of_all_thirteen_with_an_okey_inside_has_one_reading() -> None:
    tiles = " ".join(f"Y{n}" for n in range(1, 14) if n != 7) + " B8"
    assert texts(tiles) == ["Y1Y2Y3Y4Y5Y6*Y7Y8Y9Y10Y11Y12Y13"]


@pytest.mark.parametrize(
    ("run", "fits"),
    [
        ("R1R2R3", ["R1R2R3*R4"]),
        ("R11R12R13", ["*R10R11R12R13"]),
        ("R2R3R4", ["*R1R2R3R4", "R2R3R4*R5"]),
    ],
)
def test_an_okey_extends_a_run_only_within_1_to_13(run: str, fits: list[str]) -> None:
    assert [m.text(OKEY) for m in extensions(parse_meld(run, OKEY), OKEY, OKEY)] == fits


@pytest.mark.parametrize(("run", "tile"), [("R1R2R3", "R13"), ("R11R12R13", "R1")])
def test_no_tile_wraps_round_a_run_from_13_to_1(run: str, tile: str) -> None:
    meld = parse_meld(run, OKEY)
    assert extensions(meld, Tile.parse(tile), OKEY) == []
    assert fits_table([meld], Tile.parse(tile), OKEY) is None
    with pytest.raises(MeldError) as caught:
        extend(meld, Tile.parse(tile), None, OKEY)
    assert caught.value.code is ErrorCode.TILE_DOES_NOT_FIT


def test_a_full_run_from_1_to_13_takes_nothing() -> None:
    full = parse_meld("".join(f"B{n}" for n in range(1, 14)).replace("B8", "F"), OKEY)
    assert extensions(full, OKEY, OKEY) == []
    assert fits_table([full], Tile.parse("R1"), OKEY) is None


@pytest.mark.parametrize(
    ("run", "tile", "after"), [("*R1R2R3", "R1", "R1R2R3"), ("R11R12*R13", "R13", "R11R12R13")]
)
def test_an_okey_at_either_end_is_swapped_for_its_tile(run: str, tile: str, after: str) -> None:
    assert swap_okey(parse_meld(run, OKEY), [Tile.parse(tile)], OKEY).text(OKEY) == after


@pytest.mark.parametrize(("run", "tile", "index"), [("R1R2R3", "R4", 1), ("R11R12R13", "R10", 1)])
def test_a_tile_at_the_open_end_of_a_1_or_13_run_is_playable(
    run: str, tile: str, index: int
) -> None:
    table = [parse_meld("K5K5", OKEY), parse_meld(run, OKEY)]
    assert fits_table(table, Tile.parse(tile), OKEY) == index
