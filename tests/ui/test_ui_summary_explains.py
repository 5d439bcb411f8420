"""The hand summary says where its big numbers come from, once each: "You 202 not opened =
202" did not say that 202 is twice 101, and "straight out (×2)" did not say what a straight
out is. A line under the scores says where 202 comes from when a seat writes it (said
beside the first such row, "(202: twice 101)" read as a part of that row's sum, and the
next row went without it); a straight out is explained under the hand's head line. Both
fit at 80x24."""

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
TWICE = "202: a hand never opened scores twice 101"


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


def report(hand: Hand, code: str = "classic/3") -> HandReport:
    result = score_hand(hand)
    totals = result.totals()
    return HandReport(
        1, 3, result, hand.indicator, tuple(hand.table), None, (), (totals,), totals, False,
        (), RuleSet.from_code(code), (False,) * 4,
    )  # fmt: skip


def summary_lines(hand: Hand, you: int | None = 0, code: str = "classic/3") -> list[str]:
    console = Console(width=76, record=True, file=io.StringIO())
    console.print(explain_hand(report(hand, code), SEATS, you))
    return [line.rstrip() for line in console.export_text().splitlines()]


def test_a_straight_out_is_explained_once_under_the_head_line() -> None:
    lines = summary_lines(finished(straight=True))
    assert lines[0] == "Hand 1/3: Mehmet finished, straight out (×2)"
    assert lines[1] == STRAIGHT
    assert sum(STRAIGHT in line for line in lines) == 1
    # An ordinary finish has nothing to explain.
    assert not any("A straight out" in line for line in summary_lines(finished(straight=False)))


def test_202_is_said_to_be_twice_101_once_under_the_scores() -> None:
    for straight in (True, False):
        lines = summary_lines(finished(straight))
        rows = [next(i for i, line in enumerate(lines) if line.startswith(name)) for name in
                ("You", "Ayşe", "Mehmet", "Zeynep")]  # fmt: skip
        for name in ("Ayşe", "Zeynep"):  # every row that writes 202 reads alike
            row = next(line for line in lines if line.startswith(name))
            assert "202 not opened" in row and "twice" not in row, lines
        # Once, on a line of its own, after every seat's lines: not a part of a row's sum.
        assert [line for line in lines if "twice" in line] == [TWICE], lines
        assert lines.index(TWICE) > max(rows)
    # Said to the player whose hand it was too, and with the sides' sums at a partners table.
    assert TWICE in summary_lines(finished(straight=False), you=1)
    lines = summary_lines(finished(straight=False), code="classic/3+p")
    assert lines[-1] == TWICE and lines[-2].startswith("This hand:"), lines


def test_202_is_not_explained_when_no_seat_writes_it() -> None:
    hand = position(
        ["K1 K2", "Y1 Y2", "R1 R2 R3 K13", "B1 B2"],
        turn=2,
        openings="m123/m101/m101/m105",
        table=["0:K10K11K12", "0:Y10Y11Y12Y13", "0:R10R11R12R13"],
    )
    hand.apply(parse_action("lay R1R2R3", OKEY))
    hand.apply(parse_action("discard K13", OKEY))
    lines = summary_lines(hand)
    assert not any("202" in line for line in lines), lines


async def test_the_explanations_are_in_sight_at_80x24() -> None:
    app = table_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(HandSummaryScreen(report(finished(straight=True)), SEATS, 0))
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        assert STRAIGHT in text
        rows = [line for line in text.splitlines() if "202 not opened × 2 = 404" in line]
        assert len(rows) == 2 and not any("twice" in row for row in rows), text
        assert TWICE in text, text


def test_a_false_okey_is_said_counted_only_where_the_tiles_count() -> None:
    """ "21 tiles left: … F✦ (F✦ counts as B8)" beside a flat 202: the tiles of a seat that
    never opened do not count, so what F✦ counts as is left out there (said where they do)."""
    hand = position(
        ["K1 F", "Y1 F", "R1 R2 R3 K13", "B1 B2"],
        turn=2,
        openings="m123/-/m101/-",
        table=["0:K10K11K12", "0:Y10Y11Y12Y13", "0:R10R11R12R13"],
    )
    hand.apply(parse_action("lay R1R2R3", OKEY))
    hand.apply(parse_action("discard K13", OKEY))
    lines = summary_lines(hand)
    rows = {name: next(i for i, line in enumerate(lines) if line.startswith(name + " "))
            for name in ("You", "Ayşe", "Mehmet")}  # fmt: skip
    you, ayse = lines[rows["You"] : rows["Ayşe"]], lines[rows["Ayşe"] : rows["Mehmet"]]
    assert any("F✦" in line for line in ayse) and any("202 not opened" in line for line in ayse)
    assert not any("counts as" in line for line in ayse), ayse
    assert any("(F✦ counts as B8)" in line for line in you), you
