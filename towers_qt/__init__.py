"""Towers desktop app (PySide6). Renders what `towers_core.api` says; holds no rule logic."""
from __future__ import annotations

import sys

__version__ = "0.1.0"


def _pin_none() -> None:
    """Keep None alive on CPython < 3.12 despite a PySide6 reference-count bug.

    PySide6 6.12 returns None from every void method without taking a reference (it relies on
    None being immortal, which is only true from CPython 3.12, PEP 683). On 3.11 each call drops
    None's count by one, and after a few thousand paint calls the interpreter aborts with
    "none_dealloc". Adding a huge count makes None immortal in practice, as 3.12 does.
    """
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return
    import ctypes

    ctypes.c_ssize_t.from_address(id(None)).value += 1 << 60


_pin_none()
