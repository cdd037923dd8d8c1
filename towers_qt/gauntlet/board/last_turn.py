"""Which tiles the other side's last turn touched, as the viewer read it in their log: the
outline on the board that says what happened while you were not looking (or thinking)."""
from __future__ import annotations

from towers_qt.gauntlet.board.picking import TILE, origin_of


def last_turn(entries: list[dict], viewer: str) -> tuple[str | None, list[str]]:
    """(the other side, the tiles its most recent turn acted from or on), from `viewer`'s log
    entries; (None, []) before the other side has played."""
    tail: list[dict] = []
    for entry in reversed(entries):
        if entry["side"] == viewer:
            if tail:
                break
            continue
        tail.append(entry)
    if not tail:
        return None, []
    tiles: list[str] = []
    for entry in reversed(tail):
        action = entry["a"]
        if action not in ("start", "end", "+ap", "resign") and not action.startswith("?"):
            origin = origin_of(action)
            tiles += [origin] if origin else TILE.findall(action)[:1]
        for ev in entry.get("ev", []):
            tiles += [str(arg) for arg in ev[1:3] if isinstance(arg, str) and TILE.fullmatch(arg)]
    return tail[0]["side"], list(dict.fromkeys(tiles))
