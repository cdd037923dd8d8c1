"""The sound of one Gauntlet action (the board does not animate it): the gravest event it shows."""
from __future__ import annotations

from towers_core.gauntlet.notation import parse_action

from towers_qt.shell.sound import Cue


def cues(action: str, entries: list[dict]) -> list[Cue]:
    """Death over a hit over the move itself, from the entries as the viewer reads them."""
    events = {ev[0] for e in entries for ev in e.get("ev", ())}
    for event, name in (("die", "death"), ("hit", "hit")):
        if event in events:
            return [("start", name)]
    try:
        parts = parse_action(action)
    except ValueError:
        return []
    if parts["kind"] in ("place", "deploy"):
        return [("start", "deploy")]
    return [("start", "move")] if parts["kind"] == "act" and parts.get("to") else []
