"""``okey101 host --web`` in a real browser (Debian's Chromium through playwright), one
visit from start to end, as the slow browser checks are kept few:

- a link without the right code opens nothing;
- a friend opens the printed link and sits: the host's server sees the new seat's name,
  the page shows the table's lobby, and after Enter (the friend is the lead) the table;
- the host's okey101 is killed: the page says the table is away and waits for it, and the
  friend's game left behind by the dead host ends by itself (still at the table, it would
  keep the friend's next game out of the seat);
- once ``okey101 host --resume`` has opened the table again the page is back at the table,
  in the friend's seat, without a click (as ``okey101 join`` in a terminal comes back by
  itself), at once when the friend looks at the tab (its timers slowed in the background);
  closing the page leaves the table."""

from __future__ import annotations

import signal
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from web_helpers import (  # noqa: F401 - the browser fixture
    HOSTED_LINK,
    TIMEOUT,
    Served,
    Terminal,
    chromium_browser,
    chromium_launched,
    hosted,
    running,
)


def wait_for_output(server, text: str, timeout: float = 20.0) -> str:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while text not in server.output():
        if time.monotonic() > deadline:
            raise AssertionError(f"{text!r} never came:\n{server.output()}")
        time.sleep(0.05)
    return server.output()


def children(server: Served) -> list[int]:
    """The processes the server started, from any of its threads (the web page has its own)."""
    found: list[int] = []
    for task in Path(f"/proc/{server.process.pid}/task").iterdir():
        found += [int(pid) for pid in (task / "children").read_text().split()]
    return found


def test_a_friend_sits_at_the_hosted_table_and_is_back_by_itself_when_it_resumes(
    tmp_path: Path, browser
) -> None:
    with hosted(tmp_path, "--hands", "3", "--bots", "easy", "--bot-delay", "0") as host:
        assert "?code=" in host.url
        # The code is the key: a link with another code gets a page that opens nothing.
        wrong = host.url.split("?code=")[0] + "?code=WRONG1"
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(wrong, timeout=10)
        assert refused.value.code == 403

        page = browser.new_page(viewport={"width": 1280, "height": 800})
        terminal = Terminal.open(page, host.url + "&name=Deniz")
        screen = terminal.wait_for("Deniz")
        assert "a table with friends" in screen
        # The host's table seated the visitor under the link's name.
        wait_for_output(host, "Deniz joined (seat 1)")
        terminal.wait_for("Enter starts the match")
        terminal.press("Enter")
        wait_for_output(host, "The match has started")
        screen = terminal.wait_for("Indicator")
        assert "Deniz" in screen
        friend = children(host)
        assert len(friend) == 1, friend
        host.process.kill()
        host.process.wait(10)

    # No click from here on.
    page.wait_for_function(
        "document.body !== null && document.body.classList.contains('-away')",
        timeout=TIMEOUT * 1000,
    )
    deadline = time.monotonic() + TIMEOUT
    while Path(f"/proc/{friend[0]}").exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not Path(f"/proc/{friend[0]}").exists(), "the dead host's game for the friend lives on"

    # A tab in the background asks once a minute (the browser slows its timers): its next
    # ask put off for ten minutes here, the friend's look at the tab (focus) asks at once.
    page.evaluate(
        "() => { clearTimeout(okeyAway.timer); okeyAway.timer = setTimeout(okeyAway.ask, 600000); }"
    )
    resume = ["host", "--resume", "--no-seat"]
    with running(resume, tmp_path / "resumed.log", HOSTED_LINK, signal.SIGINT) as resumed:
        assert resumed.url == host.url  # the same link: the page's own address
        page.evaluate("() => window.dispatchEvent(new Event('focus'))")
        # The page loaded again by itself (its closed state gone) and drew the table. (While
        # it loads again there is no body yet: the check waits for one.)
        page.wait_for_function(
            "document.body !== null && document.body.classList.contains('-first-byte')"
            " && !document.body.classList.contains('-closed')",
            timeout=TIMEOUT * 1000,
        )
        screen = terminal.wait_for("Indicator")
        assert "Deniz" in screen
        output = wait_for_output(resumed, "Deniz is back (seat 1)")
        assert "joined" not in output  # the same seat, not a new one
        page.close()
        wait_for_output(resumed, "Deniz lost the connection")  # a closed tab
