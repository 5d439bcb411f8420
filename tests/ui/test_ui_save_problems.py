"""A match whose save or statistics cannot be written goes on, and says so once: on the
table's status line and in a note over the screen (the hand's summary too)."""

from __future__ import annotations

from pathlib import Path

from ui_helpers import OPENING_SEED, late_app, wait_for_human

from okey_tui import stats
from okey_tui.bots.driver import safe_action
from okey_tui.settings import TableSettings
from okey_tui.ui.app import OkeyApp, make_app
from okey_tui.ui.screens.summary import HandSummaryScreen
from okey_tui.ui.screens.table import TableScreen


def told(app: OkeyApp) -> tuple[list[str], list[str]]:
    """What the table screen puts on its status line and the app in notes, from now on."""
    statuses: list[str] = []
    notes: list[str] = []
    screen = app.screen
    assert isinstance(screen, TableScreen)
    set_status, notify = screen.set_status, app.notify

    def status(message: str, error: bool = False) -> None:
        statuses.append(message)
        set_status(message, error)

    def note(message: str, *args: object, **kwargs: object) -> None:
        notes.append(message)
        notify(message, *args, **kwargs)  # type: ignore[arg-type]

    screen.set_status = status  # type: ignore[method-assign]
    app.notify = note  # type: ignore[method-assign]
    return statuses, notes


async def test_a_match_that_cannot_be_saved_goes_on_and_says_so_once() -> None:
    """The first write that failed ended the game in a traceback, and the terminal then
    said "The match is saved"."""
    settings = TableSettings(bots=("easy", "easy", "easy"))
    app = make_app(settings=settings, ask=False, seed=OPENING_SEED, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        statuses, notes = told(app)
        path = app.save_path
        assert path is not None and path.is_file()
        path.unlink()
        path.mkdir()  # nothing can replace a folder: every write fails
        for _ in range(3):  # the human's turns: throw (22 tiles), then draw and throw
            await wait_for_human(pilot, app)
            session = app.session
            assert session is not None and not session.hand.is_over
            await pilot.press("d" if session.hand.phase.value == "d" else "x")
            await pilot.pause()
            if session.hand.phase.value != "d" and session.human_to_play:
                await pilot.press("x")
                await pilot.pause()
        assert isinstance(app.screen, TableScreen)  # the game goes on
        said = [s for s in statuses if "The match cannot be saved" in s]
        assert len(said) == 1 and "is not being saved" in said[0], statuses
        assert [n for n in notes if "cannot be saved" in n] == said
        note = app.leave_note()
        asked = app.screen.table.leave_note()  # what the quit question says
        assert asked is not None and "could not be saved" in asked, asked
    assert note is not None and not note.startswith("The match is saved")
    assert "could not be saved" in note
    assert isinstance(path, Path) and path.is_dir()


async def test_statistics_that_cannot_be_written_are_told_over_the_summary() -> None:
    """A hand's statistics that could not be written were dropped without a word."""
    app = late_app(7, hands=1)
    stats.stats_path().mkdir(parents=True)  # a folder where the statistics go
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        statuses, notes = told(app)
        session = app.session
        assert session is not None
        for _ in range(80):
            await wait_for_human(pilot, app)
            if session.hand.is_over:
                break
            table = app.screen.table  # type: ignore[attr-defined]
            await table.act(safe_action(table.view()))
            if session.human_to_play:
                await table.act(safe_action(table.view()))
        for _ in range(100):
            if isinstance(app.screen, HandSummaryScreen) and notes:
                break
            await pilot.pause(0.01)
        assert isinstance(app.screen, HandSummaryScreen)
        (note,) = notes
        assert note.startswith("The statistics of this hand could not be written (")
        assert "okey101 stats will not count it" in note
        assert note in statuses


async def test_a_match_started_with_no_saves_folder_is_saved_once_there_can_be_one() -> None:
    """A file in the place of the saves folder as the match started: the match was never
    given a save, so after the file was moved away it was still "not kept" at q."""
    from okey_tui import storage

    folder = storage.saves_dir()
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("i am a file\n", "utf-8")
    settings = TableSettings(bots=("easy", "easy", "easy"))
    app = make_app(settings=settings, ask=False, seed=OPENING_SEED, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        statuses, _notes = told(app)
        session = app.session
        assert session is not None and session.save_path is None and session.save_problem
        folder.unlink()  # the player moves the file away
        await pilot.press("x")  # the starter's first discard: a move, saved now
        await pilot.pause()
        assert session.save_path is not None and session.save_path.is_file()
        assert app.save_path == session.save_path and session.save_problem == ""
        (entry,) = storage.list_saves().entries
        assert entry.path == session.save_path
        for _ in range(100):
            if "The match is saved again." in statuses:
                break
            await pilot.pause(0.01)
        assert "The match is saved again." in statuses, statuses
        note = app.leave_note()
    assert note is not None and "not kept" not in note and "could not" not in note, note
