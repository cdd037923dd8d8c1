"""Log entries in plain English, for the app's Log dock and the CLI."""

from __future__ import annotations

from towers_core.board import SIDE_NAMES
from towers_core.skirmish.cards import BY_CODE

OUTCOME_TEXT = {
    "captured": "{d} captured", "routed": "{d} routed to the barrack", "hold": "both hold",
    "attacker_routed": "{a} routed to the barrack", "attacker_captured": "{a} captured",
    "revealed": "the King is revealed", "king_captured": "the King is captured",
}
REASON_TEXT = {
    "king": "the King is captured", "empty": "an empty board", "resign": "resignation",
    "dominance": "Dominance", "passes": "two passes", "long-game": "the long-game rule",
}


def card_name(code: str | None) -> str:
    """The card's name, or "a hidden card" for None or an unknown code."""
    return BY_CODE[code].name if isinstance(code, str) and code in BY_CODE else "a hidden card"


def _signed(v: int) -> str:
    return f"{v:+d}" if v else "0"


def describe_entry(entry: dict) -> str:
    """One sentence for a log entry as its viewer may see it (see api.entry_view)."""
    who = SIDE_NAMES[entry["player"]]
    p = _parts(entry["action"])
    kind = entry["kind"]
    if kind == "deploy":
        card = card_name(entry["card"]) if entry["card"] else "a card face-down"
        text = f"{who} deploys {card} on {p['to']}"
    elif kind == "maneuver":
        text = f"{who} maneuvers {p['from']} to {p['to']}"
    elif kind == "attack":
        text = f"{who} attacks"
    elif kind == "scout":
        text = f"{who} scouts from {p['from']}"
    elif kind == "soulcast":
        text = f"{who} Soulcasts from {p['from']}"
    elif kind == "posture":
        state = "defensive" if entry["action"].endswith("d") else "ready"
        span = p["from"] if p["from"] == p["to"] else f"{p['from']} to {p['to']}"
        text = f"{who} turns {span} {state}"
    elif kind == "retreat":
        card = card_name(entry["card"]) if entry.get("card") else "a card"
        text = f"{who} retreats {card} from {p['from']}"
    elif kind == "standup":
        text = f"{who} stands the King up"
    elif kind == "pass":
        text = f"{who} passes"
    else:
        text = f"{who} gives up"
    text += _follow_text(entry)
    if entry.get("result"):
        text += "; " + result_text(entry["result"])
    return text + "."


def _parts(action: str) -> dict:
    from towers_core.skirmish.notation import describe_action, parse_public
    return describe_action(parse_public(action))


def _follow_text(entry: dict) -> str:
    f = entry.get("fight")
    if f:
        a, d = card_name(f["a_card"]), card_name(f["d_card"])
        head = f" — {a} on {f['attacker']} attacks {d} on {f['defender']}"
        if f.get("king_fight"):
            return head + ": " + OUTCOME_TEXT[f["outcome"]].format(a=a, d=d)
        pulls = "".join(f", {'attacker' if k == 'A' else 'defender'} pulls {_signed(v)}"
                        for k, v in f["pulls"].items())
        return head + f": Might {f['a_might']} against {f['d_might']}{pulls}; " + \
            OUTCOME_TEXT[f["outcome"]].format(a=a, d=d)
    if entry.get("scouted"):
        return f" — scouts {entry['scouted']}: {card_name(entry['scouted_card'])}"
    sc = entry.get("soulcast")
    if sc:
        if sc["king_revealed"]:
            return f" — on {sc['target']}: the King is revealed"
        return f" — {card_name(sc['card'])} on {sc['target']} captured; the Soulcaster is used up"
    return ""


def result_text(result: dict) -> str:
    """The result in words: who wins by what, or that the skirmish is drawn and why."""
    if result["winner"] is None:
        return f"the skirmish is drawn ({REASON_TEXT[result['reason']]})"
    return f"{SIDE_NAMES[result['winner']]} wins by {REASON_TEXT[result['reason']]}"
