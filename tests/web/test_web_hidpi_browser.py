"""A HiDPI screen (2 device pixels a CSS pixel) gets the whole game, drawn sharp: xterm's
canvases have twice the pixels of their CSS size.

Playwright's ``device_scale_factor`` alone is not such a screen: it changes the page's
``devicePixelRatio`` but not the device-pixel sizes ResizeObserver reports, which xterm
sizes its canvases by, so the game seemed drawn into the top-left quarter (playwright issue
18591). Chromium's ``--force-device-scale-factor=2`` gives the real scale, as a HiDPI
screen does, and both together agree."""

from __future__ import annotations

import contextlib
from pathlib import Path

from web_helpers import Terminal, chromium, missing, served, sync_playwright

CANVASES = """() => [...document.querySelectorAll('#terminal canvas')].map(c => {
  const box = c.getBoundingClientRect();
  return [c.width, c.height, box.width, box.height];
})"""


def test_a_hidpi_screen_gets_the_whole_game(tmp_path: Path) -> None:
    if sync_playwright is None:
        missing("playwright is not installed: pip install -e '.[test]'")
    executable = chromium()
    with served(tmp_path, "--bot-delay", "0") as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=executable, args=["--force-device-scale-factor=2"]
        )
        try:
            context = browser.new_context(
                viewport={"width": 900, "height": 600}, device_scale_factor=2
            )
            terminal = Terminal.open(context.new_page(), server.url)
            terminal.wait_for("a new table")
            page = terminal.page
            assert page.evaluate("window.devicePixelRatio") == 2
            with contextlib.suppress(Exception):  # the sizes below say what they are
                page.wait_for_function(
                    f"() => ({CANVASES})().every(([w, h, cw]) => w > cw)", timeout=10_000
                )
            canvases = page.evaluate(CANVASES)
            assert canvases
            for width, height, css_width, css_height in canvases:
                assert (width, height) == (round(2 * css_width), round(2 * css_height))
            context.close()
        finally:
            browser.close()
