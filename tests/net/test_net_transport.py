"""Transport: TLS (wss), the listening address, the connection limit, and no Textual in net."""

from __future__ import annotations

import json
import shutil
import ssl
import subprocess
import sys
from pathlib import Path

import pytest
from net_helpers import make_certificate, open_table
from websockets.asyncio.client import connect

from okey_tui.net.client import RemoteTable
from okey_tui.net.server import Limits


@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs the openssl command")
async def test_a_table_served_over_tls_seats_a_player_over_wss(tmp_path: Path) -> None:
    cert, key = make_certificate(tmp_path)
    server_context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    server_context.load_cert_chain(cert, key)
    server = await open_table(ssl_context=server_context)
    try:
        assert server.url.startswith("wss://127.0.0.1:")
        client_context = ssl.create_default_context(cafile=str(cert))
        table = await RemoteTable.join(server.url, server.code, "Ayşe", ssl_context=client_context)
        assert table.seat == 0
        await table.close()
        # A plain ws:// client gets no table.
        with pytest.raises(Exception):  # noqa: B017 - any handshake failure
            await RemoteTable.join(server.url.replace("wss", "ws"), server.code, "Plain", timeout=3)
    finally:
        await server.close()


async def test_the_server_listens_on_loopback_by_default() -> None:
    server = await open_table()
    try:
        assert server.host == "127.0.0.1" and server.url.startswith("ws://127.0.0.1:")
    finally:
        await server.close()


async def test_connections_past_the_limit_are_told_busy_and_closed() -> None:
    server = await open_table(limits=Limits(max_connections=2))
    try:
        async with connect(server.url) as a, connect(server.url) as b:
            for ws in (a, b):
                await ws.send(json.dumps({"type": "ping", "id": 1}))
                assert json.loads(await ws.recv())["type"] == "pong"
            async with connect(server.url) as c:
                assert json.loads(await c.recv())["code"] == "busy"
    finally:
        await server.close()


def test_the_net_package_imports_no_textual_or_rich() -> None:
    code = (
        "import sys, okey_tui.net.server, okey_tui.net.client, okey_tui.table;"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs the openssl command")
async def test_a_wss_join_without_a_context_trusts_what_the_computer_trusts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``okey101 join --tls`` passes no context: the certificates this computer trusts
    (SSL_CERT_FILE for one the host made) decide, and a certificate it does not trust is
    refused as an OSError the lobby explains."""
    cert, key = make_certificate(tmp_path)
    other, _other_key = make_certificate(tmp_path, "other")
    server_context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    server_context.load_cert_chain(cert, key)
    server = await open_table(ssl_context=server_context)
    try:
        monkeypatch.setenv("SSL_CERT_FILE", str(cert))
        table = await RemoteTable.join(server.url, server.code, "Ayşe", timeout=5)
        assert table.seat == 0
        await table.close()
        monkeypatch.setenv("SSL_CERT_FILE", str(other))
        with pytest.raises(ssl.SSLCertVerificationError):
            await RemoteTable.join(server.url, server.code, "Mehmet", timeout=5)
    finally:
        await server.close()
