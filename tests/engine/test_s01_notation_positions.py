"""RULES.md section 1 (notation), continued: the one-line position text and action text."""

from __future__ import annotations

import random

import pytest

from okey_tui.engine.actions import AddTile, DeclarePairs, Discard, SwapOkey, parse_action
from okey_tui.engine.errors import NotationError
from okey_tui.engine.match import Match
from okey_tui.engine.notation import format_position, parse_position
from okey_tui.engine.rules import RuleSet
from okey_tui.engine.state import Hand
from okey_tui.engine.tiles import Tile
from okey_tui.engine.view import PlayerView, is_pairs_only

OKEY = Tile.parse("B8")


def test_a_dealt_position_reads_back_exactly() -> None:
    hand = Hand.deal(RuleSet(), random.Random(4), 2)
    text = format_position(hand)
    assert format_position(parse_position(text)) == text
    assert text.split()[:3] == ["classic/11", str(hand.indicator), "2p"]


def test_a_position_mid_turn_records_the_turns_actions_after_a_bar(pos) -> None:
    hand = pos(["R1 R2 R3 R6 K1 B8", "", "", ""], openings="m101/-/-/-", table=["1:R3*R4@2R5"])
    for text in ["lay R1R2R3", "add R6>0", "add *R7>0"]:
        hand.apply(parse_action(text, OKEY))
    text = format_position(hand)
    assert text.endswith("| lay R1R2R3;add R6>0;add *R7>0")
    assert "1:R3*R4@2R5" in text
    again = parse_position(text)
    assert format_position(again) == text and again.table == hand.table


def test_locks_penalties_and_endings_read_back(pos) -> None:
    text = pos.text(
        ["K1 R4", "", "", ""],
        rules="challenge/5+pg",
        openings="-!/m101/p6/-",
        penalties="1:101:okey-discard,2:40:challenge-discard",
        locks="take:R4:1:og",
    )
    hand = parse_position(text)
    assert hand.taken is not None and hand.taken.from_going_pairs and hand.going_pairs[0]
    assert format_position(hand) == text
    over = pos.text(["", "K1", "", ""], phase="x", end="finish:0:osp", rest="rack2")
    assert format_position(parse_position(over)) == over
    empty = pos.text(["K1", "K2", "", ""], phase="x", end="empty", rest="rack2")
    assert format_position(parse_position(empty)) == empty
    owed = pos.text(["K1 B8", "", "", ""], locks="okeys:0")
    assert parse_position(owed).okeys_owed() == 1


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t.replace(" 0p ", " 5p "), "seat and phase"),
        (lambda t: t + " extra", "11 fields"),
        (lambda t: t.replace("K1R4/-/-/-", "K1R4/-/-"), "four parts"),
        (lambda t: t.replace(" -/-/-/- - - -", " -/m1x/-/- - - -"), "not an opening"),
        (lambda t: t.replace("K1R4/", "K1R4K2/"), "106 tiles, this one 107"),
        (lambda t: t.replace("-/-/-/- - - -", "-/-/-/- 9:1:take-back - -"), "no seat 9"),
        (lambda t: t.replace("-/-/-/- - - -", "-/-/-/- 0:x:take-back - -"), "not a penalty"),
        (lambda t: t.replace("-/-/-/- - - -", "-/-/-/- - lock -"), "not a turn lock"),
        (lambda t: t.replace("-/-/-/- - - -", "-/-/-/- - - finish:7:-"), "not an ending"),
        (lambda t: t.replace("-/-/-/- - - -", "-/-/-/- - - empty"), "over exactly when"),
        (lambda t: t + " | discard Y13", "cannot be replayed"),
    ],
)
def test_bad_positions_are_refused_naming_the_field(pos, change, message: str) -> None:  # noqa: ANN001
    text = pos.text(["K1 R4", "", "", ""])
    with pytest.raises(NotationError, match=message):
        parse_position(change(text))


def test_a_position_must_hold_exactly_the_106_tile_set(pos) -> None:
    text = pos.text(["K1 R4", "", "", ""])
    wrong = text.replace("K1R4/", "K1K1/", 1)  # R4 swapped for a third K1: still 106 tiles
    with pytest.raises(NotationError, match="exactly.*too many K1, missing R4"):
        parse_position(wrong)


def test_bad_table_melds_and_okey_owners_are_refused(pos) -> None:
    with pytest.raises(NotationError, match="not a table meld"):
        parse_position(pos.text(["K1", "", "", ""], table=["1:R1R2R3"]).replace("1:R1", "7:R1"))
    with pytest.raises(NotationError, match="okey owner"):
        parse_position(
            pos.text(["K1", "", "", ""], table=["1:R3R4R5"]).replace("1:R3R4R5", "1:R3*R4@9R5")
        )
    with pytest.raises(NotationError, match="only for the play phase"):
        parse_position(pos.text(["K1", "", "", ""], phase="d") + " | draw")


def test_action_texts_read_back() -> None:
    for text in [
        "draw",
        "take",
        "giveback",
        "takeback",
        "pairs",
        "discard R5",
        "add R6>0",
        "add *R7>12",
        "swap 1 B9K9",
        "open R1R2R3 Y9*B9K9",
        "lay R5R5",
    ]:
        action = parse_action(text, OKEY)
        assert action.text(OKEY) == text
        assert parse_action(action.text(OKEY), OKEY) == action
    assert AddTile(OKEY, 2, Tile.parse("R4")).text(OKEY) == "add *R4>2"
    assert SwapOkey(0, (Tile.parse("R4"),)).text(OKEY) == "swap 0 R4"
    assert DeclarePairs().text(OKEY) == "pairs" and Discard(OKEY).text(OKEY) == "discard B8"


@pytest.mark.parametrize(
    "bad", ["", "fly", "discard", "add R5", "add R5>x", "swap x R5", "draw now"]
)
def test_bad_action_texts_are_refused(bad: str) -> None:
    with pytest.raises(NotationError):
        parse_action(bad, OKEY)


def test_a_view_holds_no_hidden_tile(pos) -> None:
    hand = pos(
        ["R1 R2 K1", "Y1 Y2", "B1", "K5 K6"],
        openings="-/p5/-/-",
        table=["1:R5R5"],
        discards=["K13", "", "", ""],
    )
    view = PlayerView.of(hand, 2)
    assert view.rack == (Tile.parse("B1"),) and view.rack_counts[0] == 3
    assert view.middle_count == len(hand.middle)
    assert not hasattr(view, "racks") and not hasattr(view, "middle")
    assert (view.left, view.right, view.partner) == (1, 3, None)
    assert sorted(map(str, view.seen_tiles())) == sorted(["B1", "B7", "R5", "R5", "K13"])
    assert not view.my_turn and view.taken is None
    assert not view.playable_on_table(Tile.parse("R5"))
    assert is_pairs_only(PlayerView.of(hand, 1)) and not is_pairs_only(view)
    assert not view.can_touch_table()
    assert PlayerView.of(pos(["K1", "", "", ""], rules="classic/11+p"), 0).partner == 2


def test_a_going_pairs_view_is_pairs_only(pos) -> None:
    hand = pos(["K1", "", "", ""], rules="challenge/11", openings="-!/-/-/-")
    assert is_pairs_only(PlayerView.of(hand, 0))


def test_a_match_restores_from_saved_parts() -> None:
    match = Match(RuleSet(hands=3), 3)
    again = Match.restore(match.rules, match.seed, match.starters, match.results, [], match.hand)
    assert again.hand is match.hand and again.hand_number == 0 and again.totals() == [0, 0, 0, 0]


def test_repr_of_a_hand_is_code_that_rebuilds_it(pos) -> None:
    hand = pos(["R1 R2 R3 R6 K1 B8", "", "", ""], openings="m101/-/-/-", table=["1:R3*R4R5"])
    hand.apply(parse_action("lay R1R2R3", OKEY))
    text = repr(hand)
    assert text.startswith("Hand.from_position('") and "| lay R1R2R3" in text
    assert format_position(eval(text)) == format_position(hand)  # noqa: S307 - by design
    assert repr(parse_action("add *R6>0", OKEY)) == "<AddTile *R6>0>"
    assert repr(hand.table[1].meld) == "<Meld R1R2R3>"


def test_restore_puts_a_hand_back_exactly_and_a_saved_copy_can_be_reused(pos) -> None:
    hand = pos(["R1 R2 R3 R4 K1 B8", "", "", ""], openings="m101/-/-/-", table=["1:R3*R4R5"])
    saved = hand.copy()
    start, events = format_position(hand), list(hand.events)
    for _ in range(2):
        hand.apply(parse_action("swap 0 R4", OKEY))
        hand.apply(parse_action("lay R1R2R3", OKEY))
        assert format_position(hand) != start and hand.penalties
        hand.restore(saved)
        assert format_position(hand) == start and hand.events == events
        assert hand.penalties == [] and hand.racks[0].count(OKEY) == 1
    assert hand.racks is not saved.racks  # restoring shares nothing with the saved copy
