"""``okey101 web`` in a real headless browser (Debian's Chromium through playwright): keys and a
click through the page play a turn, the visitor's autosave follows, the keyboard reaches the
game without a click first, two visitors never see each other's match, and a Turkish one is told
in Turkish that the server stopped. Each test starts its own server and always stops it."""

from __future__ import annotations

import time
from collections import Counter
from pathlib import Path

from web_helpers import (
    TIMEOUT,
    Terminal,
    chromium_browser,  # noqa: F401 - the browser fixture
    chromium_launched,  # noqa: F401 - the browser fixture
    only_save,
    saves_of,
    served,
    visitor_id,
    wait_for_save,
)

from okey_tui import i18n


def test_a_turn_in_the_browser(tmp_path: Path, browser) -> None:
    """Seed 5: the visitor starts with 22 tiles. s sorts, a click on the footer's Discard
    discards, d draws after the bots' turns, x discards again (a playable tile: y at the
    question); each step reaches the save."""
    with served(tmp_path, "--seed", "5", "--bot-delay", "0") as server:
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        terminal = Terminal.open(page, server.url)
        screen = terminal.wait_for("Middle: 20")
        assert "Indicator" in screen
        cols, rows = terminal.size()
        assert cols >= 110 and rows >= 34, (cols, rows)  # a desktop window: the full layout
        visitor = visitor_id(page)
        start = only_save(server, visitor).match.hand
        assert start.turn == 0 and len(start.racks[0]) == 22
        first_layout = only_save(server, visitor).extra.get("layouts", {}).get("0")

        terminal.press("s")
        terminal.wait_for("Sorted:")
        arranged = wait_for_save(
            server,
            visitor,
            lambda s: s.extra.get("layouts", {}).get("0") not in (None, first_layout),
        )
        slots = [t for t in arranged.extra["layouts"]["0"] if t is not None]
        assert Counter(slots) == Counter(str(t) for t in start.racks[0])

        terminal.click("x Discard")  # the mouse: the footer's key
        after = wait_for_save(server, visitor, lambda s: len(s.match.hand.discards[0]) == 1)
        assert len(after.match.hand.racks[0]) == 21

        terminal.wait_for("Your turn")
        middle = len(
            wait_for_save(server, visitor, lambda s: s.match.hand.turn == 0).match.hand.middle
        )
        terminal.press("d")
        drawn = wait_for_save(server, visitor, lambda s: len(s.match.hand.racks[0]) == 22)
        assert len(drawn.match.hand.middle) == middle - 1
        terminal.press("x")
        # The drawn tile fits a bot's meld on the table: throwing it costs +101, so it asks.
        terminal.wait_for("Discard it anyway?")
        terminal.press("y")
        thrown = wait_for_save(server, visitor, lambda s: len(s.match.hand.discards[0]) == 2)
        assert thrown.match.hand.penalty_points(0) == 101

        # The page shows the table, tiles in colour: far more than a blank page's colours.
        assert terminal.colours() > 20
        page.screenshot(path=str(tmp_path / "web.png"))

        # The tab closes: its process ends (asked to quit, so the match stays saved).
        assert len(server.children()) == 1
        page.close()
        deadline = time.monotonic() + 10
        while server.children() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert server.children() == [], server.output()
        assert len(saves_of(server, visitor)) == 1


def test_two_visitors_never_see_each_others_match_and_a_turkish_one_is_told_the_server_stopped(
    tmp_path: Path, browser
) -> None:
    """A (a desktop) opens the page and types, with no click on the terminal first: the page
    gives the game the keyboard once it has drawn, and Enter starts a table from the new-table
    screen. Then B (a phone) arrives while A reloads: B's new-table screen lists none of A's
    matches, and A is back at A's own match (a reload goes on with the match being played; it
    showed the new-table screen). B's table has its own data dir and save.

    An English page whose visitor picks Türkçe on the new-table screen and quits reads the
    closed notice in Turkish. Then a Turkish browser: the page's own words are Turkish, as
    the game is. The server stops
    with the table open: the page says so; Back to the game while it is still down says the server
    does not answer, on the page (not the browser's error page). (The server is not told a
    language: each visitor's is their browser's, English for A and B.)"""
    with served(tmp_path, "--bot-delay", "0", unset=(i18n.ENV_LANG,)) as server:
        desk = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
        phone = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US")
        a = Terminal.open(desk.new_page(), server.url)
        a.wait_for("a new table")
        a.page.wait_for_function(
            "document.activeElement.classList.contains('xterm-helper-textarea')"
        )
        # The game knows the page is in front: its first line is chosen, and the key bar
        # says ← → change it (none was chosen until a key: the game heard "in the
        # background" after "in front").
        a.wait_for("← → Change")
        a.page.keyboard.press("Enter")  # not Terminal.press: that would focus the terminal first
        a.wait_for("Indicator")
        a.press("s")  # a rack of A's own: a match nobody has touched is not kept
        visitor_a = visitor_id(a.page)
        # Waited for in the save: the status's "Sorted" may give way to the bots' moves at once.
        save_a = wait_for_save(server, visitor_a, lambda s: "0" in s.extra.get("layouts", {}))

        # Both at once (two apps starting side by side): B's first visit, A's reload.
        b = Terminal.open(phone.new_page(), server.url)
        a.page.reload(wait_until="domcontentloaded")
        screen = b.wait_for("a new table")
        assert "unfinished" not in screen
        screen = a.wait_for("Match resumed")
        assert "a new table" not in screen and "Indicator" in screen

        # A phone: the page picks a font size that gives the game its 80 columns,
        # under the 110 where the compact layout starts.
        cols, _ = b.size()
        assert 80 <= cols < 110, cols
        b.press("Enter")
        screen = b.wait_for("Indicator")
        assert "needs at least" not in screen
        visitor_b = visitor_id(b.page)
        assert visitor_b != visitor_a
        save_b = only_save(server, visitor_b)
        assert saves_of(server, visitor_a)[0].name != saves_of(server, visitor_b)[0].name
        assert save_a.match.hand.racks != save_b.match.hand.racks
        assert len(saves_of(server, visitor_a)) == 1
        assert len(server.children()) == 2
        desk.close()
        phone.close()

        # An English page whose visitor picks Türkçe on the new-table screen, then quits
        # (Esc): the closed notice reads in Turkish ("The table is closed." and Start
        # again stayed in the page's first language).
        chooser = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
        c = Terminal.open(chooser.new_page(), server.url)
        c.wait_for("a new table")
        c.press("ArrowDown")  # from Practice to Language
        c.press("ArrowRight")
        c.wait_for("yeni masa")
        c.press("Escape")
        c.page.wait_for_function(
            "document.getElementById('again').textContent === 'Oyuna dön'",
            timeout=TIMEOUT * 1000,
        )
        assert c.page.inner_text("#closed-said") == "Masa kapandı."
        assert c.page.evaluate("document.documentElement.lang") == "tr"
        chooser.close()

        # A Turkish browser, at its table when the server stops.
        context = browser.new_context(viewport={"width": 800, "height": 600}, locale="tr-TR")
        terminal = Terminal.open(context.new_page(), server.url)
        terminal.wait_for("yeni masa")
    page = terminal.page
    page.wait_for_function("document.body.classList.contains('-closed')", timeout=TIMEOUT * 1000)
    closed = page.inner_text("#closed")
    assert "Masa kapandı" in closed and "Sunucu durdu" in closed, closed
    page.click("#closed button")
    page.wait_for_function(
        "document.getElementById('closed-reason').textContent.includes('yanıt vermiyor')",
        timeout=TIMEOUT * 1000,
    )
    assert page.url == server.url
    context.close()
