"""RULES.md section 7: an opening refused says why with its code and what it names
(the floor, the value, whether the floor rose, the tile or the meld at fault)."""

from __future__ import annotations

import pytest

from okey_tui.engine.actions import Open, parse_action
from okey_tui.engine.errors import ErrorCode, OkeyError
from okey_tui.engine.melds import Meld, MeldKind
from okey_tui.engine.rules import OpeningKind
from okey_tui.engine.tiles import Tile, parse_tiles

OKEY = Tile.parse("B8")
BIG = "K10 K11 K12 K13 Y10 Y11 Y12 Y13"  # 92 points of runs


def refusal(hand, text: str) -> OkeyError:  # noqa: ANN001
    action = Open(()) if text == "open" else parse_action(text, OKEY)
    with pytest.raises(OkeyError) as caught:
        hand.apply(action)
    return caught.value


def test_a_seat_opens_once(pos) -> None:
    hand = pos(["K1 K2 K3 R9", "", "", ""], openings="m101/-/-/-")
    exc = refusal(hand, "open K1K2K3")
    assert (exc.code, exc.params) == (ErrorCode.ALREADY_OPENED, {})


def test_an_opening_has_at_least_one_meld(pos) -> None:
    exc = refusal(pos(["K1 K2 K3 R9", "", "", ""]), "open")
    assert (exc.code, exc.params) == (ErrorCode.EMPTY_OPENING, {})


def test_an_opening_never_mixes_pairs_with_runs_and_sets(pos) -> None:
    hand = pos(["R1 R1 R2 R2 R3 R3 R4 R4 R5 R5 K1 K2 K3 R9", "", "", ""])
    exc = refusal(hand, "open R1R1 R2R2 R3R3 R4R4 R5R5 K1K2K3")
    assert (exc.code, exc.params) == (ErrorCode.PAIRS_MIXED_WITH_MELDS, {})


def test_going_pairs_opens_only_with_pairs(pos) -> None:
    hand = pos([BIG + " R1 R2 R3 R4 K1", "", "", ""], rules="challenge/11", openings="-!/-/-/-")
    exc = refusal(hand, "open K10K11K12K13 Y10Y11Y12Y13 R1R2R3R4")
    assert (exc.code, exc.params) == (ErrorCode.GOING_PAIRS_OPENS_PAIRS, {})


def test_an_opening_below_the_melds_floor_names_value_and_floor(pos) -> None:
    exc = refusal(
        pos([BIG + " R1 R2 R3 K1 K5", "", "", ""]), "open K10K11K12K13 Y10Y11Y12Y13 R1R2R3"
    )
    assert exc.code is ErrorCode.OPENING_BELOW_FLOOR
    assert exc.params == {"risen": False, "value": 98, "floor": 101, "kind": OpeningKind.MELDS}


def test_an_opening_below_the_pairs_floor_names_value_and_floor(pos) -> None:
    hand = pos(["R1 R1 R2 R2 R3 R3 R4 R4 K9 K5", "", "", ""])
    exc = refusal(hand, "open R1R1 R2R2 R3R3 R4R4")
    assert exc.code is ErrorCode.OPENING_BELOW_FLOOR
    assert exc.params == {"risen": False, "value": 4, "floor": 5, "kind": OpeningKind.PAIRS}


def test_a_risen_floor_says_it_rose(pos) -> None:
    hand = pos([BIG + " R1 R2 R3 R4 K1 K5", "", "", ""], rules="rising/11", openings="-/m105/-/-")
    exc = refusal(hand, "open K10K11K12K13 Y10Y11Y12Y13 R1R2R3R4")
    assert exc.params == {"risen": True, "value": 102, "floor": 106, "kind": OpeningKind.MELDS}
    pairs = pos(
        ["R1 R1 R2 R2 R3 R3 R4 R4 R5 R5 K9 K5", "", "", ""], rules="rising/11", openings="-/-/-/p5"
    )
    exc = refusal(pairs, "open R1R1 R2R2 R3R3 R4R4 R5R5")
    assert exc.params == {"risen": True, "value": 5, "floor": 6, "kind": OpeningKind.PAIRS}


def test_a_discard_taken_before_opening_must_be_in_the_opening(pos) -> None:
    hand = pos(
        ["", BIG + " R1 R2 R3 R4 K1", "", ""], turn=1, phase="d", discards=["Y5", "", "", ""]
    )
    hand.apply(parse_action("take", OKEY))
    exc = refusal(hand, "open K10K11K12K13 Y10Y11Y12Y13 R1R2R3R4")
    assert (exc.code, exc.params) == (ErrorCode.TAKEN_NOT_IN_OPENING, {"tile": Tile.parse("Y5")})


def test_a_wrong_meld_in_an_opening_is_named(pos) -> None:
    hand = pos([BIG + " R1 R2 R4 K1", "", "", ""])
    good = parse_action("open K10K11K12K13 Y10Y11Y12Y13", OKEY)
    assert isinstance(good, Open)
    wrong = Meld(MeldKind.RUN, tuple(parse_tiles("R1 R2 R4")), tuple(parse_tiles("R1 R2 R4")))
    with pytest.raises(OkeyError) as caught:
        hand.apply(Open((*good.melds, wrong)))
    exc = caught.value
    assert exc.code is ErrorCode.NOT_A_RUN
    assert exc.params["meld"] == "R1R2R4"


def test_a_wrong_meld_with_an_okey_is_named_with_what_the_okey_stands_for(pos) -> None:
    hand = pos([BIG + " R1 B8 R4 K1", "", "", ""])
    good = parse_action("open K10K11K12K13 Y10Y11Y12Y13", OKEY)
    assert isinstance(good, Open)
    laid, meant = parse_tiles("R1 B8 R4"), parse_tiles("R1 R2 R4")
    wrong = Meld(MeldKind.RUN, tuple(laid), tuple(meant))
    with pytest.raises(OkeyError) as caught:
        hand.apply(Open((*good.melds, wrong)))
    assert caught.value.params["meld"] == "R1*R2R4"
