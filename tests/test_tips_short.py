"""At 80x24 a first-hand tip of three or four lines (the okey and a false okey, the floor
and how it rises, an opening, a lay-off and its cost) left the table's melds box one line,
another seat's melds out of sight. A short terminal's tips say the same in fewer words:
none takes more than three lines of the tip's 77 columns there."""

from __future__ import annotations

from positions import position
from rich.console import Console
from rich.text import Text

from okey_tui.engine.view import PlayerView
from okey_tui.ui.tips import Tip, Walkthrough

TIP_WIDTH = 77  # the tip's text at 80 columns: its left bar and padding left out
RACK = "R2 R3 R6 R6 R7 R9 Y3 Y6 Y10 B1 B2 B4 B9 B10 B10 B11 K1 K10 K10 K11 K12"
MELDS = "R10 R11 R12 R13 Y10 Y11 Y12 Y13 K10 K11 K12 K13 R1 Y5 K3"
PAIRS = "R1 R1 Y2 Y2 B3 B3 K4 K4 R5 R5 Y9 K12 B13 R11"


def lines(text: str) -> int:
    return len(Text(text).wrap(Console(width=200), TIP_WIDTH))


def every_tip() -> list[Tip]:
    views = [
        position([RACK.replace("R2 ", "F "), "", "", ""], indicator="B7", phase="d"),
        position([RACK, "", "", ""], indicator="B7", phase="d", rules="rising/11"),
        position([RACK, "", "", ""], indicator="B7", phase="d", rules="51/11"),
        position([RACK, "", "", ""], indicator="B7", phase="d", rules="challenge/11"),
        position([MELDS, "", "", ""], indicator="B7", phase="p"),
        position([PAIRS, "", "", ""], indicator="B7", phase="p"),
        position(
            ["R6 K9 Y1 B12", "", "", ""],
            phase="p",
            table=["0:Y10Y11Y12Y13", "1:R3R4R5"],
            openings="m101/m101/-/-",
        ),
    ]
    return [tip for hand in views for tip in Walkthrough().due(PlayerView.of(hand, 0))]


def test_a_short_terminal_s_tips_take_three_lines_at_most() -> None:
    tips = every_tip()
    said = {tip.words(False) for tip in tips}
    # Every kind of tip is here: the draw, the okey (a false one too), the floor (rising),
    # Going Pairs, an opening of melds and one of pairs, a lay-off and its cost.
    for words in ("with a draw", "false okey", "must beat", "Going Pairs", "costs +101"):
        assert any(words in text for text in said), (words, said)
    assert any("You can open:" in text for text in said), said
    assert any("You can open with 5 pairs" in text for text in said), said
    long = 0
    for tip in tips:
        for waits in (False, True):
            full, short = tip.words(waits), tip.words(waits, short=True)
            assert lines(short) <= 3, (lines(short), short)
            long += lines(full) > 3
            if lines(full) > 2:
                assert len(short) < len(full), full  # fewer words, never more
    assert long  # tips that took four lines and more, as the player saw


def test_the_full_tips_are_unchanged_on_a_larger_terminal() -> None:
    for tip in every_tip():
        # (An opening tip's points, or pairs, are said as the rack holds them: as first
        # shown here.)
        assert tip.words(False) == tip.text.replace(tip.placeholder, tip.points)
        waiting = (tip.waiting or tip.text).replace(tip.placeholder, tip.points)
        assert tip.words(True) == waiting
        both = tip.words(False) + tip.words(True, short=True)
        assert "{points}" not in both and "{count}" not in both
