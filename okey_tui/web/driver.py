"""The Textual driver of a visitor's game on a web page (``okey101 web``, ``okey101 host
--web``): textual-serve's own, except that the game does not end on Ctrl+C.

Each visitor's game runs in the server's process group, so Ctrl+C in the server's
terminal reaches the games too, and textual-serve's driver ends a game on it: the page's
connection then closed with no reason before the server could close it saying why ("the
host closed the table"), and the page showed its default words. The server ends its
visitors' games itself, once it has closed their pages (asked to quit, killed if they do
not); SIGTERM still ends a game, and a closed terminal (SIGHUP) too.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal

from textual.drivers.web_driver import WebDriver


class VisitorDriver(WebDriver):
    """textual-serve's driver, with Ctrl+C (SIGINT) ignored."""

    def start_application_mode(self) -> None:
        super().start_application_mode()
        with contextlib.suppress(NotImplementedError, ValueError, RuntimeError):
            asyncio.get_running_loop().remove_signal_handler(signal.SIGINT)
            signal.signal(signal.SIGINT, signal.SIG_IGN)
