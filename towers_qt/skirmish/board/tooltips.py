"""Hover text for the board and the barrack: a card's name, rank, ability and posture, terrain, and
for an enemy face-down card only what the viewing player may know (their view and the core's belief
model; never the position itself)."""
from __future__ import annotations

from html import escape

from towers_core.board import SIDE_NAMES
from towers_core.skirmish import api, belief
from towers_qt.shell.names import possessive

TERRAIN = {
    "high": "High ground: +1 Might to a card fighting from it; held high ground moves the Dominance "
            "marker at the end of each turn (never by the King).",
    "mountain": "Mountain: no card may stand on it or pass over it.",
}


def card_numbers(code: str) -> str:
    """"rank 3 · 10 troops · moves 1", or the King's own line (no rank, no troops)."""
    info = api.CARD_INFO.get(code, {})
    if code == "K":
        return f"no rank, fights by his own rules · moves {info.get('move', '1')}"
    troops = f"{info['troops']} troops" if info.get("troops") else "free"
    return f"rank {info.get('rank', '?')} · {troops} · moves {info.get('move', '1')}"


def card_text(code: str) -> str:
    """Name, numbers and ability of a known card, as rich text."""
    info = api.CARD_INFO.get(code)
    if not info:
        return ""
    return (f"<b>{escape(info['name'])}</b> ({code}) — {card_numbers(code)}"
            f"<br>{escape(info['ability'])}")


def square_tip(view: dict, viewer: str, square: str, seen: dict[str, str] | None = None,
               history: list[dict] | None = None, names: dict[str, str] | None = None) -> str:
    """The tooltip of one square of `viewer`'s view: the card on it and its terrain."""
    names = names or SIDE_NAMES
    parts = []
    cell = view["board"].get(square)
    if cell:
        parts.append(_cell_text(view, viewer, square, cell, seen or {}, history, names))
    kind = ("high" if square in view["terrain"]["high"]
            else "mountain" if square in view["terrain"]["mountains"] else None)
    if kind:
        parts.append(f"<i>{TERRAIN[kind]}</i>")
    if not parts:
        return ""
    return f"<p style='max-width:360px'><b>{square}</b> · " + "<br>".join(parts) + "</p>"


def _cell_text(view: dict, viewer: str, square: str, cell: dict, seen: dict[str, str],
               history: list[dict] | None, names: dict[str, str]) -> str:
    owner = escape(names.get(cell["owner"], cell["owner"]))
    code = cell["card"]
    if code == "?":
        whose = escape(possessive(names.get(cell["owner"], cell["owner"])))
        return f"{whose} face-down card<br>{_guess(view, viewer, square, seen, history)}"
    lines = [f"{owner}: {card_text(code)}", _state(cell, viewer)]
    return "<br>".join(line for line in lines if line)


def _state(cell: dict, viewer: str) -> str:
    if cell.get("spent"):
        return "Spent: lies on his side — no maneuver or attack until stood up."
    posture = "Defensive" if cell.get("posture") == "defensive" else "Ready"
    if cell["up"]:
        return f"{posture}, face-up."
    hidden = "face-down: the opponent does not know it" if cell["owner"] == viewer else "face-down"
    return f"{posture}, {hidden}."


def _guess(view: dict, viewer: str, square: str, seen: dict[str, str], history: list[dict] | None) -> str:
    """Seen before, else the belief model's likeliest identities for the viewer."""
    posture = "defensive" if view["board"][square].get("posture") == "defensive" else "ready"
    if square in seen:
        return f"You have seen it: {card_text(seen[square])}<br>{posture.capitalize()}."
    odds = belief.hidden_distribution(view, viewer, square, history, samples=200)
    ranked = sorted(odds.items(), key=lambda item: -item[1])[:4]
    could = " · ".join(f"{api.CARD_INFO[c]['name']} {p:.0%}" for c, p in ranked if p > 0)
    return f"{posture.capitalize()}. Could be: {could}" if could else f"{posture.capitalize()}."
