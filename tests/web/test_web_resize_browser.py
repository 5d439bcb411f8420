"""A real browser (Debian's Chromium): an open tab made smaller, or a phone turned, keeps
the game's 80 x 24 cells, as a fresh load at that size does: the page picks the font size
again when the window changes size, not only when it loads."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qs, urlparse

from web_helpers import (  # noqa: F401 - the browser fixture
    Terminal,
    chromium_browser,
    chromium_launched,
    served,
)


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


def test_a_phone_held_upright_is_told_to_turn_sideways(tmp_path: Path, browser) -> None:
    """Upright, a phone gives the game's 80 columns a font of 8 px: the page says, under the
    game, that turning the phone makes the tiles bigger. Turned, or closed with ×, the
    note goes and the game takes its lines. A mouse and a large window: no note."""
    with served(tmp_path, "--bot-delay", "0") as server:
        phone = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
        terminal = Terminal.open(phone.new_page(), server.url)
        terminal.wait_for("a new table")
        page = terminal.page
        note = page.locator("#sideways")
        assert note.is_visible()
        assert "Turn your phone sideways" in note.inner_text()
        note_box, screen_box = note.bounding_box(), page.locator("#terminal").bounding_box()
        assert screen_box["y"] + screen_box["height"] <= note_box["y"] + 0.5  # nothing under it
        _, upright_rows = terminal.size()

        page.set_viewport_size({"width": 844, "height": 390})  # turned: no note
        page.wait_for_function("() => !document.body.classList.contains('-sideways')")
        page.set_viewport_size({"width": 390, "height": 844})
        page.wait_for_function("() => document.body.classList.contains('-sideways')")

        page.get_by_role("button", name="Close").click()
        assert not note.is_visible()
        cols, rows = wait_for_size(terminal, f"t.rows > {upright_rows}", "the note closed")
        assert cols >= 80, cols
        page.set_viewport_size({"width": 844, "height": 390})
        page.set_viewport_size({"width": 390, "height": 844})
        page.wait_for_timeout(300)
        assert not note.is_visible(), "closed, the note stays closed"
        phone.close()

        desk = browser.new_page(viewport={"width": 600, "height": 1000})  # a mouse, upright
        Terminal.open(desk, server.url).wait_for("a new table")
        assert not desk.locator("#sideways").is_visible()
        desk.close()


def test_a_short_window_gets_24_lines(tmp_path: Path, browser) -> None:
    """A short window (720 x 430) gave the game 102 x 23 cells and the "too small" notice:
    the font was guessed from the window's height, and the terminal's line, rounded to whole
    pixels, is taller than the guess. The page measures the terminal's own cells: 24 lines
    from the start (the game is started at that size), and again when the window changes."""
    with served(tmp_path, "--bot-delay", "0") as server:
        page = browser.new_page(viewport={"width": 720, "height": 430})
        started: list[str] = []
        page.on("websocket", lambda socket: started.append(socket.url))
        terminal = Terminal.open(page, server.url)
        screen = terminal.wait_for("a new table")
        assert "needs at least" not in screen
        cols, rows = terminal.size()
        assert cols >= 80 and 24 <= rows < 30, (cols, rows)  # shrunk no more than needed
        asked = parse_qs(urlparse(started[0]).query)
        assert int(asked["width"][0]) >= 80 and int(asked["height"][0]) >= 24, asked

        page.set_viewport_size({"width": 1280, "height": 400})  # wider, and shorter still
        cols, rows = wait_for_size(terminal, "t.cols > 110", "made wider and shorter")
        assert rows >= 24, (cols, rows)
        assert "needs at least" not in terminal.wait_for("a new table")
        page.close()
