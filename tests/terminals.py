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
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path


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


def terminal_environment(tmp_path: Path) -> dict[str, str]:
    """The environment of a process at a terminal of 120 x 40 (its size from the terminal,
    not from COLUMNS and LINES), with its own folders under ``tmp_path``."""
    return {
        **{k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")},
        "TERM": "xterm-256color",
        "HOME": str(tmp_path / "home"),
        "OKEY101_CONFIG_DIR": str(tmp_path / "config"),
        "OKEY101_DATA_DIR": str(tmp_path / "data"),
    }


async def start_at_a_terminal(
    command: Sequence[str],
    env: Mapping[str, str],
    before: Callable[[], None] = on_a_terminal_of_its_own,
) -> tuple[asyncio.subprocess.Process, Terminal]:
    """``command`` started in a session of its own with a new pseudo-terminal of 120 x 40
    as its standard input, output and error (``before`` runs in it first: by default the
    terminal is its session's, see :func:`on_a_terminal_of_its_own`); the process and what
    the terminal draws."""
    leader, follower = open_terminal()
    try:
        process = await asyncio.create_subprocess_exec(
            *command,
            stdin=follower,
            stdout=follower,
            stderr=follower,
            env=dict(env),
            start_new_session=True,
            preexec_fn=before,
        )
    except BaseException:
        os.close(leader)
        raise
    finally:
        os.close(follower)
    return process, Terminal(leader)


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
