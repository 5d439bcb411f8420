"""A browser friend of ``okey101 host --web`` who opens the table's link once the match has
begun was told about terminal commands ("with the same okey101 join on their own computer,
or with the --token they were given"): nothing can be typed in a browser. The table knows
the connection is its own web page's (its bridge key), and says it in a browser's words."""

from __future__ import annotations

import pytest
from net_helpers import open_table

from okey_tui.net.client import JoinError, RemoteTable
from okey_tui.net.protocol import Bridge, ErrorCode, error_words


async def test_a_late_joiner_in_a_browser_is_told_the_browser_way_back() -> None:
    server = await open_table(bot_delay=5)
    player = await RemoteTable.join(server.url, server.code, "Ayşe")
    try:
        await player.start()
        await player.wait_for(lambda: player.started, 5)
        with pytest.raises(JoinError) as info:
            await RemoteTable.join(
                server.url,
                server.code,
                "Deniz",
                timeout=5,
                bridge=Bridge(server.bridge_key, "10.0.0.7"),
            )
        said = info.value.message
        assert said.startswith("The match has started: only the players at the table"), said
        assert "table's link again in the browser they played in" in said, said
        assert "&token=" in said, said
        assert "okey101 join" not in said and "--token" not in said, said
        # At a terminal, the terminal's way back, as before.
        with pytest.raises(JoinError) as info:
            await RemoteTable.join(server.url, server.code, "Bora", timeout=5)
        said = info.value.message
        assert "okey101 join on their own computer" in said and "--token" in said, said
        assert "browser" not in said, said
    finally:
        await player.close()
        await server.close()


def test_the_words_follow_the_flag_not_the_text() -> None:
    started = ErrorCode.STARTED.value
    in_browser = error_words(started, {"joining": True, "browser": True})
    at_terminal = error_words(started, {"joining": True})
    assert "browser" in in_browser and "--token" not in in_browser
    assert "--token" in at_terminal and in_browser != at_terminal
    # Not a late joiner (``start`` twice): the short words, wherever it is asked.
    assert error_words(started, {"browser": True}) == "The match has started"
