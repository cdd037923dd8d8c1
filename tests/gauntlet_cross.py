"""Cross-checks every hand-made Gauntlet test position against the C engine: while a
test_gauntlet_* module runs, `api.play` (the Python reference, which the tests read events
from) also plays the action in C and compares the positions, and `api.legal_actions` (C)
compares its list with the reference's. The tests themselves stay unchanged."""
from __future__ import annotations

from collections import Counter

import pytest

from towers_core.gauntlet import api, gen
from towers_core.gauntlet.cengine import Engine, Unsupported
from towers_core.gauntlet.position import raw_view

COUNTS: Counter = Counter()


def install(mp: pytest.MonkeyPatch) -> None:
    ref_play, c_legal = api.play, api.legal_actions

    def play(pos, action):
        out = ref_play(pos, action)
        try:
            e = Engine(pos)
        except Unsupported:
            return out
        code = e.code_of(action)
        if code is not None:
            e.play_code(code)
            assert e.to_json() == out[0], f"C engine and reference differ after {action!r}"
            COUNTS["play"] += 1
        return out

    def legal_actions(pos):
        got = c_legal(pos)
        assert got == gen.all_actions(raw_view(pos, pos["to_move"])), "C and reference lists differ"
        COUNTS["lists"] += 1
        return got

    mp.setattr(api, "play", play)
    mp.setattr(api, "legal_actions", legal_actions)
