"""At the end of a partners match the winner line names the winning side as the sums, the
totals and the score sheet do ("You & Mehmet"): "The match is over. You and Mehmet won with
-101." sat above "then Ayşe & Zeynep 16"."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from okey_tui.engine.rules import RuleSet
from okey_tui.engine.scoring import HandResult, SeatScore
from okey_tui.engine.state import EndKind, Outcome
from okey_tui.engine.tiles import Tile
from okey_tui.table import HandReport, SeatInfo
from okey_tui.ui.screens.summary import ranking_line, score_sheet, winners_line

SEATS = [SeatInfo(s, name, None) for s, name in enumerate(["You", "Ayşe", "Mehmet", "Zeynep"])]


def partners_end(winning_side: tuple[int, int]) -> HandReport:
    """The last hand of a partners match, ``winning_side`` (seats) on -101, the other 16."""
    totals = tuple(-101 if seat in winning_side else 16 for seat in range(4))
    lines = tuple(SeatScore(s, 0, (), 0, 0, 0, 0, None, 0, "", "0") for s in range(4))
    return HandReport(
        1, 1, HandResult(Outcome(EndKind.FINISH, winning_side[0]), lines), Tile.parse("B7"),
        (), None, (), (totals,), totals, True, winning_side,
        RuleSet(hands=1, partners=True), (False,) * 4,
    )  # fmt: skip


def sheet_heads(report: HandReport) -> list[str]:
    console = Console(width=100, record=True, file=io.StringIO())
    console.print(score_sheet(report, SEATS))
    return console.export_text().splitlines()


@pytest.mark.parametrize("you", [0, 1, None])
def test_the_winning_side_is_named_as_the_sheet_names_it(you: int | None) -> None:
    report = partners_end((0, 2))
    assert any("You & Mehmet" in line for line in sheet_heads(report))
    line = winners_line(report, SEATS, you)
    assert line == "The match is over. You & Mehmet won with -101.", line
    assert ranking_line(report, SEATS, you).endswith("then Ayşe & Zeynep 16."), you


def test_the_other_side_winning_is_named_the_same_way() -> None:
    report = partners_end((1, 3))
    line = winners_line(report, SEATS, 0)
    assert line == "The match is over. Ayşe & Zeynep won with -101.", line


def individual_end(winners: tuple[int, ...]) -> HandReport:
    """The last hand of a one-hand match, ``winners`` all on 202, the others on 303."""
    totals = tuple(202 if seat in winners else 303 for seat in range(4))
    lines = tuple(SeatScore(s, 0, (), 0, 0, 0, 0, None, 0, "", "0") for s in range(4))
    return HandReport(
        1, 1, HandResult(Outcome(EndKind.EMPTY_MIDDLE, None), lines), Tile.parse("B7"),
        (), None, (), (totals,), totals, True, winners, RuleSet(hands=1), (False,) * 4,
    )  # fmt: skip


def test_three_winners_are_a_list_not_a_chain_of_ands() -> None:
    """ "Hasan and Mehmet and Can won with 202." """
    report = individual_end((1, 2, 3))
    assert winners_line(report, SEATS, None) == (
        "The match is over. Ayşe, Mehmet and Zeynep won with 202."
    )
    assert winners_line(report, SEATS, 3) == "The match is over. You, Ayşe and Mehmet won with 202."
    assert winners_line(individual_end((0, 3)), SEATS, 0) == (
        "The match is over. You and Zeynep won with 202."
    )
