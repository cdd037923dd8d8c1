"""A drafted Battle of Gauntlet of Crowns in progress: the players, the two sealed armies and the
scouted slot, the actions played, each side's log as that side reads it, the computer's turns
through the shared AI worker, and the save payload with its all-or-nothing check.

The whole Battle is its seed, its armies, the scouted slot and its actions: every position is the
core's `api.play` of the actions in turn (a refused action leaves the position as it was and stays
in the record). A save holds exactly that; reading one checks both armies (`api.validate_army`),
builds the start with `api.new_position` and replays every action before the session takes
anything, so a damaged file changes nothing. The computer only ever gets its own `api.view` and
its own `log_view` history, never the position.
"""
from __future__ import annotations

import copy
from dataclasses import asdict

from PySide6.QtCore import QObject

from towers_core.checks import whole_number
from towers_core.errors import TowersError
from towers_core.gauntlet import api
from towers_core.gauntlet.units import SLOTS
from towers_qt.shell.players import Player
from towers_qt.shell.save_file import (
    SAVE_FORMAT,
    Damage,
    bounded_list,
    check_player,
    checked_save,
    core_check,
    fail,
    require_keys,
)
from towers_qt.shell.session import ReplayedSession
from towers_qt.shell.settings import LEVELS

GAME = "gauntlet"
SAVE_VERSION = 1
SIDES = api.SIDES  # ("C", "G"): Crimson opens, Gold moves second
KEYS = frozenset({"format", "game", "version", "seed", "players", "armies", "scout", "actions"})
MAX_ACTIONS = 5000  # Hunger ends every Battle soon after round 41
SEED_RANGE = (0, (1 << 64) - 1)
SCOUT_SLOTS = SLOTS[:8]  # the King and the seven unit types (§11)
DEFAULT_MS = 1000


def new_searcher():
    """The Gauntlet AI's background search (towers_core.gauntlet.ai.player.Searcher)."""
    from towers_core.gauntlet.ai.player import Searcher

    return Searcher()


def ai_seed(seed: int) -> int:
    """§17.3: the AI's stream in Player vs AI is label `ai|draft` under the battle seed."""
    return api.label_seed("ai|draft", seed)


def check_level(level: object, where: str) -> str:
    """A level the Gauntlet AI knows (the app's four, or the core's test levels when it is present)."""
    try:
        from towers_core.gauntlet.ai.levels import get_level
    except ImportError:
        if level in LEVELS:
            return level  # type: ignore[return-value]
        raise Damage(f"{where}: must be one of {', '.join(LEVELS)}") from None
    try:
        get_level(level)
    except TowersError as exc:
        raise Damage(f"{where}: {exc}") from exc
    return level  # type: ignore[return-value]


class GauntletSession(ReplayedSession):
    """The one owner of a Battle. Widgets read it and call `play`; nothing else changes it."""

    SIDES = SIDES

    def __init__(self, parent: QObject | None = None, time_ms: int | None = None) -> None:
        super().__init__(new_searcher, parent)
        self.players = {"C": Player("ai", "Computer"), "G": Player("human", "You")}
        self.seed = 0
        self.armies: dict[str, dict] = {}
        self.scout: str | None = None
        self.logs: list[dict[str, list[dict]]] = []  # per action: each side's log_view entries
        self.time_ms = time_ms

    # -- starting -------------------------------------------------------------------------------
    def new_battle(self, players: dict[str, Player], seed: int, armies: dict, scout: str | None) -> None:
        """Start the Battle of two sealed armies (each checked by the core) on `seed`'s field."""
        start = api.new_position(seed, armies, scout=scout)
        self._forget_search()
        self.players = {p: copy.copy(players[p]) for p in SIDES}
        self.seed, self.armies, self.scout = seed, copy.deepcopy(armies), scout
        self.positions, self.actions, self.logs = [start], [], []
        self.positionChanged.emit()

    # -- reading --------------------------------------------------------------------------------
    def view(self, side: str) -> dict:
        """What `side` sees of the Battle now (§16.2)."""
        return api.view(self.position, side)

    def entries(self, side: str) -> list[dict]:
        """The Battle log as `side` reads it (§16.4): every action's log_view, in order."""
        return [e for per_action in self.logs for e in per_action[side]]

    def legal_actions(self, side: str) -> list[str]:
        """What the human `side` may play now: listed on their own view (none while not theirs)."""
        if not self.human_to_move() or self.to_move != side:
            return []
        return api.legal_actions(self.view(side))

    def last_refused(self, side: str) -> bool:
        """The last action was `side`'s and something unseen refused it (§9)."""
        return bool(self.logs) and any("refused" in e for e in self.logs[-1][side] if e["side"] == side)

    # -- playing --------------------------------------------------------------------------------
    def play(self, action: str) -> dict:
        """Play `action` (or "resign") for the side to move; the core refuses an illegal one."""
        before = self.position
        after, _ = api.play(before, action)
        seen = {s: api.log_view(before, action, s) for s in SIDES}
        self.logs.append(seen)
        self._record(action, before, after)
        return after

    def undo_refusal(self) -> str | None:
        return "A Battle is not taken back: every action stands, as on the Hallowed Board."

    def can_undo(self) -> bool:
        return False

    # -- the computer ---------------------------------------------------------------------------
    def start_ai(self) -> bool:
        """Ask the computer for its action if it is to move; the answer is played when it comes."""
        if not self.ai_to_move() or self.ai.busy:
            return False
        side = self.to_move
        level = self.players[side].level
        args = (self.view(side), self.entries(side), level, ai_seed(self.seed), self.time_ms)
        self._ask("move", args, self.time_ms or _level_ms(level))
        return True

    def request_hint(self) -> bool:
        """Ask the Gauntlet AI what it would play for the human to move, from that side's own view and
        log only; the answer comes as hintReady. At the opponent's level in solo."""
        if not self.human_to_move() or self.ai.busy or self.result is not None:
            return False
        side = self.to_move
        level = next((p.level for p in self.players.values() if p.is_ai), self.players[side].level)
        args = (self.view(side), self.entries(side), level, api.label_seed("ai|hint", self.seed), self.time_ms)
        self._ask("hint", args, self.time_ms or _level_ms(level))
        return True

    # -- save / load ----------------------------------------------------------------------------
    def to_dict(self) -> dict:
        return {"format": SAVE_FORMAT, "game": GAME, "version": SAVE_VERSION, "seed": self.seed,
                "players": {p: asdict(self.players[p]) for p in SIDES}, "armies": copy.deepcopy(self.armies),
                "scout": self.scout, "actions": list(self.actions)}

    def state(self) -> dict:
        """This Battle as `restore` takes it."""
        return {"players": dict(self.players), "seed": self.seed, "armies": copy.deepcopy(self.armies),
                "scout": self.scout, "positions": list(self.positions), "actions": list(self.actions),
                "logs": list(self.logs)}

    def restore(self, state: dict) -> None:
        """Take over a checked state (from `check_state`) at once."""
        self._forget_search()
        self.players = dict(state["players"])
        self.seed, self.armies, self.scout = state["seed"], state["armies"], state["scout"]
        self.positions, self.actions = list(state["positions"]), list(state["actions"])
        self.logs = list(state["logs"])
        self.positionChanged.emit()


def _level_ms(level: str) -> int:
    try:
        from towers_core.gauntlet.ai.levels import get_level
    except ImportError:
        return DEFAULT_MS
    return get_level(level).time_ms or DEFAULT_MS


def check_state(data: dict, name: str = "This file") -> dict:
    """A Gauntlet save checked whole by the core (armies, start, every action replayed) and turned
    into a `restore` state; SaveError "This file is damaged: …" otherwise."""
    return checked_save(data, name, (SAVE_VERSION,), _checked)


def _checked(data: dict) -> dict:
    require_keys(data, "the save", KEYS)
    if data["game"] != GAME:
        fail("game", f"must be \"{GAME}\"")
    seed = whole_number(data["seed"], "seed", *SEED_RANGE, Damage)
    require_keys(data["players"], "players", frozenset(SIDES))
    players = {p: check_player(data["players"][p], f"players.{p}", check_level) for p in SIDES}
    require_keys(data["armies"], "armies", frozenset(SIDES))
    for side in SIDES:
        core_check(f"armies.{side}", api.validate_army, data["armies"][side])
    scout = data["scout"]
    if scout is not None and scout not in SCOUT_SLOTS:
        fail("scout", f"must be null or one of {' '.join(SCOUT_SLOTS)}")
    positions = [api.new_position(seed, data["armies"], scout=scout)]
    logs = []
    for i, action in enumerate(bounded_list(data["actions"], "actions", MAX_ACTIONS)):
        if not isinstance(action, str):
            fail(f"actions[{i}]", "must be an action such as \"Ki@d1+c1+e1\" or \"end\"")
        try:
            after, _ = api.play(positions[-1], action)
            logs.append({s: api.log_view(positions[-1], action, s) for s in SIDES})
        except TowersError as exc:
            raise Damage(f"actions[{i}] ({action[:16]!r}): {exc}") from exc
        positions.append(after)
    return {"players": players, "seed": seed, "armies": data["armies"], "scout": scout,
            "positions": positions, "actions": data["actions"], "logs": logs}

