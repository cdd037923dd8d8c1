"""§13.3 records: a 4-byte big-endian length, then a SecretBox (XSalsa20-Poly1305) of one UTF-8
JSON object of at most 64 KiB. Each direction has its own key (HKDF-SHA256 of the SPAKE2 key,
info `goc host` / `goc join`) and a nonce counting up from 0 that never travels, so a replayed,
dropped, reordered or altered record fails to open.

HKDF comes from `cryptography`, which `spake2` already depends on: no extra package, no
hand-written primitive."""

from __future__ import annotations

import json

from cryptography.hazmat.primitives.hashes import SHA256
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from nacl.exceptions import CryptoError
from nacl.secret import SecretBox

from towers_core.errors import ProtocolError

MAX_JSON = 64 * 1024                     # bytes of one record's JSON text
MAX_RECORD = MAX_JSON + SecretBox.MACBYTES
HEADER = 4


def record_key(shared: bytes, role: str) -> bytes:
    """The 32-byte key of the records `role` ("host" or "join") sends."""
    return HKDF(algorithm=SHA256(), length=SecretBox.KEY_SIZE, salt=None,
                info=f"goc {role}".encode()).derive(shared)


def _nonce(count: int) -> bytes:
    return count.to_bytes(SecretBox.NONCE_SIZE, "big")


def encode_json(msg: dict) -> bytes:
    """One message as compact UTF-8 JSON; ProtocolError past 64 KiB."""
    data = json.dumps(msg, separators=(",", ":"), ensure_ascii=False).encode()
    if len(data) > MAX_JSON:
        raise ProtocolError(f"record: {len(data)} bytes of JSON, over {MAX_JSON}")
    return data


def decode_json(data: bytes, where: str) -> dict:
    """One JSON object from UTF-8 bytes, or ProtocolError naming `where`."""
    try:
        msg = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ProtocolError(f"{where}: not UTF-8 JSON") from None
    if not isinstance(msg, dict):
        raise ProtocolError(f"{where}: not a JSON object")
    return msg


class Sealer:
    """Seals the records of one direction, counting its nonce."""

    def __init__(self, key: bytes) -> None:
        self._box = SecretBox(key)
        self.count = 0

    def seal(self, msg: dict) -> bytes:
        return self.seal_bytes(encode_json(msg))

    def seal_bytes(self, plain: bytes) -> bytes:
        """A record of any bytes (the tests seal what a bad peer could)."""
        body = self._box.encrypt(plain, _nonce(self.count)).ciphertext
        self.count += 1
        return len(body).to_bytes(HEADER, "big") + body


class Opener:
    """Splits the other direction's byte stream into records and opens them in order."""

    def __init__(self, key: bytes) -> None:
        self._box = SecretBox(key)
        self._buf = bytearray()
        self.count = 0

    def feed(self, data: bytes) -> None:
        self._buf += data

    def next_record(self) -> bytes | None:
        """The next opened record's plaintext, None until a whole one is in; ProtocolError for a
        length over the limit (the length is not authenticated: the link is closed, nobody blamed)
        or a record that does not open."""
        if len(self._buf) < HEADER:
            return None
        size = int.from_bytes(self._buf[:HEADER], "big")
        if not SecretBox.MACBYTES <= size <= MAX_RECORD:
            raise ProtocolError(f"record: length {size} outside {SecretBox.MACBYTES}..{MAX_RECORD}")
        if len(self._buf) < HEADER + size:
            return None
        body = bytes(self._buf[HEADER:HEADER + size])
        del self._buf[:HEADER + size]
        try:
            plain = self._box.decrypt(body, _nonce(self.count))
        except CryptoError:
            raise ProtocolError(f"record {self.count}: does not open (altered, replayed, reordered, "
                                "dropped, or a wrong code)") from None
        self.count += 1
        return plain
