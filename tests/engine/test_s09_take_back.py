"""RULES.md section 9: taking back this turn's melds."""

from __future__ import annotations

import pytest

from okey_tui.engine.actions import GiveBack, TakeBack, parse_action
from okey_tui.engine.errors import IllegalActionError
from okey_tui.engine.notation import format_position
from okey_tui.engine.state import PenaltyReason
from okey_tui.engine.tiles import Tile

OKEY = Tile.parse("B8")
RUNS = "K10 K11 K12 K13 Y10 Y11 Y12 Y13 R2 R3 R4"
OPEN = "open K10K11K12K13 Y10Y11Y12Y13 R2R3R4"


def act(hand, text: str):  # noqa: ANN001, ANN201
    return hand.apply(parse_action(text, OKEY))


def test_taking_back_the_opening_makes_the_player_unopened_again(pos) -> None:
    hand = pos([RUNS + " K1 K2", "", "", ""], rules="classic/11+n")
    before = format_position(hand)
    act(hand, OPEN)
    act(hand, "takeback")
    assert hand.openings[0] is None and hand.table == []
    assert pos.names(hand.racks[0]) == pos.names(RUNS + " K1 K2")
    assert format_position(hand) == before


def test_taking_back_undoes_lay_offs_and_swaps_of_the_turn(pos) -> None:
    hand = pos(
        ["R6 Y4 K1 K2 K3", "", "", ""], openings="m101/-/-/-", table=["1:R3R4R5", "2:Y3*Y4Y5"]
    )
    act(hand, "add R6>0")
    act(hand, "swap 1 Y4")
    act(hand, "lay K1K2*K3")
    act(hand, "takeback")
    assert [tm.meld.text(OKEY) for tm in hand.table] == ["R3R4R5", "Y3*Y4Y5"]
    assert pos.names(hand.racks[0]) == pos.names("R6 Y4 K1 K2 K3")
    assert hand.openings[0] is not None  # opened in an earlier turn: stays opened


def test_the_drawn_tile_stays_in_hand(pos) -> None:
    hand = pos([RUNS + " K1", "", "", ""], phase="d", middle="Y1")
    act(hand, "draw")
    act(hand, OPEN)
    act(hand, "takeback")
    assert Tile.parse("Y1") in hand.racks[0]


def test_the_taken_discard_lock_applies_again_after_taking_back(pos) -> None:
    hand = pos(
        [RUNS.replace(" R4", "") + " K1 K2", "", "", ""],
        turn=0,
        phase="d",
        discards=["", "", "", "R4"],
        middle="Y1",
    )
    act(hand, "take")
    act(hand, OPEN)
    act(hand, "takeback")
    with pytest.raises(IllegalActionError, match="must be used this turn or given back"):
        act(hand, "discard K1")
    hand.apply(GiveBack())
    assert Tile.parse("Y1") in hand.racks[0]


def test_the_taken_okey_returns_to_the_table_on_taking_back(pos) -> None:
    hand = pos(["R4 K1 K2 K9", "", "", ""], openings="m101/-/-/-", table=["1:R3*R4R5"])
    act(hand, "swap 0 R4")
    act(hand, "takeback")
    assert hand.table[0].meld.text(OKEY) == "R3*R4R5" and OKEY not in hand.racks[0]
    act(hand, "discard K9")


def test_taking_back_costs_101_at_a_penalty_table(pos) -> None:
    hand = pos([RUNS + " K1 K2", "", "", ""])
    act(hand, OPEN)
    events = act(hand, "takeback")
    assert [(p.seat, p.points, p.reason) for p in hand.penalties] == [
        (0, 101, PenaltyReason.TAKE_BACK)
    ]
    assert any(e.kind == "penalty" and e.value == 101 for e in events)


def test_taking_back_is_free_at_a_no_penalty_table(pos) -> None:
    hand = pos([RUNS + " K1 K2", "", "", ""], rules="classic/11+n")
    act(hand, OPEN)
    act(hand, "takeback")
    assert hand.penalties == []


def test_there_must_be_something_laid_this_turn_to_take_back(pos) -> None:
    hand = pos(["K1 K2", "", "", ""], openings="m101/-/-/-")
    with pytest.raises(IllegalActionError, match="laid nothing this turn"):
        hand.apply(TakeBack())


def test_after_a_take_back_the_player_may_open_again_differently(pos) -> None:
    hand = pos([RUNS + " R5 K1 K2", "", "", ""], rules="classic/11+n")
    act(hand, OPEN)
    act(hand, "takeback")
    act(hand, "open K10K11K12K13 Y10Y11Y12Y13 R2R3R4R5")
    assert hand.openings[0] is not None and hand.openings[0].value == 106


def test_a_going_pairs_declaration_survives_a_take_back(pos) -> None:
    hand = pos(["R1 R1 Y2 Y2 B3 B3 K4 K4 R9 R9 K1 K2", "", "", ""], rules="challenge/11")
    act(hand, "pairs")
    act(hand, "open R1R1 Y2Y2 B3B3 K4K4 R9R9")
    act(hand, "takeback")
    assert hand.going_pairs[0]
