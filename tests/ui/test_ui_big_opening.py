"""Rules §12: at a Rising or Challenge table a big first opening (150 points or 7 pairs and
up) takes 101 off the opener's hand score. Staging 7 pairs at a Rising table said only
"Opening: 7 / 5 pairs" and the log "You opened with 7 pairs": the −101 first showed in the
end-of-hand summary. The lay-down box says it while the pairs are staged and the log
when the opening is laid; at a Classic table, which has no bonus, neither does."""

from __future__ import annotations

import pytest
from textual.widgets import RichLog, Static
from ui_helpers import OPENING_SEED, at_position, select_tiles, table_app

from okey_tui import i18n
from okey_tui.engine.rules import RuleSet
from okey_tui.engine.state import Event, Hand, Opening, OpeningKind
from okey_tui.engine.tiles import parse_tiles
from okey_tui.messages import event_text, you_opened_with
from okey_tui.ui.widgets.board import LayDownArea
from tests.positions import position

PAIRS = ("R1 R1", "Y2 Y2", "K5 K5", "B9 B9", "R13 R13", "K3 K3", "Y11 Y11")
RACK = " ".join(PAIRS) + " B4"


def seven_pairs(code: str) -> Hand:
    return position([RACK, "", "", ""], rules=f"{code}/11")


@pytest.mark.parametrize(("code", "bonus"), [("rising", True), ("classic", False)])
async def test_staging_seven_pairs_says_the_bonus_and_the_log_says_it_when_laid(
    code: str, bonus: bool
) -> None:
    app = table_app(OPENING_SEED, game_type=code)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_position(pilot, app, seven_pairs(code))
        for pair in PAIRS:
            await select_tiles(pilot, screen, pair)
            await pilot.press("o")
            await pilot.pause()
        assert len(screen.staging.melds) == 7, str(screen.query_one("#status", Static).render())
        shown = " ".join(screen.query_one(LayDownArea).text.plain.split())
        assert "Opening: 7 / 5 pairs" in shown, shown
        assert ("Opening: 7 / 5 pairs: -101 when you open" in shown) == bonus, shown
        await pilot.press("enter")
        await pilot.pause()
        assert app.session.hand.openings[0] is not None
        lines = screen.query_one("#log", RichLog).lines
        log = " ".join(" ".join(line.text for line in lines).split())  # lines wrap
        assert "You opened with 7 pairs" in log, log
        assert ("You opened with 7 pairs: -101 (big opening)" in log) == bonus, log
        # The line after the lay-down says it too, where the player looks.
        status = str(screen.query_one("#status", Static).render())
        assert status.startswith("You opened with 7 pairs"), status
        assert ("-101 (big opening)" in status) == bonus, status


def opening_event(pairs: str, n: int) -> Event:
    return Event("open", 0, f"opened with {n} pairs", tuple(parse_tiles(pairs)), n)


def test_six_pairs_earn_no_bonus_and_nine_twice_it() -> None:
    """The lines ask the engine: 6 pairs earn nothing at a Rising table, 9 pairs −202;
    the status line's words take the table's rules too."""
    hand = seven_pairs("rising")
    six = opening_event(" ".join(PAIRS[:6]), 6)
    assert event_text(six, hand, own=True) == "opened with 6 pairs"
    nine = opening_event(" ".join(PAIRS) + " B7 B7 K9 K9", 9)
    assert event_text(nine, hand, own=True) == "opened with 9 pairs: -202 (big opening)"
    melds = Opening(OpeningKind.MELDS, 165)
    rising = RuleSet.from_code("rising/11")
    assert you_opened_with(melds, rising) == "You opened with 165 points: -101 (big opening)"
    assert you_opened_with(melds, RuleSet()) == "You opened with 165 points"


def test_the_bonus_is_said_in_turkish() -> None:
    hand = seven_pairs("rising")
    seven = opening_event(" ".join(PAIRS), 7)
    i18n.set_language("tr")
    try:
        said = event_text(seven, hand, own=True)
    finally:
        i18n.set_language("en")
    assert said == "7 çiftle açtın: -101 (büyük açılış)"
