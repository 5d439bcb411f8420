"""The end-of-hand summary opens at its top: the hand's head line and the first seat's
score in sight, at every size, in English and Turkish, at the match's end too. At the end
of a one-hand match at 80x24 it opened scrolled to its foot ("PgUp: yukarıda 6 satır"), its
first line half of a seat's tiles left, the hand and the first seat above the fold. The
keys stay in sight below the part that scrolls, and PgDn still scrolls."""

from __future__ import annotations

from dataclasses import replace

import pytest
from rendered import screen_text
from textual.containers import VerticalScroll
from ui_helpers import last_hand_report, table_app

from okey_tui import i18n
from okey_tui.engine.rules import GameType, RuleSet
from okey_tui.engine.tiles import Tile
from okey_tui.table import HandReport, SeatInfo
from okey_tui.ui.screens.summary import HandSummaryScreen

SEATS = [SeatInfo(s, name, None) for s, name in enumerate(["Can", "Ayşe", "Mehmet", "Zeynep"])]


def one_hand_match() -> HandReport:
    """The friend's table: a match of one hand, over with its summary."""
    return last_hand_report(1)


def eleven_hand_match() -> HandReport:
    return last_hand_report(11)


def mid_match() -> HandReport:
    report = last_hand_report(11)
    sheet = report.sheet[:3]
    totals = tuple(sum(column) for column in zip(*sheet, strict=True))
    return replace(report, number=3, sheet=sheet, totals=totals, match_over=False, winners=())


def long_partners_straight_out() -> HandReport:
    """As long as a summary gets: a straight out with an okey at a partners table, the
    finisher's tiles added to others' melds (an okey among them), tiles others added to its
    melds, every other seat with twelve tiles left, penalties paid."""
    report = last_hand_report(1)
    outcome = replace(report.result.outcome, straight=True, okey=True)
    return replace(
        report,
        result=replace(report.result, outcome=outcome),
        rules=RuleSet(game_type=GameType.CHALLENGE, hands=1, partners=True),
        added=(Tile.parse("B8"), Tile.parse("K8")),
        added_meant=(Tile.parse("R4"), Tile.parse("K8")),
        others_added=((0, Tile.parse("B4")), (5, Tile.parse("K8"))),
    )


REPORTS = {
    "one-hand match": one_hand_match,
    "eleven-hand match": eleven_hand_match,
    "mid-match": mid_match,
    "partners straight out": long_partners_straight_out,
}


SIZES = [(80, 24), (100, 30), (120, 40)]


@pytest.mark.parametrize("lang", ["en", "tr"])
async def test_the_summary_opens_at_its_top_with_the_keys_in_sight(lang: str) -> None:
    """Each summary (a one-hand match's end, an eleven-hand match's end, mid-match, a long
    partners straight out) at each size: opened at its top, the head line first and the
    first seat's score in sight, the keys below the part that scrolls, and where it is
    longer than its box the frame says so and PgDn scrolls. One app a language: each
    summary is opened on its own over the table, at the size the terminal was given, and
    closed before the next."""
    i18n.set_language(lang)
    app = table_app()
    async with app.run_test(size=SIZES[0]) as pilot:
        await pilot.pause()
        for size in SIZES:
            if app.size != size:
                await pilot.resize_terminal(*size)
            for kind, make in REPORTS.items():
                await summary_opens_at_its_top(pilot, app, make(), f"{kind} at {size}")


async def summary_opens_at_its_top(pilot, app, report: HandReport, case: str) -> None:  # type: ignore[no-untyped-def]
    table = app.screen
    app.push_screen(HandSummaryScreen(report, SEATS, 0))
    await pilot.pause()
    await pilot.pause()
    body = app.screen.query_one("#summary-body", VerticalScroll)
    dialog = app.screen.query_one("#summary")
    hint = app.screen.query_one(".dialog-hint")
    assert body.scroll_y == 0, case
    box = dialog.content_region
    lines = [line[box.x : box.right] for line in screen_text(app).splitlines()]
    lines = lines[box.y : box.bottom]
    if report.match_over and len(report.sheet) > 1:
        # A match of several hands over: the score sheet first, its hands in sight.
        assert lines[0].strip() == i18n._("Score sheet"), (case, lines)
        rows = [line.split("│")[1].strip() for line in lines if line.startswith("│")]
        assert "1" in rows, (case, lines)  # the first hand's row
    else:
        # The hand's head line is the dialog's first line, the first seat's score under it.
        head = i18n._("Hand {number}/{hands}:").format(number=report.number, hands=report.hands)
        assert lines[0].startswith(head), (case, lines)
        first = SEATS[report.result.seats[0].seat].name
        assert any(line.startswith(f"{first}  ") for line in lines), (case, lines)
    # The keys, below the part that scrolls.
    keys = " · ".join(
        i18n._(part)
        for part in (
            "Esc: see the table",
            "Enter or n: new match" if report.match_over else "Enter: next hand",
            "q: quit",
        )
    )
    assert keys in screen_text(app), case
    assert dialog.content_region.contains_region(hint.region), case
    assert not body.region.overlaps(hint.region), case
    if body.max_scroll_y > 0:
        # Longer than its box: the frame says what lies below, and PgDn brings it.
        below = round(body.max_scroll_y)
        more = i18n.ngettext("PgDn: {n} more line", "PgDn: {n} more lines", below)
        assert "▼ " + more.format(n=below) in screen_text(app), case
        await pilot.press("pagedown")
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()
        assert body.scroll_y > 0, case
        assert keys in screen_text(app), case
    app.pop_screen()
    await pilot.pause()
    assert app.screen is table, case
