"""A visitor's folder under ``web/visitors/`` lives as long as their cookie can: a browser
keeps the cookie 400 days after the page last gave it, so a folder not seen for longer is
one nobody can reach, and the server removes it (the folders grew for ever before)."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

import aiohttp
from aiohttp.test_utils import TestServer

from okey_tui.web.server import (
    COOKIE,
    COOKIE_DAYS,
    VISITED,
    WebServer,
    forget_unreachable_visitors,
    new_visitor_id,
)

DAY = 24 * 3600.0
NOW = 2_000_000_000.0


def a_visitors_folder(
    root: Path, seen_days_ago: float | None, now: float = NOW
) -> tuple[str, Path]:
    """A visitor's folder holding a saved match, last seen that many days before ``now``
    (None: a folder of before the server kept the date)."""
    visitor = new_visitor_id()
    base = root / "visitors" / visitor
    (base / "data" / "saves").mkdir(parents=True)
    (base / "data" / "saves" / "match.json").write_text("{}")
    if seen_days_ago is not None:
        (base / VISITED).touch()
        seen = now - seen_days_ago * DAY
        os.utime(base / VISITED, (seen, seen))
    return visitor, base


def test_only_folders_no_cookie_can_reach_are_removed(tmp_path: Path) -> None:
    gone, gone_base = a_visitors_folder(tmp_path, COOKIE_DAYS + 1)
    _recent, recent_base = a_visitors_folder(tmp_path, COOKIE_DAYS - 1)
    _old, old_base = a_visitors_folder(tmp_path, None)
    playing, playing_base = a_visitors_folder(tmp_path, COOKIE_DAYS + 30)
    other = tmp_path / "visitors" / "notes"
    other.mkdir()
    stray = tmp_path / "visitors" / ("0" * 32)
    stray.write_text("a file, not a visitor's folder")

    forgotten = forget_unreachable_visitors(tmp_path, now=NOW, keep={playing})

    assert forgotten == [gone]
    assert not gone_base.exists()
    assert (recent_base / "data" / "saves" / "match.json").exists()
    assert (playing_base / "data" / "saves" / "match.json").exists()
    assert other.is_dir() and stray.is_file()
    # A folder made before the date was kept starts its count now: removed only once its
    # visitor has stayed away 400 days from today.
    assert (old_base / VISITED).exists()
    assert (old_base / "data" / "saves" / "match.json").exists()
    assert forget_unreachable_visitors(tmp_path, now=time.time(), keep={playing}) == []


def test_no_visitors_folder_is_nothing_to_forget(tmp_path: Path) -> None:
    assert forget_unreachable_visitors(tmp_path, now=NOW) == []


async def test_a_visit_keeps_the_folder_and_the_server_removes_the_unreachable_ones(
    tmp_path: Path,
) -> None:
    root = tmp_path / "web"
    back, back_base = a_visitors_folder(root, COOKIE_DAYS - 1, now=time.time())
    _gone, gone_base = a_visitors_folder(root, COOKIE_DAYS + 1, now=time.time())

    server = WebServer(root, command="exit 0")
    test_server = TestServer(server.make_app(), host="127.0.0.1")
    await test_server.start_server()
    try:
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
            session.cookie_jar.update_cookies({COOKIE: back}, test_server.make_url("/"))
            async with session.get(test_server.make_url("/")) as response:
                assert response.status == 200
                assert response.cookies[COOKIE].value == back
        # The visit gave the cookie another 400 days, and the folder with it.
        assert time.time() - (back_base / VISITED).stat().st_mtime < 60
        deadline = time.monotonic() + 5
        while gone_base.exists() and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        assert not gone_base.exists()
        assert (back_base / "data" / "saves" / "match.json").exists()
    finally:
        await test_server.close()
    assert server._forgetter is None  # stopped with the server
