"""RULES.md section 13: partners and the match."""

from __future__ import annotations

import pytest

from okey_tui.engine.actions import parse_action
from okey_tui.engine.errors import ErrorCode, SetupError
from okey_tui.engine.match import Match, first_starter, hand_rng
from okey_tui.engine.rules import RuleSet
from okey_tui.engine.scoring import HandResult, SeatScore, score_hand
from okey_tui.engine.state import EndKind, Hand, OpeningKind, Outcome, Phase
from okey_tui.engine.tiles import Tile

OKEY = Tile.parse("B8")


def act(hand, text: str):  # noqa: ANN001, ANN201
    return hand.apply(parse_action(text, OKEY))


def test_partners_sit_opposite(pos) -> None:
    hand = pos(["K1 K2", "", "", ""], rules="classic/11+p")
    assert [hand.partner_of(s) for s in range(4)] == [2, 3, 0, 1]
    assert hand.opponents_of(0) == [1, 3]
    assert pos(["K1 K2", "", "", ""]).partner_of(0) is None


def test_rising_floors_are_set_by_the_opposing_team_only(pos) -> None:
    hand = pos(["K1 K2", "", "", ""], rules="rising/11+p", openings="-/m110/m160/-")
    assert hand.floor(0, OpeningKind.MELDS) == 111  # the partner's 160 does not count
    hand = pos(["K1 K2", "", "", ""], rules="rising/11+p", openings="-/p5/p8/-")
    assert hand.floor(0, OpeningKind.PAIRS) == 6


def test_the_finishers_partner_writes_0(pos) -> None:
    hand = pos(
        ["R1 R2 R3 K13", "K1 K2", "R3 K7 B8", "R2 K4"],
        rules="classic/11+p",
        openings="m101/-/m101/m101",
    )
    act(hand, "lay R1R2R3")
    act(hand, "discard K13")
    result = score_hand(hand)
    assert result.totals() == [-101, 202, 0, 6]
    assert result.seats[2].note == "partner finished: writes 0"


def test_without_partners_the_opposite_seat_scores_as_usual(pos) -> None:
    hand = pos(["R1 R2 R3 K13", "K1 K2", "R3 K7", "R2 K4"], openings="m101/-/m101/m101")
    act(hand, "lay R1R2R3")
    act(hand, "discard K13")
    assert score_hand(hand).totals() == [-101, 202, 10, 6]


def _sheet(*totals: int) -> HandResult:
    seats = tuple(SeatScore(s, t, (), 0, 0, 0, 0, None, t, "") for s, t in enumerate(totals))
    return HandResult(Outcome(EndKind.EMPTY_MIDDLE), seats)


def test_partner_scores_are_added_per_team() -> None:
    match = Match(RuleSet(partners=True, hands=3), 1)
    match.results += [_sheet(-101, 202, 0, 30), _sheet(10, 20, 30, 40)]
    assert match.totals() == [-61, 292, -61, 292]
    assert match.winners() == [0, 2]


@pytest.mark.parametrize("hands", [1, 3, 5, 7, 9, 11, 13])
def test_a_match_is_an_odd_number_of_hands_from_1_to_13(hands: int) -> None:
    assert RuleSet(hands=hands).hands == hands


@pytest.mark.parametrize("hands", [0, 2, 12, 15])
def test_other_match_lengths_are_refused(hands: int) -> None:
    with pytest.raises(ValueError, match="1, 3, 5"):
        RuleSet(hands=hands)


def test_the_standard_match_is_11_hands() -> None:
    assert RuleSet().hands == 11


def test_hand_scores_add_up_and_the_lowest_total_wins() -> None:
    match = Match(RuleSet(hands=3), 1)
    match.results += [_sheet(-101, 202, 40, 30), _sheet(50, -202, 404, 20)]
    assert match.totals() == [-51, 0, 444, 50]
    assert match.winners() == [0]


def test_a_tie_at_the_lowest_total_shares_the_win() -> None:
    match = Match(RuleSet(hands=1), 1)
    match.results.append(_sheet(10, 10, 30, 40))
    assert match.winners() == [0, 1]


def end_hand(match: Match, finisher: int | None) -> None:
    kind = EndKind.EMPTY_MIDDLE if finisher is None else EndKind.FINISH
    match.hand.outcome = Outcome(kind, finisher)
    match.hand.phase = Phase.OVER


def test_a_match_plays_its_hands_then_is_over() -> None:
    match = Match(RuleSet(hands=3), 42)
    for number in range(3):
        assert match.hand_number == number and not match.is_over
        with pytest.raises(ValueError, match="has not ended"):
            match.finish_hand()
        end_hand(match, number)
        match.finish_hand()
        with pytest.raises(ValueError, match="already scored"):
            match.finish_hand()
        if number < 2:
            assert match.next_hand().turn == number  # the finisher starts the next hand
    assert match.is_over and len(match.results) == 3
    with pytest.raises(ValueError, match="match is over"):
        match.next_hand()
    assert match.starters[1:] == [0, 1]


def test_the_next_hand_waits_for_the_score(pos) -> None:
    match = Match(RuleSet(hands=3), 42)
    with pytest.raises(ValueError, match="Finish and score"):
        match.next_hand()


def test_a_match_replays_from_its_seed() -> None:
    from okey_tui.engine.notation import format_position

    assert format_position(Match(RuleSet(), 9).hand) == format_position(Match(RuleSet(), 9).hand)


def test_each_hand_of_a_match_is_dealt_from_its_own_stream_of_the_match_seed() -> None:
    rules = RuleSet(hands=3)
    match = Match(rules, 9)
    first = Hand.deal(rules, hand_rng(9, 0), first_starter(9))
    assert match.hand.position() == first.position()
    assert Match(rules, 10).hand.position() != first.position()
    end_hand(match, None)
    match.finish_hand()
    second = match.next_hand()
    assert second.position() == Hand.deal(rules, hand_rng(9, 1), match.starters[1]).position()
    assert second.racks != first.racks


def test_a_hand_is_scored_once_onto_the_match_sheet() -> None:
    match = Match(RuleSet(hands=3), 4)
    hand = match.hand
    end_hand(match, 1)
    result = match.finish_hand()
    assert result == score_hand(hand)
    assert match.results == [result] and match.finished_hands == [hand]
    assert match.totals() == result.totals()


@pytest.mark.parametrize(
    ("step", "code", "section"),
    [
        ("finish before the end", ErrorCode.HAND_NOT_ENDED, 11),
        ("finish twice", ErrorCode.HAND_ALREADY_SCORED, 15),
        ("deal before the score", ErrorCode.SCORE_HAND_FIRST, 15),
        ("deal after the last hand", ErrorCode.MATCH_OVER, 15),
    ],
)
def test_a_match_step_out_of_order_is_refused_with_its_code(
    step: str, code: ErrorCode, section: int
) -> None:
    match = Match(RuleSet(hands=1), 4)
    if step in ("finish twice", "deal after the last hand"):
        end_hand(match, None)
        match.finish_hand()
    call = match.finish_hand if step.startswith("finish") else match.next_hand
    with pytest.raises(SetupError) as caught:
        call()
    assert caught.value.code is code and caught.value.rule == section


def test_a_restored_match_deals_on_as_the_original_would() -> None:
    rules = RuleSet(hands=3)
    match = Match(rules, 21)
    end_hand(match, 2)
    match.finish_hand()
    restored = Match.restore(
        rules, 21, match.starters, match.results, match.finished_hands, match.hand
    )
    assert restored.finished_hands == match.finished_hands
    assert restored.results == match.results and restored.hand_scored
    assert restored.next_hand().position() == match.next_hand().position()
    assert restored.starters == match.starters == [first_starter(21), 2]
