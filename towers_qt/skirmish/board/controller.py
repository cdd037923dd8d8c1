"""Connects clicks (board, barrack, action bar) to the Chooser and shows what can be done next.

Emits `decided(actions)`: one action to play, or a few for the window to offer in a menu.
"""
from __future__ import annotations

from PySide6.QtCore import QObject, QPoint, Signal
from PySide6.QtWidgets import QMenu

from towers_core.skirmish import api
from towers_qt.skirmish.board.action_bar import ActionBar, action_label
from towers_qt.skirmish.board.card_face import CardFace
from towers_qt.skirmish.board.chooser import Chooser
from towers_qt.skirmish.board.scene import BoardScene

PROMPTS = {
    "idle": "Your turn: click one of your lit cards or a card in your barrack (keys: arrows, Enter, 1–9).",
    "square": "Gold dot: move · red ring: attack · blue: scout · violet: soulcast · "
              "shift-click or drag to a run's end to turn the run.",
    "card": "Click a gold dot to deploy this card.",
    "pending": "Follow up: click a lit target, or the card again (No follow-up) to end the turn.",
    "wait": "",
}


class BoardController(QObject):
    """Turns clicks on the board and the action bar into the actions the player has settled on
    (`decided`; the chooser offers only api.legal_actions)."""
    decided = Signal(list)
    selectionChanged = Signal()

    def __init__(self, scene: BoardScene, bar: ActionBar, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.scene = scene
        self.bar = bar
        self.chooser = Chooser([], api.parse_action)
        self.menu: QMenu | None = None
        self.wait_text = ""
        self.viewer = "S"
        bar.chosen.connect(self.choose)
        bar.noFollow.connect(self.no_follow)
        bar.cancel.connect(self.cancel)

    # -- turn -------------------------------------------------------------------------------
    def set_actions(self, actions: list[str], wait_text: str = "") -> None:
        """New legal actions (empty: not the viewer's turn; `wait_text` says why)."""
        self.chooser = Chooser(actions, api.parse_action)
        self.wait_text = wait_text
        self.refresh()

    def active(self) -> bool:
        return bool(self.chooser.parsed)

    # -- input ------------------------------------------------------------------------------
    def square_clicked(self, square: str, shift: bool = False) -> None:
        if self.active():
            self._emit(self.chooser.click(square, shift))

    def square_dragged(self, start: str, end: str) -> None:
        if self.active():
            self._emit(self.chooser.drag(start, end))

    def card_clicked(self, code: str) -> None:
        if self.active():
            if self.chooser.card == code and not self.chooser.pending:
                self.chooser.clear()
            else:
                self.chooser.select_card(code)
            self.refresh()

    def no_follow(self) -> None:
        actions = self.chooser.follow_actions(None)
        self.chooser.clear()
        self._emit(actions)

    def cancel(self) -> None:
        self.chooser.clear()
        self.refresh()

    def square_menu(self, square: str, where: QPoint) -> QMenu | None:
        """Context menu with the card's postures/runs, retreat, stand-up and targets."""
        actions = self.chooser.menu_actions(square) if self.active() else []
        if not actions:
            return None
        self.chooser.select_square(square)
        self.refresh()
        return self.offer(actions, where)

    def offer(self, actions: list[str], where: QPoint) -> QMenu:
        """A non-blocking menu of `actions`; picking one decides it."""
        menu = QMenu()
        for action in actions:
            item = menu.addAction(action_label(self.chooser.parsed.get(action) or api.parse_action(action)))
            item.setData(action)
            item.triggered.connect(lambda _=False, a=action: self.choose(a))
        self.menu = menu
        menu.popup(where)
        return menu

    def choose(self, action: str) -> None:
        """Decide one whole action (a button, a menu entry or a key)."""
        self.chooser.clear()
        self._emit([action])

    def _emit(self, actions: list[str]) -> None:
        self.refresh()
        if actions:
            self.decided.emit(actions)

    # -- display ----------------------------------------------------------------------------
    def refresh(self) -> None:
        c = self.chooser
        self.scene.set_highlights(c.marks() if self.active() else {})
        self.bar.set_choices([(a, action_label(c.parsed[a])) for a in c.bar_actions()])
        self.bar.no_follow.setVisible(bool(c.pending))
        self.bar.cancel_button.setVisible(bool(c.selected or c.card or c.pending))
        self.bar.prompt.setText(self._prompt())
        self._ghost()
        self.selectionChanged.emit()

    def _ghost(self) -> None:
        c = self.chooser
        face = None
        if c.pending and c.card:
            face = CardFace(code=c.card, owner=self.viewer, hidden_own=True)
        elif c.pending and c.selected in self.scene.cards:
            face = self.scene.cards[c.selected].face
        self.scene.set_ghost(face, c.pending[1] if c.pending else None)

    def _prompt(self) -> str:
        c = self.chooser
        if not self.active():
            return self.wait_text
        if c.pending:
            return PROMPTS["pending"]
        if c.card:
            return PROMPTS["card"]
        if c.selected:
            return PROMPTS["square"]
        return PROMPTS["idle"]
