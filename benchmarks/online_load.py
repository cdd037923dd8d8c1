#!/usr/bin/env python3
"""Many online Battles at once through one local transit relay: how the protocol and a relay hold up.

    PYTHONPATH=. python benchmarks/online_load.py [--pairs 20] [--relay HOST:PORT]

Without --relay it starts `twistd -n transitrelay` on a free local port and stops it after. Each
pair is a host and a joiner with random AIs in this one process (one event loop, one core), each
with its own code; all go through the relay. Prints the pairs completed (confirmed), the actions
per second over all pairs, and the slowest act-to-ack round trip. Printed only, never a gate.
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

from towers_core.checks import whole_number
from towers_core.errors import BadLevel
from towers_core.online.codes import parse_address
from towers_core.online.game import OnlineGame
from towers_core.online.players import Player
from towers_core.online.transport import Channels, host, join

MAX_PAIRS = 500


def start_relay() -> tuple[subprocess.Popen, int]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    twistd = shutil.which("twistd") or str(Path(sys.executable).with_name("twistd"))
    proc = subprocess.Popen([twistd, "-n", "--pidfile=", "transitrelay", f"--port=tcp:{port}:interface=127.0.0.1"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(300):
        with contextlib.suppress(OSError):
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return proc, port
        time.sleep(0.1)
    proc.kill()
    raise SystemExit("the relay did not start")


async def one_pair(relay: tuple[str, int], codes: set[str]) -> OnlineGame:
    h = OnlineGame("host", Player("random"))
    while h.code in codes:          # two pairs on one code would meet each other's peer
        h = OnlineGame("host", Player("random"))
    codes.add(h.code)
    j = OnlineGame("join", Player("random"), h.code)
    hc = Channels(relay=relay, lan=False, bind="127.0.0.1", port=0)
    await asyncio.gather(host(h, hc, wait=120), join(j, Channels(relay=relay, lan=False)))
    return h if h.outcome == j.outcome == "confirmed" and h.actions == j.actions else None


async def load(pairs: int, relay: tuple[str, int]) -> None:
    t0 = time.perf_counter()
    codes: set[str] = set()
    done = await asyncio.gather(*(one_pair(relay, codes) for _ in range(pairs)))
    dt = time.perf_counter() - t0
    ok = [g for g in done if g is not None]
    actions = sum(g.n for g in ok)
    slowest = max((rt for g in ok for rt in g.round_trips), default=0.0)
    print(f"pairs completed: {len(ok)} of {pairs} (confirmed, both ends alike) in {dt:.1f} s")
    print(f"actions/s:       {actions / dt:,.0f} over all pairs ({actions} actions)")
    print(f"slowest round trip (act to ack): {slowest * 1000:.0f} ms")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pairs", type=int, default=20)
    ap.add_argument("--relay", help="HOST:PORT of a running relay (default: start one)")
    args = ap.parse_args()
    pairs = whole_number(args.pairs, "--pairs", 1, MAX_PAIRS, BadLevel)
    proc = None
    if args.relay:
        relay = parse_address(args.relay)
    else:
        proc, port = start_relay()
        relay = ("127.0.0.1", port)
    try:
        asyncio.run(load(pairs, relay))
    finally:
        if proc is not None:
            proc.kill()
            proc.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
