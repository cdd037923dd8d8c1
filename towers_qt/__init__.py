"""Towers desktop app (PySide6). Renders what `towers_core.api` says; holds no rule logic."""
from __future__ import annotations

import sys

__version__ = "0.1.0"


def _pin_singletons() -> None:
    """Keep None, True and False alive on CPython < 3.12 despite a PySide6 reference-count bug.

    PySide6 6.12 returns None (void methods) and True/False without taking a reference: it relies
    on those being immortal, which is only true from CPython 3.12 (PEP 683). On 3.11 each call
    drops a count, and after a few thousand paint calls the interpreter aborts ("none_dealloc",
    "bool_dealloc"). Adding a huge count makes them immortal in practice, as 3.12 does.
    """
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return
    import ctypes

    for obj in (None, True, False):
        ctypes.c_ssize_t.from_address(id(obj)).value += 1 << 60


_pin_singletons()
