"""Words for the board: what a previewed move does and what stands on a square (for the action bar
and the hover text), read from api.preview's answer and the position — never judged here."""
from __future__ import annotations

from towers_core.castles import api
from towers_core.castles.notation import CASTLES
from towers_qt.shell.palette import colour_word

DIRECTIONS = {"n": "north", "e": "east", "s": "south", "w": "west"}


def action_words(action: str) -> str:
    """A move in words: "build on c2", "push c2 north", "resign"."""
    if action == "resign":
        return "resign"
    if action.endswith("+"):
        return f"build on {action[:2]}"
    return f"push {action[:2]} {DIRECTIONS[action[2]]}"


def move_text(info: dict) -> str:
    """One sentence on what a previewed move does (from api.preview), in the seed's words."""
    if info["kind"] == "build":
        text = f"Build: one more piece on {info['from']} (height {len(info['stays'])})."
    else:
        lands = ", ".join(info["gains"])
        stays = info["stays"]
        left = "nothing" if not stays else f"{len(stays)} piece{'s' * (len(stays) > 1)} ({_owner(stays)})"
        text = f"Push: pieces land on {lands}; {info['from']} keeps {left}."
    for castle, change in info["castles"].items():
        who = colour_word(change["to"]).capitalize() if change["to"] else "Nobody"
        text += f" Castle {castle} → {who}."
    for castle, who in info["crowns"].items():
        text += f" Crowns {castle} for {colour_word(who)}!"
    if info["result"]:
        text += " This move ends the game."
    return text + "  Click to play it."


def _owner(tower: str) -> str:
    top = tower[-1]
    return "neutral" if top == "X" else f"{colour_word(top)} on top"


def square_text(pos: dict, square: str) -> str:
    """E.g. "e4 (castle): 3 high — blue, blue, red (bottom to top); red controls it"."""
    tower = pos["board"].get(square, "")
    name = f"{square} (castle)" if square in CASTLES else square
    if not tower:
        return f"{name}: empty"
    words = ["neutral base" if p == "X" else colour_word(p) for p in tower]
    top = tower[-1]
    owner = "nobody controls it" if top == "X" else f"{colour_word(top)} controls it"
    crown = ", crowned" if square in api.readings(pos)["crowned"] else ""
    return f"{name}: {len(tower)} high — {', '.join(words)} (bottom to top); {owner}{crown}"
