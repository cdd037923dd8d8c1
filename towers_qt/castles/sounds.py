"""The sounds of one Castles move, at the moment the board shows each event."""
from __future__ import annotations

from towers_core.castles import api

from towers_qt.shell.sound import Cue


def cues(before: dict, action: str, after: dict) -> list[Cue]:
    """A push slides from its start; a build taps when its piece lands; a castle the mover takes
    chimes once the move is shown."""
    if action == api.RESIGN:
        return []
    out: list[Cue] = [("end", "deploy")] if action.endswith("+") else [("start", "push")]
    mover = api.to_move(before)
    held = api.readings(before)["holders"]
    if any(who == mover and held.get(c) != mover for c, who in api.readings(after)["holders"].items()):
        out.append(("end", "capture"))
    return out
