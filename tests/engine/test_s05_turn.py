"""RULES.md section 5: a turn is draw, play, discard."""

from __future__ import annotations

import pytest

from okey_tui.engine.actions import AddTile, Discard, DrawMiddle, Open, TakeDiscard, parse_action
from okey_tui.engine.errors import IllegalActionError, NotYourTurnError
from okey_tui.engine.state import Phase
from okey_tui.engine.tiles import Tile

OKEY = Tile.parse("B8")
BIG = "K10 K11 K12 K13 Y10 Y11 Y12 Y13"  # 92 points of runs
OPEN_BIG = "open K10K11K12K13 Y10Y11Y12Y13 R1R2R3R4"  # 102


def act(hand, text: str):  # noqa: ANN001, ANN201
    return hand.apply(parse_action(text, OKEY))


def test_a_turn_starts_by_drawing_from_the_middle(pos) -> None:
    hand = pos(["", "K1 K2", "", ""], turn=1, phase="d", middle="R7", rest="rack2")
    act(hand, "draw")
    assert Tile.parse("R7") in hand.racks[1] and hand.phase is Phase.PLAY


def test_or_by_taking_the_left_neighbours_discard(pos) -> None:
    hand = pos(["", "K1 K2", "", ""], turn=1, phase="d", discards=["R7", "", "", ""], rest="rack2")
    act(hand, "take")
    assert Tile.parse("R7") in hand.racks[1] and hand.phase is Phase.PLAY


def test_a_second_draw_in_one_turn_is_refused(pos) -> None:
    hand = pos(["", "K1 K2", "", ""], turn=1, phase="d", middle="R7 R8", rest="rack2")
    act(hand, "draw")
    with pytest.raises(NotYourTurnError, match="already drawn"):
        act(hand, "draw")
    with pytest.raises(NotYourTurnError):
        hand.apply(TakeDiscard())


def test_nothing_is_played_or_discarded_before_the_draw(pos) -> None:
    hand = pos(["", "K1 K2 K3 K4", "", ""], turn=1, phase="d", rest="rack2")
    for text in [
        "discard K1",
        "open K1K2K3",
        "lay K1K2K3",
        "takeback",
    ]:
        with pytest.raises(NotYourTurnError, match="draw a tile first"):
            act(hand, text)
    # The table is touched only once opened: that comes first, a draw would not lift it.
    opened = pos(
        ["", "K1 K2 K3 K4 R4", "", ""],
        turn=1,
        phase="d",
        rest="rack2",
        openings="-/m101/-/-",
        table=["0:R4*R5R6"],
    )
    for text in ["add K4>0", "swap 0 R4"]:
        with pytest.raises(NotYourTurnError, match="draw a tile first"):
            act(opened, text)


def test_play_then_discard_passes_the_turn(pos) -> None:
    hand = pos([BIG + " R1 R2 R3 R4 K1 Y1", "", "", ""])
    act(hand, OPEN_BIG)
    act(hand, "discard K1")
    assert (hand.turn, hand.phase) == (1, Phase.DRAW)


def test_playing_is_optional(pos) -> None:
    hand = pos(["K1 Y1", "", "", ""])
    act(hand, "discard K1")
    assert hand.turn == 1


def test_after_playing_one_tile_must_stay_in_hand_for_the_discard(pos) -> None:
    hand = pos([BIG + " R1 R2 R3 R4", "", "", ""])
    with pytest.raises(IllegalActionError, match="keep one tile"):
        act(hand, OPEN_BIG)


def test_lay_and_add_also_keep_one_tile(pos) -> None:
    hand = pos(["R5 R6 R7 K5 K6 K7 Y5", "", "", ""], openings="m101/-/-/-", table=["1:K2K3K4"])
    with pytest.raises(IllegalActionError, match="keep one tile"):
        act(hand, "lay R5R6R7 K5K6K7 Y5*Y6*Y7")
    act(hand, "lay R5R6R7 K5K6K7")
    hand = pos(["R5 R6 R7 K5", "", "", ""], openings="m101/-/-/-", table=["1:K2K3K4"])
    act(hand, "lay R5R6R7")
    with pytest.raises(IllegalActionError, match="keep one tile"):
        act(hand, "add K5>0")


def test_adding_to_the_table_is_allowed_in_the_opening_turn(pos) -> None:
    hand = pos([BIG + " R1 R2 R3 R4 R5 K1", "", "", ""])
    act(hand, OPEN_BIG)
    act(hand, "add R5>2")
    assert str(hand.table[2].meld) == "R1 R2 R3 R4 R5"


def test_play_actions_come_in_any_order(pos) -> None:
    hand = pos(["R6 R7 R8 Y1 Y2 Y3 K9 K1", "", "", ""], openings="m101/-/-/-", table=["1:R3R4R5"])
    act(hand, "add R6>0")
    act(hand, "lay Y1Y2Y3")
    hand.apply(AddTile(Tile.parse("R7"), 0))
    act(hand, "discard K9")
    assert hand.turn == 1 and str(hand.table[0].meld) == "R3 R4 R5 R6 R7"


def test_discarding_a_tile_you_do_not_hold_is_refused(pos) -> None:
    hand = pos(["K1 K2", "", "", ""])
    with pytest.raises(IllegalActionError, match="do not hold R5"):
        hand.apply(Discard(Tile.parse("R5")))


def test_an_ended_hand_takes_no_more_actions(pos) -> None:
    hand = pos(["K1 K2", "", "", ""], phase="d", rest="rack1")
    hand.apply(DrawMiddle())
    assert hand.is_over
    with pytest.raises(IllegalActionError, match="over"):
        hand.apply(Open(()))


def test_the_starters_first_turn_says_why_there_is_no_draw() -> None:
    """§5: the starter's first turn has no draw; the message says so rather than 'already drawn'."""
    import random

    import pytest

    from okey_tui.engine.actions import Discard, DrawMiddle, TakeDiscard
    from okey_tui.engine.errors import NotYourTurnError
    from okey_tui.engine.rules import RuleSet
    from okey_tui.engine.state import Hand

    hand = Hand.deal(RuleSet(), random.Random(1), starter=2)
    assert hand.is_first_turn()
    for action in (DrawMiddle(), TakeDiscard()):
        with pytest.raises(NotYourTurnError, match="starter's first turn has no draw"):
            hand.apply(action)
    hand.apply(Discard(hand.racks[2][0]))
    assert not hand.is_first_turn()


def test_after_the_starter_s_only_discard_is_taken_a_draw_is_refused_as_a_second_draw():
    """The next seat took the starter's one discard: the piles were empty and the middle
    whole again, and a draw was refused as "the starter's first turn has no draw"."""
    import random

    from okey_tui.engine.errors import ErrorCode
    from okey_tui.engine.rules import RuleSet
    from okey_tui.engine.state import Hand

    hand = Hand.deal(RuleSet(), random.Random(1), starter=2)
    hand.apply(Discard(hand.racks[2][0]))
    hand.apply(TakeDiscard())
    assert not hand.is_first_turn()
    for action in (DrawMiddle(), TakeDiscard()):
        with pytest.raises(NotYourTurnError) as refused:
            hand.apply(action)
        assert refused.value.code is ErrorCode.ALREADY_DRAWN


def test_after_the_starter_s_only_discard_is_taken_and_laid_a_draw_is_still_a_second_draw(
    pos,  # noqa: ANN001
) -> None:
    """The next seat took the starter's discard and opened with it: the piles were empty,
    the middle whole and no discard waiting to be laid, all as on the starter's first turn;
    the log's discard tells them apart."""
    from collections import Counter

    from okey_tui.engine.errors import ErrorCode
    from okey_tui.engine.tiles import full_set, parse_tiles

    opener = parse_tiles("K10 K11 K12 K13 R10 R11 R12 R13 Y11 Y12")
    spare = sorted(
        (Counter(full_set()) - Counter([*opener, Tile.parse("Y13"), Tile.parse("B7")])).elements(),
        key=Tile.sort_key,
    )
    starter = [Tile.parse("Y13"), *spare[:21]]
    seat1 = [*opener, *spare[21:32]]
    seat2, middle = spare[32:53], spare[53:73]
    hand = pos(
        [" ".join(map(str, rack)) for rack in (starter, seat1, seat2, [])],
        turn=0,
        phase="p",
        middle=" ".join(map(str, middle)),
        rest="rack3",
    )
    assert hand.is_first_turn()
    act(hand, "discard Y13")
    act(hand, "take")
    act(hand, "open K10K11K12K13 R10R11R12R13 Y11Y12Y13")
    assert hand.taken is None and not any(hand.discards)
    assert not hand.is_first_turn()
    with pytest.raises(NotYourTurnError) as refused:
        act(hand, "draw")
    assert refused.value.code is ErrorCode.ALREADY_DRAWN
