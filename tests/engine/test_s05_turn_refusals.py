"""RULES.md section 5: an action out of its place in the turn is refused with its code,
and names what the player tried to do (the ``doing`` a screen or translation reads)."""

from __future__ import annotations

import random

import pytest

from okey_tui.engine.actions import parse_action
from okey_tui.engine.errors import ErrorCode, NotYourTurnError
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
        ("giveback", "give back"),
    ],
)
def test_playing_before_the_draw_is_refused_naming_the_action(pos, action: str, doing: str) -> None:
    hand = pos(["", "K1 K2 K3 K4", "", ""], turn=1, phase="d", rest="rack2")
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
