"""A real browser (Debian's Chromium): an open tab made smaller, or a phone turned, keeps
the game's 80 x 24 cells, as a fresh load at that size does: the page picks the font size
again when the window changes size, not only when it loads."""

from __future__ import annotations

from pathlib import Path

from web_helpers import Terminal, chromium_browser, served  # noqa: F401 - the browser fixture


def wait_for_size(terminal: Terminal, check, what: str) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    try:
        terminal.page.wait_for_function(
            f"() => {{ const t = window.okeyTerminal; return t && ({check}); }}", timeout=10_000
        )
    except Exception:
        raise AssertionError(f"{what}: the terminal is {terminal.size()}") from None
    return terminal.size()


def test_a_smaller_window_keeps_80_by_24(tmp_path: Path, browser) -> None:
    with served(tmp_path, "--bot-delay", "0") as server:
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        terminal = Terminal.open(page, server.url)
        terminal.wait_for("a new table")
        cols, rows = terminal.size()
        assert cols >= 120 and rows >= 35, (cols, rows)

        page.set_viewport_size({"width": 800, "height": 500})
        cols, rows = wait_for_size(terminal, "t.cols < 100", "made smaller")
        assert cols >= 80 and rows >= 24, (cols, rows)
        screen = terminal.wait_for("a new table")
        assert "needs at least" not in screen

        # A phone turned from landscape to portrait: still 80 columns.
        page.set_viewport_size({"width": 844, "height": 390})
        page.set_viewport_size({"width": 390, "height": 844})
        cols, rows = wait_for_size(terminal, "t.cols < 110 && t.rows > 30", "turned")
        assert cols >= 80 and rows >= 24, (cols, rows)

        # And back to a large window: the font grows again.
        page.set_viewport_size({"width": 1280, "height": 800})
        cols, rows = wait_for_size(terminal, "t.cols >= 120", "made larger")
        assert rows >= 35, (cols, rows)
        page.close()
