"""The lobby at 80x24 with long chat lines: the line of what happens next ("Waiting for
Hosty to start the match", "Enter starts the match…") was pushed out of the box, and
the newest lines of the chat were the ones cut off. The chat takes the room the rest
leaves, scrolled to its newest line. Pilot test on a loopback table."""

from __future__ import annotations

from net_helpers import until
from textual.containers import VerticalScroll
from textual.widgets import Static

from okey_tui.engine.rules import RuleSet
from okey_tui.net.client import RemoteTable
from okey_tui.net.server import TableServer
from okey_tui.ui.remote import LobbyScreen, RemoteApp, Seat

LINES = [
    "selam millet, ben de geldim; kahve alıp hemen dönüyorum, başlamadan bekleyin lütfen",
    "kural hatırlatma: cezalı oynuyoruz, okey atana 101 ceza yazılır, elden bitiren iki katı",
    "tamam hazırım",
    "bir de şunu ekleyeyim: son el",
    "uzun bir satır daha: bu akşam on bir el oynayacağız, herkes hazır olsun arkadaşlar",
    "en son satır",
]


async def test_long_chat_leaves_the_next_step_and_the_newest_line_in_sight() -> None:
    server = TableServer(RuleSet(hands=1), 11, ("easy",) * 4, host="127.0.0.1", port=0)
    app = RemoteApp(Seat("", name="Hosty", join_line="Join code {port}"), server=server)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.table is not None or app.problem, "the host is seated")
        friend = await RemoteTable.join(server.url, server.code, "Ayşe")
        try:
            for line in LINES:
                await friend.say(line)
            await until(
                pilot,
                lambda: len(app.table.table_chat) >= len(LINES),  # type: ignore[union-attr]
                "the chat is in",
            )
            await pilot.pause(0.2)
            lobby = app.screen
            assert isinstance(lobby, LobbyScreen)
            box = lobby.query_one("#lobby")
            inside = box.content_region
            status = lobby.query_one("#lobby-status", Static)
            assert "Enter starts the match" in str(status.render())
            assert inside.contains_region(status.region), (inside, status.region)
            chat = lobby.query_one("#lobby-chat-box", VerticalScroll)
            assert inside.contains_region(chat.region), (inside, chat.region)
            assert chat.max_scroll_y > 0  # more chat than room: the oldest lines scroll away
            assert chat.scroll_y == chat.max_scroll_y  # the newest in sight
        finally:
            await friend.close()
    await server.close()


def test_a_long_chat_line_wraps_under_its_own_text_not_under_the_name() -> None:
    """At 80 columns a wrapped chat line went on under the speaker's name and read as a
    line of its own; now it goes on under what was said. A name longer than half the line
    leaves the rest under the name; news lines ("· Ayşe sat down") wrap under their text."""
    from rich.console import Console

    from okey_tui.ui.remote import ChatLines

    def shown(lines: list[tuple[str | None, str]], width: int) -> list[str]:
        console = Console(width=width, record=True, color_system=None)
        console.print(ChatLines(lines))
        return console.export_text().rstrip("\n").split("\n")

    said = shown([("Ayşe", LINES[0]), (None, "Deniz lost the connection and came back")], 30)
    assert said[0].startswith("Ayşe: selam"), said
    first = said.index(next(line for line in said if line.startswith("· ")))
    assert first > 2, said  # the long line took several lines
    assert all(line.startswith(" " * 6) and line[6] != " " for line in said[1:first]), said
    assert " ".join(line.strip() for line in said[:first]) == f"Ayşe: {LINES[0]}", said
    assert said[first + 1].startswith("  ") and said[first + 1][2] != " ", said
    assert max(len(line.rstrip()) for line in said) <= 30, said
    long_name = shown([("Bartholomew the Great", "hello there everybody")], 30)
    assert long_name[1].startswith("everybody") or not long_name[1].startswith(" "), long_name
    assert str(ChatLines([("Ayşe", "hi"), (None, "news")])) == "Ayşe: hi\n· news"
