"""What the player sees of saves okey101 cannot use, and of a match nobody played: a save
set aside is said on the table that opens instead, and reminded of on the new-table
screen until deleted; a match left before anyone played is not kept, whoever starts."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from textual.widgets import Static

from okey_tui import storage
from okey_tui.cli import main
from okey_tui.engine.match import Match
from okey_tui.engine.rules import RuleSet
from okey_tui.settings import settings_path
from okey_tui.ui.app import OkeyApp, make_app
from okey_tui.ui.screens.setup import NewTableScreen
from okey_tui.ui.screens.table import TableScreen


def notices(app: OkeyApp) -> str:
    return "\n".join(n.message for n in app._notifications)


def new_table_notice(app: OkeyApp) -> str:
    return str(app.screen.query_one("#new-table-notice", Static).render())


async def test_play_resume_says_on_the_table_what_it_set_aside(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The latest save was damaged: ``play --resume`` opened the one before with "Match
    resumed." and no word of the other, which it had renamed aside."""
    older = storage.save_path_for("20200101-000000-aaaa")
    older.parent.mkdir(parents=True, exist_ok=True)
    storage.save(Match(RuleSet(hands=3), seed=4), {"levels": ["easy"] * 3}, older)
    storage.save_path_for("20300101-000000-bad0").write_text("garbage\n", "utf-8")
    built: list[OkeyApp] = []
    with monkeypatch.context() as patched:  # the app is built by the command, run here
        patched.setattr(OkeyApp, "run", lambda self, **_: built.append(self))
        assert CliRunner().invoke(main, ["play", "--resume", "--bot-delay", "0"]).exit_code == 0
    (app,) = built
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen), new_table_notice(app)
        said = notices(app)
        assert "The saved match 20300101-000000-bad0 is unusable" in said, said
        assert "kept as 20300101-000000-bad0.json.corrupt-" in said


async def test_the_new_table_screen_reminds_of_saves_it_cannot_use() -> None:
    """A save set aside by an earlier run, and one of a newer okey101: the new-table
    screen said nothing of either."""
    folder = storage.saves_dir()
    folder.mkdir(parents=True)
    (folder / "20200101-000000-bad0.json.corrupt-20200102-000000").write_text("{", "utf-8")
    newer = storage.save_path_for("20200101-000000-new9")
    storage.save(Match(RuleSet(hands=3), seed=4), {}, newer)
    newer.write_text(json.dumps({**json.loads(newer.read_text("utf-8")), "version": 99}))
    app = make_app(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewTableScreen)
        notice = new_table_notice(app)
        assert "1 save that could not be used is kept aside" in notice, notice
        assert "okey101 saves lists it" in notice
        assert "20200101-000000-new9 was saved by a newer okey101" in notice


async def test_settings_that_cannot_be_used_are_said_on_the_new_table_screen() -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    written = json.dumps({"version": 1, "table": {"hands": 4, "theme": "neon"}})
    path.write_text(written, "utf-8")
    app = make_app(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        notice = new_table_notice(app)
        assert "hands: 4 cannot be used; 11 is used instead" in notice, notice
        assert 'theme: "neon" cannot be used; "felt" is used instead' in notice
        (kept,) = path.parent.glob("settings.json.corrupt-*")
        assert kept.name in notice
        await pilot.press("enter")  # a table chosen: the settings are written
        await pilot.pause()
    assert kept.read_text("utf-8") == written
