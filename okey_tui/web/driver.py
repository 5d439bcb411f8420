"""The Textual driver of a visitor's game on a web page (``okey101 web``, ``okey101 host
--web``): textual-serve's own, except that the game does not end on Ctrl+C nor on its
terminal closing, and that it does end once its server is gone.

Each visitor's game runs in the server's process group, so Ctrl+C in the server's
terminal reaches the games too, and textual-serve's driver ends a game on it: the page's
connection then closed with no reason before the server could close it saying why ("the
host closed the table"), and the page showed its default words. The terminal closed (its
window shut, an ssh session dropped) sends the whole group SIGHUP, which ended a game at
once, its match not saved as it stood. The server stops on both, and ends its visitors'
games itself, once it has closed their pages (asked to quit, they save the match; killed
if they do not); SIGTERM still ends a game.

A server that goes without a word (killed, crashed) leaves its games' pipes closed: the
input ends and every write fails. textual-serve's driver went on, drawing into the broken
pipe at full speed with nobody to see it, and could not even end on SIGTERM (its goodbye
to the server failed too). This one ends the game once the input ends or a write fails.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from collections.abc import Iterator
from functools import partial
from typing import Any

from textual import log, messages
from textual._parser import ParseError
from textual._xterm_parser import XTermParser
from textual.drivers import web_driver
from textual.drivers.web_driver import WebDriver
from textual.message import Message


class PageInput(XTermParser):
    """Textual's reader of the terminal's input, for the keys a page sends: what it cannot
    read is dropped and it reads on. Textual's own raised ValueError on a key sequence whose
    number is past Unicode ("\x1b[1000000000P") and took an empty read for the end of the
    input, and either ended its driver's input, and the game with it (its match saved). A
    page is anyone's: the server passes on its keys as they come."""

    def feed(self, data: str) -> Iterator[Message]:
        if not data:  # an empty read (an empty key message): nothing, not the end
            return
        try:
            yield from super().feed(data)
        # OverflowError: a number past a C int ("\x1b[999999999999999999~"); RuntimeError:
        # the reader's generator stopped inside ("\x1b[99999999999999999999u"). Each ended
        # the visitor's game, its page left frozen.
        except (ValueError, ParseError, OverflowError, RuntimeError) as error:
            log.warning(f"input dropped: {error}")
            XTermParser.__init__(self)  # the parser was mid-sequence: it starts afresh


# textual-serve's driver makes its reader by this name as its input starts.
web_driver.XTermParser = PageInput  # type: ignore[attr-defined]


class VisitorDriver(WebDriver):
    """textual-serve's driver, with Ctrl+C (SIGINT) and a closed terminal (SIGHUP)
    ignored, ending the game once its server is gone."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._gone = False
        self._write = partial(self._write_while_heard, self.fileno)

    def _write_while_heard(self, fileno: int, data: bytes) -> int:
        """The driver's write (``os.write`` to the server's pipe), until the pipe breaks."""
        if not self._gone:
            try:
                return os.write(fileno, data)
            except OSError:  # a broken pipe: the server is gone
                self.server_gone()
        return len(data)

    def server_gone(self) -> None:
        """Nobody reads this game any more: it ends (once), writing nothing more."""
        if self._gone:
            return
        self._gone = True
        self._app.post_message(messages.ExitApp())

    def run_input_thread(self) -> None:
        try:
            super().run_input_thread()
        finally:
            # The input ended: the server closed the pipe (gone), or it asked the game to
            # end ("exit"), which it is doing already.
            if not self.exit_event.is_set():
                self.server_gone()

    def start_application_mode(self) -> None:
        super().start_application_mode()
        with contextlib.suppress(NotImplementedError, ValueError, RuntimeError):
            asyncio.get_running_loop().remove_signal_handler(signal.SIGINT)
            signal.signal(signal.SIGINT, signal.SIG_IGN)
        with contextlib.suppress(AttributeError, ValueError):  # no SIGHUP on Windows
            signal.signal(signal.SIGHUP, signal.SIG_IGN)
