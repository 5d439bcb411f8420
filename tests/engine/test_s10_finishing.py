"""RULES.md section 10: finishing, the end of a hand and the finish table.

Every scenario: indicator B7 (okey B8); seat 0 finishes; seat 1 never opened;
seat 2 opened with melds holding R3 K7 F (S = 3 + 7 + 8 = 18); seat 3 opened
with pairs holding R2 K4 (S = 6, counted one step higher).
"""

from __future__ import annotations

import pytest

from okey_tui.engine.actions import DrawMiddle, parse_action
from okey_tui.engine.scoring import score_hand
from okey_tui.engine.state import EndKind
from okey_tui.engine.tiles import Tile
from okey_tui.engine.view import PlayerView

OKEY = Tile.parse("B8")
OTHERS = ["K1 K2", "R3 K7 F", "R2 K4"]


def finish(pos, opening: str, rack: str, plays: list[str], others=OTHERS, rules="classic/11"):  # noqa: ANN001, ANN201
    hand = pos([rack, *others], openings=f"{opening}/-/m101/p5", rules=rules)
    for text in plays:
        hand.apply(parse_action(text, OKEY))
    assert hand.outcome is not None and hand.outcome.finisher == 0
    return hand, score_hand(hand)


# (finish kind, seat 0's opening before the turn, rack, plays, expected totals)
FINISH_TABLE = [
    ("normal", "m101", "R1 R2 R3 K13", ["lay R1R2R3", "discard K13"], [-101, 202, 18, 12]),
    ("with an okey", "m101", "R1 R2 R3 B8", ["lay R1R2R3", "discard B8"], [-202, 404, 36, 24]),
    ("straight out", "-", "R1 R2 R3 K13", ["open R1R2R3", "discard K13"], [-202, 404, 404, 404]),
    ("with pairs", "p5", "R1 R1 K13", ["lay R1R1", "discard K13"], [-202, 404, 36, 24]),
    (
        "straight out + okey",
        "-",
        "R1 R2 R3 B8",
        ["open R1R2R3", "discard B8"],
        [-404, 808, 808, 808],
    ),
    ("pairs + okey", "p5", "R1 R1 B8", ["lay R1R1", "discard B8"], [-404, 808, 72, 48]),
    (
        "straight out + pairs",
        "-",
        "R1 R1 Y1 Y1 K13",
        ["open R1R1 Y1Y1", "discard K13"],
        [-404, 808, 808, 808],
    ),
    (
        "straight out + pairs + okey",
        "-",
        "R1 R1 Y1 Y1 B8",
        ["open R1R1 Y1Y1", "discard B8"],
        [-808, 1616, 1616, 1616],
    ),
]


@pytest.mark.parametrize(
    ("kind", "opening", "rack", "plays", "totals"),
    FINISH_TABLE,
    ids=[row[0] for row in FINISH_TABLE],
)
def test_the_finish_table_row(
    pos, kind: str, opening: str, rack: str, plays: list[str], totals: list[int]
) -> None:
    hand, result = finish(pos, opening, rack, plays)
    assert result.totals() == totals
    assert [s.finish for s in result.seats] == totals  # no penalty, okey or bonus points here
    assert hand.racks[0] == [] and hand.tile_count() == 106


@pytest.mark.parametrize(
    ("kind", "opening", "rack", "plays", "totals"),
    FINISH_TABLE,
    ids=[row[0] for row in FINISH_TABLE],
)
def test_the_seats_view_foretells_the_finish_its_last_discard_makes(
    pos, kind: str, opening: str, rack: str, plays: list[str], totals: list[int]
) -> None:
    """Before the last discard the seat's view says how it ends the hand (the screen's
    line says it): the outcome the discard then makes. Before that, and with two tiles
    left, it foretells nothing; nor does another seat's view."""
    hand = pos([rack, *OTHERS], openings=f"{opening}/-/m101/p5")
    assert PlayerView.of(hand, 0).finish_by_discard() is None  # more than one tile
    *before, last = plays
    for text in before:
        hand.apply(parse_action(text, OKEY))
    view = PlayerView.of(hand, 0)
    foretold = view.finish_by_discard()
    assert foretold is not None and view.opened_this_turn == (opening == "-")
    assert PlayerView.of(hand, 1).finish_by_discard() is None
    hand.apply(parse_action(last, OKEY))
    assert hand.outcome == foretold, kind


def test_the_finish_kinds_are_recorded_in_the_outcome(pos) -> None:
    _, result = finish(pos, "-", "R1 R1 Y1 Y1 B8", ["open R1R1 Y1Y1", "discard B8"])
    outcome = result.outcome
    assert (outcome.okey, outcome.straight, outcome.pairs, outcome.multiplier) == (
        True,
        True,
        True,
        8,
    )
    assert outcome.describe() == "straight out, with pairs, with an okey"


def test_the_draw_pile_running_out_ends_the_hand_with_no_finisher(pos) -> None:
    hand = pos(["R1 R2 R3 K13", *OTHERS], openings="m101/-/m101/p5", phase="d", rest="discard1")
    events = hand.apply(DrawMiddle())
    assert hand.outcome is not None and hand.outcome.kind is EndKind.EMPTY_MIDDLE
    assert hand.outcome.finisher is None and hand.outcome.describe() == "the middle ran out"
    assert [e.kind for e in events] == ["empty", "end"]
    # opened seat 0 holds 1+2+3+13 = 19; the not-opened 202; S; the pairs opener 2S
    assert score_hand(hand).totals() == [19, 202, 18, 12]


@pytest.mark.parametrize("seat", range(4))
def test_the_middle_running_out_records_the_seat_that_was_to_draw(pos, seat: int) -> None:
    """The outcome says whose draw found the middle empty (the log and the summary name
    them), and a saved position of the ended hand reads it back."""
    from okey_tui.engine.notation import format_position, parse_position
    from okey_tui.engine.state import Outcome

    racks = ["R1 R2 R3 K13", *OTHERS]
    hand = pos(racks, turn=seat, openings="m101/-/m101/p5", phase="d", rest="discard0")
    hand.apply(DrawMiddle())
    assert hand.outcome == Outcome(EndKind.EMPTY_MIDDLE, to_draw=seat)
    assert score_hand(hand).outcome.to_draw == seat
    assert parse_position(format_position(hand)).outcome == hand.outcome


def test_giving_back_the_left_discard_to_an_empty_middle_records_the_giver(pos) -> None:
    """Giving the left discard back draws from the middle: empty, the giver was to draw."""
    from okey_tui.engine.state import Outcome

    hand = pos(
        ["R5 K9", "K1 K2", "", ""], turn=1, phase="d", discards=["R7", "", "", ""], rest="rack2"
    )
    assert not hand.middle
    for text in ("take", "giveback"):
        hand.apply(parse_action(text, OKEY))
    assert hand.outcome == Outcome(EndKind.EMPTY_MIDDLE, to_draw=1)


def test_finishing_needs_every_tile_but_the_last_on_the_table(pos) -> None:
    hand = pos(["R1 R2 R3 K13 K12", *OTHERS], openings="m101/-/m101/p5")
    hand.apply(parse_action("lay R1R2R3", OKEY))
    hand.apply(parse_action("discard K13", OKEY))
    assert not hand.is_over and hand.turn == 1


def test_a_straight_out_finish_is_the_first_lay_down_and_the_finish_in_one_turn(pos) -> None:
    """Opening 101+ and going out the same turn is straight out too, not only the floorless kind."""
    rack = "K10 K11 K12 K13 Y10 Y11 Y12 Y13 R2 R3 R4 K1"
    _, result = finish(pos, "-", rack, ["open K10K11K12K13 Y10Y11Y12Y13 R2R3R4", "discard K1"])
    assert result.outcome.straight and result.totals() == [-202, 404, 404, 404]


def test_a_player_who_opened_earlier_is_not_straight_out(pos) -> None:
    _, result = finish(pos, "m101", "R1 R2 R3 K13", ["lay R1R2R3", "discard K13"])
    assert not result.outcome.straight


def test_a_false_okey_left_in_hand_counts_as_the_tile_it_plays_as(pos) -> None:
    _, result = finish(pos, "m101", "R1 R2 R3 K13", ["lay R1R2R3", "discard K13"])
    assert result.seats[2].left_sum == 18 and result.seats[2].tiles_left.count(Tile.parse("F")) == 1


def test_a_false_okey_as_the_last_discard_is_not_an_okey_finish(pos) -> None:
    _, result = finish(
        pos, "m101", "R1 R2 R3 F", ["lay R1R2R3", "discard F"], others=["K1 K2", "R3 K7", "R2 K4"]
    )
    assert not result.outcome.okey and result.totals()[0] == -101


@pytest.mark.parametrize(
    ("kind", "opening", "rack", "plays", "seat2"),
    [
        ("normal", "m101", "R1 R2 R3 K13", ["lay R1R2R3", "discard K13"], 18 + 101),
        ("okey", "m101", "R1 R2 R3 B8", ["lay R1R2R3", "discard B8"], 36 + 101),
        ("straight", "-", "R1 R2 R3 K13", ["open R1R2R3", "discard K13"], 404 + 101),
    ],
)
def test_each_real_okey_left_in_hand_adds_101_not_multiplied_and_not_in_s(
    pos, kind: str, opening: str, rack: str, plays: list[str], seat2: int
) -> None:
    others = ["K1 K2 B8" if "B8" not in rack else "K1 K2", "R3 K7 F B8", "R2 K4"]
    _, result = finish(pos, opening, rack, plays, others=others)
    line = result.seats[2]
    assert (line.left_sum, line.okeys_in_hand, line.total) == (18, 1, seat2)
    assert line.okey_points == 101


def test_two_okeys_left_in_hand_add_202(pos) -> None:
    _, result = finish(
        pos,
        "m101",
        "R1 R2 R3 K13",
        ["lay R1R2R3", "discard K13"],
        others=["K1 B8 B8", "R3 K7 F", "R2 K4"],
    )
    assert result.seats[1].total == 202 + 202


def test_score_hand_needs_an_ended_hand(pos) -> None:
    with pytest.raises(ValueError, match="not ended"):
        score_hand(pos(["K1 K2", "", "", ""]))
