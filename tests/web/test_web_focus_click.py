"""The click that brings the page to the front is the page's, not the game's: in
``okey101 web`` a click in the middle of a page in the background landed on the new-table
screen's Bot pace and changed it (and the choice was remembered). The game gets the
keyboard instead; later clicks act as usual, and so does a page come to the front some
other way (the window switched to) once the mouse moves over it.

Headless Chromium's page always has the keyboard, so here the page goes to the background
by the events a browser sends (the window's blur, then its focus as the click brings it
back), or its terminal loses the keyboard. What reaches the game is read from what the page
sends it: xterm's mouse reports, a press being ``ESC [ < 0 ; x ; y M``."""

from __future__ import annotations

import json
import re
from pathlib import Path

from web_helpers import (  # noqa: F401 - the browser fixture
    Terminal,
    chromium_browser,
    chromium_launched,
    served,
)

# Every message the page sends its server, kept for the test (before the page's scripts).
KEEP_SENT = """(() => {
  window.okeySent = [];
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    window.okeySent.push(String(data));
    return send.call(this, data);
  };
})();"""
PRESS = re.compile(r"\x1b\[<0;\d+;\d+M")
# The Hands line's choice, as the screen shows it.
HANDS = """() => {
  const t = window.okeyTerminal;
  for (let i = 0; i < t.rows; i++) {
    const line = t.buffer.active.getLine(t.buffer.active.viewportY + i).translateToString(true);
    if (line.includes("Hands")) { return line.split("Hands")[1].match(/[0-9]+/)[0]; }
  }
  return null;
}"""


def test_the_click_that_brings_the_page_to_the_front_changes_nothing(
    tmp_path: Path, browser
) -> None:
    with served(tmp_path, "--bot-delay", "0") as server:
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.add_init_script(KEEP_SENT)
        terminal = Terminal.open(page, server.url)
        terminal.wait_for("← → Change")  # drawn, and the game has the keyboard
        start = page.evaluate(HANDS)
        rows = terminal.text().split("\n")
        row = next(n for n, line in enumerate(rows) if "Hands" in line)
        after = rows[row].index("Hands") + len("Hands")
        box = page.locator(".xterm-screen").bounding_box()
        cols, lines = terminal.size()

        def cell(column: int) -> tuple[float, float]:
            return (
                box["x"] + (column + 0.5) * box["width"] / cols,
                box["y"] + (row + 0.5) * box["height"] / lines,
            )

        value = cell(rows[row].index(start, after))  # a click there steps on
        back = cell(rows[row].index("◀", after))  # and there steps back

        def presses() -> int:
            typed = [json.loads(sent) for sent in page.evaluate("window.okeySent")]
            return sum(len(PRESS.findall(m[1])) for m in typed if m[0] == "stdin")

        def keyboard_in_game() -> bool:
            return bool(
                page.evaluate("document.activeElement.classList.contains('xterm-helper-textarea')")
            )

        def hands_become(check: str) -> str:
            page.wait_for_function(f"() => {{ const h = ({HANDS})(); return {check}; }}")
            return str(page.evaluate(HANDS))

        page.mouse.move(*value)
        # The window behind another, brought back by a click on the value: no press sent.
        page.evaluate("window.dispatchEvent(new FocusEvent('blur'))")
        page.evaluate("window.dispatchEvent(new FocusEvent('focus'))")
        page.mouse.down()
        page.mouse.up()
        assert presses() == 0
        assert keyboard_in_game()
        # The next click acts: the value steps on.
        page.mouse.click(*value)
        assert presses() == 1
        stepped = hands_become(f"h !== {start!r}")

        # The terminal without the keyboard: the click gives it back, and nothing else.
        page.evaluate("document.activeElement.blur()")
        assert not keyboard_in_game()
        page.mouse.down()
        page.mouse.up()
        assert presses() == 1
        assert keyboard_in_game()

        # The window switched to without a click: once the mouse moves, a click acts
        # (on ◀: back to the first choice).
        page.evaluate("window.dispatchEvent(new FocusEvent('blur'))")
        page.evaluate("window.dispatchEvent(new FocusEvent('focus'))")
        page.mouse.move(*back)
        page.mouse.down()
        page.mouse.up()
        assert presses() == 2
        assert hands_become(f"h === {start!r}") == start != stepped
        page.close()
