"""Hot-seat tables: the look at the table as the hand ended (Esc on the hand summary).

The hand is over and the summary shows every rack's tiles left, as at a real table when
the tiles are turned up: the look shows the rack of the seat the table is seen from (the
person who played last), named on the line, never an empty rack."""

from __future__ import annotations

from collections import Counter

from rendered import screen_text
from test_ui_hotseat import play_to_summary, wait_for_screen
from textual.widgets import Static
from ui_helpers import late_app

from okey_tui.ui.app import make_app
from okey_tui.ui.screens.privacy import PrivacyScreen
from okey_tui.ui.screens.summary import HandSummaryScreen
from okey_tui.ui.screens.table import TableScreen
from okey_tui.ui.widgets.rack import RackWidget

PEOPLE: dict[str, object] = {"humans": 2, "human_names": ("Mehmet",), "name": "Ayşe"}


def rack_shown(app) -> Counter[str]:  # type: ignore[no-untyped-def]
    """The tiles the rack on the screen shows."""
    table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
    slots = table.query_one(RackWidget).layout_model.slots
    return Counter(str(t) for t in slots if t is not None)


def rack_left(app, seat: int) -> Counter[str]:  # type: ignore[no-untyped-def]
    """The tiles the engine says ``seat`` held when the hand ended."""
    return Counter(str(t) for t in app.session.hand.racks[seat])


async def look_at_the_table(pilot, app) -> int:  # type: ignore[no-untyped-def]
    """Esc on the summary; the seat whose rack the look shows."""
    await pilot.press("escape")
    await wait_for_screen(pilot, app, TableScreen)
    await pilot.pause(0.1)
    seat = app.session.viewer
    assert seat in app.session.humans
    assert rack_left(app, seat), "a hand that ended with the last person's rack empty"
    assert rack_shown(app) == rack_left(app, seat), screen_text(app)
    name = app.session.seat_name(seat)
    line = str(app.screen.query_one("#status", Static).render())
    assert f"{name}'s rack" in line and "Enter brings back the summary" in line
    return seat


async def test_esc_on_the_summary_shows_the_last_persons_rack_as_the_hand_ended():
    app = late_app(7, **PEOPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_to_summary(pilot, app)
        last = app.session.viewer
        assert await look_at_the_table(pilot, app) == last
        await pilot.press("enter")  # the summary again, then the next hand
        await wait_for_screen(pilot, app, HandSummaryScreen)
        await pilot.press("enter")
        await wait_for_screen(pilot, app, PrivacyScreen)
        # Passing the terminal for the new hand hides the rack again.
        assert not rack_shown(app)


async def test_resumed_at_the_summary_the_look_shows_a_rack_too():
    app = late_app(7, **PEOPLE)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_to_summary(pilot, app)

    again = make_app(settings=app.settings, ask=False, bot_delay=0, resume=True)
    async with again.run_test(size=(120, 40)) as pilot:
        await wait_for_screen(pilot, again, PrivacyScreen)
        await pilot.press("enter")
        await wait_for_screen(pilot, again, HandSummaryScreen)
        await look_at_the_table(pilot, again)
