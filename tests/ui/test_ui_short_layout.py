"""At 80x24 the table's melds have the rows: the player lays off and watches the discards
without paging PgUp PgDn every turn, and no panel loses what a player reads on it."""

from __future__ import annotations

import pytest
from rendered import screen_text
from ui_helpers import OPENING_SEED, at_position, select_tiles, table_app

from okey_tui import i18n
from okey_tui.ui.widgets.board import LayDownArea, MeldsView, PilePanel, PlayerPanel
from tests.positions import position

# Every seat opened, two or three melds each: eight lines of melds at 80x24 in all.
OPENED_TABLE = (
    "0:R9R10R11",
    "0:Y11Y12Y13",
    "0:B9B10B11",
    "1:R12Y12K12",
    "1:Y9B9K9",
    "2:K1K2K3",
    "2:R5R6R7R8",
    "3:B1B2B3",
    "3:Y5Y6Y7",
    "3:K10K11K12K13",
)


def opened_position():  # type: ignore[no-untyped-def]
    """Seat 0 to draw, opened like the others; Zeynep's K4 on offer from the left."""
    return position(
        ["R1 R2 Y3 B5 B6 K7 K8", "R3 R4", "Y1 Y2", "B12 B13"],
        phase="d",
        discards=["R13", "Y4", "B7", "K4"],
        table=OPENED_TABLE,
        openings="m101/m102/m103/m104",
    )


def melds_lines_in_sight(melds: MeldsView) -> int:
    """The lines of melds the box shows at once."""
    return min(melds.scrollable_content_region.height, melds._lines)


@pytest.mark.parametrize("language", ["en", "tr"])
async def test_at_80x24_an_opened_table_shows_five_lines_of_melds(language: str) -> None:
    """After the openings the melds box at 80x24 showed two lines ("PgDn: 4 more lines"):
    the top row now keeps one line inside its frame and the lay-down row two (its keys on
    its frame), and the melds have five. Every panel still shows its seat's tiles, score
    and opening; the piles their top tiles; the middle row the indicator and the count."""
    i18n.set_language(language)
    try:
        app = table_app(OPENING_SEED)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await at_position(pilot, app, opened_position())
            await pilot.pause()
            melds = screen.query_one(MeldsView)
            assert melds_lines_in_sight(melds) >= 5, melds.scrollable_content_region
            text = screen_text(app)
            view = screen.view
            for panel in screen.query(PlayerPanel):
                shown = str(panel.render())
                width, height = panel.content_size
                assert len(shown.splitlines()) <= height, (panel.id, shown)
                count = view.rack_counts[panel.seat]
                said = i18n.ngettext("{n} tile", "{n} tiles", count).format(n=count)
                assert said in shown, (panel.id, shown)
                assert i18n._("{score} pts").format(score=0) in shown or (
                    i18n._("score {score}").format(score=0) in shown
                ), (panel.id, shown)
                opening = view.openings[panel.seat]
                assert opening is not None and str(opening.value) in shown, (panel.id, shown)
            for pile in screen.query(PilePanel):
                top = view.discards[pile.seat][-1]
                assert str(top) in str(pile.render()), (pile.id, pile.render())
            assert i18n._("t take") in str(screen.query_one("#pile-3", PilePanel).render())
            assert i18n._("Indicator") in text
            assert i18n._("Middle: {n}").format(n=view.middle_count) in text
            assert "▶" in str(screen.query_one("#seat-0", PlayerPanel).border_title)
    finally:
        i18n.set_language("en")


async def test_at_120x40_the_table_is_laid_out_as_before() -> None:
    """The short terminal's rows are its own: at 120x40 the top row keeps its three lines,
    the lay-down box its line of keys inside its frame, and every meld is in sight."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_position(pilot, app, opened_position())
        await pilot.pause()
        assert screen.query_one("#top-row").outer_size.height == 5
        laydown = screen.query_one(LayDownArea)
        assert "o stages your groups" in str(laydown.render())
        assert not laydown.border_subtitle
        melds = screen.query_one(MeldsView)
        assert melds.max_scroll_y == 0


async def test_at_80x24_the_lay_down_box_keeps_its_keys_on_its_frame() -> None:
    """At 80x24 the lay-down box's line "o stages your groups · space selects" took two of
    the table's rows: it is on the box's frame, as short as the frame holds (the key bar
    names o); the opening floor stays inside."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        laydown = app.screen.query_one(LayDownArea)
        shown = str(laydown.render())
        assert "Open: 101 pts or 5 pairs" in shown
        assert "o stages" not in shown
        assert laydown.border_subtitle == "space selects"
        assert laydown.outer_size.height == 4


async def test_at_80x24_selecting_tiles_leaves_the_melds_in_sight() -> None:
    """At 80x24 "Selected: …" grew the lay-down row under the prompt and took the table's
    melds down to one line as the player chose the tiles to add to them. The selection
    takes the prompt's place: the rows stay where they were."""
    app = table_app(OPENING_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await at_position(pilot, app, opened_position())
        await pilot.press("d")
        await pilot.pause()
        melds = screen.query_one(MeldsView)
        before = melds_lines_in_sight(melds)
        rows = screen.query_one("#mid-row").region
        await select_tiles(pilot, screen, "B5 B6")
        await pilot.pause()
        laydown = screen.query_one(LayDownArea)
        assert "Selected:" in str(laydown.render())
        assert screen.query_one("#mid-row").region == rows
        assert melds_lines_in_sight(melds) == before >= 5
        await pilot.press("escape")
        await pilot.pause()
        assert "You opened 101" in str(laydown.render())


async def test_at_80x24_your_own_panel_takes_a_third_line_when_two_do_not_hold_it() -> None:
    """Your own panel has two lines at 80x24; at a partners table "22 tiles · team -101"
    or with a penalty paid, two lines would leave the score out: the row takes a third."""
    from okey_tui.engine.state import Penalty, PenaltyReason

    app = table_app(OPENING_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await at_position(pilot, app, opened_position())
        await pilot.pause()
        panel = screen.query_one("#seat-0", PlayerPanel)
        assert panel.content_size.height == 2
        app.session.hand.penalties.append(Penalty(0, 101, PenaltyReason.OKEY_DISCARD))
        screen.render_all()
        await pilot.pause()
        await pilot.pause()
        shown = str(panel.render())
        assert panel.content_size.height == 3
        assert "+101 penalty" in shown and "score 0" in shown, shown
        assert len(shown.splitlines()) <= 3, shown
        assert melds_lines_in_sight(screen.query_one(MeldsView)) >= 4
