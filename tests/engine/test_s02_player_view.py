"""RULES.md section 2: what one seat sees of a hand, and what only the seat to play sees."""

from __future__ import annotations

from okey_tui.engine.actions import parse_action
from okey_tui.engine.state import EndKind, Phase
from okey_tui.engine.tiles import Tile
from okey_tui.engine.view import PlayerView

OKEY = Tile.parse("B8")


def act(hand, text: str):  # noqa: ANN001, ANN201
    return hand.apply(parse_action(text, OKEY))


def test_every_seat_sees_each_seats_penalty_points_and_the_match_totals(pos) -> None:
    hand = pos(["R5 K1", "", "", ""], penalties="1:101:take-back,3:101:okey-discard")
    for seat in range(4):
        view = PlayerView.of(hand, seat, (5, -101, 30, 0))
        assert view.penalty_points == (0, 101, 0, 101)
        assert view.match_totals == (5, -101, 30, 0)
    assert PlayerView.of(hand, 0).match_totals == (0, 0, 0, 0)


def test_every_seat_sees_how_the_hand_ended(pos) -> None:
    hand = pos(["R5", "", "", ""], openings="m101/-/-/-")
    assert PlayerView.of(hand, 2).outcome is None
    act(hand, "discard R5")
    view = PlayerView.of(hand, 2)
    assert view.phase is Phase.OVER and view.outcome == hand.outcome
    assert view.outcome is not None and view.outcome.kind is EndKind.FINISH


def test_a_seat_sees_its_own_opening_floors_risen_over_the_other_sides_openings(pos) -> None:
    view = PlayerView.of(pos(["K1 K2", "", "", ""]), 0)
    assert (view.melds_floor, view.pairs_floor) == (101, 5)
    rising = pos(["K1 K2", "", "", ""], rules="rising/11", openings="-/m130/-/p6")
    assert (PlayerView.of(rising, 0).melds_floor, PlayerView.of(rising, 0).pairs_floor) == (131, 7)
    assert (PlayerView.of(rising, 1).melds_floor, PlayerView.of(rising, 1).pairs_floor) == (101, 7)


def test_only_the_seat_to_play_sees_its_taken_tile(pos) -> None:
    hand = pos(
        ["", "R5 R6 K1 K2", "", ""],
        turn=1,
        phase="d",
        discards=["R4", "", "", ""],
        openings="-/m101/-/-",
        rest="rack2",
    )
    assert PlayerView.of(hand, 1).taken is None
    act(hand, "take")
    assert PlayerView.of(hand, 1).taken == hand.taken
    assert hand.taken is not None and hand.taken.tile == Tile.parse("R4")
    assert [PlayerView.of(hand, s).taken for s in (0, 2, 3)] == [None, None, None]


def test_only_the_seat_to_play_sees_its_owed_okeys_and_its_lays_this_turn(pos) -> None:
    hand = pos(["R4 K1 K2 K9", "", "", ""], openings="m101/-/-/-", table=["1:R3*R4R5"])
    assert (PlayerView.of(hand, 0).okeys_owed, PlayerView.of(hand, 0).laid_this_turn) == (0, False)
    act(hand, "swap 0 R4")
    mine = PlayerView.of(hand, 0)
    assert (mine.okeys_owed, mine.laid_this_turn) == (1, True)
    others = [PlayerView.of(hand, s) for s in (1, 2, 3)]
    assert [(v.okeys_owed, v.laid_this_turn, v.taken) for v in others] == [(0, False, None)] * 3
