"""Hot-seat tables: a person's rack is covered as soon as their turn ends, not once the
bots after them have played (a person who hands the terminal over at once showed their
rack to the next one)."""

from __future__ import annotations

from rendered import screen_text
from test_ui_hotseat import assert_no_private_tile, discard_last_tile
from ui_helpers import OPENING_SEED, goto, wait_for_screen

from okey_tui.settings import TableSettings
from okey_tui.ui.app import make_app
from okey_tui.ui.screens.privacy import PrivacyScreen
from okey_tui.ui.screens.table import TableScreen
from okey_tui.ui.widgets.rack import RackWidget


def slow_bots_app():
    """Ayşe (seat 0, to start) and Mehmet (seat 2, across); the bots take their time."""
    settings = TableSettings(bots=("easy", "easy", "easy")).with_changes(
        humans=2, human_names=("Mehmet",), name="Ayşe"
    )
    return make_app(settings=settings, ask=False, seed=OPENING_SEED, bot_delay=600, remember=False)


async def test_a_persons_rack_is_covered_at_their_discard_before_the_bots_play():
    app = slow_bots_app()
    async with app.run_test(size=(120, 40)) as pilot:
        session = app.session
        await wait_for_screen(pilot, app, PrivacyScreen)
        await pilot.press("enter")
        await wait_for_screen(pilot, app, TableScreen)
        screen = app.screen
        filled = [i for i, t in enumerate(screen.rack.slots) if t is not None]
        await goto(pilot, screen, filled[-1])
        await pilot.press("x")
        await pilot.pause()
        await pilot.pause()
        hand = session.hand
        # The bot Can (seat 1) has not moved yet: its turn, Ayşe's discard the last event.
        assert hand.turn == 1
        assert session.events[-1].seat == 0 and session.events[-1].kind == "discard"
        assert isinstance(app.screen, PrivacyScreen), "Ayşe's rack left face up"
        text = screen_text(app)
        assert "Pass to Mehmet — press Enter when ready" in text
        assert "This hand so far" in text and "Ayşe discarded" in text
        assert not app.screen.query(RackWidget)
        assert_no_private_tile(session, text, (0, 2))
        # Mehmet takes the terminal while Can still plays: his own rack, his turn to come.
        await pilot.press("enter")
        await wait_for_screen(pilot, app, TableScreen)
        assert session.viewer == 2 and hand.turn == 1
        shown = sorted(str(t) for t in app.screen.rack.slots if t is not None)
        assert shown == sorted(str(t) for t in hand.racks[2])
        # The line says whose turn comes and who plays meanwhile (it was blank).
        from ui_helpers import status_text

        said = status_text(app.screen)
        assert said == f"Mehmet, your turn comes next: {session.seat_name(1)} is playing", said


async def test_the_recap_grows_with_the_bots_moves_behind_the_cover():
    """Mehmet throws; the terminal passes to Ayşe at once, and the bot Zeynep's moves,
    made behind the cover, are in Ayşe's recap once her turn comes."""
    from test_ui_hotseat import hotseat_app, to_mehmets_turn

    app = hotseat_app()
    async with app.run_test(size=(120, 40)) as pilot:
        session = app.session
        await to_mehmets_turn(pilot, app)
        await pilot.press("d")
        await pilot.pause()
        await discard_last_tile(pilot, app)  # waits for the bots behind the cover
        assert session.hand.turn == 0
        zeynep = [e for e in session.events if e.seat == 3 and e.kind == "discard"][-1]
        text = screen_text(app)
        assert "Since your last turn" in text
        assert f"Zeynep discarded {zeynep.tiles[0]}" in text
