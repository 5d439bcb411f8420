"""RULES.md section 5: an action out of its place in the turn is refused with its code,
and names what the player tried to do (the ``doing`` a screen or translation reads)."""

from __future__ import annotations

import random

import pytest

from okey_tui.engine.actions import Action, AddTile, SwapOkey, parse_action
from okey_tui.engine.errors import ErrorCode, IllegalActionError, NotYourTurnError
from okey_tui.engine.rules import RuleSet
from okey_tui.engine.state import Hand
from okey_tui.engine.tiles import Tile

OKEY = Tile.parse("B8")


@pytest.mark.parametrize(
    ("action", "doing"),
    [
        ("discard K1", "discard"),
        ("open K1K2K3", "open"),
        ("lay K1K2K3", "lay melds"),
        ("add K4>0", "add to the table"),
        ("swap 0 K1", "swap an okey"),
        ("takeback", "take back"),
    ],
)
def test_playing_before_the_draw_is_refused_naming_the_action(pos, action: str, doing: str) -> None:
    # Opened (for the add and the swap, where not having opened would come first).
    opened = "-/m101/-/-" if action.startswith(("add", "swap")) else "-/-/-/-"
    hand = pos(
        ["", "K1 K2 K3 K4", "", ""],
        turn=1,
        phase="d",
        rest="rack2",
        openings=opened,
        table=["0:R3*R4R5"] if action.startswith(("add", "swap")) else [],
    )
    with pytest.raises(NotYourTurnError) as caught:
        hand.apply(parse_action(action, OKEY))
    assert caught.value.code is ErrorCode.DRAW_FIRST
    assert caught.value.params == {"doing": doing}


@pytest.mark.parametrize(("action", "doing"), [("draw", "draw"), ("take", "take the left discard")])
def test_drawing_twice_is_refused_naming_the_action(pos, action: str, doing: str) -> None:
    hand = pos(["K1 K2", "", "", ""], discards=["", "", "", "R7"])
    with pytest.raises(NotYourTurnError) as caught:
        hand.apply(parse_action(action, OKEY))
    assert caught.value.code is ErrorCode.ALREADY_DRAWN
    assert caught.value.params == {"doing": doing}


@pytest.mark.parametrize(("action", "doing"), [("draw", "draw"), ("take", "take the left discard")])
def test_the_starters_first_turn_has_no_draw(action: str, doing: str) -> None:
    hand = Hand.deal(RuleSet(), random.Random(5), 3)
    assert hand.is_first_turn()
    with pytest.raises(NotYourTurnError) as caught:
        hand.apply(parse_action(action, hand.okey))
    assert caught.value.code is ErrorCode.FIRST_TURN_NO_DRAW
    assert caught.value.params == {"doing": doing}


def refusal(hand: Hand, action: Action | str) -> IllegalActionError:
    if isinstance(action, str):
        action = parse_action(action, OKEY)
    with pytest.raises(IllegalActionError) as caught:
        hand.apply(action)
    return caught.value


def test_nothing_is_played_once_the_hand_is_over(pos) -> None:
    hand = pos(["R5", "", "", ""], openings="m101/-/-/-")
    hand.apply(parse_action("discard R5", OKEY))
    for action in ("draw", "discard R5", "pairs"):
        assert (refusal(hand, action).code, refusal(hand, action).params) == (
            ErrorCode.HAND_OVER,
            {},
        )


def test_no_discard_on_the_left_means_nothing_to_take(pos) -> None:
    hand = pos(["", "K1 K2", "", ""], turn=1, phase="d", discards=["", "", "", "R3"])
    exc = refusal(hand, "take")
    assert (exc.code, exc.params) == (ErrorCode.NO_LEFT_DISCARD, {})


def test_a_tile_not_held_is_named_with_how_many_are_held(pos) -> None:
    hand = pos(["R1 R2 R3 K9 Y4", "", "", ""], openings="p5/-/-/-")
    exc = refusal(hand, "discard R9")
    assert exc.code is ErrorCode.TILE_NOT_HELD
    assert exc.params == {"tile": Tile.parse("R9"), "held": 0, "needed": 1}
    exc = refusal(hand, "lay K9K9")
    assert exc.code is ErrorCode.TILE_NOT_HELD
    assert exc.params == {"tile": Tile.parse("K9"), "held": 1, "needed": 2}


def test_one_tile_stays_in_hand_to_discard(pos) -> None:
    hand = pos(["R1 R2 R3", "", "", ""], openings="m101/-/-/-", table=["1:K1K2K3"])
    exc = refusal(hand, "lay R1R2R3")
    assert (exc.code, exc.params) == (ErrorCode.KEEP_ONE_TILE, {})
    one = pos(["K4", "", "", ""], openings="m101/-/-/-", table=["1:K1K2K3"])
    exc = refusal(one, "add K4>0")
    assert (exc.code, exc.params) == (ErrorCode.KEEP_ONE_TILE, {})


@pytest.mark.parametrize(
    ("action", "doing"),
    [("add K4>0", "add tiles to the table"), ("swap 1 R4", "take okeys from the table")],
)
@pytest.mark.parametrize("phase", ["p", "d"])
def test_only_an_opener_touches_the_table(pos, action: str, doing: str, phase: str) -> None:
    # Before the draw too: not having opened comes first, a draw would not lift it
    # ("draw a tile first", then "only a player who has opened" after the draw).
    table = ["1:K1K2K3", "1:R3*R4R5"]
    hand = pos(["K4 R4 Y9", "", "", ""], table=table, phase=phase)
    exc = refusal(hand, action)
    assert (exc.code, exc.params) == (ErrorCode.NOT_OPENED, {"doing": doing})
    pairs = pos(["K4 R4 Y9", "", "", ""], openings="p5/-/-/-", table=table, phase=phase)
    exc = refusal(pairs, action)
    assert (exc.code, exc.params) == (ErrorCode.PAIRS_OPENER_NO_TABLE, {"doing": doing})


@pytest.mark.parametrize("index", [-1, 2, 7])
def test_a_table_meld_number_must_exist(pos, index: int) -> None:
    hand = pos(["K4 R4 Y9", "", "", ""], openings="m101/-/-/-", table=["1:K1K2K3", "1:R3*R4R5"])
    for action in (AddTile(Tile.parse("K4"), index), SwapOkey(index, (Tile.parse("R4"),))):
        exc = refusal(hand, action)
        assert (exc.code, exc.params) == (ErrorCode.NO_SUCH_TABLE_MELD, {"index": index})


def test_a_take_back_needs_something_laid_this_turn(pos) -> None:
    hand = pos(["R1 R2 R3 K9", "", "", ""], openings="m101/-/-/-")
    exc = refusal(hand, "takeback")
    assert (exc.code, exc.params) == (ErrorCode.NOTHING_TO_TAKE_BACK, {})


def test_a_give_back_needs_a_taken_discard_still_in_hand(pos) -> None:
    hand = pos(["R1 R2 R3 K9", "", "", ""], openings="m101/-/-/-")
    exc = refusal(hand, "giveback")
    assert (exc.code, exc.params) == (ErrorCode.NOTHING_TO_GIVE_BACK, {})


def test_a_give_back_before_the_draw_says_there_is_nothing_to_give_back(pos) -> None:
    """It said "draw a tile first", as if a draw would bring something to give back."""
    hand = pos(
        ["", "K1 K2 K3 K4", "", ""], turn=1, phase="d", rest="rack2", discards=("K5", "", "", "")
    )
    before = hand.snapshot()
    exc = refusal(hand, "giveback")
    assert (exc.code, exc.params) == (ErrorCode.NOTHING_TO_GIVE_BACK, {})
    assert hand.snapshot() == before


def test_what_was_laid_is_taken_back_before_giving_the_discard_back(pos) -> None:
    hand = pos(
        ["", "R1 R2 R3 K9 K10", "", ""],
        turn=1,
        phase="d",
        discards=["Y5", "", "", ""],
        openings="-/m101/-/-",
    )
    hand.apply(parse_action("take", OKEY))
    hand.apply(parse_action("lay R1R2R3", OKEY))
    exc = refusal(hand, "giveback")
    assert (exc.code, exc.params) == (ErrorCode.TAKE_BACK_BEFORE_GIVING_BACK, {})


def test_a_taken_discard_is_used_or_given_back_before_discarding(pos) -> None:
    hand = pos(
        ["", "R1 R2 R3 K9 K10", "", ""],
        turn=1,
        phase="d",
        discards=["Y5", "", "", ""],
        openings="-/m101/-/-",
    )
    hand.apply(parse_action("take", OKEY))
    exc = refusal(hand, "discard K9")
    assert (exc.code, exc.params) == (ErrorCode.TAKEN_MUST_BE_USED, {"tile": Tile.parse("Y5")})


def test_an_okey_taken_off_the_table_is_laid_again_before_discarding(pos) -> None:
    hand = pos(["R4 K1 K2 K9", "", "", ""], openings="m101/-/-/-", table=["1:R3*R4R5"])
    hand.apply(parse_action("swap 0 R4", OKEY))
    exc = refusal(hand, "discard K9")
    assert (exc.code, exc.params) == (ErrorCode.OKEY_OWED, {"owed": 1})


@pytest.mark.parametrize(
    ("rules", "openings", "code"),
    [
        ("classic/11", "-/-/-/-", ErrorCode.GOING_PAIRS_NOT_CHALLENGE),
        ("challenge/11", "-!/-/-/-", ErrorCode.GOING_PAIRS_ALREADY_DECLARED),
        ("challenge/11", "m101/-/-/-", ErrorCode.GOING_PAIRS_AFTER_OPENING),
    ],
)
def test_going_pairs_is_declared_once_at_a_challenge_table_before_opening(
    pos, rules: str, openings: str, code: ErrorCode
) -> None:
    hand = pos(["R1 K9", "", "", ""], rules=rules, openings=openings)
    exc = refusal(hand, "pairs")
    assert (exc.code, exc.params) == (code, {})


def test_no_move_leaves_only_an_okey_owed_to_the_table(pos) -> None:
    """An okey swapped off the table goes back on it this turn, and a turn ends with a
    discard: laying the last other tile left the seat holding only that okey (no discard,
    no lay: a take-back at +101 the one way out). Such a move is refused with its code, and
    the hand is as it was; with a tile kept, the same moves are played."""
    from okey_tui.engine.notation import format_position

    hand = pos(
        ["R6 K13", "", "", ""],
        phase="p",
        indicator="B7",  # the okey: B8
        openings="m101/-/-/m101",
        table=["0:K10K11K12", "3:R5*R6R7"],
        rest="rack1",
    )
    okey = hand.okey
    hand.apply(SwapOkey(1, (Tile.parse("R6"),)))
    assert sorted(map(str, hand.racks[0])) == sorted([str(okey), "K13"])
    before = format_position(hand)
    with pytest.raises(IllegalActionError) as refused:
        hand.apply(AddTile(Tile.parse("K13"), 0))
    assert refused.value.code is ErrorCode.KEEP_ONE_BESIDE_OKEY
    assert format_position(hand) == before
    hand.apply(AddTile(okey, 0, Tile.parse("K13")))  # the okey back on the table
    hand.apply(parse_action("discard K13", okey))  # and out
    assert hand.is_over

    # A swap that would leave only the okey is refused the same way.
    alone = pos(
        ["R6", "", "", ""],
        phase="p",
        indicator="B7",
        openings="m101/-/-/m101",
        table=["0:K10K11K12", "3:R5*R6R7"],
        rest="rack1",
    )
    with pytest.raises(IllegalActionError) as refused:
        alone.apply(SwapOkey(1, (Tile.parse("R6"),)))
    assert refused.value.code is ErrorCode.KEEP_ONE_BESIDE_OKEY
    assert [str(t) for t in alone.racks[0]] == ["R6"] and alone.okeys_owed() == 0
