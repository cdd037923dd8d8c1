"""The online game's player for the person at this app. The core asks it for the army, the scout
and each action on the link's thread; until the screen has given an answer it says None (not yet)
and the core asks again on its next tick, so the link keeps pinging while the person thinks."""
from __future__ import annotations

import threading

from towers_core.gauntlet import api


class HumanPlayer:
    """Answers given on the GUI thread (`give_*`), taken on the link's thread, under one lock."""

    level = "human"

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._army: dict | None = None
        self._scout: str | None = None
        self._action: str | None = None
        self.asking: str | None = None       # "army" | "scout" | "action" | None
        self.report: dict | None = None      # the scout report Gold drafts with

    def give_army(self, army: dict) -> None:
        with self._lock:
            self._army = army

    def give_scout(self, slot: str) -> None:
        with self._lock:
            self._scout = slot

    def give_action(self, action: str) -> None:
        with self._lock:
            self._action = action

    def army(self, side: str, seed: int, scout_report: dict | None) -> dict | None:
        with self._lock:
            army, self._army = self._army, None
            self.asking, self.report = (None, self.report) if army else ("army", scout_report)
            return army

    def scout(self, seed: int, crimson_slots: dict) -> str | None:
        with self._lock:
            slot, self._scout = self._scout, None
            self.asking = None if slot else "scout"
            return slot

    def action(self, own_view: dict, history: list, seed: int) -> str | None:
        """The action given, if it is still listed on our view (a stale one is dropped, never sent)."""
        with self._lock:
            a, self._action = self._action, None
            if a is not None and a != "resign" and a not in api.legal_actions(own_view):
                a = None
            self.asking = None if a else "action"
            return a
