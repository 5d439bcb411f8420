"""The penalty for an okey taken off the table names the okey by what it stood for: "+101
an okey they placed was taken: R11" read as if R11 were the okey (it was the tile given for
it, the okey standing for R11 in Ayşe's run)."""

from __future__ import annotations

import io

import pytest
from positions import position
from rich.console import Console
from ui_helpers import finished_report

from okey_tui import i18n
from okey_tui.table import HandReport, SeatInfo
from okey_tui.ui.screens.summary import explain_hand

SEATS = [SeatInfo(s, name, None) for s, name in enumerate(["You", "Ayşe", "Mehmet", "Zeynep"])]


def okey_taken_from_ayse() -> HandReport:
    """Mehmet (seat 2) gives R11 for the okey in Ayşe's R10 ★R11 R12, lays it off and goes
    out: Ayşe pays 101."""
    hand = position(
        ["", "", "R11 Y5", ""],
        turn=2,
        phase="d",
        table=["1:R10*R11R12", "2:Y2Y3Y4"],
        openings="-/m101/m101/-",
        middle="K13",
        rest="rack3",
    )
    return finished_report(hand, ("draw", "swap 0 R11", "add Y5>1", "add *Y6>1", "discard K13"))


def ayse_lines(lang: str) -> str:
    i18n.set_language(lang)
    try:
        console = Console(width=120, record=True, file=io.StringIO())
        console.print(explain_hand(okey_taken_from_ayse(), SEATS, 0))
    finally:
        i18n.set_language("en")
    lines = [line.rstrip() for line in console.export_text().splitlines()]
    start = next(i for i, line in enumerate(lines) if line.startswith("Ayşe"))
    return "\n".join(lines[start : start + 3])


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "+101 an okey they placed was taken: ★R11 by Mehmet"),
        ("tr", "+101 koyduğu okey alındı: ★R11 (alan: Mehmet)"),
    ],
)
def test_the_okey_taken_is_named_by_the_tile_it_stood_for(lang: str, said: str) -> None:
    text = ayse_lines(lang)
    assert said in text, text
    assert ": R11" not in text, text
