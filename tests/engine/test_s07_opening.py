"""RULES.md section 7: the opening (melds or pairs), its floor, the finish-hand opening."""

from __future__ import annotations

import pytest

from okey_tui.engine.actions import Open, parse_action
from okey_tui.engine.errors import IllegalActionError, OpeningError
from okey_tui.engine.state import Opening, OpeningKind
from okey_tui.engine.tiles import Tile

OKEY = Tile.parse("B8")
RUNS_92 = "K10 K11 K12 K13 Y10 Y11 Y12 Y13"
PAIRS_5 = "R1 R1 Y2 Y2 B3 B3 K4 K4 R9 R9"


def act(hand, text: str):  # noqa: ANN001, ANN201
    return hand.apply(parse_action(text, OKEY))


def test_a_melds_opening_worth_101_is_enough(pos) -> None:
    hand = pos([RUNS_92 + " R2 R3 R4 K1", "", "", ""])
    events = act(hand, "open K10K11K12K13 Y10Y11Y12Y13 R2R3R4")
    assert hand.openings[0] == Opening(OpeningKind.MELDS, 101)
    assert [e.value for e in events if e.kind == "open"] == [101]
    assert len(hand.table) == 3 and all(tm.owner == 0 for tm in hand.table)


def test_a_melds_opening_below_101_is_refused_naming_the_numbers(pos) -> None:
    hand = pos([RUNS_92 + " R1 R2 R3 K1 K2", "", "", ""])
    with pytest.raises(OpeningError, match="Your opening is 98 points; this table needs 101"):
        act(hand, "open K10K11K12K13 Y10Y11Y12Y13 R1R2R3")
    assert hand.openings[0] is None and hand.table == []


def test_a_pairs_opening_needs_five_pairs(pos) -> None:
    hand = pos([PAIRS_5 + " K1 K2", "", "", ""])
    act(hand, "open R1R1 Y2Y2 B3B3 K4K4 R9R9")
    assert hand.openings[0] == Opening(OpeningKind.PAIRS, 5)


def test_four_pairs_do_not_open(pos) -> None:
    hand = pos([PAIRS_5 + " K1 K2", "", "", ""])
    with pytest.raises(OpeningError, match="Your opening is 4 pairs; this table needs 5"):
        act(hand, "open R1R1 Y2Y2 B3B3 K4K4")


def test_an_okey_with_one_tile_counts_as_a_pair_in_the_opening(pos) -> None:
    hand = pos(["R1 R1 Y2 Y2 B3 B3 K4 K4 R9 B8 K1 K2", "", "", ""])
    act(hand, "open R1R1 Y2Y2 B3B3 K4K4 R9*R9")
    assert hand.openings[0] == Opening(OpeningKind.PAIRS, 5)


def test_runs_sets_and_pairs_are_never_mixed_in_one_opening(pos) -> None:
    hand = pos([RUNS_92 + " R2 R3 R4 R9 R9 K1", "", "", ""])
    with pytest.raises(OpeningError, match="never mixed"):
        act(hand, "open K10K11K12K13 Y10Y11Y12Y13 R2R3R4 R9R9")


def test_the_opening_is_made_in_one_action_not_spread_over_turns(pos) -> None:
    hand = pos([RUNS_92 + " R2 R3 R4 K1", "", "", ""])
    with pytest.raises(OpeningError, match="needs 101"):
        act(hand, "open K10K11K12K13")
    act(hand, "open K10K11K12K13 Y10Y11Y12Y13 R2R3R4")
    with pytest.raises(OpeningError, match="already opened"):
        act(hand, "open K10K11K12K13")


def test_an_empty_opening_is_refused(pos) -> None:
    hand = pos(["K1 K2", "", "", ""])
    with pytest.raises(OpeningError, match="at least one meld"):
        hand.apply(Open(()))


def test_opening_with_tiles_you_do_not_hold_is_refused(pos) -> None:
    hand = pos([RUNS_92 + " R2 R3 K1 K2", "", "", ""])
    with pytest.raises(IllegalActionError, match="do not hold R4"):
        act(hand, "open K10K11K12K13 Y10Y11Y12Y13 R2R3R4")


def test_a_finish_hand_opening_needs_no_floor(pos) -> None:
    hand = pos(["R1 R2 R3 K5", "", "", ""])
    act(hand, "open R1R2R3")
    assert hand.openings[0] == Opening(OpeningKind.MELDS, 6)
    act(hand, "discard K5")
    assert hand.outcome is not None and hand.outcome.straight and hand.outcome.finisher == 0


def test_a_finish_hand_pairs_opening_needs_no_floor(pos) -> None:
    hand = pos(["R1 R1 Y2 Y2 K5", "", "", ""])
    act(hand, "open R1R1 Y2Y2")
    act(hand, "discard K5")
    assert hand.outcome is not None and hand.outcome.straight and hand.outcome.pairs


def test_the_exemption_needs_the_opening_itself_to_leave_one_tile(pos) -> None:
    hand = pos(["R1 R2 R3 K5 K9", "", "", ""])
    with pytest.raises(OpeningError, match="needs 101"):
        act(hand, "open R1R2R3")


def test_an_unopened_player_cannot_take_an_okey_off_the_table_for_an_opening(pos) -> None:
    hand = pos(
        [RUNS_92 + " R2 R3 R4 Y5 K1", "", "", ""], table=["1:Y4*Y5Y6"], openings="-/m101/-/-"
    )
    with pytest.raises(IllegalActionError, match="Only a player who has opened"):
        act(hand, "swap 0 Y5")


def test_an_okey_taken_off_the_table_after_opening_is_not_part_of_the_opening(pos) -> None:
    hand = pos(
        [RUNS_92 + " R2 R3 R4 Y5 K1 K2", "", "", ""], table=["1:Y4*Y5Y6"], openings="-/m101/-/-"
    )
    act(hand, "open K10K11K12K13 Y10Y11Y12Y13 R2R3R4")
    act(hand, "swap 0 Y5")
    assert hand.openings[0] == Opening(OpeningKind.MELDS, 101)
