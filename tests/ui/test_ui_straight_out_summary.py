"""Rules §11: after a straight out every other player scores the flat straight-out figure
(404, 808 with an okey), opened or not. The summary says so for a seat that had opened:
"You 202 straight out × 2 + 101 penalties = 505" read like the never-opened figure.
The numbers are unchanged; only the words explain them."""

from __future__ import annotations

import io

from rich.console import Console

from okey_tui.engine.actions import parse_action
from okey_tui.engine.rules import RuleSet
from okey_tui.engine.scoring import score_hand
from okey_tui.engine.state import Hand
from okey_tui.engine.tiles import Tile
from okey_tui.table import HandReport, SeatInfo
from okey_tui.ui.screens.summary import explain_hand
from tests.positions import position

OKEY = Tile.parse("B8")
SEATS = [SeatInfo(s, name, None) for s, name in enumerate(["You", "Ayşe", "Mehmet", "Zeynep"])]


def straight_out(finish: str) -> Hand:
    """Mehmet (seat 2) lays everything but one tile and discards it, in one turn; you
    (seat 0) opened with 123 and Ayşe (seat 1) never opened."""
    hand = position(
        ["K1 K2", "Y1 Y2", "R1 R2 R3 " + finish, "B1 B2"],
        turn=2,
        openings="m123/-/-/-",
        table=["0:K10K11K12K13", "0:Y10Y11Y12Y13", "0:R10R11R12R13"],
    )
    hand.apply(parse_action("open R1R2R3", OKEY))
    hand.apply(parse_action(f"discard {finish}", OKEY))
    assert hand.outcome is not None and hand.outcome.straight
    return hand


def summary_text(hand: Hand) -> str:
    """The hand's summary as drawn at 120 columns, to the seat of "You"."""
    result = score_hand(hand)
    totals = result.totals()
    report = HandReport(
        1, 1, result, hand.indicator, tuple(hand.table), None, (), (totals,), totals, True,
        (2,), RuleSet.from_code("classic/1"), (False,) * 4,
    )  # fmt: skip
    console = Console(width=120, record=True, file=io.StringIO())
    console.print(explain_hand(report, SEATS, 0))
    return console.export_text()


def summary(hand: Hand) -> dict[str, str]:
    lines = [line.rstrip() for line in summary_text(hand).splitlines()]
    return {name: next(li for li in lines if li.startswith(name)) for name in ("You", "Ayşe")}


def test_an_opened_seat_reads_the_flat_figure_of_a_straight_out() -> None:
    lines = summary(straight_out("K13"))
    said = "404 (202 × 2 for a straight out: each opponent writes it, opened or not)"
    assert said in lines["You"], lines["You"]
    assert lines["You"].endswith("= 404")
    assert "202 straight out" not in lines["You"]
    # The seat that never opened scores the same 404, by its own line of the table.
    assert "202 not opened × 2 = 404" in lines["Ayşe"]


def test_a_straight_out_with_an_okey_reads_808() -> None:
    lines = summary(straight_out("B8"))
    said = "808 (202 × 4 for a straight out: each opponent writes it, opened or not)"
    assert said in lines["You"], lines["You"]
    assert lines["You"].endswith("= 808")


def test_the_straight_outs_figure_is_explained_once() -> None:
    """Zeynep (seat 3) opened too: her line gives the figure alone, "404 (202 × 2)"; the
    words said on the line above are not said again (at 80x24 the three lines of them
    pushed the score sheet below the fold)."""
    hand = position(
        ["K1 K2", "Y1 Y2", "R1 R2 R3 K13", "B1 B2"],
        turn=2,
        openings="m123/-/-/m120",
        table=["0:K10K11K12K13", "0:Y10Y11Y12Y13", "0:R10R11R12R13", "3:B10B11B12B13"],
    )
    hand.apply(parse_action("open R1R2R3", OKEY))
    hand.apply(parse_action("discard K13", OKEY))
    text = summary_text(hand)
    assert text.count("for a straight out: each opponent writes it") == 1, text
    zeynep = next(li for li in text.splitlines() if li.startswith("Zeynep"))
    assert "404 (202 × 2)" in zeynep and zeynep.rstrip().endswith("= 404"), zeynep
