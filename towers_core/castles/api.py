"""The JSON API of Castles (docs/rules/castles.md): what outside checkers and the app call.

Positions are dicts as in §8 and are never mutated; every bad input raises a TowersError subclass
whose message names the field.
"""

from __future__ import annotations

import copy

from towers_core.castles import notation, position
from towers_core.board import SQUARE_INDEX, SQUARES
from towers_core.castles.notation import CASTLES, PLAYERS, RESIGN
from towers_core.errors import BadPosition, IllegalAction, brief

SIDES = PLAYERS


def new_position() -> dict:
    """The start position (§2): S to move, ply 0."""
    return position.start()


def validate(pos: dict) -> None:
    """Raise BadPosition (naming the field) unless `pos` is a valid position."""
    position.validate(pos)


def legal_actions(pos: dict) -> list[str]:
    """The legal actions of the player to move, sorted, without `resign` ([] once the game is over)."""
    e = position.to_engine(pos)
    return sorted(notation.format_action(m) for m in e.legal())


def _play(pos: dict, action: object):
    """The engine after `action` (checked), for apply and preview."""
    e = position.to_engine(pos)
    if e.over():
        raise IllegalAction("the game is over: no action is accepted")
    if action == RESIGN and isinstance(action, str):
        e.resign()
        return e
    mv = notation.parse_action(action)
    if not e.is_legal(mv):
        raise IllegalAction(f"action {action!r} is not legal for {pos['to_move']} here")
    e.play(mv)
    return e


def apply(pos: dict, action: str) -> dict:
    """The position after `action` (a legal move or `resign`); `pos` is left unchanged."""
    return position.from_engine(_play(pos, action))


def play(pos: dict, action: str) -> tuple[dict, list[dict]]:
    """The position after `action` and its one log entry: who played it, the action, the ply it
    was played at (the Moves list's slot) and the result it brought (None while the game goes on)."""
    after = apply(pos, action)
    return after, [{"player": pos["to_move"], "action": action, "ply": pos["ply"],
                    "result": copy.deepcopy(after["result"])}]


def view(pos: dict, side: str) -> dict:
    """What `side` sees: everything (Castles hides nothing), as a validated copy."""
    _check_side(side)
    validate(pos)
    return copy.deepcopy(pos)


def _check_side(side: object) -> None:
    if not isinstance(side, str) or side not in SIDES:
        raise BadPosition(f"side must be 'S' or 'N', not {brief(side)}")


def to_move(pos: dict) -> str | None:
    """The side to move, or None once the game is over."""
    validate(pos)
    return pos["to_move"] if pos["result"] is None else None


def result(pos: dict) -> dict | None:
    """The result ({"winner", "reason"}, a copy), or None while the game goes on."""
    validate(pos)
    return copy.deepcopy(pos["result"])


def history_items(before: dict, action: str, after: dict, entries: list[dict], side: str) -> list[str]:
    """What `side`'s AI history gains from `action`: the action itself (nothing is hidden)."""
    _check_side(side)
    if not (isinstance(action, str) and action == RESIGN):
        notation.parse_action(action)
    return [action]


def mobility(pos: dict) -> dict:
    """The ⇆ count of §6 for each player: their legal moves on this board if it were their turn."""
    e = position.to_engine(pos)
    return {p: e.mobility(i) for i, p in enumerate(PLAYERS)}


def preview(pos: dict, action: str) -> dict:
    """What `action` would do, for the app's action bar (one computation of the rules: the engine's).

    Keys: `action`, `kind` (build/push/resign), `from` (the square, or None), `gains`
    ({square: piece that lands there}), `stays` (the tower left on the origin), `castles`
    ({castle: {"from": player|None, "to": player|None}} for castles that change hands),
    `crowns` (castles newly crowned, with their player), `result` and `position` (after the action).
    """
    after = apply(pos, action)
    if action == RESIGN:
        return {"action": action, "kind": "resign", "from": None, "gains": {}, "stays": None,
                "castles": {}, "crowns": {}, "result": after["result"], "position": after}
    mv = notation.parse_action(action)
    origin = SQUARES[mv // 5]
    before = pos["board"]
    gains = {}
    for sq in SQUARES:
        old, new = before.get(sq, ""), after["board"].get(sq, "")
        if sq != origin and new != old:
            gains[sq] = new[len(old):]
    changed = {}
    crowns = {}
    for c in CASTLES:
        was, now = _controller(before[c]), _controller(after["board"][c])
        if was != now:
            changed[c] = {"from": was, "to": now}
        if len(after["board"][c]) == 5 and len(before[c]) < 5:
            crowns[c] = now
    kind = "build" if action[2] == "+" else "push"
    if kind == "build":
        gains = {origin: after["board"][origin][-1]}
    return {"action": action, "kind": kind, "from": origin, "gains": gains,
            "stays": after["board"].get(origin, "") if kind == "push" else after["board"][origin],
            "castles": changed, "crowns": crowns, "result": after["result"], "position": after}


def _controller(tower: str) -> str | None:
    return tower[-1] if tower and tower[-1] in PLAYERS else None


def choose_action(view: dict, history: list[str], level: str, seed: int, time_ms: int | None = None) -> str:
    """The AI's action for the player to move at `level` (easy/normal/hard/expert, random, greedy,
    depth:N, nodes:N); `history` is the actions played since the game's start position
    (checked, each a well-formed action). The same inputs and seed give the same action."""
    from towers_core.castles.ai.player import choose_action as _choose

    return _choose(view, history, level, seed, time_ms)


__all__ = [
    "SIDES",
    "SQUARE_INDEX",
    "apply",
    "choose_action",
    "history_items",
    "legal_actions",
    "mobility",
    "new_position",
    "play",
    "preview",
    "readings",
    "result",
    "to_move",
    "validate",
    "view",
]


def readings(pos: dict) -> dict:
    """Who holds each castle and which are crowned (§6), for display. Keys: `holders` ({castle:
    "S" | "N" | None}), `crowned` (the crowned castles, in CASTLES order), `castles` and `crowns`
    ({"S": n, "N": n}: castles held, crowned ones included, and crowns). Raises BadPosition."""
    from towers_core.castles.readings import board_readings

    position.validate(pos)
    return board_readings(pos["board"])
