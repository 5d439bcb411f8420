"""The rules page in the help is laid out once for a width, not again each time ? opens it."""

from __future__ import annotations

from rich.markdown import Markdown
from textual.containers import VerticalScroll
from ui_helpers import table_app, wait_for_human

from okey_tui.ui.screens.help import HelpScreen


async def test_the_rules_page_is_laid_out_again_only_for_a_new_width(monkeypatch) -> None:
    laid_out: list[int] = []
    lay_out = Markdown.__rich_console__

    def counted(self, console, options):
        laid_out.append(options.max_width)
        return lay_out(self, console, options)

    monkeypatch.setattr(Markdown, "__rich_console__", counted)

    async def rules_seen(pilot, app, key: str = "question_mark") -> list[str]:
        """Open the help (``key``), go to its end (the rules page), read it, close it."""
        await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        box = app.screen.query_one("#help", VerticalScroll)
        box.scroll_end(animate=False)
        await pilot.pause()
        rules = app.screen.query_one("#rules")
        lines = [strip.text for strip in rules.render_lines(rules.region.reset_offset)]
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)
        return lines

    app = table_app(5)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_human(pilot, app)
        first = await rules_seen(pilot, app)
        assert laid_out, "the first ? lays the rules page out"
        assert any("101" in line for line in first), first
        laid_out.clear()
        again = await rules_seen(pilot, app, "f1")  # F1 opens it too, as at the new table
        assert laid_out == [], "the second ? at the same width lays it out again"
        assert again == first, "the page kept is the page drawn the first time"

        await pilot.resize_terminal(100, 40)
        narrower = await rules_seen(pilot, app)
        assert laid_out, "a new width lays the page out for that width"
        assert max(len(line.rstrip()) for line in narrower) < max(
            len(line.rstrip()) for line in first
        ), "the page drawn for the narrower terminal"
