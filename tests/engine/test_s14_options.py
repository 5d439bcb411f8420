"""RULES.md section 14: every table option, default and alternative."""

from __future__ import annotations

import pytest

from okey_tui.engine.actions import GiveBack, parse_action
from okey_tui.engine.errors import NotationError, OpeningError
from okey_tui.engine.rules import GameType, RuleSet
from okey_tui.engine.scoring import score_hand
from okey_tui.engine.tiles import Tile

OKEY = Tile.parse("B8")


def act(hand, text: str):  # noqa: ANN001, ANN201
    return hand.apply(parse_action(text, OKEY))


def test_the_defaults() -> None:
    rules = RuleSet()
    assert rules.penalties and not rules.partners and rules.hands == 11
    assert rules.game_type is GameType.CLASSIC
    assert not rules.finisher_scores_zero and not rules.pairs_opener_lays_off
    assert not rules.finish_opening_needs_floor and not rules.give_back_penalty
    assert rules.code() == "classic/11"


def finished(pos, rules: str, others: list[str] | None = None):  # noqa: ANN001, ANN201
    hand = pos(
        ["R1 R2 R3 B8", *(others or ["K1 K2", "R3 K7 B8", "R2 K4"])],
        rules=rules,
        openings="m101/-/m101/m101",
    )
    act(hand, "lay R1R2R3")
    act(hand, "discard B8")
    return score_hand(hand)


@pytest.mark.parametrize(("code", "seat2"), [("classic/11", 20 + 101), ("classic/11+n", 20)])
def test_option_penalties_on_or_off(pos, code: str, seat2: int) -> None:
    """Off: no +101 for an okey left in hand (and no penalty during the hand, see section 11)."""
    assert finished(pos, code).seats[2].total == seat2


@pytest.mark.parametrize("game_type", list(GameType))
def test_option_game_type(game_type: GameType) -> None:
    rules = RuleSet(game_type=game_type)
    assert RuleSet.from_code(rules.code()) == rules
    assert game_type.label in {"Classic", "Rising", "Challenge", "51"}


@pytest.mark.parametrize(("code", "seat2"), [("classic/11", 20 + 101), ("classic/11+p", 0)])
def test_option_partners(pos, code: str, seat2: int) -> None:
    assert finished(pos, code).seats[2].total == seat2


@pytest.mark.parametrize("hands", [1, 3, 5, 7, 9, 11, 13])
def test_option_hands(hands: int) -> None:
    assert RuleSet.from_code(f"classic/{hands}").hands == hands


@pytest.mark.parametrize(
    ("zero", "finisher", "others"),
    [(False, -202, [404, 20 + 101, 12]), (True, 0, [404, 20 + 101, 12])],
)
def test_option_finisher_writes_0_others_as_usual(
    pos, zero: bool, finisher: int, others: list[int]
) -> None:
    result = finished(pos, "classic/11+z" if zero else "classic/11")
    assert result.totals() == [finisher, *others]


@pytest.mark.parametrize(("flag", "allowed"), [("", False), ("+l", True)])
def test_option_pairs_opener_lays_off_on_runs_and_sets(pos, flag: str, allowed: bool) -> None:
    hand = pos(
        ["R6 R4 K1 K2", "", "", ""],
        rules=f"classic/11{flag}",
        openings="p5/-/-/-",
        table=["1:R3*R4R5"],
    )
    if allowed:
        act(hand, "add R6>0")
        act(hand, "swap 0 R4")
    else:
        with pytest.raises(Exception, match="pairs opener may not"):
            act(hand, "add R6>0")


@pytest.mark.parametrize(("flag", "needs"), [("", False), ("+f", True)])
def test_option_finish_hand_opening_needs_the_floor(pos, flag: str, needs: bool) -> None:
    hand = pos(["R1 R2 R3 K5", "", "", ""], rules=f"classic/11{flag}")
    if needs:
        with pytest.raises(OpeningError, match="needs 101"):
            act(hand, "open R1R2R3")
    else:
        act(hand, "open R1R2R3")
        act(hand, "discard K5")
        assert hand.is_over


@pytest.mark.parametrize(
    ("code", "paid"), [("classic/11", []), ("classic/11+g", [(1, 101)]), ("classic/11+gn", [])]
)
def test_option_unused_left_discard_given_back(pos, code: str, paid: list[tuple[int, int]]) -> None:
    hand = pos(
        ["", "K1 K5", "", ""],
        rules=code,
        turn=1,
        phase="d",
        discards=["R4", "", "", ""],
        middle="Y1",
        rest="rack2",
    )
    act(hand, "take")
    hand.apply(GiveBack())
    assert [(p.seat, p.points) for p in hand.penalties] == paid
    assert all(p.reason.value == "give-back" for p in hand.penalties)


def test_every_option_combination_reads_back_from_its_code() -> None:
    rules = RuleSet(GameType.RISING, False, True, 5, True, True, True, True)
    assert rules.code() == "rising/5+npzlfg"
    assert RuleSet.from_code(rules.code()) == rules
    assert rules.with_options(hands=7).hands == 7


@pytest.mark.parametrize("bad", ["poker/11", "classic/x", "classic/12", "classic/11+q"])
def test_bad_table_codes_are_refused(bad: str) -> None:
    with pytest.raises(NotationError):
        RuleSet.from_code(bad)
