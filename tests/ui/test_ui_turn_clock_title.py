"""At 80x24 a panel's title keeps the turn's seconds whole, and the name whole where the
seconds without their unit leave room for it."""

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
        shown = screen_text(app)
        titles = [
            panel.title_words(app.session.seat_name(panel.seat), True, panel.size.width - 2)
            for panel in narrow
        ]
        for panel, title in zip(narrow, titles, strict=True):
            # The name whole and the seconds (no unit, no mark: the frame marks the turn),
            # where those fit: it read "▶ Z… 12 s".
            name = app.session.seat_name(panel.seat)
            if len(name) + 3 <= panel.size.width - 2:
                assert title in (f"{name} 12", f"{name} 12 s", f"▶ {name} 12"), (title, shown)
            else:
                assert title.endswith("12 s") or title.endswith(" 12"), (title, shown)
            assert title in shown, (title, shown)


def test_a_long_name_keeps_as_much_of_itself_as_the_seconds_leave() -> None:
    """ "Abdurrahman Can" at 80x24 read "▶ Ab… 89 s": the mark and the seconds' unit
    kept, the name cut to two letters. The unit and the mark go first."""
    panel = PlayerPanel(1)
    panel.set_clock("89 s")
    assert panel.title_words("Abdurrahman Can", True, 10) == "Abdurr… 89"
    assert panel.title_words("Abdurrahman Can", True, 20) == "Abdurrahman Can 89 s"
    assert panel.title_words("Can", True, 20) == "▶ Can · 89 s"
