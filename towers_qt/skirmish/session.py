"""A game in progress: players, the full position, per-player histories, the log, undo, save/load.

Undo restores the position before your last move: against the computer with its reply, in
hot-seat only your own move and only until the next player has taken the device. It is fair
because nothing learned is forgotten and no luck is re-rolled:

* every fight's pulls are remembered per (position, action); replaying the same action from the
  same position reuses them instead of drawing again;
* undo never crosses an action that showed the undoing player a hidden card (reveals.py): such an
  action clears the undo points, and `undo_refusal` says why.

The undo stack is saved with the game (save_file.py checks it on load), so a resumed or loaded
game can still take moves back.
"""
from __future__ import annotations

import copy
import hashlib
import json
import random
import secrets
from dataclasses import asdict
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from towers_core.board import SIDE_NAMES
from towers_core.skirmish import api
from towers_core.skirmish.ai.levels import get_level
from towers_core.skirmish.ai.player import Searcher
from towers_qt.shell.players import Player
from towers_qt.shell.save_file import SAVE_FORMAT, SaveError
from towers_qt.shell.session import GameSession
from towers_qt.skirmish.reveals import shown_to, undo_barrier_text
from towers_qt.skirmish.save_check import (
    GAME,
    SAVE_VERSION,
    PLAYERS,
    check_state,
    read_save,
)

__all__ = ["Player", "SaveError", "Session", "check_state", "read_save"]


def position_key(position: dict, action: str) -> str:
    """Stable key of (position, action) for the pull memory."""
    text = json.dumps(position, sort_keys=True, separators=(",", ":")) + "|" + action
    return hashlib.sha1(text.encode()).hexdigest()


class Session(GameSession):
    """The one owner of game state. Widgets read it and call `play`; they never change it directly."""

    positionChanged = Signal()
    actionPlayed = Signal(dict)  # the full log entry (widgets view it with api.entry_view)
    gameOver = Signal(dict)

    def __init__(self, parent: QObject | None = None, time_ms: int | None = None) -> None:
        super().__init__(Searcher, parent)
        self.players = {"S": Player("human", SIDE_NAMES["S"]), "N": Player("ai", "Computer")}
        self.seed = 0
        self.position: dict = {}
        self.log: list[dict] = []
        self.histories: dict[str, list] = {"S": [], "N": []}
        self.seen: dict[str, dict[str, str]] = {"S": {}, "N": {}}
        self.pull_memory: dict[str, dict | None] = {}
        self.viewer = "S"
        self.time_ms = time_ms
        self._undo: list[dict] = []
        self.undo_barrier: str | None = None  # why the undo points were cleared (a reveal)
        self.game_id = new_game_id()
        self._rng = random.Random(0)

    # -- starting -----------------------------------------------------------------------------
    def new_game(self, players: dict[str, Player], seed: int, musters: dict | None = None,
                 position: dict | None = None, game_id: str | None = None) -> None:
        """Start a game; `musters` may give one side only (the other is drawn from the seed).

        The seed replays the terrain and the luck (the pulls); the computer's choices are seeded by
        the game's own secret id, so replaying a seed does not replay what the computer hid."""
        self._forget_search()
        self.players = {p: copy.copy(players[p]) for p in PLAYERS}
        self.seed = seed
        self.game_id = game_id or new_game_id()
        self.position = position if position is not None else api.new_position(seed, self._musters(seed, musters))
        self.log, self.histories = [], {"S": [], "N": []}
        self.seen, self.pull_memory, self._undo = {"S": {}, "N": {}}, {}, []
        self.undo_barrier = None
        self._reseed()
        self.viewer = self._default_viewer()
        self.positionChanged.emit()

    def _musters(self, seed: int, musters: dict | None) -> dict | None:
        if not musters or all(musters.get(p) for p in PLAYERS):
            return musters
        drawn = api.new_position(seed)["barrack"]
        return {p: list(musters.get(p) or drawn[p]) for p in PLAYERS}

    def _default_viewer(self) -> str:
        humans = self.humans()
        if len(humans) == 1:
            return humans[0]
        if len(humans) == 2:
            return self.to_move
        return "S"

    # -- reading ------------------------------------------------------------------------------
    def view(self, player: str | None = None) -> dict:
        return api.view(self.position, player or self.viewer)

    def legal_actions(self) -> list[str]:
        """The viewer's legal actions when it is the viewer's own turn as a human, else none."""
        if not self.human_to_move() or self.viewer != self.to_move:
            return []
        return api.legal_actions(self.view(self.viewer))

    def viewed_log(self, player: str | None = None) -> list[dict]:
        who = player or self.viewer
        return [api.entry_view(e, who) for e in self.log]

    # -- playing ------------------------------------------------------------------------------
    def play(self, action: str) -> dict:
        """Apply `action` for the player to move; raises api's IllegalAction if it is not legal."""
        if self.result is not None:
            raise api_error("the game is over")
        snapshot = None if self.players[self.to_move].is_ai else self._snapshot()
        key = position_key(self.position, action)
        position, (entry,) = api.play(self.position, action, self._remembered_pulls(key, action),
                                   self._rng.getrandbits(31))
        self._drop_hint()
        if snapshot is not None:  # hot-seat takes back only the last move: one point is enough
            self._undo = [*self._undo, snapshot] if self.mode() == "solo" else [snapshot]
        fight = entry.get("fight") or {}
        self.pull_memory[key] = fight.get("pulls") if fight else None
        before, self.position = self.position, position
        self._seal_reveals(entry, before)
        self.log.append(entry)
        self._record(entry, before)
        self.actionPlayed.emit(entry)
        self.positionChanged.emit()
        if self.result is not None:
            self.gameOver.emit(self.result)
        return entry

    def _remembered_pulls(self, key: str, action: str) -> dict | None:
        """The pulls drawn when this action was played here before, if the core still allows them
        (a saved memory could have been edited: then draw afresh rather than fail)."""
        pulls = self.pull_memory.get(key)
        if pulls and pulls not in [o for o, p in api.pull_outcomes(self.position, action) if p > 0]:
            return None
        return pulls

    def _record(self, entry: dict, before: dict) -> None:
        for p in PLAYERS:
            self.histories[p].append(api.history_entry(entry, self.position, p))
            self._follow_seen(p, entry)

    def _follow_seen(self, player: str, entry: dict) -> None:
        """Move seen identities with maneuvers; drop those no longer on a face-down enemy card."""
        seen = self.seen[player]
        if entry["player"] != player and seen:
            parsed = api.parse_action(entry["action"])
            if parsed["kind"] == "maneuver" and parsed["from"] in seen:
                seen[parsed["to"]] = seen.pop(parsed["from"])
        self._prune_seen(player)

    def _prune_seen(self, player: str) -> None:
        board = self.position.get("board", {})
        for sq in list(self.seen[player]):
            cell = board.get(sq)
            if not cell or cell["owner"] == player or cell["up"]:
                del self.seen[player][sq]

    # -- undo -----------------------------------------------------------------------------------
    def _snapshot(self) -> dict:
        return {"position": self.position, "log": len(self.log),
                "histories": {p: len(self.histories[p]) for p in PLAYERS}}

    def _seal_reveals(self, entry: dict, before: dict) -> None:
        """An action that showed the player at the screen (the one who would undo) a hidden card
        clears the undo points (reveals.py); in hot-seat the other player sees nothing before the
        curtain, so what they would learn is no reason."""
        shown = shown_to(entry, before, self.viewer, self.seen[self.viewer])
        if shown:
            self._undo = []
            self.undo_barrier = undo_barrier_text(shown)

    def undo_refusal(self) -> str | None:
        """Why Undo cannot be used now, in plain words; None when it can."""
        mode = self.mode()
        if mode == "demo":
            return "Undo is for the players, not the computer's demonstration."
        if self.result is not None:
            return "The game is over: it is not taken back."
        if not self._undo or (mode == "hotseat" and self._undo[-1]["log"] != len(self.log) - 1):
            return self.undo_barrier or "There is no move of yours to take back."
        if mode == "hotseat" and self.log[-1]["player"] != self.viewer:
            return "Only your own last move can be taken back, before the next player takes the device."
        return None

    def can_undo(self) -> bool:
        return self.undo_refusal() is None

    def undo(self) -> bool:
        """Take back the human's last move (and the computer's reply); see the module docstring."""
        if not self.can_undo():
            return False
        self._forget_search()
        snap = self._undo.pop()
        self.position = snap["position"]
        del self.log[snap["log"]:]
        for p in PLAYERS:
            del self.histories[p][snap["histories"][p]:]
            self._prune_seen(p)
        self.positionChanged.emit()
        return True

    # -- the computer ---------------------------------------------------------------------------
    def start_ai(self) -> bool:
        """Ask the computer for its move if it is to move; the answer is played when it comes."""
        if not self.ai_to_move() or self.ai.busy:
            return False
        p = self.to_move
        self._think("move", api.view(self.position, p), self.histories[p], self.players[p].level)
        return True

    def request_hint(self) -> bool:
        """Ask the computer what it would play for the human to move (solo games)."""
        if self.mode() != "solo" or not self.human_to_move() or self.ai.busy:
            return False
        p = self.to_move
        level = next((pl.level for pl in self.players.values() if pl.is_ai), "normal")
        self._think("hint", api.view(self.position, p), self.histories[p], level)
        return True

    def _think(self, asking: str, view: dict, history: list, level: str) -> None:
        budget = self.time_ms or get_level(level).time_ms or 1000
        self._ask(asking, (view, list(history), level, self._search_seed(asking), self.time_ms), budget)

    def _search_seed(self, asking: str) -> int:
        """The search's seed for this ply, from the game's secret id: an undo that comes back to the
        same ply asks with the same seed, so retrying a move cannot fish for another reply."""
        return random.Random(f"{self.game_id}|{len(self.log)}|{asking}").getrandbits(31)

    # -- save / load ----------------------------------------------------------------------------
    def to_dict(self) -> dict:
        return {"format": SAVE_FORMAT, "game": GAME, "version": SAVE_VERSION, "seed": self.seed,
                "players": {p: asdict(self.players[p]) for p in PLAYERS},
                "position": self.position, "log": self.log, "histories": self.histories,
                "seen": self.seen, "pulls": self.pull_memory, "viewer": self.viewer, "undo": self._undo,
                "id": self.game_id}

    def load(self, path: str | Path) -> None:
        """Replace the game with the saved one; on any problem raise SaveError and change nothing."""
        self.restore(read_save(path))

    def state(self) -> dict:
        """This game as `restore` takes it, to put it back if taking over another one fails."""
        return {"players": self.players, "seed": self.seed, "position": self.position, "log": self.log,
                "histories": self.histories, "seen": self.seen, "pulls": self.pull_memory,
                "viewer": self.viewer, "undo": self._undo, "id": self.game_id}

    def restore(self, state: dict) -> None:
        """Take over a checked save state (from `read_save` or `check_state(to_dict())`) at once."""
        self._forget_search()
        self.players = state["players"]
        self.seed = state["seed"]
        self.position = state["position"]
        self.log, self.histories = state["log"], state["histories"]
        self.seen, self.pull_memory = state["seen"], state["pulls"]
        self.viewer = state["viewer"]
        self._undo = state.get("undo", [])
        self.undo_barrier = None
        self.game_id = state.get("id") or new_game_id()
        self._reseed()
        self.positionChanged.emit()

    def _reseed(self) -> None:
        """The luck (pull draws) from the seed, from here on."""
        self._rng = random.Random(self.seed + len(self.log))


def new_game_id() -> str:
    """A game's secret id (save_check.GAME_ID): it seeds the computer's choices and names the game."""
    return secrets.token_hex(16)


def api_error(message: str) -> Exception:
    """An IllegalAction from the engine's error types when available."""
    try:
        from towers_core.errors import IllegalAction

        return IllegalAction(message)
    except ImportError:
        return ValueError(message)
