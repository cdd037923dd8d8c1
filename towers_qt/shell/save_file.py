"""Save files of every game: written atomically, read as JSON all-or-nothing.

`write_atomic` never leaves half a file; `read_json` refuses anything that is not a Towers save
(too large, not JSON, no "format") with a plain SaveError; the "game" key says which game's
`check_state` takes it from there (a save without one is the registry's first game's, which came
before the others).
The small checks below word every broken field the same way for all games.
"""
from __future__ import annotations

import copy
import json
import os
import tempfile
from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any, NoReturn

from towers_core.errors import TowersError
from towers_qt.games import DEFAULT
from towers_qt.shell.players import Player

SAVE_FORMAT = "towers-save"
FILTER = "Towers games (*.towers.json *.json);;All files (*)"  # the file dialogs' filter
MAX_LOG = 10_000  # a position counts at most 10**4 actions
PLAYER_KEYS = frozenset({"kind", "name", "level"})
MAX_NAME = 40
MAX_BYTES = 64 << 20  # a 400-action game with its histories and undo points is a few megabytes


class SaveError(ValueError):
    """A save file that cannot be loaded; the message says why in plain words."""


class Damage(ValueError):
    """One broken field, caught and worded as SaveError by the game's check."""


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


def read_json(path: str | Path) -> dict:
    """The save's JSON object, or SaveError if it is not a Towers save file at all."""
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
    return data


def game_of(data: dict) -> str:
    """Which game a save holds (a save without the key is the first game's: towers_qt.games.DEFAULT)."""
    game = data.get("game", DEFAULT)
    return game if isinstance(game, str) else "?"


def save_version(data: Any, name: str, versions: Collection[int]) -> int:
    """The save's version if this Towers reads it; a file from another version is refused before
    any check, in the same words for every game."""
    version = data.get("version") if isinstance(data, dict) else None
    if type(version) is not int or version not in versions:
        raise SaveError(f"{name} has an unsupported save version {version!r}: it was written by "
                        f"another version of Towers.")
    return version


def damaged(name: str, exc: Exception) -> SaveError:
    """What a game's check raised, as the player's SaveError "<name> is damaged: …" (every game
    words a broken field, a core refusal and data nested too deeply alike)."""
    if isinstance(exc, (Damage, TowersError)):
        return SaveError(f"{name} is damaged: {exc}")
    if isinstance(exc, RecursionError):
        return SaveError(f"{name} is damaged: it is nested too deeply.")
    return SaveError(f"{name} is damaged ({type(exc).__name__}: {exc}).")


def checked_save(data: dict, name: str, versions: Collection[int], check: Callable[[dict], dict]) -> dict:
    """`check` run on a copy of a save of a known version; whatever it refuses (or trips over) is the
    player's SaveError "<name> is damaged: …"."""
    save_version(data, name, versions)
    try:
        return check(copy.deepcopy(data))
    except (Damage, TowersError, RecursionError) as exc:
        raise damaged(name, exc) from exc


# -- small checks -------------------------------------------------------------------------------
def fail(where: str, why: str) -> NoReturn:
    """Stop the check: the field at `where` is broken, and why."""
    raise Damage(f"{where} {why}")


def require_keys(value: Any, where: str, required: frozenset) -> None:
    """`value` must be an object with exactly the `required` keys (a missing or unknown one is named)."""
    if not isinstance(value, dict):
        fail(where, f"must be an object with {', '.join(sorted(required))}")
    missing, extra = sorted(required - set(value)), sorted(map(str, set(value) - required))
    if missing:
        fail(where, f"lacks {', '.join(missing)}")
    if extra:
        fail(where, f"has unknown entries: {', '.join(extra)[:200]}")


def core_check(where: str, check: Callable, *args: Any) -> None:
    """Run a core validator, naming the save's field in its message."""
    try:
        check(*args)
    except TowersError as exc:
        raise Damage(f"{where}: {exc}") from exc


def bounded_list(value: Any, where: str, limit: int = MAX_LOG) -> list:
    """`value` if it is a list of at most `limit` items (so a huge file cannot make the check slow)."""
    if not isinstance(value, list) or len(value) > limit:
        fail(where, f"must be a list of at most {limit} items")
    return value


def check_player(value: Any, where: str, check_level: Callable[[Any, str], str]) -> Player:
    """A saved player: "human" or "ai", a printable name, and a level `check_level` accepts (it is
    given the level and its field's name)."""
    require_keys(value, where, PLAYER_KEYS)
    if value["kind"] not in ("human", "ai"):
        fail(f"{where}.kind", "must be \"human\" or \"ai\"")
    name = value["name"]
    if not isinstance(name, str) or len(name) > MAX_NAME or not name.isprintable():
        fail(f"{where}.name", f"must be a printable name of at most {MAX_NAME} characters")
    return Player(value["kind"], name, check_level(value["level"], f"{where}.level"))
