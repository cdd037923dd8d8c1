"""Skirmish save files: checked all-or-nothing before the session takes any of it.

The position, the log, both AI histories and the undo data go through the core's validators
(`api.validate*`), the rest (players, viewer, seen cards, remembered pulls) is checked here, and
then how the parts fit together (every history as long as the log and ending in its player's view
of the position, each undo point on the way to it). A file that fails raises `SaveError` with one
plain sentence ("This file is damaged: …") and the game in progress is untouched. Version 1 files
(no undo data) and version 2 files (no game id) still load. Reading, writing and the checks every
game uses are in shell/save_file.
"""
from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

from towers_core.board import PLAYERS
from towers_core.checks import SEED_MAX, SEED_MIN, whole_number
from towers_core.skirmish import api
from towers_qt.shell.save_file import (
    MAX_LOG,
    SAVE_FORMAT,
    Damage,
    SaveError,
    bounded_list,
    core_check,
    damaged,
    fail,
    read_json,
    require_keys,
    save_version,
)
from towers_qt.shell.settings import LEVELS

GAME = "skirmish"
SAVE_VERSION = 3
KEYS_V1 = frozenset({"format", "version", "seed", "players", "position", "log", "histories", "seen",
                     "pulls", "viewer"})
KEYS = {1: KEYS_V1, 2: KEYS_V1 | {"undo"}, 3: KEYS_V1 | {"undo", "id"}}
GAME_ID = re.compile(r"[0-9a-f]{32}")   # Session.game_id: which game a save belongs to
PLAYER_KEYS = frozenset({"kind", "name", "level"})
SNAPSHOT_KEYS = frozenset({"position", "log", "histories"})
MAX_NAME = 40
PULL_KEY = re.compile(r"[0-9a-f]{40}")

__all__ = ["GAME", "SAVE_FORMAT", "SAVE_VERSION", "PLAYERS", "SaveError", "check_state", "read_save"]


def read_save(path: str | Path) -> dict:
    """Parse and check a Skirmish save file fully; the result is ready for `Session.restore`."""
    data = read_json(path)
    if data.get("game", GAME) != GAME:
        raise SaveError(f"{Path(path).name} is a game of {str(data.get('game'))[:20]}, not Skirmish.")
    return check_state(data)


def check_state(data: dict, name: str = "This file") -> dict:
    """The save dict checked and converted for `Session.restore`; SaveError if anything is off."""
    version = save_version(data, name, KEYS)
    try:
        data = copy.deepcopy(data)
        if data.pop("game", GAME) != GAME:  # saves from before the game choice have no "game" key
            fail("game", "must be \"skirmish\"")
        return _checked(data, version)
    except Exception as exc:  # a check that tripped over garbage too: the file's fault, not a crash
        raise damaged(name, exc) from exc


def _checked(data: dict, version: int) -> dict:
    require_keys(data, "the save", KEYS[version])
    seed = whole_number(data["seed"], "seed", SEED_MIN, SEED_MAX, Damage)
    require_keys(data["players"], "players", frozenset(PLAYERS))
    players = {p: _player(data["players"][p], p) for p in PLAYERS}
    position = data["position"]
    core_check("position", api.validate, position)
    log = _log(data["log"])
    histories = _histories(data["histories"], log, position)
    viewer = _viewer(data["viewer"], players)
    undo = _undo(data.get("undo", []), log, histories, position)
    state = {"players": players, "seed": seed, "position": position, "log": log,
             "histories": histories, "seen": _seen(data["seen"], position), "pulls": _pulls(data["pulls"]),
             "viewer": viewer, "undo": undo, "id": _game_id(data.get("id"))}
    _computer_can_move(state)
    return state


# -- the parts ----------------------------------------------------------------------------------
def _game_id(value: Any) -> str | None:
    """The game's id (version 3 on; None for older saves, which get a new one when loaded)."""
    if value is not None and (not isinstance(value, str) or not GAME_ID.fullmatch(value)):
        fail("id", "must be 32 lower-case hex digits")
    return value


def _player(value: Any, side: str):
    from towers_qt.shell.players import Player

    where = f"players.{side}"
    require_keys(value, where, PLAYER_KEYS)
    if value["kind"] not in ("human", "ai"):
        fail(f"{where}.kind", f"must be \"human\" or \"ai\", not {value['kind']!r}"[:200])
    if not isinstance(value["name"], str) or len(value["name"]) > MAX_NAME or not value["name"].isprintable():
        fail(f"{where}.name", f"must be a printable name of at most {MAX_NAME} characters")
    if value["level"] not in LEVELS:
        fail(f"{where}.level", f"must be one of {', '.join(LEVELS)}")
    return Player(value["kind"], value["name"], value["level"])


def _log(value: Any) -> list[dict]:
    for i, entry in enumerate(bounded_list(value, "log")):
        core_check(f"log[{i}]", api.validate_entry, entry)
    return value


def _histories(value: Any, log: list[dict], position: dict) -> dict[str, list]:
    """Each player's AI history: valid, one item per log entry, ending in their view of now."""
    require_keys(value, "histories", frozenset(PLAYERS))
    for p in PLAYERS:
        history = value[p]
        core_check(f"histories.{p}", api.validate_history, history, p)
        if len(history) != len(log):
            fail(f"histories.{p}", f"has {len(history)} items for {len(log)} log entries")
        for i, (item, entry) in enumerate(zip(history, log)):
            if item["action"] != api.entry_view(entry, p)["action"]:
                fail(f"histories.{p}[{i}].action", "does not match the log")
        if history and history[-1]["view"] != api.view(position, p):
            fail(f"histories.{p}", "does not end in the position")
    return value


def _viewer(value: Any, players: dict) -> str:
    if value not in PLAYERS:
        fail("viewer", "must be \"S\" or \"N\"")
    humans = [p for p in PLAYERS if players[p].kind == "human"]
    if len(humans) == 1 and value != humans[0]:
        fail("viewer", "must be the human player against the computer")
    return value


def _seen(value: Any, position: dict) -> dict[str, dict[str, str]]:
    """Enemy cards a player saw and took back: each must be that face-down card, where it is."""
    require_keys(value, "seen", frozenset(PLAYERS))
    board = position["board"]
    for p in PLAYERS:
        if not isinstance(value[p], dict):
            fail(f"seen.{p}", "must be an object of squares")
        for square, code in value[p].items():
            cell = board.get(square)
            if not cell or cell["owner"] == p or cell["up"] or cell["card"] != code:
                fail(f"seen.{p}.{square}"[:60], "is not a face-down enemy card that was seen")
    return value


def _pulls(value: Any) -> dict:
    """Remembered fight pulls, keyed by session.position_key: None or {"A"/"D": -1|0|1}."""
    if not isinstance(value, dict) or len(value) > MAX_LOG:
        fail("pulls", f"must be an object of at most {MAX_LOG} entries")
    for key, pulls in value.items():
        if not PULL_KEY.fullmatch(key):
            fail("pulls", f"has a bad key {key[:50]!r}")
        if pulls is None:
            continue
        if not isinstance(pulls, dict) or not set(pulls) <= {"A", "D"} or \
                any(type(v) is not int or v not in (-1, 0, 1) for v in pulls.values()):
            fail(f"pulls.{key[:8]}…", "must be null or pulls of -1, 0 or 1")
    return value


def _undo(value: Any, log: list[dict], histories: dict, position: dict) -> list[dict]:
    """Undo points: positions before the human's moves, each on the way to the saved position."""
    last = -1
    for i, snap in enumerate(bounded_list(value, "undo")):
        where = f"undo[{i}]"
        require_keys(snap, where, SNAPSHOT_KEYS)
        core_check(f"{where}.position", api.validate, snap["position"])
        at = whole_number(snap["log"], f"{where}.log", last + 1, len(log) - 1, Damage)
        require_keys(snap["histories"], f"{where}.histories", frozenset(PLAYERS))
        if any(snap["histories"][p] != at for p in PLAYERS):
            fail(f"{where}.histories", "must match its log length")
        if snap["position"]["actions"] + len(log) - at != position["actions"]:
            fail(where, "is not a position of this game")
        if log[at]["player"] != snap["position"]["to_move"]:
            fail(where, "is not before a move of the player to move")
        if at and any(histories[p][at - 1]["view"] != api.view(snap["position"], p) for p in PLAYERS):
            fail(where, "does not match the histories")
        last = at
    return value


def _computer_can_move(state: dict) -> None:
    """A saved game whose computer is to move must give it something it can answer from."""
    position = state["position"]
    if position["result"] is not None:
        return
    mover = position["to_move"]
    view = api.view(position, mover)
    core_check("position", api.legal_actions, view)
    player = state["players"][mover]
    if player.is_ai:  # a one-millisecond search: the computer can read its view and history
        core_check(f"histories.{mover}", api.choose_action, view, state["histories"][mover], player.level, 0, 1)
