"""Small builders for RULES §10 positions, used by the rules tests.

A board card is written as a short spec string::

    "S:Kn"      South Knight, face-down, ready
    "N:Sp^"     North Spearman, face-up (``^``), ready
    "N:Sp^d"    North Spearman, face-up, defensive (``d``)
    "S:Ard"     South Archer, face-down, defensive
    "S:K^s"     South King, face-up, spent (``s``)

Flags after the card code, in any order: ``^`` face-up, ``d`` defensive, ``s`` spent.

``make_pos`` fills every other §10 key with a sensible default (the fixed terrain below, full decks,
marker 0, South to move, both players have moved, nothing captured or resting) and puts each
side's King in its barrack unless he is on the board or already captured.  It checks the position
is one a real game could reach (pool counts, muster budget, resting inside barrack) so that a test
can never fail because the test itself built an impossible position.
"""
from __future__ import annotations

import copy
import re
from collections import Counter

from towers_core.skirmish import api

PLAYERS = ("S", "N")

# RULES §2
POOL = {"K": 1, "Sh": 1, "Cl": 1, "Kn": 3, "La": 2, "Sq": 2, "Ar": 3, "Sp": 4, "Sc": 2, "So": 1}
RANK = {"Sh": 5, "Cl": 4, "Kn": 3, "La": 3, "Sq": 1, "Ar": 1, "Sp": 2, "Sc": 1, "So": 1}
TROOPS = {"K": 0, "Sh": 24, "Cl": 16, "Kn": 10, "La": 12, "Sq": 4, "Ar": 5, "Sp": 6, "Sc": 4, "So": 12}
KNIGHT_OR_BETTER = {"Kn", "La", "Cl", "Sh", "K"}

# The example terrain of RULES §10 (point-symmetric about d4).
TERRAIN = {"high": ["b3", "b5", "d4", "f3", "f5"], "mountains": ["c5", "e3"]}
HIGH = set(TERRAIN["high"])
MOUNTAINS = set(TERRAIN["mountains"])

FULL_DECK = {"+1": 3, "0": 6, "-1": 3}

POSITION_KEYS = {
    "terrain", "board", "barrack", "resting", "captured", "decks", "marker", "to_move",
    "actions", "passes", "moved", "result",
}

_SPEC = re.compile(r"^([SN]):(Sh|Cl|Kn|La|Sq|Ar|Sp|Sc|So|K)([\^ds]*)$")


def opp(player: str) -> str:
    return "N" if player == "S" else "S"


def deck(plus: int = 3, zero: int = 6, minus: int = 3) -> dict:
    """A fortune deck composition."""
    return {"+1": plus, "0": zero, "-1": minus}


def card(spec) -> dict:
    """One §10 board entry from a spec string (or a ready-made dict, copied)."""
    if isinstance(spec, dict):
        return dict(spec)
    m = _SPEC.match(spec)
    if not m:
        raise AssertionError(f"bad card spec {spec!r}")
    owner, code, flags = m.groups()
    entry = {
        "owner": owner,
        "card": code,
        "up": "^" in flags,
        "posture": "defensive" if "d" in flags else "ready",
        "spent": "s" in flags,
    }
    assert not (code == "K" and entry["posture"] != "ready"), "the King has no posture"
    assert not (code != "K" and entry["spent"]), "only a King can be spent"
    return entry


def _side(value, default):
    value = {} if value is None else value
    return {p: sorted(value.get(p, default)) for p in PLAYERS}


def make_pos(board=None, *, barrack=None, resting=None, captured=None, decks=None, marker=0,
             to_move="S", actions=20, passes=0, moved=None, result=None, terrain=None,
             add_kings=True) -> dict:
    """Build a full RULES §10 position.

    ``board`` maps squares to card specs; ``barrack``/``resting``/``captured`` map "S"/"N" to card
    lists (missing sides are empty); ``decks`` maps sides to compositions (default full 3/6/3).
    Each side's King is added to its barrack if he is neither on the board nor captured.
    """
    board = {sq: card(spec) for sq, spec in (board or {}).items()}
    barrack = _side(barrack, [])
    resting = _side(resting, [])
    captured = _side(captured, [])
    decks = {p: dict((decks or {}).get(p, FULL_DECK)) for p in PLAYERS}
    moved = dict(moved) if moved is not None else {"S": True, "N": True}
    terrain = copy.deepcopy(terrain if terrain is not None else TERRAIN)

    for p in PLAYERS:
        on_board = any(e["owner"] == p and e["card"] == "K" for e in board.values())
        if add_kings and not on_board and "K" not in barrack[p] and "K" not in captured[opp(p)]:
            barrack[p] = sorted(barrack[p] + ["K"])

    # sanity: the position must be reachable in a real game
    for sq in board:
        assert re.fullmatch(r"[a-g][1-7]", sq), sq
        assert sq not in terrain["mountains"], f"card on mountain {sq}"
    for p in PLAYERS:
        owned = Counter(barrack[p]) + Counter(captured[opp(p)])
        owned += Counter(e["card"] for e in board.values() if e["owner"] == p)
        for code, n in owned.items():
            assert n <= POOL[code], f"{p} owns {n} x {code}"
        troops = sum(TROOPS[c] * n for c, n in owned.items())
        assert troops <= 100, f"{p} muster would cost {troops} troops"
        assert not Counter(resting[p]) - Counter(barrack[p]), f"resting {p} not in barrack"

    return {
        "terrain": {"high": sorted(terrain["high"]), "mountains": sorted(terrain["mountains"])},
        "board": dict(sorted(board.items())),
        "barrack": barrack,
        "resting": resting,
        "captured": captured,
        "decks": decks,
        "marker": marker,
        "to_move": to_move,
        "actions": actions,
        "passes": passes,
        "moved": moved,
        "result": copy.deepcopy(result),
    }


# --- small readers -------------------------------------------------------------------------

def at(pos: dict, sq: str):
    """The board entry on ``sq`` or None."""
    return pos["board"].get(sq)


def spec_at(pos: dict, sq: str):
    """The board entry on ``sq`` written back as a spec string (None when empty)."""
    e = pos["board"].get(sq)
    if e is None:
        return None
    flags = ("^" if e["up"] else "") + ("d" if e["posture"] == "defensive" else "") + (
        "s" if e["spent"] else "")
    return f"{e['owner']}:{e['card']}{flags}"


def board_specs(pos: dict) -> dict:
    return {sq: spec_at(pos, sq) for sq in pos["board"]}


def legal(pos: dict) -> set:
    return set(api.legal_actions(pos))


def go(pos: dict, action: str, **pulls) -> dict:
    """apply() with forced pulls given as keywords, e.g. ``go(pos, "c2xc3", A=1, D=0)``."""
    return api.apply(pos, action, pulls if pulls else None)


def fight(pos: dict, action: str, **pulls):
    """play() with forced pulls; returns (new position, the log entry's fight dict)."""
    new, (entry,) = api.play(pos, action, pulls if pulls else None)
    return new, entry["fight"]


def outcomes(pos: dict, action: str) -> dict:
    """pull_outcomes as {tuple(sorted(pull.items())): probability}, zero-probability rows dropped."""
    table = {}
    for pull, p in api.pull_outcomes(pos, action):
        if p > 0:
            key = tuple(sorted(pull.items()))
            table[key] = table.get(key, 0.0) + p
    return table


def owned_counter(pos: dict, player: str) -> Counter:
    """Every card of ``player`` that is still in the game or was captured from them."""
    c = Counter(pos["barrack"][player]) + Counter(pos["captured"][opp(player)])
    c += Counter(e["card"] for e in pos["board"].values() if e["owner"] == player)
    return c
