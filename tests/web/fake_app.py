"""A stand-in for the game behind ``okey101 web`` in the server's tests: it speaks textual-serve's
pipe protocol, says which process and dirs it runs with, echoes what it is sent, and quits when
asked (or, with ``--stubborn``, never does)."""

from __future__ import annotations

import json
import os
import sys

out = sys.stdout.buffer


def packet(kind: bytes, payload: bytes) -> None:
    out.write(kind + len(payload).to_bytes(4, "big") + payload)
    out.flush()


def main() -> None:
    stubborn = "--stubborn" in sys.argv
    out.write(b"__GANGLION__\n")
    about = {
        "pid": os.getpid(),
        "data": os.environ.get("OKEY101_DATA_DIR"),
        "config": os.environ.get("OKEY101_CONFIG_DIR"),
        "language": os.environ.get("LANGUAGE"),
        "args": sys.argv[1:],
        "web_link": os.environ.get("OKEY101_WEB_LINK"),
    }
    packet(b"D", json.dumps(about).encode())
    stdin = sys.stdin.buffer
    while True:
        head = stdin.read(5)
        if len(head) < 5:
            return
        body = stdin.read(int.from_bytes(head[1:], "big"))
        if head[:1] == b"D":
            packet(b"D", b"echo:" + body)
        elif json.loads(body).get("type") == "quit" and not stubborn:
            return


if __name__ == "__main__":
    main()
