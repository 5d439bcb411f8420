"""Quitting a table in a browser (``okey101 web``): the question says the match is saved and
that starting again on the page continues it (it named ``okey101 play --resume ID``, a
command a visitor has nowhere to type). At a terminal it still names the command."""

from __future__ import annotations

from pathlib import Path

import pytest

from okey_tui.engine.notation import format_position
from okey_tui.settings import TableSettings
from okey_tui.ui.app import OkeyApp, make_app
from okey_tui.ui.screens.dialogs import ConfirmScreen
from okey_tui.ui.screens.table import TableScreen
from okey_tui.web import WEB_ENV, in_browser
from okey_tui.web.server import WebServer

SETTINGS = TableSettings(bots=("easy", "easy", "easy"), hands=3)


async def quit_question(app: OkeyApp) -> str:
    """What the table asks when q is pressed (answered no), once the player has sorted the
    rack (a match nobody has touched is not kept, and the question says so), on their turn:
    the bots have played up to it, so the match is saved where no bot is halfway through a
    turn it would finish on a resume."""
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(300):
            if (
                isinstance(app.screen, TableScreen)
                and app.save_path is not None
                and app.session.human_to_play
            ):
                break
            await pilot.pause(0.02)
        assert isinstance(app.screen, TableScreen), "the table never showed"
        assert app.session.human_to_play, "the player's turn never came"
        await pilot.press("s")
        await pilot.press("q")
        for _ in range(100):
            if isinstance(app.screen, ConfirmScreen):
                break
            await pilot.pause(0.02)
        screen = app.screen
        assert isinstance(screen, ConfirmScreen), "q asked nothing"
        question = screen.question
        await pilot.press("n")
    return question


async def test_in_a_browser_quitting_says_start_again_on_the_page_continues(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(WEB_ENV, "1")
    app = make_app(settings=SETTINGS, ask=False, seed=9, bot_delay=0)
    question = await quit_question(app)
    assert question == (
        "Quit the game?\nThe match is saved: Back to the game on this page continues it."
    )


async def test_at_a_terminal_quitting_names_the_command_that_resumes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(WEB_ENV, raising=False)
    app = make_app(settings=SETTINGS, ask=False, seed=9, bot_delay=0)
    question = await quit_question(app)
    assert app.save_path is not None
    assert question == (
        "Quit the game?\nThe match is saved. This continues it:\n"
        f"  okey101 play --resume {app.save_path.stem}"
    )


def test_every_visitors_game_is_told_it_runs_in_a_browser(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    environment = WebServer(tmp_path).environment_for("0" * 32)
    monkeypatch.delenv(WEB_ENV, raising=False)
    assert not in_browser()
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    assert in_browser()


async def test_in_a_browser_a_resumed_match_counts_as_played_though_no_move_follows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Resumed with r and left at once (a reload, or q then Back to the game), the visitor came
    back to the new-table screen: the page returns to a match saved during the visit, and
    nothing was saved. The resume writes the save again (the match as it was)."""
    from okey_tui import storage

    monkeypatch.setenv(WEB_ENV, "1")
    first = make_app(settings=SETTINGS, ask=False, seed=9, bot_delay=0)
    await quit_question(first)  # sorted: a match that is kept
    path = first.save_path
    assert path is not None
    before = storage.load(path)
    assert before is not None and before.extra.get("layouts")  # the sorted rack
    stamp = path.stat().st_mtime_ns
    app = make_app(settings=SETTINGS, ask=False, bot_delay=0, resume=True)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(200):
            if isinstance(app.screen, TableScreen):
                break
            await pilot.pause(0.02)
        await pilot.pause()
        assert app.save_path == path
    assert path.stat().st_mtime_ns > stamp
    after = storage.load(path)
    assert after is not None and after.saved_at >= before.saved_at
    # The match as it was, and what the table keeps with it (the arranged rack, the log).
    assert format_position(after.match.hand) == format_position(before.match.hand)
    assert after.extra.get("layouts") == before.extra.get("layouts")
