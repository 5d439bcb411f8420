"""Load on the table server: T tables of 4 scripted clients over real WebSockets.

The server runs in a child process (its own core, its own memory figure);
this process runs the clients. Each client is driven by a bot of ``--level``
from its own view, exactly as a person's program would be. Reported:
actions per second, action round-trip p50/p99/max (send ``act`` -> its
``state``/``refused``), server memory per table (RSS growth / T), protocol
errors, refused actions, and whether every view a client got accounts for
all 106 tiles.

    python benchmarks/bench_server.py --tables 5 --hands 1
    python benchmarks/bench_server.py --tables 100 --hands 1   # the goal: p99 <= 50 ms

``server_handling_ms``: how long the server took over one client message, from reading it
to having queued the reply and every seat's new state (p50/p99/max), without the network
and the clients' own event loop. ``--think S``: clients take S seconds (0.5x-1.5x at random)
before each action, as players do; without it they act at once and the round trip is
mostly queueing (T tables each waiting for their one action in flight).

A benchmark, not a test: it reports figures and asserts nothing about time.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field

from okey_tui.bots.base import make_bot
from okey_tui.bots.driver import choose_action, safe_action
from okey_tui.engine.rules import MATCH_LENGTHS, RuleSet
from okey_tui.engine.view import PlayerView
from okey_tui.net.client import RemoteTable
from okey_tui.table import ActionRefused

TILES = 106


class GcPauses:
    """The garbage collector's pauses in this process (ms), from ``gc.callbacks``."""

    def __init__(self) -> None:
        self.pauses: list[float] = []
        self._start = 0.0
        gc.callbacks.append(self._note)

    def _note(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._start = time.perf_counter()
        else:
            self.pauses.append((time.perf_counter() - self._start) * 1000)

    def figures(self) -> dict[str, float]:
        return {"count": len(self.pauses), "max_ms": round(max(self.pauses, default=0.0), 2)}


def settle_heap() -> None:
    """Collect once and move what exists now out of the collector's way (``gc.freeze``), as
    a long-running process does after start-up: later collections walk only new objects."""
    gc.collect()
    gc.freeze()


def rss_kib(pid: str = "self") -> int:
    """Resident memory of a process in KiB (Linux /proc)."""
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


# -- the server side (child process) -------------------------------------------------------


async def serve(tables: int, hands: int) -> None:
    from okey_tui.net.server import TableServer

    rules = RuleSet(hands=min(n for n in MATCH_LENGTHS if n >= hands))
    base = rss_kib()
    servers = []
    for number in range(tables):
        server = TableServer(rules, number, ("easy",) * 4, start_at=4, bot_delay=0.0)
        server.handle_times = []
        await server.start()
        servers.append(server)
    settle_heap()
    pauses = GcPauses()
    print(
        json.dumps({"rss_base": base, "tables": [[s.port, s.code] for s in servers]}),
        flush=True,
    )
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    times = sorted(t * 1000 for server in servers for t in server.handle_times or [])
    print(
        json.dumps(
            {
                "messages": len(times),
                "p50": round(percentile(times, 0.5), 3) if times else 0.0,
                "p99": round(percentile(times, 0.99), 3) if times else 0.0,
                "max": round(times[-1], 3) if times else 0.0,
                "gc": pauses.figures(),
            }
        ),
        flush=True,
    )
    for server in servers:
        await server.close()


# -- the clients (this process) -------------------------------------------------------------


@dataclass
class Stats:
    rtts: list[float] = field(default_factory=list)
    refused: int = 0
    protocol_errors: int = 0
    bad_tile_counts: int = 0
    views: int = 0
    hands: int = 0


def tiles_in(view: PlayerView) -> int:
    others = sum(n for s, n in enumerate(view.rack_counts) if s != view.seat)
    return (
        1
        + len(view.rack)
        + others
        + view.middle_count
        + sum(map(len, view.discards))
        + sum(len(tm.meld.tiles) for tm in view.table)
    )


async def drive(
    table: RemoteTable, level: str, hands: int, stats: Stats, think: float = 0.0
) -> None:
    bot = make_bot(level)
    finished: set[int] = set()
    checked = -1

    def my_move() -> bool:
        if not table.has_view:
            return False
        if table.hand_over:
            return table.hand_number not in finished
        view = table.view()
        return view.my_turn

    while True:
        await table.wait_for(my_move, 120)
        if table.version != checked:
            checked = table.version
            stats.views += 1
            stats.bad_tile_counts += tiles_in(table.view()) != TILES
        if table.hand_over:
            finished.add(table.hand_number)
            if table.seat == 0:
                stats.hands += 1
            if len(finished) >= hands or table.match_over:
                return
            await table.next_hand()
            continue
        view = table.view()
        chosen, _ = choose_action(bot, view)
        action = chosen if chosen is not None else safe_action(view)
        if think:
            await asyncio.sleep(think * random.uniform(0.5, 1.5))
        start = time.perf_counter()
        try:
            await table.act(action, timeout=60)
        except ActionRefused:
            stats.refused += 1
            start = time.perf_counter()
            await table.act(safe_action(view), timeout=60)
        stats.rtts.append((time.perf_counter() - start) * 1000)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def cpu_seconds(pid: str = "self") -> float:
    """User + system CPU time of a process (Linux /proc)."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def run(
    tables: int, hands: int, level: str, think: float = 0.0, collect_clients: bool = False
) -> dict[str, object]:
    child = subprocess.Popen(
        [sys.executable, __file__, "--serve", str(tables), "--hands", str(hands)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdin is not None and child.stdout is not None
    try:
        ready = json.loads(child.stdout.readline())
        stats = Stats()
        clients: list[RemoteTable] = []
        for port, code in ready["tables"]:
            for n in range(4):
                clients.append(
                    await RemoteTable.join(f"ws://127.0.0.1:{port}", code, f"P{n}", timeout=60)
                )
        settle_heap()
        pauses = GcPauses()
        if not collect_clients:
            # The clients are the measuring instrument: a pause of their collector (hundreds
            # of milliseconds with 400 clients' views) would be counted as the server's.
            gc.disable()
        start = time.perf_counter()
        server_cpu, client_cpu = cpu_seconds(str(child.pid)), cpu_seconds()
        await asyncio.gather(*(drive(c, level, hands, stats, think) for c in clients))
        wall = time.perf_counter() - start
        server_cpu = cpu_seconds(str(child.pid)) - server_cpu
        client_cpu = cpu_seconds() - client_cpu
        client_gc = {**pauses.figures(), "on": collect_clients}
        gc.enable()
        rss = rss_kib(str(child.pid))
        for c in clients:
            stats.protocol_errors += len(c.errors)
            await c.close()
    finally:
        child.stdin.write("\n")
        child.stdin.flush()
        handling = json.loads(child.stdout.readline() or "{}")
        child.wait(30)
    actions = len(stats.rtts)
    return {
        "tables": tables,
        "think_s": think,
        "hands_played": stats.hands,
        "actions": actions,
        "seconds": round(wall, 2),
        "actions_per_second": round(actions / wall, 1) if wall else 0.0,
        "rtt_ms": {
            "p50": round(statistics.median(stats.rtts), 2),
            "p99": round(percentile(stats.rtts, 0.99), 2),
            "max": round(max(stats.rtts), 2),
        }
        if stats.rtts
        else {},
        "server_handling_ms": handling,
        "clients_gc": client_gc,
        "server_kib_per_table": round((rss - ready["rss_base"]) / tables, 1),
        "server_cpu_ms_per_action": round(server_cpu * 1000 / actions, 3) if actions else 0.0,
        "clients_cpu_ms_per_action": round(client_cpu * 1000 / actions, 3) if actions else 0.0,
        "protocol_errors": stats.protocol_errors,
        "refused_actions": stats.refused,
        "views_checked": stats.views,
        "tiles_conserved": stats.bad_tile_counts == 0,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=5)
    parser.add_argument("--hands", type=int, default=1)
    parser.add_argument("--level", default="easy", choices=("easy", "normal", "hard"))
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="seconds a client takes before each action (0.5x-1.5x at random; 0: flat out)",
    )
    parser.add_argument(
        "--clients-gc",
        action="store_true",
        help="leave the clients' garbage collector on during the run (its pauses then count)",
    )
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.tables < 1 or args.hands < 1 or args.hands > max(MATCH_LENGTHS):
        parser.error("--tables >= 1 and --hands 1-13")
    if args.serve is not None:
        if os.environ.get("BENCH_PROFILE"):
            import cProfile

            cProfile.runctx(
                "asyncio.run(serve(args.serve, args.hands))",
                globals(),
                {"args": args},
                os.environ["BENCH_PROFILE"] + ".server",
            )
        else:
            asyncio.run(serve(args.serve, args.hands))
        return
    if os.environ.get("BENCH_PROFILE"):
        import cProfile

        cProfile.runctx(
            "asyncio.run(run(args.tables, args.hands, args.level, args.think, args.clients_gc))",
            globals(),
            {"args": args},
            os.environ["BENCH_PROFILE"] + ".client",
        )
        return
    result = asyncio.run(run(args.tables, args.hands, args.level, args.think, args.clients_gc))
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
