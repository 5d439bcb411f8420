"""An okey101 in a process of its own at a terminal of its own (a pseudo-terminal the test
holds the other end of): what it draws, read as it comes, and the terminal closed as a
window is shut."""

from __future__ import annotations

import asyncio
import fcntl
import os
import pty
import re
import signal
import struct
import termios


def open_terminal(rows: int = 40, columns: int = 120) -> tuple[int, int]:
    """A pseudo-terminal of ``columns`` x ``rows``: its leader (the test's end) and its
    follower (the process's standard input, output and error)."""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    return leader, follower


def on_a_terminal_of_its_own() -> None:
    """In the process before it starts (after ``start_new_session``): its standard input,
    a pseudo-terminal, is its session's terminal, as a terminal window's or an ssh
    session's is: closing the terminal (its leader) sends it SIGHUP, and every read and
    write of it fails from then on. Ctrl+C and SIGHUP as a terminal gives them: a suite run
    in the background (``.ci/run &``) or under nohup has them ignored, and a child inherits
    that."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGHUP, signal.SIG_DFL)
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Terminal:
    """What the screen on the terminal ``leader`` draws, read as it comes for as long as
    the screen runs (a screen nobody reads blocks on its next drawing)."""

    def __init__(self, leader: int) -> None:
        self.leader = leader
        self.drawn = bytearray()
        self.changed = asyncio.Event()
        self.ended = False
        self.closed = False
        os.set_blocking(leader, False)
        asyncio.get_running_loop().add_reader(leader, self._read)

    def _read(self) -> None:
        try:
            self.drawn += os.read(self.leader, 65536)
        except BlockingIOError:
            return
        except OSError:  # the screen's process ended
            self.ended = True
            self.stop()
        self.changed.set()

    def stop(self) -> None:
        asyncio.get_running_loop().remove_reader(self.leader)

    def close(self) -> None:
        """The terminal closes (its window shut, an ssh session dropped): the process
        whose terminal it is gets SIGHUP. Once; again, nothing."""
        if not self.closed:
            self.closed = True
            self.stop()
            os.close(self.leader)

    async def until(self, pattern: bytes) -> re.Match[bytes]:
        """Wait until ``pattern`` is drawn; its match."""
        while (found := re.search(pattern, self.drawn)) is None:
            if self.ended:
                raise AssertionError(f"{pattern!r} never drawn")
            self.changed.clear()
            await self.changed.wait()
        return found
