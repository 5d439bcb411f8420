"""RULES.md sections 8 and 12: laying melds after opening, and where a taken discard may
go; each refusal with its code and what it names (the parameters a screen reads)."""

from __future__ import annotations

import pytest

from okey_tui.engine.actions import Lay, parse_action
from okey_tui.engine.errors import ErrorCode, IllegalActionError
from okey_tui.engine.tiles import Tile

OKEY = Tile.parse("B8")


def refusal(hand, text: str) -> IllegalActionError:  # noqa: ANN001
    action = Lay(()) if text == "lay" else parse_action(text, OKEY)
    with pytest.raises(IllegalActionError) as caught:
        hand.apply(action)
    return caught.value


def test_a_lay_before_opening_is_refused_open_first(pos) -> None:
    hand = pos(["K1 K2 K3 R9", "", "", ""])
    exc = refusal(hand, "lay K1K2K3")
    assert (exc.code, exc.params) == (ErrorCode.OPEN_FIRST, {})


def test_a_lay_of_no_melds_is_refused(pos) -> None:
    hand = pos(["K1 K2 K3 R9", "", "", ""], openings="m101/-/-/-")
    exc = refusal(hand, "lay")
    assert (exc.code, exc.params) == (ErrorCode.EMPTY_LAY, {})


def test_a_pairs_opener_lays_only_pairs(pos) -> None:
    hand = pos(["K1 K2 K3 R9 R9 Y4", "", "", ""], openings="p5/-/-/-")
    exc = refusal(hand, "lay K1K2K3")
    assert (exc.code, exc.params) == (ErrorCode.PAIRS_OPENER_LAYS_PAIRS, {})
    hand.apply(parse_action("lay R9R9", OKEY))
    assert hand.table[-1].owner == 0


def test_a_melds_opener_lays_no_pairs(pos) -> None:
    hand = pos(["K1 K2 K3 R9 R9 Y4", "", "", ""], openings="m101/-/-/-")
    exc = refusal(hand, "lay R9R9")
    assert (exc.code, exc.params) == (ErrorCode.MELDS_OPENER_LAYS_NO_PAIRS, {})
    hand.apply(parse_action("lay K1K2K3", OKEY))
    assert hand.table[-1].owner == 0


def test_a_discard_taken_before_opening_goes_only_into_the_opening(pos) -> None:
    # The lock records the tile as taken before its taker opened.
    hand = pos(["R4 R5 R6 K9", "", "", ""], openings="m101/-/-/-", locks="take:R4:1:-")
    exc = refusal(hand, "lay R4R5R6")
    assert (exc.code, exc.params) == (ErrorCode.TAKEN_ONLY_FOR_OPENING, {"tile": Tile.parse("R4")})


def test_a_going_pairs_discard_makes_no_run_laid_added_or_swapped_in(pos) -> None:
    hand = pos(
        ["", "R5 R6 K1", "", ""],
        rules="challenge/11",
        turn=1,
        phase="d",
        discards=["R4", "", "", ""],
        openings="-!/m101/-/-",
        table=["2:R1R2R3", "2:R3*R4R5"],
    )
    hand.apply(parse_action("take", OKEY))
    for text in ("lay R4R5R6", "add R4>0", "swap 1 R4"):
        exc = refusal(hand, text)
        assert exc.code is ErrorCode.GOING_PAIRS_TILE_MAKES_PAIRS
        assert exc.params == {"tile": Tile.parse("R4")}


def test_other_tiles_may_go_down_while_a_going_pairs_discard_waits(pos) -> None:
    hand = pos(
        ["", "R5 R6 R7 Y4 K1", "", ""],
        rules="challenge/11",
        turn=1,
        phase="d",
        discards=["R4", "", "", ""],
        openings="-!/m101/-/-",
        table=["2:Y1Y2Y3"],
    )
    hand.apply(parse_action("take", OKEY))
    hand.apply(parse_action("add Y4>0", OKEY))
    hand.apply(parse_action("lay R5R6R7", OKEY))
    assert hand.taken is not None and hand.taken_pending()
    assert sorted(map(str, hand.racks[1])) == ["K1", "R4"]
