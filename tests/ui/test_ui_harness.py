"""The test harness draws a headless app's screen only when a test looks and as each
run ends (tests/conftest.py): a widget that cannot draw still fails its test."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.widget import Widget


class Broken(Widget):
    def render(self) -> str:
        raise RuntimeError("cannot draw")


class BrokenApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Broken()


async def test_a_widget_that_cannot_draw_fails_the_test_that_ran_it() -> None:
    with pytest.raises(RuntimeError, match="cannot draw"):
        async with BrokenApp().run_test(size=(40, 10)) as pilot:
            await pilot.pause()


async def test_the_screen_is_laid_out_without_being_drawn() -> None:
    app = BrokenApp()
    with pytest.raises(RuntimeError):
        async with app.run_test(size=(40, 10)) as pilot:
            await pilot.pause()
            # Laid out (a click would land on it) while nothing has drawn it yet.
            assert app.screen.query_one(Broken).size.width == 40
