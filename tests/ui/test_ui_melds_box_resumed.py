"""The melds box of a resumed match counts the lines it really has out of sight.

Shown before the box's first layout, the melds were broken for a box 20 cells wide; the
box then kept that text's height at its real width: at 120x24 a crowded table said "PgDn:
9 more lines" with two lines below, and PgDn scrolled through empty rows. A resize of a
live game laid the box out again, which hid it."""

from __future__ import annotations

from ui_helpers import late_app, wait_for_human

from okey_tui.ui.widgets.board import MeldsView


def real_lines(melds: MeldsView) -> int:
    """The lines the melds take at the box's width, as the box draws them."""
    text = melds.melds_text
    return len(text.render().wrap(text.content_region.width))  # type: ignore[union-attr]


async def test_a_resumed_crowded_table_counts_the_melds_lines_out_of_sight():
    app = late_app(8, turns_left=1, bots=("hard", "hard", "hard"))  # a crowded table
    # 80x24: at 120x24 the melds of this table now fit their box (a seat's melds follow
    # another's on its line), and the case is a box with lines out of sight.
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_human(pilot, app)
        await pilot.pause()
        screen = app.screen
        assert len(screen.view.table) >= 12
        melds = screen.query_one(MeldsView)
        height = melds.scrollable_content_region.height
        below = real_lines(melds) - height
        assert below > 0, "the case: more melds than the box has lines"
        assert round(melds.max_scroll_y) == below
        said = f"PgDn: {below} more line" + ("s" if below > 1 else "")
        centre = screen.query_one("#centre")
        for _ in range(20):  # the count follows the box's last resize, a refresh later
            if centre.border_subtitle == said:
                break
            await pilot.pause()
        assert centre.border_subtitle == said
        await pilot.press("pagedown")
        # The last line of the melds shows at the foot of the box: no empty rows below it.
        assert round(melds.scroll_y) + height == real_lines(melds)
