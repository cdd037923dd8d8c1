"""A Castles game in progress: players, the start position, the actions played, undo, the computer's
turns through the shared AI worker, and the save payload with its all-or-nothing check.

Castles hides nothing, so the whole game is its start position and its actions: every position is
the core's `api.apply` of the actions in turn. A save holds exactly that; reading one validates the
start with `api.validate` and replays every action with `api.apply` (the core refuses any illegal
one) before the session takes anything, so a damaged file changes nothing.
"""
from __future__ import annotations

import copy
import random
from dataclasses import asdict

from PySide6.QtCore import QObject

from towers_core.board import PLAYERS
from towers_core.castles import api
from towers_core.castles.ai.levels import get_level
from towers_core.castles.ai.player import Searcher
from towers_core.checks import whole_number
from towers_core.errors import TowersError
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

GAME = "castles"
SAVE_VERSION = 1
KEYS = frozenset({"format", "game", "version", "seed", "players", "start", "actions"})
MAX_ACTIONS = 1000  # the quiet rule ends every game by ply 400
SEED_RANGE = (0, (1 << 63) - 1)


class CastlesSession(ReplayedSession):
    """The one owner of a Castles game. Widgets read it and call `play`; nothing else changes it."""

    def __init__(self, parent: QObject | None = None, time_ms: int | None = None) -> None:
        super().__init__(Searcher, parent)
        self.players = {"S": Player("human", "Light"), "N": Player("ai", "Computer")}
        self.seed = 0
        self.start: dict = {}
        self.undo_floor = 0  # hot-seat: no undo below this many actions (one move back, the mover's own)
        self.time_ms = time_ms

    # -- starting -------------------------------------------------------------------------------
    def new_game(self, players: dict[str, Player], seed: int, start: dict | None = None) -> None:
        """Start from the rules' start position (or `start`, a checked position)."""
        self._forget_search()
        self.players = {p: copy.copy(players[p]) for p in PLAYERS}
        self.seed = seed
        self.start = start if start is not None else api.new_position()
        self.positions, self.actions = [self.start], []
        self.undo_floor = 0
        self.positionChanged.emit()

    # -- reading --------------------------------------------------------------------------------
    def legal_actions(self) -> list[str]:
        """What a human may play now (none while the computer is to move or thinks)."""
        if not self.human_to_move():
            return []
        return api.legal_actions(self.position)

    # -- playing --------------------------------------------------------------------------------
    def play(self, action: str) -> dict:
        """Play `action` (or "resign") for the player to move; the core refuses an illegal one."""
        before = self.position
        after = api.apply(before, action)
        self._record(action, before, after)
        return after

    def undo_refusal(self) -> str | None:
        """Why Undo cannot be used now, in plain words; None when it can. Against the computer:
        while a move of yours is on the board; hot-seat: the last move, once (the mover's own,
        before the next player answers it)."""
        mode = self.mode()
        if mode == "demo":
            return "Undo is for the players, not the computer's demonstration."
        if self.result is not None:
            return "The game is over: it is not taken back."
        if mode == "hotseat":
            if len(self.actions) <= self.undo_floor:
                return "Only the last move can be taken back, once, before the next player answers it."
            return None
        if not any(not self.players[p["to_move"]].is_ai for p in self.positions[:-1]):
            return "There is no move of yours to take back."
        return None

    def can_undo(self) -> bool:
        return self.undo_refusal() is None

    def undo(self) -> bool:
        """Take back the last human move and everything after it (the computer's reply, or its
        search in progress); in hot-seat, the last move."""
        if not self.can_undo():
            return False
        self._forget_search()
        self._pop()
        while self.mode() == "solo" and self.players[self.to_move].is_ai:
            self._pop()
        self.undo_floor = len(self.actions)
        self.positionChanged.emit()
        return True

    def _pop(self) -> None:
        self.positions.pop()
        self.actions.pop()

    # -- the computer ---------------------------------------------------------------------------
    def start_ai(self) -> bool:
        """Ask the computer for its move if it is to move; the answer is played when it comes."""
        if not self.ai_to_move() or self.ai.busy:
            return False
        self._think("move", self.players[self.to_move].level)
        return True

    def request_hint(self) -> bool:
        """Ask the computer what it would play for the human to move."""
        if not self.human_to_move() or self.ai.busy:
            return False
        level = next((pl.level for pl in self.players.values() if pl.is_ai), "normal")
        self._think("hint", level)
        return True

    def _think(self, asking: str, level: str) -> None:
        seed = random.Random(f"{self.seed}:{len(self.actions)}:{asking}").getrandbits(31)
        budget = self.time_ms or get_level(level).time_ms or 1000
        self._ask(asking, (self.position, list(self.actions), level, seed, self.time_ms), budget)

    # -- save / load ----------------------------------------------------------------------------
    def to_dict(self) -> dict:
        return {"format": SAVE_FORMAT, "game": GAME, "version": SAVE_VERSION, "seed": self.seed,
                "players": {p: asdict(self.players[p]) for p in PLAYERS},
                "start": self.start, "actions": list(self.actions)}

    def state(self) -> dict:
        """This game as `restore` takes it."""
        return {"players": self.players, "seed": self.seed, "positions": list(self.positions),
                "actions": list(self.actions)}

    def restore(self, state: dict) -> None:
        """Take over a checked state (from `check_state`) at once."""
        self._forget_search()
        self.players = dict(state["players"])
        self.seed = state["seed"]
        self.positions, self.actions = list(state["positions"]), list(state["actions"])
        self.start = self.positions[0]
        self.undo_floor = max(0, len(self.actions) - 1)
        self.positionChanged.emit()


def check_state(data: dict, name: str = "This file") -> dict:
    """A Castles save checked whole by the core (start validated, every action replayed) and
    turned into a `restore` state; SaveError "This file is damaged: …" otherwise."""
    return checked_save(data, name, (SAVE_VERSION,), _checked)


def _checked(data: dict) -> dict:
    require_keys(data, "the save", KEYS)
    if data["game"] != GAME:
        fail("game", "must be \"castles\"")
    seed = whole_number(data["seed"], "seed", *SEED_RANGE, Damage)
    require_keys(data["players"], "players", frozenset(PLAYERS))
    players = {p: check_player(data["players"][p], f"players.{p}", _level) for p in PLAYERS}
    core_check("start", api.validate, data["start"])
    positions = [data["start"]]
    for i, action in enumerate(bounded_list(data["actions"], "actions", MAX_ACTIONS)):
        if not isinstance(action, str):
            fail(f"actions[{i}]", "must be an action such as \"c2+\" or \"c2n\"")
        try:
            positions.append(api.apply(positions[-1], action))
        except TowersError as exc:
            raise Damage(f"actions[{i}] ({action[:12]!r}): {exc}") from exc
    return {"players": players, "seed": seed, "positions": positions, "actions": data["actions"]}


def _level(level: object, where: str) -> str:
    try:
        get_level(level)
    except TowersError as exc:
        raise Damage(f"{where}: {exc}") from exc
    return level  # type: ignore[return-value]
