"""A friend in a browser at ``okey101 host --web`` whose host's okey101 is killed: the page
says the table is away and waits for it, the friend's game left behind by the dead host
ends by itself, and once ``okey101 host --resume`` has opened the table again the page is
back at the table, in the friend's seat, without a click (as ``okey101 join`` in a
terminal comes back by itself)."""

from __future__ import annotations

import signal
import time
from pathlib import Path

from test_web_hosted import wait_for_output
from web_helpers import (  # noqa: F401 - the browser fixture
    HOSTED_LINK,
    TIMEOUT,
    Served,
    Terminal,
    chromium_browser,
    hosted,
    running,
)


def children(server: Served) -> list[int]:
    """The processes the server started, from any of its threads (the web page has its own)."""
    found: list[int] = []
    for task in Path(f"/proc/{server.process.pid}/task").iterdir():
        found += [int(pid) for pid in (task / "children").read_text().split()]
    return found


def test_the_page_takes_the_seat_back_once_the_killed_host_resumes(tmp_path: Path, browser) -> None:
    with hosted(tmp_path, "--hands", "3", "--bots", "easy", "--bot-delay", "0") as host:
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        terminal = Terminal.open(page, host.url + "&name=Deniz")
        terminal.wait_for("Enter starts the match")
        terminal.press("Enter")
        terminal.wait_for("Indicator")
        wait_for_output(host, "Deniz joined (seat 1)")
        friend = children(host)
        assert len(friend) == 1, friend
        host.process.kill()
        host.process.wait(10)

    # No click from here on.
    page.wait_for_function("document.body.classList.contains('-away')", timeout=TIMEOUT * 1000)
    # The friend's game of the dead host ends: still at the table, it would keep the
    # friend's next game out of the seat.
    deadline = time.monotonic() + TIMEOUT
    while Path(f"/proc/{friend[0]}").exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not Path(f"/proc/{friend[0]}").exists(), "the dead host's game for the friend lives on"

    resume = ["host", "--resume", "--no-seat"]
    with running(resume, tmp_path / "resumed.log", HOSTED_LINK, signal.SIGINT) as resumed:
        assert resumed.url == host.url  # the same link: the page's own address
        # The page loaded again by itself (its closed state gone) and drew the table.
        page.wait_for_function(
            "document.body.classList.contains('-first-byte')"
            " && !document.body.classList.contains('-closed')",
            timeout=TIMEOUT * 1000,
        )
        screen = terminal.wait_for("Indicator")
        assert "Deniz" in screen
        output = wait_for_output(resumed, "Deniz is back (seat 1)")
        assert "joined" not in output  # the same seat, not a new one
