"""The app's dialogs. Each asks towers_core.skirmish.api for rule facts and holds no rule logic itself.

Names are imported on first use, so importing one dialog module does not load them all.
"""
from __future__ import annotations

from importlib import import_module
from typing import Any

_WHERE = {
    "AttackPreviewDialog": "attack_preview",
    "GameOverDialog": "game_over",
    "MusterDialog": "muster",
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{_WHERE[name]}"), name)
