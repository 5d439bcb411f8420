"""What a friend at a network table is told, and how: a command to copy is on a line of its
own and printed whole; the table's refusal reads as one sentence and says what r does; a
seat open in another window says how to get it; the table's notes go with the table.

Every table is a real server on 127.0.0.1; every wait is bounded.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterator
from pathlib import Path

import pytest
from net_helpers import open_table, screen_statics_text, seat_four, shows, until

from okey_tui import i18n
from okey_tui.commands.join import print_note
from okey_tui.net.client import JoinError, RemoteTable, after_colon
from okey_tui.net.protocol import ErrorCode, error_words
from okey_tui.ui.remote import LobbyScreen, RemoteApp, Seat, seat_in_use
from okey_tui.ui.screens.table import TableScreen

README = Path(__file__).resolve().parents[2] / "README.md"


@pytest.fixture
def turkish() -> Iterator[None]:
    i18n.set_language("tr")
    yield
    i18n.set_language("en")


def lobby_text(app: RemoteApp) -> str:
    return screen_statics_text(app.screen)


def command_lines(note: str) -> list[str]:
    """The lines of ``note`` that say an okey101 command; each must be the command alone,
    indented (words before or after it were copied with it). A command named in brackets
    among words ("once the host opens it again (okey101 host --resume)") is not one to copy."""
    lines = [line for line in note.splitlines() if "okey101 " in re.sub(r"\([^)]*\)", "", line)]
    for line in lines:
        assert line.startswith("  okey101 "), f"words share the command's line: {line!r}"
        words = shlex.split(line)
        assert words[0] == "okey101" and words[1] in ("join", "host"), line
        # After the address and the code: options only (--name, --token, --tls, --resume).
        assert all(w.startswith("--") for w in words[2:] if w.islower() and w.isalpha()), line
    return [line.strip() for line in lines]


async def test_leaving_the_lobby_prints_the_command_whole_on_a_line_of_its_own(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """At 100 columns the terminal printed "… okey101 join 127.0.0.1:18471" / "VGHACT --name
    P3 sits you down again …": the first line copied was refused with a usage error."""
    server = await open_table(bot_delay=5)
    friend = await RemoteTable.join(server.url, server.code, "P3")
    try:
        note = friend.leave_note() or ""
        command = f"okey101 join {server.url.removeprefix('ws://')} {server.code} --name P3"
        assert command_lines(note) == [command], note
        for width in (100, 60):
            monkeypatch.setenv("COLUMNS", str(width))
            print_note(note)
            printed = capsys.readouterr().out.splitlines()
            assert f"  {command}" in printed, printed
            assert "okey101" not in "".join(p for p in printed if p != f"  {command}")
    finally:
        await friend.close()
        await server.close()


async def test_every_note_with_a_command_has_it_alone_on_its_line() -> None:
    """Leaving a started match (with or without the kept token), the host leaving, the
    wait for a closed table, and a --token no seat has: each command on a line of its own."""
    server = await open_table(bot_delay=5, grace=60.0)
    host = await RemoteTable.join(server.url, server.code, "Mehmet")
    friend = await RemoteTable.join(server.url, server.code, "Ayşe")
    address = server.url.removeprefix("ws://")
    try:
        await host.start()
        await friend.wait_for(lambda: friend.started, 5)
        host.hosting = True
        assert command_lines(host.leave_note() or "") == ["okey101 host --resume"]
        token = f"okey101 join {address} --token {friend.token}"
        assert command_lines(friend.leave_note() or "") == [token]
        friend.token_kept = True
        assert command_lines(friend.leave_note() or "") == [
            token,
            f"okey101 join {address} {server.code}",
        ]
        waiting = RemoteApp(Seat(server.url, code=server.code, name="Ayşe", token=friend.token))
        assert command_lines(waiting.waiting_note()) == [token]
        app = RemoteApp(Seat(server.url, name="Ayşe", token="no-such-seat-123"))
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: bool(app.problem), "the refusal")
            assert command_lines(app.problem) == [f"okey101 join {address} CODE"]
            # The keys on a line of their own too, under the command.
            assert lobby_text(app).splitlines()[-1] == "q quits"
    finally:
        await host.close()
        await friend.close()
        await server.close()


async def test_a_full_table_says_so_in_one_sentence_and_r_sits_once_someone_leaves() -> None:
    """ "The table said no: Every seat is taken · r tries again · q quits": a capital after
    the colon, and nothing of when r can work (once someone leaves the lobby)."""
    server = await open_table(bot_delay=5)
    four = await seat_four(server)
    app = RemoteApp(Seat(server.url, code=server.code, name="P5"))
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: bool(app.problem), "the refusal")
            assert app.problem == "The table said no: every seat is taken", app.problem
            assert "r tries again once someone leaves · q quits" in lobby_text(app)
            await four[3].close(quitting=True)
            await until(pilot, lambda: sum(s.human for s in server.seats) == 3, "a seat free")
            await pilot.press("r")
            await until(pilot, lambda: app.table is not None and not app.problem, "seated")
            assert app.table is not None and app.table.seat == 3
            assert "once someone leaves" not in lobby_text(app)
    finally:
        for table in four:
            await table.close()
        await server.close()


def test_the_tables_words_after_a_colon_start_in_lower_case() -> None:
    full = JoinError(ErrorCode.TABLE_FULL.value, error_words(ErrorCode.TABLE_FULL.value, {}))
    assert full.message == "Every seat is taken" and full.reason == "every seat is taken"
    wrong = JoinError("bad-code", error_words("bad-code", {"tries_left": 2}))
    assert wrong.reason == "wrong join code (2 tries left)"
    assert after_colon("TLS is off") == "TLS is off"  # a word in capitals stays


def test_the_tables_words_after_a_colon_in_turkish(turkish: None) -> None:
    full = JoinError(ErrorCode.TABLE_FULL.value, error_words(ErrorCode.TABLE_FULL.value, {}))
    said = i18n._("The table said no: {reason}").format(reason=full.reason)
    assert said == "Masa kabul etmedi: bütün koltuklar dolu", said
    # Turkish I is ı, and İ is i (Python's own lower() gives i and i̇).
    assert after_colon("Işık yok") == "ışık yok"
    assert after_colon("İki kişi") == "iki kişi"


def test_a_seat_open_in_another_window_says_how_to_get_it() -> None:
    """ "… if it is yours, try again in a minute": the seat stays open there until it is
    quit or closed there, a minute or an hour."""
    for said in (seat_in_use(), seat_in_use("Ayşe"), seat_in_use("Ayşe", kept=True)):
        assert "in a minute" not in said, said
        assert "quit there" in said and "close that window" in said, said
        assert "try again here" in said, said


async def test_the_tables_notes_go_when_the_host_closes_the_table() -> None:
    """At 80x24 (the log hidden) a chat line's note stayed for seconds over the lobby that
    says the host closed the table."""
    server = await open_table(bot_delay=5, grace=60.0)
    lead = await RemoteTable.join(server.url, server.code, "Mehmet")
    app = RemoteApp(Seat(server.url, code=server.code, name="P3"))
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: app.table is not None, "seated")
            await lead.start()
            await until(pilot, lambda: shows(app, TableScreen), "the table")
            await lead.say("iyi oyunlar")
            await until(
                pilot,
                lambda: any(n.message == "iyi oyunlar" for n in app._notifications),
                "the chat note",
            )
            await server.close()
            await until(pilot, lambda: shows(app, LobbyScreen) and bool(app.problem), "closed")
            assert "host closed the table" in app.problem
            await pilot.pause()
            assert not list(app._notifications), [n.message for n in app._notifications]
    finally:
        await lead.close()
        await server.close()


def test_the_readme_says_who_starts_a_match_with_friends() -> None:
    """ "The first player to join starts the match, or the host presses Enter" read as if a
    friend joining started it: the first at the table starts (the host, unless
    --no-seat), as okey101 host --help says."""
    text = README.read_text(encoding="utf-8")
    friends = text[text.index("## Play with friends") :]
    friends = " ".join(friends[: friends.index("\n## ")].split())
    assert "The first player to join starts" not in friends
    assert re.search(r"first (person|one) at the table starts", friends), friends[:400]
    assert "unless `--no-seat`" in friends
