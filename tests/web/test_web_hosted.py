"""``okey101 host --web``: a friend opens the printed link in a real browser (Debian's
Chromium through playwright) and sits at the hosted table: the host's server sees the new
seat's name, the page shows the table's lobby, and after Enter (the friend is the lead) the
table itself. A link without the right code opens nothing."""

from __future__ import annotations

import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from web_helpers import Terminal, chromium_browser, hosted  # noqa: F401 - the browser fixture


def wait_for_output(server, text: str, timeout: float = 20.0) -> str:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while text not in server.output():
        if time.monotonic() > deadline:
            raise AssertionError(f"{text!r} never came:\n{server.output()}")
        time.sleep(0.05)
    return server.output()


def test_a_friend_opens_the_link_and_sits_at_the_hosted_table(tmp_path: Path, browser) -> None:
    with hosted(tmp_path, "--hands", "1", "--bots", "easy", "--bot-delay", "0") as server:
        assert "?code=" in server.url
        # The code is the key: a link with another code gets a page that opens nothing.
        wrong = server.url.split("?code=")[0] + "?code=WRONG1"
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(wrong, timeout=10)
        assert refused.value.code == 403

        page = browser.new_page(viewport={"width": 1280, "height": 800})
        terminal = Terminal.open(page, server.url + "&name=Deniz")
        screen = terminal.wait_for("Deniz")
        assert "a table with friends" in screen
        # The host's table seated the visitor under the link's name.
        wait_for_output(server, "Deniz joined (seat 1)")
        terminal.wait_for("Enter starts the match")
        terminal.press("Enter")
        wait_for_output(server, "The match has started")
        screen = terminal.wait_for("Indicator")
        assert "Deniz" in screen
        page.close()
        wait_for_output(server, "Deniz left")
