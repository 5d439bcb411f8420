"""The hand summary says where its big numbers come from, once each: "You 202 not opened =
202" did not say that 202 is twice 101, and "straight out (×2)" did not say what a straight
out is. The first seat that writes the never-opened figure gets "(202: twice 101)"; a
straight out is explained under the hand's head line. Both fit at 80x24."""

from __future__ import annotations

import io

from rendered import screen_text
from rich.console import Console
from ui_helpers import table_app

from okey_tui.engine.actions import parse_action
from okey_tui.engine.rules import RuleSet
from okey_tui.engine.scoring import score_hand
from okey_tui.engine.state import Hand
from okey_tui.engine.tiles import Tile
from okey_tui.table import HandReport, SeatInfo
from okey_tui.ui.screens.summary import HandSummaryScreen, explain_hand
from tests.positions import position

OKEY = Tile.parse("B8")
SEATS = [SeatInfo(s, name, None) for s, name in enumerate(["You", "Ayşe", "Mehmet", "Zeynep"])]
STRAIGHT = "A straight out: every tile laid in one turn, without having opened before."
TWICE = "(202: twice 101)"


def finished(straight: bool) -> Hand:
    """Mehmet (seat 2) goes out: in one turn (a straight out) or having opened before. You
    (seat 0) opened with 123; Ayşe and Zeynep never opened."""
    hand = position(
        ["K1 K2", "Y1 Y2", "R1 R2 R3 K13", "B1 B2"],
        turn=2,
        openings="m123/-/-/-" if straight else "m123/-/m101/-",
        table=["0:K10K11K12", "0:Y10Y11Y12Y13", "0:R10R11R12R13"],
    )
    hand.apply(parse_action("open R1R2R3" if straight else "lay R1R2R3", OKEY))
    hand.apply(parse_action("discard K13", OKEY))
    assert hand.outcome is not None and hand.outcome.straight == straight
    return hand


def report(hand: Hand) -> HandReport:
    result = score_hand(hand)
    totals = result.totals()
    return HandReport(
        1, 3, result, hand.indicator, tuple(hand.table), None, (), (totals,), totals, False,
        (), RuleSet.from_code("classic/3"), (False,) * 4,
    )  # fmt: skip


def summary_lines(hand: Hand, you: int | None = 0) -> list[str]:
    console = Console(width=76, record=True, file=io.StringIO())
    console.print(explain_hand(report(hand), SEATS, you))
    return [line.rstrip() for line in console.export_text().splitlines()]


def test_a_straight_out_is_explained_once_under_the_head_line() -> None:
    lines = summary_lines(finished(straight=True))
    assert lines[0] == "Hand 1/3: Mehmet finished, straight out (×2)"
    assert lines[1] == STRAIGHT
    assert sum(STRAIGHT in line for line in lines) == 1
    # An ordinary finish has nothing to explain.
    assert not any("A straight out" in line for line in summary_lines(finished(straight=False)))


def test_202_is_said_to_be_twice_101_at_the_first_seat_that_writes_it() -> None:
    for straight in (True, False):
        lines = summary_lines(finished(straight))
        ayse = next(line for line in lines if line.startswith("Ayşe"))
        zeynep = next(line for line in lines if line.startswith("Zeynep"))
        assert "202 not opened" in ayse and TWICE in ayse, lines
        assert "202 not opened" in zeynep and TWICE not in zeynep  # once is enough
        assert sum(TWICE in line for line in lines) == 1
    # Said to the player whose hand it was, on their own line.
    lines = summary_lines(finished(straight=False), you=1)
    assert TWICE in next(line for line in lines if line.startswith("Ayşe"))


async def test_the_explanations_are_in_sight_at_80x24() -> None:
    app = table_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(HandSummaryScreen(report(finished(straight=True)), SEATS, 0))
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        assert STRAIGHT in text
        assert "202 not opened × 2 = 404  (202: twice 101)" in text, text
