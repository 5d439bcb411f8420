"""Helpers of the browser tests: ``okey101 web`` in a process of its own, Debian's Chromium
driven by playwright, the page's terminal read as text, and each visitor's saves on disk.

Chromium comes from the system packages (CI installs it, see .ci/run); playwright's own
browser download is not used. Without Chromium the tests fail in CI (``CI`` or
``OKEY101_REQUIRE_BROWSER`` set; .ci/run sets the latter) and are skipped, saying why, elsewhere.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from okey_tui import i18n, storage
from okey_tui.web.server import COOKIE, visitor_dirs

# The page's script creates xterm's terminal here (textual-serve 1.1.3, pinned in
# pyproject.toml); the tests keep a reference to it to read the screen as text.
TERMINAL_OPENED = "this.terminal.open(e)"
CHROMIUM_PLACES = ("/usr/lib/chromium/chromium", "/usr/lib/chromium-browser/chromium-browser")
TIMEOUT = 20.0
# The page's script with the terminal kept, by address (fetched once per server).
_SCRIPTS: dict[str, str] = {}


def missing(reason: str) -> None:
    """A missing browser fails the test in CI (which installs one: ``CI`` or
    ``OKEY101_REQUIRE_BROWSER`` is set) and skips it elsewhere."""
    if os.environ.get("CI") or os.environ.get("OKEY101_REQUIRE_BROWSER"):
        pytest.fail(f"{reason}; CI installs it (.ci/run)", pytrace=False)
    pytest.skip(reason)


def chromium() -> str:
    """Debian's Chromium (``OKEY101_CHROMIUM`` names another)."""
    candidates = [os.environ.get("OKEY101_CHROMIUM"), *CHROMIUM_PLACES, shutil.which("chromium")]
    for candidate in candidates:
        if candidate and Path(candidate).exists():
            return candidate
    missing("Chromium is not installed: apt-get install chromium (or set OKEY101_CHROMIUM)")
    raise AssertionError("unreachable")


@dataclass
class Served:
    """A running ``okey101 web``."""

    process: subprocess.Popen[bytes]
    url: str
    root: Path
    log: Path

    def children(self) -> list[int]:
        """The server's child processes (the visitors' apps), on Linux."""
        path = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        if not path.exists():
            return []
        return [int(pid) for pid in path.read_text().split()]

    def output(self) -> str:
        return self.log.read_text(errors="replace")


# The addresses the servers print once they listen, in any language.
LOOPBACK_ADDRESS = re.compile(r"http://127\.0\.0\.1:[0-9]+/")
HOSTED_LINK = re.compile(r"http://[^\s]+/\?code=[^\s]+")


@contextlib.contextmanager
def served(
    tmp_path: Path, *args: str, unset: tuple[str, ...] = (), own_dirs: bool = False
) -> Iterator[Served]:
    """``okey101 web`` on a loopback port of its own choosing with this test's data dir;
    always stopped. ``unset``: variables of the tests' environment the server does not get
    (``OKEY101_LANG``: the visitors' languages are their own). ``own_dirs``: data and config
    dirs in ``tmp_path`` and English, whatever the environment says (a server shared by the
    tests of a module starts before a test has set its own dirs)."""
    command = ["web", "--port", "0", *args]
    given = {}
    if own_dirs:
        given = {
            "OKEY101_DATA_DIR": str(tmp_path / "data"),
            "OKEY101_CONFIG_DIR": str(tmp_path / "config"),
            i18n.ENV_LANG: "en",
        }
    with running(
        command, tmp_path / "server.log", LOOPBACK_ADDRESS, signal.SIGTERM, unset, given
    ) as server:
        yield server


@contextlib.contextmanager
def hosted(tmp_path: Path, *args: str) -> Iterator[Served]:
    """``okey101 host --no-seat --web`` on loopback ports of its own choosing with this test's
    data dir; its ``url`` is the link it prints for friends (with the join code). Always
    stopped, by Ctrl+C (the table and the page close)."""
    command = ["host", "--no-seat", "--port", "0", "--web", "--web-port", "0", *args]
    with running(command, tmp_path / "host.log", HOSTED_LINK, signal.SIGINT) as server:
        yield server


def as_at_a_terminal() -> None:
    """In a server's process before it starts: Ctrl+C (SIGINT) does what it does for a
    command started at a terminal. A command started in the background by a script (``cmd
    &``, as a CI job may run the tests) inherits SIGINT ignored, and a host stopped by
    Ctrl+C then never closed: the test waited on it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@contextlib.contextmanager
def running(
    command: list[str],
    log: Path,
    address: re.Pattern[str],
    stop: signal.Signals,
    unset: tuple[str, ...] = (),
    given: dict[str, str] | None = None,
) -> Iterator[Served]:
    """``okey101 COMMAND`` with this test's data dir, its output in ``log``; its ``url`` is
    the first ``address`` it prints. Stopped by ``stop`` (killed if it does not stop).
    ``given``: variables set for it over the test's environment.

    The server picks its ports (port 0) and the test reads the address it prints once it
    listens: a port picked here and handed over could be taken in between, and a probe
    connecting to a port in the ephemeral range can connect to itself. A failing test
    shows what the server printed and whether it was still running."""
    dropped = ("COLUMNS", "LINES", *unset)
    environment = {k: v for k, v in os.environ.items() if k not in dropped}
    environment.update(given or {})
    name = f"okey101 {command[0]}"
    root = Path(environment["OKEY101_DATA_DIR"]) / "web"  # before the process: nothing left
    with log.open("wb") as sink:
        process = subprocess.Popen(
            [sys.executable, "-m", "okey_tui", *command],
            stdin=subprocess.DEVNULL,
            stdout=sink,
            stderr=subprocess.STDOUT,
            env=environment,
            preexec_fn=as_at_a_terminal,
        )
    server = Served(process, "", root, log)
    try:
        deadline = time.monotonic() + TIMEOUT
        while not (found := address.search(server.output())):
            if process.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"{name} did not start:\n{server.output()}")
            time.sleep(0.05)
        server.url = found.group(0)
        try:
            yield server
        except Exception as exc:
            state = "running" if process.poll() is None else "stopped"
            exc.add_note(f"{name} ({state}) printed:\n{server.output()}")
            raise
    finally:
        process.send_signal(stop)
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)


# The whole screen as text, one line a row: xterm's buffer, as drawn on the canvas.
READ_SCREEN = """() => {
  const terminal = window.okeyTerminal;
  if (!terminal) { return ""; }
  const buffer = terminal.buffer.active;
  const rows = [];
  for (let i = 0; i < terminal.rows; i++) {
    const line = buffer.getLine(buffer.viewportY + i);
    rows.push(line ? line.translateToString(true) : "");
  }
  return rows.join("\\n");
}"""


class Terminal:
    """The page's terminal: read as text, typed into, clicked."""

    def __init__(self, page: Any) -> None:
        self.page = page

    @classmethod
    def open(cls, page: Any, url: str) -> Terminal:
        def keep_the_terminal(route: Any) -> None:
            if route.request.url not in _SCRIPTS:
                script = route.fetch().text()
                if TERMINAL_OPENED not in script:
                    raise AssertionError(
                        "textual-serve's script changed: the tests cannot find its terminal "
                        f"({TERMINAL_OPENED!r}); pin the textual-serve these tests were written for"
                    )
                _SCRIPTS[route.request.url] = script.replace(
                    TERMINAL_OPENED, TERMINAL_OPENED + ",window.okeyTerminal=this.terminal"
                )
            route.fulfill(body=_SCRIPTS[route.request.url], content_type="text/javascript")

        page.route("**/static/js/textual.js", keep_the_terminal)
        page.goto(url, wait_until="domcontentloaded")
        return cls(page)

    def text(self) -> str:
        return str(self.page.evaluate(READ_SCREEN))

    def size(self) -> tuple[int, int]:
        cols, rows = self.page.evaluate("[window.okeyTerminal.cols, window.okeyTerminal.rows]")
        return int(cols), int(rows)

    def wait_for(self, text: str, timeout: float = TIMEOUT) -> str:
        """Wait until ``text`` is on the screen; the screen then."""
        try:
            self.page.wait_for_function(
                f"(text) => ({READ_SCREEN})().includes(text)", arg=text, timeout=timeout * 1000
            )
        except Exception as error:
            raise AssertionError(
                f"{text!r} did not appear ({error.__class__.__name__}); the screen was:\n"
                + self.text()
            ) from None
        return self.text()

    def press(self, key: str) -> None:
        """A key, typed into the terminal (focused first, without a click on the game)."""
        self.page.focus(".xterm-helper-textarea")
        self.page.keyboard.press(key)

    def click(self, text: str) -> None:
        """A mouse click in the middle of the first cell of ``text`` on the screen."""
        rows = self.text().split("\n")
        found = [(row, line.find(text)) for row, line in enumerate(rows) if text in line]
        if not found:
            raise AssertionError(f"{text!r} is not on the screen:\n" + "\n".join(rows))
        row, column = found[0]
        box = self.page.locator(".xterm-screen").bounding_box()
        cols, lines = self.size()
        width, height = box["width"] / cols, box["height"] / lines
        self.page.mouse.click(box["x"] + (column + 0.5) * width, box["y"] + (row + 0.5) * height)

    def colours(self) -> int:
        """How many different colours a screenshot of the page has (the browser decodes it)."""
        png = base64.b64encode(self.page.screenshot()).decode("ascii")
        return int(
            self.page.evaluate(
                """async (png) => {
                  const blob = await (await fetch("data:image/png;base64," + png)).blob();
                  const image = await createImageBitmap(blob);
                  const canvas = new OffscreenCanvas(image.width, image.height);
                  const context = canvas.getContext("2d");
                  context.drawImage(image, 0, 0);
                  const pixels = context.getImageData(0, 0, image.width, image.height).data;
                  const seen = new Set();
                  for (let i = 0; i < pixels.length; i += 4 * 7) {
                    seen.add((pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2]);
                  }
                  return seen.size;
                }""",
                png,
            )
        )


def visitor_id(page: Any) -> str:
    """The id the server gave this browser (its cookie)."""
    for cookie in page.context.cookies():
        if cookie["name"] == COOKIE:
            return str(cookie["value"])
    raise AssertionError("the page set no visitor cookie")


def saves_of(server: Served, visitor: str) -> list[Path]:
    data, _ = visitor_dirs(server.root, visitor)
    return sorted((data / "saves").glob("*.json"))


def only_save(server: Served, visitor: str) -> storage.SavedMatch:
    saves = saves_of(server, visitor)
    assert len(saves) == 1, saves
    saved = storage.load(saves[0])
    assert saved is not None
    return saved


def wait_for_save(server: Served, visitor: str, check: Any, timeout: float = TIMEOUT) -> Any:
    """Wait until the visitor's one autosave passes ``check``; the save then."""
    deadline = time.monotonic() + timeout
    while True:
        saves = saves_of(server, visitor)
        if len(saves) == 1:
            try:
                saved = storage.load(saves[0])
            except storage.SaveError:
                saved = None
            if saved is not None and check(saved):
                return saved
        if time.monotonic() > deadline:
            texts = [json.loads(p.read_text()).get("hand") for p in saves]
            raise AssertionError(f"the autosave never got there: {texts}")
        time.sleep(0.05)


try:
    from playwright.sync_api import sync_playwright
except ImportError:  # pragma: no cover - the test extra installs it
    sync_playwright = None


@pytest.fixture(scope="module")
def chromium_launched() -> Iterator[Any]:
    """Debian's Chromium through playwright, launched once for the browser tests of a test
    module (playwright's driver and the browser took 1.2 s to start, in every test). A test
    module imports it with the ``browser`` fixture.

    Not kept any longer than the module: while playwright's sync API is open its event loop
    counts as running in this thread, so a test run in between that starts an event loop
    of its own (``asyncio.run``, a Textual app) would fail. In a module, the tests that
    start one come before the first browser test."""
    if sync_playwright is None:
        missing("playwright is not installed: pip install -e '.[test]'")
    executable = chromium()
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture(name="browser")
def chromium_browser(chromium_launched: Any) -> Iterator[Any]:
    """The ``browser`` fixture: the module's Chromium, holding no page or cookie of another
    test. Each context a test opened (``new_page`` opens one too) is closed after it: a page
    left open would go on with its server gone (a page whose table went away asks for it
    again every few seconds)."""
    try:
        yield chromium_launched
    finally:
        for context in chromium_launched.contexts:
            context.close()


def packet(kind: bytes, payload: bytes) -> bytes:
    """A packet of textual-serve's pipe protocol, as a page's server sends it to its game:
    ``D`` keys, ``M`` a JSON message (the terminal's size, quit)."""
    return kind + len(payload).to_bytes(4, "big") + payload


def a_visitors_game(tmp_path: Path) -> subprocess.Popen[bytes]:
    """``okey101 play`` as a page's server runs it for a visitor (its driver, its dirs),
    told a 100x30 terminal; the caller kills it if it is still running at the end."""
    env = {
        **os.environ,
        "TEXTUAL_DRIVER": "okey_tui.web.driver:VisitorDriver",
        "OKEY101_WEB": "1",
        "OKEY101_CONFIG_DIR": str(tmp_path / "config"),
        "OKEY101_DATA_DIR": str(tmp_path / "data"),
    }
    game = subprocess.Popen(
        [sys.executable, "-m", "okey_tui", "play", "--seed", "5", "--bot-delay", "0"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    assert game.stdin is not None
    size = json.dumps({"type": "resize", "width": 100, "height": 30}).encode()
    game.stdin.write(packet(b"M", size))
    game.stdin.flush()
    return game
