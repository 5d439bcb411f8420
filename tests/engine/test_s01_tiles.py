"""RULES.md section 1: tiles and their text notation."""

from __future__ import annotations

from collections import Counter

import pytest

from okey_tui.engine.errors import NotationError
from okey_tui.engine.tiles import (
    COLOURS,
    FALSE_OKEY,
    Colour,
    Tile,
    format_compact,
    format_tiles,
    full_set,
    parse_compact,
    parse_tiles,
    sort_tiles,
)


def test_the_set_has_106_tiles_two_of_each_colour_and_number_and_two_false_okeys() -> None:
    tiles = full_set()
    assert len(tiles) == 106
    counts = Counter(tiles)
    assert counts[FALSE_OKEY] == 2
    for colour in COLOURS:
        for number in range(1, 14):
            assert counts[Tile(colour, number)] == 2
    assert len(counts) == 53


def test_the_four_colours_are_red_yellow_blue_black() -> None:
    assert [c.letter for c in COLOURS] == ["R", "Y", "B", "K"]
    assert [c.label for c in COLOURS] == ["red", "yellow", "blue", "black"]


@pytest.mark.parametrize(
    ("text", "colour", "number"),
    [
        ("R7", Colour.RED, 7),
        ("K13", Colour.BLACK, 13),
        ("B1", Colour.BLUE, 1),
        ("y10", Colour.YELLOW, 10),
    ],
)
def test_a_tile_is_written_colour_letter_then_number(
    text: str, colour: Colour, number: int
) -> None:
    tile = Tile.parse(text)
    assert (tile.colour, tile.number) == (colour, number)
    assert str(tile) == text.upper()


def test_f_is_a_false_okey_in_either_case() -> None:
    assert Tile.parse("F") == FALSE_OKEY == Tile.parse("f")
    assert FALSE_OKEY.is_false_okey and str(FALSE_OKEY) == "F"


def test_tile_lists_are_case_insensitive_and_split_by_spaces_or_commas() -> None:
    assert parse_tiles("r1, R2 f,K13") == [Tile.parse(t) for t in ("R1", "R2", "F", "K13")]
    assert format_tiles(parse_tiles("r1,r2  f")) == "R1 R2 F"


@pytest.mark.parametrize("bad", ["R0", "R14", "G5", "7", "RR", "F1", "", "K 3"])
def test_text_that_is_not_a_tile_is_rejected_with_a_notation_error(bad: str) -> None:
    with pytest.raises(NotationError):
        Tile.parse(bad)


def test_compact_tile_lists_read_back() -> None:
    tiles = parse_tiles("R1 R13 F K10 B2")
    assert format_compact(tiles) == "R1R13FK10B2"
    assert parse_compact("R1R13FK10B2") == tiles
    assert parse_compact("-") == [] and format_compact([]) == "-"
    for bad in ("R1X", "R14", "Q", "R1 R2"):
        with pytest.raises(NotationError):
            parse_compact(bad)


def test_two_copies_of_one_tile_are_indistinguishable() -> None:
    a, b = Tile.parse("R7"), Tile.parse("r7")
    assert a == b and hash(a) == hash(b)
    assert len({*full_set()}) == 53


def test_a_tile_is_worth_its_number_and_one_is_worth_one() -> None:
    assert [Tile(Colour.RED, n).number for n in range(1, 14)] == list(range(1, 14))


def test_a_tiles_repr_is_code_that_rebuilds_it() -> None:
    for tile in {*full_set()}:
        assert eval(repr(tile)) == tile  # noqa: S307 - repr is valid code by design
        assert Tile.from_index(tile.index) == tile


def test_tiles_sort_by_colour_then_number_with_false_okeys_last() -> None:
    assert format_tiles(sort_tiles(parse_tiles("F K1 R13 R2 Y1"))) == "R2 R13 Y1 K1 F"


def test_bad_tile_values_are_refused_when_built_directly() -> None:
    with pytest.raises(NotationError):
        Tile(Colour.RED, 0)
    with pytest.raises(NotationError):
        Tile(None, 5)
    with pytest.raises(ValueError):
        FALSE_OKEY.next_in_colour()
