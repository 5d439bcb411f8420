"""``okey101 host --web`` in a real browser: a host who closes a table nobody may open
again (its match not begun here; over, in test_web_server) takes the page with it, and
the page offers no Start again, which led nowhere (the page's server is gone)."""

from __future__ import annotations

from pathlib import Path

from web_helpers import (  # noqa: F401 - the browser fixture
    TIMEOUT,
    Terminal,
    chromium_browser,
    hosted,
)


def test_a_table_closed_for_good_leaves_a_page_without_start_again(tmp_path: Path, browser) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    with hosted(tmp_path, "--bots", "easy") as host:
        terminal = Terminal.open(page, host.url + "&name=Deniz")
        terminal.wait_for("Enter starts the match")
    # The host stopped (Ctrl+C) with the match not begun: nothing to open again.
    page.wait_for_function(
        "document.body !== null && document.body.classList.contains('-closed')",
        timeout=TIMEOUT * 1000,
    )
    page.wait_for_function(
        "document.getElementById('closed-reason').textContent.includes('host closed the table')",
        timeout=TIMEOUT * 1000,
    )
    assert not page.is_visible("#closed button")
    assert not page.evaluate("document.body.classList.contains('-away')")
    page.close()
