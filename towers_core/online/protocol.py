"""One link of §13 as a pure state machine (sans-IO, like h11): bytes in → events, messages in →
bytes out. It never touches a socket or a clock: the caller passes `now` (seconds, any origin).

States: `hello` (our hello and SPAKE2 lines sent, waiting for the peer's hello) → `pake` (waiting
for its SPAKE2 line) → `confirm` (record keys derived, our confirm record sent, waiting for the
peer's) → `open` (records both ways) → `closed`. A wrong code shows as a confirm that does not open.

Events: `Ready` (the key exchange and confirm succeeded), `Message` (a checked message from the
peer), `Bad` (a record that opened, so it is the peer's own, but is not a valid message, or a flood:
the Battle's business, a dispute) and `Closed` (the link is over; `why` says why)."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass

from spake2 import SPAKE2_Symmetric

from towers_core.errors import ProtocolError
from towers_core.online.codes import ENGINE, VERSION, check_code
from towers_core.online.messages import check_message
from towers_core.online.records import Opener, Sealer, decode_json, encode_json, record_key

ROLES = ("host", "join")
MAX_LINE = 1024            # a clear handshake line
PING_EVERY = 5.0           # seconds without sending anything
SILENCE = 20.0             # seconds without a whole line or record: the link is lost
FLOOD = 2000               # records in one second of `now`
RECORD_TYPES = ("bye", "ping", "seed-commit", "seed-reveal", "draft-commit", "scout", "open", "act",
                "ack", "dispute", "final", "resume")


@dataclass(frozen=True)
class Ready:
    pass


@dataclass(frozen=True)
class Message:
    body: dict


@dataclass(frozen=True)
class Bad:
    why: str


@dataclass(frozen=True)
class Closed:
    why: str


Event = Ready | Message | Bad | Closed


def other_role(role: str) -> str:
    return "join" if role == "host" else "host"


class Connection:
    """One TCP link (direct, LAN or through a relay) from the hello to its close."""

    def __init__(self, role: str, code: str, now: float, engine: str = ENGINE,
                 entropy: Callable[[int], bytes] = os.urandom) -> None:
        if role not in ROLES:
            raise ProtocolError(f"role: {role!r} is not host or join")
        self.role = role
        self.engine = engine
        self.state = "hello"
        self.why = ""
        self.via = ""              # the channel that carries it (direct, address, relay, LAN): shown, never trusted
        self._spake = SPAKE2_Symmetric(check_code(code).encode(), idSymmetric=VERSION.encode(), entropy_f=entropy)
        self._buf = bytearray()
        self._out = bytearray()
        self._sealer: Sealer | None = None
        self._opener: Opener | None = None
        self.last_in = self.last_out = now
        self._second, self._count = int(now), 0

    # --- output

    def start(self, now: float) -> bytes:
        """Our two clear lines: the hello and the SPAKE2 message."""
        self.last_out = now
        return (_line({"t": "hello", "v": VERSION, "engine": self.engine})
                + _line({"t": "pake", "m": self._spake.start().hex()}))

    def send(self, msg: dict, now: float) -> bytes:
        """One message as a sealed record (only once the link is open)."""
        if self.state != "open" or self._sealer is None:
            raise ProtocolError(f"send: the link is {self.state}, not open")
        self.last_out = now
        return self._sealer.seal(msg)

    def data_to_send(self) -> bytes:
        """Bytes the link produced by itself (confirm, ping, bye); drained."""
        out = bytes(self._out)
        self._out.clear()
        return out

    def close(self, why: str) -> Closed:
        self.state, self.why = "closed", why
        return Closed(why)

    # --- input

    def tick(self, now: float) -> list[Event]:
        """Time passing: a ping after 5 s of our silence, the link lost after 20 s of the peer's."""
        if self.state == "closed":
            return []
        if now - self.last_in >= SILENCE:
            return [self.close("lost")]
        if self.state == "open" and now - self.last_out >= PING_EVERY:
            self._out += self.send({"t": "ping"}, now)
        return []

    def receive_data(self, data: bytes, now: float) -> list[Event]:
        """Bytes from the peer; `b""` means the peer closed."""
        if self.state == "closed":
            return []
        if not data:
            return [self.close("eof")]
        self._buf += data
        events: list[Event] = []
        try:
            while self.state in ("hello", "pake") and self._line(now, events):
                pass
            if self._opener is not None and self._buf:
                self._opener.feed(bytes(self._buf))
                self._buf.clear()
            while self.state in ("confirm", "open") and self._record(now, events):
                pass
        except ProtocolError as e:
            events.append(self.close("code" if self.state == "confirm" else str(e)))
        return events

    def _line(self, now: float, events: list[Event]) -> bool:
        end = self._buf.find(b"\n")
        if end < 0:
            if len(self._buf) > MAX_LINE:
                raise ProtocolError(f"handshake: a line over {MAX_LINE} bytes")
            return False
        if end > MAX_LINE:
            raise ProtocolError(f"handshake: a line over {MAX_LINE} bytes")
        raw = bytes(self._buf[:end])
        del self._buf[:end + 1]
        self.last_in = now
        expected = ("bye", "hello") if self.state == "hello" else ("bye", "pake")
        msg = check_message(decode_json(raw, "handshake"), expected)
        if msg["t"] == "bye":
            events.append(self.close(f"peer: {msg['why']}"))
        elif msg["t"] == "hello":
            if msg["v"] != VERSION or msg["engine"] != self.engine:
                self._out += _line({"t": "bye", "why": "version"})
                events.append(self.close("version"))
            else:
                self.state = "pake"
        else:
            self._keys(bytes.fromhex(msg["m"]), now)
        return self.state in ("hello", "pake")

    def _keys(self, m: bytes, now: float) -> None:
        try:
            shared = self._spake.finish(m)
        # spake2 raises several kinds (bad point, reflection, wrong length): all mean one thing here
        except Exception:  # noqa: BLE001
            raise ProtocolError("handshake: a SPAKE2 message that does not finish") from None
        self._sealer = Sealer(record_key(shared, self.role))
        self._opener = Opener(record_key(shared, other_role(self.role)))
        self.state = "confirm"
        self.last_out = now
        self._out += self._sealer.seal({"t": "confirm", "role": self.role})

    def _record(self, now: float, events: list[Event]) -> bool:
        assert self._opener is not None
        plain = self._opener.next_record()
        if plain is None:
            return False
        self.last_in = now
        if self.state == "confirm":
            msg = check_message(decode_json(plain, "confirm"), ("confirm",))
            if msg["role"] != other_role(self.role):
                raise ProtocolError("confirm: both ends claim one role")
            self.state = "open"
            events.append(Ready())
            return True
        if int(now) != self._second:
            self._second, self._count = int(now), 0
        self._count += 1
        if self._count > FLOOD:
            if self._count == FLOOD + 1:
                events.append(Bad(f"flood: over {FLOOD} records in a second"))
            return True
        try:
            msg = check_message(decode_json(plain, "record"), RECORD_TYPES)
        except ProtocolError as e:
            events.append(Bad(str(e)))
            return True
        if msg["t"] != "ping":
            events.append(Message(msg))
        return True


def _line(msg: dict) -> bytes:
    return encode_json(msg) + b"\n"
