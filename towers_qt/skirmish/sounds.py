"""The sounds of one Skirmish log entry, at the moment the board shows each event."""
from __future__ import annotations

from towers_qt.shell.sound import Cue

ARRIVAL = {"deploy": "deploy", "maneuver": "move", "retreat": "move"}
TAKEN = ("captured", "attacker_captured", "king_captured")  # a card leaves the board: the chime


def cues(entry: dict) -> list[Cue]:
    """The card's arrival when it starts moving, then the fight's blow when the attacker strikes."""
    out = [("start", ARRIVAL[entry["kind"]])] if entry["kind"] in ARRIVAL else []
    fight = entry.get("fight")
    if fight:
        out.append(("hit", "capture" if fight.get("outcome") in TAKEN else "hit"))
    return out
