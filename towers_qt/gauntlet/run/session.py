"""A run's Battle as the battle window's session: every action goes through the core's
`run.play`, so the run dict (spoils, stage, the foe's AI draws) is the one record; the foe is
the computer at its card's level, drawing its seeds from the run's `ai|` stream (§17.3), so a
retry meets the same foe choices."""
from __future__ import annotations

import copy

from PySide6.QtCore import QObject, Signal

from towers_core.gauntlet import api
from towers_core.gauntlet import run as R
from towers_core.gauntlet.run_foes import CARDS, foe_level
from towers_qt.gauntlet.session import SIDES, GauntletSession, _level_ms
from towers_qt.shell.players import Player


def foe_name(run: dict) -> str:
    foe = run["foe"]
    name = CARDS[foe["id"]].name
    return f"{name} (echo {foe['echo']})" if foe["echo"] else name


class RunSession(GauntletSession):
    """The Battle of a run at stage `battle` (or just ended): Crimson the foe's AI, Gold you."""

    runChanged = Signal(dict)   # after every action: the new run, to be saved

    def __init__(self, parent: QObject | None = None, time_ms: int | None = None) -> None:
        super().__init__(parent, time_ms)
        self.run: dict | None = None

    def begin(self, run: dict, player_name: str = "You") -> None:
        """Take a run's Battle (fresh or resumed): its positions and logs rebuilt from the sealed start."""
        self._forget_search()
        self.run = copy.deepcopy(run)
        level = foe_level(run["foe"]["id"], run["foe"]["echo"])
        self.players = {"C": Player("ai", foe_name(run), level), "G": Player("human", player_name)}
        self.seed, self.scout = R.field_seed(R.seed_of(run), run["foe"]), None
        pos = R.start_position(R.seed_of(run), run["foe"], run["fielded"], R.beaten_before(run))
        self.armies = copy.deepcopy(pos["armies"])
        self.positions, self.actions, self.logs = [pos], [], []
        for action in run["actions"]:
            self._record(action, api.apply(self.positions[-1], action))
        self.positionChanged.emit()

    def _record(self, action: str, after: dict) -> None:
        before = self.positions[-1]
        self.logs.append({s: api.log_view(before, action, s) for s in SIDES})
        self.positions.append(after)
        self.actions.append(action)

    def play(self, action: str) -> dict:
        """One action through the run (the core refuses an illegal one and nothing changes)."""
        before = self.position
        new, _ = R.play(self.run, action)
        self._drop_hint()
        self.run = new
        self._record(action, new["position"])
        self.runChanged.emit(new)
        self.actionPlayed.emit(action, before)
        self.positionChanged.emit()
        return new["position"]

    def start_ai(self) -> bool:
        """The foe's turn: its own view and log, its level, the next seed of its run stream."""
        if not self.ai_to_move() or self.ai.busy:
            return False
        level = self.players["C"].level
        args = (self.view("C"), self.entries("C"), level, R.foe_seed(self.run), self.time_ms)
        self._ask("move", args, self.time_ms or _level_ms(level))
        return True

    def save(self, path) -> None:  # the run store saves the run; no Battle file of its own
        return None

