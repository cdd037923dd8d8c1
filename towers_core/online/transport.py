"""Thin asyncio transports of §13.2 around the sans-IO `OnlineGame`: they only move bytes and read
the clock. The host listens on TCP 47470 (any free port if taken), waits at a transit relay and
advertises itself over DNS-SD; the joiner tries a typed address, the relay and the LAN at once,
and the first link whose key exchange succeeds wins. While the Battle is unfinished and no link
stands, every channel keeps re-offering (host) or retrying (joiner): that is the resume."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import socket
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from towers_core.errors import ProtocolError
from towers_core.online.codes import PORT, SERVICE, VERSION, lan_name, relay_token
from towers_core.online.game import OnlineGame

Clock = Callable[[], float]
TICK = 0.25        # seconds between clock ticks while waiting for bytes
RETRY = 0.5        # seconds between attempts of one channel
SEARCH = 30.0      # seconds the joiner searches before giving up (§13.2)


@dataclass
class Channels:
    """How the two ends find each other: any mix of a typed address (joiner), a relay and the LAN."""
    address: tuple[str, int] | None = None
    relay: tuple[str, int] | None = None
    lan: bool = True
    lan_addresses: list[str] | None = None     # the host's IPv4 addresses to advertise (None: all)
    bind: str = "0.0.0.0"
    port: int = PORT
    on_listening: Callable[[int], None] = field(default=lambda port: None)
    on_code: Callable[[str], None] = field(default=lambda code: None)


async def _reader(reader: asyncio.StreamReader, queue: asyncio.Queue) -> None:
    try:
        while data := await reader.read(65536):
            await queue.put(data)
    except OSError:
        pass
    await queue.put(b"")


async def _write(writer: asyncio.StreamWriter, data: bytes) -> None:
    if data and not writer.is_closing():
        writer.write(data)
        with contextlib.suppress(OSError):
            await writer.drain()


async def run_link(game: OnlineGame, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                   clock: Clock, via: str = "direct") -> None:
    """One link from its hello until it closes or the Battle ends."""
    conn, first = game.connect(clock())
    conn.via = via
    queue: asyncio.Queue = asyncio.Queue()
    task = asyncio.create_task(_reader(reader, queue))
    try:
        await _write(writer, first)
        while True:
            await _write(writer, game.tick(conn, clock()))
            if conn.state == "closed" or game.finished:
                return
            if game.to_move and conn is game.link and queue.empty():
                await asyncio.sleep(0)
                continue
            try:
                data = await asyncio.wait_for(queue.get(), TICK)
            except TimeoutError:
                continue
            await _write(writer, game.receive_data(conn, data, clock()))
    finally:
        task.cancel()
        writer.close()
        with contextlib.suppress(OSError):
            await writer.wait_closed()


async def open_relay(relay: tuple[str, int], game: OnlineGame, waiting: Callable[[], bool]
                     ) -> tuple[asyncio.StreamReader, asyncio.StreamWriter] | None:
    """A stream through the relay once it answers `ok`, or None if `waiting()` turns false (a link
    stood up elsewhere, the code changed) or the relay refuses."""
    code = game.code
    reader, writer = await asyncio.open_connection(*relay)
    writer.write(f"please relay {relay_token(code)} for side {secrets.token_hex(8)}\n".encode())
    line = b""
    try:
        while waiting() and game.code == code:
            try:
                line = await asyncio.wait_for(reader.readline(), TICK)
                break
            except TimeoutError:
                continue
    except (OSError, ValueError):
        line = b""
    if line == b"ok\n":
        return reader, writer
    writer.close()
    return None


def _unlinked(game: OnlineGame) -> Callable[[], bool]:
    return lambda: not game.finished and game.link is None


async def _channel(game: OnlineGame, connect: Callable[[], Awaitable], via: str, clock: Clock) -> None:
    """Keep one way of reaching the peer open: whenever no link stands, try `connect` again."""
    while not game.finished:
        if game.link is None:
            try:
                stream = await connect()
            except OSError:
                stream = None
            if stream is not None:
                await run_link(game, *stream, clock, via)
                continue
        await asyncio.sleep(RETRY)


def _relay_channel(game: OnlineGame, relay: tuple[str, int], clock: Clock) -> Awaitable[None]:
    return _channel(game, lambda: open_relay(relay, game, _unlinked(game)), "relay", clock)


def _address_channel(game: OnlineGame, address: tuple[str, int], clock: Clock) -> Awaitable[None]:
    return _channel(game, lambda: asyncio.open_connection(*address), "address", clock)


async def _lan_browse(game: OnlineGame, channels: Channels, clock: Clock) -> None:
    from zeroconf import InterfaceChoice, IPVersion
    from zeroconf.asyncio import AsyncZeroconf

    zc = AsyncZeroconf(interfaces=channels.lan_addresses or InterfaceChoice.All, ip_version=IPVersion.V4Only)
    try:
        while not game.finished:
            if game.link is None:
                info = await zc.async_get_service_info(SERVICE, f"{lan_name(game.code)}.{SERVICE}", 3000)
                if info is not None and info.properties.get(b"v") == VERSION.encode() and info.addresses:
                    with contextlib.suppress(OSError):
                        stream = await asyncio.open_connection(socket.inet_ntoa(info.addresses[0]), info.port)
                        await run_link(game, *stream, clock, "LAN")
                        continue
            await asyncio.sleep(RETRY)
    finally:
        await zc.async_close()


def _lan_addresses() -> list[str]:
    import ifaddr
    return [ip.ip for a in ifaddr.get_adapters() for ip in a.ips
            if isinstance(ip.ip, str) and not ip.ip.startswith("127.")] or ["127.0.0.1"]


async def _lan_advertise(game: OnlineGame, channels: Channels, port: int) -> None:
    from zeroconf import InterfaceChoice, IPVersion, ServiceInfo
    from zeroconf.asyncio import AsyncZeroconf

    addresses = channels.lan_addresses or _lan_addresses()
    zc = AsyncZeroconf(interfaces=channels.lan_addresses or InterfaceChoice.All, ip_version=IPVersion.V4Only)
    info = None
    try:
        while not game.finished:
            if info is None or not info.name.startswith(lan_name(game.code)):
                if info is not None:
                    await zc.async_unregister_service(info)
                name = lan_name(game.code)
                info = ServiceInfo(SERVICE, f"{name}.{SERVICE}", port=port, properties={"v": VERSION},
                                   addresses=[socket.inet_aton(a) for a in addresses], server=f"goc-{name}.local.")
                await zc.async_register_service(info)
            await asyncio.sleep(RETRY)
    finally:
        if info is not None:
            with contextlib.suppress(Exception):   # shutting down: the network may be gone already
                await zc.async_unregister_service(info)
        await zc.async_close()


async def _watch(game: OnlineGame, clock: Clock, give_up: float | None, why: str, on_code: Callable) -> None:
    """Abandonment while no link stands, the search deadline, and a newly drawn code."""
    start, code = clock(), game.code
    while not game.finished:
        if game.link is None:
            game.tick(None, clock())
        if give_up is not None and game.links == 0 and clock() - start >= give_up:
            game.abandon(why)
        if game.code != code:
            code = game.code
            on_code(code)
        await asyncio.sleep(TICK)


async def _until_finished(game: OnlineGame, tasks: list[asyncio.Task], clock: Clock,
                          give_up: float | None, why: str, on_code: Callable) -> dict:
    try:
        await _watch(game, clock, give_up, why, on_code)
    finally:
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return game.result()


async def host(game: OnlineGame, channels: Channels, clock: Clock = time.monotonic,
               wait: float | None = None) -> dict:
    """Offer the Battle (listen, relay, LAN) until it ends; `wait`: seconds to wait for a joiner."""
    async def accept(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await run_link(game, reader, writer, clock)

    try:
        server = await asyncio.start_server(accept, channels.bind, channels.port)
    except OSError:
        server = await asyncio.start_server(accept, channels.bind, 0)
    port = server.sockets[0].getsockname()[1]
    channels.on_listening(port)
    tasks = []
    if channels.relay is not None:
        tasks.append(asyncio.create_task(_relay_channel(game, channels.relay, clock)))
    if channels.lan:
        tasks.append(asyncio.create_task(_lan_advertise(game, channels, port)))
    try:
        return await _until_finished(game, tasks, clock, wait, "nobody joined", channels.on_code)
    finally:
        server.close()


async def join(game: OnlineGame, channels: Channels, clock: Clock = time.monotonic) -> dict:
    """Look for the host on every channel given; play the Battle to its end."""
    tasks = []
    if channels.address is not None:
        tasks.append(asyncio.create_task(_address_channel(game, channels.address, clock)))
    if channels.relay is not None:
        tasks.append(asyncio.create_task(_relay_channel(game, channels.relay, clock)))
    if channels.lan:
        tasks.append(asyncio.create_task(_lan_browse(game, channels, clock)))
    if not tasks:
        raise ProtocolError("join: no way to reach the host (an address, a relay or the LAN)")
    return await _until_finished(game, tasks, clock, SEARCH, "no host found", channels.on_code)
