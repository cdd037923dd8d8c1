"""Waiting for a search thread in tests: poll until it has got somewhere, under a generous bound that
only stops a test from hanging (never a gate: a loaded machine just waits longer)."""
from __future__ import annotations

import time

BOUND_S = 60.0


def wait_for_depth(searcher, depth: int) -> None:
    """Until `searcher` (a SearchThread) has finished `depth` plies, or BOUND_S has passed."""
    end = time.monotonic() + BOUND_S
    while searcher.progress()["depth"] < depth and time.monotonic() < end:
        time.sleep(0.01)
