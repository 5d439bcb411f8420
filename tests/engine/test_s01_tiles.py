"""RULES.md section 1: tiles and their text notation."""

from __future__ import annotations

from collections import Counter

import pytest

from okey_tui.engine.errors import ErrorCode, NotationError
from okey_tui.engine.tiles import (
    COLOURS,
    FALSE_OKEY,
    Colour,
    Tile,
    format_compact,
    format_tiles,
    full_set,
    okey_for,
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


@pytest.mark.parametrize(
    ("indicator", "okey"),
    [("R13", "R1"), ("R12", "R13"), ("K1", "K2"), ("Y13", "Y1"), ("B7", "B8")],
)
def test_the_okey_is_one_above_the_indicator_and_13_names_1(indicator: str, okey: str) -> None:
    assert okey_for(Tile.parse(indicator)) == Tile.parse(okey)


def test_a_false_okey_is_never_the_indicator() -> None:
    with pytest.raises(NotationError) as caught:
        okey_for(FALSE_OKEY)
    assert caught.value.code is ErrorCode.FALSE_OKEY_INDICATOR


@pytest.mark.parametrize(("number", "ok"), [(0, False), (1, True), (13, True), (14, False)])
def test_tile_numbers_run_from_1_to_13_inclusive(number: int, ok: bool) -> None:
    if ok:
        assert Tile(Colour.BLACK, number).number == number
        assert Tile.parse(f"K{number}") == Tile(Colour.BLACK, number)
        return
    with pytest.raises(NotationError) as built:
        Tile(Colour.BLACK, number)
    assert built.value.code is ErrorCode.TILE_NUMBER_OUT_OF_RANGE
    with pytest.raises(NotationError) as parsed:
        Tile.parse(f"K{number}")
    assert parsed.value.code is ErrorCode.NOT_A_TILE


def test_a_false_okey_with_a_number_is_refused_with_its_code() -> None:
    with pytest.raises(NotationError) as caught:
        Tile(None, 1)
    assert caught.value.code is ErrorCode.FALSE_OKEY_HAS_NO_NUMBER


def test_a_tile_made_anew_hashes_as_its_index() -> None:
    """A tile built now (not one of the module's own, made at import) keeps its dense index
    as its hash: the false okey 52, a coloured tile by colour and number."""
    made = [Tile(None, 0), Tile(Colour.RED, 1), Tile(Colour.BLACK, 13)]
    assert [t.index for t in made] == [52, 0, 51]
    assert [hash(t) for t in made] == [52, 0, 51]
    assert {Tile(None, 0): "F"}[FALSE_OKEY] == "F"


def test_the_dense_index_runs_colour_major_from_0_to_52() -> None:
    assert [Tile.from_index(i) for i in range(53)] == [
        *(Tile(c, n) for c in COLOURS for n in range(1, 14)),
        FALSE_OKEY,
    ]
    assert [Tile.parse(t).index for t in ("R1", "R13", "Y1", "K13", "F")] == [0, 12, 13, 51, 52]


@pytest.mark.parametrize(
    ("bad", "stuck"), [("R1X", "X"), ("XR1", "XR1"), ("R1R", "R"), ("R1-", "-")]
)
def test_a_bad_compact_list_says_where_it_got_stuck(bad: str, stuck: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_compact(bad)
    assert f"(stuck at '{stuck}')" in str(caught.value)
    assert caught.value.code is ErrorCode.NOT_A_TILE_LIST
    assert caught.value.params["text"] == bad


def test_colours_have_letters_and_labels() -> None:
    assert [(c.letter, c.label) for c in COLOURS] == [
        ("R", "red"),
        ("Y", "yellow"),
        ("B", "blue"),
        ("K", "black"),
    ]


def test_refusals_about_false_okeys_say_so() -> None:
    with pytest.raises(NotationError, match="^A false okey cannot be the indicator$"):
        okey_for(FALSE_OKEY)
    with pytest.raises(NotationError, match="^A false okey has no successor$") as caught:
        FALSE_OKEY.next_in_colour()
    assert caught.value.code is ErrorCode.FALSE_OKEY_INDICATOR


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (
            " g5 ",
            "'g5' is not a tile: write a colour letter (R Y B K) and a number 1-13, "
            "like R7 or K13, or F for a false okey",
        ),
        (" r14 ", "'r14' is not a tile: numbers run from 1 to 13"),
    ],
)
def test_a_bad_tile_is_refused_naming_the_text(bad: str, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        Tile.parse(bad)
    assert str(caught.value) == message
    assert caught.value.params["text"] == bad.strip()
    assert caught.value.code is ErrorCode.NOT_A_TILE


def test_a_tile_built_out_of_range_names_its_number() -> None:
    with pytest.raises(NotationError, match="^Tile numbers run from 1 to 13, not 14$") as caught:
        Tile(Colour.RED, 14)
    assert caught.value.params["number"] == 14
    with pytest.raises(NotationError, match="^A false okey has no number$"):
        Tile(None, 3)
