"""Every §13 message the peer may send, type-checked field by field. The peer is never trusted:
a message is returned as a new dict holding only its known keys (unknown keys are ignored) or
refused with a ProtocolError naming the field."""

from __future__ import annotations

import re
from collections.abc import Callable

from towers_core.errors import ProtocolError, TowersError, brief
from towers_core.gauntlet.draft import check_entry
from towers_core.gauntlet.units import DRAFT_UNITS, SLOTS

SCOUT_SLOTS = ("Ki",) + DRAFT_UNITS
MAX_N = 1_000_000          # actions in one Battle, far past any real one
MAX_TEXT = 200             # an action string, a reason
_HEX = {n: re.compile(f"[0-9a-f]{{{n}}}") for n in (16, 32, 64)}


def _int(v: object, field: str, lo: int) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= MAX_N:
        raise ProtocolError(f"{field}: {brief(v)} is not a whole number {lo}..{MAX_N}")
    return v


def _hex(v: object, field: str, n: int) -> str:
    if not isinstance(v, str) or not _HEX[n].fullmatch(v):
        raise ProtocolError(f"{field}: {brief(v)} is not {n} lower-case hex digits")
    return v


def _text(v: object, field: str) -> str:
    if not isinstance(v, str) or not 0 < len(v) <= MAX_TEXT or not v.isascii() or not v.isprintable():
        raise ProtocolError(f"{field}: {brief(v)} is not printable ASCII of 1..{MAX_TEXT} characters")
    return v


def _one_of(v: object, field: str, allowed: tuple[str, ...]) -> str:
    if not isinstance(v, str) or v not in allowed:
        raise ProtocolError(f"{field}: {brief(v)} is not one of {', '.join(allowed)}")
    return v


def opening(v: object, field: str) -> dict:
    """One opened slot `{"slot", "entry", "salt"}` (§13.5), the entry's shape checked (§11)."""
    if not isinstance(v, dict):
        raise ProtocolError(f"{field}: not an object with slot, entry, salt")
    slot = _one_of(v.get("slot"), f"{field}.slot", SLOTS)
    entry = v.get("entry")
    try:
        check_entry(slot, entry, f"{field}.entry")
    except TowersError as e:
        raise ProtocolError(str(e)) from None
    return {"slot": slot, "entry": {"in": entry["in"], "r": entry["r"], "p": entry["p"]},  # type: ignore[index]
            "salt": _hex(v.get("salt"), f"{field}.salt", 32)}


def openings(v: object, field: str, exactly_all: bool = False) -> list[dict]:
    """A list of openings, each slot at most once (all 12 in slot order for `final`)."""
    if not isinstance(v, list) or len(v) > len(SLOTS):
        raise ProtocolError(f"{field}: not a list of at most {len(SLOTS)} openings")
    out = [opening(x, f"{field}[{i}]") for i, x in enumerate(v)]
    slots = [o["slot"] for o in out]
    if len(set(slots)) != len(slots):
        raise ProtocolError(f"{field}: a slot opened twice")
    if exactly_all and slots != list(SLOTS):
        raise ProtocolError(f"{field}: all 12 slots in slot order")
    return out


def _hashes(v: object, field: str) -> list[str]:
    if not isinstance(v, list) or len(v) != len(SLOTS):
        raise ProtocolError(f"{field}: not a list of {len(SLOTS)} hashes")
    return [_hex(h, f"{field}[{i}]", 64) for i, h in enumerate(v)]


def _pake(v: object, field: str) -> str:
    if not isinstance(v, str) or not 2 <= len(v) <= 256 or len(v) % 2 or not re.fullmatch("[0-9a-f]*", v):
        raise ProtocolError(f"{field}: {brief(v)} is not an even count of lower-case hex digits")
    return v


Field = Callable[[object, str], object]
SCHEMAS: dict[str, dict[str, Field]] = {
    "hello": {"v": _text, "engine": _text},
    "pake": {"m": _pake},
    "bye": {"why": _text},
    "confirm": {"role": lambda v, f: _one_of(v, f, ("host", "join"))},
    "ping": {},
    "seed-commit": {"h": lambda v, f: _hex(v, f, 64)},
    "seed-reveal": {"s": lambda v, f: _hex(v, f, 64)},
    "draft-commit": {"h": _hashes},
    "scout": {"slot": lambda v, f: _one_of(v, f, SCOUT_SLOTS)},
    "open": {"slot": lambda v, f: _one_of(v, f, SLOTS), "entry": lambda v, f: v, "salt": lambda v, f: v},
    "act": {"n": lambda v, f: _int(v, f, 1), "a": _text, "open": openings, "h": lambda v, f: _hex(v, f, 16)},
    "ack": {"n": lambda v, f: _int(v, f, 1)},
    "dispute": {"n": lambda v, f: _int(v, f, 0), "why": _text},
    "final": {"open": lambda v, f: openings(v, f, exactly_all=True)},
    "resume": {"n": lambda v, f: _int(v, f, 0)},
}


def check_message(msg: dict, allowed: tuple[str, ...] | None = None) -> dict:
    """`msg` (a decoded JSON object) as a checked message of a known type (of `allowed`, if given)."""
    t = msg.get("t")
    if not isinstance(t, str) or t not in SCHEMAS or (allowed is not None and t not in allowed):
        raise ProtocolError(f"t: {brief(t)} is not a message expected here")
    out: dict = {"t": t}
    for key, check in SCHEMAS[t].items():
        out[key] = check(msg.get(key), f"{t}.{key}")
    if t == "open":
        out.update(opening(msg, "open"))
    return out
