"""Locates the art and text resources wherever the app runs from.

Order: the installed package `towers_qt.resources` (a directory next to this file), the
repository's `resources/`, then a PyInstaller bundle's `sys._MEIPASS/resources`.
"""
from __future__ import annotations

import sys
from pathlib import Path

_HERE = Path(__file__).resolve().parent.parent  # towers_qt/


def _candidates() -> list[Path]:
    found = [_HERE / "resources", _HERE.parent / "resources"]
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        found.append(Path(bundle) / "resources")
    return found


def resource_dir() -> Path:
    """The first existing resources directory (the repo one as a last resort)."""
    for path in _candidates():
        if path.is_dir():
            return path
    return _HERE.parent / "resources"


def resource(relative: str) -> Path:
    """Path of one resource file such as `cards/Kn.svg` (may not exist: callers fall back)."""
    return resource_dir() / relative
