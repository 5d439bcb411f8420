"""Hot-seat: each person's hints and log, shown or hidden as they left them."""

from __future__ import annotations

from test_ui_hotseat import discard_last_tile
from ui_helpers import OPENING_SEED, table_app, wait_for_screen

from okey_tui.ui.screens.privacy import PrivacyScreen
from okey_tui.ui.screens.table import TableScreen


async def take_terminal(pilot, app, seat: int) -> TableScreen:
    await wait_for_screen(pilot, app, PrivacyScreen)
    await pilot.press("enter")
    await wait_for_screen(pilot, app, TableScreen)
    await pilot.pause()
    assert app.session.viewer == seat
    return app.screen


async def test_the_hints_one_person_opened_stay_theirs():
    """Mehmet opened the hints (h) and ended his turn: at Ayşe's next turn the hints covered
    the table, though she had never asked for them. Each finds the hints as they left them."""
    app = table_app(
        OPENING_SEED, humans=2, human_names=("Mehmet",), name="Ayşe", practice=True, tips=False
    )
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await take_terminal(pilot, app, 0)
        assert not screen.practice.hints_on
        await discard_last_tile(pilot, app)
        screen = await take_terminal(pilot, app, 2)
        await pilot.press("h")
        assert screen.practice.hints_on
        await pilot.press("d")
        await discard_last_tile(pilot, app)
        screen = await take_terminal(pilot, app, 0)
        assert not screen.practice.hints_on, "Ayşe never opened the hints"
        assert not screen.query_one("#main").has_class("-hints")
        await pilot.press("d")
        await discard_last_tile(pilot, app)
        screen = await take_terminal(pilot, app, 2)
        assert screen.practice.hints_on, "Mehmet left his hints open"


async def test_the_log_one_person_showed_over_the_table_stays_theirs():
    """At 80x24 Mehmet shows the log over the table (l); Ayşe's next turn opens on the
    table, not on his log; his next turn on the log again."""
    app = table_app(OPENING_SEED, humans=2, human_names=("Mehmet",), name="Ayşe", tips=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await take_terminal(pilot, app, 0)
        assert not screen.log_shown()
        await discard_last_tile(pilot, app)
        screen = await take_terminal(pilot, app, 2)
        await pilot.press("l")
        assert screen.log_shown()
        await pilot.press("d")
        await discard_last_tile(pilot, app)
        screen = await take_terminal(pilot, app, 0)
        assert not screen.log_shown(), "Ayşe never showed the log"
        await pilot.press("d")
        await discard_last_tile(pilot, app)
        screen = await take_terminal(pilot, app, 2)
        assert screen.log_shown(), "Mehmet left his log shown"


async def test_the_quit_question_over_the_privacy_screen_shows_its_own_keys():
    """q at "Pass to Mehmet" asks whether to quit; the keys at the foot went on saying
    "⏎ Ready  q Quit" while only y and n answered. They are the question's, as at the table."""
    from rendered import screen_text

    from okey_tui.ui.screens.dialogs import ConfirmScreen

    app = table_app(OPENING_SEED, humans=2, human_names=("Mehmet",), name="Ayşe")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_screen(pilot, app, PrivacyScreen)
        await pilot.press("q")
        await wait_for_screen(pilot, app, ConfirmScreen)
        await pilot.pause()
        foot = screen_text(app).rstrip().splitlines()[-1]
        assert "y Yes" in foot and "n No" in foot and "Ready" not in foot, foot
        await pilot.press("n")
        await wait_for_screen(pilot, app, PrivacyScreen)
        await pilot.pause()
        foot = screen_text(app).rstrip().splitlines()[-1]
        assert "Ready" in foot and "q Quit" in foot and "Yes" not in foot, foot


async def test_the_privacy_box_stands_in_the_middle_and_its_keys_at_the_foot():
    """The key bar that replaced the footer sat in the screen's flow: the full-width bar and
    the box made one block, the box at the left edge with "⏎ Ready  q Quit" just under it,
    mid-screen. The box stands in the middle; the keys on the last line, as at the table."""
    from okey_tui.ui.widgets.keybar import KeyBar

    for width, height in ((120, 40), (200, 60), (80, 24)):
        app = table_app(OPENING_SEED, humans=2, human_names=("Mehmet",), name="Ayşe")
        async with app.run_test(size=(width, height)) as pilot:
            await wait_for_screen(pilot, app, PrivacyScreen)
            await pilot.pause()
            box = app.screen.query_one("#privacy").region
            keys = app.screen.query_one(KeyBar).region
            assert abs(box.x - (width - box.right)) <= 1, (width, box)
            assert keys.bottom == height and keys.width == width, (height, keys)
            # Above the keys, as far from them as from the top (a line either way).
            assert abs(box.y - (keys.y - box.bottom)) <= 1, (box, keys)
