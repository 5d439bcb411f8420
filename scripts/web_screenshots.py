"""Pictures of ``okey101 web`` in a real browser: screenshots/web.png (a desktop window) and
screenshots/web-phone.png (a phone held sideways).

Needs Chromium (Debian: ``apt-get install chromium``; ``OKEY101_CHROMIUM`` names another)
and playwright (the ``test`` extra). The tables are seed 125, sorted with ``s``; the
visitors' data goes to a temporary dir.

    python scripts/web_screenshots.py
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "screenshots"
CHROMIUM = os.environ.get("OKEY101_CHROMIUM", "/usr/lib/chromium/chromium")
SIZES = {"web.png": (1280, 800), "web-phone.png": (844, 390)}
# xterm's terminal, kept by the page's script (textual-serve 1.1.3) for reading the screen.
OPENED = "this.terminal.open(e)"
SCREEN = """() => {
  const t = window.okeyTerminal;
  if (!t) { return ""; }
  const rows = [];
  for (let i = 0; i < t.rows; i++) {
    rows.push(t.buffer.active.getLine(t.buffer.active.viewportY + i).translateToString(true));
  }
  return rows.join("\\n");
}"""


def wait_for(page: Page, text: str) -> None:
    page.wait_for_function(f"(text) => ({SCREEN})().includes(text)", arg=text, timeout=30_000)


def picture(page: Page, url: str, path: Path) -> None:
    def keep_terminal(route):  # type: ignore[no-untyped-def]
        response = route.fetch()
        body = response.text().replace(OPENED, OPENED + ",window.okeyTerminal=this.terminal")
        route.fulfill(response=response, body=body)

    page.route("**/static/js/textual.js", keep_terminal)
    page.goto(url, wait_until="domcontentloaded")
    wait_for(page, "Middle: 20")
    page.focus(".xterm-helper-textarea")
    page.keyboard.press("s")
    wait_for(page, "Sorted:")
    time.sleep(0.5)  # the last frame reaches the canvas
    page.screenshot(path=str(path))
    print(f"wrote {path.relative_to(ROOT)}")


def main() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with tempfile.TemporaryDirectory() as data:
        environment = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
        environment["OKEY101_DATA_DIR"] = data
        server = subprocess.Popen(
            [sys.executable, "-m", "okey_tui", "web", "--port", str(port), "--seed", "125"],
            env=environment,
            stdout=subprocess.DEVNULL,
        )
        try:
            deadline = time.monotonic() + 20
            while True:
                try:
                    socket.create_connection(("127.0.0.1", port), 0.2).close()
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        raise SystemExit("okey101 web did not start") from None
                    time.sleep(0.1)
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM)
                try:
                    for name, (width, height) in SIZES.items():
                        context = browser.new_context(viewport={"width": width, "height": height})
                        picture(context.new_page(), f"http://127.0.0.1:{port}/", SHOTS / name)
                        context.close()
                finally:
                    browser.close()
        finally:
            server.terminate()
            server.wait(15)


if __name__ == "__main__":
    main()
