"""The game code (§13.1) and the names derived from it: the relay token and the LAN instance (§13.2)."""

from __future__ import annotations

import hashlib
import secrets

from towers_core import __version__
from towers_core.errors import ProtocolError, brief

VERSION = "goc-1.4"
ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ"   # no I or O: read aloud without doubt
CODE_LENGTH = 4
PORT = 47470
SERVICE = "_goc._tcp.local."
# one build of the engine per release: two copies of one release agree on every hash (§13.4 E)
ENGINE = hashlib.sha256(f"towers {__version__}".encode()).hexdigest()[:16]


def new_code() -> str:
    """Four letters from the OS's secure random source."""
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def check_code(code: object) -> str:
    """The code in upper case, or ProtocolError naming `code`."""
    if not isinstance(code, str) or len(code) != CODE_LENGTH or any(c not in ALPHABET for c in code.upper()):
        raise ProtocolError(f"code: {brief(code)} is not {CODE_LENGTH} letters of {ALPHABET}")
    return code.upper()


def relay_token(code: str) -> str:
    """The relay's rendezvous token: hex SHA-256 of `goc-net|CODE` (64 hex)."""
    return hashlib.sha256(("goc-net|" + check_code(code)).encode()).hexdigest()


def lan_name(code: str) -> str:
    """The DNS-SD instance name: the first 16 hex of SHA-256 of `goc-lan|CODE`."""
    return hashlib.sha256(("goc-lan|" + check_code(code)).encode()).hexdigest()[:16]


def parse_address(text: object, default_port: int = PORT) -> tuple[str, int]:
    """`host:port` (or a bare host) as (host, port); ProtocolError naming the address."""
    if not isinstance(text, str) or not text or len(text) > 300:
        raise ProtocolError(f"address: {brief(text)} is not host:port")
    host, sep, port = text.rpartition(":")
    if not sep:
        return text, default_port
    if not host or not port.isdigit() or not 1 <= int(port) <= 65535:
        raise ProtocolError(f"address: {brief(text)} is not host:port with a port 1-65535")
    return host.strip("[]"), int(port)
