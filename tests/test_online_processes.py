"""Two `towers-cli gauntlet online` processes play a whole AI Battle against each other, by typed
address and through a real transit relay, and both print the same confirmed result."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from test_online_sockets import Relay, TWISTD, free_port

import towers_core

# the towers_core this test runs against (the installed one in CI, the checkout when built in place)
HOME = Path(towers_core.__file__).resolve().parent.parent
LAST = re.compile(r"^online: (\w+) winner=(\w+) reason=(\S+) actions=(\d+)$", re.M)
LIMIT = 240  # seconds for a whole Battle of two greedy AIs on a loaded machine


def cli(*args: str) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(HOME)}
    return subprocess.Popen([sys.executable, "-m", "towers_core.cli", "gauntlet", "online", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, cwd=HOME)


def finish(*procs: subprocess.Popen) -> list[tuple[str, ...]]:
    results = []
    try:
        for p in procs:
            out, _ = p.communicate(timeout=LIMIT)
            assert p.returncode == 0, out
            found = LAST.findall(out)
            assert found, out
            results.append(found[-1])
    finally:
        for p in procs:
            p.kill()
    return results


def test_two_processes_play_a_whole_battle_by_address():
    port = free_port()
    host = cli("host", "--code", "KQRT", "--port", str(port), "--bind", "127.0.0.1", "--ai", "greedy",
               "--no-lan", "--wait", "60")
    join = cli("join", "KQRT", "--address", f"127.0.0.1:{port}", "--ai", "greedy", "--no-lan")
    a, b = finish(host, join)
    assert a == b and a[0] == "confirmed" and a[1] in ("C", "G") and int(a[3]) > 0


def test_two_processes_play_a_whole_battle_through_a_relay():
    if not Path(TWISTD).exists():
        pytest.skip("twistd (magic-wormhole-transit-relay) is not installed")
    relay = Relay()
    relay.start()
    try:
        where = f"127.0.0.1:{relay.port}"
        host = cli("host", "--code", "MNPW", "--port", str(free_port()), "--bind", "127.0.0.1",
                   "--relay", where, "--ai", "greedy", "--no-lan", "--wait", "60")
        join = cli("join", "MNPW", "--relay", where, "--ai", "greedy", "--no-lan")
        a, b = finish(host, join)
    finally:
        relay.stop()
    assert a == b and a[0] == "confirmed" and int(a[3]) > 0
