"""RULES.md section 4: runs, sets, pairs, okeys inside melds, values."""

from __future__ import annotations

import pytest

from okey_tui.engine.errors import ErrorCode, MeldError, NotationError
from okey_tui.engine.melds import MeldKind, best_reading, make_meld, parse_meld, readings
from okey_tui.engine.tiles import Tile, parse_tiles

OKEY = Tile.parse("B8")  # indicator B7


def meld(text: str):  # noqa: ANN201
    return parse_meld(text, OKEY)


@pytest.mark.parametrize(
    "text", ["R1R2R3", "K11K12K13", "Y4Y5Y6Y7Y8", "".join(f"R{n}" for n in range(1, 14))]
)
def test_a_run_is_3_to_13_consecutive_numbers_of_one_colour(text: str) -> None:
    assert meld(text).kind is MeldKind.RUN


@pytest.mark.parametrize("text", ["R12R13R1", "R13R1R2"])
def test_one_is_only_low_so_runs_do_not_wrap_past_13(text: str) -> None:
    with pytest.raises(MeldError, match="not a run"):
        meld(text)


@pytest.mark.parametrize("text", ["R1R2", "R1R2R4", "R1Y2R3", "R5R5R6"])
def test_gaps_mixed_colours_and_short_groups_are_not_runs(text: str) -> None:
    with pytest.raises(MeldError):
        meld(text)


@pytest.mark.parametrize("text", ["R9Y9B9", "R9Y9B9K9"])
def test_a_set_is_3_or_4_tiles_of_one_number_in_different_colours(text: str) -> None:
    assert meld(text).kind is MeldKind.SET


def test_a_set_may_not_repeat_a_colour() -> None:
    with pytest.raises(MeldError, match="not a set"):
        meld("R9R9B9")
    with pytest.raises(MeldError, match="not a set"):
        meld("R9Y9B9K9*R9")


def test_a_pair_is_two_identical_tiles_or_an_okey_with_one_tile() -> None:
    assert meld("R5R5").kind is MeldKind.PAIR
    assert meld("R5*R5").kind is MeldKind.PAIR
    assert meld("FF").kind is MeldKind.PAIR  # both false okeys play as B8
    with pytest.raises(MeldError, match="not a pair"):
        meld("R5Y5")


def test_two_okeys_alone_are_not_a_pair_nor_any_meld() -> None:
    with pytest.raises(MeldError, match="not an okey"):
        make_meld(parse_tiles("B8 B8"), parse_tiles("R5 R5"), OKEY)
    assert readings(parse_tiles("B8 B8"), OKEY) == []
    with pytest.raises(MeldError, match="not an okey"):
        best_reading(parse_tiles("B8 B8 B8"), OKEY)


def test_an_okey_stands_for_any_tile_in_a_run_set_or_pair_and_counts_as_it() -> None:
    assert meld("R4*R5R6").value == 15
    assert meld("R9*Y9B9").value == 27
    assert meld("K2*K2").value == 4


def test_a_meld_may_hold_both_okeys_if_it_has_a_real_tile() -> None:
    both = meld("R5*R6*R7")
    assert both.kind is MeldKind.RUN and both.value == 18
    assert both.wild_places(OKEY) == [1, 2]


def test_r5_with_two_okeys_has_four_readings_and_the_highest_comes_first() -> None:
    found = readings(parse_tiles("R5 B8 B8"), OKEY)
    texts = [m.text(OKEY) for m in found]
    assert texts[0] == "R5*R6*R7"
    assert set(texts) == {"*R3*R4R5", "*R4R5*R6", "R5*R6*R7", "R5*Y5*B5"}
    assert [m.value for m in found] == sorted((m.value for m in found), reverse=True)


def test_the_player_chooses_the_reading_of_an_okey() -> None:
    low = make_meld(parse_tiles("R5 B8 B8"), parse_tiles("R5 R3 R4"), OKEY)
    assert low.value == 12 and low.text(OKEY) == "*R3*R4R5"


def test_readings_can_be_limited_to_kinds() -> None:
    only_sets = readings(parse_tiles("R5 B8 B8"), OKEY, [MeldKind.SET])
    assert [m.kind for m in only_sets] == [MeldKind.SET]
    assert best_reading(parse_tiles("R5 B8"), OKEY).kind is MeldKind.PAIR


def test_no_reading_names_the_problem() -> None:
    with pytest.raises(MeldError, match="not a run"):
        best_reading(parse_tiles("R1 R3 R7"), OKEY)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("R4R5R6R7", 22),
        ("R9Y9B9", 27),
        ("*R11R12R13", 36),
        ("B3B4B5B6B7", 25),
        ("K10K11K12K13", 46),
    ],
)
def test_a_melds_value_is_the_sum_of_the_numbers_its_tiles_stand_for(text: str, value: int) -> None:
    assert meld(text).value == value


def test_r12_r13_and_an_okey_is_best_read_as_11_12_13_worth_36() -> None:
    best = best_reading(parse_tiles("R12 R13 B8"), OKEY)
    assert best.text(OKEY) == "*R11R12R13" and best.value == 36


def test_tiles_given_out_of_order_form_the_same_run_kept_in_order() -> None:
    assert meld("R7R5R6") == meld("R5R6R7")
    assert str(meld("R7R5R6")) == "R5 R6 R7"
    assert meld("K9R9B9") == meld("R9B9K9")


def test_a_meld_text_reads_back() -> None:
    for text in ["R5*R6*R7", "*R11R12R13", "R9*Y9B9K9", "B7FB9", "K2*K2"]:
        assert meld(meld(text).text(OKEY)) == meld(text)


def test_the_okey_itself_must_be_written_as_a_wild() -> None:
    with pytest.raises(NotationError, match="is the okey"):
        meld("B7B8B9")
    with pytest.raises(NotationError):
        meld("R5?")


def test_a_reading_must_match_each_real_tile() -> None:
    with pytest.raises(MeldError, match="one reading"):
        make_meld(parse_tiles("R5 R6"), parse_tiles("R5"), OKEY)
    with pytest.raises(MeldError, match="cannot stand for a false okey"):
        make_meld(parse_tiles("R5 R6 B8"), parse_tiles("R5 R6 F"), OKEY)


@pytest.mark.parametrize(
    ("meld", "tile", "after"),
    [
        ("1:R5*Y5*B5", "B5", "R5*Y5B5*K5"),  # the second okey's colour: it moves to the free one
        ("1:R5*Y5*B5", "Y5", "R5Y5*B5*K5"),
        ("1:R8Y8*B8", "F", "R8Y8F*K8"),  # the false okey is B8, the colour the okey stood for
    ],
)
def test_a_real_tile_takes_a_sets_colour_from_its_okey_which_moves_to_the_free_one(
    pos, meld: str, tile: str, after: str
) -> None:
    from okey_tui.engine.actions import parse_action

    hand = pos([f"{tile} K1 K2", "", "", ""], openings="m101/-/-/-", table=[meld])
    hand.apply(parse_action(f"add {tile}>0", OKEY))
    assert hand.table[0].meld.text(OKEY) == after


@pytest.mark.parametrize("text", ["R1R2*", "*"])
def test_a_meld_text_ending_in_a_bare_star_is_not_a_meld(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_meld(text, OKEY)
    assert caught.value.code is ErrorCode.NOT_A_MELD and caught.value.params == {"text": text}
