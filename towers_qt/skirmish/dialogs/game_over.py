"""End of the skirmish: who won, why, in words, and the final score."""
from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget

from towers_core.board import SIDE_NAMES
from towers_qt.shell.game_over import GameOverDialog as SharedGameOver
from towers_qt.shell.game_over import ScoreTable, headline
from towers_qt.shell.names import in_sentence, possessive
from towers_qt.shell.players import other
from towers_qt.skirmish.board.emblem import card_pixmap


def reason_text(result: dict, names: dict[str, str]) -> str:
    """The result's reason (RULES §10) as a sentence naming the players."""
    winner = result.get("winner")
    loser = other(winner) if winner else None
    win, lose = in_sentence(names.get(winner or "", "")), in_sentence(names.get(loser or "", ""))
    reason = result.get("reason")
    if reason == "king":
        return f"{possessive(lose)} King was captured."
    if reason == "empty":
        return f"{lose} ended a turn with no cards on the board."
    if reason == "resign":
        return f"{lose} gave up the skirmish."
    if reason == "dominance":
        return f"{win} pushed the Dominance marker all the way to 10."
    scored = {"passes": "Both players passed in a row",
              "long-game": "The 400-action limit was reached"}.get(reason, "The skirmish ended")
    if winner is None:
        return f"{scored}: high ground and captured value were level."
    return f"{scored}, and {in_sentence(names[winner], False)} came out ahead on the score."


class GameOverDialog(SharedGameOver):
    """Shows the result; `wants_new_game` is set when the player asks for a new game.

    result: RULES §10 result, {"winner": "S"|"N"|None, "reason": ...}.
    summary: {"high": {"S": int, "N": int}, "captured": {"S": [codes] | int, "N": ...},
              "value": {"S": int, "N": int}, optional "names": {"S": str, "N": str},
              optional "actions": int}. Missing numbers show as "—".
    viewer: the side of the human against the computer, to say "You win"; None in hot-seat.
    """

    def __init__(self, result: dict, summary: dict, parent: QWidget | None = None,
                 viewer: str | None = None) -> None:
        self.game_result, self.summary, self.viewer = result, summary, viewer
        self.names = {**SIDE_NAMES, **(summary.get("names") or {})}
        winner = result.get("winner")
        note = f"{summary['actions']} actions played" if summary.get("actions") is not None else None
        super().__init__("Skirmish over", winner, viewer, self.names, reason_text(result, self.names),
                         score_table(summary, self.names, winner), note, parent,
                         "Step through the whole game with every card revealed")

    def headline(self) -> str:
        return headline(self.game_result.get("winner"), self.viewer, self.names)


def score_table(summary: dict, names: dict[str, str], winner: str | None) -> ScoreTable:
    """High ground held, cards captured (with their emblems), captured value."""
    captured = summary.get("captured") or {}
    rows = [("High ground held", summary.get("high") or {}),
            ("Cards captured", {s: _count(captured.get(s)) for s in captured}),
            ("Captured value", summary.get("value") or {})]
    table = ScoreTable(rows, names, winner)
    table.grid.addWidget(_emblems(captured.get("S")), len(rows) + 1, 1)
    table.grid.addWidget(_emblems(captured.get("N")), len(rows) + 1, 2)
    return table


def _count(value: object) -> int | None:
    if isinstance(value, int):
        return value
    return len(value) if isinstance(value, (list, tuple)) else None


def _emblems(codes: object) -> QWidget:
    """Small emblems of the captured cards (nothing when only a count is known)."""
    box = QWidget()
    box.setStyleSheet("background: transparent;")
    row = QHBoxLayout(box)
    row.setContentsMargins(0, 0, 0, 0)
    row.setSpacing(2)
    row.addStretch(1)
    if isinstance(codes, (list, tuple)):
        for code in codes:
            icon = QLabel()
            icon.setPixmap(card_pixmap(code, 22, box.devicePixelRatioF()))
            icon.setToolTip(code)
            row.addWidget(icon)
    row.addStretch(1)
    return box
