"""End to end: a host and two friends, each a real ``okey101`` process on 127.0.0.1, play a
whole hand with one bot. A friend is killed (kill -9) in the middle of their turn; after the
grace period a bot covers the seat; the friend runs the same ``okey101 join`` again, takes
the seat back with the token it kept, and the hand is finished.

The people are played by bots (``--autoplay``: the same join, token and rejoin as the
screen, no screen), so the hand takes seconds. Every wait is bounded."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

TIMEOUT = 30.0


async def spawn(data: Path, *args: str) -> asyncio.subprocess.Process:
    """``okey101 ARGS`` with a data dir of its own (its own kept seat tokens)."""
    environment = {**os.environ, "OKEY101_DATA_DIR": str(data)}
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "okey_tui",
        *args,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=environment,
    )


async def read_until(stream: asyncio.StreamReader, seen: list[str], wanted: str) -> str:
    """Lines of ``stream`` into ``seen`` until one holds ``wanted``; that line."""
    while True:
        raw = await stream.readline()
        if not raw:
            raise AssertionError(f"{wanted!r} never came:\n" + "".join(seen))
        line = raw.decode()
        seen.append(line)
        if wanted in line:
            return line


async def finish(process: asyncio.subprocess.Process) -> dict[str, Any]:
    """The process's last line (its ``over`` report), once it exits with 0."""
    assert process.stdout is not None and process.stderr is not None
    out, err = await process.communicate()
    lines = out.decode().splitlines()
    assert process.returncode == 0, (out.decode(), err.decode())
    report = json.loads(lines[-1])
    assert isinstance(report, dict) and report.get("over") is True, lines
    return report


async def test_friends_play_a_hand_a_friend_is_killed_mid_turn_a_bot_covers_they_rejoin(
    tmp_path: Path,
) -> None:
    host = await spawn(
        tmp_path / "host",
        "host",
        "--autoplay",
        "easy",
        "--name",
        "Host",
        "--port",
        "0",
        "--hands",
        "1",
        "--bots",
        "easy",
        "--seed",
        "8",
        "--bot-delay",
        "0.03",
        "--grace",
        "0.3",
        "--start-at",
        "3",
    )
    processes = [host]
    notices: list[str] = []
    assert host.stderr is not None
    try:
        async with asyncio.timeout(TIMEOUT):
            line = await read_until(host.stderr, notices, "Join with:")
            found = re.search(r"okey101 join (\S+) (\w+)", line)
            assert found is not None
            address, code = found.groups()
            friend = ["join", address, code, "--autoplay", "easy"]
            # Everyone takes 0.03 s a move, so the hand lasts while Mehmet is away; Mehmet
            # thinks 0.3 s at first: time to be killed in the middle of a turn.
            ayse = await spawn(tmp_path / "ayse", *friend, "--name", "Ayşe", "--think", "0.03")
            mehmet_args = [*friend, "--name", "Mehmet", "--think", "0.3"]
            mehmet = await spawn(tmp_path / "mehmet", *mehmet_args)
            processes += [ayse, mehmet]
            assert mehmet.stdout is not None
            seen: list[str] = []
            seated = json.loads(await read_until(mehmet.stdout, seen, '"seated"'))["seated"]
            await read_until(host.stderr, notices, "The match has started")
            await read_until(mehmet.stdout, seen, '"turn"')

            mehmet.send_signal(signal.SIGKILL)  # in the middle of the turn
            await mehmet.wait()
            await read_until(host.stderr, notices, "Mehmet lost the connection")
            await read_until(host.stderr, notices, f"A bot plays for Mehmet (seat {seated + 1})")

            # The same command again: the kept token takes the same seat back.
            again_args = [*friend, "--name", "Mehmet", "--think", "0.03"]
            again = await spawn(tmp_path / "mehmet", *again_args)
            processes.append(again)
            assert again.stdout is not None
            back = json.loads(await read_until(again.stdout, seen, '"seated"'))
            assert back["seated"] == seated
            await read_until(host.stderr, notices, "Mehmet is back")

            reports = [await finish(p) for p in (host, ayse, again)]
        # The hand was played to its end; everyone saw the same scores.
        assert sorted(r["seat"] for r in reports) == [0, 1, 2] and reports[2]["seat"] == seated
        assert [len(r["results"]) for r in reports] == [1, 1, 1]
        assert reports[0]["totals"] == reports[1]["totals"] == reports[2]["totals"]
    finally:
        for process in processes:
            if process.returncode is None:
                process.kill()
                await process.wait()
