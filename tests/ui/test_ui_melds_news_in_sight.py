"""The meld another seat just laid comes into sight in the melds box: at 80x24 the line said
"Mehmet laid meld 15" while meld 15 lay below the box's fold (PgDn to find it)."""

from __future__ import annotations

from test_ui_table_feedback import discard_then_wait
from ui_helpers import OPENING_SEED, at_position, table_app

from okey_tui.ui.widgets.board import MeldsView
from tests.positions import position


def busy_table():  # type: ignore[no-untyped-def]
    """Seat 0 to discard Y1; then seat 3 opens, its melds last in the box."""
    return position(
        [
            "R9 B1 K5 Y1",
            "Y6 K1 Y9",
            "Y2 Y3 B2 B3",
            "K10 K11 K12 K13 Y10 Y11 Y12 Y13 B11 B12 B13 R4 K7 R6 Y4 B1",
        ],
        # Many melds of seat 1's: at 80x24 they fill the box, and seat 3's come last.
        table=(
            "1:R2Y2K2",
            "1:R3Y3K3",
            "1:R5Y5B5",
            "1:R8Y8K8",
            "1:K1K2K3",
            "1:B4B5B6",
            "1:Y7Y8Y9",
            "1:R9R10R11",
            "1:R13Y13B13",
            "1:R12Y12B12K12",
            "1:R10Y10B10K10",
            "1:R11Y11B11K11",
            "1:R6Y6B6K6",
        ),
        openings="-/m101/-/-",
        phase="p",
    )


async def test_a_meld_a_bot_lays_below_the_fold_comes_into_sight() -> None:
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        hand = busy_table()
        screen = await at_position(pilot, app, hand)
        melds = screen.query_one(MeldsView)
        assert melds.max_scroll_y > 0, "the melds do not all fit at 80x24"
        assert melds.scroll_y == 0
        before = len(app.session.hand.table)
        game = app.session.hand
        await discard_then_wait(pilot, screen, "Y1", lambda: game.turn == 0 or game.is_over)
        for _ in range(5):
            await pilot.pause()
        assert len(game.table) > before and not game.is_over, "seat 3 laid melds"
        newest = max(i for i, tm in enumerate(game.table) if tm.owner == 3)
        line = melds.meld_line[newest]
        height = melds.scrollable_content_region.height
        assert melds.scroll_y <= line < melds.scroll_y + height, (line, melds.scroll_y, height)


async def test_a_box_paged_by_hand_on_the_others_turns_is_left_where_it_is() -> None:
    """Paged by hand (PgUp/PgDn) while the others play, the box stays where the player put
    it: the news pulled them away from what they were reading."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await at_position(pilot, app, busy_table())
        melds = screen.query_one(MeldsView)
        assert melds.scroll_y == 0 and melds.max_scroll_y > 0
        screen._melds_paged = True  # as PgUp on another's turn leaves it
        game = app.session.hand
        before = len(game.table)
        await discard_then_wait(pilot, screen, "Y1", lambda: game.turn == 0 or game.is_over)
        for _ in range(5):
            await pilot.pause()
        assert len(game.table) > before and not game.is_over
        assert melds.scroll_y == 0
