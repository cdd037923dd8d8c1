"""Save files: written atomically, read all-or-nothing.

A save is checked completely before the session takes any of it: the position, the log, both AI
histories and the undo data through the core's validators (`api.validate*`), the rest (players,
viewer, seen cards, remembered pulls) here, and then how the parts fit together (every history as
long as the log and ending in its player's view of the position, each undo point on the way to
it). A file that fails raises `SaveError` with one plain sentence ("This file is damaged: …") and
the game in progress is untouched. Version 1 files (no undo data) still load.
"""
from __future__ import annotations

import copy
import json
import os
import re
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

from towers_core.errors import TowersError
from towers_core.skirmish import api

from .settings import LEVELS

SAVE_FORMAT = "towers-save"
SAVE_VERSION = 2
SIDES = ("S", "N")
KEYS_V1 = frozenset({"format", "version", "seed", "players", "position", "log", "histories", "seen",
                     "pulls", "viewer"})
KEYS = {1: KEYS_V1, 2: KEYS_V1 | {"undo"}}
PLAYER_KEYS = frozenset({"kind", "name", "level"})
SNAPSHOT_KEYS = frozenset({"position", "log", "histories"})
MAX_NAME = 40
MAX_LOG = 10_000  # a position counts at most 10**4 actions
MAX_BYTES = 64 << 20  # a 400-action game with its histories and undo points is a few megabytes
SEED_RANGE = (-(1 << 63), (1 << 64) - 1)
PULL_KEY = re.compile(r"[0-9a-f]{40}")


class SaveError(ValueError):
    """A save file that cannot be loaded; the message says why in plain words."""


class _Damage(ValueError):
    """One broken field, caught and worded as SaveError by `check_state`."""


def write_atomic(path: str | Path, data: dict) -> None:
    """Write JSON to a temp file beside `path`, flush it to disk, then os.replace: a crash or a
    full disk leaves the old file whole, never half a new one."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".towers-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(data, handle, indent=1)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def read_save(path: str | Path) -> dict:
    """Parse and check a save file fully; the result is ready for `Session.restore`."""
    name = Path(path).name
    try:
        too_big = Path(path).stat().st_size > MAX_BYTES
        data = None if too_big else json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise SaveError(f"Cannot read {path}: {exc.strerror or exc}.") from exc
    except (ValueError, RecursionError) as exc:  # not UTF-8, not JSON, a number too long to read
        raise SaveError(f"{name} is not a Towers save file (not valid JSON: {str(exc)[:120]}).") from exc
    if too_big:
        raise SaveError(f"{name} is not a Towers save file (far too large).")
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(f"{name} is not a Towers save file.")
    return check_state(data)


def check_state(data: dict, name: str = "This file") -> dict:
    """The save dict checked and converted for `Session.restore`; SaveError if anything is off."""
    version = data.get("version") if isinstance(data, dict) else None
    if type(version) is not int or version not in KEYS:
        raise SaveError(f"{name} has an unsupported save version {version!r}: it was written by "
                        f"another version of Towers.")
    try:
        return _checked(copy.deepcopy(data), version)
    except (_Damage, TowersError) as exc:
        raise SaveError(f"{name} is damaged: {exc}") from exc
    except RecursionError as exc:
        raise SaveError(f"{name} is damaged: it is nested too deeply.") from exc
    except Exception as exc:  # a check that tripped over garbage: still the file's fault, not a crash
        raise SaveError(f"{name} is damaged ({type(exc).__name__}: {exc}).") from exc


def _checked(data: dict, version: int) -> dict:
    _keys(data, "the save", KEYS[version])
    seed = _whole(data["seed"], "seed", *SEED_RANGE)
    _keys(data["players"], "players", frozenset(SIDES))
    players = {p: _player(data["players"][p], p) for p in SIDES}
    position = data["position"]
    _field("position", api.validate, position)
    log = _log(data["log"])
    histories = _histories(data["histories"], log, position)
    viewer = _viewer(data["viewer"], players)
    undo = _undo(data.get("undo", []), log, histories, position)
    state = {"players": players, "seed": seed, "position": position, "log": log,
             "histories": histories, "seen": _seen(data["seen"], position), "pulls": _pulls(data["pulls"]),
             "viewer": viewer, "undo": undo}
    _computer_can_move(state)
    return state


# -- small checks -------------------------------------------------------------------------------
def _fail(where: str, why: str) -> NoReturn:
    raise _Damage(f"{where} {why}")


def _keys(value: Any, where: str, required: frozenset) -> None:
    if not isinstance(value, dict):
        _fail(where, f"must be an object with {', '.join(sorted(required))}")
    missing, extra = sorted(required - set(value)), sorted(map(str, set(value) - required))
    if missing:
        _fail(where, f"lacks {', '.join(missing)}")
    if extra:
        _fail(where, f"has unknown entries: {', '.join(extra)[:200]}")


def _whole(value: Any, where: str, lo: int, hi: int) -> int:
    if type(value) is not int or not lo <= value <= hi:
        _fail(where, f"must be a whole number from {lo} to {hi}")
    return value


def _field(where: str, check: Callable, *args: Any) -> None:
    """Run a core validator, naming the save's field in its message."""
    try:
        check(*args)
    except TowersError as exc:
        raise _Damage(f"{where}: {exc}") from exc


def _list(value: Any, where: str, limit: int = MAX_LOG) -> list:
    if not isinstance(value, list) or len(value) > limit:
        _fail(where, f"must be a list of at most {limit} items")
    return value


# -- the parts ----------------------------------------------------------------------------------
def _player(value: Any, side: str):
    from .session import Player

    where = f"players.{side}"
    _keys(value, where, PLAYER_KEYS)
    if value["kind"] not in ("human", "ai"):
        _fail(f"{where}.kind", f"must be \"human\" or \"ai\", not {value['kind']!r}"[:200])
    if not isinstance(value["name"], str) or len(value["name"]) > MAX_NAME or not value["name"].isprintable():
        _fail(f"{where}.name", f"must be a printable name of at most {MAX_NAME} characters")
    if value["level"] not in LEVELS:
        _fail(f"{where}.level", f"must be one of {', '.join(LEVELS)}")
    return Player(value["kind"], value["name"], value["level"])


def _log(value: Any) -> list[dict]:
    for i, entry in enumerate(_list(value, "log")):
        _field(f"log[{i}]", api.validate_entry, entry)
    return value


def _histories(value: Any, log: list[dict], position: dict) -> dict[str, list]:
    """Each player's AI history: valid, one item per log entry, ending in their view of now."""
    _keys(value, "histories", frozenset(SIDES))
    for p in SIDES:
        history = value[p]
        _field(f"histories.{p}", api.validate_history, history, p)
        if len(history) != len(log):
            _fail(f"histories.{p}", f"has {len(history)} items for {len(log)} log entries")
        for i, (item, entry) in enumerate(zip(history, log)):
            if item["action"] != api.entry_view(entry, p)["action"]:
                _fail(f"histories.{p}[{i}].action", "does not match the log")
        if history and history[-1]["view"] != api.view(position, p):
            _fail(f"histories.{p}", "does not end in the position")
    return value


def _viewer(value: Any, players: dict) -> str:
    if value not in SIDES:
        _fail("viewer", "must be \"S\" or \"N\"")
    humans = [p for p in SIDES if players[p].kind == "human"]
    if len(humans) == 1 and value != humans[0]:
        _fail("viewer", "must be the human player against the computer")
    return value


def _seen(value: Any, position: dict) -> dict[str, dict[str, str]]:
    """Enemy cards a player saw and took back: each must be that face-down card, where it is."""
    _keys(value, "seen", frozenset(SIDES))
    board = position["board"]
    for p in SIDES:
        if not isinstance(value[p], dict):
            _fail(f"seen.{p}", "must be an object of squares")
        for square, code in value[p].items():
            cell = board.get(square)
            if not cell or cell["owner"] == p or cell["up"] or cell["card"] != code:
                _fail(f"seen.{p}.{square}"[:60], "is not a face-down enemy card that was seen")
    return value


def _pulls(value: Any) -> dict:
    """Remembered fight pulls, keyed by session.position_key: None or {"A"/"D": -1|0|1}."""
    if not isinstance(value, dict) or len(value) > MAX_LOG:
        _fail("pulls", f"must be an object of at most {MAX_LOG} entries")
    for key, pulls in value.items():
        if not PULL_KEY.fullmatch(key):
            _fail("pulls", f"has a bad key {key[:50]!r}")
        if pulls is None:
            continue
        if not isinstance(pulls, dict) or not set(pulls) <= {"A", "D"} or \
                any(type(v) is not int or v not in (-1, 0, 1) for v in pulls.values()):
            _fail(f"pulls.{key[:8]}…", "must be null or pulls of -1, 0 or 1")
    return value


def _undo(value: Any, log: list[dict], histories: dict, position: dict) -> list[dict]:
    """Undo points: positions before the human's moves, each on the way to the saved position."""
    last = -1
    for i, snap in enumerate(_list(value, "undo")):
        where = f"undo[{i}]"
        _keys(snap, where, SNAPSHOT_KEYS)
        _field(f"{where}.position", api.validate, snap["position"])
        at = _whole(snap["log"], f"{where}.log", last + 1, len(log) - 1)
        _keys(snap["histories"], f"{where}.histories", frozenset(SIDES))
        if any(snap["histories"][p] != at for p in SIDES):
            _fail(f"{where}.histories", "must match its log length")
        if snap["position"]["actions"] + len(log) - at != position["actions"]:
            _fail(where, "is not a position of this game")
        if log[at]["player"] != snap["position"]["to_move"]:
            _fail(where, "is not before a move of the player to move")
        if at and any(histories[p][at - 1]["view"] != api.view(snap["position"], p) for p in SIDES):
            _fail(where, "does not match the histories")
        last = at
    return value


def _computer_can_move(state: dict) -> None:
    """A saved game whose computer is to move must give it something it can answer from."""
    position = state["position"]
    if position["result"] is not None:
        return
    mover = position["to_move"]
    view = api.view(position, mover)
    _field("position", api.legal_actions, view)
    player = state["players"][mover]
    if player.is_ai:  # a one-millisecond search: the computer can read its view and history
        _field(f"histories.{mover}", api.choose_action, view, state["histories"][mover], player.level, 0, 1)
