"""``okey101 play`` in a real terminal (tmux): a turn with d and x, then q y quits."""

from __future__ import annotations

import contextlib
import re
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from okey_tui import storage

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


def okey101() -> str:
    script = Path(sys.executable).with_name("okey101")
    return str(script) if script.exists() else f"{sys.executable} -m okey_tui"


def TMUX(session: str) -> list[str]:  # noqa: N802 - reads as the command it is
    """tmux on a server of this session's own: tests running side by side share no
    server, so neither the window size nor the environment of one reaches another."""
    return ["tmux", "-L", session]


def start(session: str, width: int, height: int, command: str) -> None:
    """A detached session of width x height running ``command``."""
    subprocess.run(
        [*TMUX(session), "new-session", "-d", "-s", session, "-x", str(width), "-y", str(height)]
        + [command],
        check=True,
    )


def private_env(tmp_path: Path) -> str:
    """Config and data dirs of this test only, as a command prefix."""
    config, data = tmp_path / "config", tmp_path / "data"
    # COLUMNS/LINES (set under pytest-xdist) would override the pane's real size.
    return (
        f"env -u COLUMNS -u LINES OKEY101_CONFIG_DIR={config} OKEY101_DATA_DIR={data} "
        "TERM=xterm-256color"
    )


def capture(session: str) -> str:
    return subprocess.run(
        [*TMUX(session), "capture-pane", "-t", session, "-p"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout


def wait_for(session: str, text: str, timeout: float = 20.0) -> str:
    deadline = time.monotonic() + timeout
    screen = ""
    while time.monotonic() < deadline:
        screen = capture(session)
        if text in screen:
            return screen
        time.sleep(0.05)
    raise AssertionError(f"{text!r} did not appear; the screen was:\n{screen}")


def send(session: str, key: str) -> None:
    """One key; the test then waits for what it does (a key typed early waits in the
    terminal's input, as a person's does)."""
    subprocess.run([*TMUX(session), "send-keys", "-t", session, key], check=True)


def test_play_a_turn_and_quit_in_tmux(tmp_path):
    session = f"okey101-test-{uuid.uuid4().hex[:8]}"
    env_prefix = private_env(tmp_path)
    command = f"{env_prefix} {okey101()} play --seed 5 --bot-delay 0"
    start(session, 120, 40, command)
    try:
        # The screen is drawn in pieces: wait for the one this test reads.
        wait_for(session, "Middle: 20")
        send(session, "d")
        # Seed 5: the human starts with 22 tiles, so there is nothing to draw: the engine says so.
        wait_for(session, "first turn has no draw")
        send(session, "x")
        wait_for(session, "You discarded")
        wait_for(session, "Your turn")
        wait_for(session, "21 tiles")
        send(session, "d")
        wait_for(session, "You drew from the middle")
        # The drawn R7 fits a bot's run on the table: throwing it costs +101, so it asks.
        send(session, "x")
        wait_for(session, "Discard it anyway?")
        send(session, "y")
        # The player's panel keeps what it cost (the status line says it only until the
        # bots, at no delay, have played: a test can miss it there).
        wait_for(session, "+101 penalty")
        wait_for(session, "Your turn")
        send(session, "q")
        wait_for(session, "Quit the game?")
        send(session, "y")
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            alive = subprocess.run(
                [*TMUX(session), "has-session", "-t", session], capture_output=True
            )
            if alive.returncode != 0:
                break
            time.sleep(0.05)
        else:
            raise AssertionError("okey101 did not quit after q y:\n" + capture(session))
    finally:
        subprocess.run([*TMUX(session), "kill-server"], capture_output=True)


def test_a_hand_in_turkish_chosen_by_lang_in_tmux(tmp_path):
    """LANG=tr_TR.UTF-8 and nothing else asking: okey101 play speaks Turkish. Seed 5:
    the refused draw, a discard, the bots' turns, a sort, a draw and a discard, then q e."""
    session = f"okey101-test-{uuid.uuid4().hex[:8]}"
    # OKEY101_LANG (the tests' English) and the other locale variables are unset, so
    # the language comes from LANG as gettext reads it.
    locale = "env -u OKEY101_LANG -u LANGUAGE -u LC_ALL -u LC_MESSAGES LANG=tr_TR.UTF-8"
    command = f"{locale} {private_env(tmp_path)} {okey101()} play --seed 5 --bot-delay 0"
    start(session, 120, 40, command)
    try:
        # The screen is drawn in pieces: wait for each one this test reads.
        # (The starter's first turn has no draw: no d Çek in the key bar yet.)
        for piece in ("Orta: 20", "Gösterge", "El 1/11 · Klasik", "x At", "q Çık"):
            wait_for(session, piece)
        send(session, "d")
        wait_for(session, "başlayan oyuncu ilk turunda taş çekmez")
        send(session, "x")
        wait_for(session, "Sıra sende")
        wait_for(session, "d Çek")
        wait_for(session, "21 taş")
        wait_for(session, "attı ")  # a bot's discard in the log (the player's own reads "attın")
        send(session, "s")
        wait_for(session, "Dizildi: seri ve gruplarda")
        send(session, "d")
        wait_for(session, "Ortadan çektin:")  # the player's own move, said to them
        send(session, "x")
        wait_for(session, "Yine de atılsın mı?")  # the drawn tile is playable: +101
        send(session, "e")
        wait_for(session, "Sıra sende")
        wait_for(session, "attın")
        send(session, "q")
        wait_for(session, "Oyundan çıkılsın mı?")
        wait_for(session, "e: evet · h: hayır")  # Turkish answers: e (evet), h (hayır)
        send(session, "e")
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            alive = subprocess.run(
                [*TMUX(session), "has-session", "-t", session], capture_output=True
            )
            if alive.returncode != 0:
                break
            time.sleep(0.05)
        else:
            raise AssertionError("okey101 did not quit after q e:\n" + capture(session))
    finally:
        subprocess.run([*TMUX(session), "kill-server"], capture_output=True)


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
def test_open_an_arranged_hand_with_the_group_keys_in_tmux(tmp_path, size):
    """Seed 125 in a real terminal: s arranges, o stages every group, Enter opens with 105."""
    session = f"okey101-test-{uuid.uuid4().hex[:8]}"
    # The variables go in the command: a tmux server that is already running (another
    # test's) would not pass this client's environment on to the new session.
    command = f"{private_env(tmp_path)} {okey101()} play --seed 125 --bot-delay 0"
    width, height = size
    start(session, width, height, command)
    try:
        wait_for(session, "Middle: 20")
        send(session, "s")
        screen = wait_for(session, "set 27")
        assert "run 18" in screen
        send(session, "o")
        wait_for(session, "105 / 101")
        send(session, "Enter")
        wait_for(session, "opened 105")
    finally:
        subprocess.run([*TMUX(session), "kill-server"], capture_output=True)


@contextlib.contextmanager
def host_and_friend(tmp_path: Path) -> Iterator[tuple[str, str]]:
    """okey101 host in one terminal, okey101 join in another (loopback), the friend
    seated: the two tmux sessions, ended on leaving."""
    host, guest = (f"okey101-{who}-{uuid.uuid4().hex[:8]}" for who in ("host", "join"))
    start(
        host,
        120,
        40,
        f"{private_env(tmp_path / 'host')} {okey101()} host --port 0 --name Host "
        "--seed 5 --bots easy --bot-delay 0.2",
    )
    try:
        # The host picks its port (a port picked here could be taken before it listens);
        # the lobby's join command says which.
        lobby = wait_for(host, "okey101 join ")
        joined = re.search(r"okey101 join \S+:([0-9]+) (\S+)", lobby)
        assert joined, lobby
        port, code = joined.groups()
        start(
            guest,
            120,
            40,
            f"{private_env(tmp_path / 'join')} {okey101()} join 127.0.0.1:{port} {code} "
            "--name Ayse",
        )
        try:
            wait_for(host, "Seat 2: Ayse")
            yield host, guest
        finally:
            subprocess.run([*TMUX(guest), "kill-server"], check=False)
    finally:
        subprocess.run([*TMUX(host), "kill-server"], check=False)


def test_host_and_join_in_two_terminals_see_each_others_moves(tmp_path):
    """okey101 host in one terminal, okey101 join in another (loopback): both tables show,
    and a discard in one appears in the other's log."""
    with host_and_friend(tmp_path) as (host, guest):
        wait_for(guest, "Waiting for Host to start")
        send(host, "Enter")
        wait_for(host, "Middle: 20")
        wait_for(guest, "Middle: 20")
        # Seed 5: seat 1 (the host) starts with 22 tiles and discards first.
        send(host, "x")
        wait_for(guest, "Host discarded")
        # Ayşe sits next: her turn comes; draw and discard, and the host's log says so.
        wait_for(guest, "Your turn")
        send(guest, "d")
        wait_for(guest, "You drew")
        send(guest, "x")
        wait_for(host, "Ayse discarded")


def test_the_hosts_terminal_closed_tells_the_friend_in_the_other_terminal(tmp_path):
    """okey101 host in one terminal, okey101 join in another: the host's terminal closed
    (its window shut: tmux kill-session hangs it up, SIGHUP) closes the table as the
    host's q does. The host ended at once: the friend read a lost connection and tried to
    take the seat back, not told the host closed the table. The match is saved."""
    with host_and_friend(tmp_path) as (host, guest):
        send(host, "Enter")
        wait_for(guest, "Middle: 20")
        subprocess.run([*TMUX(host), "kill-session", "-t", host], check=True)
        wait_for(guest, "The host closed the table. Your seat is kept")
    saves = storage.list_saves(tmp_path / "host" / "data" / "tables").entries
    assert len(saves) == 1 and not storage.in_use(saves[0].path), saves
