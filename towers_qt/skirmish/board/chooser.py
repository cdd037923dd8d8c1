"""Tap-to-act: turns clicks into one of the engine's legal actions.

Pure Python (no Qt) so it is easy to test. It never decides what is legal: it only filters
`api.legal_actions` by the fields `api.parse_action` gives (actor, destination, target).
"""
from __future__ import annotations

from collections.abc import Callable

TARGET_KINDS = ("attack", "scout", "soulcast")
BAR_KINDS = ("posture", "retreat", "standup")


class Chooser:
    """Selection state for one turn. `click` returns the actions the click may mean (0, 1 or a few)."""

    def __init__(self, actions: list[str], parse: Callable[[str], dict]) -> None:
        self.parsed = {a: parse(a) for a in actions}
        self.selected: str | None = None  # a board square
        self.card: str | None = None  # a barrack card code
        self.pending: tuple[str, str] | None = None  # (plain move/deploy action, its destination)

    # -- what can be chosen -----------------------------------------------------------------
    def has(self, action: str) -> bool:
        return action in self.parsed

    def deployable(self) -> set[str]:
        return {d["card"] for d in self.parsed.values() if d["kind"] == "deploy"}

    def sources(self) -> set[str]:
        """Board squares that can start an action (posture runs: both ends)."""
        out = set()
        for d in self.parsed.values():
            if d["kind"] in ("deploy", "pass", "resign"):
                continue
            out.add(d["from"])
            if d["kind"] == "posture" and d["to"]:
                out.add(d["to"])
        out.discard(None)
        return out

    def _from(self, square: str) -> list[tuple[str, dict]]:
        return [(a, d) for a, d in self.parsed.items() if d["from"] == square and d["kind"] != "deploy"]

    def _deploys(self, card: str) -> list[tuple[str, dict]]:
        return [(a, d) for a, d in self.parsed.items() if d["kind"] == "deploy" and d["card"] == card]

    def _moves(self) -> list[tuple[str, dict]]:
        if self.card:
            return self._deploys(self.card)
        if self.selected:
            return [(a, d) for a, d in self._from(self.selected) if d["kind"] == "maneuver"]
        return []

    def runs(self, square: str) -> list[str]:
        """Posture actions having `square` as an end (single-card ones included)."""
        return [a for a, d in self.parsed.items() if d["kind"] == "posture" and square in (d["from"], d["to"])]

    def bar_actions(self) -> list[str]:
        """Posture (single card), retreat and stand-up of the selected card, for the action bar."""
        if not self.selected or self.pending:
            return []
        return [a for a, d in self._from(self.selected)
                if d["kind"] in BAR_KINDS and (d["kind"] != "posture" or d["to"] in (None, d["from"]))]

    def menu_actions(self, square: str) -> list[str]:
        """Everything a context menu on `square` may offer: postures/runs, retreat, stand-up, targets."""
        whole = [a for a, d in self._from(square) if d["kind"] in BAR_KINDS + TARGET_KINDS]
        return sorted(set(whole + self.runs(square)))

    # -- highlights -------------------------------------------------------------------------
    def marks(self) -> dict[str, str]:
        """square -> highlight kind for the scene."""
        if self.pending:
            base, dest = self.pending
            marks = {t: k for t, k in self._follow_targets(base, dest).items()}
            marks[dest] = "selected"
            return marks
        if self.card:
            return {d["to"]: "deploy" for _, d in self._deploys(self.card)}
        if self.selected:
            return self._selected_marks(self.selected)
        return {sq: "source" for sq in self.sources()}

    def _selected_marks(self, square: str) -> dict[str, str]:
        marks: dict[str, str] = {}
        for d in self.parsed.values():
            if d["kind"] == "posture" and d["to"] and square in (d["from"], d["to"]):
                other = d["to"] if d["from"] == square else d["from"]
                if other != square:
                    marks[other] = "run"
        for _, d in self._from(square):
            if d["kind"] == "maneuver":
                marks[d["to"]] = "move"
            elif d["kind"] in TARGET_KINDS and marks.get(d["target"]) != "attack":
                marks[d["target"]] = d["kind"]
        marks[square] = "selected"
        return marks

    def _follow_targets(self, base: str, dest: str) -> dict[str, str]:
        plain = self.parsed[base]
        out = {}
        for d in self.parsed.values():
            if d["follow"] and d["kind"] == plain["kind"] and d["to"] == dest \
                    and d["from"] == plain["from"] and d["card"] == plain["card"] \
                    and out.get(d["target"]) != "attack":
                out[d["target"]] = d["follow"]
        return out

    def follow_actions(self, target: str | None) -> list[str]:
        """The pending move with its follow-up(s) on `target` (None or the destination: the move alone).

        A Scout may both attack and scout the same square, so a target can give two actions."""
        if not self.pending:
            return []
        base, dest = self.pending
        if target is None or target == dest:
            return [base]
        plain = self.parsed[base]
        return sorted(a for a, d in self.parsed.items()
                      if d["follow"] and d["target"] == target and d["kind"] == plain["kind"]
                      and d["to"] == dest and d["from"] == plain["from"] and d["card"] == plain["card"])

    # -- clicks -----------------------------------------------------------------------------
    def clear(self) -> None:
        self.selected = self.card = self.pending = None

    def select_card(self, card: str) -> bool:
        self.clear()
        if card in self.deployable():
            self.card = card
            return True
        return False

    def select_square(self, square: str) -> bool:
        self.clear()
        if square in self.sources():
            self.selected = square
            return True
        return False

    def click(self, square: str, shift: bool = False) -> list[str]:
        """Advance the selection; returns the action(s) the click completes (empty: none yet)."""
        if self.pending:
            return self._click_pending(square)
        if self.selected and square == self.selected:
            self.clear()
            return []
        if self.selected or self.card:
            done = self._click_target(square, shift)
            if done is not None:
                return done
        self.select_square(square)
        return []

    def drag(self, start: str, end: str) -> list[str]:
        """Press on one square, release on another: select then shift-click."""
        if not self.select_square(start):
            return []
        return self.click(end, shift=True)

    def _click_pending(self, square: str) -> list[str]:
        actions = self.follow_actions(square)
        if actions:
            self.clear()
            return actions
        self.clear()
        self.select_square(square)
        return []

    def _click_target(self, square: str, shift: bool) -> list[str] | None:
        moves = [(a, d) for a, d in self._moves() if d["to"] == square]
        if moves:
            return self._choose_destination(moves, square)
        if self.selected:
            hits = [a for a, d in self._from(self.selected) if d["kind"] in TARGET_KINDS and d["target"] == square]
            if hits:
                self.clear()
                return hits
            runs = [a for a in self.runs(self.selected) if square in (self.parsed[a]["from"], self.parsed[a]["to"])]
            if runs and (shift or square not in self.sources()):
                self.clear()
                return runs
        return None

    def _choose_destination(self, moves: list[tuple[str, dict]], square: str) -> list[str]:
        plain = [a for a, d in moves if not d["follow"]]
        if len(moves) == len(plain):
            self.clear()
            return plain
        self.pending = (plain[0], square) if plain else (moves[0][0], square)
        return []
