"""At 80x24 a panel's title keeps the turn's seconds whole, shortening the name first."""

from __future__ import annotations

from rendered import screen_text
from ui_helpers import table_app, wait_for_human

from okey_tui.ui.widgets.board import PlayerPanel


async def test_at_80x24_the_turns_seconds_stay_in_a_narrow_panels_title():
    """A side panel at 80x24 has 10 columns for its title: "▶ Zeynep · 12 s" was cut by
    the border to "▶ Zeynep …"; the name is shortened, the seconds kept whole."""
    app = table_app(7)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_human(pilot, app)
        screen = app.screen
        narrow = [p for p in screen.query(PlayerPanel) if p.size.width - 2 < 15]
        assert narrow, "the case: panels too narrow for '▶ Zeynep · 12 s'"
        for panel in narrow:
            panel.set_clock("12 s")
            name = app.session.seat_name(panel.seat)
            panel.show_title(name, True)
        await pilot.pause()
        top_borders = [
            line for line in screen_text(app).splitlines() if "╭─ ▶" in line or "┏━ ▶" in line
        ]
        shown = " ".join(top_borders)
        assert shown.count("▶") >= len(narrow), shown
        # A wider panel on its turn (your own) has no clock set here.
        wide = {app.session.seat_name(p.seat) for p in screen.query(PlayerPanel)} - {
            app.session.seat_name(p.seat) for p in narrow
        }
        for piece in shown.split("▶")[1:]:
            title = piece.split(" ─")[0].split(" ━")[0]
            assert title.endswith("12 s") or title.strip() in wide, (title, shown)
