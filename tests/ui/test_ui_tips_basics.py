"""The first turn's tips at the table: the draw, then the basics (the okey and melds, the
opening floor), one at a time, each whole in the tip box at 80x24 with the indicator still
in sight; the first lay-off that can be made gets a tip of its own."""

from __future__ import annotations

import pytest
from rendered import screen_text
from ui_helpers import at_position, table_app, wait_for_human

from okey_tui.engine.tiles import Tile
from okey_tui.ui.tips import FIRST_DRAW
from okey_tui.ui.widgets.keybar import KeyBar

NOT_THE_STARTER = 3  # seed 3: the person's first turn starts with a draw


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_after_the_draw_the_basics_show_whole_one_at_a_time(size: tuple[int, int]) -> None:
    app = table_app(NOT_THE_STARTER, practice=True, tips=True)
    async with app.run_test(size=size) as pilot:
        await wait_for_human(pilot, app)
        screen = app.screen
        practice = screen.practice
        assert practice.tip is not None and practice.tip.text == FIRST_DRAW
        await pilot.press("d")
        await pilot.pause()
        okey = practice.tip.text if practice.tip is not None else None
        assert okey is not None and okey.startswith(f"{screen.view.okey}★ is this hand's okey")
        said = []
        while practice.tip_shown is not None and len(said) < 5:
            tip = practice.tip_shown
            said.append(practice.tip.text)  # in full (fewer words at 80x24: shown below)
            # The tip box's own lines on the screen, its frame left out: the whole tip.
            box = screen.query_one("#tip").content_region
            lines = screen_text(app).splitlines()[box.y : box.bottom]
            shown = " ".join(line[box.x : box.right] for line in lines)
            assert " ".join(shown.split()) == " ".join(tip.split()), (tip, lines)
            assert "Indicator" in screen_text(app)
            await pilot.press("n")
        assert "opening floor" in said[1] and "202 (twice 101)" in said[1], said


async def test_the_first_lay_off_that_can_be_made_gets_a_tip() -> None:
    from tests.positions import position

    app = table_app(NOT_THE_STARTER, practice=True, tips=True)
    async with app.run_test(size=(120, 40)) as pilot:
        hand = position(
            ["R6 K9 Y1 B12 K1", "", "", ""],
            phase="p",
            table=["0:Y10Y11Y12Y13", "1:R3R4R5"],
            openings="m101/m101/-/-",
        )
        screen = await at_position(pilot, app, hand)
        practice = screen.practice
        # The deal's first-turn tips are past (another hand); the lay-off's is due.
        tip = practice.tip_shown
        assert tip is not None and tip.startswith("You can add R6 to meld 2 on the table"), tip
        assert "Put the cursor on R6 and press a" in tip
        slot = screen.rack.slot_of(Tile.parse("R6"))
        assert slot is not None
        screen.cursor = slot
        await pilot.press("a")
        await pilot.pause()
        assert Tile.parse("R6") in app.session.hand.table[1].meld.tiles
        assert practice.tip_shown is None  # added: the tip's moment is over


async def test_a_short_terminal_shows_a_tip_in_fewer_words_and_a_resize_rewords_it() -> None:
    """At 80x24 a tip of four lines left the melds box one line: there it is shown in its
    fewer words, and growing the terminal past 30 lines shows it in full (and back)."""
    app = table_app(NOT_THE_STARTER, practice=True, tips=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_human(pilot, app)
        screen = app.screen
        practice = screen.practice
        await pilot.press("d")
        await pilot.pause()
        tip = practice.tip
        assert tip is not None and tip.brief, tip
        box = screen.query_one("#tip")
        bar = screen.query_one("#keys", KeyBar)
        assert practice.tip_shown == tip.brief != tip.text
        assert str(box.render()) == tip.brief
        # Without the tip's frame ("n: got it · 2 more") at 80x24, the key bar counts the
        # tips waiting: a newcomer left the second over the table all hand, never seeing
        # the third.
        assert len(practice.tips_waiting) == 2
        assert "n Got it (2 more)" in [label.plain for _key, label in bar.items()]
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert practice.tip_shown == tip.text
        assert str(box.render()) == tip.text
        assert box.border_subtitle == "n: got it · 2 more"
        assert "n Got it" in [label.plain for _key, label in bar.items()]
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert str(box.render()) == tip.brief
        await pilot.press("n")  # the next tip: one more after it
        await pilot.pause()
        assert "n Got it (1 more)" in [label.plain for _key, label in bar.items()]
