"""RULES.md section 11: every finish kind's multiplier against every other, as the sheet writes it.

Random hands rarely finish straight out, with pairs and with an okey at once, so the
whole finish table is checked here cell by cell: the finisher, a player who never
opened (with and without Going Pairs), a melds opener and a pairs opener, with the
arithmetic the score sheet shows.
"""

from __future__ import annotations

import itertools

import pytest

from okey_tui.engine.actions import parse_action
from okey_tui.engine.errors import ErrorCode, SetupError
from okey_tui.engine.scoring import (
    finish_parts,
    finish_points,
    left_sum,
    penalties_by_seat,
    penalty_notes,
    score_hand,
)
from okey_tui.engine.state import EndKind, Opening, OpeningKind, Outcome, Penalty, PenaltyReason
from okey_tui.engine.tiles import Tile

OKEY = Tile.parse("B8")
MELDS = Opening(OpeningKind.MELDS, 101)
PAIRS = Opening(OpeningKind.PAIRS, 5)
FLAGS = list(itertools.product([False, True], repeat=3))  # okey, straight, pairs


def times(m: int) -> str:
    return f" × {m}" if m > 1 else ""


@pytest.mark.parametrize(("okey", "straight", "pairs"), FLAGS)
def test_every_finish_kind_doubles_the_whole_hand_and_they_combine(okey, straight, pairs) -> None:
    outcome = Outcome(EndKind.FINISH, 1, okey=okey, straight=straight, pairs=pairs)
    m = 2 ** (okey + straight + pairs)
    assert outcome.multiplier == m
    assert finish_parts(outcome, 1, MELDS, 30, False, False)[::2] == (-101 * m, f"-101{times(m)}")
    not_opened = finish_parts(outcome, 0, None, 30, False, False)
    assert not_opened[::2] == (202 * m, f"202 not opened{times(m)}")
    going_pairs = finish_parts(outcome, 0, None, 30, True, False)
    assert going_pairs[0] == 404 * m
    assert going_pairs[2] == f"202 not opened{times(m)} × 2 (Going Pairs)"
    assert going_pairs[1] == "not opened after declaring Going Pairs (doubled)"


@pytest.mark.parametrize(("okey", "straight", "pairs"), FLAGS)
def test_opened_players_write_s_stepped_up_except_after_straight_out(okey, straight, pairs) -> None:
    outcome = Outcome(EndKind.FINISH, 1, okey=okey, straight=straight, pairs=pairs)
    m = 2 ** (okey + straight + pairs)
    melds = finish_parts(outcome, 0, MELDS, 30, False, False)
    pairs_opener = finish_parts(outcome, 2, PAIRS, 30, False, False)
    if straight:  # the flat figure for everyone, the pairs step does not apply
        assert (
            melds[::2] == pairs_opener[::2] == (202 * m, f"{202 * m} (straight out: opened or not)")
        )
        assert melds[1] == pairs_opener[1] == "someone went straight out"
        return
    step = 2 ** (okey + pairs)
    assert melds[::2] == (30 * step, f"30 left{times(step)}")
    assert pairs_opener[::2] == (60 * step, f"30 left × {2 * step}")
    assert pairs_opener[1].startswith("30 left, opened with pairs (one step up)")


def test_the_middle_running_out_writes_s_202_and_the_pairs_step() -> None:
    outcome = Outcome(EndKind.EMPTY_MIDDLE)
    assert finish_parts(outcome, 0, None, 30, False, False)[::2] == (202, "202 not opened")
    assert finish_parts(outcome, 1, MELDS, 30, False, False)[::2] == (30, "30 left")
    assert finish_parts(outcome, 2, PAIRS, 30, False, False)[::2] == (60, "30 left × 2")


@pytest.mark.parametrize(("okey", "straight", "pairs"), FLAGS)
def test_the_finisher_writes_0_at_a_zero_table_whatever_the_finish(okey, straight, pairs) -> None:
    outcome = Outcome(EndKind.FINISH, 3, okey=okey, straight=straight, pairs=pairs)
    assert finish_parts(outcome, 3, MELDS, 0, False, True) == (
        0,
        "finished (the finisher writes 0 at this table)",
        "0 (finisher)",
    )


def test_finish_points_is_the_figure_and_note_without_the_arithmetic() -> None:
    outcome = Outcome(EndKind.FINISH, 1, okey=True)
    assert finish_points(outcome, 1, MELDS, 0, False, False) == (-202, "finished: with an okey")
    assert finish_points(outcome, 1, MELDS, 0, False, True)[0] == 0
    assert finish_points(outcome, 2, None, 0, True, False)[0] == 808
    assert finish_points(outcome, 0, PAIRS, 23, False, False) == (
        92,
        "23 left, opened with pairs (one step up) x4",
    )


def test_penalties_by_seat_adds_up_a_seat_s_penalties() -> None:
    charged = [
        Penalty(2, 101, PenaltyReason.TAKE_BACK),
        Penalty(2, 101, PenaltyReason.OKEY_DISCARD),
    ]
    assert penalties_by_seat([*charged, Penalty(0, 40, PenaltyReason.TAKE_BACK)]) == [40, 0, 202, 0]


def test_a_penalty_from_the_position_text_has_no_turn_tile_or_cause(pos) -> None:
    hand = pos(["K1", "", "", ""], penalties="2:101:take-back,2:101:take-back")
    notes = penalty_notes(hand)
    assert [(n.seat, n.points, n.reason, n.turn, n.tile, n.by) for n in notes] == [
        (2, 101, PenaltyReason.TAKE_BACK, 0, None, None)
    ] * 2


def test_the_same_penalty_twice_is_noted_at_each_turn_it_was_paid(pos) -> None:
    hand = pos(["R6 R2 R1 K1", "R6", "K3", "K4"], openings="m101/-/-/-", table=["0:R3R4R5"])
    for text in ["discard R6", "draw", "discard R6", "draw", "discard K3", "draw", "discard K4"]:
        hand.apply(parse_action(text, OKEY))
    for text in ["draw", "add R2>0", "discard R1"]:
        hand.apply(parse_action(text, OKEY))
    notes = penalty_notes(hand)
    assert [(n.seat, n.points, n.turn, n.tile, n.by) for n in notes] == [
        (0, 101, 1, Tile.parse("R6"), 0),
        (1, 101, 2, Tile.parse("R6"), 1),
        (0, 101, 5, Tile.parse("R1"), 0),
    ]


def test_an_okey_in_hand_counts_0_in_s_wherever_it_sits() -> None:
    assert left_sum([OKEY, Tile.parse("R5"), Tile.parse("F")], OKEY) == 13


def test_an_unfinished_hand_cannot_be_scored(pos) -> None:
    with pytest.raises(SetupError, match="^The hand has not ended$") as caught:
        score_hand(pos(["K1", "", "", ""]))
    assert caught.value.code is ErrorCode.HAND_NOT_ENDED


def test_the_score_sheet_line_names_its_seat_opening_and_arithmetic(pos) -> None:
    hand = pos(
        ["", "K1 K2", "R5", "Y13"],
        rules="classic/11+p",
        phase="x",
        end="finish:0:o",
        openings="m101/m110/p5/-",
        rest="rack3",
    )
    sheet = score_hand(hand).seats
    assert [line.seat for line in sheet] == [0, 1, 2, 3]
    assert [line.opened for line in sheet] == [MELDS, Opening(OpeningKind.MELDS, 110), PAIRS, None]
    assert sheet[0].formula == "-101 × 2"
    assert sheet[1].formula == "3 left × 2"
    assert (sheet[2].finish, sheet[2].formula) == (0, "0 (partner finished)")
    assert sheet[3].formula == "202 not opened × 2"


def test_penalties_are_noted_after_the_hand_is_finished(pos) -> None:
    finished = pos(["K1", "", "", ""], openings="m101/-/-/-", penalties="0:101:take-back")
    finished.apply(parse_action("discard K1", OKEY))
    assert finished.outcome is not None and finished.events[-1].tiles == ()
    assert [(n.seat, n.turn) for n in penalty_notes(finished)] == [(0, 0)]
