"""Melds staged (not laid) when a match stops are staged again when it is resumed.

A play-tester staged an opening (s, o), quit, resumed: the melds were back on the rack,
the lay-down box empty and the line said only "Match resumed.", at one's own table and at
a hot-seat one. The save keeps them with the moment they were staged, and a resume at that
moment stages them again; Esc then puts them back in the slots they left."""

from __future__ import annotations

from collections import Counter

from ui_helpers import OPENING_SEED, at_the_table, status_text, wait_for_human

from okey_tui import storage
from okey_tui.settings import TableSettings
from okey_tui.ui.app import make_app
from okey_tui.ui.screens.table import TableScreen

SOLO = TableSettings(bots=("easy",) * 3, hands=3)
HOTSEAT = SOLO.with_changes(humans=2, human_names=("Mehmet",), name="Ayşe")


async def staged_and_left(settings: TableSettings) -> tuple[list[str], Counter[object]]:
    """A new match whose first person stages every meld of the dealt rack and quits: the
    staged melds (their texts) and every tile of that person's."""
    app = make_app(settings=settings, ask=False, seed=OPENING_SEED, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_the_table(pilot, app)
        await pilot.press("s", "o")
        await pilot.pause()
        okey = screen.view.okey
        staged = [meld.text(okey) for meld in screen.staging.melds]
        assert staged, status_text(screen)
        tiles = Counter([*screen.rack.tiles(), *screen.staging.tiles()])
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    return staged, tiles


async def test_staged_melds_come_back_staged_on_resume_and_esc_puts_them_back() -> None:
    staged, tiles = await staged_and_left(SOLO)
    assert len(storage.list_saves().entries) == 1
    again = make_app(settings=SOLO, ask=False, bot_delay=0, resume=True)
    async with again.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, again)
        await pilot.pause()
        screen = again.screen
        assert isinstance(screen, TableScreen)
        okey = screen.view.okey
        assert [meld.text(okey) for meld in screen.staging.melds] == staged
        assert Counter([*screen.rack.tiles(), *screen.staging.tiles()]) == tiles
        assert status_text(screen).startswith("Match resumed with the melds you had staged.")
        # What they wait for: they open (it said "open if you can (o)" of them).
        assert status_text(screen).endswith("Enter lays them down, Esc puts them back")
        await pilot.press("escape")
        await pilot.pause()
        assert not screen.staging.melds and Counter(screen.rack.tiles()) == tiles
        # Put back, they stay put back: a second resume stages nothing.
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    last = make_app(settings=SOLO, ask=False, bot_delay=0, resume=True)
    async with last.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, last)
        await pilot.pause()
        screen = last.screen
        assert isinstance(screen, TableScreen)
        assert not screen.staging.melds and Counter(screen.rack.tiles()) == tiles
        assert status_text(screen).startswith("Match resumed. ")


async def test_at_a_hot_seat_table_the_person_gets_their_staged_melds_past_the_privacy_screen() -> (
    None
):
    staged, tiles = await staged_and_left(HOTSEAT)
    again = make_app(settings=HOTSEAT, ask=False, bot_delay=0, resume=True)
    async with again.run_test(size=(120, 40)) as pilot:
        screen = await at_the_table(pilot, again)
        okey = screen.view.okey
        assert [meld.text(okey) for meld in screen.staging.melds] == staged
        assert Counter([*screen.rack.tiles(), *screen.staging.tiles()]) == tiles
        assert status_text(screen).startswith("Your staged melds are staged again."), status_text(
            screen
        )
