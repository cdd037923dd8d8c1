"""§15 notation: parse an action string into its parts, format parts back, canonical only."""

from __future__ import annotations

import re

from towers_core.errors import IllegalAction, brief
from towers_core.gauntlet.units import UNIT_CODES

T = r"[a-g][1-7]"
_PLACE = re.compile(rf"^({'|'.join(UNIT_CODES)})@({T})\+({T})\+({T})$")
_DEPLOY = re.compile(rf"^({'|'.join(UNIT_CODES)})@({T})$")
_SCRAP = re.compile(rf"^({T})#$")
_ACT = re.compile(rf"^({T})(!fury|!unsiege)?(?:-({T}))?(!siege)?"
                  rf"(?:x({T})(?:x({T}))?|\*([a-z]+)(?::([a-zA-Z0-9,>]+))?)?$")
ABILITIES = ("fortify", "inspire", "summons", "build", "repair", "detonate", "charge", "poison",
             "hide", "step", "heal", "cure", "zap", "empower", "hex", "siege", "unsiege",
             "freeze", "invis", "chain", "fireball")
TOOL_RANGES = {"hp": (1, 999), "atk": (0, 99), "arm": (0, 99), "spd": (0, 7), "ap": (0, 99)}
RESEARCH_TOOL = ("banner", "summons", "both")


def parse_action(action: object) -> dict:
    """The parts of an action string; IllegalAction if it is not a canonical §15 string."""
    if not isinstance(action, str):
        raise IllegalAction(f"action must be a string, not {brief(action)}")
    if action in ("+ap", "end", "resign"):
        return {"kind": action}
    if action.startswith("tool:"):
        return _parse_tool(action)
    if m := _PLACE.match(action):
        code, at, d1, d2 = m.groups()
        if not d1 < d2:
            raise IllegalAction(f"{brief(action)}: placement Depots must be distinct, in string order")
        return {"kind": "place", "code": code, "tile": at, "depots": (d1, d2)}
    if m := _DEPLOY.match(action):
        return {"kind": "deploy", "code": m.group(1), "tile": m.group(2)}
    if m := _SCRAP.match(action):
        return {"kind": "scrap", "tile": m.group(1)}
    if m := _ACT.match(action):
        origin, p1, to, p3, t1, t2, ability, args = m.groups()
        if ability is not None and ability not in ABILITIES:
            raise IllegalAction(f"{brief(action)}: unknown ability {brief(ability)}")
        if args is not None and args.count(",") == 1 and ability == "cure":
            a, b = args.split(",")
            if not a < b:
                raise IllegalAction(f"{brief(action)}: Cure tiles must be distinct, in string order")
        return {"kind": "act", "origin": origin, "p1": p1 and p1[1:], "to": to,
                "p3": bool(p3), "targets": [t for t in (t1, t2) if t],
                "ability": ability, "args": args}
    raise IllegalAction(f"{brief(action)} is not an action in §15 notation")


def _parse_tool(action: str) -> dict:
    body = action[5:]
    if body in ("heal", "god", "ready"):
        return {"kind": "tool", "tool": body, "value": None}
    name, eq, value = body.partition("=")
    if eq and name in TOOL_RANGES:
        lo, hi = TOOL_RANGES[name]
        if re.fullmatch(r"0|[1-9][0-9]{0,2}", value) and lo <= int(value) <= hi:
            return {"kind": "tool", "tool": name, "value": int(value)}
    elif eq and name == "tp" and re.fullmatch(T, value):
        return {"kind": "tool", "tool": "tp", "value": value}
    elif eq and name == "research" and value in RESEARCH_TOOL:
        return {"kind": "tool", "tool": "research", "value": value}
    raise IllegalAction(f"{brief(action)}: not a §14 tool (name or value out of range)")


def format_activation(origin: str, p1: str | None, to: str | None, p3: bool,
                      tail: str = "") -> str:
    """`<from>[!fury|!unsiege][-<to>][!siege]` + the attack/ability tail."""
    s = origin
    if p1:
        s += "!" + p1
    if to:
        s += "-" + to
    if p3:
        s += "!siege"
    return s + tail


def public_form(action: str, origin_hidden: bool, stays_hidden: bool) -> str:
    """§15/§21.27: a hidden unit's activation is `?`, or `?` + the string without its origin."""
    if not origin_hidden:
        return action
    if stays_hidden:
        return "?"
    return "?" + action[2:]
