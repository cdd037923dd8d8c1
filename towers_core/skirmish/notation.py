"""Squares and actions <-> strings (RULES §6 notation). Pure syntax: legality is the engine's."""

from __future__ import annotations

import re

from towers_core.board import SQUARE_INDEX, SQUARES
from towers_core.errors import IllegalAction, brief
from towers_core.skirmish.cards import CODES, INDEX
from towers_core.skirmish.rules import decode, encode

KINDS = ("deploy", "maneuver", "attack", "scout", "soulcast", "posture", "retreat", "standup",
         "pass", "resign")
DEPLOY, MANEUVER, ATTACK, SCOUT, SOULCAST, POSTURE, RETREAT, STANDUP, PASS, RESIGN = range(10)
FOLLOW_MARK = {1: "x", 2: "?", 3: "*"}
MARK_FOLLOW = {v: k for k, v in FOLLOW_MARK.items()}
FOLLOW_NAMES = (None, "attack", "scout", "soulcast")
WHOLE_TURN = {"x": ATTACK, "?": SCOUT, "*": SOULCAST}

_SQ = r"([a-g][1-7])"
_FOLLOW = rf"(?:([x?*]){_SQ})?"
_PATTERNS = (
    ("deploy", re.compile(rf"(K|Sh|Cl|Kn|La|Sq|Ar|Sp|Sc|So|\?)@{_SQ}{_FOLLOW}")),
    ("maneuver", re.compile(rf"{_SQ}-{_SQ}{_FOLLOW}")),
    ("whole", re.compile(rf"{_SQ}([x?*]){_SQ}")),
    ("posture", re.compile(rf"{_SQ}(?::{_SQ})?([dr])")),
    ("retreat", re.compile(rf"{_SQ}\^")),
    ("standup", re.compile(rf"{_SQ}!")),
)


def square(name: str) -> int:
    """Index 0-48 of a square name like 'c1'."""
    try:
        return SQUARE_INDEX[name]
    except (KeyError, TypeError):
        raise IllegalAction(f"{brief(name)} is not a square (files a-g, ranks 1-7)") from None


def parse(text: str) -> int:
    """The packed action of a notation string; raises IllegalAction on bad syntax."""
    if not isinstance(text, str):
        raise IllegalAction(f"action must be a string, not {type(text).__name__}")
    if text == "pass":
        return encode(PASS)
    if text == "resign":
        return encode(RESIGN)
    for kind, pattern in _PATTERNS:
        m = pattern.fullmatch(text)
        if m:
            return _build(kind, m.groups(), text)
    raise IllegalAction(f"{brief(text)} is not an action in Towers notation (e.g. Kn@c1, c2-c3xc4, c3d)")


def parse_public(text: str) -> int:
    """Like parse, but also takes the opponent's public form of a deploy (`?@c1...`), read as a
    King's deploy: only its squares and follow-up mean anything."""
    if isinstance(text, str) and text.startswith("?@"):
        text = "K" + text[1:]
    return parse(text)


def _build(kind: str, g: tuple, text: str) -> int:
    if kind == "deploy":
        if g[0] == "?":
            raise IllegalAction(f"{brief(text)}: a deploy must name its card")
        fk = MARK_FOLLOW[g[2]] if g[2] else 0
        return encode(DEPLOY, INDEX[g[0]], square(g[1]), fk, square(g[3]) if g[3] else 0)
    if kind == "maneuver":
        fk = MARK_FOLLOW[g[2]] if g[2] else 0
        return encode(MANEUVER, square(g[0]), square(g[1]), fk, square(g[3]) if g[3] else 0)
    if kind == "whole":
        return encode(WHOLE_TURN[g[1]], square(g[0]), square(g[2]))
    if kind == "posture":
        a = square(g[0])
        b = square(g[1]) if g[1] else a
        if g[1] and (b <= a or not (a // 7 == b // 7 or a % 7 == b % 7)):
            raise IllegalAction(f"{brief(text)}: a run goes from the lower to the higher square of one rank or file")
        return encode(POSTURE, a, b, 0, 1 if g[2] == "d" else 0)
    if kind == "retreat":
        return encode(RETREAT, square(g[0]))
    return encode(STANDUP, square(g[0]))


def _follow(fk: int, c: int) -> str:
    return f"{FOLLOW_MARK[fk]}{SQUARES[c]}" if fk else ""


def format_action(act: int, hide_card: bool = False) -> str:
    """Notation of a packed action; `hide_card` gives the opponent's `?@c1` form of a deploy."""
    kind, a, b, fk, c = decode(act)
    if kind == DEPLOY:
        return f"{'?' if hide_card else CODES[a]}@{SQUARES[b]}{_follow(fk, c)}"
    if kind == MANEUVER:
        return f"{SQUARES[a]}-{SQUARES[b]}{_follow(fk, c)}"
    if kind in (ATTACK, SCOUT, SOULCAST):
        return f"{SQUARES[a]}{FOLLOW_MARK[kind - 1]}{SQUARES[b]}"
    if kind == POSTURE:
        end = "" if a == b else f":{SQUARES[b]}"
        return f"{SQUARES[a]}{end}{'d' if c else 'r'}"
    if kind == RETREAT:
        return f"{SQUARES[a]}^"
    if kind == STANDUP:
        return f"{SQUARES[a]}!"
    return KINDS[kind]


def describe_action(act: int) -> dict:
    """The parts of an action as plain data (`api.parse_action`)."""
    kind, a, b, fk, c = decode(act)
    out = {"kind": KINDS[kind], "card": None, "from": None, "to": None, "follow": None,
           "target": None, "posture": None}
    if kind == DEPLOY:
        out.update(card=CODES[a], to=SQUARES[b])
    elif kind == MANEUVER:
        out.update({"from": SQUARES[a], "to": SQUARES[b]})
    elif kind in (ATTACK, SCOUT, SOULCAST):
        out.update({"from": SQUARES[a], "target": SQUARES[b]})
    elif kind == POSTURE:
        out.update({"from": SQUARES[a], "to": SQUARES[b], "posture": "d" if c else "r"})
    elif kind in (RETREAT, STANDUP):
        out["from"] = SQUARES[a]
    if kind in (DEPLOY, MANEUVER) and fk:
        out.update(follow=FOLLOW_NAMES[fk], target=SQUARES[c])
    return out
