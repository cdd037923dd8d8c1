"""Bounds on the plain values every game takes from outside: seeds, clock budgets, counts, output paths.

One copy for all games, so a seed or a `time_ms` means the same everywhere and is refused the
same way (a TowersError naming the field).
"""

from __future__ import annotations

import os
from typing import Any

from towers_core.errors import BadLevel, BadPosition, brief

SEED_MIN, SEED_MAX = -(1 << 63), (1 << 64) - 1  # 64-bit: bigger ones would only be slow to hash
SEED_MASK = (1 << 64) - 1
MAX_TIME_MS = 3_600_000                         # an hour: past that a budget is a typo
MAX_SECONDS = 3600.0


def whole_number(value: Any, field: str, lo: int, hi: int, error: type = BadPosition) -> int:
    """`value` if it is an int (not a bool) in [lo, hi]; else `error` naming the field."""
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise error(f"{field} must be a whole number from {lo} to {hi}, not {brief(value)}"[:200])
    return value


def real_number(value: Any, field: str, lo: float, hi: float, error: type = BadLevel) -> float:
    """`value` as a float if it is an int or float (not a bool) in [lo, hi] (never nan); else `error`
    naming the field."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not lo <= value <= hi:
        raise error(f"{field} must be a number from {lo:g} to {hi:g}, not {brief(value)}"[:200])
    return float(value)


def check_seed(seed: Any, field: str = "seed", error: type = BadPosition) -> int:
    """A seed: a whole number that fits 64 bits (signed or not)."""
    return whole_number(seed, field, SEED_MIN, SEED_MAX, error)


def unsigned_seed(seed: Any, field: str = "seed", error: type = BadPosition) -> int:
    """A seed checked as check_seed checks it, as the unsigned 64-bit number the C engines take (a
    negative one wraps, as it would in C)."""
    return check_seed(seed, field, error) & SEED_MASK


def check_time_ms(time_ms: Any) -> int | None:
    """None (the level's own cap) or a whole number of milliseconds from 1 to MAX_TIME_MS."""
    if time_ms is None:
        return None
    return whole_number(time_ms, "time_ms", 1, MAX_TIME_MS, BadLevel)


def check_seconds(value: Any, field: str) -> float:
    """A positive duration of at most MAX_SECONDS (refuses nan and infinities too)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0.0 < value <= MAX_SECONDS:
        raise BadLevel(f"{field} must be more than 0 and at most {MAX_SECONDS:g}")
    return float(value)


def output_file(path: str, field: str, error: type = BadLevel) -> str:
    """A file a command will write: not a folder, in a folder that exists and may be written to; else
    `error` naming the field, before any work is done (nothing is created here)."""
    folder = os.path.dirname(os.path.abspath(path))
    if not path:
        problem = "is empty"
    elif os.path.isdir(path):
        problem = "is a folder"
    elif not os.path.isdir(folder):
        problem = "its folder does not exist"
    elif not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        problem = "cannot be written"
    else:
        return path
    raise error(f"{field}: {brief(path)} {problem}"[:300])
