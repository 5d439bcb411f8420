"""The count of saves kept aside, as the new-table screen says it: every file lying aside
in the saves folder, not only those set aside by an earlier run. With one set aside before
and one set aside by this run, the reminder said "1 save that could not be used is kept
aside" while two lay there (the line above it told of the new one)."""

from __future__ import annotations

from textual.widgets import Static

from okey_tui import storage
from okey_tui.ui.app import make_app
from okey_tui.ui.screens.setup import NewTableScreen


def one_earlier_one_now() -> None:
    """A save set aside by an earlier run, and a damaged save this run sets aside."""
    folder = storage.saves_dir()
    folder.mkdir(parents=True)
    (folder / "20200101-000000-bad0.json.corrupt-20200102-000000").write_text("{", "utf-8")
    storage.save_path_for("20200103-000000-bad1").write_text("garbage\n", "utf-8")


def test_the_reminder_counts_every_save_lying_aside() -> None:
    one_earlier_one_now()
    found = storage.list_saves()
    assert len(found.problems) == 1 and len(found.set_aside) == 2
    (said,) = found.reminders()
    assert said.startswith("2 saves that could not be used are kept aside"), said
    assert said.endswith("okey101 saves lists them")


def test_saves_set_aside_by_this_run_alone_are_not_said_twice() -> None:
    folder = storage.saves_dir()
    folder.mkdir(parents=True)
    storage.save_path_for("20200101-000000-bad0").write_text("{", "utf-8")
    storage.save_path_for("20200103-000000-bad1").write_text("garbage\n", "utf-8")
    found = storage.list_saves()
    assert len(found.problems) == 2 and len(found.set_aside) == 2
    assert found.reminders() == []  # each said by its own line


async def test_the_new_table_screen_says_how_many_saves_lie_aside() -> None:
    one_earlier_one_now()
    app = make_app(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewTableScreen)
        notice = str(app.screen.query_one("#new-table-notice", Static).render())
        assert "The saved match 20200103-000000-bad1 is unusable" in notice, notice
        assert "2 saves that could not be used are kept aside" in notice, notice
