"""Real sockets on 127.0.0.1: whole random Battles by typed address, through a real transit relay
process and over DNS-SD; what the relay sees; a dropped link and a killed relay resumed; the
180 s window passed on an injected clock. Each Battle is bounded in time."""

from __future__ import annotations

import asyncio
import contextlib
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from online_helpers import Pair, entropy

from towers_core.online.game import RESUME_WINDOW, OnlineGame
from towers_core.online.players import Player
from towers_core.online.transport import Channels, host, join

LIMIT = 60.0     # seconds any one socket Battle may take on a loaded machine
TWISTD = shutil.which("twistd") or str(Path(sys.executable).with_name("twistd"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Relay:
    """A real `twistd transitrelay` process on a local port; restartable on the same port."""

    def __init__(self) -> None:
        self.port = free_port()
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen([TWISTD, "-n", "--pidfile=", "transitrelay",
                                      f"--port=tcp:{self.port}:interface=127.0.0.1"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError):
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            time.sleep(0.1)
        raise AssertionError("the relay did not start")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None


@pytest.fixture
def relay():
    if not Path(TWISTD).exists():
        pytest.skip("twistd (magic-wormhole-transit-relay) is not installed")
    r = Relay()
    r.start()
    yield r
    r.stop()


class Proxy:
    """A TCP pipe in front of a server that records every byte and can cut every link it carries."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.captured: list[bytearray] = []
        self.writers: list[asyncio.StreamWriter] = []

    async def start(self) -> int:
        self.server = await asyncio.start_server(self._pipe, "127.0.0.1", 0)
        return self.server.sockets[0].getsockname()[1]

    async def _pipe(self, r1: asyncio.StreamReader, w1: asyncio.StreamWriter) -> None:
        try:
            r2, w2 = await asyncio.open_connection(*self.target)
        except OSError:
            w1.close()
            return
        self.writers += [w1, w2]

        async def copy(r: asyncio.StreamReader, w: asyncio.StreamWriter) -> None:
            log = bytearray()
            self.captured.append(log)
            with contextlib.suppress(OSError):
                while data := await r.read(65536):
                    log += data
                    w.write(data)
                    await w.drain()
            w.close()
        await asyncio.gather(copy(r1, w2), copy(r2, w1))

    def cut(self) -> None:
        for w in self.writers:
            w.transport.abort()
        self.writers.clear()


def games(seed: int) -> tuple[OnlineGame, OnlineGame]:
    h = OnlineGame("host", Player("random"), "MNPQ", entropy=entropy(seed))
    return h, OnlineGame("join", Player("random"), "MNPQ", entropy=entropy(seed + 1))


async def play(h: OnlineGame, j: OnlineGame, host_ch: Channels, join_ch, during=None, clock=time.monotonic):
    """Both ends in one event loop; `join_ch` may be a function of the host's listening port."""
    async def both():
        listening = asyncio.get_running_loop().create_future()
        host_ch.on_listening = listening.set_result
        ht = asyncio.create_task(host(h, host_ch, clock=clock, wait=LIMIT))
        port = await listening
        jt = asyncio.create_task(join(j, join_ch(port) if callable(join_ch) else join_ch, clock=clock))
        if during is not None:
            await during()
        return await ht, await jt
    return await asyncio.wait_for(both(), LIMIT)


def reference(seed: int) -> Pair:
    p = Pair(seed=seed, code="MNPQ")
    p.run()
    return p


def local(**kw) -> Channels:
    return Channels(lan=False, bind="127.0.0.1", port=0, **kw)


async def reached(game: OnlineGame, n: int) -> None:
    while game.n < n and not game.finished:
        await asyncio.sleep(0.005)


async def unlinked(*games: OnlineGame) -> None:
    """Until every end has noticed its link is gone (bounded by the test's LIMIT)."""
    while any(g.link is not None for g in games):
        await asyncio.sleep(0.01)


def test_a_whole_battle_by_typed_address():
    h, j = games(61)
    rh, rj = asyncio.run(play(h, j, local(), lambda port: Channels(lan=False, address=("127.0.0.1", port))))
    ref = reference(61)
    assert rh == rj == ref.host.result() and rh["outcome"] == "confirmed"
    assert h.actions == j.actions == ref.host.actions


def test_a_whole_battle_through_a_real_relay_carries_only_ciphertext(relay):
    h, j = games(67)

    async def run():
        proxy = Proxy(("127.0.0.1", relay.port))
        port = await proxy.start()
        rh, rj = await play(h, j, local(relay=("127.0.0.1", port)), Channels(lan=False, relay=("127.0.0.1", port)))
        return rh, rj, proxy.captured

    rh, rj, captured = asyncio.run(run())
    assert rh == rj == reference(67).host.result() and rh["outcome"] == "confirmed"
    assert len(captured) == 4         # each end's two directions through the relay
    for stream in captured:
        head, _, rest = bytes(stream).partition(b"\n")
        assert head.startswith(b"please relay ") or head == b"ok"
        lines = rest.split(b"\n", 2)
        assert lines[0].startswith(b'{"t":"hello"') and lines[1].startswith(b'{"t":"pake"')
        after = lines[2]
        assert len(after) > 1000
        for clear in (b'"act"', b'"draft', b'"seed', b'"final"', b'"t":', b"MNPQ"):
            assert clear not in after, clear
        assert b"MNPQ" not in stream


def test_a_cut_link_resumes_with_nothing_lost():
    h, j = games(71)
    ref = reference(71)

    async def run():
        proxy = Proxy(("127.0.0.1", 0))
        proxy_port = await proxy.start()

        def through_proxy(port: int) -> Channels:
            proxy.target = ("127.0.0.1", port)
            return Channels(lan=False, address=("127.0.0.1", proxy_port))

        async def cut_twice():
            for n in (20, 60):
                await reached(h, n)
                proxy.cut()
        return await play(h, j, local(), through_proxy, during=cut_twice)

    rh, rj = asyncio.run(run())
    assert rh == rj == ref.host.result() and rh["outcome"] == "confirmed"
    assert h.actions == j.actions == ref.host.actions
    assert h.links == j.links == 3


def test_a_killed_relay_restarted_in_the_window_resumes(relay):
    h, j = games(73)

    async def run():
        async def kill_and_restart():
            await reached(h, 30)
            relay.stop()
            await unlinked(h, j)
            assert h.outcome is None and j.outcome is None
            await asyncio.get_running_loop().run_in_executor(None, relay.start)
        ch = ("127.0.0.1", relay.port)
        return await play(h, j, local(relay=ch), Channels(lan=False, relay=ch), during=kill_and_restart)

    rh, rj = asyncio.run(run())
    ref = reference(73)
    assert rh == rj == ref.host.result() and rh["outcome"] == "confirmed"
    assert h.actions == ref.host.actions and h.links == j.links == 2


def test_no_relay_back_within_180_seconds_is_abandoned(relay):
    h, j = games(79)
    offset = [0.0]

    def clock() -> float:
        return time.monotonic() + offset[0]

    async def run():
        async def kill_and_wait():
            await reached(h, 30)
            relay.stop()
            await unlinked(h, j)
            offset[0] += RESUME_WINDOW - 5      # nearly the window: still waiting
            await asyncio.sleep(0.6)            # a few watch ticks
            assert h.outcome is None and j.outcome is None
            offset[0] += 10
        ch = ("127.0.0.1", relay.port)
        return await play(h, j, local(relay=ch), Channels(lan=False, relay=ch), during=kill_and_wait, clock=clock)

    rh, rj = asyncio.run(run())
    assert rh["outcome"] == rj["outcome"] == "abandoned" and rh["winner"] == "none"
    assert rh["actions"] >= 30


def test_a_whole_battle_found_over_dns_sd_on_loopback():
    pytest.importorskip("zeroconf")
    h, j = games(83)
    lan = {"lan": True, "lan_addresses": ["127.0.0.1"]}
    try:
        rh, rj = asyncio.run(play(h, j, Channels(bind="127.0.0.1", port=0, **lan), Channels(**lan)))
    except OSError as e:         # no multicast on this network namespace
        pytest.skip(f"multicast DNS is not available here: {e}")
    assert rh == rj == reference(83).host.result() and rh["outcome"] == "confirmed"
