"""Cached SVG renderers for card emblems, backs and terrain; None when a file is missing."""
from __future__ import annotations

from functools import lru_cache

from PySide6.QtSvg import QSvgRenderer

from towers_qt.shell.paths import resource


@lru_cache(maxsize=64)
def svg(relative: str) -> QSvgRenderer | None:
    """The renderer for `relative` (e.g. `cards/Kn.svg`), or None so callers draw a fallback."""
    path = resource(relative)
    if not path.is_file():
        return None
    renderer = QSvgRenderer(str(path))
    return renderer if renderer.isValid() else None
