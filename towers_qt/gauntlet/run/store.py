"""The one run slot: the run save beside the app's autosave, written atomically after every step.

A save the core refuses (`run_check.run_from_json`: damaged, edited or invalid) is never
overwritten silently: it is moved aside under a dated name and the player is told why."""
from __future__ import annotations

import json
from pathlib import Path

from towers_core.errors import BadRun
from towers_core.gauntlet.run_check import run_from_json, run_to_json
from towers_qt.shell.frame import autosave_path, damaged_path
from towers_qt.shell.save_file import MAX_BYTES, write_atomic

FILE_NAME = "gauntlet-run.json"


def run_path() -> Path:
    """The run slot: one file beside the autosave of the other games."""
    return autosave_path().with_name(FILE_NAME)


class RunStore:
    """Load, save and erase the one run of a `path` (run_path() by default)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or run_path()
        self.problem: str | None = None   # why the last load refused the slot
        self.kept: Path | None = None     # where a refused save was moved

    def exists(self) -> bool:
        return self.path.exists()

    def load(self) -> dict | None:
        """The saved run, or None without one; a refused save is set aside whole, never lost."""
        self.problem = self.kept = None
        if not self.path.exists():
            return None
        try:
            if self.path.stat().st_size > MAX_BYTES:
                raise BadRun("save: too large to be a run")
            return run_from_json(self.path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, BadRun) as exc:
            self.problem = str(exc)
        self.kept = damaged_path(self.path)
        try:
            self.path.replace(self.kept)
        except OSError:
            self.kept = None
        return None

    def save(self, run: dict) -> None:
        """Write the run (checked and sealed with its digest by the core) atomically."""
        write_atomic(self.path, json.loads(run_to_json(run)))

    def erase(self) -> None:
        self.path.unlink(missing_ok=True)
