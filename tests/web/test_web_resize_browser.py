"""A real browser (Debian's Chromium): an open tab made smaller, or a phone turned, keeps
the game's 80 x 24 cells, as a fresh load at that size does: the page picks the font size
again when the window changes size, not only when it loads."""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import parse_qs, urlparse

import pytest
from web_helpers import (  # noqa: F401 - the browser fixture
    Served,
    Terminal,
    chromium_browser,
    chromium_launched,
    served,
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """One ``okey101 web`` for the module's tests (each its own starting): each page is a
    browser of its own (a context of its own, with cookies of its own), so each gets a
    table of its own at the new-table screen, as from a server of its own."""
    with served(tmp_path_factory.mktemp("web"), "--bot-delay", "0", own_dirs=True) as started:
        yield started


def wait_for_size(terminal: Terminal, check, what: str) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    try:
        terminal.page.wait_for_function(
            f"() => {{ const t = window.okeyTerminal; return t && ({check}); }}", timeout=10_000
        )
    except Exception:
        raise AssertionError(f"{what}: the terminal is {terminal.size()}") from None
    return terminal.size()


def test_a_smaller_window_keeps_80_by_24(server: Served, browser) -> None:
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


def test_a_phone_held_upright_is_told_to_turn_sideways(server: Served, browser) -> None:
    """Upright, a phone gives the game's 80 columns a font of 8 px: the page says, under the
    game, that turning the phone makes the tiles bigger. Turned, or closed with ×, the
    note goes and the game takes its lines. A mouse and a large window: no note."""
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
    # Turned and upright again, the note closed stays closed. Each turn is waited for in
    # the terminal's size (the page fits it to the window after it has placed the note).
    page.set_viewport_size({"width": 844, "height": 390})
    wait_for_size(terminal, f"t.rows < {rows}", "turned with the note closed")
    assert not note.is_visible(), "closed, the note stays closed (turned)"
    page.set_viewport_size({"width": 390, "height": 844})
    wait_for_size(terminal, f"t.rows === {rows}", "upright with the note closed")
    assert not note.is_visible(), "closed, the note stays closed"
    phone.close()

    desk = browser.new_page(viewport={"width": 600, "height": 1000})  # a mouse, upright
    Terminal.open(desk, server.url).wait_for("a new table")
    assert not desk.locator("#sideways").is_visible()
    desk.close()


def test_a_short_window_gets_24_lines(server: Served, browser) -> None:
    """A short window (720 x 430) gave the game 102 x 23 cells and the "too small" notice:
    the font was guessed from the window's height, and the terminal's line, rounded to whole
    pixels, is taller than the guess. The page measures the terminal's own cells: 24 lines
    from the start (the game is started at that size), and again when the window changes."""
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
