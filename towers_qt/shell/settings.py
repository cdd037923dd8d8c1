"""Every persistent preference of the app, in one place.

All QSettings keys live here so no other module spells a key string, and every value comes back
typed with a sensible default: QSettings hands back strings from INI files and native stores alike,
so each getter converts (and falls back) itself.
"""
from __future__ import annotations

from collections.abc import Mapping
from enum import IntEnum
from typing import Any, Protocol

from PySide6.QtCore import QByteArray, QSettings

from towers_core.board import SIDE_NAMES
from towers_qt.shell.palette import SCHEMES

ORGANIZATION = "Towers"
APPLICATION = "Towers"

LEVELS: tuple[str, ...] = ("easy", "normal", "hard", "expert")
ORIENTATIONS: tuple[str, ...] = ("auto", "south", "north")
PALETTES: tuple[str, ...] = tuple(SCHEMES)  # "classic" first: the default
FIRST_CHOICES: tuple[str, ...] = ("you", "computer", "random")
MODES: tuple[str, ...] = ("computer", "hotseat")
PRESETS: tuple[str, ...] = ("balanced", "aggressive", "defensive")


class AnimationSpeed(IntEnum):
    """How fast moves animate; NONE skips animation entirely."""

    NONE = 0
    FAST = 1
    NORMAL = 2
    SLOW = 3


# Milliseconds per animated step at each speed (the board multiplies its own step counts).
ANIMATION_MS: dict[AnimationSpeed, int] = {
    AnimationSpeed.NONE: 0,
    AnimationSpeed.FAST: 120,
    AnimationSpeed.NORMAL: 260,
    AnimationSpeed.SLOW: 520,
}


FINISHED_KEPT = 1000   # finished games remembered (33 bytes each in the settings file)


class Key:
    """The QSettings key strings (grouped with '/' so the INI file reads well)."""

    LEVEL = "game/level"
    MODE = "game/mode"
    HUMAN_SIDE = "game/human_side"
    FIRST = "game/first"
    LAST_SEED = "game/last_seed"
    NAME_SOUTH = "players/south"
    NAME_NORTH = "players/north"
    NAME_HUMAN = "players/human"
    ANIMATION = "view/animation_speed"
    ORIENTATION = "view/orientation"
    PALETTE = "view/palette"
    SOUND = "view/sound"   # View ▸ Sound: "true" (the default) or "false"
    # A game's own keys are "<game>/welcomed" and "window/dock_state_<game>"; the first game kept
    # the two below from before there were others (its GameKind.legacy_keys names them).
    WELCOMED = "app/welcomed"
    GEOMETRY = "window/geometry"
    DOCK_STATE = "window/dock_state"
    LAST_GAME = "app/last_game"
    # Only a solo player's muster is remembered (a hot-seat muster is the other player's secret);
    # the keys were renamed when that rule came in, so musters stored before it are never shown.
    PRESET_SOUTH = "muster/solo_preset_south"
    PRESET_NORTH = "muster/solo_preset_north"
    MUSTER_SOUTH = "muster/solo_last_south"
    MUSTER_NORTH = "muster/solo_last_north"
    FINISHED = "games/finished"   # ids of games that ended here (their reviews show every card)
    # Game ▸ Statistics: "stats/<game>/<level>" = "wins,draws,losses" against the computer,
    # "stats/<game>/hotseat" = hot-seat games finished; STATS is the group a reset clears.
    STATS = "stats"
    RELAY = "online/relay"   # a transit relay's host:port for online play; empty: none
    RUN_TIME = "gauntlet/run_time"   # "<run seed>:<seconds>": the Gauntlet run's time played


class GameKeys(Protocol):
    """What the settings need of a game to name its own keys (shell.game.GameKind has both)."""
    key: str
    legacy_keys: Mapping[str, str]  # "welcomed" / "dock_state" -> the key kept from before


def make_qsettings() -> QSettings:
    """The app's QSettings (organization and application both "Towers")."""
    return QSettings(ORGANIZATION, APPLICATION)


def _to_int(value: Any, default: int) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def _choice(value: Any, allowed: tuple[str, ...], default: str) -> str:
    text = str(value) if value is not None else ""
    return text if text in allowed else default


def _side(side: str) -> str:
    if side not in SIDE_NAMES:
        raise ValueError(f"side must be 'S' or 'N', not {side!r}")
    return side


class Settings:
    """Typed access to the app's QSettings; pass a QSettings to redirect storage (tests)."""

    def __init__(self, store: QSettings | None = None) -> None:
        self.store = store if store is not None else make_qsettings()

    # -- plumbing -------------------------------------------------------------------------
    def _get(self, key: str, default: Any = None) -> Any:
        return self.store.value(key, default)

    def _set(self, key: str, value: Any) -> None:
        self.store.setValue(key, value)

    def sync(self) -> None:
        """Write pending changes to disk now (QSettings otherwise does it lazily)."""
        self.store.sync()

    # -- game -----------------------------------------------------------------------------
    def level(self) -> str:
        return _choice(self._get(Key.LEVEL), LEVELS, "normal")

    def set_level(self, level: str) -> None:
        self._set(Key.LEVEL, _choice(level, LEVELS, "normal"))

    def mode(self) -> str:
        return _choice(self._get(Key.MODE), MODES, "computer")

    def set_mode(self, mode: str) -> None:
        self._set(Key.MODE, _choice(mode, MODES, "computer"))

    def human_side(self) -> str:
        return _choice(self._get(Key.HUMAN_SIDE), ("S", "N"), "S")

    def set_human_side(self, side: str) -> None:
        self._set(Key.HUMAN_SIDE, _side(side))

    def first_choice(self) -> str:
        """Who moves first in a game against the computer: "you", "computer" or "random"."""
        return _choice(self._get(Key.FIRST), FIRST_CHOICES, "random")

    def set_first_choice(self, choice: str) -> None:
        self._set(Key.FIRST, _choice(choice, FIRST_CHOICES, "random"))

    def last_seed(self) -> int | None:
        value = self._get(Key.LAST_SEED)
        seed = _to_int(value, -1) if value not in (None, "") else -1
        return seed if seed >= 0 else None

    def set_last_seed(self, seed: int) -> None:
        # Stored as text: seeds may exceed 32 bits, which some QSettings back ends truncate.
        self._set(Key.LAST_SEED, str(int(seed)))

    def run_time(self, run_seed: str) -> int:
        """Seconds played in the Gauntlet run of this seed (0 for any other run)."""
        seed, _, seconds = str(self._get(Key.RUN_TIME, "") or "").partition(":")
        return _to_int(seconds, 0) if seed == run_seed else 0

    def set_run_time(self, run_seed: str, seconds: int) -> None:
        self._set(Key.RUN_TIME, f"{run_seed}:{max(0, int(seconds))}")

    # -- players --------------------------------------------------------------------------
    def player_name(self, side: str) -> str:
        key = Key.NAME_SOUTH if _side(side) == "S" else Key.NAME_NORTH
        default = SIDE_NAMES[_side(side)]
        return str(self._get(key, default) or default).strip() or default

    def set_player_name(self, side: str, name: str) -> None:
        key = Key.NAME_SOUTH if _side(side) == "S" else Key.NAME_NORTH
        self._set(key, name.strip())

    def player_names(self) -> dict[str, str]:
        """Hot-seat names by side: {"S": ..., "N": ...}."""
        return {"S": self.player_name("S"), "N": self.player_name("N")}

    def set_player_names(self, names: dict[str, str]) -> None:
        for side, name in names.items():
            self.set_player_name(side, name)

    def human_name(self) -> str:
        """The player's own name in games against the computer."""
        return str(self._get(Key.NAME_HUMAN, "You") or "You").strip() or "You"

    def set_human_name(self, name: str) -> None:
        self._set(Key.NAME_HUMAN, name.strip())

    # -- online ---------------------------------------------------------------------------
    def relay(self) -> str:
        """The transit relay's `host:port` for online play ("" when none is set)."""
        return str(self._get(Key.RELAY, "") or "").strip()

    def set_relay(self, relay: str) -> None:
        self._set(Key.RELAY, relay.strip())

    # -- view -----------------------------------------------------------------------------
    def animation_speed(self) -> AnimationSpeed:
        value = _to_int(self._get(Key.ANIMATION), AnimationSpeed.NORMAL)
        try:
            return AnimationSpeed(value)
        except ValueError:
            return AnimationSpeed.NORMAL

    def set_animation_speed(self, speed: int) -> None:
        self._set(Key.ANIMATION, int(AnimationSpeed(int(speed))))

    def animation_ms(self) -> int:
        """Milliseconds per animated step for the chosen speed (0 = do not animate)."""
        return ANIMATION_MS[self.animation_speed()]

    def palette(self) -> str:
        """The sides' colours: "classic" or "colour-blind"."""
        return _choice(self._get(Key.PALETTE), PALETTES, "classic")

    def set_palette(self, name: str) -> None:
        self._set(Key.PALETTE, _choice(name, PALETTES, "classic"))

    def sound_on(self) -> bool:
        """View ▸ Sound: on unless the player turned it off."""
        return str(self._get(Key.SOUND, "true")).lower() not in ("false", "0")

    def set_sound_on(self, on: bool) -> None:
        self._set(Key.SOUND, bool(on))

    def welcomed(self, game: GameKeys) -> bool:
        """Whether `game`'s first-start welcome has been shown (each game has its own)."""
        return str(self._get(_welcome_key(game), "false")).lower() in ("true", "1")

    def set_welcomed(self, game: GameKeys, done: bool = True) -> None:
        self._set(_welcome_key(game), bool(done))

    def orientation(self) -> str:
        """"auto" (the side to move sees its home row at the bottom), "south" or "north"."""
        return _choice(self._get(Key.ORIENTATION), ORIENTATIONS, "auto")

    def set_orientation(self, orientation: str) -> None:
        self._set(Key.ORIENTATION, _choice(orientation, ORIENTATIONS, "auto"))

    # -- window ---------------------------------------------------------------------------
    def window_geometry(self) -> QByteArray:
        """Bytes from QWidget.saveGeometry(); empty when never saved."""
        return _to_bytes(self._get(Key.GEOMETRY))

    def set_window_geometry(self, data: QByteArray | bytes) -> None:
        self._set(Key.GEOMETRY, QByteArray(data))

    def dock_state(self, game: GameKeys) -> QByteArray:
        """Bytes from QMainWindow.saveState() of `game`'s window; empty when never saved."""
        return _to_bytes(self._get(_dock_key(game)))

    def set_dock_state(self, data: QByteArray | bytes, game: GameKeys) -> None:
        self._set(_dock_key(game), QByteArray(data))

    def last_game(self, known: tuple[str, ...]) -> str:
        """The game last started, offered first in the game chooser: one of `known` (the registry's
        keys), else the first of them."""
        value = self._get(Key.LAST_GAME)
        return value if value in known else known[0]

    def set_last_game(self, game: str) -> None:
        self._set(Key.LAST_GAME, game)

    # -- muster ---------------------------------------------------------------------------
    def muster_preset(self, side: str = "S") -> str | None:
        """The preset last picked in the muster dialog for this side, if any."""
        key = Key.PRESET_SOUTH if _side(side) == "S" else Key.PRESET_NORTH
        value = self._get(key)
        return str(value) if value in PRESETS else None

    def set_muster_preset(self, side: str, preset: str | None) -> None:
        key = Key.PRESET_SOUTH if _side(side) == "S" else Key.PRESET_NORTH
        self._set(key, preset if preset in PRESETS else "")

    def last_muster(self, side: str = "S") -> list[str] | None:
        """The card codes last mustered for this side (None when never saved)."""
        key = Key.MUSTER_SOUTH if _side(side) == "S" else Key.MUSTER_NORTH
        value = self._get(key)
        if value is None:
            return None
        # Stored as one comma-joined string: QSettings turns 1-item lists into bare strings.
        return [code for code in str(value).split(",") if code]

    def set_last_muster(self, side: str, cards: list[str]) -> None:
        key = Key.MUSTER_SOUTH if _side(side) == "S" else Key.MUSTER_NORTH
        self._set(key, ",".join(cards))

    def finished_games(self) -> list[str]:
        """The ids of the last FINISHED_KEPT games that ended in this app, newest last."""
        return [g for g in str(self._get(Key.FINISHED) or "").split(",") if g]

    def record(self, game: str) -> dict[str, list[int]]:
        """`game`'s record against the computer: level -> [wins, draws, losses] (every level of
        LEVELS, zeros where none was played)."""
        out = {}
        for level in LEVELS:
            parts = str(self._get(f"{Key.STATS}/{game}/{level}") or "").split(",")
            counts = [max(0, _to_int(v, 0)) for v in parts] if len(parts) == len(OUTCOMES) else []
            out[level] = counts or [0] * len(OUTCOMES)
        return out

    def hotseat_games(self, game: str) -> int:
        """How many hot-seat games of `game` were played to the end."""
        return max(0, _to_int(self._get(f"{Key.STATS}/{game}/hotseat"), 0))

    def add_result(self, game: str, level: str | None, outcome: str | None = None) -> None:
        """Count one finished game: against the computer at `level` with the human's `outcome`
        ("win", "draw" or "loss"), or a hot-seat game (level None)."""
        if level is None:
            self._set(f"{Key.STATS}/{game}/hotseat", self.hotseat_games(game) + 1)
            return
        counts = self.record(game).get(level)
        if counts is None or outcome not in OUTCOMES:
            return  # a level or outcome the statistics do not keep
        counts[OUTCOMES.index(outcome)] += 1
        self._set(f"{Key.STATS}/{game}/{level}", ",".join(map(str, counts)))

    def reset_statistics(self) -> None:
        """Forget every game's record."""
        self.store.remove(Key.STATS)

    def add_finished_game(self, game_id: str) -> None:
        """Remember that a game ended: an earlier save of it is then not played on (its review has
        shown every hidden card)."""
        kept = [g for g in self.finished_games() if g != game_id] + [game_id]
        self._set(Key.FINISHED, ",".join(kept[-FINISHED_KEPT:]))


OUTCOMES: tuple[str, ...] = ("win", "draw", "loss")


def _to_bytes(value: Any) -> QByteArray:
    if isinstance(value, QByteArray):
        return value
    if isinstance(value, (bytes, bytearray)):
        return QByteArray(bytes(value))
    return QByteArray()


def _dock_key(game: GameKeys) -> str:
    """Each game's docks differ, so each keeps its own layout (under its legacy key if it has one)."""
    return game.legacy_keys.get("dock_state", f"{Key.DOCK_STATE}_{game.key}")


def _welcome_key(game: GameKeys) -> str:
    """A game with a legacy key keeps it, so a player welcomed before is not welcomed again."""
    return game.legacy_keys.get("welcomed", f"{game.key}/welcomed")
