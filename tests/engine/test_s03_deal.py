"""RULES.md section 3: the deal, the indicator, the okey and the false okey."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from okey_tui.engine.actions import DrawMiddle
from okey_tui.engine.errors import NotationError, NotYourTurnError
from okey_tui.engine.match import Match, first_starter
from okey_tui.engine.melds import make_meld, parse_meld
from okey_tui.engine.notation import format_position
from okey_tui.engine.rules import GameType, RuleSet
from okey_tui.engine.scoring import left_sum
from okey_tui.engine.state import EndKind, Hand, Outcome, Phase
from okey_tui.engine.tiles import (
    FALSE_OKEY,
    Tile,
    full_set,
    okey_for,
    parse_compact,
    parse_tiles,
)


def test_the_same_seed_gives_the_same_deal() -> None:
    a = Hand.deal(RuleSet(), random.Random(7), 2)
    b = Hand.deal(RuleSet(), random.Random(7), 2)
    c = Hand.deal(RuleSet(), random.Random(8), 2)
    assert format_position(a) == format_position(b)
    assert format_position(a) != format_position(c)


@pytest.mark.parametrize("starter", range(4))
def test_the_starter_gets_22_tiles_the_others_21_and_the_middle_holds_20(starter: int) -> None:
    hand = Hand.deal(RuleSet(), random.Random(starter), starter)
    assert [len(r) for r in hand.racks] == [22 if s == starter else 21 for s in range(4)]
    assert len(hand.middle) == 20
    assert hand.tile_count() == 106


def test_the_51_type_deals_15_and_14() -> None:
    hand = Hand.deal(RuleSet(game_type=GameType.FIFTY_ONE), random.Random(1), 0)
    assert [len(r) for r in hand.racks] == [15, 14, 14, 14]
    assert len(hand.middle) == 106 - 15 - 42 - 1


def test_every_tile_is_dealt_exactly_once() -> None:
    hand = Hand.deal(RuleSet(), random.Random(3), 1)
    all_tiles = [hand.indicator, *hand.middle]
    for rack in hand.racks:
        all_tiles += rack
    assert Counter(all_tiles) == Counter(full_set())


def test_the_starters_first_turn_has_no_draw() -> None:
    hand = Hand.deal(RuleSet(), random.Random(3), 1)
    assert (hand.turn, hand.phase) == (1, Phase.PLAY)
    with pytest.raises(NotYourTurnError):
        hand.apply(DrawMiddle())


class _FalseOkeyOnTop(random.Random):
    """Shuffles so that the first tile turned up as the indicator is a false okey."""

    def shuffle(self, x: Any, *args: Any) -> None:  # noqa: ANN401
        super().shuffle(x)
        spot = 22 + 3 * 21
        i = x.index(FALSE_OKEY)
        x[i], x[spot] = x[spot], x[i]


def test_a_false_okey_turned_up_goes_back_into_the_stack_and_another_tile_is_turned() -> None:
    hand = Hand.deal(RuleSet(), _FalseOkeyOnTop(5), 0)
    assert not hand.indicator.is_false_okey
    assert hand.middle.count(FALSE_OKEY) + sum(r.count(FALSE_OKEY) for r in hand.racks) == 2
    assert len(hand.middle) == 20 and hand.tile_count() == 106


@pytest.mark.parametrize(
    ("indicator", "okey"), [("B7", "B8"), ("R13", "R1"), ("Y1", "Y2"), ("K12", "K13")]
)
def test_the_okey_is_one_higher_in_the_indicators_colour_and_13_names_1(
    indicator: str, okey: str
) -> None:
    assert okey_for(Tile.parse(indicator)) == Tile.parse(okey)


def test_a_false_okey_cannot_be_the_indicator() -> None:
    with pytest.raises(NotationError):
        okey_for(FALSE_OKEY)


def test_both_copies_of_the_okey_are_wild() -> None:
    okey = Tile.parse("B8")
    meld = make_meld(parse_tiles("R5 B8 B8"), parse_tiles("R5 R6 R7"), okey)
    assert meld.value == 18


def test_a_false_okey_plays_as_the_okey_tile_and_is_worth_its_number() -> None:
    okey = Tile.parse("B8")
    assert parse_meld("B7FB9", okey).value == 24
    assert parse_meld("R8FK8", okey).value == 24
    with pytest.raises(NotationError):
        parse_meld("B5*FB7", okey)
    assert left_sum(parse_tiles("F R3"), okey) == 11


def test_a_false_okey_is_not_wild() -> None:
    with pytest.raises(Exception, match="can only count as B8"):
        make_meld(parse_tiles("R5 R6 F"), parse_tiles("R5 R6 R7"), Tile.parse("B8"))


def test_the_indicator_stays_out_of_play_and_counts_as_one_of_the_106() -> None:
    hand = Hand.deal(RuleSet(), random.Random(9), 0)
    copies = hand.middle.count(hand.indicator) + sum(r.count(hand.indicator) for r in hand.racks)
    assert copies == 1
    assert hand.tile_count() == 106


def test_the_first_starter_is_drawn_from_the_match_seed() -> None:
    starters = {first_starter(seed) for seed in range(40)}
    assert starters == {0, 1, 2, 3}
    assert Match(RuleSet(), 11).starters == [first_starter(11)]
    assert Match(RuleSet(), 11).hand.turn == first_starter(11)


def test_later_hands_are_started_by_the_previous_finisher() -> None:
    match = Match(RuleSet(hands=3), 5)
    match.hand.outcome = Outcome(EndKind.FINISH, finisher=(match.starters[0] + 2) % 4)
    match.hand.phase = Phase.OVER
    match.finish_hand()
    assert match.next_hand().turn == (match.starters[0] + 2) % 4


def test_the_next_seat_starts_when_nobody_finished() -> None:
    match = Match(RuleSet(hands=3), 5)
    match.hand.outcome = Outcome(EndKind.EMPTY_MIDDLE)
    match.hand.phase = Phase.OVER
    match.finish_hand()
    assert match.next_hand().turn == (match.starters[0] + 1) % 4


@pytest.mark.parametrize(
    ("seed", "indicator", "middle"),
    [
        # In each of these deals a false okey came up as the indicator: it went back
        # into the middle at a place the seed chose, and the next tile became the indicator.
        (26, "B1", "Y3B2K2R11B7K1K5K8R3B5R9R4B9B13B2FY1K4R13K9"),
        (1826, "Y3", "Y7K11K6B1R11R6R2B7B6B9Y6B6B11K2B5R10K7K12K10F"),
        (3326, "K5", "K9K4B4R9Y1K11Y13FR4R1K12K13Y4K3Y10Y11K8R4B2Y4"),
    ],
)
def test_a_seed_always_deals_the_same_indicator_and_middle(
    seed: int, indicator: str, middle: str
) -> None:
    hand = Hand.deal(RuleSet(), random.Random(seed), 0)
    assert str(hand.indicator) == indicator
    assert hand.middle == parse_compact(middle)


def test_the_starters_first_turn_is_recorded_from_the_deal() -> None:
    from okey_tui.engine.actions import DeclarePairs

    hand = Hand.deal(RuleSet(game_type=GameType.CHALLENGE), random.Random(4), 2)
    dealt = hand.position()
    hand.apply(DeclarePairs())
    assert hand.position() == dealt + " | pairs"
    assert Hand.from_position(hand.position()) == hand
