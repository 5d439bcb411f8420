"""The solver at the ends of the number line (RULES.md sections 4, 9 and 11).

Random hands seldom hold the tiles that finish a run at 1 or 13, so the finishing
plans that lay off there (a real tile, an okey, a false okey standing for a 1) are
checked one by one, with the wrap from 13 to 1 that must never be planned.
"""

from __future__ import annotations

import pytest

from okey_tui.engine.melds import parse_meld
from okey_tui.engine.rules import OpeningKind
from okey_tui.engine.solver import finish_plan, lay_offs
from okey_tui.engine.tiles import Tile, parse_tiles

B8 = Tile.parse("B8")  # the okey whenever the indicator is B7
R1 = Tile.parse("R1")  # the okey whenever the indicator is R13


def plan_for(hand: str, run: str, okey: Tile = B8):  # noqa: ANN201 - a FinishPlan or None
    table = [parse_meld(run, okey)]
    return finish_plan(parse_tiles(hand), okey, table, OpeningKind.MELDS)


def laid_off(plan) -> list[str]:  # noqa: ANN001
    return [
        f"{x.tile}>{x.result.text(B8 if plan.okey == B8 else plan.okey)}" for x in plan.lay_offs
    ]


@pytest.mark.parametrize(
    ("hand", "run", "discard", "last"),
    [
        ("R1 K13", "R2R3R4", "K13", "R1R2R3R4"),
        ("R1 R2 K13", "R3R4R5", "K13", "R1R2R3R4R5"),
        ("R13 K1", "R10R11R12", "K1", "R10R11R12R13"),
        ("R12 R13 K1", "R9R10R11", "K1", "R9R10R11R12R13"),
    ],
)
def test_an_opened_player_finishes_by_laying_off_up_to_1_or_13(hand, run, discard, last) -> None:
    plan = plan_for(hand, run)
    assert plan is not None and plan.discard == Tile.parse(discard)
    assert plan.lay_offs[-1].result.text(B8) == last
    assert not plan.melds


@pytest.mark.parametrize(("hand", "run"), [("R1 K5", "R11R12R13"), ("R13 K5", "R1R2R3")])
def test_no_finishing_plan_wraps_a_run_between_13_and_1(hand: str, run: str) -> None:
    assert plan_for(hand, run) is None


@pytest.mark.parametrize(
    ("run", "last"), [("R10R11R12R13", "*R9R10R11R12R13"), ("R1R2R3", "R1R2R3*R4")]
)
def test_an_okey_is_laid_off_at_the_only_open_end_of_a_run_at_1_or_13(run: str, last: str) -> None:
    plan = plan_for("B8 K5", run)
    assert plan is not None and plan.discard == Tile.parse("K5")
    assert [x.result.text(B8) for x in plan.lay_offs] == [last]


def test_a_false_okey_standing_for_1_is_laid_at_the_low_end() -> None:
    # Indicator R13: the okey is R1, and a false okey plays as R1.
    plan = plan_for("F K13", "R2R3R4", okey=R1)
    assert plan is not None and plan.discard == Tile.parse("K13")
    (step,) = plan.lay_offs
    assert step.tile == Tile.parse("F") and step.result.stands_for[0] == R1


def test_lay_offs_list_the_ends_and_never_past_them() -> None:
    table = [parse_meld("R1R2R3", B8), parse_meld("K11K12K13", B8)]
    found = {
        (str(x.tile), x.index, x.result.text(B8))
        for x in lay_offs(parse_tiles("R4 K10 R13 K1 B8"), B8, table)
    }
    assert found == {
        ("R4", 0, "R1R2R3R4"),
        ("K10", 1, "K10K11K12K13"),
        ("B8", 0, "R1R2R3*R4"),
        ("B8", 1, "*K10K11K12K13"),
    }
