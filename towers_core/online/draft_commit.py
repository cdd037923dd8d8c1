"""§13.5 draft secrecy: each of the 12 slots is committed as SHA-256(canonical entry + salt), one
16-byte salt per slot, and opened later as {slot, entry, salt}."""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from towers_core.errors import ProtocolError, TowersError
from towers_core.gauntlet.api import canonical_json, validate_army
from towers_core.gauntlet.draft import check_draft_known
from towers_core.gauntlet.units import SLOTS


def entry_hash(entry: dict, salt: str) -> str:
    """The commitment of one slot: hex SHA-256 of its canonical JSON followed by its salt (hex)."""
    return hashlib.sha256((canonical_json(entry) + salt).encode("utf-8")).hexdigest()


class SealedArmy:
    """Our own army with its salts: the 12 hashes to commit and the openings to send."""

    def __init__(self, army: dict, entropy: Callable[[int], bytes]) -> None:
        self.army = validate_army(army)
        self.salts = {slot: entropy(16).hex() for slot in SLOTS}
        self.hashes = [entry_hash(army[s], self.salts[s]) for s in SLOTS]

    def opening(self, slot: str) -> dict:
        return {"slot": slot, "entry": dict(self.army[slot]), "salt": self.salts[slot]}

    def all_openings(self) -> list[dict]:
        return [self.opening(s) for s in SLOTS]


def verify_opening(op: dict, hashes: list[str], where: str) -> None:
    """ProtocolError unless the (type-checked) opening matches its slot's committed hash."""
    if entry_hash(op["entry"], op["salt"]) != hashes[SLOTS.index(op["slot"])]:
        raise ProtocolError(f"{where}: slot {op['slot']} does not match its committed hash")


def check_opened(known: dict[str, dict], where: str) -> None:
    """The Draft rules on the slots opened so far (§13.6): King and structures in, ≤ 5 unit types
    (exactly 5 once all 12 are open), Gold ≤ 100, Tomes ≤ 8, ≤ 2 structures researched."""
    try:
        check_draft_known(known, where)
    except TowersError as e:
        raise ProtocolError(str(e)) from None
