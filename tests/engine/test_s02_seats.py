"""RULES.md section 2: four seats, anticlockwise play, one discard pile per seat."""

from __future__ import annotations

import pytest

from okey_tui.engine.actions import Discard, DrawMiddle, TakeDiscard
from okey_tui.engine.errors import IllegalActionError
from okey_tui.engine.state import Hand, Phase
from okey_tui.engine.tiles import Tile
from okey_tui.engine.view import PlayerView


def test_left_neighbour_is_the_previous_seat_and_right_neighbour_the_next() -> None:
    assert [Hand.left_of(s) for s in range(4)] == [3, 0, 1, 2]
    assert [Hand.right_of(s) for s in range(4)] == [1, 2, 3, 0]


def test_a_discard_goes_on_the_players_own_pile_and_play_passes_to_the_right(pos) -> None:
    hand = pos(["K9 K1", "", "", ""])
    hand.apply(Discard(Tile.parse("K9")))
    assert hand.discards[0] == [Tile.parse("K9")]
    assert (hand.turn, hand.phase) == (1, Phase.DRAW)


def test_play_goes_round_all_four_seats(pos) -> None:
    hand = pos(
        ["K9 K8", "", "K7 K6", "K5 K4"], middle="R1 R2 R3 R4", rest="rack1", phase="d", turn=1
    )
    seen = []
    for _ in range(4):
        seen.append(hand.turn)
        hand.apply(DrawMiddle())
        hand.apply(Discard(hand.racks[hand.turn][-1]))
    assert seen == [1, 2, 3, 0]


def test_the_left_discard_is_taken_from_the_left_neighbours_pile_only(pos) -> None:
    hand = pos(
        ["", "", "K3", ""], turn=3, phase="d", discards=["R5", "Y5", "B5 K12", "K5"], rest="rack0"
    )
    hand.apply(TakeDiscard())
    assert Tile.parse("K12") in hand.racks[3]
    assert hand.discards[2] == [Tile.parse("B5")]
    assert hand.discards[0] == [Tile.parse("R5")] and hand.discards[1] == [Tile.parse("Y5")]


def test_only_the_top_tile_of_the_pile_can_be_taken(pos) -> None:
    hand = pos(["", "K1", "", ""], turn=1, phase="d", discards=["R5 R9", "", "", ""], rest="rack2")
    hand.apply(TakeDiscard())
    assert Tile.parse("R9") in hand.racks[1] and Tile.parse("R5") not in hand.racks[1]


def test_nothing_to_take_when_the_left_pile_is_empty(pos) -> None:
    hand = pos(["", "K1", "", ""], turn=1, phase="d", discards=["", "", "", ""], rest="rack2")
    with pytest.raises(IllegalActionError, match="no discard on your left"):
        hand.apply(TakeDiscard())


def test_every_discarded_tile_stays_visible_to_every_seat(pos) -> None:
    hand = pos(
        ["K1", "", "", ""], phase="d", discards=["R1 R2", "Y1", "B1 B2 B3", "K2"], rest="rack2"
    )
    for seat in range(4):
        view = PlayerView.of(hand, seat)
        assert [len(p) for p in view.discards] == [2, 1, 3, 1]
        assert view.left_discard == hand.discards[(seat - 1) % 4][-1]
