"""RULES.md sections 11 and 13: every penalty and score can be explained from the hand."""

from __future__ import annotations

from okey_tui.engine.actions import parse_action
from okey_tui.engine.scoring import finish_parts, penalty_notes
from okey_tui.engine.state import EndKind, Opening, OpeningKind, Outcome, PenaltyReason
from okey_tui.engine.tiles import Tile

OKEY = Tile.parse("B8")


def test_a_playable_discard_is_noted_with_its_tile_and_turn(pos) -> None:
    hand = pos(["R6 K1", "", "", ""], openings="m101/-/-/-", table=["1:R3R4R5"])
    hand.apply(parse_action("discard R6", OKEY))
    (note,) = penalty_notes(hand)
    assert (note.seat, note.points, note.reason) == (0, 101, PenaltyReason.PLAYABLE_DISCARD)
    assert note.tile == Tile.parse("R6") and note.turn == 1 and note.by == 0


def test_the_turn_counts_the_discards_before_it(pos) -> None:
    hand = pos(["K1 Y1", "R6 K2", "", ""], openings="m101/-/-/-", table=["1:R3R4R5"])
    hand.apply(parse_action("discard K1", OKEY))
    hand.apply(parse_action("draw", OKEY))
    hand.apply(parse_action("discard R6", OKEY))
    (note,) = penalty_notes(hand)
    assert (note.seat, note.turn, note.tile) == (1, 2, Tile.parse("R6"))


def test_the_score_arithmetic_is_spelled_out() -> None:
    opened = Opening(OpeningKind.MELDS, 101)
    okey_finish = Outcome(EndKind.FINISH, 1, okey=True)
    assert finish_parts(okey_finish, 0, opened, 23, False, False)[::2] == (46, "23 left × 2")
    assert finish_parts(okey_finish, 0, None, 23, False, False)[::2] == (404, "202 not opened × 2")
    assert finish_parts(okey_finish, 1, opened, 0, False, False)[::2] == (-202, "-101 × 2")
