"""The hand-end summary's account of tiles laid off on other seats' melds: which tile in
the finisher's meld another player added, and what the finisher gave away."""

from __future__ import annotations

import pytest
from positions import position
from ui_helpers import finished_report

from okey_tui.engine.tiles import Tile
from okey_tui.table import HandReport, SeatInfo
from okey_tui.ui.screens.summary import winning_melds

SEATS = [SeatInfo(s, name, None) for s, name in enumerate(["Sen", "Ayşe", "Mehmet", "Zeynep"])]


def finish_text(report: HandReport) -> str:
    line = winning_melds(report, SEATS)
    assert line is not None
    return " ".join(piece.plain for piece in line.pieces)


def test_a_real_tile_added_to_a_set_with_an_okey_is_the_bracketed_one() -> None:
    """Zeynep's set ★11 Y11 B11 (the okey either missing colour) took Ayşe's R11; the
    summary showed "R11 Y11 B11 (★K11)", the brackets on the okey, whose reading the
    R11 had changed, not on the R11 Ayşe added."""
    hand = position(
        ["", "R11 K1 K5 Y9", "Y5", ""],
        turn=1,
        phase="p",
        table=["2:*R11Y11B11", "2:Y2Y3Y4"],
        openings="-/m101/m101/-",
        middle="K13",
        rest="rack3",
    )
    okey = hand.okey
    report = finished_report(hand, ("add R11>0", "discard K1", "draw", "add Y5>1", "discard K13"))
    assert report.others_added == ((0, Tile.parse("R11")),)
    meld = report.table[0].meld
    assert okey in meld.tiles and Tile.parse("R11") in meld.tiles
    text = finish_text(report)
    assert "(R11)" in text, text
    assert "(★" not in text, text


def gave_and_swapped(*steps: str) -> HandReport:
    """Zeynep (seat 2) lays Y9 off on Ayşe's run, gives R6 for the okey in Ayşe's
    R5 ★R6 R7 and adds that okey to her own set, then goes out (or plays ``steps``)."""
    hand = position(
        ["", "", "Y9 R6 Y5", ""],
        turn=2,
        phase="d",
        table=["1:R5*R6R7", "1:Y6Y7Y8", "2:Y2Y3Y4"],
        openings="-/m101/m101/-",
        middle="K13",
        rest="rack3",
    )
    played = ("draw", "add Y9>1", "swap 0 R6", "add *Y1>2", "add Y5>2", "discard K13")
    return finished_report(hand, steps or played)


def test_a_tile_given_for_an_okey_is_said_as_a_swap_not_a_lay_off() -> None:
    """ "added to others' melds Y9 R6 B13": R6 was given to take the okey out of Ayşe's
    R5 ★R6 R7, which the summary did not tell from a lay-off."""
    report = gave_and_swapped()
    assert report.added == (Tile.parse("Y9"), Tile.parse("R6"))
    assert report.added_swaps == (0, 1)
    text = finish_text(report)
    assert "added to others' melds Y9 " in text, text
    assert "swapped R6 for an okey" in text, text
    assert "melds Y9 R6" not in text, text


def test_a_swap_taken_back_is_not_said_as_well_as_the_swap_made_again() -> None:
    """Zeynep swaps the okey out of Ayşe's run (Ayşe pays +101), takes her turn back, then
    swaps again and goes out: the summary said "swapped R6 R6 for 2 okeys". The penalty
    written to Ayşe, another seat, ended Zeynep's turn in the account, so the take-back
    put back only what came after it."""
    report = gave_and_swapped(
        "draw",
        "add Y9>1",
        "swap 0 R6",
        "add *Y1>2",
        "takeback",
        "add Y9>1",
        "swap 0 R6",
        "add *Y1>2",
        "add Y5>2",
        "discard K13",
    )
    assert report.added == (Tile.parse("Y9"), Tile.parse("R6")), report.added
    assert report.added_swaps == (0, 1)
    text = finish_text(report)
    assert "swapped R6 for an okey" in text and "2 okeys" not in text, text


def test_a_swap_puts_its_tiles_where_the_language_does(monkeypatch: pytest.MonkeyPatch) -> None:
    """Turkish says the tiles after the okey ("okey karşılığında verilen R6")."""
    from okey_tui.ui.screens import summary

    said = {"swapped {tiles} for an okey": "okey karşılığında verilen {tiles}"}
    monkeypatch.setattr(summary, "ngettext", lambda one, _many, _n: said.get(one, one))
    text = finish_text(gave_and_swapped())
    assert "okey karşılığında verilen R6" in text, text


def test_a_report_from_before_swaps_were_told_apart_says_every_tile_laid_off() -> None:
    """A network table's report without the field: the tiles as before, none lost."""
    from dataclasses import replace

    text = finish_text(replace(gave_and_swapped(), added_swaps=()))
    assert "added to others' melds Y9 R6" in text, text
    assert "swapped" not in text, text


def test_an_okey_in_a_set_of_three_is_written_as_the_table_writes_it() -> None:
    """Zeynep's set R7 ★7 B7 (the okey either missing colour, as the table and the log
    write it) was "R7 ★Y7 B7" in her finish: a colour the table never gave it."""
    hand = position(
        ["", "", "Y5", ""],
        turn=2,
        phase="d",
        table=["2:R7*Y7B7", "2:Y2Y3Y4"],
        openings="-/m101/m101/-",
        middle="K13",
        rest="rack3",
    )
    report = finished_report(hand, ("draw", "add Y5>1", "discard K13"))
    text = finish_text(report)
    assert "R7 ★7 B7" in text, text
    assert "★Y7" not in text and "★K7" not in text, text
