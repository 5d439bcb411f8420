"""The new-table screen's footer keeps its keys while the keys shown stay the same (a
focus move from one line of the form to the next), and builds them again when they
change (the name's box has no "← → Change"; another language, other words)."""

from __future__ import annotations

from textual.widgets import Input
from textual.widgets._footer import FooterKey

from okey_tui.ui.app import make_app
from okey_tui.ui.screens.setup import NewTableScreen


def footer_keys(app) -> list[FooterKey]:  # type: ignore[no-untyped-def]
    return list(app.screen.query(FooterKey))


def words(app) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    return [(key.key, key.description) for key in footer_keys(app)]


async def shows(pilot, app, key: tuple[str, str], shown: bool = True) -> bool:  # type: ignore[no-untyped-def]
    """Whether the footer comes to show ``key`` (or no longer shows it, ``shown`` False)
    and ``Enter``'s key with it, once it has built its keys again."""
    for _ in range(50):
        await pilot.pause()
        said = words(app)
        if (key in said) == shown and any(k == "enter" for k, _words in said):
            return True
    return False


async def test_the_footer_is_built_again_only_when_its_keys_change() -> None:
    app = make_app(ask=True, remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewTableScreen)
        keys = footer_keys(app)
        assert ("left", "Change") in words(app)
        for key in ("down", "down", "up"):  # from one choice's line to another's
            await pilot.press(key)
            await pilot.pause()
            assert footer_keys(app) == keys  # the very same keys, not built again
        # The name's box: no choice to change there, and the footer says so.
        name = screen.query_one("#opt-name", Input)
        name.focus()
        assert await shows(pilot, app, ("left", "Change"), shown=False)
        assert ("enter", "Start") in words(app)
        # Back on a choice's line: "← → Change" again.
        screen.query_one("#opt-lang").focus()
        assert await shows(pilot, app, ("left", "Change"))
        # Another language: the footer's words in it.
        await pilot.press("right")
        assert await shows(pilot, app, ("enter", "Start"), shown=False)
        said = dict(words(app))
        assert said.get("enter") not in (None, "Start"), said
        assert said.get("left") not in (None, "Change"), said
